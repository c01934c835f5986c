// Opens the one database cloudplane keeps its state in: embedded SQLite in
// DATA_DIR when DATABASE_URL is unset, otherwise that PostgreSQL server.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type PostgresCursor, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { crashPoint } from '../crash-points.ts';
import { takeCommitCompanion, type TakenCompanion } from './commit-companion.ts';
import { partRows, withCompanion, type Statement } from './companion-statement.ts';
import type { Database } from './schema.ts';
import { QueuedSqliteDialect } from './sqlite-dialect.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  /** Every statement bounded in time (PostgreSQL: STATEMENT_TIME_LIMIT_MS): what requests and the worker use. */
  db: Kysely<Database>;
  /**
   * The same database without the time limit on a statement, for work whose
   * statements may rightly take long and that no client waits on: the
   * migrations. On SQLite, `db` itself (it has no such limit).
   */
  unhurried: Kysely<Database>;
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
    get inTransaction() {
      return native.inTransaction;
    },
    close: () => native.close(),
    prepare: prepareCached,
  };
  const dialect = new QueuedSqliteDialect(database);
  const db = new Kysely<Database>({ dialect });
  dialect.readsAtOnceFor(db);
  return { db, unhurried: db, engine: 'sqlite', close: () => db.destroy() };
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

/**
 * How long a statement may go unanswered before its connection counts as
 * lost. A PostgreSQL that does not answer at all (a network that drops
 * every packet, a host that froze) gives no error, and without a limit a
 * request would wait for it forever, holding its pooled connection; with it
 * the request is answered 503 (db/unavailable.ts) and the connection is
 * closed, not reused. The slowest statements a request runs take well under
 * a second under the bench's load (docs/performance.md: the legacy list's
 * p99 of 132-303 ms on PostgreSQL, its figure for a whole request), so 3 s
 * leaves ten times that and still answers within 5 s. Migrations have none
 * (`unhurried`).
 */
export const STATEMENT_TIME_LIMIT_MS = 3_000;
/**
 * How long a request may wait for a connection: a new one to open, or one
 * of the pool's to come free. Connecting to PostgreSQL takes milliseconds
 * and the pool's connections turn over in milliseconds, so 2 s is long only
 * when PostgreSQL does not answer. With the statement's limit, a request
 * meets an outage within 5 s.
 */
const CONNECT_TIME_LIMIT_MS = 2_000;

/**
 * A connection of the pool as Kysely sees it: the named texts run under
 * their names, each statement bounded by `timeLimitMs`. Once a statement
 * failed because the connection is lost or silent (db/unavailable.ts), the
 * connection is done with: the statements that follow (the transaction's
 * ROLLBACK) fail at once instead of waiting out the limit again, and it is
 * closed when released instead of going back to the pool.
 */
