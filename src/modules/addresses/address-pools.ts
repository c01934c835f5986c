// Public addresses come from per-location pools in the catalogue: IPv4 hosts
// one by one, IPv6 as /64 subnets. The lowest free slot is handed out so that
// released addresses are reused before the pool is drawn down further
// (address-allocator.ts finds it without reading the addresses in use).
import ipaddr from 'ipaddr.js';
import type { Kysely } from 'kysely';
import { readBool } from '../../db/columns.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { allocateLowestFree, reserveAtCursor, type AddressKind, type PoolSlots, type ReservedSlot } from './address-allocator.ts';

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

interface Ipv4Network {
  network: bigint;
  broadcast: bigint;
  prefix: number;
}

// Every allocation and every server shown parses its location's pool, and
// ipaddr.js takes tens of microseconds to; there are only a few pools, so each
// is parsed once. The bound only guards against a catalogue that keeps changing.
const parsedIpv4Pools = new Map<string, Ipv4Network>();
const MAX_PARSED_POOLS = 1000;

function ipv4Network(cidr: string): Ipv4Network {
  const parsed = parsedIpv4Pools.get(cidr);
  if (parsed) return parsed;
  const problem = ipv4PoolProblem(cidr);
  if (problem) throw new Error(`invalid IPv4 pool "${cidr}": ${problem}`);
  const [, prefix] = ipaddr.IPv4.parseCIDR(cidr);
  const network = {
    network: bytesToBigInt(ipaddr.IPv4.networkAddressFromCIDR(cidr).toByteArray()),
    broadcast: bytesToBigInt(ipaddr.IPv4.broadcastAddressFromCIDR(cidr).toByteArray()),
    prefix,
  };
  if (parsedIpv4Pools.size >= MAX_PARSED_POOLS) parsedIpv4Pools.clear();
  parsedIpv4Pools.set(cidr, network);
  return network;
}

function ipv4FromSlot(slot: bigint): string {
  return ipaddr.fromByteArray(bigIntToBytes(slot, 4)).toString();
}

// What ipaddr.IPv4.isValidFourPartDecimal accepts, read without ipaddr.js
// first trying every other IPv4 spelling: starting a pool's walk reads every
// address in use, and tens of thousands should take milliseconds, not seconds.
const FOUR_DECIMAL_PARTS = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;

function ipv4Slot(address: string): bigint | undefined {
  const parts = FOUR_DECIMAL_PARTS.exec(address);
  if (!parts) return undefined;
  let slot = 0n;
  for (const part of parts.slice(1)) {
    const byte = Number(part);
    if (byte > 255) return undefined;
    slot = (slot << 8n) | BigInt(byte);
  }
  return slot;
}

/** Hosts are handed out from the second on: the first is the gateway. A slot is the address as a 32-bit number. */
function ipv4HostSlots(cidr: string): PoolSlots {
  const { network, broadcast, prefix } = ipv4Network(cidr);
  return {
    kind: 'ipv4',
    cidr: `${ipv4FromSlot(network)}/${prefix}`,
    first: network + 2n,
    last: broadcast - 1n,
    keyDigits: 8,
    toSlot: ipv4Slot,
    toAddress: ipv4FromSlot,
  };
}

/** Every /64 of the pool may be handed out; a slot is the upper 64 bits of its address. */
function ipv6SubnetSlots(cidr: string): PoolSlots {
  const problem = ipv6PoolProblem(cidr);
  if (problem) throw new Error(`invalid IPv6 pool "${cidr}": ${problem}`);
  const [, prefix] = ipaddr.IPv6.parseCIDR(cidr);
  const network = ipaddr.IPv6.networkAddressFromCIDR(cidr);
  const first = bytesToBigInt(network.toByteArray().slice(0, 8));
  return {
    kind: 'ipv6_subnet',
    cidr: `${network.toString()}/${prefix}`,
    first,
    last: first + (1n << BigInt(MAX_IPV6_POOL_PREFIX - prefix)) - 1n,
    keyDigits: 16,
    toSlot: ipv6SubnetSlot,
    toAddress: ipv6SubnetFromSlot,
  };
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
  const address = await allocateLowestFree(db, ipv4HostSlots(request.pool), request);
  if (address === undefined) throw new PoolExhausted(request.location, request.pool, 'ipv4');
  return address;
}

/** The usual case of allocateIpv4, its row left to the caller's last statement (reserveAtCursor); undefined when it must be allocateIpv4, with the cursor held. */
export function reserveIpv4(db: Kysely<Database>, request: Ipv4Request): Promise<ReservedSlot | undefined> {
  return reserveAtCursor(db, ipv4HostSlots(request.pool), request);
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
  const subnet = await allocateLowestFree(db, ipv6SubnetSlots(request.pool), { ...request, isPrimary: false, position: 0 });
  if (subnet === undefined) throw new PoolExhausted(request.location, request.pool, 'ipv6_subnet');
  return subnet;
}

/** The usual case of allocateIpv6Subnet, its row left to the caller's last statement (reserveAtCursor); undefined when it must be allocateIpv6Subnet, with the cursor held. */
export function reserveIpv6Subnet(db: Kysely<Database>, request: Ipv6Request): Promise<ReservedSlot | undefined> {
  return reserveAtCursor(db, ipv6SubnetSlots(request.pool), { ...request, isPrimary: false, position: 0 });
}

/**
 * Frees every address and subnet of the server; returns how many. A trigger
 * puts each on the released list, to be handed out again first. The foreign
 * key cascades too, but deletion says so explicitly.
 */
export async function releaseServerAddresses(db: Kysely<Database>, serverId: string): Promise<number> {
  const result = await db.deleteFrom('ip_allocations').where('server_id', '=', serverId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Frees the server's IPv6 subnets (an IPv6 enabling that failed gives back the subnet it took); returns how many. */
export async function releaseServerIpv6Subnets(db: Kysely<Database>, serverId: string): Promise<number> {
  const result = await db.deleteFrom('ip_allocations').where('server_id', '=', serverId).where('kind', '=', 'ipv6_subnet').executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface ServerAddresses {
  /** Primary first, then in the order they were given to the server. */
  ipv4: { address: string; primary: boolean }[];
  /** In the order they were allocated. */
  ipv6Subnets: string[];
}

/** What toServerAddresses needs of each of a server's ip_allocations rows; the server view reads them too (servers.repo.ts). */
export const SERVER_ADDRESS_COLUMNS = ['address', 'kind', 'is_primary', 'position', 'allocated_at'] as const;

// Every server read lists its addresses: prepared once (db/prepared.ts).
const selectServerAddresses = preparedQuery((db, serverId: string) =>
  db.selectFrom('ip_allocations').select(SERVER_ADDRESS_COLUMNS).where('server_id', '=', serverId),
);

export async function listServerAddresses(db: Kysely<Database>, serverId: string): Promise<ServerAddresses> {
  return toServerAddresses(await selectServerAddresses(db, serverId));
}

/** A server's address rows, as read by listServerAddresses or by another read that took them along, in the order shown. */
export type ServerAddressRow = Awaited<ReturnType<typeof selectServerAddresses>>[number];

export function toServerAddresses(rows: readonly ServerAddressRow[]): ServerAddresses {
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
