// Carrying out an end-of-term cancellation: one durable job per request,
// enqueued with the request and due at 00:00 UTC of the service's next due
// date. Everything is checked again when it runs, because the job can run
// early (the clock is moved, the date changed in billing) or twice
// (at-least-once): the server must still be there with its end_of_term
// request, and the clock must really have passed the date billing gives now.
// Billing is told first and the server deleted after, so a run cut short in
// between is finished by the next one.
import { Type, type Static } from 'typebox';
import { defineJob } from '../../jobs/job-definition.ts';
import { RetryLater } from '../../jobs/runner.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import { deleteServer, findServer, type ServerDeletionDependencies } from '../servers/index.ts';
import { CANCELLED, endOfTermAt, findCancellation } from './cancellation-record.ts';

/**
 * What the jobs are registered with (services.ts): the systems a deletion
 * touches, billing, and the service that settles an interrupted request
 * (named by what the job asks of it, so this file does not import the service
 * that enqueues its jobs).
 */
export interface CancellationJobDependencies extends ServerDeletionDependencies {
  db: Kysely<Database>;
  billing: BillingPort;
  cancellations: { settleInterrupted(request: InterruptedCancellation): Promise<void> };
}

/** How long to wait before asking billing again after it failed or did not answer. */
export const BILLING_RETRY_MS = 15_000;

export const END_OF_TERM_JOB = defineJob({
  name: 'cancellation.end_of_term',
  // The due date billing gave when the request was made, kept for a service billing no longer knows.
  payload: Type.Object({ serverId: Type.String(), nextDueDate: Type.Optional(Type.String()) }),
  handler: async ({ serverId, nextDueDate }, deps: CancellationJobDependencies) => {
    const { db, clock, billing } = deps;
    const cancellation = await findCancellation(db, serverId);
    // Gone already, or no end-of-term request any more: nothing to do.
    if (!cancellation || cancellation.when !== 'end_of_term') return;
    const server = await findServer(db, serverId);
    if (!server) return;

    try {
      const service = server.billingServiceId === null ? null : await billing.getService(server.billingServiceId);
      // Billing's date rules; a service billing no longer knows keeps the date it had when the request was made.
      const dueDate = service?.nextDueDate ?? nextDueDate;
      if (dueDate) {
        const waitMs = endOfTermAt(dueDate) - clock.now().getTime();
        if (waitMs > 0) throw new RetryLater(waitMs, `the term ends ${dueDate}`);
      }
      if (service && service.status !== CANCELLED) await billing.setServiceStatus(service.serviceId, CANCELLED);
    } catch (error) {
      if (isUpstreamError(error)) throw new RetryLater(BILLING_RETRY_MS, error.message);
      throw error;
    }

    await deleteServer(db, deps, serverId);
  },
});

const interruptedCancellation = Type.Object({
  serverId: Type.String(),
  serviceId: Type.Integer(),
  when: Type.Union([Type.Literal('immediate'), Type.Literal('end_of_term')]),
  reason: Type.Union([Type.String(), Type.Null()]),
});

/** A cancellation request as it was sent, for its settle job. */
export type InterruptedCancellation = Static<typeof interruptedCancellation>;

/**
 * The safety net of every cancellation request, committed before billing is
 * told and withdrawn once the request is carried out: after a crash in
 * between, it settles the request where billing says it is.
 */
export const CANCELLATION_SETTLE_JOB = defineJob({
  name: 'cancellation.settle',
  payload: interruptedCancellation,
  handler: async (request, deps: CancellationJobDependencies) => {
    try {
      await deps.cancellations.settleInterrupted(request);
    } catch (error) {
      if (isUpstreamError(error)) throw new RetryLater(BILLING_RETRY_MS, error.message);
      throw error;
    }
  },
});

/** The cancellation module's jobs, registered by `registerJobs` (services.ts). */
export const cancellationJobs = [END_OF_TERM_JOB, CANCELLATION_SETTLE_JOB];
