// A deleted snapshot's removal from the provisioning system (D19, D20): the
// job is committed in the transaction that deletes the snapshot's row, so a
// snapshot the client was told is gone never stays on a hypervisor host.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { RetryLater } from '../../jobs/runner.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';

/** How long to wait for a provisioning system that is down or does not answer. */
const REMOVAL_RETRY_MS = 15_000;

export const SNAPSHOT_REMOVAL_JOB = defineJob({
  name: 'snapshot.remove',
  payload: Type.Object({ serverId: Type.String(), snapshotId: Type.Integer() }),
  handler: async ({ serverId, snapshotId }, deps: { provisioning: ProvisioningPort }) => {
    try {
      await deps.provisioning.deleteSnapshot(serverId, snapshotId);
    } catch (error) {
      if (isUpstreamError(error) && error.kind !== 'failed') throw new RetryLater(REMOVAL_RETRY_MS, error.message);
      throw error;
    }
  },
});

/** In the deletion's transaction: the snapshot's removal from the server's host. */
export function enqueueSnapshotRemoval(trx: Kysely<Database>, clock: Clock, serverId: string, snapshotId: number): Promise<number> {
  return enqueueJob(trx, clock, SNAPSHOT_REMOVAL_JOB, { serverId, snapshotId }, { maxAttempts: 1000 });
}

/** The snapshot module's jobs, registered by `registerJobs` (services.ts). */
export const snapshotJobs = [SNAPSHOT_REMOVAL_JOB];
