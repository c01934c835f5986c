// The console at /console/: server-rendered pages (Eta templates) over the
// same services the two APIs call, with htmx for the parts that update by
// themselves. Sessions are database rows (@fastify/session with our store),
// every form carries a CSRF token (@fastify/csrf-protection), and every page
// is sent with a strict Content-Security-Policy: scripts and styles come only
// from /console/assets, never inline. Page routes are written relative to
// /console.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import session from '@fastify/session';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, databaseUnavailable } from '../errors.ts';
import { randomToken } from '../secrets.ts';
import type { Clock } from '../clock.ts';
import type { Services } from '../services.ts';
import { describeError } from './console-errors.ts';
import { renderHtml, safeNext, sendPage } from './console-page.ts';
import { wantsStream } from '../modules/events/index.ts';
import { DatabaseSessionStore, markBackgroundRequest } from './session-store.ts';
import { noteForAudit } from '../routing/audit-notes.ts';
import { signInPages } from './pages/sign-in.routes.ts';
import { profilePages } from './pages/profile.routes.ts';
import { accountPages } from './pages/account.routes.ts';
import { invoicePages } from './pages/invoices.routes.ts';
import { overviewPages } from './pages/overview.routes.ts';
import { projectPages } from './pages/projects.routes.ts';
import { DEFAULT_CONSOLE_IDLE_MS } from './pages/server-console.routes.ts';

import { CONSOLE_ROOT } from './console-root.ts';
export const SESSION_COOKIE = 'cloudplane_session';

export interface ConsoleOptions {
  services: Services;
  /** An https public URL marks the session cookie Secure. */
  publicUrl: string | undefined;
  /** cloudplane's clock (the operator's test clock when there is one): "the last 24 hours" of a graph are by it. */
  clock: Clock;
  /** How long a server's console session may sit idle (the console streams' setting), as the Console tab tells it; 15 minutes when not given. */
  serverConsoleIdleMs?: number;
}

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/**
 * The session id is 256 random bits and only its hash is stored, so a
 * signature on the cookie would add nothing; the library asks for a signer,
 * and this one passes the id through.
 */
const unsignedCookies = {
  sign: (value: string) => value,
  unsign: (value: string) => ({ valid: true, renew: false, value }),
};

const require = createRequire(import.meta.url);
const htmxDirectory = dirname(require.resolve('htmx.org/dist/htmx.min.js'));

/**
 * The design system's files, served from their packages (never from a CDN:
 * the CSP allows this origin only): one file or folder of each, nothing else.
 */
const packageDirectory = (name: string) => dirname(require.resolve(`${name}/package.json`));
const vendorAssets: { prefix: string; root: string; allowed: (path: string) => boolean }[] = [
  { prefix: 'vendor/', root: join(packageDirectory('bootstrap'), 'dist', 'css'), allowed: (path) => path === '/bootstrap.min.css' },
  { prefix: 'vendor/inter/', root: packageDirectory('@fontsource-variable/inter'), allowed: (path) => path === '/index.css' || /^\/files\/inter-[a-z-]+-wght-normal\.woff2$/.test(path) },
  { prefix: 'vendor/uplot/', root: join(packageDirectory('uplot'), 'dist'), allowed: (path) => path === '/uPlot.iife.min.js' || path === '/uPlot.min.css' },
  { prefix: 'vendor/xterm/', root: packageDirectory('@xterm/xterm'), allowed: (path) => path === '/lib/xterm.js' || path === '/css/xterm.css' },
  { prefix: 'vendor/xterm-fit/', root: join(packageDirectory('@xterm/addon-fit'), 'lib'), allowed: (path) => path === '/addon-fit.js' },
];

