// Every query on server metric samples and their rollups (migrations 0015,
// 0025, 0026), and the servers whose counters the sampler reads. Moments are
// milliseconds since the epoch; a server is named by its key (`serverMetricKey`).
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { deleteInBatches } from '../../db/pruning.ts';
import type { Database } from '../../db/schema.ts';
import { serverMetricKey } from './server-metrics.keys.ts';
import type { Counter, Usage } from './server-metrics.usage.ts';

export interface StoredSample extends Record<Counter, number> {
  serverId: string;
  atMs: number;
}

export type RollupTable = 'server_metric_rollups_5m' | 'server_metric_rollups_1h';
export type MetricTable = 'server_metric_samples' | RollupTable;

const COUNTER_COLUMNS = ['cpu_time_ns', 'network_rx_bytes', 'network_tx_bytes', 'disk_read_bytes', 'disk_write_bytes'] as const;

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

/** A sample's column beside the same server's sample before it (`before_<column>`): the two make a pair. */
const theOneBefore = (column: string) => sql`lag(${sql.ref(column)}) over (partition by server_key order by at)`;

/** A counter's increase over a pair (see server-metrics.usage.ts): a counter that went down started again from zero. */
const pairIncrease = (column: (typeof COUNTER_COLUMNS)[number]) =>
  sql<number>`case when ${sql.ref(column)} >= ${sql.ref(`before_${column}`)} then ${sql.ref(column)} - ${sql.ref(`before_${column}`)} else ${sql.ref(column)} end`;

/** A graph's step: the usages whose moment falls in it, added up. */
export interface StepTotal {
  /** The step's place in the range: 0 for the one starting at the range's start. */
  index: number;
  usage: Usage;
}

/** What a graph reads: a server's usages over [startMs, endMs] added up per step, from the rollups and the raw samples. */
export interface StepTotalsQuery {
  serverId: string;
  startMs: number;
  endMs: number;
  stepMs: number;
  /** The rollups to read, coarsest first: each from where the one before stopped, up to its progress. The raw samples answer the rest. */
  rollups: readonly { name: string; table: RollupTable }[];
  /** Consecutive samples further apart than this span a gap, not a pair. */
  maxGapMs: number;
}

/**
 * A graph's totals per step, in one statement: each rollup answers from where
 * the coarser one stopped up to the moment it is rolled up to (its progress,
 * read in the same statement, never past the range), and the raw samples'
 * pairs the rest, made in SQL as `rollUpSamples` makes them. Every usage
 * counts in the step its moment falls in: a rollup row by its bucket's start,
 * a pair by its later sample; a moment exactly at the range's end closes the
 * last step. The database adds them up, so a step costs the process one row
 * however many samples or buckets it spans.
 */
export async function stepTotals(db: Kysely<Database>, query: StepTotalsQuery): Promise<StepTotal[]> {
  const key = serverMetricKey(query.serverId);
  const endExclusive = query.endMs + 1;
  // Each rollup's reach as a statement of its own (`reach_0`, …): its progress held to [where the one before stopped, the range's end].
  const reaches: RawBuilder<unknown>[] = [];
  const parts: RawBuilder<unknown>[] = [];
  let from: RawBuilder<unknown> = sql`cast(${query.startMs} as bigint)`;
  for (const [index, rollup] of query.rollups.entries()) {
    const reach = sql.raw(`reach_${index}`);
    reaches.push(
      sql`${reach} as (select case when through > from_ms then case when through < ${endExclusive} then through else ${endExclusive} end else from_ms end as until_ms
        from (select coalesce((select through from server_metric_rollup_progress where resolution = ${rollup.name}), 0) as through, ${from} as from_ms) progress)`,
    );
    const until = sql`(select until_ms from ${reach})`;
    parts.push(sql`select at, elapsed_ms, ${sql.join(COUNTER_COLUMNS.map((column) => sql.ref(column)))} from ${sql.table(rollup.table)}
      where server_key = ${key} and at >= ${from} and at < ${until}`);
    from = until;
  }
  const before = (column: string) => sql`${theOneBefore(column)} as ${sql.ref(`before_${column}`)}`;
  parts.push(sql`select at, at - before_at as elapsed_ms, ${sql.join(COUNTER_COLUMNS.map((column) => sql`${pairIncrease(column)} as ${sql.ref(column)}`))}
    from (select at, ${sql.join(COUNTER_COLUMNS.map((column) => sql.ref(column)))}, ${before('at')}, ${sql.join(COUNTER_COLUMNS.map(before))}
          from server_metric_samples where server_key = ${key} and at >= ${from} - ${query.maxGapMs} and at < ${endExclusive}) pairs
    where at >= ${from} and at - before_at > 0 and at - before_at <= ${query.maxGapMs}`);
  // A moment at the range's end counts in the last step, as one a millisecond before it.
  const stepIndex = sql`cast(((case when at < ${query.endMs} then at else ${query.endMs - 1} end) - ${query.startMs}) / ${query.stepMs} as integer)`;
  const statement = sql<Record<'step_index' | 'elapsed_ms' | (typeof COUNTER_COLUMNS)[number], number | string>>`
    ${reaches.length > 0 ? sql`with ${sql.join(reaches)}` : sql``}
    select ${stepIndex} as step_index, sum(elapsed_ms) as elapsed_ms, ${sql.join(COUNTER_COLUMNS.map((column) => sql`sum(${sql.ref(column)}) as ${sql.ref(column)}`))}
    from (${sql.join(parts, sql` union all `)}) usages
    group by step_index order by step_index`;
  const { rows } = await statement.execute(db);
  // PostgreSQL answers a sum of bigints as numeric, which its driver reads as text.
  return rows.map((row) => ({
    index: Number(row.step_index),
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

/**
 * Rolls these servers' raw samples up into one row each of `into` at
 * `bucketMs`: the pairs of consecutive samples whose later sample falls in
 * [bucketMs, bucketMs + sizeMs), at most `maxGapMs` apart, added up. The same
 * pairs as a graph's (`stepTotals`), made by the database (each sample beside the
 * one before it, from one gap before the bucket), so a round does not bring
 * every sample of the bucket into the process. Replaces what was there.
 */
export async function rollUpSamples(db: Kysely<Database>, into: RollupTable, serverIds: readonly string[], bucketMs: number, sizeMs: number, maxGapMs: number): Promise<void> {
  if (serverIds.length === 0) return;
  const before = (column: string) => theOneBefore(column).as(`before_${column}`);
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
