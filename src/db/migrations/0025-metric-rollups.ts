// Server metrics with a fixed footprint (D25): raw samples for a day,
// 5-minute rollups for a week, hourly rollups for 90 days, each pruned on
// its own.
//
// - Moments are integer milliseconds since the epoch (`at`), not the
//   timestamp text other tables keep: at a sample a minute per server, the
//   24 bytes of an ISO string in the row and again in the index are a third
//   of what a sample costs on SQLite.
// - A rollup row is what the pairs of samples whose later sample falls in
//   its bucket add up to: the time they span and each counter's increase.
//   Rows of any resolution then add up the same way, so a graph can join
//   hourly rows, 5-minute rows and the newest raw samples.
// - On SQLite the tables are WITHOUT ROWID (the primary key is the table, no
//   second copy of it), with an index on `at` for pruning in batches.
// - On PostgreSQL they are partitioned by day on `at`, and retention drops
//   whole partitions; the job makes each day's partition before it writes
//   into it (db/partitions.ts), and this migration the days the old samples
//   span, as it copies them.
//
// `server_metric_rollup_progress` says, per resolution, up to which moment
// every bucket has been rolled up.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

const DAY_MS = 86_400_000;

/** The day partition's name: `<table>_p20250301`. The same as db/partitions.ts makes; frozen here as migrations are. */
function partitionName(table: string, dayStartMs: number): string {
  return `${table}_p${new Date(dayStartMs).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

async function createMetricTable(db: Kysely<any>, types: ColumnTypes, table: string, columns: 'sample' | 'rollup'): Promise<void> {
  let builder = db.schema
    .createTable(table)
    .addColumn('server_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull());
  if (columns === 'rollup') builder = builder.addColumn('elapsed_ms', 'bigint', (c) => c.notNull());
  builder = builder
    .addColumn('cpu_time_ns', 'bigint', (c) => c.notNull())
    .addColumn('network_rx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('network_tx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('disk_read_bytes', 'bigint', (c) => c.notNull())
    .addColumn('disk_write_bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table.replace(/_new$/, '')}_pkey`, ['server_id', 'at']);
  await builder.modifyEnd(types.engine === 'postgres' ? sql`partition by range (at)` : sql`without rowid`).execute();
}

async function createDayPartition(db: Kysely<any>, parent: string, finalName: string, dayStartMs: number): Promise<void> {
  const name = partitionName(finalName, dayStartMs);
  await sql`create table if not exists ${sql.table(name)} partition of ${sql.table(parent)} for values from (${sql.lit(dayStartMs)}) to (${sql.lit(dayStartMs + DAY_MS)})`.execute(db);
}

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  const postgres = types.engine === 'postgres';
  await createMetricTable(db, types, 'server_metric_samples_new', 'sample');
  const atMs = postgres ? sql`(extract(epoch from at) * 1000)::bigint` : sql`cast(round((julianday(at) - 2440587.5) * 86400000) as integer)`;
  if (postgres) {
    const { rows } = await sql<{ first: number | null; last: number | null }>`select min(${atMs}) as first, max(${atMs}) as last from server_metric_samples`.execute(db);
    const { first, last } = rows[0] ?? { first: null, last: null };
    if (first !== null && last !== null) {
      for (let day = Math.floor(Number(first) / DAY_MS) * DAY_MS; day <= Number(last); day += DAY_MS) {
        await createDayPartition(db, 'server_metric_samples_new', 'server_metric_samples', day);
      }
    }
  }
  await sql`insert into server_metric_samples_new (server_id, at, cpu_time_ns, network_rx_bytes, network_tx_bytes, disk_read_bytes, disk_write_bytes)
    select server_id, ${atMs}, cpu_time_ns, network_rx_bytes, network_tx_bytes, disk_read_bytes, disk_write_bytes from server_metric_samples`.execute(db);
  await db.schema.dropTable('server_metric_samples').execute();
  await db.schema.alterTable('server_metric_samples_new').renameTo('server_metric_samples').execute();

  await createMetricTable(db, types, 'server_metric_rollups_5m', 'rollup');
  await createMetricTable(db, types, 'server_metric_rollups_1h', 'rollup');
  if (!postgres) {
    // PostgreSQL prunes by dropping partitions; SQLite deletes the oldest rows, found by this index.
    for (const table of ['server_metric_samples', 'server_metric_rollups_5m', 'server_metric_rollups_1h']) {
      await db.schema.createIndex(`${table}_at`).on(table).column('at').execute();
    }
  }

  await db.schema
    .createTable('server_metric_rollup_progress')
    .addColumn('resolution', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('through', 'bigint', (c) => c.notNull())
    .execute();
}
