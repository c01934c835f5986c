// API keys: `cp_<lookup id>_<secret>`. The lookup id finds the row; only a
// hash of the secret is stored, and it is compared in constant time.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { KeyedUntilChanged, type ChangeFeed } from '../../db/change-feed.ts';
import { readBool } from '../../db/columns.ts';
import { outsideCommitCompanion } from '../../db/commit-companion.ts';
import type { Database } from '../../db/schema.ts';
import { hashToken, randomToken } from '../../secrets.ts';
import { AppError, notFound, readOnlyKey, validationError, type FieldError } from '../../errors.ts';

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

/** A key as its owner sees it in a list: never the secret, only the public prefix that tells keys apart. */
export interface ApiKeySummary {
  id: number;
  name: string;
  /** `cp_<lookup id>`: the start of the token, enough to recognise it. */
  prefix: string;
  read_only: boolean;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** How long a key made in the console lasts (D16): a number of days from now, or until a date. */
export type ConsoleKeyExpiry = { days: number } | { date: string };

export interface ConsoleKeyRequest {
  name: string;
  readOnly: boolean;
  /** Null when none was chosen: a console key always expires. */
  expiry: ConsoleKeyExpiry | null;
}

/** A console key that passed the rules, ready for `create`. */
export interface CheckedConsoleKey {
  name: string;
  read_only: boolean;
  expires_at: string;
}

export const CONSOLE_KEY_LIFETIME_DAYS = [30, 90, 365] as const;
const CONSOLE_KEY_LONGEST_YEARS = 2;
const KEY_NAME_MAX_LENGTH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Last used is a hint for the owner ("is this old key still in use?"), not a
 * record: writing it at most this often per key keeps a busy key from
 * costing a write on every request.
 */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;

const TOKEN_FORMAT = /^cp_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/**
 * The bytes of hashToken(secret), to compare as they are. Taken through
 * 'binary' (latin1) text, one character a byte: node 20 makes it and its
 * Buffer in half the time of its 'buffer' output (0.5 against 1 µs), and
 * hex's decoding is not needed.
 */
const secretDigest = (secret: string): Buffer => Buffer.from(hash('sha256', secret, 'binary'), 'binary');
// Compared against when no key matches, so a miss costs what a hit costs.
const DECOY_DIGEST = secretDigest('decoy');

/**
 * How many keys' rows a process keeps (KeyedUntilChanged). A row is kept until
 * a key is revoked through any process: the change feed tells every process
 * within milliseconds (this one at once), and they read the rows again. The
 * secret is still compared, and expiry checked, on every call.
 */
const MAX_CACHED_KEYS = 10_000;

interface KeyRow {
  id: number;
  user_id: number;
  secret_hash: string;
  read_only: boolean | number;
  expires_at: string | null;
  revoked_at: string | null;
}

/**
 * A key's row as a process keeps it, with what every request would otherwise
 * work out again from it: the digest to compare as bytes, the expiry as a
 * time, and the actor the key stands for (one object, shared by its requests).
 */
interface KeptKey {
  id: number;
  digest: Buffer;
  revoked: boolean;
  /** ms since the epoch; null: never expires. */
  expiresAtMs: number | null;
  actor: Actor;
  /** When this process last wrote last_used_at (cloudplane's clock, ms); 0: not yet. */
  lastUsedWriteMs: number;
}

function keptKey(row: KeyRow): KeptKey {
  return {
    id: row.id,
    digest: Buffer.from(row.secret_hash, 'hex'),
    revoked: row.revoked_at !== null,
    expiresAtMs: row.expires_at === null ? null : Date.parse(row.expires_at),
    actor: Object.freeze({ userId: row.user_id, keyId: row.id, readOnly: readBool(row.read_only) }),
    lastUsedWriteMs: 0,
  };
}

export interface ApiKeyServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** Revocations are committed with a notice ('api-keys'): every process drops the rows it kept and stops accepting the key. */
  changes: ChangeFeed;
}

export class ApiKeyService {
  /** Keys by lookup id. */
  private readonly rows: KeyedUntilChanged<KeptKey>;
  /**
   * When this process last wrote each key's last_used_at (cloudplane's clock,
   * ms), for keys read again since (a revocation elsewhere drops every kept key).
   */
  private readonly lastUsedWrites = new Map<number, number>();

  constructor(private readonly deps: ApiKeyServiceDependencies) {
    this.rows = new KeyedUntilChanged(deps.changes, 'api-keys', MAX_CACHED_KEYS);
  }

  private findByLookupId(lookupId: string): Promise<KeptKey | undefined> {
    return this.rows.get(lookupId, async () => {
      const row = await this.deps.db
        .selectFrom('api_keys')
        .select(['id', 'user_id', 'secret_hash', 'read_only', 'expires_at', 'revoked_at'])
        .where('lookup_id', '=', lookupId)
        .executeTakeFirst();
      return row && keptKey(row);
    });
  }

