// Firewall rule normalisation (spec "Firewall groups and rules", rules 4–6):
// CIDRs in canonical form and refused when they are not exactly one network;
// ports normalised; and the identity key that makes two rules "the same".
// Property-based (fast-check): normalising is idempotent for every network of
// both families however it is written, and two rules get the same identity
// exactly when they allow the same traffic, with "allowed traffic" modelled
// here independently as sets of (protocol, port) and address ranges.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import type { Direction, Protocol } from '../../src/upstreams/firewall/rules.ts';
import {
  canonicalCidr,
  InvalidRule,
  normalisedPorts,
  normaliseRule,
  ruleIdentity,
  RuleProblem,
  type RuleCandidate,
} from '../../src/modules/firewall/rule-normalisation.ts';

// ---------------------------------------------------------------------------
// A network as the model sees it, and the many ways of writing it.

interface Network {
  family: 'ipv4' | 'ipv6';
  /** 4 octets or 8 hextets, host bits zero. */
  groups: number[];
  prefix: number;
}

const bitsPerGroup = (family: Network['family']) => (family === 'ipv4' ? 8 : 16);
const maxPrefixOf = (family: Network['family']) => (family === 'ipv4' ? 32 : 128);

function masked(family: Network['family'], groups: number[], prefix: number): number[] {
  const width = bitsPerGroup(family);
  return groups.map((group, index) => {
    const networkBits = Math.min(width, Math.max(0, prefix - index * width));
    const mask = networkBits === 0 ? 0 : ((0xffff << (width - networkBits)) & ((1 << width) - 1)) >>> 0;
    return group & mask;
  });
}

function toBigInt(network: Network): bigint {
  const width = BigInt(bitsPerGroup(network.family));
  return network.groups.reduce((value, group) => (value << width) | BigInt(group), 0n);
}

/** Inclusive range of addresses the network holds. */
function rangeOf(network: Network): [bigint, bigint] {
  const first = toBigInt(network);
  const size = 1n << BigInt(maxPrefixOf(network.family) - network.prefix);
  return [first, first + size - 1n];
}

const isIpv4Mapped = (network: Network) =>
  network.family === 'ipv6' && network.prefix >= 96 && network.groups.slice(0, 5).every((group) => group === 0) && network.groups[5] === 0xffff;

/** RFC 5952, written out here rather than taken from ipaddr.js: lowercase, no leading zeros, the longest run (≥ 2) of zero groups as `::`, the first on a tie. */
function rfc5952(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 0;
  for (let start = 0; start < 8; start += 1) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length += 1;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestLength < 2) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

function expectedCanonical(network: Network): string {
  const address = network.family === 'ipv4' ? network.groups.join('.') : rfc5952(network.groups);
  return `${address}/${network.prefix}`;
}

/** How a network is written: leading zeros in hextets, case, which zero run becomes `::`, whether a full prefix is left out. */
interface Notation {
  padding: number[];
  upper: boolean;
  run: number;
  omitFullPrefix: boolean;
}

function write(network: Network, notation: Notation): string {
  const suffix = network.prefix === maxPrefixOf(network.family) && notation.omitFullPrefix ? '' : `/${network.prefix}`;
  if (network.family === 'ipv4') return `${network.groups.join('.')}${suffix}`;
  const hex = network.groups.map((group, index) => {
    const digits = group.toString(16);
    return digits.padStart(Math.min(4, digits.length + (notation.padding[index] ?? 0)), '0');
  });
  const runs: [number, number][] = [];
  for (let start = 0; start < 8; start += 1) {
    for (let end = start + 1; end <= 8 && network.groups[end - 1] === 0; end += 1) runs.push([start, end]);
  }
  const chosen = runs[notation.run % (runs.length + 1)];
  let text = chosen ? `${hex.slice(0, chosen[0]).join(':')}::${hex.slice(chosen[1]).join(':')}` : hex.join(':');
  if (notation.upper) text = text.toUpperCase();
  return `${text}${suffix}`;
}

const hextet = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 0xffff }));

const ipv4Network: fc.Arbitrary<Network> = fc
  .tuple(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }), fc.integer({ min: 0, max: 32 }))
  .map(([groups, prefix]) => ({ family: 'ipv4' as const, groups: masked('ipv4', groups, prefix), prefix }));

