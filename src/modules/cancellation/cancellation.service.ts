// Server cancellation (spec "Cancellation request on a server", D10).
//
// A server keeps one cancellation request, in its `cancellation` column.
// Billing is told first and the request recorded here after, so that every
// failure leaves a state the client's retry completes: billing refused →
// nothing changed anywhere; billing did it but the answer was lost (502) →
// the repeat finds billing already there, records, and answers as the first.
// Before billing is told, a settle job is committed (D20): should the process
// die before the request is recorded and carried out, the job settles it to
// where billing says the service is, as the repeat would.
//
// `end_of_term`: billing marks the service `Pending Cancellation`; a durable
// job, due at 00:00 UTC of the service's next due date, cancels the service
// and deletes the server (cancellation.jobs.ts). `immediate`: billing cancels
// the service and the server is deleted now; a repeat then answers 404.
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound, validationError } from '../../errors.ts';
import { enqueueJob, withdrawQueuedJob } from '../../jobs/queue.ts';
import { crashPoint } from '../../crash-points.ts';
import { CANCELLATION_SETTLE_JOB, END_OF_TERM_JOB, type InterruptedCancellation } from './cancellation.jobs.ts';
import { CANCELLED, endOfTermAt, findCancellation, type StoredCancellation } from './cancellation-record.ts';
import type { FirewallPort } from '../../upstreams/firewall/port.ts';
import type { RdnsPort } from '../../upstreams/rdns/port.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import { BILLING_ANSWER_BOUND_MS, type BillingPort, type BillingService } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { Actor } from '../api-keys/index.ts';
import {
  deleteServer,
  findServer,
  recordCancellationRequest,
  recordServerEvent,
  type ServerDeletionDependencies,
  type ServerRecord,
  type ServerService,
} from '../servers/index.ts';
import type { CancelBody, CancellationAnswer, CancellationKind } from './cancellation.schemas.ts';

export const PENDING_CANCELLATION = 'Pending Cancellation';
export interface CancellationDependencies {
  db: Kysely<Database>;
  clock: Clock;
  servers: ServerService;
  billing: BillingPort;
  /** Where a deleted server's PTR records are removed. */
  rdns: RdnsPort;
  /** Where a deleted server's firewall is taken off its interface (the back office's, unwrapped). */
  firewall: FirewallPort;
  /** Where a deleted server's machine is removed (the back office's: a provisioning fault is meant for actions, not deletions). */
  provisioning: ProvisioningPort;
  /** Where a deleted server's actions are removed. */
  actions: ServerDeletionDependencies['actions'];
  wakeWorker: () => void;
}

export interface CancellationOutcome {
  answer: CancellationAnswer;
  /** True for the request that recorded (or carried out) the cancellation: 202; false for an identical repeat: 200. */
  created: boolean;
}

export class CancellationService {
  constructor(readonly deps: CancellationDependencies) {}

  async request(actor: Actor, slug: string, serverId: string, body: CancelBody): Promise<CancellationOutcome> {
    const reason = body.reason ?? null;
    // A reason of only blanks says nothing; end_of_term must say why.
    if (body.when === 'end_of_term' && (reason === null || reason.trim() === '')) {
      throw validationError('reason', 'is required for end_of_term');
    }
    const { server } = await this.deps.servers.requireServer(actor, slug, serverId, { write: true, minRole: 'admin', ready: true });
    const recorded = await findCancellation(this.deps.db, server.id);
    if (recorded) {
      if (recorded.when !== body.when) throw otherKind(recorded.when);
      // An immediate request stays recorded only when its deletion was cut short: finish it.
      if (recorded.when === 'immediate') return this.carryOutNow(server);
      if (recorded.reason !== reason) throw otherReason();
      return { answer: answerOf(recorded.when), created: false };
    }

    const service = await this.billingServiceOf(server);
    const settleJobId = await enqueueJob(this.deps.db, this.deps.clock, CANCELLATION_SETTLE_JOB, { serverId: server.id, serviceId: service.serviceId, when: body.when, reason }, {
      delayMs: BILLING_ANSWER_BOUND_MS,
      maxAttempts: 1000,
    });
    try {
      const outcome = await (body.when === 'immediate' ? this.cancelNow(server, service, reason) : this.cancelAtEndOfTerm(server, service, reason));
      // Carried out here: the settle job has nothing left to do.
      await withdrawQueuedJob(this.deps.db, settleJobId);
      return outcome;
    } catch (error) {
      // Billing failed or did not answer: it may have made the change all the same, which the job finds out.
      // Refused at the door (unavailable), or any other refusal: nothing changed, nothing to settle.
      if (!isUpstreamError(error) || error.kind === 'unavailable') await withdrawQueuedJob(this.deps.db, settleJobId);
      throw error;
    }
  }

  /**
   * The settle job's work: a request whose process died after billing was
   * told is finished to where billing says the service is (Cancelled: the
   * immediate request recorded and the server deleted; Pending Cancellation:
   * the end-of-term request recorded). A service billing never changed means
   * the request never reached it: nothing to undo. Safe to repeat.
   */
  async settleInterrupted(request: InterruptedCancellation): Promise<void> {
    const server = await findServer(this.deps.db, request.serverId);
    if (!server) return;
    const recorded = await findCancellation(this.deps.db, server.id);
    if (recorded) {
      if (recorded.when === 'immediate') await this.carryOutNow(server);
      return;
    }
    const service = await this.deps.billing.getService(request.serviceId);
    if (!service) return;
    if (request.when === 'immediate' && service.status === CANCELLED) await this.cancelNow(server, service, request.reason);
    if (request.when === 'end_of_term' && service.status === PENDING_CANCELLATION) await this.cancelAtEndOfTerm(server, service, request.reason);
  }