  async create(userId: number, input: { name: string; read_only?: boolean; expires_at?: string | null }): Promise<CreatedApiKey> {
    const user = await this.deps.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('user');
    const expiresAt = input.expires_at ? storableTimestamp(input.expires_at, 'expires_at') : null;
    const lookupId = randomBytes(8).toString('hex');
    const secret = randomToken(32);
    const row = await this.deps.db
      .insertInto('api_keys')
      .values({
        user_id: userId,
        name: input.name,
        lookup_id: lookupId,
        secret_hash: hashToken(secret),
        read_only: input.read_only ?? false,
        expires_at: expiresAt,
        revoked_at: null,
        created_at: this.deps.clock.now().toISOString(),
      })
      .returning(['id', 'name', 'read_only', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, read_only: readBool(row.read_only), expires_at: row.expires_at, token: `cp_${lookupId}_${secret}` };
  }

  /**
   * Checks a key asked for in the console and settles when it expires: 30, 90
   * or 365 days from now, or 00:00 UTC on a date that is in the future and at
   * most 2 years away (D16). Every wrong field is reported at once.
   */
  checkConsoleKey(request: ConsoleKeyRequest): CheckedConsoleKey {
    const errors: FieldError[] = [];
    const name = request.name.trim();
    const nameLength = [...name].length;
    if (nameLength === 0) errors.push({ field: 'name', message: `enter a name of 1 to ${KEY_NAME_MAX_LENGTH} characters` });
    else if (nameLength > KEY_NAME_MAX_LENGTH) errors.push({ field: 'name', message: `use at most ${KEY_NAME_MAX_LENGTH} characters (this one has ${nameLength})` });

    let expiresAt: Date | null = null;
    if (request.expiry === null) {
      errors.push({ field: 'expires', message: 'choose how long the key lasts' });
    } else if ('days' in request.expiry) {
      const days = request.expiry.days;
      if ((CONSOLE_KEY_LIFETIME_DAYS as readonly number[]).includes(days)) expiresAt = new Date(this.deps.clock.now().getTime() + days * DAY_MS);
      else errors.push({ field: 'expires', message: `choose ${CONSOLE_KEY_LIFETIME_DAYS.join(', ')} days or a date` });
    } else {
      const bounds = this.consoleKeyDateBounds();
      const date = calendarDate(request.expiry.date);
      if (request.expiry.date.trim() === '') errors.push({ field: 'expiry_date', message: 'enter the date the key stops working' });
      else if (!date) errors.push({ field: 'expiry_date', message: 'enter a real date as YYYY-MM-DD' });
      else if (isoDay(date) < bounds.earliest) errors.push({ field: 'expiry_date', message: `must be a date in the future (${bounds.earliest} or later)` });
      else if (isoDay(date) > bounds.latest) {
        errors.push({ field: 'expiry_date', message: `must be within ${CONSOLE_KEY_LONGEST_YEARS} years (on or before ${bounds.latest})` });
      } else expiresAt = date;
    }

    if (errors.length > 0 || !expiresAt) {
      throw new AppError('validation_error', errors.map((error) => `${error.field}: ${error.message}`).join('; '), { errors });
    }
    return { name, read_only: request.readOnly, expires_at: expiresAt.toISOString() };
  }

  /**
   * The first and last dates a console key may expire on (YYYY-MM-DD, UTC):
   * it expires at 00:00 that day, so tomorrow is the first date in the
   * future, and the last is 2 years from now.
   */
  consoleKeyDateBounds(): { earliest: string; latest: string } {
    const now = this.deps.clock.now();
    const latest = new Date(now);
    latest.setUTCFullYear(latest.getUTCFullYear() + CONSOLE_KEY_LONGEST_YEARS);
    return { earliest: isoDay(new Date(now.getTime() + DAY_MS)), latest: isoDay(latest) };
  }

  /** A user's keys, newest first, revoked ones included (marked by revoked_at). */
  async listForUser(userId: number): Promise<ApiKeySummary[]> {
    const rows = await this.deps.db
      .selectFrom('api_keys')
      .select(['id', 'name', 'lookup_id', 'read_only', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: `cp_${row.lookup_id}`,
      read_only: readBool(row.read_only),
      created_at: row.created_at,
      expires_at: row.expires_at,
      last_used_at: row.last_used_at,
      revoked_at: row.revoked_at,
    }));
  }