class NamingClient implements PostgresPoolClient {
  private lost: Error | null = null;
  /** Between Kysely's `begin` and its `commit` or `rollback`: a write then commits with the transaction. */
  private inTransaction = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly timeLimitMs: number | undefined,
  ) {
    // pg's pool listens for a connection's errors only while it is idle in the pool. One that dies while a request
    // holds it (PostgreSQL restarted mid-transaction) emits 'error' with nobody listening, which would end the
    // process: here it marks the connection lost, and the statement under way fails on its own.
    client.on('error', (error) => {
      this.lost ??= error;
    });
  }

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters: readonly unknown[] = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Cursors (streaming) are not used by cloudplane; pg would take one as it is.
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as never);
    if (this.lost) return Promise.reject(this.lost);
    const text = sqlOrCursor;
    // The work's commit companion (commit-companion.ts) rides with the first write to commit: a transaction's, or a
    // single statement's, which then gets a transaction of its own around the two.
    if (text === 'commit' && this.inTransaction) {
      this.inTransaction = false;
      const companion = takeCommitCompanion();
      if (companion) return this.commitWith(companion) as Promise<never>;
    } else if (text === 'begin' || text.startsWith('start transaction')) {
      this.inTransaction = true;
    } else if (text === 'rollback') {
      this.inTransaction = false;
    } else if (!this.inTransaction && writesRows(text)) {
      const companion = takeCommitCompanion();
      if (companion) return this.writeWith(text, parameters, companion) as Promise<never>;
    }
    return this.send(text, parameters);
  }

  private send<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    if (this.lost) return Promise.reject(this.lost);
    // pg reads `query_timeout` from a query's config as from the client's (its types do not list it there).
    const config: pg.QueryConfig & { query_timeout?: number } = { name: statementNames.get(text), text, values: [...parameters], query_timeout: this.timeLimitMs };
    const answer = this.client.query(config) as Promise<never>;
    return answer.catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) this.lost = error as Error;
      throw error;
    });
  }

  /** Runs the companion's statement in the open transaction, then commits the two. */
  private async commitWith(companion: TakenCompanion): Promise<PostgresQueryResult<unknown>> {
    try {
      const { rows } = await this.send(companion.statement.sql, companion.statement.parameters);
      crashPoint('audit.before-commit');
      const committed = await this.send('commit', []);
      companion.committed(rows);
      return committed;
    } catch (error) {
      // Kysely rolls the transaction back.
      companion.givenBack();
      throw error;
    }
  }

  /** A write outside a transaction, and the companion with it: one statement when they can be (companion-statement.ts), else one transaction. */
  private async writeWith(text: string, parameters: readonly unknown[], companion: TakenCompanion): Promise<PostgresQueryResult<unknown>> {
    const together = withCompanion({ text, parameters }, { text: companion.statement.sql, parameters: companion.statement.parameters });
    if (together) return this.writeAsOneWith(together, companion);
    try {
      await this.send('begin', []);
      const written = await this.send(text, parameters);
      const { rows } = await this.send(companion.statement.sql, companion.statement.parameters);
      crashPoint('audit.before-commit');
      await this.send('commit', []);
      companion.committed(rows);
      return written;
    } catch (error) {
      companion.givenBack();
      if (!this.lost) await this.send('rollback', []).catch(() => undefined);
      throw error;
    }
  }

  private async writeAsOneWith(together: Statement, companion: TakenCompanion): Promise<PostgresQueryResult<unknown>> {
    try {
      // Nothing is written yet: dying here leaves neither, as dying before the commit of the two does.
      crashPoint('audit.before-commit');
      const answer = await this.send<Record<string, unknown>>(together.text, together.parameters);
      const { written, companion: companionRows } = partRows(answer.rows);
      companion.committed(companionRows);
      // As the write alone would have answered: Kysely counts the rows an INSERT affected.
      return { command: 'INSERT', rowCount: written.length, rows: written };
    } catch (error) {
      companion.givenBack();
      throw error;
    }
  }

  release(): void {
    // pg's pool closes a connection released with an error, and keeps it otherwise.
    this.client.release(this.lost ?? undefined);
  }
}

const WRITES = /^\s*(?:insert|update|delete|merge)\b/i;
const WRITES_IN_A_CTE = /\b(?:insert\s+into|update\s+"|delete\s+from)\b/i;

/** Whether a statement's text writes rows: what takes a commit companion along when it runs outside a transaction. */
function writesRows(text: string): boolean {
  return WRITES.test(text) || (/^\s*with\b/i.test(text) && WRITES_IN_A_CTE.test(text));
}

function namingPool(pool: pg.Pool, timeLimitMs: number | undefined, ownsPool: boolean): PostgresPool {
  // Kysely keeps its own state per connection object, so each pg client has one wrapper (per Kysely instance).
  const wrappers = new WeakMap<pg.PoolClient, NamingClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new NamingClient(client, timeLimitMs);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    // The pool is shared by `db` and `unhurried`: the handle's `db` ends it.
    end: () => (ownsPool ? pool.end() : Promise.resolve()),
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
    connectionTimeoutMillis: CONNECT_TIME_LIMIT_MS,
    // No JIT compilation of queries. PostgreSQL compiles a plan whose estimated
    // cost passes jit_above_cost, and a generic plan of a short read can be
    // estimated that high when the statistics are skewed (a project of 100,000
    // servers among few): compiling then took 17-220 ms of a read that runs in
    // under 1 ms. Every query here is a short one, where JIT cannot pay off.
    // A transaction left idle for 10 s is ended by PostgreSQL: no transaction
    // here waits on anything but its own statements, so only one whose
    // process died or lost its network is ever idle that long, and its locks
    // (a job's row, a project's server count) would otherwise stay taken
    // until the server's TCP keepalive noticed, hours later.
    // An `options` parameter in DATABASE_URL replaces this one.
    options: '-c jit=off -c idle_in_transaction_session_timeout=10s',
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool, STATEMENT_TIME_LIMIT_MS, true) }) });
  const unhurried = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool, undefined, false) }) });
  return { db, unhurried, engine: 'postgres', close: () => db.destroy() };
}

/** How long /readyz waits for the database: a load balancer asks often and wants its answer quickly. */
const PING_TIME_LIMIT_MS = 2_000;

/** Asks the database for `select 1`; rejects (as unavailable) when it fails or takes longer than PING_TIME_LIMIT_MS. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeLimit = new Promise<never>((_resolve, reject) => {
    // ETIMEDOUT, as a connection that timed out: db/unavailable.ts counts it as the database being unavailable.
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer to a ping within ${PING_TIME_LIMIT_MS} ms`), { code: 'ETIMEDOUT' })), PING_TIME_LIMIT_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeLimit]);
  } finally {
    clearTimeout(timer);
  }
}

/** A unique constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_*UNIQUE/PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