  /** The server's billing service as billing has it; none, or one that is not this server's, is 409 conflict. */
  private async billingServiceOf(server: ServerRecord): Promise<BillingService> {
    const serviceId = server.billingServiceId;
    if (serviceId === null) throw unmatched();
    const service = await this.deps.billing.getService(serviceId);
    if (!service || (service.serverId !== null && service.serverId !== server.id)) throw unmatched();
    return service;
  }

  private async cancelAtEndOfTerm(server: ServerRecord, service: BillingService, reason: string | null): Promise<CancellationOutcome> {
    const { db, clock, billing } = this.deps;
    // Billing already cancelled it: an immediate cancellation got that far and no further.
    if (service.status === CANCELLED) throw otherKind('immediate');
    if (service.status !== PENDING_CANCELLATION) await billing.setServiceStatus(service.serviceId, PENDING_CANCELLATION);
    crashPoint('cancellation.after-billing');

    const cancellation: StoredCancellation = { when: 'end_of_term', reason, requested_at: clock.now().toISOString() };
    const recorded = await db.transaction().execute(async (trx) => {
      if (!(await recordRequest(trx, server.id, cancellation))) return false;
      await enqueueJob(trx, clock, END_OF_TERM_JOB, { serverId: server.id, nextDueDate: service.nextDueDate }, {
        delayMs: Math.max(0, endOfTermAt(service.nextDueDate) - clock.now().getTime()),
      });
      return true;
    });
    if (recorded) {
      this.deps.wakeWorker();
      return { answer: answerOf('end_of_term'), created: true };
    }
    // Another request recorded first (or the server went): answer as if this one came second.
    const other = await findCancellation(db, server.id);
    if (other === undefined || other?.when === 'immediate') {
      // An immediate cancellation won the race: billing must end Cancelled, not Pending Cancellation.
      await this.restoreBillingStatus(service, CANCELLED);
      if (other === undefined) throw notFound('server');
      throw otherKind('immediate');
    }
    if (other?.reason !== reason) throw otherReason();
    return { answer: answerOf('end_of_term'), created: false };
  }

  private async cancelNow(server: ServerRecord, service: BillingService, reason: string | null): Promise<CancellationOutcome> {
    const { db, clock, billing } = this.deps;
    if (service.status !== CANCELLED) await billing.setServiceStatus(service.serviceId, CANCELLED);
    crashPoint('cancellation.after-billing');
    // Recorded before the deletion, so that if the deletion fails the request is
    // still the server's one request: a repeat finishes it, the other kind is refused.
    const cancellation: StoredCancellation = { when: 'immediate', reason, requested_at: clock.now().toISOString() };
    const recorded = await db.transaction().execute((trx) => recordRequest(trx, server.id, cancellation));
    if (!recorded) {
      // Another request recorded first: an identical one carries out the same deletion.
      const other = await findCancellation(db, server.id);
      if (other === undefined) return { answer: answerOf('immediate'), created: false };
      if (other?.when !== 'immediate') {
        // An end_of_term cancellation won the race: billing must wait for the end of the term.
        await this.restoreBillingStatus(service, PENDING_CANCELLATION);
        throw otherKind('end_of_term');
      }
    }
    crashPoint('cancellation.after-record');
    return this.carryOutNow(server, recorded);
  }

  /** After losing a race to the other kind of request: best-effort, the winner's status is what billing should show. */
  private async restoreBillingStatus(service: BillingService, status: string): Promise<void> {
    await this.deps.billing.setServiceStatus(service.serviceId, status).catch(() => undefined);
  }

  private async carryOutNow(server: ServerRecord, created = false): Promise<CancellationOutcome> {
    const deleted = await deleteServer(this.deps.db, this.deps, server.id);
    return { answer: answerOf('immediate'), created: created || deleted };
  }
}

function answerOf(when: CancellationKind): CancellationAnswer {
  return { status: 'cancellation_requested', when };
}

function otherKind(recorded: CancellationKind): AppError {
  return new AppError('conflict', `This server already has an ${recorded} cancellation request; a server keeps one cancellation request`);
}

function otherReason(): AppError {
  return new AppError('conflict', 'This server already has an end_of_term cancellation request with another reason; a server keeps one cancellation request');
}

function unmatched(): AppError {
  return new AppError('conflict', "The server's billing service cannot be matched, so it cannot be cancelled");
}

/**
 * Records the server's one cancellation request, with its event, in `trx`.
 * Only a server without a request takes it: of two requests at the same
 * moment, one records it (false for the other).
 */
async function recordRequest(trx: Transaction<Database>, serverId: string, cancellation: StoredCancellation): Promise<boolean> {
  if (!(await recordCancellationRequest(trx, serverId, cancellation))) return false;
  await recordServerEvent(trx, 'server.cancellation_requested', serverId, cancellation.requested_at);
  return true;
}