  /**
   * Revokes one of the user's own keys; another user's key is not found, as
   * if it did not exist. Revoking a key that is already revoked changes
   * nothing, so its first revocation time stays.
   */
  async revokeOwn(userId: number, keyId: number): Promise<void> {
    // Every process stops accepting the key when this commits (this one before it returns).
    const result = await this.deps.changes.commit('api-keys', (trx) =>
      trx
        .updateTable('api_keys')
        .set({ revoked_at: this.deps.clock.now().toISOString() })
        .where('id', '=', keyId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst(),
    );
    if (Number(result.numUpdatedRows) === 0) {
      const own = await this.deps.db.selectFrom('api_keys').select('id').where('id', '=', keyId).where('user_id', '=', userId).executeTakeFirst();
      if (!own) throw notFound('API key');
    }
  }

  async revoke(keyId: number): Promise<void> {
    const result = await this.deps.changes.commit('api-keys', (trx) =>
      trx.updateTable('api_keys').set({ revoked_at: this.deps.clock.now().toISOString() }).where('id', '=', keyId).executeTakeFirst(),
    );
    if (Number(result.numUpdatedRows) === 0) throw notFound('API key');
  }

  /** The actor behind a bearer token, or null for a missing, malformed, unknown, revoked or expired key. */
  async authenticate(token: string | undefined): Promise<Actor | null> {
    const match = token ? TOKEN_FORMAT.exec(token) : null;
    return this.admit(match ? await this.findByLookupId(match[1]!) : undefined, match?.[2]);
  }

  /**
   * authenticate() without waiting, when it needs no read: the actor or null
   * as authenticate() answers, or undefined when the key is not kept (a first
   * use, or a revocation since), and authenticate() must read it. Every API
   * request asks this first, so a kept key costs no promise.
   */
  authenticateKept(token: string | undefined): Actor | null | undefined {
    const match = token ? TOKEN_FORMAT.exec(token) : null;
    if (!match) return this.admit(undefined, undefined);
    const kept = this.rows.peek(match[1]!);
    return kept === undefined ? undefined : this.admit(kept, match[2]);
  }

  private admit(key: KeptKey | undefined, secret: string | undefined): Actor | null {
    // A digest of another length (a damaged row) is never matched; the decoy still costs the comparison.
    const expected = key?.digest.length === DECOY_DIGEST.length ? key.digest : DECOY_DIGEST;
    const secretMatches = timingSafeEqual(secretDigest(secret ?? ''), expected) && expected !== DECOY_DIGEST;
    if (!key || !secretMatches || key.revoked) return null;
    const now = this.deps.clock.now().getTime();
    if (key.expiresAtMs !== null && key.expiresAtMs <= now) return null;
    this.noteUse(key, now);
    return key.actor;
  }

  /** A key's name, revoked keys included (records name the key that was used); undefined when there is no such key. */
  async nameOf(keyId: number): Promise<string | undefined> {
    const row = await this.deps.db.selectFrom('api_keys').select('name').where('id', '=', keyId).executeTakeFirst();
    return row?.name;
  }

  /** Whether a key still lets its holder in: there, not revoked, not expired (what stays open on its word asks again). */
  async isUsable(keyId: number): Promise<boolean> {
    const row = await this.deps.db.selectFrom('api_keys').select(['revoked_at', 'expires_at']).where('id', '=', keyId).executeTakeFirst();
    return row !== undefined && row.revoked_at === null && !this.hasExpired(row);
  }

  /** Whether a key's expiry has passed, by cloudplane's clock; a key without one never expires. */
  hasExpired(key: { expires_at: string | null }): boolean {
    return key.expires_at !== null && key.expires_at <= this.deps.clock.now().toISOString();
  }

  /**
   * Records that a key was just used, at most once a minute per key and
   * without waiting: last used is a hint, not a record, so it never slows the
   * request down and a failed write (a busy database) is not worth failing
   * or retrying for; the next use a minute later writes it again.
   */
  private noteUse(key: KeptKey, nowMs: number): void {
    // Kept on the key for its requests; the map carries it over to the key's next reading.
    if (nowMs - key.lastUsedWriteMs < LAST_USED_WRITE_INTERVAL_MS) return;
    const lastWrite = this.lastUsedWrites.get(key.id);
    if (lastWrite !== undefined && nowMs - lastWrite < LAST_USED_WRITE_INTERVAL_MS) {
      key.lastUsedWriteMs = lastWrite;
      return;
    }
    if (this.lastUsedWrites.size >= MAX_CACHED_KEYS) this.lastUsedWrites.clear();
    this.lastUsedWrites.set(key.id, nowMs);
    key.lastUsedWriteMs = nowMs;
    const keyId = key.id;
    // Not part of the request's change: its audit entry must ride with the change itself (db/commit-companion.ts).
    void outsideCommitCompanion(() =>
      this.deps.db
        .updateTable('api_keys')
        .set({ last_used_at: new Date(nowMs).toISOString() })
        .where('id', '=', keyId)
        .execute()
        .catch(() => {}),
    );
  }
}

/** 00:00 UTC on a YYYY-MM-DD date, or null when the text is not a real date (2025-02-30). */
function calendarDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
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
