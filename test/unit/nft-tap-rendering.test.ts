// The host rendering of a server's firewall (compileGroups(…).forTap): the
// same rules as the server-side inet table, in a bridge table on the server's
// tap, with the host-wide table that carries connection state to it. Every
// ruleset here is checked by the real `nft -c -f`, which also refuses what
// this kernel cannot run (`ct` in a bridge table without nf_conntrack_bridge).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertNftAccepts } from '../helpers/nft-check.ts';
import type { Direction, EffectiveGroup, FirewallRule } from '../../src/upstreams/firewall/rules.ts';
import { compileGroups, hostConnectionStateRuleset, tapTableRemoval } from '../../src/upstreams/firewall/nft-compiler.ts';

const SERVER = '0123456789abcdef';
const TAP = 'cp0123456789abc';


/** The tap rendering, checked by nft together with the table it reads the connection state from (as the backend loads them). */
function tapRuleset(groups: EffectiveGroup[], generation = 1, serverId = SERVER, tap = TAP): string {
  const ruleset = compileGroups(groups).forTap(serverId, tap, generation);
  assertNftAccepts(`${hostConnectionStateRuleset()}\n${ruleset}`);
  return ruleset;
}

let nextRuleId = 100;
function rule(fields: Partial<FirewallRule> & Pick<FirewallRule, 'protocol'>): FirewallRule {
  return { id: nextRuleId++, port_min: null, port_max: null, source_cidr: null, destination_cidr: null, priority: 1000, comment: null, ...fields };
}

let nextGroupId = 1;
function group(direction: Direction, rules: FirewallRule[]): EffectiveGroup {
  return { id: nextGroupId++, direction, rules };
}

