// An action's background life (D5), one durable job per action:
//   submit    → hand the operation to the provisioning system
//   wait      → poll it until it is done, then apply the effects: `success`
//   reconcile → the provisioning system did not answer (`unknown`): ask it
//               until it does, then settle on what really happened.
// Every step moves the action only from the state it read, so a job that
// runs twice (at-least-once) never applies an action twice.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { RetryLater } from '../../jobs/runner.ts';
import { crashPoint } from '../../crash-points.ts';
import { isUpstreamError, MachineMissing } from '../../upstreams/errors.ts';
import type { OperationParameters, OperationState, ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import { PoolExhausted } from '../addresses/index.ts';
import { operationParameters } from './action-params.ts';
import { findServer, recordServerStatusChange } from '../servers/index.ts';
import { applyEffects, applyFailure } from './action-effects.ts';
import * as repo from './actions.repo.ts';
import type { SnapshotService } from '../snapshots/index.ts';

interface ActionJobDependencies {
  db: Kysely<Database>;
  clock: Clock;
  provisioning: ProvisioningPort;
  /** A create_snapshot action's snapshot is settled with it: completed or failed. */
  snapshots: SnapshotService;
  simScale: number;
}

type Phase = { status: repo.ActionRow['status']; phase: repo.ActionRow['phase'] };

/** Thrown inside a transaction to undo effects another run of the job already applied. */
class AlreadySettled extends Error {}

export const ACTION_JOB = defineJob({
  name: 'action.run',
  payload: Type.Object({ actionId: Type.Integer() }),
  handler: ({ actionId }, deps: ActionJobDependencies) => runAction(deps, actionId),
});

/** The action module's jobs, registered by `registerJobs` (services.ts). */
export const actionJobs = [ACTION_JOB];

/** One run of an action's job: the step its phase calls for. */
async function runAction(deps: ActionJobDependencies, actionId: number): Promise<void> {
  const { db, clock, provisioning, snapshots } = deps;
  // Asking again after no answer: often enough to settle soon after a fault clears.
  const reconcileDelayMs = Math.max(50, 1000 * deps.simScale);

  const finishWithError = async (action: repo.ActionRow, from: Phase, code: string, message: string) => {
    await db.transaction().execute(async (trx) => {
      const finished = await repo.advanceAction(trx, action.id, from, {
        status: 'error',
        phase: 'done',
        error: { code, message },
        finished_at: clock.now().toISOString(),
      });
      if (!finished) return;
      await applyFailure(trx, snapshots, action);
      await repo.recordActionFinished(trx, finished);
    });
  };

  const settle = async (action: repo.ActionRow, from: Phase, operation: OperationState): Promise<void> => {
    if (operation.state === 'running') {
      throw new RetryLater(Math.max(10, Date.parse(operation.completesAt) - clock.now().getTime()), 'operation running');
    }
    if (operation.state === 'failed') return finishWithError(action, from, 'provisioning_error', `The provisioning system could not carry out the action: ${operation.message}`);
    crashPoint('action.before-settle');
    try {
      await db.transaction().execute(async (trx) => {
        const server = await findServer(trx, action.server_id);
        if (!server) throw new ServerGone();
        const now = clock.now().toISOString();
        const result = await applyEffects(trx, snapshots, action, server, operation.result, now);
        const finished = await repo.advanceAction(trx, action.id, from, { status: 'success', phase: 'done', result, finished_at: now });
        if (!finished) throw new AlreadySettled();
        await recordServerStatusChange(trx, server.id, server.status, now);
        await repo.recordActionFinished(trx, finished);
      });
    } catch (error) {
      if (error instanceof AlreadySettled) return;
      if (error instanceof ServerGone) return finishWithError(action, from, 'server_deleted', 'The server was deleted before the action finished');
      if (error instanceof PoolExhausted) return finishWithError(action, from, 'no_addresses', 'No IPv6 subnet is left in the location');
      throw error;
    }
  };

  const toReconcile = async (action: repo.ActionRow, from: Phase): Promise<never> => {
    await repo.advanceAction(db, action.id, from, { status: 'unknown', phase: 'reconcile' });
    throw new RetryLater(reconcileDelayMs, 'provisioning did not answer');
  };

  /** Asks provisioning how the operation is doing: still running sleeps until it should be done, done settles the action. */
  const askAndSettle = async (action: repo.ActionRow): Promise<void> => {
    const from: Phase = { status: action.status, phase: action.phase };
    let operation: OperationState | null;
    try {
      operation = await provisioning.getOperation(actionId);
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      if (action.phase === 'wait') return toReconcile(action, from);
      throw new RetryLater(reconcileDelayMs, 'provisioning still does not answer');
    }
    if (operation === null) {
      return finishWithError(action, from, 'not_carried_out', 'The provisioning system never received the operation; nothing was done');
    }
    return settle(action, from, operation);
  };

  const action = await repo.findAction(db, actionId);
  if (!action || action.phase === 'done') return;
  const from: Phase = { status: action.status, phase: action.phase };

  if (action.phase === 'submit') {
    const server = await findServer(db, action.server_id);
    if (!server) return finishWithError(action, from, 'server_deleted', 'The server was deleted before the action started');
    let parameters: OperationParameters;
    try {
      parameters = await operationParameters(db, server, action, clock.now().toISOString());
    } catch (error) {
      if (error instanceof PoolExhausted) return finishWithError(action, from, 'no_addresses', 'No IPv6 subnet is left in the location');
      throw error;
    }
    try {
      await provisioning.startOperation({ actionId, serverId: action.server_id, type: action.type, parameters });
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      if (error.kind === 'unavailable') return finishWithError(action, from, 'provisioning_unavailable', 'The provisioning system is unavailable; nothing was done');
      // Gone from its host behind cloudplane's back (D26): named as such, so a client need not read libvirt's words.
      if (error instanceof MachineMissing) return finishWithError(action, from, 'machine_missing', `${capitalised(error.message)}; nothing was done`);
      // The reason is the provisioning system's own (libvirt's first line, say), as a cloud shows an action's fault.
      if (error.kind === 'failed') return finishWithError(action, from, 'provisioning_error', `The provisioning system refused the operation: ${error.message}`);
      return toReconcile(action, from);
    }
    crashPoint('action.after-submit');
    // Another run moved it first: read where it is on the next run.
    if (!(await repo.advanceAction(db, actionId, from, { phase: 'wait' }))) throw new RetryLater(0, 'moved by another run');
    // Straight on to the wait, in this run: asking now costs less than another claim of the job, and the answer says how long to sleep.
    return askAndSettle({ ...action, phase: 'wait' });
  }
  return askAndSettle(action);
}

class ServerGone extends Error {}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
