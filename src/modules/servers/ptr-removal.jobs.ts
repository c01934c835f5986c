// Removing a deleted server's PTR records. The deletion asks the reverse DNS
// system at once, right after it commits; a durable job enqueued in the
// deletion's transaction is the safety net for when that call fails or the
// process dies first. It is withdrawn when the immediate call succeeds.
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { enqueueJob, withdrawQueuedJob } from '../../jobs/queue.ts';
import { RetryLater } from '../../jobs/runner.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { RdnsPort } from '../../upstreams/rdns/port.ts';

/** How long to wait for a reverse DNS system that is down or does not answer. */
export const RDNS_RETRY_MS = 60_000;

const recordRemoval = Type.Object({
  /** The server's IPv4 addresses. */
  addresses: Type.Array(Type.String()),
  /** The server's IPv6 subnets (CIDR). */
  networks: Type.Array(Type.String()),
});

export type RecordRemoval = Static<typeof recordRemoval>;

/** Enqueues the safety net, due after RDNS_RETRY_MS; its id, or null when there is nothing to remove. */
export async function enqueueRecordRemoval(trx: Kysely<Database>, clock: Clock, removal: RecordRemoval): Promise<number | null> {
  if (removal.addresses.length === 0 && removal.networks.length === 0) return null;
  return enqueueJob(trx, clock, REMOVE_RECORDS_JOB, removal, { delayMs: RDNS_RETRY_MS });
}

/** Removes the records now; on success the safety-net job is withdrawn, on failure it stays to try again. */
export async function removeRecordsNow(db: Kysely<Database>, rdns: RdnsPort, removal: RecordRemoval, jobId: number): Promise<void> {
  try {
    await removeRecords(rdns, removal);
  } catch {
    return;
  }
  await withdrawQueuedJob(db, jobId);
}

async function removeRecords(rdns: RdnsPort, removal: RecordRemoval, keep: ReadonlySet<string> = new Set()): Promise<void> {
  for (const address of removal.addresses) if (!keep.has(address)) await rdns.deletePtr(address);
  for (const network of removal.networks) if (!keep.has(network)) await rdns.deletePtrsInNetwork(network);
}

export const REMOVE_RECORDS_JOB = defineJob({
  name: 'rdns.remove_server_records',
  payload: recordRemoval,
  handler: async (removal, deps: { db: Kysely<Database>; rdns: RdnsPort }) => {
    // Late, by now: an address or subnet handed to another server meanwhile may
    // hold that server's PTR, which is not this job's to remove. (The old name
    // may then still be there, for the new owner to replace.)
    const rows = await deps.db.selectFrom('ip_allocations').select('address').where('address', 'in', [...removal.addresses, ...removal.networks]).execute();
    try {
      await removeRecords(deps.rdns, removal, new Set(rows.map((row) => row.address)));
    } catch (error) {
      // Down or silent is a state that passes: wait for it without using up attempts. An error answer counts.
      if (isUpstreamError(error) && error.kind !== 'failed') throw new RetryLater(RDNS_RETRY_MS, error.message);
      throw error;
    }
  },
});

/** The reverse DNS module's jobs, registered by `registerJobs` (services.ts). */
export const ptrRemovalJobs = [REMOVE_RECORDS_JOB];
