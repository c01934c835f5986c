// The project's events for the console's pages (GET …/projects/:slug/events):
// the project API's stream (the same EventStream, ids and types), under the
// session instead of a key, for any member. console.js opens it with an
// EventSource on pages that have live parts and refreshes a part at once when
// an event it follows arrives; the parts still poll, slowly, in case the
// stream cannot be had.
//
// The stream is a request the page made by itself: it does not restart the
// session's idle time (the plugin marks it as it marks htmx's requests, and a
// hijacked answer never saves the session anyway). A session can end while
// the stream is open (signed out in another tab, idle too long, signed out
// everywhere after a password change) and so can the membership: each is
// checked every few seconds, in every process, and the stream then ends.
// EventSource reconnects, is refused (401, or the 404 page), and stops.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { type EventCursor, type EventStream, readLastEventId, startEventStream } from '../../modules/events/index.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';

/**
 * How often an open stream checks that its session and membership still
 * hold: the longest a signed-out tab keeps hearing the project's events. One
 * small read per open stream each time.
 */
export const SESSION_CHECK_INTERVAL_MS = 5_000;

export async function projectEventPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const open = new Set<EventStream>();
  // A closing server ends its streams first (the browsers reconnect to another process or to it once back); an open one would hold the close up.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.close();
  });

  app.get('/projects/:slug/events', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const query = request.query as { after?: unknown; types?: unknown };
    const actor = consoleActor(request.consoleUser);
    const cursor = await services.events.open(actor, slug, typeof query.types === 'string' ? query.types : undefined);
    const after = typeof query.after === 'string' ? readLastEventId(query.after) : undefined;
    const startAfter = readLastEventId(typeof request.headers['last-event-id'] === 'string' ? request.headers['last-event-id'] : undefined) ?? after ?? (await services.events.lastId(cursor.projectId));
    const sessionId = request.session.sessionId;
    const userId = request.consoleUser.id;

    reply.hijack();
    const stream = startEventStream(reply.raw, request.id, services.events, cursor, request.log, startAfter);
    open.add(stream);
    let checking = false;
    const check = setInterval(() => {
      if (checking) return;
      checking = true;
      stillAllowed(sessionId, userId, cursor)
        .then((allowed) => {
          if (!allowed) stream.close();
        })
        .catch((error: unknown) => {
          // The browser reconnects and is checked afresh.
          request.log.error({ err: error }, 'console event stream: checking the session failed; closing the stream');
          stream.close();
        })
        .finally(() => (checking = false));
    }, SESSION_CHECK_INTERVAL_MS);
    reply.raw.on('close', () => {
      clearInterval(check);
      open.delete(stream);
    });
    return reply;
  });

  /** The session is still signed in as the same user, who is still a member of the project. */
  async function stillAllowed(sessionId: string, userId: number, cursor: EventCursor): Promise<boolean> {
    const data = (await services.consoleSessions.load(sessionId)) as { userId?: unknown } | null;
    if (data?.userId !== userId) return false;
    try {
      const again = await services.events.open(consoleActor({ id: userId }), cursor.slug, undefined);
      return again.projectId === cursor.projectId;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }
}
