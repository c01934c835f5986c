// API keys: `cp_<lookup id>_<secret>`. The lookup id finds the row; only a
// hash of the secret is stored, and it is compared in constant time.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { readBool } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import { hashToken, randomToken, sameHash } from '../../secrets.ts';
import { notFound, readOnlyKey, validationError } from '../../errors.ts';

export interface Actor {
  userId: number;
  keyId: number;
  readOnly: boolean;
}

export interface CreatedApiKey {
  id: number;
  name: string;
  read_only: boolean;
  expires_at: string | null;
  token: string;
}

const TOKEN_FORMAT = /^cp_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
// Compared against when no key matches, so a miss costs what a hit costs.
const DECOY_HASH = hashToken('decoy');

/**
 * How long a process reuses a key's row. Revoking through this process takes
 * effect at once; through another process (scale-out on PostgreSQL) within
 * this time. The secret is still compared, and expiry checked, on every call.
 */
export const KEY_CACHE_MS = 2000;
const MAX_CACHED_KEYS = 10_000;

interface KeyRow {
  id: number;
  user_id: number;
  secret_hash: string;
  read_only: boolean | number;
  expires_at: string | null;
  revoked_at: string | null;
}

export class ApiKeyService {
  private readonly cache = new Map<string, { row: KeyRow | undefined; loadedAt: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private async findByLookupId(lookupId: string): Promise<KeyRow | undefined> {
    const cached = this.cache.get(lookupId);
    if (cached && Date.now() - cached.loadedAt < KEY_CACHE_MS) return cached.row;
    const row = await this.db
      .selectFrom('api_keys')
      .select(['id', 'user_id', 'secret_hash', 'read_only', 'expires_at', 'revoked_at'])
      .where('lookup_id', '=', lookupId)
      .executeTakeFirst();
    if (this.cache.size >= MAX_CACHED_KEYS) this.cache.clear();
    this.cache.set(lookupId, { row, loadedAt: Date.now() });
    return row;
  }

  async create(userId: number, input: { name: string; read_only?: boolean; expires_at?: string | null }): Promise<CreatedApiKey> {
    const user = await this.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('user');
    const expiresAt = input.expires_at ? storableTimestamp(input.expires_at, 'expires_at') : null;
    const lookupId = randomBytes(8).toString('hex');
    const secret = randomToken(32);
    const row = await this.db
      .insertInto('api_keys')
      .values({
        user_id: userId,
        name: input.name,
        lookup_id: lookupId,
        secret_hash: hashToken(secret),
        read_only: input.read_only ?? false,
        expires_at: expiresAt,
        revoked_at: null,
        created_at: this.clock.now().toISOString(),
      })
      .returning(['id', 'name', 'read_only', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, read_only: readBool(row.read_only), expires_at: row.expires_at, token: `cp_${lookupId}_${secret}` };
  }

  async revoke(keyId: number): Promise<void> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: this.clock.now().toISOString() })
      .where('id', '=', keyId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('API key');
    this.cache.clear();
  }

  /** The actor behind a bearer token, or null for a missing, malformed, unknown, revoked or expired key. */
  async authenticate(token: string | undefined): Promise<Actor | null> {
    const match = token ? TOKEN_FORMAT.exec(token) : null;
    const row = match ? await this.findByLookupId(match[1]!) : undefined;
    const secretMatches = sameHash(hashToken(match?.[2] ?? ''), row?.secret_hash ?? DECOY_HASH);
    if (!row || !secretMatches || row.revoked_at !== null) return null;
    if (row.expires_at !== null && row.expires_at <= this.clock.now().toISOString()) return null;
    return { userId: row.user_id, keyId: row.id, readOnly: readBool(row.read_only) };
  }
}

/** A date-time both engines store alike: a real instant between 1970 and 9999. */
function storableTimestamp(text: string, field: string): string {
  const time = Date.parse(text);
  if (Number.isNaN(time) || time < 0 || time >= Date.UTC(10000, 0, 1)) {
    throw validationError(field, 'must be a real date and time between 1970 and 9999');
  }
  return new Date(time).toISOString();
}

export function requireWritable(actor: Actor): void {
  if (actor.readOnly) throw readOnlyKey();
}
