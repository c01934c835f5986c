// Console sessions are rows in the database, so every process (several API
// processes on PostgreSQL) sees them and signing out ends a session
// everywhere. Only a hash of the session id is stored; a session not used for
// the idle time is over, judged by cloudplane's clock.
//
// A session that has ended (signed out, replaced at sign-in, idle too long)
// stays ended: every request saves its session when it answers, and a request
// that read the session before another tab signed out would otherwise write
// it back, signed in, after the sign-out.
//
// A user sees their signed-in sessions (when each began, when it was last
// used, from which address and browser) and can end all but the one they
// are using. The list never carries a session id or its hash: the session a
// request belongs to is marked by comparing hashes here.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Clock } from '../../clock.ts';
import { readJson } from '../../db/columns.ts';
import { deleteInBatches } from '../../db/pruning.ts';
import type { Database } from '../../db/schema.ts';
import { hashToken } from '../../secrets.ts';

/**
 * How long the row of a session that ended stays, so that a save still in
 * flight finds it ended rather than missing (and writes nothing). Requests
 * take seconds at most; a day leaves room for the test clock moving on.
 */
const ENDED_ROWS_KEPT_MS = 24 * 60 * 60 * 1000;

/** Where a session was signed in from: kept in its data at sign-in (the `signedInFrom` entry), shown in the list. */
export interface SignedInFrom {
  address: string;
  userAgent: string;
}

/** One of a user's signed-in sessions, as the user may see it: no id. */
export interface SessionListing {
  /** The session of the request that asked. */
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  signedInFrom: SignedInFrom | null;
}

/** A user agent is the browser's to write: kept to a length a page can show. */
export const USER_AGENT_KEPT = 300;

function signedInFromOf(data: unknown): SignedInFrom | null {
  const entry = (readJson<Record<string, unknown> | null>(data) ?? {}).signedInFrom as Partial<SignedInFrom> | undefined;
  if (!entry || typeof entry.address !== 'string') return null;
  return { address: entry.address, userAgent: typeof entry.userAgent === 'string' ? entry.userAgent.slice(0, USER_AGENT_KEPT) : '' };
}

/**
 * A name for a session that records may carry (the audit log): 16 hex digits
 * of a digest of its stored hash. It tells one session's entries from
 * another's and leads to neither the id nor the row's key.
 */
export function sessionReference(sessionId: string): string {
  return hashToken(hashToken(sessionId)).slice(0, 16);
}

/** How long a session that ended is kept: nothing opens it any more, and its audit entries name it by session_ref. */
export const ENDED_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface ConsoleSessionServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** How long a session lasts without a request. */
  idleMs: number;
}

export class ConsoleSessionService {
  constructor(private readonly deps: ConsoleSessionServiceDependencies) {}

  /** How long a session lasts without a request: the cookie's lifetime is set to it too. */
  get idleMs(): number {
    return this.deps.idleMs;
  }

  /** The session's stored data, or null when there is none or it has been idle too long. */
  async load(sessionId: string): Promise<unknown> {
    const row = await this.deps.db
      .selectFrom('console_sessions')
      .select(['data', 'expires_at'])
      .where('id_hash', '=', hashToken(sessionId))
      .executeTakeFirst();
    if (!row || row.expires_at <= this.deps.clock.now().toISOString()) return null;
    return readJson<unknown>(row.data);
  }

  /**
   * Writes the session and starts its idle time again (every console request
   * a person makes does; `keepIdleTime` is for the requests a page makes by
   * itself, which must not keep an unattended tab signed in). A new session
   * is stored; one that has ended is left as it is.
   */
  async save(sessionId: string, userId: number | null, data: unknown, options: { keepIdleTime?: boolean } = {}): Promise<void> {
    const now = this.deps.clock.now();
    const seen = { last_seen_at: now.toISOString(), expires_at: new Date(now.getTime() + this.deps.idleMs).toISOString() };
    const values = { user_id: userId, data: JSON.stringify(data) };
    const update = options.keepIdleTime ? values : { ...values, ...seen };
    await this.deps.db
      .insertInto('console_sessions')
      .values({ id_hash: hashToken(sessionId), created_at: now.toISOString(), ...values, ...seen })
      .onConflict((conflict) => conflict.column('id_hash').doUpdateSet(update).where('console_sessions.expires_at', '>', now.toISOString()))
      .execute();
  }

  /** Deletes the sessions that ended (by their idle time or signing out) before `before`; answers how many. */
  pruneEnded(before: string): Promise<number> {
    return deleteInBatches(this.deps.db, 'console_sessions', sql<SqlBool>`expires_at < ${before}`);
  }

  /** Ends the session now: it opens nothing from here on, in any process, and its data (the user) is gone. */
  async destroy(sessionId: string): Promise<void> {
    const now = this.deps.clock.now().toISOString();
    await this.deps.db
      .updateTable('console_sessions')
      .set({ user_id: null, data: JSON.stringify({}), last_seen_at: now, expires_at: now })
      .where('id_hash', '=', hashToken(sessionId))
      .execute();
  }

  /** The user's sessions that are still signed in, the one last used first; `currentSessionId` is marked. */
  async listForUser(userId: number, currentSessionId: string): Promise<SessionListing[]> {
    const currentHash = hashToken(currentSessionId);
    const rows = await this.deps.db
      .selectFrom('console_sessions')
      .select(['id_hash', 'data', 'created_at', 'last_seen_at', 'expires_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', this.deps.clock.now().toISOString())
      .orderBy('last_seen_at', 'desc')
      .execute();
    const listed = rows.map((row) => ({
      current: row.id_hash === currentHash,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
      signedInFrom: signedInFromOf(row.data),
    }));
    // The session in use first: it is the one the user knows.
    return [...listed.filter((session) => session.current), ...listed.filter((session) => !session.current)];
  }

  /**
   * Signs the user out everywhere but in `keepSessionId` (after a password
   * change, or asked for): those sessions end as a sign-out ends them.
   * Returns how many ended.
   */
  async endOtherSessions(userId: number, keepSessionId: string): Promise<number> {
    const now = this.deps.clock.now().toISOString();
    const result = await this.deps.db
      .updateTable('console_sessions')
      .set({ user_id: null, data: JSON.stringify({}), last_seen_at: now, expires_at: now })
      .where('user_id', '=', userId)
      .where('id_hash', '!=', hashToken(keepSessionId))
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Drops the rows of sessions long over; called now and then so the table does not grow without end. */
  async removeExpired(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - ENDED_ROWS_KEPT_MS).toISOString();
    const result = await this.deps.db.deleteFrom('console_sessions').where('expires_at', '<=', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
