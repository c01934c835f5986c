// The @fastify/session store over cloudplane's session rows: the library
// handles cookies, ids and rolling expiry; the rows (hashed ids, idle expiry
// by cloudplane's clock) are the console-sessions module's.
import type { FastifySessionObject, SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import './console-page.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { ConsoleSessionService } from '../modules/console-sessions/index.ts';

type Callback = (error?: unknown) => void;

const BACKGROUND = Symbol('a request the page made by itself');

/**
 * Marks the session of a request a page made by itself (an htmx poll of a
 * live part, the stream of a project's events): saving it keeps the
 * session's idle time running, so a tab left open on a page that follows an
 * unpaid invoice still signs out when idle.
 * The mark is not data: it is never stored.
 */
export function markBackgroundRequest(session: Session): void {
  Object.defineProperty(session, BACKGROUND, { value: true, enumerable: false });
}

export class DatabaseSessionStore implements SessionStore {
  constructor(private readonly sessions: ConsoleSessionService) {}

  get(sessionId: string, callback: (error: unknown, session?: never) => void): void {
    this.sessions.load(sessionId).then(
      (data) => callback(null, (data ?? undefined) as never),
      (error: unknown) => callback(error),
    );
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    const userId = session.userId ?? null;
    const background = (session as Session & { [BACKGROUND]?: boolean })[BACKGROUND] === true;
    this.sessions.save(sessionId, userId, session, { keepIdleTime: background }).then(
      () => callback(),
      (error: unknown) => {
        // A page that changed nothing in the session is saved only to push its idle time back: when the database
        // cannot take that write (a full disk), the page is still shown, and the idle time runs from the last save.
        const unchanged = (session as Partial<FastifySessionObject>).isModified?.() === false;
        if (isDatabaseUnavailable(error) && unchanged) callback();
        else callback(error);
      },
    );
  }

  destroy(sessionId: string, callback: Callback): void {
    this.sessions.destroy(sessionId).then(() => callback(), callback);
  }
}
