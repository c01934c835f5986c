// Idempotency keys (D7): scoped to the key's user and the endpoint (method
// and path), kept 24 hours. The first request with a key records which
// resource it made; a repeat with the same body gets that resource back, a
// repeat with another body is refused.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { deleteInBatches } from '../../db/pruning.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { writeAll } from '../../db/write-batch.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyKey {
  userId: number;
  /** e.g. `POST /api/v1/projects/demo/servers/0123456789abcdef/actions/reboot/` */
  scope: string;
  key: string;
  requestHash: string;
}

/** Same body, same hash: keys are sorted so member order does not matter. */
export function hashRequest(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
    }
    return value;
  };
  return createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');
}

/** The oldest a key's record may be and still answer a repeat: older ones are replaced. */
export function liveSince(clock: Clock): string {
  return new Date(clock.now().getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
}

/** The key's record created after `since` (liveSince), for a caller to select from, alone (findReplay) or inside its own read. */
export function liveRecord(db: Kysely<Database>, key: Pick<IdempotencyKey, 'userId' | 'scope' | 'key'>, since: string) {
  return db
    .selectFrom('idempotency_keys')
    .where('idempotency_keys.user_id', '=', key.userId)
    .where('idempotency_keys.scope', '=', key.scope)
    .where('idempotency_keys.key', '=', key.key)
    .where('idempotency_keys.created_at', '>', since);
}

/** What a live record (or none) means for a request with `key`: the resource to answer again, or null; another body → 409 `idempotency_key_reused`. */
export function replayOf(record: { request_hash: string; resource_id: string } | null | undefined, key: IdempotencyKey): string | null {
  if (!record) return null;
  if (record.request_hash !== key.requestHash) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for a different request; use a new key');
  }
  return record.resource_id;
}

/** The resource id a previous request with this key made, or null; another body → 409 `idempotency_key_reused`. */
export async function findReplay(db: Kysely<Database>, clock: Clock, key: IdempotencyKey): Promise<string | null> {
  return replayOf(await liveRecord(db, key, liveSince(clock)).select(['request_hash', 'resource_id']).executeTakeFirst(), key);
}

/**
 * The write that records the key, replacing an expired record: a write of
 * the caller's batch (db/write-batch.ts). A live record of the same key (a
 * concurrent request with it won) leaves it answering no row, so the batch
 * is undone (WroteNothing) and the caller answers with what that request made.
 */
export function keyRecord(db: Kysely<Database>, clock: Clock, key: IdempotencyKey, resourceId: string) {
  const record = { request_hash: key.requestHash, resource_id: resourceId, created_at: clock.now().toISOString() };
  return db
    .insertInto('idempotency_keys')
    .values({ user_id: key.userId, scope: key.scope, key: key.key, ...record })
    .onConflict((conflict) => conflict.columns(['user_id', 'scope', 'key']).doUpdateSet(record).where('idempotency_keys.created_at', '<=', liveSince(clock)))
    .returning('key');
}

/** Records the key in the caller's transaction (keyRecord, alone); a live record of it → WroteNothing. */
export async function recordKey(db: Kysely<Database>, clock: Clock, key: IdempotencyKey, resourceId: string): Promise<void> {
  await writeAll(db, [keyRecord(db, clock, key, resourceId)]);
}

/** Forgets the key's record, in the caller's transaction: the request it recorded was undone (an order withdrawn). */
export async function forgetKey(db: Kysely<Database>, key: Pick<IdempotencyKey, 'userId' | 'scope' | 'key'>): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', key.userId).where('scope', '=', key.scope).where('key', '=', key.key).execute();
}

/** Deletes the records made before `before`: past the window they answer nothing (liveSince), and only take room. */
export function pruneIdempotencyKeys(db: Kysely<Database>, before: string): Promise<number> {
  return deleteInBatches(db, 'idempotency_keys', sql<SqlBool>`created_at < ${before}`);
}
