// Public addresses come from per-location pools in the catalogue: IPv4 hosts
// one by one, IPv6 as /64 subnets. The lowest free slot is handed out so that
// released addresses are reused before the pool is drawn down further.
//
// The primary key on ip_allocations.address is what makes a double allocation
// impossible; the read of used addresses only picks a good first guess. When
// another transaction (or process) claims the same slot first, the insert does
// nothing and the next slot is tried. ON CONFLICT DO NOTHING is used instead of
// catching the unique violation because on PostgreSQL a failed statement aborts
// the caller's whole transaction.
import ipaddr from 'ipaddr.js';
import type { Kysely } from 'kysely';
import { readBool } from '../../db/columns.ts';
import type { Database, IpAllocationsTable } from '../../db/schema.ts';

type AddressKind = IpAllocationsTable['kind'];

export class PoolExhausted extends Error {
  constructor(
    readonly location: string,
    readonly pool: string,
    readonly kind: AddressKind,
  ) {
    super(`the ${kind === 'ipv4' ? 'IPv4' : 'IPv6'} pool ${pool} of location ${location} has no free ${kind === 'ipv4' ? 'address' : '/64 subnet'}`);
    this.name = 'PoolExhausted';
  }
}

// A /31 or /32 has no room for network, gateway, broadcast and one server.
const MAX_IPV4_POOL_PREFIX = 30;
// Subnets are handed out as /64s, so a pool must hold at least one.
const MAX_IPV6_POOL_PREFIX = 64;

/** Why `cidr` cannot be an IPv4 pool, or undefined when it can. */
export function ipv4PoolProblem(cidr: string): string | undefined {
  // The four-part check refuses the classful shorthands ("10/8", "0x0a.0.0.0") ipaddr.js otherwise accepts.
  if (!ipaddr.IPv4.isValidCIDRFourPartDecimal(cidr)) return 'must be an IPv4 network in CIDR form, such as 192.0.2.0/24';
  const [address, prefix] = ipaddr.IPv4.parseCIDR(cidr);
  if (prefix > MAX_IPV4_POOL_PREFIX) return `prefix must be at most /${MAX_IPV4_POOL_PREFIX}`;
  const network = ipaddr.IPv4.networkAddressFromCIDR(cidr);
  if (network.toString() !== address.toString()) return `has host bits set; the network is ${network.toString()}/${prefix}`;
  return undefined;
}

/** Why `cidr` cannot be an IPv6 pool, or undefined when it can. */
export function ipv6PoolProblem(cidr: string): string | undefined {
  if (!ipaddr.IPv6.isValidCIDR(cidr)) return 'must be an IPv6 network in CIDR form, such as 2001:db8::/48';
  const [address, prefix] = ipaddr.IPv6.parseCIDR(cidr);
  if (address.zoneId !== undefined) return 'must not have a zone id';
  if (prefix > MAX_IPV6_POOL_PREFIX) return `prefix must be at most /${MAX_IPV6_POOL_PREFIX}`;
  const network = ipaddr.IPv6.networkAddressFromCIDR(cidr);
  if (network.toString() !== address.toString()) return `has host bits set; the network is ${network.toString()}/${prefix}`;
  return undefined;
}

function bytesToBigInt(bytes: readonly number[]): bigint {
  return bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
}

function bigIntToBytes(value: bigint, length: number): number[] {
  const bytes: number[] = [];
  for (let i = length - 1; i >= 0; i--) bytes.push(Number((value >> BigInt(8 * i)) & 0xffn));
  return bytes;
}

/** Slots are numbered like addresses: an IPv4 address as a 32-bit number, an IPv6 /64 by its upper 64 bits. */
interface SlotRange {
  first: bigint;
  last: bigint;
}

function ipv4Network(cidr: string): { network: bigint; broadcast: bigint; prefix: number } {
  const problem = ipv4PoolProblem(cidr);
  if (problem) throw new Error(`invalid IPv4 pool "${cidr}": ${problem}`);
  const [, prefix] = ipaddr.IPv4.parseCIDR(cidr);
  return {
    network: bytesToBigInt(ipaddr.IPv4.networkAddressFromCIDR(cidr).toByteArray()),
    broadcast: bytesToBigInt(ipaddr.IPv4.broadcastAddressFromCIDR(cidr).toByteArray()),
    prefix,
  };
}

function ipv4FromSlot(slot: bigint): string {
  return ipaddr.fromByteArray(bigIntToBytes(slot, 4)).toString();
}

function ipv4Slot(address: string): bigint | undefined {
  return ipaddr.IPv4.isValidFourPartDecimal(address) ? bytesToBigInt(ipaddr.IPv4.parse(address).toByteArray()) : undefined;
}

function ipv6SubnetRange(cidr: string): SlotRange {
  const problem = ipv6PoolProblem(cidr);
  if (problem) throw new Error(`invalid IPv6 pool "${cidr}": ${problem}`);
  const [, prefix] = ipaddr.IPv6.parseCIDR(cidr);
  const first = bytesToBigInt(ipaddr.IPv6.networkAddressFromCIDR(cidr).toByteArray().slice(0, 8));
  return { first, last: first + (1n << BigInt(MAX_IPV6_POOL_PREFIX - prefix)) - 1n };
}

/** The canonical text of a /64: lowercase and compressed (RFC 5952), as stored and shown. */
function ipv6SubnetFromSlot(slot: bigint): string {
  const bytes = [...bigIntToBytes(slot, 8), 0, 0, 0, 0, 0, 0, 0, 0];
  return `${ipaddr.fromByteArray(bytes).toString()}/64`;
}

