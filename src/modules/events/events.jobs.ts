// Prunes the event log: one recurring job deletes events older than the
// retention (7 days unless the operator keeps them longer) once an hour.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { ensureRecurringJob } from '../../jobs/queue.ts';
import { RetryLater } from '../../jobs/runner.ts';
import { pruneEvents } from './event-log.ts';

export const DEFAULT_EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export interface EventJobDependencies {
  db: Kysely<Database>;
  clock: Clock;
  retentionMs: number;
}

export const EVENTS_PRUNE_JOB = defineJob({
  name: 'events.prune',
  payload: Type.Object({}),
  handler: async (_payload, deps: EventJobDependencies) => {
    let outcome: string;
    try {
      const pruned = await pruneEvents(deps.db, new Date(deps.clock.now().getTime() - deps.retentionMs).toISOString());
      outcome = `last round deleted ${pruned} event${pruned === 1 ? '' : 's'}`;
    } catch (error) {
      // The next round tries again; failing would use up the job's attempts and stop pruning for good.
      outcome = `last round failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    throw new RetryLater(PRUNE_INTERVAL_MS, outcome);
  },
});

export function ensureEventPruning(db: Kysely<Database>, clock: Clock): Promise<void> {
  return ensureRecurringJob(db, clock, EVENTS_PRUNE_JOB);
}

export const eventJobs = [EVENTS_PRUNE_JOB];
