// What a successful action changes on the server (D5), and the result it
// reports. Runs in the transaction that marks the action `success`.
import type { Kysely } from 'kysely';
import { readJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import { allocateIpv6Subnet, listServerAddresses, releaseServerIpv6Subnets } from '../addresses/index.ts';
import {
  applyPendingPlan,
  enablePrivateNetwork,
  replaceServerSshKeys,
  setPowerState,
  setServerImage,
  setServerIso,
  type ServerRecord,
} from '../servers/index.ts';
import type { SnapshotService } from '../snapshots/index.ts';
import type { CreateSnapshotParams, MountIsoParams, ReinstallParams } from './action-params.ts';
import type { ActionRow } from './actions.repo.ts';


export async function applyEffects(
  db: Kysely<Database>,
  snapshots: SnapshotService,
  action: ActionRow,
  server: ServerRecord,
  outcome: Record<string, unknown>,
  now: string,
): Promise<Record<string, unknown>> {
  // A server suspended meanwhile keeps its suspension (setPowerState); the power state applies when it is lifted.
  const power = (status: 'running' | 'stopped') => setPowerState(db, server.id, status);
  // A soft stop the guest ignored until the timeout, then forced: said in the result, so a client knows it was not clean.
  const forced = outcome.forced_power_off === true ? { forced_power_off: true } : {};

  switch (action.type) {
    case 'server.power_on':
    case 'server.restore_snapshot':
      await power('running');
      return {};
    case 'server.power_off':
      await power('stopped');
      return {};
    case 'server.shutdown':
      await power('stopped');
      return forced;
    case 'server.reboot':
      await power('running');
      // Only a reboot through the API applies a new plan.
      if (server.pendingPlan) await applyPendingPlan(db, server.id, server.pendingPlan);
      return forced;
    case 'server.reinstall': {
      const params = readJson<ReinstallParams>(action.params);
      await power('running');
      await setServerImage(db, server.id, { name: params.image, display_name: params.image_display_name });
      if (params.ssh_keys) await replaceServerSshKeys(db, server.id, params.ssh_keys);
      return { root_password: outcome.root_password };
    }
    case 'server.reset_password':
      return { root_password: outcome.root_password };
    case 'server.create_snapshot': {
      const params = readJson<CreateSnapshotParams>(action.params);
      await snapshots.complete(db, params.snapshot_id, Number(outcome.size_gb ?? server.plan.disk_gb ?? 1));
      return { snapshot_id: params.snapshot_id };
    }
    case 'server.mount_iso': {
      const params = readJson<MountIsoParams>(action.params);
      await setServerIso(db, server.id, { id: params.iso_id, name: params.iso_name });
      return {};
    }
    case 'server.unmount_iso':
      await setServerIso(db, server.id, null);
      return {};
    case 'server.enable_ipv6': {
      // A server has one routed subnet; a second success reports the one it has.
      const existing = (await listServerAddresses(db, server.id)).ipv6Subnets[0];
      const subnet = existing ?? (await allocateIpv6Subnet(db, { location: server.location.code, pool: server.location.ipv6_pool!, serverId: server.id, now }));
      return { subnet, ...forced };
    }
    case 'server.enable_private_network':
      await enablePrivateNetwork(db, server.id);
      return forced;
    default:
      return {};
  }
}

/**
 * What a failed action leaves behind: a snapshot being made is marked
 * failed; the subnet an IPv6 enabling took before provisioning was asked is
 * given back (the action could start only while the server had none).
 */
export async function applyFailure(db: Kysely<Database>, snapshots: SnapshotService, action: ActionRow): Promise<void> {
  if (action.type === 'server.enable_ipv6') {
    await releaseServerIpv6Subnets(db, action.server_id);
    return;
  }
  if (action.type !== 'server.create_snapshot') return;
  const params = readJson<{ snapshot_id?: number }>(action.params);
  if (params.snapshot_id) await snapshots.fail(db, params.snapshot_id);
}
