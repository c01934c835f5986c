// Each registered host is checked for drift (D26) by a recurring job of its
// own: every DRIFT_CHECK_INTERVAL_MS, or at once when the operator asks. A
// check reads what the host has through the provisioning port (unwrapped by
// fault injection: faults are meant for the actions), compares it with the
// servers placed there (drift-comparison.ts) and stores what it saw. It
// never deletes, starts or stops a machine. The one row it changes besides
// its own is a server's whose machine is gone: such a server runs nothing,
// so it is recorded `stopped` (with its status event), the spec's word for it.
//
// One job row per host, never a job per worker: the runner hands a row to
// one worker at a time, so a host is checked by one process at a time, and
// a worker that dies mid-check loses its lease to another. The job never
// finishes while its host is there: each run ends by asking to run again
// (RetryLater, which gives the attempt back); it ends when the host is gone.
// The row is made in the transaction that registers the host, and again by
// the first worker to start should it be gone (hosts registered before this
// version, a job that failed for good).
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { enqueueJob, isJobPending, rescheduleQueuedJob } from '../../jobs/queue.ts';
import { RetryLater } from '../../jobs/runner.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { HostInventory, ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import type { HostService, HostWatch } from '../hosts/index.ts';
import { existingServerIds, listHostServers, type ServerService } from '../servers/index.ts';
import { isReported, observeDrift } from './drift-comparison.ts';
import type { DriftItem } from './host-drift.schemas.ts';
import * as repo from './host-drift.repo.ts';

/** How often each host is checked. */
export const DRIFT_CHECK_INTERVAL_MS = 60_000;

export interface HostDriftJobDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** Read unwrapped by fault injection, as a server's power state is. */
  provisioning: ProvisioningPort;
  hosts: HostService;
  /** A server whose machine is gone is recorded stopped through it. */
  servers: ServerService;
  /** New and cleared differences are logged for the operator; absent: silent. */
  logger?: Logger;
}

/** A difference in the words of the operator's log line. */
function described(item: DriftItem): string {
  if (item.kind === 'power_state') return `server ${item.server_id} is ${item.actual}, its status says ${item.expected}`;
  if (item.kind === 'missing_machine') return `server ${item.server_id} has no machine`;
  return `${item.domain ?? item.volume} belongs to no server`;
}

/** What a difference is about, to match it with the last check's. */
const subjectOf = (item: DriftItem) => JSON.stringify([item.kind, item.server_id, item.domain, item.volume]);

/** One check of one host: how it went; null when the host was removed. */
async function checkHost(deps: HostDriftJobDependencies, hostId: number): Promise<string | null> {
  const { db, clock, provisioning, logger } = deps;
  const host = await deps.hosts.findIdentity(hostId);
  if (!host) return null;
  const previous = await repo.findDrift(db, hostId);
  const placed = await listHostServers(db, hostId);
  let inventory: HostInventory;
  try {
    inventory = await provisioning.hostInventory(host.uri, placed.map((server) => server.id));
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    await repo.recordCheckFailure(db, hostId, `the host could not be read: ${error.message}`);
    return `the host could not be read: ${error.message}`;
  }
  const names = [...inventory.machines, ...inventory.volumes].flatMap((item) => (item.serverId === null ? [] : [item.serverId]));
  const owned = await existingServerIds(db, [...new Set(names)]);
  const now = clock.now();
  const observations = observeDrift(inventory, placed, owned, previous?.observations ?? [], now.toISOString());
  await repo.recordCheck(db, hostId, observations, now.toISOString());

  for (const item of observations) {
    if (item.kind === 'missing_machine' && item.expected === 'running') await deps.servers.recordObservedPower(item.server_id!, 'running', 'stopped');
  }
  // The operator's event: each difference logged once when it is first reported, and once when it is gone.
  const before = new Map((previous?.observations ?? []).map((item) => [subjectOf(item), item]));
  const lastCheck = previous?.checkedAt ? new Date(previous.checkedAt) : null;
  const wasReported = (item: DriftItem | undefined) => item !== undefined && lastCheck !== null && isReported(item, lastCheck);
  for (const item of observations) {
    const key = subjectOf(item);
    if (isReported(item, now) && !wasReported(before.get(key))) logger?.warn({ host: host.name, hostId, drift: item }, `host drift found on ${host.name}: ${described(item)}`);
    before.delete(key);
  }
  for (const gone of before.values()) if (wasReported(gone)) logger?.info({ host: host.name, hostId, drift: gone }, `host drift cleared on ${host.name}: ${described(gone)}`);

  const reported = observations.filter((item) => isReported(item, now)).length;
  return `last check saw ${inventory.machines.length} machine${inventory.machines.length === 1 ? '' : 's'}; ${reported} difference${reported === 1 ? '' : 's'} reported`;
}

