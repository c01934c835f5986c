// Rolling samples up, and letting each resolution go once its retention is
// over. Run by the sampler's job after each round, so a bucket is rolled
// up only once every sample in it is written: a round's samples are read
// at or after its boundary, so after the round at T every 5-minute bucket
// that ends by T is complete. Both steps are statements the database runs
// over a batch of servers: no sample is brought into the process (on
// PostgreSQL a 5-minute bucket of 10,000 servers took 40 ms of the
// process's CPU this way, against 400 ms when the pairs were made here).
//
// Each resolution has a progress row: every bucket before `through` is
// rolled up. A bucket is rolled up for every server, a batch of servers at
// a time, and only then does the progress move past it; a round cut off
// mid-bucket rolls the bucket up again, and a row written twice is
// replaced, not added to. After an outage the job catches up a few buckets
// a round, so that sampling is never held up for long. The 5-minute rows
// are made from the raw samples (pairs, as a graph makes them of the raw
// samples it reads), the hourly ones from the 5-minute rows (their sums).
import type { Kysely } from 'kysely';
import type { TimePartitions } from '../../db/partitions.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './server-metrics.repo.ts';
import { resolutions, RETENTION_SLACK_MS, type MetricsRetention } from './server-metrics.resolutions.ts';
import { GAP_INTERVALS } from './server-metrics.usage.ts';

/** Servers rolled up per statement. */
const SERVER_BATCH = 500;
/** Buckets of one resolution a round catches up at most (an hour of 5-minute buckets; a day of hours). */
const MAX_BUCKETS_PER_ROUND = { '5m': 12, '1h': 24 } as const;

export interface RollupDependencies {
  db: Kysely<Database>;
  partitions: TimePartitions;
  intervalMs: number;
  retention: MetricsRetention;
}

const FIVE_MINUTES_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;

/** Calls `each` with the ids of every server, a batch at a time. */
async function forEachServerBatch(db: Kysely<Database>, each: (serverIds: string[]) => Promise<void>): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const ids = await repo.listServerIds(db, after, SERVER_BATCH);
    if (ids.length === 0) return;
    await each(ids);
    if (ids.length < SERVER_BATCH) return;
    after = ids[ids.length - 1]!;
  }
}

/** One 5-minute bucket from the raw samples: per server, the pairs whose later sample falls in it, added up by the database. */
async function rollUpFiveMinutes(deps: RollupDependencies, bucketMs: number): Promise<void> {
  const maxGapMs = GAP_INTERVALS * deps.intervalMs;
  await deps.partitions.ensure('server_metric_rollups_5m', [bucketMs]);
  await forEachServerBatch(deps.db, (serverIds) => repo.rollUpSamples(deps.db, 'server_metric_rollups_5m', serverIds, bucketMs, FIVE_MINUTES_MS, maxGapMs));
}

/** One hour from its twelve 5-minute rows. */
async function rollUpHour(deps: RollupDependencies, hourMs: number): Promise<void> {
  await deps.partitions.ensure('server_metric_rollups_1h', [hourMs]);
  await forEachServerBatch(deps.db, (serverIds) => repo.rollUpRollups(deps.db, 'server_metric_rollups_5m', 'server_metric_rollups_1h', serverIds, hourMs, HOUR_MS));
}

/**
 * Rolls up the buckets that are complete at `roundMs` (the boundary the
 * sampler's last round sampled at). Answers how many buckets of each it did.
 */
export async function rollUp(deps: RollupDependencies, roundMs: number): Promise<{ fiveMinute: number; hourly: number }> {
  const { db, retention } = deps;
  // Where to begin the first time: the oldest sample (samples kept before the rollups existed are rolled up too).
  const progress = await repo.allRollupProgress(db);
  let fiveThrough = progress.get('5m') ?? Math.floor(((await repo.oldestSample(db)) ?? roundMs) / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
  // Nothing older than the raw samples' retention is left to roll up.
  fiveThrough = Math.max(fiveThrough, Math.floor((roundMs - retention.rawMs) / FIVE_MINUTES_MS) * FIVE_MINUTES_MS);
  let fiveMinute = 0;
  while (fiveThrough + FIVE_MINUTES_MS <= roundMs && fiveMinute < MAX_BUCKETS_PER_ROUND['5m']) {
    await rollUpFiveMinutes(deps, fiveThrough);
    fiveThrough += FIVE_MINUTES_MS;
    fiveMinute += 1;
    if (fiveThrough + FIVE_MINUTES_MS <= roundMs) await repo.setRollupProgress(db, '5m', fiveThrough);
  }

  let hourThrough = progress.get('1h') ?? Math.floor(fiveThrough / HOUR_MS) * HOUR_MS;
  hourThrough = Math.max(hourThrough, Math.floor((roundMs - retention.fiveMinuteMs) / HOUR_MS) * HOUR_MS);
  let hourly = 0;
  while (hourThrough + HOUR_MS <= fiveThrough && hourly < MAX_BUCKETS_PER_ROUND['1h']) {
    await rollUpHour(deps, hourThrough);
    hourThrough += HOUR_MS;
    hourly += 1;
    if (hourThrough + HOUR_MS <= fiveThrough) await repo.setRollupProgress(db, '1h', hourThrough);
  }
  // A starting point (the first round) or a jump past what retention let go is kept even when nothing was rolled up.
  if (progress.get('5m') !== fiveThrough) await repo.setRollupProgress(db, '5m', fiveThrough);
  if (progress.get('1h') !== hourThrough) await repo.setRollupProgress(db, '1h', hourThrough);
  return { fiveMinute, hourly };
}

/**
 * Lets go of what each resolution no longer keeps: on PostgreSQL the
 * partitions wholly past it (an hour's or a day's rows stay until the last
 * one is due, rather than leaving dead rows for vacuum; db/partitions.ts),
 * on SQLite rows in batches.
 */
export async function pruneResolutions(deps: RollupDependencies, nowMs: number): Promise<void> {
  for (const resolution of resolutions(deps.intervalMs, deps.retention)) {
    const table = resolution.table ?? 'server_metric_samples';
    const beforeMs = nowMs - resolution.keepMs - RETENTION_SLACK_MS;
    if (deps.partitions.partitioned) await deps.partitions.dropBefore(table, beforeMs);
    else await repo.pruneBefore(deps.db, table, beforeMs);
  }
}
