// A server as the provisioning system must create it (D19): the row, its
// addresses with their prefix and gateway, and its SSH keys, in the port's
// words. The IPv4 gateway is the first host of the location's pool (where the
// hypervisor host's bridge holds it); an IPv6 subnet's server takes the
// subnet's first address, routed through the link-local fe80::1 the bridge
// holds, as large clouds do.
import ipaddr from 'ipaddr.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ImageSource, ServerAddress, ServerDefinition, ServerPlan } from '../../upstreams/provisioning/port.ts';
import { describeIpv4Pool, listServerAddresses } from '../addresses/index.ts';
import type { HostService } from '../hosts/index.ts';
import { listPublicKeysById, listServerPublicKeys, type ServerRecord, type StoredPlan } from './servers.repo.ts';

/** The link-local router every IPv6 subnet is reached through. */
export const IPV6_GATEWAY = 'fe80::1';

/**
 * `imageFiles`: where the catalogue says the server's image is (none for a
 * provisioning system that needs no files); `hosts` says which hypervisor
 * host the server was placed on.
 */
export async function serverDefinition(
  db: Kysely<Database>,
  hosts: HostService,
  server: ServerRecord,
  imageFiles: Omit<ImageSource, 'name'> = {},
): Promise<ServerDefinition> {
  const [addresses, sshKeys, host] = await Promise.all([listServerAddresses(db, server.id), listServerPublicKeys(db, server.id), hosts.uriOf(db, server.id)]);
  const pool = server.location.ipv4_pool;
  const prefix = pool ? Number(pool.split('/')[1]) : 32;
  const gateway = pool ? describeIpv4Pool(pool).gateway : '';
  const subnet = addresses.ipv6Subnets[0];
  return {
    id: server.id,
    hostname: server.hostname ?? server.id,
    location: server.location.code,
    image: server.image.name === null ? null : { name: server.image.name, ...imageFiles },
    snapshot: server.image.snapshot_id === undefined ? null : { id: server.image.snapshot_id },
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

/** A stored plan in the provisioning port's words. */
export function planOf(plan: StoredPlan): ServerPlan {
  return { cpuCores: plan.cpu_cores ?? 1, ramMb: plan.ram_mb ?? 1024, diskGb: plan.disk_gb ?? 10 };
}

/** The server's address in its IPv6 subnet, routed through the link-local router. */
export function ipv6Address(subnet: string): ServerAddress {
  return { address: firstAddress(subnet), prefix: Number(subnet.split('/')[1]), gateway: IPV6_GATEWAY };
}

/** The public keys a server has, or (a reinstall's choice) these project keys', in id order. */
export function serverPublicKeys(db: Kysely<Database>, serverId: string, keyIds: readonly number[] | null): Promise<string[]> {
  return keyIds ? listPublicKeysById(db, keyIds) : listServerPublicKeys(db, serverId);
}

/** The first address of an IPv6 subnet (`2001:db8:0:7::/64` → `2001:db8:0:7::1`). */
function firstAddress(subnet: string): string {
  const parts = ipaddr.IPv6.parse(subnet.split('/')[0]!).parts;
  parts[7] = 1;
  return new ipaddr.IPv6(parts).toString();
}