export async function consolePlugin(app: FastifyInstance, options: ConsoleOptions): Promise<void> {
  const { services } = options;
  // The console's routes are pages, not API operations: kept out of the OpenAPI documents.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-content-type-options', 'nosniff');
    // Pages show a user's own data: never kept by a shared cache or the back-forward cache.
    if (!request.url.startsWith(`${CONSOLE_ROOT}/assets/`)) reply.header('cache-control', 'no-store');
    return payload;
  });

  // Static assets need no session.
  await app.register(async (assets) => {
    await assets.register(fastifyStatic, { root: fileURLToPath(new URL('./assets/', import.meta.url)), prefix: `${CONSOLE_ROOT}/assets/`, maxAge: '1h' });
    await assets.register(fastifyStatic, { root: htmxDirectory, prefix: `${CONSOLE_ROOT}/assets/htmx/`, decorateReply: false, allowedPath: (path) => path === '/htmx.min.js', maxAge: '1h' });
    for (const vendor of vendorAssets) {
      await assets.register(fastifyStatic, { root: vendor.root, prefix: `${CONSOLE_ROOT}/assets/${vendor.prefix}`, decorateReply: false, allowedPath: vendor.allowed, maxAge: '1h' });
    }
  });

  const secureCookie = options.publicUrl?.startsWith('https:') ?? false;
  await app.register(async (pages) => {
    if (secureCookie) {
      // An https public URL means TLS ends in front of cloudplane and the hop to
      // it is plain http. The session library sends no Secure cookie over what
      // it takes for http (no session: every form refused), but Secure is about
      // the browser's connection, which the public URL says is https.
      pages.addHook('onRequest', async (request) => {
        Object.defineProperty(request, 'protocol', { value: 'https' });
      });
    }
    await pages.register(formbody, { bodyLimit: 64 * 1024 });
    await pages.register(cookie);
    await pages.register(session, {
      secret: unsignedCookies,
      store: new DatabaseSessionStore(services.consoleSessions),
      cookieName: SESSION_COOKIE,
      idGenerator: () => randomToken(32),
      saveUninitialized: false,
      rolling: true,
      cookie: {
        path: CONSOLE_ROOT,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie,
        maxAge: services.consoleSessions.idleMs,
      },
    });
    await pages.register(csrf, { sessionPlugin: '@fastify/session' });
    pages.decorateRequest('consoleUser', null as never);

    pages.setErrorHandler((error: FastifyError, request, reply) => sendErrorPage(request, reply, error));
    pages.setNotFoundHandler((request, reply) => sendErrorPage(request, reply, new AppError('not_found', 'There is no such page in the console')));

    // What a page asks for by itself (a live part polling, the price of a choice, the stream of events) does not count as the person being there.
    pages.addHook('preHandler', async (request) => {
      if (request.method === 'GET' && (isHtmxRequest(request) || isEventStreamRequest(request)) && request.session) markBackgroundRequest(request.session);
    });

    // Every state-changing form carries the CSRF token.
    pages.addHook('preHandler', async (request, reply) => {
      if (request.method === 'POST') await new Promise<void>((resolve, reject) => pages.csrfProtection(request, reply, (error?: Error) => (error ? reject(error) : resolve())));
    });

    await pages.register(signInPages, { services });
    // Everything else is behind sign-in.
    await pages.register(async (signedIn) => {
      signedIn.addHook('preHandler', async (request, reply) => {
        const userId = request.session.get('userId');
        if (userId === undefined) {
          // A live part whose session ended: the whole page goes to sign-in (htmx follows HX-Redirect), and back to that page after.
          if (isHtmxRequest(request)) {
            return reply.code(401).header('hx-redirect', `${CONSOLE_ROOT}/login?next=${encodeURIComponent(pageOf(request))}`).send();
          }
          // An EventSource stops for good on a 401 (it would follow a redirect and fail on the page); the page's live parts then find the session over.
          if (isEventStreamRequest(request)) return reply.code(401).send();
          return reply.redirect(`${CONSOLE_ROOT}/login?next=${encodeURIComponent(request.url)}`, 303);
        }
        try {
          request.consoleUser = await services.users.get(userId);
        } catch (error) {
          // Anything but the user being gone (the database not answering, say) is the error page's: the session stands.
          if (!(error instanceof AppError && error.code === 'not_found')) throw error;
          // The user is gone: the session is over.
          await request.session.destroy();
          return reply.redirect(`${CONSOLE_ROOT}/login`, 303);
        }
      });
      signedIn.get('/', async (_request, reply) => reply.redirect(`${CONSOLE_ROOT}/overview`, 303));
      await signedIn.register(profilePages, { services });
      await signedIn.register(accountPages, { services });
      await signedIn.register(invoicePages, { services });
      await signedIn.register(overviewPages, { services });
      await signedIn.register(projectPages, {
        services,
        clock: options.clock,
        publicUrl: options.publicUrl,
        consoleIdleMs: options.serverConsoleIdleMs ?? DEFAULT_CONSOLE_IDLE_MS,
      });
    });
  }, { prefix: CONSOLE_ROOT });
}

const isHtmxRequest = (request: FastifyRequest) => request.headers['hx-request'] === 'true';
const isEventStreamRequest = (request: FastifyRequest) => wantsStream(request.headers.accept);

/** The page a live part belongs to (htmx names it), as a console path; the console's start when it names none. */
function pageOf(request: FastifyRequest): string {
  const current = request.headers['hx-current-url'];
  if (typeof current !== 'string') return `${CONSOLE_ROOT}/`;
  try {
    const url = new URL(current);
    return safeNext(`${url.pathname}${url.search}`);
  } catch {
    return `${CONSOLE_ROOT}/`;
  }
}

/** What a refusal looks like in the console: the API's words, on a page with a way back. */
function sendErrorPage(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const { status, message } = describeError(error);
  const databaseDown = isDatabaseUnavailable(error);
  const refusal = databaseDown ? databaseUnavailable() : error;
  if (refusal instanceof AppError) noteForAudit(request, { problemCode: refusal.code });
  if (databaseDown) request.log.warn({ err: error }, 'the database is unavailable; the console page answered 503');
  else if (status >= 500) request.log.error({ err: error }, 'console page failed');
  if (refusal instanceof AppError && refusal.hints.retryAfterSeconds !== undefined) reply.header('retry-after', String(refusal.hints.retryAfterSeconds));
  // The database is what failed: the session (a row in it) can be neither read for the page nor saved after it
  // (which would fail the page a second time), so the page goes without it, as one before sign-in does.
  if (databaseDown) (request as { session: unknown }).session = null;
  // The session may be what failed; the page then renders without a form token.
  if (!request.session || typeof request.session.get !== 'function' || typeof reply.generateCsrf !== 'function') {
    return reply.code(status).type('text/html; charset=utf-8').send(renderHtml('error', { title: errorTitle(status), status, problem: { message, status }, user: null, csrfToken: '', flash: null }));
  }
  return sendPage(request, reply, 'error', { title: errorTitle(status), status, problem: { message, status } }, status);
}

function errorTitle(status: number): string {
  if (status === 503) return 'Temporarily unavailable';
  if (status === 404) return 'Not found';
  if (status === 401 || status === 403) return 'Not allowed';
  if (status === 409 || status === 402) return 'That cannot be done now';
  if (status === 429) return 'Too many attempts';
  if (status < 500) return 'Check what you entered';
  return 'Something went wrong';
}
