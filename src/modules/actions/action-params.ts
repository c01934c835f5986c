// What each action type stores when it starts (ActionService.checkedParams),
// read back by its effects (action-effects.ts) and by what provisioning is
// asked to do (operationParameters). One shape per type, written here once.
import { readJson } from '../../db/columns.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ImageSource, OperationParameters } from '../../upstreams/provisioning/port.ts';
import { allocateIpv6Subnet, listServerAddresses } from '../addresses/index.ts';
import { ipv6Address, planOf, serverPublicKeys, type ServerRecord } from '../servers/index.ts';

export interface ReinstallParams {
  image: string;
  image_display_name: string;
  /** Where the image's files are, from the catalogue the choice was checked against (D19). */
  image_files?: Omit<ImageSource, 'name'>;
  /** null when the request named no keys: the server keeps the ones it has. */
  ssh_keys: number[] | null;
}
export interface CreateSnapshotParams {
  snapshot_id: number;
}
export interface RestoreSnapshotParams {
  snapshot_id: number;
}
export interface MountIsoParams {
  iso_id: number;
  iso_name: string | null;
  /** The ISO's file on the hypervisor hosts; null when the catalogue names none. */
  iso_file?: string | null;
}

/**
 * What the provisioning system needs to carry out an action's operation
 * (D19), from what the action stored and the server as it is. Enabling IPv6
 * takes the server's subnet here, before provisioning is asked, so the
 * address the guest is given is the one cloudplane shows (a second run finds
 * it taken already). Throws PoolExhausted when the location has none left.
 */
export async function operationParameters(db: Kysely<Database>, server: ServerRecord, action: { type: string; params: unknown }, now: string): Promise<OperationParameters> {
  switch (action.type) {
    case 'server.reinstall': {
      const params = readJson<ReinstallParams>(action.params);
      return { image: { name: params.image, ...params.image_files }, sshKeys: await serverPublicKeys(db, server.id, params.ssh_keys) };
    }
    case 'server.reboot':
      return server.pendingPlan ? { plan: planOf(server.pendingPlan) } : {};
    case 'server.create_snapshot':
    case 'server.restore_snapshot':
      return { snapshotId: readJson<CreateSnapshotParams | RestoreSnapshotParams>(action.params).snapshot_id };
    case 'server.mount_iso': {
      const params = readJson<MountIsoParams>(action.params);
      return { iso: { id: params.iso_id, file: params.iso_file ?? null } };
    }
    case 'server.enable_ipv6': {
      const existing = (await listServerAddresses(db, server.id)).ipv6Subnets[0];
      const subnet = existing ?? (await allocateIpv6Subnet(db, { location: server.location.code, pool: server.location.ipv6_pool!, serverId: server.id, now }));
      return { ipv6: ipv6Address(subnet) };
    }
    case 'server.enable_private_network':
      return { privateNetwork: { project: String(server.projectId) } };
    default:
      return {};
  }
}
