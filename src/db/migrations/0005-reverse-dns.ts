// The built-in reverse DNS store gets a fixed-width address key, so that the
// PTRs inside a network (a deleted server's IPv6 /64) are one indexed range.
//
// Frozen: how an address is read and keyed below is this migration's own copy
// of what src/upstreams/rdns/reverse-names.ts did (over ipaddr.js 2.5.0) on the
// day it was written, so that it does the same on any later tree. Do not make
// it follow the live code: a changed key belongs in a new migration.
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, _types: ColumnTypes): Promise<void> {
  await db.schema.alterTable('rdns_records').addColumn('address_key', 'varchar(33)').execute();
  const rows: { address: string }[] = await db.selectFrom('rdns_records').select('address').execute();
  for (const { address } of rows) {
    const key = addressKey(address);
    // A row no address can be read from could never be asked for; it goes rather than block the index.
    if (key !== undefined) await db.updateTable('rdns_records').set({ address_key: key }).where('address', '=', address).execute();
    else await db.deleteFrom('rdns_records').where('address', '=', address).execute();
  }
  await db.schema.createIndex('rdns_records_address_key').on('rdns_records').column('address_key').execute();
}

/**
 * Fixed-width hex with the family first: `4c0000205` for 192.0.2.5, `6` and 32
 * nibbles for IPv6; undefined when `text` is not one address. IPv4 must be four
 * decimal parts; IPv6 with a zone id ("fe80::1%eth0") names an interface.
 */
export function addressKey(text: string): string | undefined {
  const ipv4 = ipv4Bytes(text);
  if (ipv4) return `4${hex(ipv4)}`;
  const ipv6 = ipv6Bytes(text);
  return ipv6 ? `6${hex(ipv6)}` : undefined;
}

const hex = (bytes: number[]) => bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** ipaddr.IPv4.isValidFourPartDecimal, then its bytes. */
function ipv4Bytes(text: string): number[] | undefined {
  if (!/^(0|[1-9]\d*)(\.(0|[1-9]\d*)){3}$/.test(text)) return undefined;
  const octets = text.split('.').map((part) => parseInt(part, 10));
  return octets.every((octet) => octet <= 255) ? octets : undefined;
}

// ipaddr.js 2.5.0's IPv6 reading, quirks included (hex or octal-looking IPv4
// tails, `::1.2.3.4`), since which rows survived depended on them.
const ipv4Part = '(0?\\d+|0x[a-f0-9]+)';
const zoneIndex = '%[0-9a-z]{1,}';
const ipv6Part = '(?:[0-9a-f]+::?)+';
const ipv6Regexes = {
  zoneIndex: new RegExp(zoneIndex, 'i'),
  native: new RegExp(`^(::)?(${ipv6Part})?([0-9a-f]+)?(::)?(${zoneIndex})?$`, 'i'),
  deprecatedTransitional: new RegExp(`^(?:::)(${ipv4Part}\\.${ipv4Part}\\.${ipv4Part}\\.${ipv4Part}(${zoneIndex})?)$`, 'i'),
  transitional: new RegExp(`^((?:${ipv6Part})|(?:::)(?:${ipv6Part})?)${ipv4Part}\\.${ipv4Part}\\.${ipv4Part}\\.${ipv4Part}(${zoneIndex})?$`, 'i'),
};

interface Ipv6Reading {
  parts: number[];
  zoneId: string | undefined;
}

/** ipaddr.IPv6.isValid and parse, refusing a zone id; then its bytes. */
function ipv6Bytes(text: string): number[] | undefined {
  if (!text.includes(':')) return undefined;
  const reading = readIpv6(text);
  if (!reading) return undefined;
  let parts = reading.parts;
  if (parts.length === 16) {
    const bytes = parts;
    parts = [];
    for (let index = 0; index <= 14; index += 2) parts.push(((bytes[index] ?? NaN) << 8) | (bytes[index + 1] ?? NaN));
  } else if (parts.length !== 8) return undefined;
  if (!parts.every((part) => 0 <= part && part <= 0xffff)) return undefined;
  if (reading.zoneId) return undefined;
  return parts.flatMap((part) => [part >> 8, part & 0xff]);
}

function readIpv6(text: string): Ipv6Reading | undefined {
  const deprecated = ipv6Regexes.deprecatedTransitional.exec(text);
  if (deprecated) return readIpv6(`::ffff:${deprecated[1]}`);
  if (ipv6Regexes.native.test(text)) return expandIpv6(text, 8);
  const transitional = ipv6Regexes.transitional.exec(text);
  if (!transitional) return undefined;
  const head = transitional[1] ?? '';
  const expanded = expandIpv6((head.endsWith('::') ? head : head.slice(0, -1)) + (transitional[6] ?? ''), 6);
  if (!expanded) return undefined;
  // No radix, as ipaddr.js: `0x1f` reads as hex, `010` as ten.
  const octets = [2, 3, 4, 5].map((group) => parseInt(transitional[group] ?? ''));
  if (!octets.every((octet) => 0 <= octet && octet <= 255)) return undefined;
  const [a = 0, b = 0, c = 0, d = 0] = octets;
  return { parts: [...expanded.parts, (a << 8) | b, (c << 8) | d], zoneId: expanded.zoneId };
}

/** Expands `::` in an address (or the head of one) of `count` groups. */
function expandIpv6(text: string, count: number): Ipv6Reading | undefined {
  if (text.indexOf('::') !== text.lastIndexOf('::')) return undefined;
  let address = text;
  let zoneId = ipv6Regexes.zoneIndex.exec(address)?.[0];
  if (zoneId) {
    zoneId = zoneId.substring(1);
    address = address.replace(/%.+$/, '');
  }
  let colons = address.split(':').length - 1;
  if (address.slice(0, 2) === '::') colons--;
  if (address.slice(-2) === '::') colons--;
  // No more separators than groups, and `::` must stand for at least one group.
  if (colons >= count) return undefined;
  address = address.replace('::', `:${'0:'.repeat(count - colons)}`);
  if (address.startsWith(':')) address = address.slice(1);
  if (address.endsWith(':')) address = address.slice(0, -1);
  return { parts: address.split(':').map((group) => (group.length > 4 ? NaN : parseInt(group, 16))), zoneId };
}
