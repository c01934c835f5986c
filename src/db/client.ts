// Opens the one database cloudplane keeps its state in: embedded SQLite in
// DATA_DIR when DATABASE_URL is unset, otherwise that PostgreSQL server.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type PostgresCursor, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';
import { QueuedSqliteDialect } from './sqlite-dialect.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}

// better-sqlite3 refuses to bind booleans; everything else binds as it is.
function bindable(params: unknown[]): unknown[] {
  return params.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}

const MAX_CACHED_STATEMENTS = 1000;
const SQLITE_PAGE_CACHE_KB = 4000;

interface CachedStatement {
  reader: boolean;
  readonly: boolean;
  all(params: unknown[]): unknown[];
  run(params: unknown[]): SqliteDatabase.RunResult;
}

/**
 * A statement ready to run with Kysely's parameters. Rows come from SQLite
 * as arrays and become objects in a function made for the statement's
 * columns: better-sqlite3 builds an object row property by property, which
 * for a wide row (a server's 23 columns) costs twice the query itself, while
 * an object literal of fixed keys is one allocation of a known shape.
 */
function cachedStatement(statement: SqliteDatabase.Statement): CachedStatement {
  const run = (params: unknown[]) => statement.run(...bindable(params));
  if (!statement.reader) return { reader: false, readonly: statement.readonly, all: () => [], run };
  statement.raw(true);
  const toRow = rowFactory(statement.columns().map((column) => column.name));
  return {
    reader: true,
    readonly: statement.readonly,
    all(params) {
      const rows = statement.all(...bindable(params)) as unknown[][];
      for (let index = 0; index < rows.length; index += 1) (rows as unknown[])[index] = toRow(rows[index]!);
      return rows;
    },
    run,
  };
}

/**
 * `(values) => ({ name0: values[0], … })`; a repeated name keeps its last value, as better-sqlite3's own rows do.
 * Rows made by one factory share one shape, built in one allocation; assigning the properties one by one
 * walks V8's shape transitions for each row.
 */
export function rowFactory(names: string[]): (values: unknown[]) => Record<string, unknown> {
  // A literal's "__proto__" key would set the prototype: that one name is written as a computed key, an own property.
  const properties = names.map((name, index) => `${name === '__proto__' ? '["__proto__"]' : JSON.stringify(name)}: values[${index}]`).join(', ');
  // The names are column names, written as JSON string literals: nothing in them is evaluated.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a row's shape is known only once the statement is prepared
  return new Function('values', `return { ${properties} };`) as (values: unknown[]) => Record<string, unknown>;
}

function openSqlite(dataDir: string): DatabaseHandle {
  fs.mkdirSync(dataDir, { recursive: true });
  const native = new SqliteDatabase(path.join(dataDir, 'cloudplane.db'));
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = FULL');
  native.pragma('foreign_keys = ON');
  // Several processes may share the file (serve + worker); wait for the write lock instead of failing.
  native.pragma('busy_timeout = 5000');
  // A page cache of 4 MB, where better-sqlite3's build sets 16 MB (SQLite's
  // own default is 2 MB). The hot reads touch a few index pages each; the
  // rest is read from the file system's cache. After the bench's load on a
  // database of 100,000 servers node held 99-101 MB with 16 MB and 89-93 MB
  // with 2-4 MB, at the same requests a second (alternated runs).
  native.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KB}`);

  // Kysely asks for a new statement on every query; preparing is a large part
  // of a small query's cost, so statements are kept by their SQL text. The
  // same text always gets the same statement, which is safe because
  // better-sqlite3 runs each one to completion before the next.
  const statements = new Map<string, CachedStatement>();
  const prepareCached = (sqlText: string) => {
    let statement = statements.get(sqlText);
    if (!statement) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
      statement = cachedStatement(native.prepare(sqlText));
      statements.set(sqlText, statement);
    }
    return statement;
  };

  const database = {
    file: native.name,
    close: () => native.close(),
    prepare: prepareCached,
  };
  const dialect = new QueuedSqliteDialect(database);
  const db = new Kysely<Database>({ dialect });
  dialect.readsAtOnceFor(db);
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/**
 * PostgreSQL keeps a named statement parsed and planned on the connection
 * that first ran it; an unnamed one is parsed and planned on every run. The
 * hot queries (db/prepared.ts) have fixed SQL texts, so each gets a name and
 * is planned once per connection: 1.31× the requests a second of `GET /me/`
 * and 1.21× of a server's GET, alternated runs. Only those texts are named:
 * a connection keeps every statement it has named until it closes, and other
 * queries can have a text per call (a list of values written out).
 */
const statementNames = new Map<string, string>();

/** Has PostgreSQL keep `sqlText` parsed and planned on each connection that runs it. */
export function keepPlannedOnPostgres(sqlText: string): void {
  if (!statementNames.has(sqlText)) statementNames.set(sqlText, `cloudplane_${statementNames.size + 1}`);
}

/** A connection of the pool as Kysely sees it: the named texts run under their names. */
class NamingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters: readonly unknown[] = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Cursors (streaming) are not used by cloudplane; pg would take one as it is.
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as never);
    const text = sqlOrCursor;
    return this.client.query({ name: statementNames.get(text), text, values: [...parameters] }) as Promise<never>;
  }

  release(): void {
    this.client.release();
  }
}

function namingPool(pool: pg.Pool): PostgresPool {
  // Kysely keeps its own state per connection object, so each pg client has one wrapper.
  const wrappers = new WeakMap<pg.PoolClient, NamingClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new NamingClient(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

const PG_INT8 = 20;
const PG_TIMESTAMPTZ = 1184;

function openPostgres(url: string): DatabaseHandle {
  // Loaded only here: the embedded default never needs the driver, and loading it costs start-up time.
  const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // No JIT compilation of queries. PostgreSQL compiles a plan whose estimated
    // cost passes jit_above_cost, and a generic plan of a short read can be
    // estimated that high when the statistics are skewed (a project of 100,000
    // servers among few): compiling then took 17-220 ms of a read that runs in
    // under 1 ms. Every query here is a short one, where JIT cannot pay off.
    // An `options` parameter in DATABASE_URL replaces this one.
    options: '-c jit=off',
    types: {
      getTypeParser(oid: number, format?: 'text' | 'binary') {
        // Ids and money are bigint columns that always fit a JS number here.
        if (oid === PG_INT8) return (value: string) => Number(value);
        // Timestamps leave the database as the same ISO text SQLite stores.
        if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
        // pg's own parser for every other type; pg declares it as returning `any`.
        return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
      },
    },
  });
  // A dropped idle connection must not take the process down; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** A unique constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_*UNIQUE/PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