function ipv6SubnetSlot(subnet: string): bigint | undefined {
  if (!ipaddr.IPv6.isValidCIDR(subnet)) return undefined;
  return bytesToBigInt(ipaddr.IPv6.parseCIDR(subnet)[0].toByteArray().slice(0, 8));
}

/** The netmask and gateway servers in this pool are configured with; the gateway is the first host. */
export function describeIpv4Pool(cidr: string): { netmask: string; gateway: string } {
  const { network, prefix } = ipv4Network(cidr);
  return {
    netmask: ipaddr.IPv4.subnetMaskFromPrefixLength(prefix).toString(),
    gateway: ipv4FromSlot(network + 1n),
  };
}

interface Claim {
  kind: AddressKind;
  location: string;
  serverId: string;
  isPrimary: boolean;
  position: number;
  now: string;
}

/** Inserts the allocation unless the address is already taken; true when this call got it. */
async function claim(db: Kysely<Database>, address: string, values: Claim): Promise<boolean> {
  const inserted = await db
    .insertInto('ip_allocations')
    .values({
      address,
      kind: values.kind,
      location: values.location,
      server_id: values.serverId,
      is_primary: values.isPrimary,
      position: values.position,
      allocated_at: values.now,
    })
    .onConflict((conflict) => conflict.column('address').doNothing())
    .returning('address')
    .executeTakeFirst();
  return inserted !== undefined;
}

// One read of the location's allocations, then the first gap is found in
// memory: a pool with thousands of addresses in use costs one query, not one
// per address tried.
async function claimLowestFree(
  db: Kysely<Database>,
  pool: string,
  range: SlotRange,
  toSlot: (address: string) => bigint | undefined,
  toAddress: (slot: bigint) => string,
  values: Claim,
): Promise<string> {
  const rows = await db
    .selectFrom('ip_allocations')
    .select('address')
    .where('location', '=', values.location)
    .where('kind', '=', values.kind)
    .execute();
  const taken = new Set<bigint>();
  for (const { address } of rows) {
    const slot = toSlot(address);
    if (slot !== undefined) taken.add(slot);
  }
  // Slots only move forward: one lost to a concurrent claim is taken for good.
  for (let slot = range.first; slot <= range.last; slot++) {
    if (taken.has(slot)) continue;
    const address = toAddress(slot);
    if (await claim(db, address, values)) return address;
  }
  throw new PoolExhausted(values.location, pool, values.kind);
}

export interface Ipv4Request {
  location: string;
  /** The location's ipv4_pool, e.g. "192.0.2.0/24". */
  pool: string;
  serverId: string;
  isPrimary: boolean;
  position: number;
  now: string;
}

/**
 * Allocates the lowest free host of the pool to the server, skipping the
 * network address, the gateway (first host) and the broadcast address.
 * Throws PoolExhausted when every host is in use.
 */
export async function allocateIpv4(db: Kysely<Database>, request: Ipv4Request): Promise<string> {
  const { network, broadcast } = ipv4Network(request.pool);
  const range = { first: network + 2n, last: broadcast - 1n };
  return claimLowestFree(db, request.pool, range, ipv4Slot, ipv4FromSlot, { ...request, kind: 'ipv4' });
}

export interface Ipv6Request {
  location: string;
  /** The location's ipv6_pool, e.g. "2001:db8:1::/48". */
  pool: string;
  serverId: string;
  now: string;
}

/** Allocates the lowest free /64 of the pool to the server, e.g. "2001:db8:1::/64". Throws PoolExhausted when none is left. */
export async function allocateIpv6Subnet(db: Kysely<Database>, request: Ipv6Request): Promise<string> {
  const range = ipv6SubnetRange(request.pool);
  return claimLowestFree(db, request.pool, range, ipv6SubnetSlot, ipv6SubnetFromSlot, {
    ...request,
    kind: 'ipv6_subnet',
    isPrimary: false,
    position: 0,
  });
}

/** Frees every address and subnet of the server; returns how many. The foreign key cascades too, but deletion says so explicitly. */
export async function releaseServerAddresses(db: Kysely<Database>, serverId: string): Promise<number> {
  const result = await db.deleteFrom('ip_allocations').where('server_id', '=', serverId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface ServerAddresses {
  /** Primary first, then in the order they were given to the server. */
  ipv4: { address: string; primary: boolean }[];
  /** In the order they were allocated. */
  ipv6Subnets: string[];
}

export async function listServerAddresses(db: Kysely<Database>, serverId: string): Promise<ServerAddresses> {
  const rows = await db
    .selectFrom('ip_allocations')
    .select(['address', 'kind', 'is_primary', 'position', 'allocated_at'])
    .where('server_id', '=', serverId)
    .execute();

  const ipv4 = rows
    .filter((row) => row.kind === 'ipv4')
    .map((row) => ({ address: row.address, primary: readBool(row.is_primary), position: row.position, slot: ipv4Slot(row.address) ?? 0n }))
    .sort((a, b) => Number(b.primary) - Number(a.primary) || a.position - b.position || compareSlots(a.slot, b.slot))
    .map(({ address, primary }) => ({ address, primary }));

  // Subnets share one position, so allocation time orders them; text order would put :10:: before :2::.
  const ipv6Subnets = rows
    .filter((row) => row.kind === 'ipv6_subnet')
    .map((row) => ({ address: row.address, allocatedAt: String(row.allocated_at), slot: ipv6SubnetSlot(row.address) ?? 0n }))
    .sort((a, b) => compareText(a.allocatedAt, b.allocatedAt) || compareSlots(a.slot, b.slot))
    .map((row) => row.address);

  return { ipv4, ipv6Subnets };
}

function compareSlots(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Timestamps are ISO 8601 UTC text on both engines, so text order is time order.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
