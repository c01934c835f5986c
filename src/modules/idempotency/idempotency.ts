// Idempotency keys (D7): scoped to the key's user and the endpoint (method
// and path), kept 24 hours. The first request with a key records which
// resource it made; a repeat with the same body gets that resource back, a
// repeat with another body is refused.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

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

/** The resource id a previous request with this key made, or null; another body → 409 `idempotency_key_reused`. */
export async function findReplay(db: Kysely<Database>, clock: Clock, key: IdempotencyKey): Promise<string | null> {
  const since = new Date(clock.now().getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'resource_id'])
    .where('user_id', '=', key.userId)
    .where('scope', '=', key.scope)
    .where('key', '=', key.key)
    .where('created_at', '>', since)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== key.requestHash) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for a different request; use a new key');
  }
  return row.resource_id;
}

/**
 * Records the key in the caller's transaction, replacing an expired record.
 * A concurrent request with the same key makes this fail with a unique
 * violation, and the caller answers with what that request made.
 */
export async function recordKey(db: Kysely<Database>, clock: Clock, key: IdempotencyKey, resourceId: string): Promise<void> {
  const since = new Date(clock.now().getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', key.userId)
    .where('scope', '=', key.scope)
    .where('key', '=', key.key)
    .where('created_at', '<=', since)
    .execute();
  await db
    .insertInto('idempotency_keys')
    .values({ user_id: key.userId, scope: key.scope, key: key.key, request_hash: key.requestHash, resource_id: resourceId, created_at: clock.now().toISOString() })
    .execute();
}
