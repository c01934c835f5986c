// What a drift check compares (D26): what a hypervisor host has (its
// machines and the volumes of its pool) with the servers cloudplane placed
// there. Four kinds of difference:
//
//   unknown_domain   a machine whose name is no server of cloudplane's
//   unknown_volume   a volume of the pool that is no server's disk or seed
//                    (snapshot files are the snapshots' and not compared)
//   missing_machine  a server whose machine the provisioning system made and
//                    keeps, and which is not on the host
//   power_state      a server whose machine runs while its status says
//                    stopped or suspended, or the other way round
//
// Each is kept with the time a check first saw it. A missing machine is
// reported at once (the server's actions already fail); the others only once
// they have lasted longer than DRIFT_GRACE_MS, because the normal course of
// things makes them for a moment: an action moves the machine before the
// record, and a deleted server's machine goes a little after its row.
// Nothing here changes a host or a row.
import type { HostInventory } from '../../upstreams/provisioning/port.ts';
import type { DriftItem } from './host-drift.schemas.ts';

/** How long a difference other than a missing machine lasts before it is reported. */
export const DRIFT_GRACE_MS = 60_000;

/** A server placed on the host, as its row says. */
export interface PlacedServer {
  id: string;
  status: 'running' | 'stopped' | 'suspended';
}

/** The power a server's machine should have: a suspended server's is powered off. */
const expectedPower = (status: PlacedServer['status']) => (status === 'running' ? 'running' : 'stopped');

/** What one difference is about, whatever its details: a difference that lasts keeps its `since` under this key. */
const subjectOf = (item: Pick<DriftItem, 'kind' | 'server_id' | 'domain' | 'volume'>) => `${item.kind}/${item.server_id ?? ''}/${item.domain ?? ''}/${item.volume ?? ''}`;

/**
 * Every difference between the host and the rows now, each with the time it
 * was first seen: taken from `previous` (the last check's) while it lasts,
 * `now` for one seen for the first time. `owned` holds the names of the
 * host's machines and volumes that are servers of cloudplane's (on any host).
 */
export function observeDrift(inventory: HostInventory, placed: readonly PlacedServer[], owned: ReadonlySet<string>, previous: readonly DriftItem[], now: string): DriftItem[] {
  const seenSince = new Map(previous.map((item) => [subjectOf(item), item.since]));
  const found: Omit<DriftItem, 'since'>[] = [];
  const none = { server_id: null, domain: null, volume: null, expected: null, actual: null };

  for (const machine of inventory.machines) {
    if (machine.serverId === null || !owned.has(machine.serverId)) found.push({ ...none, kind: 'unknown_domain', domain: machine.name });
  }
  for (const volume of inventory.volumes) {
    if (volume.snapshotId !== null) continue;
    if (volume.serverId === null || !owned.has(volume.serverId)) found.push({ ...none, kind: 'unknown_volume', volume: volume.name });
  }
  const machines = new Map(inventory.machines.filter((machine) => machine.serverId !== null).map((machine) => [machine.serverId, machine]));
  const kept = new Set(inventory.kept);
  for (const server of placed) {
    const machine = machines.get(server.id);
    if (!machine) {
      if (kept.has(server.id)) found.push({ ...none, kind: 'missing_machine', server_id: server.id, expected: server.status, actual: 'missing' });
      continue;
    }
    // A system that keeps no power state (the simulator) has nothing to compare.
    if (machine.power === null || machine.power === expectedPower(server.status)) continue;
    found.push({ ...none, kind: 'power_state', server_id: server.id, domain: machine.name, expected: expectedPower(server.status), actual: machine.power });
  }
  return found.map((item) => ({ ...item, since: seenSince.get(subjectOf(item)) ?? now }));
}

/** Whether a difference is reported at `now`: a missing machine at once, the others once they have lasted longer than the grace. */
export function isReported(item: DriftItem, now: Date): boolean {
  return item.kind === 'missing_machine' || now.getTime() - Date.parse(item.since) > DRIFT_GRACE_MS;
}

/** The differences reported at `now`, in a stable order: by kind, then by what each is about. */
export function reportedDrift(items: readonly DriftItem[], now: Date): DriftItem[] {
  return items.filter((item) => isReported(item, now)).sort((a, b) => subjectOf(a).localeCompare(subjectOf(b)));
}
