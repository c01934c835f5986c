// A server as the provisioning system must create it (D19): the row, its
// addresses with their prefix and gateway, and its SSH keys, in the port's
// words. The IPv4 gateway is the first host of the location's pool (where the
// hypervisor host's bridge holds it); an IPv6 subnet's server takes the
// subnet's first address, routed through the link-local fe80::1 the bridge
// holds, as large clouds do.
import ipaddr from 'ipaddr.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readJson } from '../../db/columns.ts';
import type { ImageSource, OperationParameters, ServerAddress, ServerDefinition, ServerPlan } from '../../upstreams/provisioning/port.ts';
import { allocateIpv6Subnet, describeIpv4Pool, listServerAddresses } from '../addresses/address-pools.ts';
import { hostUriOf } from '../hosts/hosts.service.ts';
import { listPublicKeysById, listServerPublicKeys, type ServerRecord, type StoredPlan } from './servers.repo.ts';

/** The link-local router every IPv6 subnet is reached through. */
export const IPV6_GATEWAY = 'fe80::1';

/** `imageFiles`: where the catalogue says the server's image is (none for a provisioning system that needs no files). */
export async function serverDefinition(db: Kysely<Database>, server: ServerRecord, imageFiles: Omit<ImageSource, 'name'> = {}): Promise<ServerDefinition> {
  const [addresses, sshKeys, host] = await Promise.all([listServerAddresses(db, server.id), listServerPublicKeys(db, server.id), hostUriOf(db, server.id)]);
  const pool = server.location.ipv4_pool;
  const prefix = pool ? Number(pool.split('/')[1]) : 32;
  const gateway = pool ? describeIpv4Pool(pool).gateway : '';
  const subnet = addresses.ipv6Subnets[0];
  return {
    id: server.id,
    hostname: server.hostname ?? server.id,
    location: server.location.code,
    image: server.image.name === null ? null : { name: server.image.name, ...imageFiles },
    plan: planOf(server.plan),
    host,
    ipv4: addresses.ipv4.map(({ address }) => ({ address, prefix, gateway })),
    ipv6: subnet ? ipv6Address(subnet) : null,
    sshKeys,
    privateNetwork: server.privateNetwork.enabled ? { project: String(server.projectId) } : null,
    userData: null,
    rootPassword: null,
  };
}

function planOf(plan: StoredPlan): ServerPlan {
  return { cpuCores: plan.cpu_cores ?? 1, ramMb: plan.ram_mb ?? 1024, diskGb: plan.disk_gb ?? 10 };
}

/** The server's address in its IPv6 subnet, routed through the link-local router. */
function ipv6Address(subnet: string): ServerAddress {
  return { address: firstAddress(subnet), prefix: Number(subnet.split('/')[1]), gateway: IPV6_GATEWAY };
}

/** What an action started on the server stored when it started (ActionService.checkedParams), as far as its operation needs it. */
interface StoredActionParams {
  image?: string;
  image_files?: Omit<ImageSource, 'name'>;
  ssh_keys?: number[] | null;
  snapshot_id?: number;
  iso_id?: number;
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
  const params = readJson<StoredActionParams | null>(action.params) ?? {};
  switch (action.type) {
    case 'server.reinstall': {
      const sshKeys = params.ssh_keys ? await listPublicKeysById(db, params.ssh_keys) : await listServerPublicKeys(db, server.id);
      return { image: params.image ? { name: params.image, ...params.image_files } : null, sshKeys };
    }
    case 'server.reboot':
      return server.pendingPlan ? { plan: planOf(server.pendingPlan) } : {};
    case 'server.create_snapshot':
    case 'server.restore_snapshot':
      return { snapshotId: params.snapshot_id };
    case 'server.mount_iso':
      return { iso: { id: params.iso_id ?? 0, file: params.iso_file ?? null } };
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

/** The first address of an IPv6 subnet (`2001:db8:0:7::/64` → `2001:db8:0:7::1`). */
function firstAddress(subnet: string): string {
  const parts = ipaddr.IPv6.parse(subnet.split('/')[0]!).parts;
  parts[7] = 1;
  return new ipaddr.IPv6(parts).toString();
}
