// The metric tables name a server by `server_key`, its id (16 hex digits, 64
// random bits) read as a signed 64-bit integer, instead of the id's text.
//
// A sample is small, so its key is a large share of it: on PostgreSQL the
// text's 17 bytes are padded to 24 in the row, and the primary key's index,
// which random inserts leave part full, held about 83 bytes an entry against
// 42 for the integer. Measured on 1.44 million samples: 185 bytes a row with
// its index, 126 with the key. On SQLite the integer takes 8 bytes where the
// text took 17. The key is computed from the id on both sides
// (servers/server-metrics.keys.ts in the service, the expression below here),
// so no table maps one to the other.
//
// On PostgreSQL the raw samples are partitioned by the hour from here on
// (db/partitions.ts says why), so that table is made again, with an hour's
// partition for each hour its rows fall in, and the rows copied over; the
// rollups stay partitioned by day and are rewritten in place (their
// partitions with them). SQLite cannot change a column's type, so it
// rebuilds each WITHOUT ROWID table.
import { sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

const TABLES = ['server_metric_samples', 'server_metric_rollups_5m', 'server_metric_rollups_1h'] as const;
const COUNTERS = ['cpu_time_ns', 'network_rx_bytes', 'network_tx_bytes', 'disk_read_bytes', 'disk_write_bytes'];
const HOUR_MS = 3_600_000;
const POSTGRES_KEY_OF_ID = sql`('x' || server_id)::bit(64)::bigint`;

/** An hour's partition: `<table>_p2025030114`. The same as db/partitions.ts makes; frozen here as migrations are. */
function hourPartitionName(table: string, hourStartMs: number): string {
  const iso = new Date(hourStartMs).toISOString();
  return `${table}_p${iso.slice(0, 10).replaceAll('-', '')}${iso.slice(11, 13)}`;
}

async function samplesByTheHourOnPostgres(db: Kysely<any>): Promise<void> {
  // The old table and its key's index step aside for the new ones, which take their names.
  await sql`alter table server_metric_samples rename to server_metric_samples_by_day`.execute(db);
  await sql`alter index server_metric_samples_pkey rename to server_metric_samples_by_day_pkey`.execute(db);
  let builder: CreateTableBuilder<string, string> = db.schema.createTable('server_metric_samples').addColumn('server_key', 'bigint', (c) => c.notNull());
  for (const column of ['at', ...COUNTERS]) builder = builder.addColumn(column, 'bigint', (c) => c.notNull());
  await builder.addPrimaryKeyConstraint('server_metric_samples_pkey', ['server_key', 'at']).modifyEnd(sql`partition by range (at)`).execute();
  const { rows } = await sql<{ hour: string }>`select distinct (at / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)} as hour from server_metric_samples_by_day`.execute(db);
  for (const { hour } of rows) {
    const start = Number(hour);
    await sql`create table ${sql.table(hourPartitionName('server_metric_samples', start))} partition of server_metric_samples for values from (${sql.lit(start)}) to (${sql.lit(start + HOUR_MS)})`.execute(db);
  }
  await sql`insert into server_metric_samples (server_key, at, ${sql.join(COUNTERS.map((column) => sql.ref(column)))})
    select ${POSTGRES_KEY_OF_ID}, at, ${sql.join(COUNTERS.map((column) => sql.ref(column)))} from server_metric_samples_by_day`.execute(db);
  await db.schema.dropTable('server_metric_samples_by_day').execute();
}

/** SQLite has no hex parser: each digit's value (its place in the digits, less one) shifted into place; the top digit's shift wraps into the sign, as a signed 64-bit integer does. */
function sqliteKeyOf(column: string): RawBuilder<number> {
  const digits = Array.from({ length: 16 }, (_, index) => `((instr('0123456789abcdef', lower(substr(${column}, ${index + 1}, 1))) - 1) << ${4 * (15 - index)})`);
  return sql.raw(`(${digits.join(' | ')})`);
}

/**
 * One table's rebuild, in a transaction of its own: SQLite's DDL is
 * transactional, but migrations run outside one there, so a process killed
 * between the drop and the rename would leave the rows only in the copy.
 * A table already keyed (a run killed after some tables) is passed over, so
 * the migration runs again to its end.
 */
async function rebuildOnSqlite(db: Kysely<any>, table: string): Promise<void> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  if (rows.some((column) => column.name === 'server_key')) return;
  await db.transaction().execute((trx) => copyKeyed(trx, table));
}

async function copyKeyed(db: Kysely<any>, table: string): Promise<void> {
  const rollup = table !== 'server_metric_samples';
  const copied = ['at', ...(rollup ? ['elapsed_ms'] : []), ...COUNTERS];
  let builder: CreateTableBuilder<string, string> = db.schema.createTable(`${table}_keyed`).addColumn('server_key', 'bigint', (c) => c.notNull());
  for (const column of copied) builder = builder.addColumn(column, 'bigint', (c) => c.notNull());
  await builder.addPrimaryKeyConstraint(`${table}_pkey`, ['server_key', 'at']).modifyEnd(sql`without rowid`).execute();
  await sql`insert into ${sql.table(`${table}_keyed`)} (server_key, ${sql.join(copied.map((column) => sql.ref(column)))})
    select ${sqliteKeyOf('server_id')}, ${sql.join(copied.map((column) => sql.ref(column)))} from ${sql.table(table)}`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(`${table}_keyed`).renameTo(table).execute();
  // The index that pruning in batches finds the oldest rows by (migration 0025), dropped with the old table.
  await db.schema.createIndex(`${table}_at`).on(table).column('at').execute();
}

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  if (types.engine === 'sqlite') {
    for (const table of TABLES) await rebuildOnSqlite(db, table);
    return;
  }
  await samplesByTheHourOnPostgres(db);
  for (const table of ['server_metric_rollups_5m', 'server_metric_rollups_1h']) {
    await sql`alter table ${sql.table(table)} alter column server_id type bigint using ${POSTGRES_KEY_OF_ID}`.execute(db);
    await sql`alter table ${sql.table(table)} rename column server_id to server_key`.execute(db);
  }
}
