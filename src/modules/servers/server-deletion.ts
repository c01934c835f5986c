// Deleting a server for good (a carried-out cancellation, D10; a delivery
// that failed): the server, its actions, its addresses, SSH key and firewall
// attachments go, and so does the machine in the provisioning system; its orders,
// invoices, billing service and snapshots stay, as the record of what was sold
// and what was saved.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { RdnsPort } from '../../upstreams/rdns/port.ts';
import type { FirewallPort } from '../../upstreams/firewall/port.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import { enqueueServerRemoval, removeServerNow } from './servers.jobs.ts';
import { enqueueRecordRemoval, removeRecordsNow, type RecordRemoval } from './ptr-removal.jobs.ts';
import { listServerAddresses, releaseServerAddresses } from '../addresses/index.ts';
import * as repo from './servers.repo.ts';
import { crashPoint } from '../../crash-points.ts';
import { recordEvent } from '../events/index.ts';
import { toSummary } from './server-view.ts';

export interface ServerDeletionDependencies {
  clock: Clock;
  /** Where the PTR records of the server's addresses are removed. */
  rdns: RdnsPort;
  /** Where the server itself runs: it is removed there too (its domain, its disks). */
  provisioning: ProvisioningPort;
  /** Where its firewall is enforced: the ruleset goes with the server. */
  firewall: FirewallPort;
  /**
   * The actions module, which removes the server's actions in the deletion's
   * transaction (actions.server_id has no foreign key). Named by what the
   * deletion asks of it: that module builds on this one, so this one cannot import it.
   */
  actions: { removeActionsOfServer(db: Kysely<Database>, serverId: string): Promise<void> };
}

/**
 * Deletes the server in one transaction; true when this call deleted it,
 * false when it was already gone (so a repeat is harmless). The PTR records
 * of its addresses and IPv6 subnets are removed right after the commit (no
 * upstream call inside a transaction), with a durable job enqueued in the
 * transaction as the safety net: a reverse DNS system that is down neither
 * blocks the deletion nor keeps the records for good.
 */
export async function deleteServer(db: Kysely<Database>, deps: ServerDeletionDependencies, serverId: string): Promise<boolean> {
  const removal = await db.transaction().execute(async (trx) => {
    // Read before the release: afterwards nothing says which addresses were the server's.
    const held = await listServerAddresses(trx, serverId);
    // The server as the list showed it, for its server.deleted event.
    const summary = await repo.findServerSummary(trx, serverId);
    await deps.actions.removeActionsOfServer(trx, serverId);
    await releaseServerAddresses(trx, serverId);
    // SSH key and firewall group attachments cascade with the row. The row as deleted
    // (not as read earlier) gives the bandwidth to take off the pool, and only the
    // one transaction that really deleted it does so: two deletions racing cannot
    // take the server off its pool twice.
    const row = await trx.deleteFrom('servers').where('id', '=', serverId).returningAll().executeTakeFirst();
    if (!row) return null;
    const server = repo.toServerRecord(row);
    if (server.bandwidth.pooled) {
      await repo.adjustBandwidthPool(trx, server.projectId, server.location.code, {
        allocated_gb: -(server.bandwidth.allocatedGb ?? 0),
        extra_gb: -(server.bandwidth.extraGb ?? 0),
        used_gb: -(server.bandwidth.usedGb ?? 0),
      });
    }
    const records: RecordRemoval = { addresses: held.ipv4.map(({ address }) => address), networks: held.ipv6Subnets };
    const jobs = { records, jobId: await enqueueRecordRemoval(trx, deps.clock, records), serverJobId: await enqueueServerRemoval(trx, deps.clock, serverId) };
    if (summary) {
      await recordEvent(trx, { projectId: server.projectId, type: 'server.deleted', resource: { type: 'server', id: serverId }, data: toSummary(summary), now: deps.clock.now().toISOString() });
    }
    return jobs;
  });
  if (!removal) return false;
  crashPoint('server-deletion.after-commit');
  await removeServerNow(db, deps, serverId, removal.serverJobId);
  if (removal.jobId !== null) await removeRecordsNow(db, deps.rdns, removal.records, removal.jobId);
  return true;
}
