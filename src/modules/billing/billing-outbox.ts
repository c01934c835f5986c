// The billing outbox: a change billing must make because of rows cloudplane
// commits (a delivered server's service activated, a failed order's service
// cancelled, a new user's account opened) is recorded as a job in the very
// transaction that commits those rows. Either both commit or neither does,
// and no call to billing happens inside a database transaction.
//
// After the commit the caller asks for delivery at once (`deliverNow`), so a
// healthy billing system sees the change before the request answers; when
// billing fails or does not answer, the job delivers it later with backoff.
// Every message is idempotent on billing's side (see BillingPort), so a
// change delivered both at once and by the job is made once.
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { enqueueJob, withdrawQueuedJob } from '../../jobs/queue.ts';
import { RetryLater } from '../../jobs/runner.ts';
import { crashPoint } from '../../crash-points.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';

const BillingMessage = Type.Union([
  Type.Object({
    change: Type.Literal('open_account'),
    userId: Type.Integer(),
    currency: Type.String(),
    creditBalance: Type.Integer(),
  }),
  Type.Object({
    change: Type.Literal('activate_service'),
    serviceId: Type.Integer(),
    serverId: Type.String(),
    nextDueDate: Type.String(),
    recurringAmount: Type.Integer(),
  }),
  Type.Object({
    change: Type.Literal('set_service_status'),
    serviceId: Type.Integer(),
    status: Type.String(),
  }),
]);

export type BillingMessage = Static<typeof BillingMessage>;

/** A recorded message: its job, so the caller can deliver it once the transaction commits. */
export interface RecordedMessage {
  jobId: number;
  message: BillingMessage;
}

// Billing may be down for a while; the change must still arrive.
const MAX_ATTEMPTS = 1000;
const RETRY_MS = 2000;

async function deliver(billing: BillingPort, message: BillingMessage): Promise<void> {
  switch (message.change) {
    case 'open_account':
      await billing.openAccount({ userId: message.userId, currency: message.currency, creditBalance: message.creditBalance });
      return;
    case 'activate_service':
      await billing.activateService(message.serviceId, { serverId: message.serverId, nextDueDate: message.nextDueDate, recurringAmount: message.recurringAmount });
      return;
    case 'set_service_status':
      await billing.setServiceStatus(message.serviceId, message.status);
      return;
  }
}

export const BILLING_DELIVERY_JOB = defineJob({
  name: 'billing.deliver',
  payload: BillingMessage,
  handler: async (message, deps: { billing: BillingPort }) => {
    try {
      await deliver(deps.billing, message);
    } catch (error) {
      if (isUpstreamError(error)) throw new RetryLater(RETRY_MS, `billing did not take ${message.change}`);
      throw error;
    }
  },
});

export const billingJobs = [BILLING_DELIVERY_JOB];

export interface BillingOutboxDependencies {
  /** Where a change billing took is withdrawn from the queue. */
  db: Kysely<Database>;
  clock: Clock;
  /** Where the recorded changes are delivered. */
  billing: BillingPort;
}

export class BillingOutbox {
  constructor(private readonly deps: BillingOutboxDependencies) {}

  /** Records a change for billing; `trx` is the transaction that commits the rows it follows from. */
  async record(trx: Kysely<Database>, message: BillingMessage): Promise<RecordedMessage> {
    const jobId = await enqueueJob(trx, this.deps.clock, BILLING_DELIVERY_JOB, message, { maxAttempts: MAX_ATTEMPTS });
    return { jobId, message };
  }

  /**
   * Delivers recorded changes now, after their transaction committed. A
   * change billing took is withdrawn from the queue; one it refused stays
   * for the job, and the caller goes on: the change is not lost.
   */
  async deliverNow(recorded: readonly RecordedMessage[]): Promise<void> {
    if (recorded.length > 0) crashPoint('billing-outbox.before-deliver');
    for (const { jobId, message } of recorded) {
      try {
        await deliver(this.deps.billing, message);
      } catch (error) {
        if (isUpstreamError(error)) continue;
        throw error;
      }
      await withdrawQueuedJob(this.deps.db, jobId);
    }
  }
}
