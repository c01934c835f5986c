// What piles up is kept for a while and then pruned (D25, docs/retention.md).
// One recurring job, once an hour, prunes each log that has no pruning job of
// its own: the audit log (400 days unless the operator says otherwise),
// server console sessions, idempotency records and ended console sign-in
// sessions. Each module deletes its own rows, in batches (db/pruning.ts);
// this job only says when. Events and webhook deliveries have their jobs
// (events.prune, webhooks.prune).
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { ensureRecurringJob } from '../../jobs/queue.ts';
import { RetryLater } from '../../jobs/runner.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** One log that grows: how long it is kept, and how its module deletes what is older. */
export interface RetainedLog {
  /** In words, for the job's outcome: `audit entries`. */
  what: string;
  keptMs: number;
  /** Deletes the rows older than `before` (ISO 8601); answers how many. */
  prune(before: string): Promise<number>;
}

export interface RetentionJobDependencies {
  clock: Clock;
  logs: readonly RetainedLog[];
}

export const RETENTION_PRUNE_JOB = defineJob({
  name: 'retention.prune',
  payload: Type.Object({}),
  handler: async (_payload, deps: RetentionJobDependencies) => {
    const now = deps.clock.now().getTime();
    const outcomes: string[] = [];
    for (const log of deps.logs) {
      try {
        outcomes.push(`${log.what}: ${await log.prune(new Date(now - log.keptMs).toISOString())} deleted`);
      } catch (error) {
        // The next round tries again; failing would use up the job's attempts and stop pruning for good.
        outcomes.push(`${log.what}: failed (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    throw new RetryLater(PRUNE_INTERVAL_MS, `last round: ${outcomes.join('; ')}`);
  },
});

export function ensureRetentionPruning(db: Kysely<Database>, clock: Clock): Promise<void> {
  return ensureRecurringJob(db, clock, RETENTION_PRUNE_JOB);
}

export const retentionJobs = [RETENTION_PRUNE_JOB];
