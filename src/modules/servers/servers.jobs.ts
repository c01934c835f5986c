// The servers module's background steps: removing a deleted server from the
// provisioning system, powering a suspended server's machine off (and on
// again when the suspension ends), and the safety net of the operator's import.
//
// A deleted server's removal (D19, D20) is enqueued in the deletion's
// transaction and asked at once after the commit; the job is the safety net
// for a provisioning system that is down or a process that dies first.
//
// The safety net of the operator's server import (D20). Billing opens the
// server's service before the server is placed (no call inside a
// transaction); this job is committed before billing is asked and withdrawn
// once the server is placed. Should the process die in between, the import
// never answered and the operator sends it again (a new server, a new id),
// so the job undoes it: the service billing opened for a server that never
// came to be is cancelled.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { enqueueJob, withdrawQueuedJob } from '../../jobs/queue.ts';
import { RetryLater } from '../../jobs/runner.ts';
import type { Clock } from '../../clock.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { FirewallPort } from '../../upstreams/firewall/port.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import * as repo from './servers.repo.ts';

export const SERVER_IMPORT_SETTLE_JOB = defineJob({
  name: 'server.import.settle',
  payload: Type.Object({ serverId: Type.String(), userId: Type.Integer() }),
  handler: async ({ serverId, userId }, deps: { db: Kysely<Database>; billing: BillingPort }) => {
    if (await repo.findServer(deps.db, serverId)) return;
    for (const service of await deps.billing.listServices(userId)) {
      if (service.serverId === serverId && service.status !== 'Cancelled') await deps.billing.setServiceStatus(service.serviceId, 'Cancelled');
    }
  },
});

/** How long to wait for a provisioning system that is down or does not answer. */
const REMOVAL_RETRY_MS = 15_000;

/** Where a deleted server is removed: its machine, and the ruleset enforced on its interface. */
interface RemovalSystems {
  provisioning: ProvisioningPort;
  firewall: FirewallPort;
}

async function removeEverywhere(systems: RemovalSystems, serverId: string): Promise<void> {
  await systems.provisioning.deleteServer(serverId);
  await systems.firewall.forgetServer(serverId);
}

export const SERVER_REMOVAL_JOB = defineJob({
  name: 'server.remove',
  payload: Type.Object({ serverId: Type.String() }),
  handler: async ({ serverId }, deps: RemovalSystems) => {
    try {
      await removeEverywhere(deps, serverId);
    } catch (error) {
      if (isUpstreamError(error) && error.kind !== 'failed') throw new RetryLater(REMOVAL_RETRY_MS, error.message);
      throw error;
    }
  },
});

/** In the deletion's transaction: the removal from the provisioning system, due as a safety net; its job id. */
export function enqueueServerRemoval(trx: Kysely<Database>, clock: Clock, serverId: string): Promise<number> {
  return enqueueJob(trx, clock, SERVER_REMOVAL_JOB, { serverId }, { delayMs: REMOVAL_RETRY_MS, maxAttempts: 1000 });
}

/** Removes the server from the provisioning system and the firewall now; on success the safety net is withdrawn, on failure it stays. */
export async function removeServerNow(db: Kysely<Database>, systems: RemovalSystems, serverId: string, jobId: number): Promise<void> {
  try {
    await removeEverywhere(systems, serverId);
  } catch {
    return;
  }
  await withdrawQueuedJob(db, jobId);
}

/**
 * The server's machine powered as its record says, outside any action: off
 * while the server is suspended, on again when it is unsuspended to
 * `running`. It reads the record when it runs, so the last change wins.
 */
export const SERVER_POWER_SYNC_JOB = defineJob({
  name: 'server.power.sync',
  payload: Type.Object({ serverId: Type.String() }),
  handler: async ({ serverId }, deps: { db: Kysely<Database>; provisioning: ProvisioningPort }) => {
    try {
      await syncPower(deps.db, deps.provisioning, serverId);
    } catch (error) {
      if (isUpstreamError(error) && error.kind !== 'failed') throw new RetryLater(REMOVAL_RETRY_MS, error.message);
      throw error;
    }
  },
});

async function syncPower(db: Kysely<Database>, provisioning: ProvisioningPort, serverId: string): Promise<void> {
  const server = await repo.findServer(db, serverId);
  if (!server) return;
  await provisioning.setPower(serverId, server.status === 'running' ? 'running' : 'stopped');
}

/** In the suspension's (or its end's) transaction: the machine made to follow, due as a safety net; its job id. */
export function enqueuePowerSync(trx: Kysely<Database>, clock: Clock, serverId: string): Promise<number> {
  return enqueueJob(trx, clock, SERVER_POWER_SYNC_JOB, { serverId }, { delayMs: REMOVAL_RETRY_MS, maxAttempts: 1000 });
}

/** Makes the machine follow now; on success the safety net is withdrawn, on failure it stays. */
export async function syncPowerNow(db: Kysely<Database>, provisioning: ProvisioningPort, serverId: string, jobId: number): Promise<void> {
  try {
    await syncPower(db, provisioning, serverId);
  } catch {
    return;
  }
  await withdrawQueuedJob(db, jobId);
}

/** The server module's jobs, registered by `registerJobs` (services.ts). */
export const serverJobs = [SERVER_IMPORT_SETTLE_JOB, SERVER_REMOVAL_JOB, SERVER_POWER_SYNC_JOB];
