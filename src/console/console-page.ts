// Rendering a console page: an Eta template (every `<%= %>` is HTML-escaped),
// wrapped in the layout, given the signed-in user, a CSRF token for its forms
// and the message left by the last redirect.
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRecord } from '../modules/users/users.service.ts';

const views = fileURLToPath(new URL('./views/', import.meta.url));
const eta = new Eta({ views, cache: process.env.NODE_ENV !== 'development', autoEscape: true, autoTrim: false });

export interface Flash {
  kind: 'success' | 'error';
  message: string;
}

declare module 'fastify' {
  interface Session {
    userId?: number;
    flash?: Flash;
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
  section?: 'projects' | 'invoices' | 'billing' | 'profile';
}

export function renderHtml(template: string, data: object): string {
  return eta.render(template, data);
}

/** Renders a full page (or, for htmx requests of a fragment template, the bare fragment). */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  template: string,
  data: { title: string; section?: PageFrame['section'] } & Record<string, unknown>,
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
