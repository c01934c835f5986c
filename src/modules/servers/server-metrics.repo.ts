// Every query on server metric samples and their rollups (migrations 0015,
// 0025, 0026), and the servers whose counters the sampler reads. Moments are
// milliseconds since the epoch; a server is named by its key (`serverMetricKey`).
import { sql, type Kysely, type SqlBool } from 'kysely';
import { deleteInBatches } from '../../db/pruning.ts';
import type { Database } from '../../db/schema.ts';
import { serverMetricKey } from './server-metrics.keys.ts';
import type { Counter, Usage } from './server-metrics.usage.ts';

export interface StoredSample extends Record<Counter, number> {
  serverId: string;
  atMs: number;
}

/** A rollup's row: what a server did over the bucket starting at `atMs`. */
export interface RollupRow {
  serverId: string;
  atMs: number;
  usage: Usage;
}

export type RollupTable = 'server_metric_rollups_5m' | 'server_metric_rollups_1h';
export type MetricTable = 'server_metric_samples' | RollupTable;

const COUNTER_COLUMNS = ['cpu_time_ns', 'network_rx_bytes', 'network_tx_bytes', 'disk_read_bytes', 'disk_write_bytes'] as const;

/** A key read back as text: the drivers read integers as numbers, which lose digits past 2^53. */
const keyText = sql<string>`cast(server_key as text)`.as('server_key');