/** The lines of a chain (between its braces, without comments). */
function chainLines(ruleset: string, chain: string): string[] {
  const start = ruleset.indexOf(`  chain ${chain} {`);
  assert.notEqual(start, -1, `chain ${chain} missing`);
  const end = ruleset.indexOf('\n  }', start);
  return ruleset
    .slice(start, end)
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The rule lines (those carrying a `rule <id>` comment) of a chain. */
function ruleLines(ruleset: string, chain: string): string[] {
  return chainLines(ruleset, chain).filter((line) => /comment "rule \d+"$/.test(line));
}

const EXAMPLE: EffectiveGroup[] = [
  group('ingress', [
    rule({ protocol: 'tcp', port_min: 22, source_cidr: '192.0.2.0/24' }),
    rule({ protocol: 'udp', port_min: 53, port_max: 54, source_cidr: '2001:db8::/32' }),
    rule({ protocol: 'icmp' }),
    rule({ protocol: 'icmp', source_cidr: '2001:db8::/32' }),
    rule({ protocol: 'any', source_cidr: '198.51.100.7/32' }),
    rule({ protocol: 'tcp', port_min: 1, port_max: 65535 }),
  ]),
  group('egress', [rule({ protocol: 'tcp', port_min: 443, destination_cidr: '203.0.113.0/24' }), rule({ protocol: 'any' })]),
];

describe('forTap', () => {
  test('nft accepts it with the connection state table, for no groups, ingress only, and both directions', () => {
    tapRuleset([]);
    tapRuleset([group('ingress', [rule({ protocol: 'tcp', port_min: 22 })])]);
    tapRuleset(EXAMPLE);
  });

  test('a batch as the nftables backend loads it: the state table once, many servers, a removal, in one file', () => {
    const compiled = compileGroups(EXAMPLE);
    const servers = Array.from({ length: 50 }, (_, index) => index.toString(16).padStart(16, '0'));
    const batch = [hostConnectionStateRuleset(), ...servers.map((id) => compiled.forTap(id, `cp${id.slice(0, 13)}`, 3)), tapTableRemoval('ffffffffffffffff')];
    assertNftAccepts(batch.join('\n'));
    // Loading the same batch twice in one file replaces each table instead of doubling it.
    assertNftAccepts([...batch, ...batch].join('\n'));
  });

  test('is one bridge table named after the server, replaced whole', () => {
    const lines = tapRuleset([], 9).split('\n');
    assert.equal(lines[0], `# cloudplane firewall of server ${SERVER} on its tap ${TAP}, generation 9`);
    const statements = lines.filter((line) => line.startsWith('table') || line.startsWith('delete'));
    assert.deepEqual(statements, [`table bridge cloudplane_${SERVER} {}`, `delete table bridge cloudplane_${SERVER}`, `table bridge cloudplane_${SERVER} {`]);
    assert.doesNotMatch(tapRuleset([]), /flush ruleset/);
  });

  test('names the tap in both directions, on every hook a frame to or from it can take', () => {
    const ruleset = tapRuleset(EXAMPLE);
    // Frames bridged to the tap (from other servers, the uplink) are its ingress, frames bridged from it its egress.
    assert.deepEqual(chainLines(ruleset, 'forward'), [
      'type filter hook forward priority filter; policy accept;',
      `oifname "${TAP}" goto ingress`,
      `iifname "${TAP}" goto egress`,
    ]);
    // The host's own frames to the server (output), and the server's to the host (input).
    assert.deepEqual(chainLines(ruleset, 'output'), ['type filter hook output priority filter; policy accept;', `oifname "${TAP}" goto ingress`]);
    assert.deepEqual(chainLines(ruleset, 'input'), ['type filter hook input priority filter; policy accept;', `iifname "${TAP}" goto egress`]);
  });

  test("base chains accept: every server's table hooks the same bridge, and only its own tap's frames are judged", () => {
    const ruleset = tapRuleset(EXAMPLE);
    for (const chain of ['forward', 'output', 'input']) assert.match(chainLines(ruleset, chain)[0]!, /policy accept;$/);
    assert.equal((ruleset.match(/policy drop/g) ?? []).length, 0);
  });

  test('a restricted direction: state, ARP, neighbour discovery, the rules, then a drop', () => {
    const ruleset = tapRuleset([group('ingress', [rule({ protocol: 'tcp', port_min: 22 })])]);
    const ingress = chainLines(ruleset, 'ingress');
    assert.equal(ingress[0], 'meta mark & 0x10000000 == 0x10000000 accept', 'established and related connections pass');
    assert.equal(ingress[1], 'meta mark & 0x20000000 == 0x20000000 drop', 'invalid ones do not');
    assert.equal(ingress[2], 'ether type arp accept');
    assert.match(ingress[3]!, /^icmpv6 type \{ nd-router-solicit, nd-router-advert, nd-neighbor-solicit, nd-neighbor-advert, nd-redirect \} ip6 hoplimit 255 accept$/);
    assert.match(ingress[4]!, /^icmpv6 type \{ mld-listener-query.* ip6 hoplimit 1 accept$/);
    assert.match(ingress[5]!, /^tcp dport 22 accept comment "rule \d+"$/);
    assert.equal(ingress.at(-1), 'drop');
    // An ingress group leaves egress open; any group restricts ingress, an egress group both.
    assert.deepEqual(chainLines(ruleset, 'egress'), ['accept']);
    const egressOnly = tapRuleset([group('egress', [rule({ protocol: 'udp', port_min: 123 })])]);
    assert.equal(chainLines(egressOnly, 'ingress').at(-1), 'drop');
    assert.deepEqual(ruleLines(egressOnly, 'ingress'), []);
    assert.equal(chainLines(egressOnly, 'egress').at(-1), 'drop');
  });

  test('no groups: both directions pass everything', () => {
    const ruleset = tapRuleset([]);
    assert.deepEqual(chainLines(ruleset, 'ingress'), ['accept']);
    assert.deepEqual(chainLines(ruleset, 'egress'), ['accept']);
  });

  test("the rules are the server-side table's, matcher for matcher, in the same order", () => {
    const compiled = compileGroups(EXAMPLE);
    const inside = compiled.forServer(SERVER, 1);
    const onTap = tapRuleset(EXAMPLE);
    // Only two spellings differ: the bridge family has no "nfproto ipv6", and sees non-IP frames an inet table never does.
    const asOnTap = (line: string) =>
      line.replace('meta nfproto ipv6 meta l4proto ipv6-icmp', 'ether type ip6 meta l4proto ipv6-icmp').replace(/^accept comment/, 'ether type { ip, ip6 } accept comment');
    assert.deepEqual(ruleLines(onTap, 'ingress'), ruleLines(inside, 'input').map(asOnTap));
    assert.deepEqual(ruleLines(onTap, 'egress'), ruleLines(inside, 'output').map(asOnTap));
    assert.ok(ruleLines(onTap, 'ingress').some((line) => line.startsWith('ether type ip6 meta l4proto ipv6-icmp accept')));
    assert.ok(ruleLines(onTap, 'egress').some((line) => line.startsWith('ether type { ip, ip6 } accept')));
    assert.ok(ruleLines(onTap, 'ingress').includes(ruleLines(inside, 'input')[0]!), 'an ordinary rule is printed identically');
  });

  test('the generation and the tap are in the text; each server gets its own table from one compilation', () => {
    const compiled = compileGroups(EXAMPLE);
    const other = compiled.forTap('fedcba9876543210', 'cpfedcba987654', 4);
    assert.match(other, /table bridge cloudplane_fedcba9876543210 \{/);
    assert.match(other, /oifname "cpfedcba987654" goto ingress/);
    assert.match(other, /generation 4/);
    assert.doesNotMatch(other, new RegExp(SERVER));
  });

  test('refuses a tap or server id that could not be printed safely', () => {
    const compiled = compileGroups([]);
    assert.throws(() => compiled.forTap(SERVER, 'tap" accept; flush ruleset', 1), /not an interface name/);
    assert.throws(() => compiled.forTap(SERVER, 'a-name-of-16char', 1), /not an interface name/);
    assert.throws(() => compiled.forTap(SERVER, '', 1), /not an interface name/);
    assert.throws(() => compiled.forTap('x { }', TAP, 1), /cannot name an nftables table/);
    assert.throws(() => tapTableRemoval('x { }'), /cannot name an nftables table/);
  });
});

describe('hostConnectionStateRuleset', () => {
  test('copies the state after conntrack, on the way in (bridged frames via br_netfilter) and out (the host’s own)', () => {
    const ruleset = hostConnectionStateRuleset();
    assertNftAccepts(ruleset);
    for (const chain of ['prerouting', 'output']) {
      assert.deepEqual(chainLines(ruleset, chain), [
        `type filter hook ${chain} priority mangle; policy accept;`,
        'meta mark set meta mark & 0xcfffffff',
        'ct state established,related meta mark set meta mark | 0x10000000',
        'ct state invalid meta mark set meta mark | 0x20000000',
      ]);
    }
    assert.match(ruleset, /^table inet cloudplane_connection_state \{\}\ndelete table inet cloudplane_connection_state\n/m);
  });
});

describe('tapTableRemoval', () => {
  test('deletes the table, and is harmless when it is not there', () => {
    const removal = tapTableRemoval(SERVER);
    assert.equal(removal, `table bridge cloudplane_${SERVER} {}\ndelete table bridge cloudplane_${SERVER}\n`);
    assertNftAccepts(removal);
  });
});
