// The console sessions' queries: a session is made with its token's hash,
// opened once (the token used up in the same statement), closed with what it
// carried. Only this module writes the table.
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { deleteInBatches } from '../../db/pruning.ts';
import type { Database, ServerConsoleSessionsTable } from '../../db/schema.ts';

export type ConsoleSessionRow = Selectable<ServerConsoleSessionsTable>;

export type NewConsoleSession = Pick<
  ConsoleSessionRow,
  'server_id' | 'project_id' | 'token_hash' | 'interface' | 'user_id' | 'api_key_id' | 'session_ref' | 'client_ip' | 'created_at' | 'expires_at'
>;

export async function insertConsoleSession(db: Kysely<Database>, session: NewConsoleSession): Promise<number> {
  const row = await db.insertInto('server_console_sessions').values(session).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<ConsoleSessionRow | undefined> {
  return db.selectFrom('server_console_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Uses the token: the session opens only if it was never opened and its token
 * has not expired, in one statement, so a token races to one WebSocket at most
 * (across processes too). False: used or expired meanwhile.
 */
export async function markOpened(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('server_console_sessions')
    .set({ opened_at: now })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markClosed(db: Kysely<Database>, id: number, closed: { at: string; reason: string; bytesIn: number; bytesOut: number }): Promise<void> {
  await db
    .updateTable('server_console_sessions')
    .set({ closed_at: closed.at, close_reason: closed.reason, bytes_in: closed.bytesIn, bytes_out: closed.bytesOut })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .execute();
}

/** Of these servers, the session each opened last: the one that holds its console (a newer one takes over). */
export async function latestOpenedSessions(db: Kysely<Database>, serverIds: readonly string[]): Promise<Map<string, number>> {
  if (serverIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('server_console_sessions')
    .select(['server_id', (eb) => eb.fn.max('id').as('id')])
    .where('server_id', 'in', serverIds)
    .where('opened_at', 'is not', null)
    .groupBy('server_id')
    .execute();
  return new Map(rows.map((row) => [row.server_id, Number(row.id)]));
}

/** Deletes the sessions made before `before` that are over (closed, or their token never used); answers how many. */
export function pruneSessions(db: Kysely<Database>, before: string): Promise<number> {
  return deleteInBatches(db, 'server_console_sessions', sql<SqlBool>`created_at < ${before} and (closed_at is not null or opened_at is null)`);
}
