// What the hand-written ceilings of bench/reference-route.ts share: the
// database the service runs on (SQLite file or PostgreSQL), the API keys kept
// in a Map after their first read, and the catalogue kept in memory. None of
// cloudplane's code runs here: the statements are written by hand against the
// tables (src/db/schema.ts, src/db/migrations).
//
// SQLite: the file opened read-write, as the service opens it (WAL,
// synchronous=FULL, foreign keys on, busy_timeout 5000), since the reboot's
// ceiling writes. PostgreSQL: a pool of 10 through the same driver, with the
// service's settings (no JIT; bigint ids as numbers, timestamps as ISO text).
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';

const require = createRequire(import.meta.url);

/** A statement written once per engine; `$1`, `$2`… on both (SQLite binds them by name). */
export interface Statement {
  /** PostgreSQL prepares a named statement once per connection. */
  name: string;
  sqlite: string;
  postgres: string;
}

export interface CeilingDb {
  engine: 'sqlite' | 'postgres';
  /** The first row of a prepared statement, or undefined. */
  row<T>(statement: Statement, values: unknown[]): Promise<T | undefined>;
  /** SQLite only: the handle, for the reboot's transaction. */
  sqlite?: BetterSqlite3.Database;
  /** PostgreSQL only. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

const PG_INT8 = 20;
const PG_TIMESTAMPTZ = 1184;

/** `[a, b]` → `{1: a, 2: b}`: how better-sqlite3 binds `$1`, `$2`. */
export const numbered = (values: unknown[]) => Object.fromEntries(values.map((value, index) => [String(index + 1), value]));

export function openCeilingDb(options: { sqliteFile?: string; databaseUrl?: string }): CeilingDb {
  if (options.sqliteFile) {
    const Database = require('better-sqlite3') as typeof BetterSqlite3;
    const db = new Database(options.sqliteFile);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const prepared = new Map<string, BetterSqlite3.Statement>();
    const prepare = (statement: Statement) => {
      let found = prepared.get(statement.name);
      if (!found) prepared.set(statement.name, (found = db.prepare(statement.sqlite)));
      return found;
    };
    return {
      engine: 'sqlite',
      sqlite: db,
      row: async <T>(statement: Statement, values: unknown[]) => prepare(statement).get(numbered(values)) as T | undefined,
      close: async () => {
        db.close();
      },
    };
  }
  if (options.databaseUrl) {
    const { Pool, types } = require('pg') as typeof pg;
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: '-c jit=off',
      types: {
        getTypeParser(oid: number, format?: 'text' | 'binary') {
          if (oid === PG_INT8) return (value: string) => Number(value);
          if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
          return types.getTypeParser(oid, format) as (value: string) => unknown;
        },
      },
    });
    pool.on('error', () => {});
    return {
      engine: 'postgres',
      pool,
      row: async <T>(statement: Statement, values: unknown[]) =>
        (await pool.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.postgres, values })).rows[0] as T | undefined,
      close: () => pool.end(),
    };
  }
  throw new Error('set REFERENCE_SQLITE_FILE or REFERENCE_DATABASE_URL');
}

export interface KeyRow {
  user_id: number;
  secret_hash: string;
  /** 0/1 on SQLite. */
  read_only: boolean | number;
}

const KEY: Statement = {
  name: 'ceiling-key',
  sqlite: 'select user_id, secret_hash, read_only from api_keys where lookup_id = $1',
  postgres: 'select user_id, secret_hash, read_only from api_keys where lookup_id = $1',
};
const TOKEN = /^Bearer cp_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/**
 * The caller's key: its row kept in a Map after the first read (revocation
 * and expiry are not checked again: the bench's keys have neither), its
 * secret hashed and compared in constant time on every request.
 */
export class KeyCache {
  private readonly keys = new Map<string, KeyRow | undefined>();

  constructor(private readonly db: CeilingDb) {}

  async authenticate(authorization: string | undefined): Promise<KeyRow | undefined> {
    const match = TOKEN.exec(authorization ?? '');
    const lookupId = match?.[1] ?? '';
    if (!this.keys.has(lookupId)) this.keys.set(lookupId, await this.db.row<KeyRow>(KEY, [lookupId]));
    const key = this.keys.get(lookupId);
    const hash = createHash('sha256')
      .update(match?.[2] ?? '')
      .digest();
    return key && timingSafeEqual(hash, Buffer.from(key.secret_hash, 'hex')) ? key : undefined;
  }
}

/** Of the catalogue, what the ceilings show: its products as stored (key order included: jsonb's on PostgreSQL, as the service reads it). */
export interface CatalogueProduct {
  id: number;
  name: string;
  upgradeable_to?: number[];
  [field: string]: unknown;
}

export interface KeptCatalogue {
  products: CatalogueProduct[];
  byId: Map<number, CatalogueProduct>;
  /** The upgrades of each product that are products of the catalogue (what the legacy API lists), as strings. */
  legacyUpgrades: Map<number, string[]>;
}

const CATALOGUE: Statement = {
  name: 'ceiling-catalogue',
  sqlite: 'select document from billing_catalogue where id = 1',
  postgres: 'select document from billing_catalogue where id = 1',
};

/**
 * The catalogue, read once at start and kept (the service keeps it too, until
 * the operator replaces it; the bench never does once seeded).
 */
export async function loadCatalogue(db: CeilingDb): Promise<KeptCatalogue> {
  const row = await db.row<{ document: string | { products: CatalogueProduct[] } }>(CATALOGUE, []);
  if (!row) throw new Error('no catalogue in billing_catalogue');
  const document = typeof row.document === 'string' ? (JSON.parse(row.document) as { products: CatalogueProduct[] }) : row.document;
  const byId = new Map(document.products.map((product) => [product.id, product]));
  const legacyUpgrades = new Map(
    document.products.map((product) => [product.id, (product.upgradeable_to ?? []).filter((id) => byId.has(id)).map((id) => String(id))]),
  );
  return { products: document.products, byId, legacyUpgrades };
}
