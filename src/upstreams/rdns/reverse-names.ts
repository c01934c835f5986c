// Addresses as the reverse DNS tree names them. One canonical text per
// address (dotted quad; RFC 5952 for IPv6) so that any valid way of writing an
// IPv6 address finds the same PTR, and a fixed-width key whose text order is
// address order, so that "every PTR in this network" is one range.
import ipaddr from 'ipaddr.js';

import { parseIpAddress, type IpAddress } from '../../ip-address.ts';

export type ParsedAddress = IpAddress;

/** The address written in `text`, read strictly (see ip-address.ts), or undefined. */
export const parseAddress = parseIpAddress;

export function canonicalAddress(address: ParsedAddress): string {
  return address.kind() === 'ipv6' ? (address as ipaddr.IPv6).toRFC5952String() : address.toString();
}

/** Fixed-width hex with the family first: `4c0000205` for 192.0.2.5, `6` and 32 nibbles for IPv6. */
export function addressKey(address: ParsedAddress): string {
  const hex = address
    .toByteArray()
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  return `${address.kind() === 'ipv6' ? '6' : '4'}${hex}`;
}

/** The first and last address key of a network in CIDR form. */
export function networkKeyRange(cidr: string): { first: string; last: string } {
  const [address, prefix] = ipaddr.parseCIDR(cidr);
  const bits = address.toByteArray().length * 8;
  const family = address.kind() === 'ipv6' ? '6' : '4';
  const value = BigInt(`0x${addressKey(address).slice(1)}`);
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  const hex = (n: bigint) => n.toString(16).padStart(bits / 4, '0');
  return { first: family + hex(value & ~hostMask), last: family + hex(value | hostMask) };
}

/** `5.2.0.192.in-addr.arpa.` for 192.0.2.5; 32 nibbles under `ip6.arpa.` for IPv6. Fully qualified, lower case. */
export function reverseName(address: ParsedAddress): string {
  if (address.kind() === 'ipv4') return `${[...address.toByteArray()].reverse().join('.')}.in-addr.arpa.`;
  const nibbles = addressKey(address).slice(1).split('');
  return `${nibbles.reverse().join('.')}.ip6.arpa.`;
}

/** The address a reverse name stands for, or undefined when the name is not a whole address. */
export function addressOfReverseName(name: string): ParsedAddress | undefined {
  const labels = name.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length === 6 && labels[4] === 'in-addr' && labels[5] === 'arpa') {
    const text = labels.slice(0, 4).reverse().join('.');
    return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : undefined;
  }
  if (labels.length === 34 && labels[32] === 'ip6' && labels[33] === 'arpa') {
    const nibbles = labels.slice(0, 32).reverse();
    if (!nibbles.every((nibble) => /^[0-9a-f]$/.test(nibble))) return undefined;
    const groups = Array.from({ length: 8 }, (_, index) => nibbles.slice(index * 4, index * 4 + 4).join(''));
    return ipaddr.IPv6.parse(groups.join(':'));
  }
  return undefined;
}

/**
 * The zone a new PTR goes into when no zone holds its name yet: the /24 of an
 * IPv4 address (`2.0.192.in-addr.arpa.`) and the /48 of an IPv6 address, the
 * usual delegation sizes.
 */
export function defaultReverseZone(address: ParsedAddress): string {
  const labels = reverseName(address).split('.');
  return labels.slice(address.kind() === 'ipv4' ? 1 : 20).join('.');
}

/** The reverse name of a network, as far as whole labels go (`2.0.192.in-addr.arpa.` for a /24 or a /28). */
export function reverseNameOfNetwork(cidr: string): string {
  const [address, prefix] = ipaddr.parseCIDR(cidr);
  const labels = reverseName(address).split('.');
  const bitsPerLabel = address.kind() === 'ipv4' ? 8 : 4;
  const hostLabels = (address.kind() === 'ipv4' ? 4 : 32) - Math.floor(prefix / bitsPerLabel);
  return labels.slice(hostLabels).join('.');
}

/** Whether `name` is `zone` or a name below it (both fully qualified). */
export function isAtOrBelow(name: string, zone: string): boolean {
  const lowerName = name.toLowerCase();
  const lowerZone = zone.toLowerCase();
  return lowerName === lowerZone || lowerName.endsWith(`.${lowerZone}`);
}
