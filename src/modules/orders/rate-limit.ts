// The order rate limit (D7): 10 order requests (server, upgrade, bandwidth;
// replays excluded) per API key per rolling minute. Every counted request is a
// row in rate_limit_hits, so all processes share one count.
//
// Two requests must never both take the last slot, so the count and the insert
// run one key at a time:
// - PostgreSQL: a transaction-scoped advisory lock on the key. Inserting first
//   and counting afterwards is not enough under READ COMMITTED: a concurrent
//   insert neither blocks nor is visible until it commits, so two requests can
//   each count 9 others and both take the 10th slot.
// - SQLite: every write transaction starts with BEGIN IMMEDIATE (see
//   db/sqlite-dialect.ts), which holds the database's write lock, shared by
//   every connection and process on the file, until it commits.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Engine } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { RateLimitState } from '../../errors.ts';

export const ORDER_LIMIT = 10;
export const ORDER_WINDOW_MS = 60_000;

const ORDER_BUCKET = 'orders';

// First half of the two-integer advisory lock key ('rate' in ASCII), so these
// locks cannot meet other advisory locks taken on the same database.
const LOCK_NAMESPACE = 0x72617465;
const INT4_MAX = 2_147_483_647;


/**
 * Counts this request against the key's order limit. Allowed: the hit is
 * recorded. Refused: nothing is recorded, so waiting clients do not push their
 * own slot further away. Runs in its own transaction, or in the caller's when
 * given one (the lock is then held until the caller commits).
 */
export async function takeOrderSlot(db: Kysely<Database>, clock: Clock, keyId: number, engine: Engine): Promise<RateLimitState> {
  const take = (trx: Kysely<Database>) => takeSlotLocked(trx, clock, keyId, engine);
  return db.isTransaction ? take(db) : db.transaction().execute((trx: Transaction<Database>) => take(trx));
}

async function takeSlotLocked(db: Kysely<Database>, clock: Clock, keyId: number, engine: Engine): Promise<RateLimitState> {
  if (engine === 'postgres') {
    // Ids past the int4 range share a lock with another key: that only makes the two wait for each other.
    await sql`select pg_advisory_xact_lock(cast(${LOCK_NAMESPACE} as integer), cast(${keyId % INT4_MAX} as integer))`.execute(db);
  }
  const nowMs = clock.now().getTime();
  const now = new Date(nowMs).toISOString();
  const windowStart = new Date(nowMs - ORDER_WINDOW_MS).toISOString();

  // Housekeeping: this key's hits that have left the window will never count again.
  await db.deleteFrom('rate_limit_hits').where('key_id', '=', keyId).where('bucket', '=', ORDER_BUCKET).where('at', '<=', windowStart).execute();

  // Timestamps are ISO 8601 UTC text on both engines, so text order is time order.
  const hits = await db
    .selectFrom('rate_limit_hits')
    .select('at')
    .where('key_id', '=', keyId)
    .where('bucket', '=', ORDER_BUCKET)
    .where('at', '>', windowStart)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const times = hits.map((hit) => Date.parse(String(hit.at)));
  // A hit leaves the window ORDER_WINDOW_MS after it was taken.
  const secondsUntilGone = (at: number) => Math.max(1, Math.ceil((at + ORDER_WINDOW_MS - nowMs) / 1000));

  if (times.length >= ORDER_LIMIT) {
    // Room for one more once all but ORDER_LIMIT - 1 hits have left, the oldest first.
    const freeing = times[times.length - ORDER_LIMIT]!;
    return {
      allowed: false,
      limit: ORDER_LIMIT,
      remaining: 0,
      resetSeconds: secondsUntilGone(Math.max(...times)),
      retryAfterSeconds: secondsUntilGone(freeing),
    };
  }

  await db.insertInto('rate_limit_hits').values({ key_id: keyId, bucket: ORDER_BUCKET, at: now }).execute();
  return {
    allowed: true,
    limit: ORDER_LIMIT,
    remaining: ORDER_LIMIT - times.length - 1,
    resetSeconds: secondsUntilGone(Math.max(nowMs, ...times)),
    retryAfterSeconds: null,
  };
}
