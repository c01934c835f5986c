// Console sessions are rows in the database, so every process (several API
// processes on PostgreSQL) sees them and signing out ends a session
// everywhere. Only a hash of the session id is stored; a session not used for
// the idle time is over, judged by cloudplane's clock.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { readJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import { hashToken } from '../../secrets.ts';

export class ConsoleSessionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    readonly idleMs: number,
  ) {}

  /** The session's stored data, or null when there is none or it has been idle too long. */
  async load(sessionId: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('console_sessions')
      .select(['data', 'expires_at'])
      .where('id_hash', '=', hashToken(sessionId))
      .executeTakeFirst();
    if (!row || row.expires_at <= this.clock.now().toISOString()) return null;
    return readJson<unknown>(row.data);
  }

  /** Writes the session and starts its idle time again (every console request does). */
  async save(sessionId: string, userId: number | null, data: unknown): Promise<void> {
    const now = this.clock.now();
    const values = {
      user_id: userId,
      data: JSON.stringify(data),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.idleMs).toISOString(),
    };
    await this.db
      .insertInto('console_sessions')
      .values({ id_hash: hashToken(sessionId), created_at: now.toISOString(), ...values })
      .onConflict((conflict) => conflict.column('id_hash').doUpdateSet(values))
      .execute();
  }

  async destroy(sessionId: string): Promise<void> {
    await this.db.deleteFrom('console_sessions').where('id_hash', '=', hashToken(sessionId)).execute();
  }

  /** Drops sessions that are over; called now and then so the table does not grow without end. */
  async removeExpired(): Promise<number> {
    const result = await this.db.deleteFrom('console_sessions').where('expires_at', '<=', this.clock.now().toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