/** The ids of running servers after `afterId` (null: from the first), in id order: one batch of the sampler. */
export async function listRunningServerIds(db: Kysely<Database>, afterId: string | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('servers').select('id').where('status', '=', 'running');
  if (afterId !== null) query = query.where('id', '>', afterId);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** The ids of every server after `afterId`, running or not, in id order: one batch of a rollup (a server stopped since has samples to roll up). */
export async function listServerIds(db: Kysely<Database>, afterId: string | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('servers').select('id');
  if (afterId !== null) query = query.where('id', '>', afterId);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Stores samples; a second sample of a server at the same moment (a round run twice) is dropped. */
export async function insertSamples(db: Kysely<Database>, samples: readonly StoredSample[]): Promise<void> {
  if (samples.length === 0) return;
  await db
    .insertInto('server_metric_samples')
    .values(
      samples.map((sample) => ({
        server_key: serverMetricKey(sample.serverId),
        at: sample.atMs,
        cpu_time_ns: sample.cpuTimeNs,
        network_rx_bytes: sample.networkRxBytes,
        network_tx_bytes: sample.networkTxBytes,
        disk_read_bytes: sample.diskReadBytes,
        disk_write_bytes: sample.diskWriteBytes,
      })),
    )
    .onConflict((conflict) => conflict.columns(['server_key', 'at']).doNothing())
    .execute();
}

type SampleRow = { at: number } & Record<(typeof COUNTER_COLUMNS)[number], number>;

function sampleOf(serverId: string, row: SampleRow): StoredSample {
  // bigint columns: numbers on both engines (db/client.ts reads PostgreSQL's int8 as a number).
  return {
    serverId,
    atMs: Number(row.at),
    cpuTimeNs: Number(row.cpu_time_ns),
    networkRxBytes: Number(row.network_rx_bytes),
    networkTxBytes: Number(row.network_tx_bytes),
    diskReadBytes: Number(row.disk_read_bytes),
    diskWriteBytes: Number(row.disk_write_bytes),
  };
}

/** The samples of these servers taken at or after `fromMs` and before `untilMs`, by server and then oldest first. */
export async function listSamples(db: Kysely<Database>, serverIds: readonly string[], fromMs: number, untilMs: number): Promise<StoredSample[]> {
  if (serverIds.length === 0) return [];
  const idsByKey = new Map(serverIds.map((serverId) => [serverMetricKey(serverId), serverId]));
  const rows = await db
    .selectFrom('server_metric_samples')
    .select([keyText, 'at', ...COUNTER_COLUMNS])
    .where('server_key', 'in', [...idsByKey.keys()])
    .where('at', '>=', fromMs)
    .where('at', '<', untilMs)
    .orderBy('server_key')
    .orderBy('at')
    .execute();
  return rows.map((row) => sampleOf(idsByKey.get(row.server_key)!, row));
}

/** A server's rollup rows whose bucket starts at or after `fromMs` and before `untilMs`, oldest first. */
export async function listRollups(db: Kysely<Database>, table: RollupTable, serverId: string, fromMs: number, untilMs: number): Promise<RollupRow[]> {
  if (untilMs <= fromMs) return [];
  const rows = await db
    .selectFrom(table)
    .select(['at', 'elapsed_ms', ...COUNTER_COLUMNS])
    .where('server_key', '=', serverMetricKey(serverId))
    .where('at', '>=', fromMs)
    .where('at', '<', untilMs)
    .orderBy('at')
    .execute();
  return rows.map((row) => ({
    serverId,
    atMs: Number(row.at),
    usage: {
      elapsedMs: Number(row.elapsed_ms),
      increase: {
        cpuTimeNs: Number(row.cpu_time_ns),
        networkRxBytes: Number(row.network_rx_bytes),
        networkTxBytes: Number(row.network_tx_bytes),
        diskReadBytes: Number(row.disk_read_bytes),
        diskWriteBytes: Number(row.disk_write_bytes),
      },
    },
  }));
}

const REPLACED = Object.fromEntries(['elapsed_ms', ...COUNTER_COLUMNS].map((column) => [column, sql.ref(`excluded.${column}`)]));

/** A counter's increase over a pair, as usage.ts's `increase`: a counter that went down started again from zero. */
const pairIncrease = (column: (typeof COUNTER_COLUMNS)[number]) =>
  sql<number>`case when ${sql.ref(column)} >= ${sql.ref(`before_${column}`)} then ${sql.ref(column)} - ${sql.ref(`before_${column}`)} else ${sql.ref(column)} end`;

/**
 * Rolls these servers' raw samples up into one row each of `into` at
 * `bucketMs`: the pairs of consecutive samples whose later sample falls in
 * [bucketMs, bucketMs + sizeMs), at most `maxGapMs` apart, added up. The same
 * pairs as usage.ts's `pairsOf`, made by the database (each sample beside the
 * one before it, from one gap before the bucket), so a round does not bring
 * every sample of the bucket into the process. Replaces what was there.
 */
export async function rollUpSamples(db: Kysely<Database>, into: RollupTable, serverIds: readonly string[], bucketMs: number, sizeMs: number, maxGapMs: number): Promise<void> {
  if (serverIds.length === 0) return;
  const before = (column: string) => sql<number>`lag(${sql.ref(column)}) over (partition by server_key order by at)`.as(`before_${column}`);
  const samplesWithTheOneBefore = db
    .selectFrom('server_metric_samples')
    .select(['server_key', 'at', ...COUNTER_COLUMNS, before('at'), ...COUNTER_COLUMNS.map(before)])
    .where('server_key', 'in', serverIds.map(serverMetricKey))
    .where('at', '>=', bucketMs - maxGapMs)
    .where('at', '<', bucketMs + sizeMs);
  const elapsed = sql<number>`at - before_at`;
  await db
    .insertInto(into)
    .columns(['server_key', 'at', 'elapsed_ms', ...COUNTER_COLUMNS])
    .expression(
      db
        .selectFrom(samplesWithTheOneBefore.as('pairs'))
        .select((eb) => [
          'server_key',
          sql.lit(bucketMs).as('at'),
          eb.fn.sum<number>(elapsed).as('elapsed_ms'),
          ...COUNTER_COLUMNS.map((column) => eb.fn.sum<number>(pairIncrease(column)).as(column)),
        ])
        .where('at', '>=', bucketMs)
        .where(elapsed, '>', 0)
        .where(elapsed, '<=', maxGapMs)
        .groupBy('server_key'),
    )
    .onConflict((conflict) => conflict.columns(['server_key', 'at']).doUpdateSet(REPLACED))
    .execute();
}

/**
 * Rolls the rows of `from` for these servers over [bucketMs, bucketMs + sizeMs)
 * up into one row each of `into` at `bucketMs`: a coarser rollup is the sum of
 * the finer one's rows. Replaces what was there.
 */
export async function rollUpRollups(db: Kysely<Database>, from: RollupTable, into: RollupTable, serverIds: readonly string[], bucketMs: number, sizeMs: number): Promise<void> {
  if (serverIds.length === 0) return;
  await db
    .insertInto(into)
    .columns(['server_key', 'at', 'elapsed_ms', ...COUNTER_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom(from)
        .select((inner) => [
          'server_key',
          sql.lit(bucketMs).as('at'),
          inner.fn.sum<number>('elapsed_ms').as('elapsed_ms'),
          ...COUNTER_COLUMNS.map((column) => inner.fn.sum<number>(column).as(column)),
        ])
        .where('server_key', 'in', serverIds.map(serverMetricKey))
        .where('at', '>=', bucketMs)
        .where('at', '<', bucketMs + sizeMs)
        .groupBy('server_key'),
    )
    .onConflict((conflict) => conflict.columns(['server_key', 'at']).doUpdateSet(REPLACED))
    .execute();
}

/** Every resolution's progress, by name. */
export async function allRollupProgress(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('server_metric_rollup_progress').select(['resolution', 'through']).execute();
  return new Map(rows.map((row) => [row.resolution, Number(row.through)]));
}

export async function setRollupProgress(db: Kysely<Database>, resolution: string, through: number): Promise<void> {
  await db
    .insertInto('server_metric_rollup_progress')
    .values({ resolution, through })
    .onConflict((conflict) => conflict.column('resolution').doUpdateSet({ through }))
    .execute();
}

/** The moment of the oldest sample kept, or null when there is none. */
export async function oldestSample(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom('server_metric_samples').select((eb) => eb.fn.min('at').as('first')).executeTakeFirst();
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}

/** Deletes a table's rows from before `beforeMs`, in batches (a day of samples at 10,000 servers is 14 million rows). */
export function pruneBefore(db: Kysely<Database>, table: MetricTable, beforeMs: number): Promise<number> {
  return deleteInBatches(db, table, sql<SqlBool>`at < ${beforeMs}`);
}
