// The webhooks' background jobs:
// - webhooks.deliver: one per delivery, made in the transaction that made the
//   delivery (dispatch) or reopened it (redelivery). Each run makes one
//   attempt when one is due (webhook-delivery.ts) and, while the delivery is
//   retried, waits for the next with RetryLater, which gives the run back
//   rather than count it as a failure: the job's own attempts are spent only
//   by errors of the service itself (its database), with the runner's backoff.
// - webhooks.prune: one recurring job that deletes finished deliveries older
//   than the event log keeps events, so the table does not grow for ever.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { ensureRecurringJob } from '../../jobs/queue.ts';
import { RetryLater } from '../../jobs/runner.ts';
import { attemptDelivery, type DeliveryDependencies } from './webhook-delivery.ts';
import { pruneDeliveries } from './webhooks.repo.ts';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export interface WebhookJobDependencies extends DeliveryDependencies {
  /** How long finished deliveries are kept: as long as events are. */
  retentionMs: number;
}

/**
 * Deliveries a process sends at once. They share the worker with actions,
 * orders and propagation, and a receiver that never answers holds a slot for
 * the whole time limit: past this many, a delivery gives its slot back and
 * comes again shortly (its attempt is not counted), so slow receivers can
 * never take every slot from the work customers wait for.
 */
export const MAX_DELIVERIES_AT_ONCE = 16;
const SLOT_WAIT_MS = 250;
let deliveriesUnderWay = 0;

export const WEBHOOK_DELIVER_JOB = defineJob({
  name: 'webhooks.deliver',
  payload: Type.Object({ deliveryId: Type.Integer() }),
  handler: async (payload, deps: WebhookJobDependencies) => {
    if (deliveriesUnderWay >= MAX_DELIVERIES_AT_ONCE) throw new RetryLater(SLOT_WAIT_MS, 'every delivery slot is taken');
    deliveriesUnderWay += 1;
    let step: Awaited<ReturnType<typeof attemptDelivery>>;
    try {
      step = await attemptDelivery(deps, payload.deliveryId);
    } finally {
      deliveriesUnderWay -= 1;
    }
    if (step.kind === 'wait') throw new RetryLater(step.delayMs, 'waiting for the next attempt');
  },
});

/** How long a delivery and its attempts are kept once settled (D25): a month to look back at what a receiver was sent. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export const WEBHOOKS_PRUNE_JOB = defineJob({
  name: 'webhooks.prune',
  payload: Type.Object({}),
  handler: async (_payload, deps: WebhookJobDependencies) => {
    let outcome: string;
    try {
      const pruned = await pruneDeliveries(deps.db, new Date(deps.clock.now().getTime() - deps.retentionMs).toISOString());
      outcome = `last round deleted ${pruned} deliver${pruned === 1 ? 'y' : 'ies'}`;
    } catch (error) {
      // The next round tries again; failing would use up the job's attempts and stop pruning for good.
      outcome = `last round failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    throw new RetryLater(PRUNE_INTERVAL_MS, outcome);
  },
});

export function ensureWebhookPruning(db: Kysely<Database>, clock: Clock): Promise<void> {
  return ensureRecurringJob(db, clock, WEBHOOKS_PRUNE_JOB);
}

export const webhookJobs = [WEBHOOK_DELIVER_JOB, WEBHOOKS_PRUNE_JOB];
