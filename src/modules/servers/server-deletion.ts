// Deleting a server for good (a carried-out cancellation, D10): the server,
// its actions, its addresses, SSH key and firewall attachments go; its orders,
// invoices, billing service and snapshots stay, as the record of what was sold
// and what was saved.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RdnsPort } from '../../upstreams/rdns/port.ts';
import { listServerAddresses, releaseServerAddresses } from '../addresses/address-pools.ts';
import * as repo from './servers.repo.ts';

export interface ServerDeletionDependencies {
  /** Where the PTR records of the server's addresses are removed; without one they are left to the reverse DNS system. */
  rdns?: RdnsPort;
}

/**
 * Deletes the server in one transaction; true when this call deleted it,
 * false when it was already gone (so a repeat is harmless). The PTR records
 * of its IPv4 addresses are removed afterwards, outside the transaction (no
 * upstream call inside one) and best-effort: a reverse DNS system that fails
 * must not undo or block a deletion that already happened.
 */
export async function deleteServer(db: Kysely<Database>, deps: ServerDeletionDependencies, serverId: string): Promise<boolean> {
  const addresses = await db.transaction().execute(async (trx) => {
    // Read before the release: afterwards nothing says which addresses were the server's.
    const held = await listServerAddresses(trx, serverId);
    // actions.server_id has no foreign key, so the server's actions are removed by hand.
    await trx.deleteFrom('actions').where('server_id', '=', serverId).execute();
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
    return held;
  });
  if (!addresses) return false;

  if (deps.rdns) {
    const rdns = deps.rdns;
    // PTRs inside the IPv6 subnets cannot be listed through the port; only the IPv4 ones are known here.
    await Promise.all(addresses.ipv4.map(({ address }) => rdns.deletePtr(address).catch(() => undefined)));
  }
  return true;
}
