// Hot queries built and compiled once, then run with each call's values.
// Building a query with Kysely and compiling it to SQL costs more than
// running a small indexed read (~10 µs against ~5 µs on SQLite), and the
// requests that run most (a key's /me/, a server, a project check) repeat the
// same few queries with different ids. A prepared query is written exactly
// like any other Kysely query; its arguments stand in as parameters, so the
// SQL text is the same every time and the SQLite statement cache (client.ts)
// or PostgreSQL's plan reuse applies too. On SQLite, when no turn holds the
// one connection, the statement runs at once instead of through Kysely's
// connection machinery (readAtOnce in sqlite-dialect.ts).
import { CompiledQuery, PostgresAdapter, sql, type Compilable, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { keepPlannedOnPostgres, rowFactory } from './client.ts';
import { readAtOnce } from './sqlite-dialect.ts';
import type { Database } from './schema.ts';

/** Where an argument goes in the compiled parameters. Kysely passes any value it is given through as a parameter. */
class Argument {
  constructor(readonly position: number) {}
}

interface Compiled {
  sql: string;
  /** Fixed values as compiled, and Argument marks where each call's values go. */
  parameters: readonly unknown[];
}

// `select *` or `"table".*`, but not `count(*)`.
const SELECTS_EVERY_COLUMN = /(?:^|[\s,])(?:"[^"]+"\.)?\*(?=[\s,]|$)/;

/**
 * `build` receives placeholders in place of its arguments: it may use them
 * only as values (where, set, values), never to decide the query's shape,
 * since it runs once per engine. Values written into the query stay fixed.
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  // Per dialect adapter: the two engines compile to different SQL, and a transaction shares
  // its database's adapter, so queries in transactions are compiled once too.
  const compiledFor = new WeakMap<object, Compiled>();
  return async (db, ...args) => {
    const dialect = db.getExecutor().adapter;
    let compiled = compiledFor.get(dialect);
    if (!compiled) {
      const placeholders = args.map((_, position) => new Argument(position)) as Args;
      const query = build(db, ...placeholders).compile();
      // PostgreSQL keeps these planned per connection, and a kept `select *` fails once a migration adds a column.
      if (SELECTS_EVERY_COLUMN.test(query.sql)) throw new Error(`a prepared query names the columns it reads, never *: ${query.sql}`);
      compiled = { sql: query.sql, parameters: query.parameters };
      compiledFor.set(dialect, compiled);
      if (dialect instanceof PostgresAdapter) keepPlannedOnPostgres(compiled.sql);
    }
    const parameters = compiled.parameters.map((value) => (value instanceof Argument ? args[value.position] : value));
    const rows = readAtOnce(db, compiled.sql, parameters);
    if (rows) return rows as Row[];
    const result = await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows as Row[];
  };
}

/**
 * A value the code fixes (a role, a status), written into the SQL text
 * instead of bound, for comparisons with a column that a partial index's
 * WHERE names (`project_members.role`, `actions.status`, `payments.status`).
 * SQLite plans such a statement around the bound value (can the partial index
 * serve it?) and so prepares it afresh each time the value is bound: every
 * run, with better-sqlite3, which binds on each call. The owned-projects read
 * cost 14 µs that way and 5 µs with the value written in. Only ever for
 * values from the code, never from a request (sql.lit quotes it either way).
 */
export function fixedInSql<Value extends string>(value: Value): RawBuilder<Value> {
  return sql.lit(value);
}

/**
 * `column` is one of the ids of a JSON array parameter (`JSON.stringify(ids)`),
 * for `where(isOneOfIds(db, column, ids))`: a list of any length is one
 * parameter, so a query over "these ids" can be prepared once (its text never
 * changes with the count), and neither engine's limit on bound parameters
 * applies. Each engine looks the ids up in the column's index
 * (isOneOfSelected).
 */
export function isOneOfIds(db: Kysely<Database>, column: string, idsJson: unknown): RawBuilder<SqlBool> {
  const ids =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`(select value::bigint from jsonb_array_elements_text(${idsJson}::jsonb))`
      : sql`(select value from json_each(${idsJson}))`;
  return isOneOfSelected(db, column, ids);
}

/**
 * `column` is one of the values `subquery` selects (one column), for
 * `where(isOneOfSelected(db, column, subquery))`. PostgreSQL gets them as an
 * array (`= any(array(…))`), which it reads first and looks up in the
 * column's index: given `in (…)`, it planned a page of 50 servers of a table
 * of a few thousand as a scan of the whole table, hashed against the 50, and
 * a join with the set a JSON function returns as a scan too. SQLite looks
 * `in (…)` up in the index either way. A raw `subquery` brings its own
 * parentheses; Kysely writes a query builder's.
 */
export function isOneOfSelected(db: Kysely<Database>, column: string, subquery: Compilable<unknown> | RawBuilder<unknown>): RawBuilder<SqlBool> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<SqlBool>`${sql.ref(column)} = any(array${subquery})`
    : sql<SqlBool>`${sql.ref(column)} in ${subquery}`;
}

