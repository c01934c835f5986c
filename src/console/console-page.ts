// Rendering a console page: an Eta template (every `<%= %>` is HTML-escaped),
// wrapped in the layout, given the signed-in user, a CSRF token for its forms
// and the message left by the last redirect.
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRecord } from '../modules/users/index.ts';
import { hashToken, randomToken, sameHash } from '../secrets.ts';
import { iconSvg } from './icons.ts';
import { actionLabel, orderTypeLabel, roleLabel, stateLabel } from './pages/labels.ts';

const views = fileURLToPath(new URL('./views/', import.meta.url));

/**
 * What every template may call besides its data: the icons and the words for
 * states and types, so a template never spells a state itself. Eta runs a
 * compiled template with the Eta instance as `this`; the header reads them from its config.
 */
const templateHelpers = { icon: iconSvg, stateLabel, actionLabel, orderTypeLabel, roleLabel };
const eta = new Eta({
  views,
  cache: process.env.NODE_ENV !== 'development',
  autoEscape: true,
  autoTrim: false,
  functionHeader: 'const { icon, stateLabel, actionLabel, orderTypeLabel, roleLabel } = this.config.helpers;',
  helpers: templateHelpers,
} as ConstructorParameters<typeof Eta>[0]);

export interface Flash {
  kind: 'success' | 'error';
  message: string;
}

declare module 'fastify' {
  interface Session {
    userId?: number;
    flash?: Flash;
    /** One-time tokens of the forms shown and not yet sent (see issueFormToken). */
    formTokens?: string[];
  }
  interface FastifyRequest {
    /** The signed-in user; set on every page behind sign-in. */
    consoleUser: UserRecord;
  }
}

/** What every page's template sees besides its own data. */
export interface PageFrame {
  title: string;
  user: UserRecord | null;
  csrfToken: string;
  flash: Flash | null;
  /** Marks the navigation link of the section the page belongs to. */
  section?: Section;
}

export type Section = 'overview' | 'projects' | 'invoices' | 'billing' | 'account' | 'profile';

/** A link of the breadcrumb; the last one is the page itself. */
export interface Crumb {
  text: string;
  url: string;
}

/** A refused form, shown in the page's one messages region. */
export interface Problem {
  message: string;
  status: number;
}

export function renderHtml(template: string, data: object): string {
  return eta.render(template, data);
}

/** Renders a full page (or, for htmx requests of a fragment template, the bare fragment). */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  template: string,
  data: { title: string; section?: Section; heading?: string; breadcrumbs?: Crumb[]; problem?: Problem | string | null } & Record<string, unknown>,
  status = 200,
): FastifyReply {
  const flash = request.session.get('flash') ?? null;
  if (flash) request.session.set('flash', undefined);
  const frame: PageFrame = {
    title: data.title,
    section: data.section,
    user: request.session.get('userId') !== undefined ? (request.consoleUser ?? null) : null,
    csrfToken: reply.generateCsrf(),
    flash,
  };
  return reply.code(status).type('text/html; charset=utf-8').send(renderHtml(template, { ...data, ...frame }));
}

/** After a form: back to a page, with a message shown there once. */
export function redirectWith(request: FastifyRequest, reply: FastifyReply, location: string, flash?: Flash): FastifyReply {
  if (flash) request.session.set('flash', flash);
  return reply.redirect(location, 303);
}

/**
 * Where to go after signing in: only a path inside the console, so a link
 * cannot send a user who signed in to another site.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/console') || next.startsWith('//') || next.includes('\\')) return '/console/';
  try {
    const url = new URL(next, 'http://console.invalid');
    if (url.origin !== 'http://console.invalid' || !/^\/console(\/|$)/.test(url.pathname)) return '/console/';
    return `${url.pathname}${url.search}`;
  } catch {
    return '/console/';
  }
}

/** How many unsent forms a session remembers: enough for several tabs, bounded so the session row stays small. */
const FORM_TOKENS_KEPT = 20;

/**
 * A token for a form that must not act twice (a reload of its answer sends
 * the POST again): put it in a hidden `form_token` field; spendFormToken
 * accepts it once.
 */
export function issueFormToken(request: FastifyRequest): string {
  const token = randomToken(16);
  const kept = request.session.get('formTokens') ?? [];
  request.session.set('formTokens', [...kept, token].slice(-FORM_TOKENS_KEPT));
  return token;
}

/** True the first time a token this session issued comes back; false for a resubmission or a token it never issued. */
export function spendFormToken(request: FastifyRequest, token: unknown): boolean {
  if (typeof token !== 'string' || token.length === 0) return false;
  const kept = request.session.get('formTokens') ?? [];
  const index = kept.findIndex((candidate) => sameHash(hashToken(candidate), hashToken(token)));
  if (index === -1) return false;
  request.session.set('formTokens', kept.filter((_, position) => position !== index));
  return true;
}
