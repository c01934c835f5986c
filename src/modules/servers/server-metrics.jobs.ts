// Sampling server metrics: one recurring job reads the counters of every
// running server from the provisioning system, in batches, each
// METRICS_INTERVAL (on the interval's boundaries: 12:00:00, 12:01:00, …),
// stores them as samples, then rolls up the buckets that closed and lets
// go of what each resolution no longer keeps (server-metrics.rollups.ts).
//
// Several workers (processes on PostgreSQL) must not sample twice, so the
// sampler is one job row for the whole service, never a job per worker: the
// runner hands a row to one worker at a time (the claim is one statement,
// FOR UPDATE SKIP LOCKED on PostgreSQL), and the job never finishes: each run
// ends by asking to run again at the next boundary (RetryLater, which gives
// the attempt back), so the same row comes round again. A worker that dies
// mid-round loses its lease and another takes the row over. The reason it
// leaves in `jobs.last_error` says how the last round went.
//
// The row is made once, by the first worker to start (ensureServerMetricsSampling),
// and again should it ever be gone.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { TimePartitions } from '../../db/partitions.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { ensureRecurringJob } from '../../jobs/queue.ts';
import { RetryLater } from '../../jobs/runner.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import * as repo from './server-metrics.repo.ts';
import type { MetricsRetention } from './server-metrics.resolutions.ts';
import { pruneResolutions, rollUp } from './server-metrics.rollups.ts';

/** How often servers are sampled when METRICS_INTERVAL is not set. */
export const DEFAULT_METRICS_INTERVAL_MS = 60_000;
/**
 * Servers read per batch: one query for their ids, one read of their counters,
 * one insert (one commit) for their samples. At 100,000 servers a batch of 200
 * made 500 commits a round, each a wait for the disk; 1,000 make 100, each a
 * few milliseconds of SQLite's write lock.
 */
const BATCH_SIZE = 1_000;
/** How often a round prunes what each resolution no longer keeps: on the rounds at these boundaries. */
const PRUNE_EVERY_MS = 5 * 60_000;

export interface ServerMetricsJobDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** Read unwrapped by fault injection: a provisioning fault a test sets is meant for the actions, not used up by sampling. */
  provisioning: ProvisioningPort;
  partitions: TimePartitions;
  intervalMs: number;
  retention: MetricsRetention;
  /** Told of each round once its samples are stored (the process's /metrics, app.ts); absent: nothing is. */
  rounds?: SamplingRoundObserver;
}

/** What measures the rounds for operators: how late the last sample came, and how many servers there were. */
export interface SamplingRoundObserver {
  /** `lagSeconds`: from the round's boundary to its last sample stored, before the rollups. */
  sampled(lagSeconds: number, servers: number): void;
}

/** Milliseconds from `nowMs` to the next boundary of the interval. */
export function untilNextSample(nowMs: number, intervalMs: number): number {
  return intervalMs - (nowMs % intervalMs);
}

/** One round: every running server's counters, batch by batch; then the rollups and the pruning. Says how it went. */
async function sampleRunningServers(deps: ServerMetricsJobDependencies): Promise<string> {
  const { db, clock, provisioning } = deps;
  // The boundary this round samples at: the buckets that end by it are complete once it has run.
  const roundMs = clock.now().getTime() - (clock.now().getTime() % deps.intervalMs);
  let sampled = 0;
  let unreadable = 0;
  let firstProblem: string | null = null;
  let after: string | null = null;
  for (;;) {
    const ids = await repo.listRunningServerIds(db, after, BATCH_SIZE);
    if (ids.length === 0) break;
    after = ids[ids.length - 1]!;
    const samples: repo.StoredSample[] = [];
    for (const [serverId, counters] of await provisioning.serverCountersOf(ids)) {
      if (counters instanceof Error) {
        // One server (or one host) that cannot be read leaves a gap in its own graph only.
        unreadable += 1;
        firstProblem ??= `${serverId}: ${counters.message}`;
        continue;
      }
      // null: the machine is not running after all (stopped a moment ago, or outside cloudplane): no sample.
      if (!counters) continue;
      const { at, ...values } = counters;
      samples.push({ serverId, atMs: Date.parse(at), ...values });
    }
    await deps.partitions.ensure('server_metric_samples', samples.map((sample) => sample.atMs));
    await repo.insertSamples(db, samples);
    sampled += samples.length;
    if (ids.length < BATCH_SIZE) break;
  }
  deps.rounds?.sampled((clock.now().getTime() - roundMs) / 1000, sampled);
  const rolled = await rollUp(deps, roundMs);
  // Each five minutes is soon enough to let rows go, and spares the other rounds their statements.
  if (roundMs % PRUNE_EVERY_MS === 0) await pruneResolutions(deps, clock.now().getTime());
  const problems = unreadable > 0 ? `; ${unreadable} could not be read (first: ${firstProblem})` : '';
  const rollups = rolled.fiveMinute + rolled.hourly > 0 ? `; rolled up ${rolled.fiveMinute} 5-minute and ${rolled.hourly} hourly bucket(s)` : '';
  return `last round sampled ${sampled} server${sampled === 1 ? '' : 's'}${problems}${rollups}`;
}

export const SERVER_METRICS_SAMPLE_JOB = defineJob({
  name: 'server_metrics.sample',
  payload: Type.Object({}),
  handler: async (_payload, deps: ServerMetricsJobDependencies) => {
    let outcome: string;
    try {
      outcome = await sampleRunningServers(deps);
    } catch (error) {
      // The database failed mid-round: the next round samples again. Failing the job instead would count
      // towards its attempts and, in the end, stop sampling for good.
      outcome = `last round failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    throw new RetryLater(untilNextSample(deps.clock.now().getTime(), deps.intervalMs), outcome);
  },
});

/** Makes the sampler's one job row unless it is there (every worker asks at start). */
export function ensureServerMetricsSampling(db: Kysely<Database>, clock: Clock): Promise<void> {
  return ensureRecurringJob(db, clock, SERVER_METRICS_SAMPLE_JOB);
}

/** The metrics jobs of the servers module, registered by `registerJobs` (services.ts). */
export const serverMetricsJobs = [SERVER_METRICS_SAMPLE_JOB];