/** How preparedRowsQuery's JSON must write a column that the row itself would give differently. */
export interface RowsOptions<Column extends string> {
  /**
   * Timestamp columns. PostgreSQL's JSON writes a timestamp in the session's
   * time zone and trims its fraction ("…:31.12+00:00"); these are written as
   * the rows give them (client.ts: ISO text, UTC, milliseconds, as SQLite
   * stores them). SQLite's are that text already.
   */
  timestamps?: readonly Column[];
}

// Date.prototype.toISOString's form, which the rows' timestamp parser (client.ts) gives: UTC, milliseconds truncated, "Z".
const ISO_TIMESTAMP_ON_POSTGRES = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * preparedQuery for reads of many rows, which leave the database as one JSON
 * text (an array of arrays, one per row) that V8 parses in one go. Handing
 * rows over value by value costs more than finding them: better-sqlite3
 * takes ~0.2 µs a value, and the pg driver parses every value of every row
 * through its type parsers (about a third of the busy CPU of a legacy list
 * of 100 servers on PostgreSQL). Measured on a legacy server list: SQLite's
 * billing read from 220 µs to 120 µs.
 *
 * `columns` names the selected columns once more, in the order selected: the
 * rows rebuilt have exactly these. Values keep their types (numbers, text,
 * booleans, null) as the engine's rows have them, ids and money as numbers on
 * both; a JSON column stays text, and a JSON value built in the query
 * (jsonArrayFrom) may arrive already parsed, which readJson accepts either
 * way. Timestamps need `options.timestamps`. Any ORDER BY of the query is
 * kept: the array is built in the order the query gives its rows.
 */
export function preparedRowsQuery<Args extends unknown[], Row extends Record<string, unknown>>(
  columns: readonly (keyof Row & string)[],
  build: (db: Kysely<Database>, ...args: Args) => SelectQueryBuilder<Database, keyof Database, Row>,
  options: RowsOptions<keyof Row & string> = {},
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const counted = preparedCountedRowsQuery<Args, Row>(columns, () => sql<number>`0`, build, options);
  return async (db, ...args) => (await counted(db, ...args)).rows;
}

/**
 * preparedRowsQuery with a number the same statement reads beside the rows:
 * a page and the count of everything it is cut from, in one round trip.
 * `count` gets the same placeholders as `build` (use them as values only).
 */
export function preparedCountedRowsQuery<Args extends unknown[], Row extends Record<string, unknown>>(
  columns: readonly (keyof Row & string)[],
  count: (db: Kysely<Database>, ...args: Args) => RawBuilder<number>,
  build: (db: Kysely<Database>, ...args: Args) => SelectQueryBuilder<Database, keyof Database, Row>,
  options: RowsOptions<keyof Row & string> = {},
): (db: Kysely<Database>, ...args: Args) => Promise<{ count: number; rows: Row[] }> {
  const timestamps = new Set<string>(options.timestamps);
  const asJson = preparedQuery((db: Kysely<Database>, ...args: Args) => {
    const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const values = columns.map((column) => {
      const value = sql.ref(`selected.${column}`);
      return onPostgres && timestamps.has(column) ? sql`to_char(${value} at time zone 'UTC', ${sql.raw(ISO_TIMESTAMP_ON_POSTGRES)})` : value;
    });
    const rows = onPostgres
      ? sql<string>`coalesce(json_agg(json_build_array(${sql.join(values)})), '[]')::text`
      : sql<string>`json_group_array(json_array(${sql.join(values)}))`;
    return db.selectFrom(build(db, ...args).as('selected')).select([rows.as('rows'), count(db, ...args).as('count')]);
  });
  const toRow = rowFactory([...columns]) as (values: unknown[]) => Row;
  return async (db, ...args) => {
    const [result] = await asJson(db, ...args);
    return { count: Number(result?.count ?? 0), rows: (JSON.parse(result?.rows ?? '[]') as unknown[][]).map(toRow) };
  };
}