export const HOST_DRIFT_CHECK_JOB = defineJob({
  name: 'host_drift.check',
  payload: Type.Object({ hostId: Type.Integer() }),
  handler: async ({ hostId }, deps: HostDriftJobDependencies) => {
    const startedAt = deps.clock.now().toISOString();
    let outcome: string | null;
    try {
      outcome = await checkHost(deps, hostId);
    } catch (error) {
      // The database failed mid-check: the next round checks again. Failing the job would, in the end, stop it for good.
      outcome = `last check failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    // The host was removed: its job ends with it.
    if (outcome === null) return;
    // Asked for during this round (which may have read the host before the ask): once more at once.
    const requested = (await repo.findDrift(deps.db, hostId).catch(() => undefined))?.checkRequestedAt;
    throw new RetryLater(requested && requested > startedAt ? 0 : DRIFT_CHECK_INTERVAL_MS, outcome);
  },
});

/** The host-drift module's jobs, registered by `registerJobs` (services.ts). */
export const hostDriftJobs = [HOST_DRIFT_CHECK_JOB];

/** Starts, keeps and hurries each host's check job. */
export class DriftChecks implements HostWatch {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock }) {}

  /** A newly registered host's row and check job, in the transaction `trx` that registers it; the first check is due at once. */
  async startWatching(trx: Kysely<Database>, hostId: number): Promise<void> {
    await repo.ensureDriftRow(trx, hostId);
    await repo.setCheckJob(trx, hostId, await enqueueJob(trx, this.deps.clock, HOST_DRIFT_CHECK_JOB, { hostId }, { maxAttempts: 1000 }));
  }

  /** Gives each of these hosts a check job unless it has one queued or running (every worker asks at start). */
  async ensure(hostIds: readonly number[]): Promise<void> {
    for (const hostId of hostIds) await this.ensureOne(hostId);
  }

  /** The host's check due now (or once more when one is under way), for an operator who asked. */
  async hurry(hostId: number): Promise<void> {
    const { db, clock } = this.deps;
    await this.ensureOne(hostId);
    await repo.recordCheckRequest(db, hostId, clock.now().toISOString());
    const jobId = (await repo.findDrift(db, hostId))?.jobId;
    if (jobId) await rescheduleQueuedJob(db, clock, jobId, 0);
  }

  private async ensureOne(hostId: number): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      await repo.ensureDriftRow(trx, hostId);
      const row = await repo.lockDriftRow(trx, hostId);
      if (!row || (row.jobId !== null && (await isJobPending(trx, row.jobId)))) return;
      await repo.setCheckJob(trx, hostId, await enqueueJob(trx, clock, HOST_DRIFT_CHECK_JOB, { hostId }, { maxAttempts: 1000 }));
    });
  }
}

/** Every host's check job made unless it is there (every worker asks at start). */
export async function ensureHostDriftChecks(checks: DriftChecks, hosts: HostService): Promise<void> {
  await checks.ensure((await hosts.identities()).map((host) => host.id));
}