const ipv6Network: fc.Arbitrary<Network> = fc
  .tuple(fc.array(hextet, { minLength: 8, maxLength: 8 }), fc.oneof(fc.integer({ min: 0, max: 128 }), fc.constantFrom(0, 32, 48, 64, 128)))
  .map(([groups, prefix]) => ({ family: 'ipv6' as const, groups: masked('ipv6', groups, prefix), prefix }))
  .filter((network) => !isIpv4Mapped(network));

const network = fc.oneof(ipv4Network, ipv6Network);

const notation: fc.Arbitrary<Notation> = fc.record({
  padding: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
  upper: fc.boolean(),
  run: fc.nat({ max: 40 }),
  omitFullPrefix: fc.boolean(),
});

// ---------------------------------------------------------------------------
// Properties of canonicalCidr.

describe('canonicalCidr (property-based)', () => {
  test('is idempotent: the canonical form of a canonical form is itself, for networks of both families however written', () => {
    fc.assert(
      fc.property(network, notation, (net, style) => {
        const canonical = canonicalCidr(write(net, style));
        assert.ok(canonical !== null);
        assert.equal(canonicalCidr(canonical), canonical);
      }),
      { numRuns: 2000 },
    );
  });

  test('gives the one RFC 5952 form with its prefix length, and names the network that was written', () => {
    fc.assert(
      fc.property(network, notation, notation, (net, first, second) => {
        const canonical = canonicalCidr(write(net, first));
        assert.equal(canonical, expectedCanonical(net));
        assert.equal(canonicalCidr(write(net, second)), canonical, 'every notation of one network has the same canonical form');
        const [address, prefix] = ipaddr.parseCIDR(canonical);
        assert.equal(prefix, net.prefix);
        assert.equal(address.kind(), net.family);
      }),
      { numRuns: 2000 },
    );
  });

  test('refuses a network with host bits set instead of rounding it', () => {
    fc.assert(
      fc.property(
        network.filter((net) => net.prefix < maxPrefixOf(net.family)),
        fc.nat(),
        (net, which) => {
          // Set one bit after the prefix.
          const hostBit = net.prefix + (which % (maxPrefixOf(net.family) - net.prefix));
          const width = bitsPerGroup(net.family);
          const groups = [...net.groups];
          const index = Math.floor(hostBit / width);
          groups[index] = groups[index]! | (1 << (width - 1 - (hostBit % width)));
          const text = write({ ...net, groups }, { padding: [], upper: false, run: 0, omitFullPrefix: false });
          assert.throws(() => canonicalCidr(text), RuleProblem);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// ---------------------------------------------------------------------------
// Examples, one for each rule of the spec (rule 5) and the brief.

describe('canonicalCidr (examples)', () => {
  const accepted: [string, string][] = [
    ['192.0.2.0/24', '192.0.2.0/24'],
    ['192.0.2.7', '192.0.2.7/32'],
    ['192.0.2.7/32', '192.0.2.7/32'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2001:DB8:0:0::1', '2001:db8::1/128'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001/128', '2001:db8::1/128'],
    ['2001:db8::/32', '2001:db8::/32'],
    ['2001:DB8:0:0:1:0:0:0/80', '2001:db8:0:0:1::/80'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1/128'],
    ['::/0', '::/0'],
    ['::1', '::1/128'],
    ['1:2:3:4:5:6:7:0', '1:2:3:4:5:6:7:0/128'],
  ];
  for (const [input, canonical] of accepted) {
    test(`${JSON.stringify(input)} → ${canonical}`, () => assert.equal(canonicalCidr(input), canonical));
  }

  test('empty or null means any address of both families (null)', () => {
    assert.equal(canonicalCidr(''), null);
    assert.equal(canonicalCidr(null), null);
    assert.equal(canonicalCidr(undefined), null);
  });

  const refused: [string, string, RegExp][] = [
    ['host bits (IPv4)', '192.0.2.1/24', /host bits/],
    ['host bits (IPv6)', '2001:db8::1/64', /host bits/],
    ['host bits named, not rounded', '10.1.2.3/8', /10\.0\.0\.0\/8/],
    ['scope id', 'fe80::1%eth0', /scope id/],
    ['scope id with prefix', 'fe80::%1/64', /scope id/],
    ['double quotes', '"192.0.2.0/24"', /quotes/],
    ['single quotes', "'192.0.2.0/24'", /quotes/],
    ['leading space', ' 192.0.2.0/24', /whitespace/],
    ['trailing newline', '192.0.2.0/24\n', /whitespace/],
    ['space before the prefix', '192.0.2.0 /24', /whitespace/],
    ['tab inside IPv6', '2001:db8::\t/32', /whitespace/],
    ['leading zero in an octet', '192.0.02.0/24', /leading zeros/],
    ['octal-looking address', '010.0.0.1', /leading zeros/],
    ['short IPv4', '127.1', /IPv4/],
    ['hexadecimal IPv4', '0x7f.0.0.1', /IPv4/],
    ['IPv4 as one number', '2130706433', /not an IPv4 or IPv6 network/],
    ['IPv4-mapped dotted', '::ffff:192.0.2.1', /embedded IPv4/],
    ['IPv4-compatible dotted', '::192.0.2.1', /embedded IPv4/],
    ['IPv4-mapped in hex', '::ffff:c000:201', /IPv4-mapped/],
    ['IPv4-mapped network', '::ffff:0:0/96', /IPv4-mapped/],
    ['IPv4-mapped network, narrower', '::ffff:c000:200/120', /IPv4-mapped/],
    ['IPv4 prefix too long', '192.0.2.0/33', /at most 32/],
    ['IPv6 prefix too long', '2001:db8::/129', /at most 128/],
    ['prefix with a leading zero', '192.0.2.0/024', /prefix length/],
    ['empty prefix', '192.0.2.0/', /prefix length/],
    ['negative prefix', '192.0.2.0/-1', /prefix length/],
    ['two prefixes', '192.0.2.0/24/24', /CIDR/],
    ['two ::', '2001::db8::1', /valid IPv6/],
    ['five hex digits', '2001:db8::00001', /valid IPv6/],
    ['nine groups', '1:2:3:4:5:6:7:8:9', /valid IPv6/],
    ['not hexadecimal', '2001:db8::g', /IPv6/],
    ['a name', 'example.com', /IPv4/],
    ['only a prefix', '/24', /not an IPv4 or IPv6 network/],
  ];
  for (const [what, input, message] of refused) {
    test(`refuses ${what}: ${JSON.stringify(input)}`, () => {
      assert.throws(
        () => canonicalCidr(input, 'source_cidr'),
        (error: unknown) => error instanceof RuleProblem && error.field === 'source_cidr' && message.test(error.message),
      );
    });
  }
});

// ---------------------------------------------------------------------------
// Ports and whole rules.

describe('normalisedPorts', () => {
  test('no ports is every port, port_min alone is that one port', () => {
    assert.deepEqual(normalisedPorts('tcp', null, null), [1, 65535]);
    assert.deepEqual(normalisedPorts('udp', undefined, undefined), [1, 65535]);
    assert.deepEqual(normalisedPorts('tcp', 1, 65535), [1, 65535]);
    assert.deepEqual(normalisedPorts('tcp', 22, null), [22, 22]);
    assert.deepEqual(normalisedPorts('tcp', 22, 22), [22, 22]);
    assert.deepEqual(normalisedPorts('udp', 1000, 2000), [1000, 2000]);
  });

  test('icmp and any have no ports', () => {
    assert.equal(normalisedPorts('icmp', null, null), null);
    assert.equal(normalisedPorts('any', undefined, undefined), null);
    assert.throws(() => normalisedPorts('icmp', 1, null), (error: unknown) => error instanceof RuleProblem && error.field === 'port_min');
    assert.throws(() => normalisedPorts('any', null, 5), (error: unknown) => error instanceof RuleProblem && error.field === 'port_max');
  });

  test('port_max needs port_min and is not below it; ports are 1–65535', () => {
    assert.throws(() => normalisedPorts('tcp', null, 80), (error: unknown) => error instanceof RuleProblem && error.field === 'port_max');
    assert.throws(() => normalisedPorts('tcp', 80, 79), (error: unknown) => error instanceof RuleProblem && error.field === 'port_max');
    assert.throws(() => normalisedPorts('tcp', 0, null), (error: unknown) => error instanceof RuleProblem && error.field === 'port_min');
    assert.throws(() => normalisedPorts('udp', 1, 65536), (error: unknown) => error instanceof RuleProblem && error.field === 'port_max');
  });
});

describe('normaliseRule', () => {
  const fieldsOf = (check: () => unknown): string[] => {
    try {
      check();
    } catch (error) {
      assert.ok(error instanceof InvalidRule);
      return error.problems.map((problem) => problem.field).sort();
    }
    assert.fail('expected InvalidRule');
  };

  test('fills every field (null where unset), priority 1000 by default, CIDR canonical, ports as written', () => {
    assert.deepEqual(normaliseRule('ingress', { protocol: 'tcp', port_min: 22, source_cidr: '2001:DB8::1' }), {
      protocol: 'tcp',
      port_min: 22,
      port_max: null,
      source_cidr: '2001:db8::1/128',
      destination_cidr: null,
      priority: 1000,
      comment: null,
      identity: ruleIdentity('ingress', { protocol: 'tcp', port_min: 22, port_max: 22, source_cidr: '2001:db8::1/128' }),
    });
    assert.equal(normaliseRule('egress', { protocol: 'any', destination_cidr: '', comment: '' }).destination_cidr, null);
    assert.equal(normaliseRule('egress', { protocol: 'any', comment: '' }).comment, null);
  });

  test('source_cidr only in ingress groups, destination_cidr only in egress groups; empty is fine in either', () => {
    assert.deepEqual(fieldsOf(() => normaliseRule('ingress', { protocol: 'tcp', destination_cidr: '192.0.2.0/24' })), ['destination_cidr']);
    assert.deepEqual(fieldsOf(() => normaliseRule('egress', { protocol: 'tcp', source_cidr: '192.0.2.0/24' })), ['source_cidr']);
    assert.doesNotThrow(() => normaliseRule('ingress', { protocol: 'tcp', destination_cidr: '' }));
    assert.doesNotThrow(() => normaliseRule('egress', { protocol: 'tcp', source_cidr: null }));
  });

  test('reports every field that is wrong at once', () => {
    assert.deepEqual(
      fieldsOf(() => normaliseRule('ingress', { protocol: 'icmp', port_min: 1, source_cidr: '192.0.2.1/24', destination_cidr: '::/0', priority: 0, comment: 'x'.repeat(256) })),
      ['comment', 'destination_cidr', 'port_min', 'priority', 'source_cidr'],
    );
    assert.deepEqual(fieldsOf(() => normaliseRule('egress', { protocol: 'tcp', priority: 64997 })), ['priority']);
    assert.deepEqual(fieldsOf(() => normaliseRule('egress', { protocol: 'gre' as Protocol })), ['protocol']);
    assert.doesNotThrow(() => normaliseRule('egress', { protocol: 'tcp', priority: 64996, comment: 'é'.repeat(255) }));
  });
});

// ---------------------------------------------------------------------------
// Identity ⇔ same traffic.

/** Protocols a packet can have; "other" stands for every protocol the API has no name for (what `any` adds). */
const PACKET_PROTOCOLS = ['tcp', 'udp', 'icmp', 'other'] as const;

/** What a rule lets through, straight from the spec's words, with nothing shared with the code under test. */
interface Traffic {
  /** Per protocol: for tcp and udp the set of ports (bitmap, index = port); for the others, allowed or not. */
  ports: Record<(typeof PACKET_PROTOCOLS)[number], Uint8Array | boolean>;
  /** Address ranges per family (inclusive), null when the family is not allowed. */
  addresses: { ipv4: [bigint, bigint] | null; ipv6: [bigint, bigint] | null };
}

interface GeneratedRule {
  rule: RuleCandidate;
  /** The network its CIDR names, or null for "any address". */
  network: Network | null;
}

function portSet(rule: RuleCandidate): Uint8Array {
  const set = new Uint8Array(65536);
  const min = rule.port_min ?? null;
  const max = rule.port_max ?? null;
  for (let port = 1; port <= 65535; port += 1) {
    // "Both ports empty means every port"; "port_max empty means port_min alone".
    const allowed = min === null ? max === null : max === null ? port === min : port >= min && port <= max;
    if (allowed) set[port] = 1;
  }
  return set;
}

function trafficOf(generated: GeneratedRule): Traffic {
  const { rule, network: net } = generated;
  const every = new Uint8Array(65536).fill(1, 1);
  const ports: Traffic['ports'] = { tcp: false, udp: false, icmp: false, other: false };
  if (rule.protocol === 'any') Object.assign(ports, { tcp: every, udp: every, icmp: true, other: true });
  else if (rule.protocol === 'icmp') ports.icmp = true;
  else ports[rule.protocol] = portSet(rule);
  const full = (family: Network['family']): [bigint, bigint] => [0n, (1n << BigInt(maxPrefixOf(family))) - 1n];
  // "Empty or null means any address of both families"; "a network matches its own family only".
  const addresses = net === null ? { ipv4: full('ipv4'), ipv6: full('ipv6') } : { ipv4: null, ipv6: null, [net.family]: rangeOf(net) };
  return { ports, addresses };
}

function sameTraffic(a: Traffic, b: Traffic): boolean {
  const sameSet = (x: Uint8Array | boolean, y: Uint8Array | boolean) =>
    typeof x === 'boolean' || typeof y === 'boolean' ? x === y : Buffer.compare(x, y) === 0;
  const sameRange = (x: [bigint, bigint] | null, y: [bigint, bigint] | null) => (x === null || y === null ? x === y : x[0] === y[0] && x[1] === y[1]);
  // Traffic is (protocol, port) × address, both never empty, so the products are equal exactly when both factors are.
  return PACKET_PROTOCOLS.every((protocol) => sameSet(a.ports[protocol], b.ports[protocol])) && sameRange(a.addresses.ipv4, b.addresses.ipv4) && sameRange(a.addresses.ipv6, b.addresses.ipv6);
}

// Small pools, so that generated pairs often allow the same traffic written differently.
const POOL: Network[] = [
  { family: 'ipv4', groups: [0, 0, 0, 0], prefix: 0 },
  { family: 'ipv4', groups: [192, 0, 2, 0], prefix: 24 },
  { family: 'ipv4', groups: [192, 0, 2, 7], prefix: 32 },
  { family: 'ipv4', groups: [192, 0, 2, 0], prefix: 25 },
  { family: 'ipv6', groups: [0, 0, 0, 0, 0, 0, 0, 0], prefix: 0 },
  { family: 'ipv6', groups: [0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], prefix: 32 },
  { family: 'ipv6', groups: [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1], prefix: 128 },
  { family: 'ipv6', groups: [0x2001, 0xdb8, 0, 0, 1, 0, 0, 0], prefix: 80 },
];
const PORTS = [1, 22, 80, 443, 65535];

const port = fc.oneof(fc.constantFrom(...PORTS), fc.integer({ min: 1, max: 65535 }));

/** What a rule is meant to allow, before it is written down. */
interface RuleIntent {
  protocol: Protocol;
  ports: { kind: 'all' } | { kind: 'one'; port: number } | { kind: 'range'; min: number; max: number };
  network: Network | null;
}

const intent: fc.Arbitrary<RuleIntent> = fc.record({
  protocol: fc.constantFrom<Protocol>('tcp', 'udp', 'icmp', 'any'),
  ports: fc.oneof(
    fc.constant({ kind: 'all' as const }),
    port.map((p) => ({ kind: 'one' as const, port: p })),
    fc.tuple(port, port).map(([p, q]) => ({ kind: 'range' as const, min: Math.min(p, q), max: Math.max(p, q) })),
  ),
  network: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: fc.constantFrom(...POOL) }, { weight: 1, arbitrary: network }),
});

/** Ports as a client might send them: absent, null, every port spelled out, one port either way, a range. */
function writePorts(ports: RuleIntent['ports']): fc.Arbitrary<{ port_min?: number | null; port_max?: number | null }> {
  if (ports.kind === 'all') return fc.constantFrom({}, { port_min: null }, { port_max: null }, { port_min: null, port_max: null }, { port_min: 1, port_max: 65535 });
  if (ports.kind === 'one') return fc.constantFrom({ port_min: ports.port }, { port_min: ports.port, port_max: null }, { port_min: ports.port, port_max: ports.port });
  return fc.constant({ port_min: ports.min, port_max: ports.max });
}

/** One way of writing the intent as a rule of a group of this direction; the model never looks at the intent again. */
function writeRule(direction: Direction, meant: RuleIntent): fc.Arbitrary<GeneratedRule> {
  const field = direction === 'ingress' ? 'source_cidr' : 'destination_cidr';
  const net = meant.network;
  const cidr: fc.Arbitrary<string | null | undefined> = net === null ? fc.constantFrom(undefined, null, '') : notation.map((style) => write(net, style));
  return fc
    .tuple(writePorts(meant.ports), cidr, fc.integer({ min: 1, max: 64996 }), fc.option(fc.string({ maxLength: 20 })))
    .map(([ports, text, priority, comment]) => {
      const rule: RuleCandidate = { protocol: meant.protocol, ...(meant.protocol === 'tcp' || meant.protocol === 'udp' ? ports : {}), priority, comment };
      if (text !== undefined) rule[field] = text;
      return { rule, network: net };
    });
}

const ruleFor = (direction: Direction) => intent.chain((meant) => writeRule(direction, meant));

/** Two rules: half the time written from the same intent (differently), half the time from two. */
const rulePair = (direction: Direction) =>
  fc
    .tuple(intent, intent, fc.boolean())
    .chain(([first, second, fromOne]) => fc.tuple(writeRule(direction, first), writeRule(direction, fromOne ? first : second)));

describe('ruleIdentity (property-based)', () => {
  for (const direction of ['ingress', 'egress'] as const) {
    test(`two ${direction} rules have the same identity exactly when they allow the same traffic`, () => {
      let identical = 0;
      let runs = 0;
      fc.assert(
        fc.property(rulePair(direction), ([a, b]) => {
          runs += 1;
          const same = sameTraffic(trafficOf(a), trafficOf(b));
          if (same) identical += 1;
          assert.equal(ruleIdentity(direction, a.rule) === ruleIdentity(direction, b.rule), same, JSON.stringify({ a: a.rule, b: b.rule }));
        }),
        { numRuns: 3000 },
      );
      // The generator must actually produce pairs of both kinds, or the property says little.
      assert.ok(identical > runs / 4 && identical < (runs * 3) / 4, `only ${identical} of ${runs} pairs allowed the same traffic`);
    });
  }

  test('a rule and its normalised form have the same identity, and the identity ignores priority and comment', () => {
    fc.assert(
      fc.property(fc.constantFrom<Direction>('ingress', 'egress'), fc.constantFrom<Direction>('ingress', 'egress').chain(ruleFor), (direction, generated) => {
        // Put the CIDR into the field of the direction under test.
        const { source_cidr, destination_cidr, ...rest } = generated.rule;
        const cidr = source_cidr ?? destination_cidr;
        const rule: RuleCandidate = { ...rest, [direction === 'ingress' ? 'source_cidr' : 'destination_cidr']: cidr };
        const normalised = normaliseRule(direction, rule);
        assert.equal(normalised.identity, ruleIdentity(direction, rule));
        assert.equal(ruleIdentity(direction, normalised), normalised.identity, 'normalising twice changes nothing');
        const reordered: RuleCandidate = { ...rule, priority: 1, comment: 'another' };
        assert.equal(ruleIdentity(direction, reordered), normalised.identity);
      }),
      { numRuns: 1000 },
    );
  });

  test('examples of rule 6', () => {
    const key = (rule: RuleCandidate) => ruleIdentity('ingress', rule);
    assert.equal(key({ protocol: 'tcp' }), key({ protocol: 'tcp', port_min: 1, port_max: 65535 }), 'no ports ≡ 1–65535');
    assert.equal(key({ protocol: 'tcp', port_min: 22 }), key({ protocol: 'tcp', port_min: 22, port_max: 22 }), 'port_min alone ≡ that one port');
    assert.equal(key({ protocol: 'tcp', source_cidr: '' }), key({ protocol: 'tcp', source_cidr: null }), 'empty ≡ null');
    assert.equal(key({ protocol: 'udp', source_cidr: '2001:DB8:0:0::1' }), key({ protocol: 'udp', source_cidr: '2001:db8::1/128' }));
    assert.notEqual(key({ protocol: 'tcp', source_cidr: '0.0.0.0/0' }), key({ protocol: 'tcp' }), 'all of IPv4 is not any address of both families');
    assert.notEqual(key({ protocol: 'tcp' }), key({ protocol: 'udp' }));
    assert.notEqual(key({ protocol: 'any' }), key({ protocol: 'tcp' }));
    assert.notEqual(key({ protocol: 'tcp', port_min: 22 }), key({ protocol: 'tcp', port_min: 22, port_max: 23 }));
    // Priority and comment never change what is allowed.
    const annotated: RuleCandidate = { protocol: 'icmp', destination_cidr: '192.0.2.0/24', priority: 5, comment: 'ping' };
    assert.equal(ruleIdentity('egress', { protocol: 'icmp', destination_cidr: '192.0.2.0/24' }), ruleIdentity('egress', annotated));
  });
});
