// A server's serial console in the browser (D24): the Console tab. The page
// (server-console.eta) holds the terminal; server-console.js, the console's
// own file, draws it with xterm.js (served by cloudplane) and carries its
// bytes over the WebSocket of http/console-streams.ts.
//
// Connect posts the page's form to `…/console/connect`, which asks
// ServerConsoleService for a token as the API's POST …/console/ does, but as
// the signed-in user with interface 'console' and the session's reference:
// such a token opens only from the console's own origin, so another site's
// page cannot use one it got hold of. The answer is JSON, read by the script
// alone: the WebSocket's URL, or the refusal's problem details, whose
// `detail` the page says (the server is stopped, the host is down).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { sessionReference } from '../../modules/console-sessions/index.ts';
import { consoleStreamUrl } from '../../modules/server-consoles/index.ts';
import type { Server } from '../../modules/servers/index.ts';
import { requestBaseUrl } from '../../schemas/pagination.ts';
import type { Services } from '../../services.ts';
import { noteForAudit } from '../../routing/audit-notes.ts';
import { consoleActor } from '../console-actor.ts';
import { describeError } from '../console-errors.ts';
import { sendPage } from '../console-page.ts';
import { serverUrl } from './display.ts';
import { plural, stateLabel } from './labels.ts';
import { serverFrame } from './server-page.ts';

/** What the streams close a session after without a byte either way, unless the operator set another (CLOUDPLANE_SERVER_CONSOLE_IDLE). */
export const DEFAULT_CONSOLE_IDLE_MS = 15 * 60_000;

interface ServerPath {
  slug: string;
  id: string;
}

export interface ServerConsoleOptions {
  services: Services;
  /** The public URL, when set, is where the WebSocket is (as the API's console route answers it). */
  publicUrl: string | undefined;
  /** How long a session may sit idle, as the page tells it. */
  idleMs: number;
}

/** Why a server's console cannot open now, in the service's words; null while it runs. */
function whyClosed(server: Pick<Server, 'status'>): string | null {
  if (server.status === 'running') return null;
  return `The server is ${stateLabel('server', server.status).text.toLowerCase()}: its console opens only while it is running.`;
}

/**
 * A refusal of the connect route as problem details: the console's words
 * for it (describeError), with the API's code where there is one. This
 * covers the console's own refusals before the route (a CSRF token that is
 * missing or wrong) as well as the service's.
 */
function sendRefusal(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const { status, message } = describeError(error);
  const code = error instanceof AppError ? error.code : null;
  if (code) noteForAudit(request, { problemCode: code });
  if (status >= 500) request.log.error({ err: error }, 'asking for a console session failed');
  if (error instanceof AppError && error.hints.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.hints.retryAfterSeconds));
  return reply.code(status).type('application/problem+json').send({ status, code, detail: message });
}

export async function serverConsolePages(app: FastifyInstance, { services, publicUrl, idleMs }: ServerConsoleOptions): Promise<void> {
  app.get('/projects/:slug/servers/:id/console', async (request, reply) => {
    const path = request.params as ServerPath;
    const actor = consoleActor(request.consoleUser);
    const server = await services.servers.get(actor, path.slug, path.id);
    const project = await services.projects.get(actor, path.slug);
    const base = serverUrl(project.slug, server.id);
    const closedReason = whyClosed(server);
    return sendPage(request, reply, 'server-console', {
      ...serverFrame(project, server, 'console'),
      // The terminal's files only where there is a terminal.
      terminal: closedReason === null,
      closedReason,
      // A stopped server can be powered on from its overview; a suspended one only by the provider.
      powerOnUrl: server.status === 'stopped' ? base : null,
      connectUrl: `${base}/console/connect`,
      idleText: plural(Math.round(idleMs / 60_000), 'minute'),
    });
  });

  // Read by server-console.js alone: JSON both ways, so a refusal is never an error page it cannot read.
  await app.register(async (connect) => {
    connect.setErrorHandler((error: FastifyError, request, reply) => sendRefusal(request, reply, error));
    connect.post('/projects/:slug/servers/:id/console/connect', async (request, reply) => {
      const path = request.params as ServerPath;
      const { token, expires_at } = await services.serverConsoles.request(consoleActor(request.consoleUser), path.slug, path.id, {
        interface: 'console',
        clientIp: request.ip,
        sessionRef: sessionReference(request.session.sessionId),
      });
      return reply.code(201).type('application/json; charset=utf-8').send({ url: consoleStreamUrl(requestBaseUrl(request, publicUrl), token), expires_at });
    });
  });
}
