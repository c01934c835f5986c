// The nftables compiler and the connection evaluator that mirrors it.
// Every ruleset compiled here is also checked by the real `nft -c -f`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertNftAccepts } from '../helpers/nft-check.ts';
import type { Connection, Direction, EffectiveGroup, FirewallRule } from '../../src/upstreams/firewall/rules.ts';
import { compileRuleset, evaluateConnection } from '../../src/upstreams/firewall/nft-compiler.ts';

const SERVER = '0123456789abcdef';


/** compileRuleset, with the result checked by nft. */
function compile(groups: EffectiveGroup[], generation = 1): string {
  const ruleset = compileRuleset(SERVER, generation, groups);
  assertNftAccepts(ruleset);
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

/** The rule lines of a chain (between the chain's braces, without comments). */
function chainLines(ruleset: string, chain: 'input' | 'output'): string[] {
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

function ruleLine(ruleset: string, chain: 'input' | 'output', ruleId: number): string[] {
  return chainLines(ruleset, chain).filter((line) => line.endsWith(`comment "rule ${ruleId}"`));
}

describe('compileRuleset', () => {
  test('the example server: ingress and egress groups, exactly as nft gets it', () => {
    const ingress: EffectiveGroup = {
      id: 1,
      direction: 'ingress',
      rules: [
        { id: 1, protocol: 'tcp', port_min: 22, port_max: null, source_cidr: '192.0.2.0/24', destination_cidr: null, priority: 10, comment: 'ssh' },
        { id: 2, protocol: 'udp', port_min: 53, port_max: 53, source_cidr: '192.0.2.0/24', destination_cidr: null, priority: 10, comment: null },
        { id: 3, protocol: 'tcp', port_min: 8080, port_max: null, source_cidr: '2001:db8::2/128', destination_cidr: null, priority: 20, comment: null },
        { id: 4, protocol: 'icmp', port_min: null, port_max: null, source_cidr: null, destination_cidr: null, priority: 30, comment: null },
      ],
    };
    const egress: EffectiveGroup = {
      id: 2,
      direction: 'egress',
      rules: [{ id: 5, protocol: 'tcp', port_min: 9000, port_max: null, source_cidr: null, destination_cidr: '192.0.2.2/32', priority: 1000, comment: null }],
    };
    const expected = `# cloudplane firewall of server 0123456789abcdef, generation 7
# 2 group(s) attached. Rules only allow; a restricted chain drops what no rule allows.
table inet cloudplane_0123456789abcdef {}
delete table inet cloudplane_0123456789abcdef
table inet cloudplane_0123456789abcdef {
  chain input {
    type filter hook input priority filter; policy drop;
    # Stateful: replies to (and ICMP errors about) allowed connections pass.
    ct state established,related accept
    ct state invalid drop
    iif lo accept
    # IPv6 neighbour discovery (and the MLD it relies on) always passes, or IPv6 breaks under the drop policy.
    icmpv6 type { nd-router-solicit, nd-router-advert, nd-neighbor-solicit, nd-neighbor-advert, nd-redirect } ip6 hoplimit 255 accept
    icmpv6 type { mld-listener-query, mld-listener-report, mld-listener-done, mld2-listener-report } ip6 saddr { ::, fe80::/10 } ip6 hoplimit 1 accept
    ip saddr 192.0.2.0/24 tcp dport 22 accept comment "rule 1"
    ip saddr 192.0.2.0/24 udp dport 53 accept comment "rule 2"
    ip6 saddr 2001:db8::2/128 tcp dport 8080 accept comment "rule 3"
    ip protocol icmp accept comment "rule 4"
    meta nfproto ipv6 meta l4proto ipv6-icmp accept comment "rule 4"
  }

  chain output {
    type filter hook output priority filter; policy drop;
    # Stateful: replies to (and ICMP errors about) allowed connections pass.
    ct state established,related accept
    ct state invalid drop
    oif lo accept
    # IPv6 neighbour discovery (and the MLD it relies on) always passes, or IPv6 breaks under the drop policy.
    icmpv6 type { nd-router-solicit, nd-router-advert, nd-neighbor-solicit, nd-neighbor-advert, nd-redirect } ip6 hoplimit 255 accept
    icmpv6 type { mld-listener-query, mld-listener-report, mld-listener-done, mld2-listener-report } ip6 saddr { ::, fe80::/10 } ip6 hoplimit 1 accept
    ip daddr 192.0.2.2/32 tcp dport 9000 accept comment "rule 5"
  }
}
`;
    assert.equal(compile([ingress, egress], 7), expected);
  });

  test('starts by redefining its own table, so applying it again replaces the old one atomically', () => {
    const lines = compile([]).split('\n').filter((line) => !line.startsWith('#'));
    assert.deepEqual(lines.slice(0, 3), [
      `table inet cloudplane_${SERVER} {}`,
      `delete table inet cloudplane_${SERVER}`,
      `table inet cloudplane_${SERVER} {`,
    ]);
    // One table per server: nothing else in the ruleset is touched.
    assert.doesNotMatch(compile([]), /flush ruleset/);
  });

  test('the generation is recorded in the text', () => {
    assert.match(compile([], 42), /generation 42/);
  });

  test('a server without groups allows all traffic both ways', () => {
    const ruleset = compile([]);
    assert.deepEqual(chainLines(ruleset, 'input'), ['type filter hook input priority filter; policy accept;']);
    assert.deepEqual(chainLines(ruleset, 'output'), ['type filter hook output priority filter; policy accept;']);
  });

  test('an ingress group restricts input only', () => {
    const ruleset = compile([group('ingress', [rule({ protocol: 'tcp', port_min: 22 })])]);
    assert.equal(chainLines(ruleset, 'input')[0], 'type filter hook input priority filter; policy drop;');
    assert.deepEqual(chainLines(ruleset, 'output'), ['type filter hook output priority filter; policy accept;']);
  });

  test('an egress group restricts output, and input too (any group restricts inbound)', () => {
    const ruleset = compile([group('egress', [rule({ protocol: 'tcp', port_min: 443 })])]);
    const input = chainLines(ruleset, 'input');
    assert.equal(input[0], 'type filter hook input priority filter; policy drop;');
    assert.equal(input.filter((line) => line.includes('comment "rule')).length, 0, 'no rule of an egress group lands in input');
    assert.equal(chainLines(ruleset, 'output')[0], 'type filter hook output priority filter; policy drop;');
  });

  test('an empty group still restricts: a group without rules refuses all new inbound traffic', () => {
    const ruleset = compile([group('ingress', [])]);
    assert.match(chainLines(ruleset, 'input')[0]!, /policy drop/);
    assert.deepEqual(
      chainLines(ruleset, 'input').filter((line) => line.includes('comment')),
      [],
    );
  });

  test('restricted chains are stateful first, then invalid drop, loopback and neighbour discovery', () => {
    const ruleset = compile([group('ingress', [rule({ protocol: 'any' })]), group('egress', [rule({ protocol: 'any' })])]);
    for (const [chain, loopback] of [['input', 'iif lo accept'], ['output', 'oif lo accept']] as const) {
      const lines = chainLines(ruleset, chain);
      assert.equal(lines[1], 'ct state established,related accept');
      assert.equal(lines[2], 'ct state invalid drop');
      assert.equal(lines[3], loopback);
      assert.match(lines[4]!, /^icmpv6 type \{ .*nd-neighbor-solicit, nd-neighbor-advert.* \} ip6 hoplimit 255 accept$/);
      assert.match(lines[4]!, /nd-router-solicit, nd-router-advert/);
      assert.match(lines[5]!, /^icmpv6 type \{ mld-listener-query.* accept$/);
    }
  });

  test('the neighbour discovery rule is explained in the ruleset', () => {
    assert.match(compile([group('ingress', [])]), /# IPv6 neighbour discovery .*always passes, or IPv6 breaks under the drop policy/);
  });

  describe('ports are normalised', () => {
    const cases: { name: string; port_min: number | null; port_max: number | null; match: string }[] = [
      { name: 'no ports = every port', port_min: null, port_max: null, match: 'meta l4proto tcp' },
      { name: 'port_min alone = that port', port_min: 22, port_max: null, match: 'tcp dport 22' },
      { name: 'a one-port range = that port', port_min: 22, port_max: 22, match: 'tcp dport 22' },
      { name: 'a range', port_min: 1000, port_max: 2000, match: 'tcp dport 1000-2000' },
      { name: '1–65535 = every port', port_min: 1, port_max: 65535, match: 'meta l4proto tcp' },
      { name: 'a range from port 1', port_min: 1, port_max: 1024, match: 'tcp dport 1-1024' },
      { name: 'the top port alone', port_min: 65535, port_max: null, match: 'tcp dport 65535' },
    ];
    for (const { name, port_min, port_max, match } of cases) {
      test(name, () => {
        const r = rule({ protocol: 'tcp', port_min, port_max });
        assert.deepEqual(ruleLine(compile([group('ingress', [r])]), 'input', r.id), [`${match} accept comment "rule ${r.id}"`]);
      });
    }
    test('udp the same way', () => {
      const single = rule({ protocol: 'udp', port_min: 53 });
      const all = rule({ protocol: 'udp', port_min: 1, port_max: 65535 });
      const ruleset = compile([group('ingress', [single, all])]);
      assert.deepEqual(ruleLine(ruleset, 'input', single.id), [`udp dport 53 accept comment "rule ${single.id}"`]);
      assert.deepEqual(ruleLine(ruleset, 'input', all.id), [`meta l4proto udp accept comment "rule ${all.id}"`]);
    });
  });

  describe('addresses match their own family only', () => {
    test('ingress IPv4 and IPv6 networks match the source', () => {
      const v4 = rule({ protocol: 'tcp', port_min: 22, source_cidr: '198.51.100.0/24' });
      const v6 = rule({ protocol: 'tcp', port_min: 22, source_cidr: '2001:db8:1::/48' });
      const ruleset = compile([group('ingress', [v4, v6])]);
      assert.deepEqual(ruleLine(ruleset, 'input', v4.id), [`ip saddr 198.51.100.0/24 tcp dport 22 accept comment "rule ${v4.id}"`]);
      assert.deepEqual(ruleLine(ruleset, 'input', v6.id), [`ip6 saddr 2001:db8:1::/48 tcp dport 22 accept comment "rule ${v6.id}"`]);
    });

    test('egress networks match the destination', () => {
      const v4 = rule({ protocol: 'udp', port_min: 123, destination_cidr: '203.0.113.7/32' });
      const v6 = rule({ protocol: 'any', destination_cidr: '2001:db8::/32' });
      const ruleset = compile([group('egress', [v4, v6])]);
      assert.deepEqual(ruleLine(ruleset, 'output', v4.id), [`ip daddr 203.0.113.7/32 udp dport 123 accept comment "rule ${v4.id}"`]);
      assert.deepEqual(ruleLine(ruleset, 'output', v6.id), [`ip6 daddr 2001:db8::/32 accept comment "rule ${v6.id}"`]);
    });

    test('no network: any address of both families', () => {
      const tcp = rule({ protocol: 'tcp', port_min: 443 });
      const any = rule({ protocol: 'any' });
      const ruleset = compile([group('ingress', [tcp, any])]);
      assert.deepEqual(ruleLine(ruleset, 'input', tcp.id), [`tcp dport 443 accept comment "rule ${tcp.id}"`]);
      assert.deepEqual(ruleLine(ruleset, 'input', any.id), [`accept comment "rule ${any.id}"`]);
    });

    test('a network given as 0.0.0.0/0 still matches IPv4 only', () => {
      const r = rule({ protocol: 'tcp', port_min: 80, source_cidr: '0.0.0.0/0' });
      assert.deepEqual(ruleLine(compile([group('ingress', [r])]), 'input', r.id), [`ip saddr 0.0.0.0/0 tcp dport 80 accept comment "rule ${r.id}"`]);
    });
  });

  describe('icmp', () => {
    test('with an IPv4 network: ICMP', () => {
      const r = rule({ protocol: 'icmp', source_cidr: '192.0.2.0/24' });
      assert.deepEqual(ruleLine(compile([group('ingress', [r])]), 'input', r.id), [`ip saddr 192.0.2.0/24 ip protocol icmp accept comment "rule ${r.id}"`]);
    });
    test('with an IPv6 network: ICMPv6', () => {
      const r = rule({ protocol: 'icmp', destination_cidr: '2001:db8::/64' });
      assert.deepEqual(ruleLine(compile([group('egress', [r])]), 'output', r.id), [
        `ip6 daddr 2001:db8::/64 meta l4proto ipv6-icmp accept comment "rule ${r.id}"`,
      ]);
    });
    test('without a network: both ICMP and ICMPv6, each only in its family', () => {
      const r = rule({ protocol: 'icmp' });
      assert.deepEqual(ruleLine(compile([group('ingress', [r])]), 'input', r.id), [
        `ip protocol icmp accept comment "rule ${r.id}"`,
        `meta nfproto ipv6 meta l4proto ipv6-icmp accept comment "rule ${r.id}"`,
      ]);
    });
  });

  test('the rules of all groups of a direction add up, lowest priority first across groups (ties by id)', () => {
    const late = rule({ protocol: 'tcp', port_min: 80, priority: 500 });
    const early = rule({ protocol: 'tcp', port_min: 22, priority: 5 });
    const tieHigherId = rule({ protocol: 'udp', port_min: 53, priority: 500 });
    const egressRule = rule({ protocol: 'tcp', port_min: 25 });
    const ruleset = compile([group('ingress', [late]), group('egress', [egressRule]), group('ingress', [early, tieHigherId])]);
    const ids = chainLines(ruleset, 'input').flatMap((line) => /comment "rule (\d+)"$/.exec(line)?.[1] ?? []);
    assert.deepEqual(ids.map(Number), [early.id, late.id, tieHigherId.id]);
    assert.deepEqual(ruleLine(ruleset, 'output', egressRule.id), [`tcp dport 25 accept comment "rule ${egressRule.id}"`]);
  });

  test('identical rules in two groups both appear, each traceable', () => {
    const a = rule({ protocol: 'tcp', port_min: 22 });
    const b = rule({ protocol: 'tcp', port_min: 22 });
    const ruleset = compile([group('ingress', [a]), group('ingress', [b])]);
    assert.equal(ruleLine(ruleset, 'input', a.id).length, 1);
    assert.equal(ruleLine(ruleset, 'input', b.id).length, 1);
  });

  test('the rule comment chosen by the user never reaches the ruleset (only the id does)', () => {
    const r = rule({ protocol: 'tcp', port_min: 22, comment: 'admin "access"; flush ruleset' });
    const ruleset = compile([group('ingress', [r])]);
    assert.doesNotMatch(ruleset, /admin/);
  });

  test('a large server (10 groups × 100 rules) compiles and passes nft -c', () => {
    const groups = Array.from({ length: 10 }, (_, g) =>
      group(
        g % 3 === 0 ? 'egress' : 'ingress',
        Array.from({ length: 100 }, (_, r) =>
          rule({
            protocol: r % 4 === 0 ? 'udp' : r % 4 === 1 ? 'icmp' : r % 4 === 2 ? 'any' : 'tcp',
            port_min: r % 4 === 0 || r % 4 === 3 ? 1000 + r : null,
            port_max: r % 4 === 3 ? 2000 + r : null,
            [g % 3 === 0 ? 'destination_cidr' : 'source_cidr']: r % 2 === 0 ? `198.51.${g}.${r}/32` : `2001:db8:${g}::${r}/128`,
            priority: (r * 7) % 13,
          }),
        ),
      ),
    );
    const ruleset = compile(groups);
    assert.equal((ruleset.match(/comment "rule /g) ?? []).length, 1000);
  });

  describe('refuses what could only come from broken data', () => {
    const cases: { name: string; groups: () => EffectiveGroup[]; message: RegExp }[] = [
      { name: 'a CIDR with host bits set (nft would silently round it)', groups: () => [group('ingress', [rule({ protocol: 'any', source_cidr: '192.0.2.1/24' })])], message: /host bits/ },
      { name: 'a CIDR that is no CIDR', groups: () => [group('ingress', [rule({ protocol: 'any', source_cidr: '192.0.2.0/24" accept' })])], message: /not a network/ },
      { name: 'a classful IPv4 shorthand', groups: () => [group('ingress', [rule({ protocol: 'any', source_cidr: '10/8' })])], message: /not a network/ },
      { name: 'an IPv6 zone id', groups: () => [group('ingress', [rule({ protocol: 'any', source_cidr: 'fe80::1%eth0/128' })])], message: /not a network/ },
      { name: 'a destination in an ingress rule', groups: () => [group('ingress', [rule({ protocol: 'any', destination_cidr: '192.0.2.0/24' })])], message: /destination_cidr/ },
      { name: 'a source in an egress rule', groups: () => [group('egress', [rule({ protocol: 'any', source_cidr: '192.0.2.0/24' })])], message: /source_cidr/ },
      { name: 'ports on icmp', groups: () => [group('ingress', [rule({ protocol: 'icmp', port_min: 8 })])], message: /no ports/ },
      { name: 'port_max without port_min', groups: () => [group('ingress', [rule({ protocol: 'tcp', port_max: 80 })])], message: /port_max needs port_min/ },
      { name: 'a reversed range', groups: () => [group('ingress', [rule({ protocol: 'tcp', port_min: 90, port_max: 80 })])], message: /not a range/ },
      { name: 'port 0', groups: () => [group('ingress', [rule({ protocol: 'udp', port_min: 0 })])], message: /not a range/ },
    ];
    for (const { name, groups, message } of cases) {
      test(name, () => assert.throws(() => compileRuleset(SERVER, 1, groups()), message));
    }
    test('a server id that cannot name a table', () => {
      assert.throws(() => compileRuleset('x { } ; flush ruleset', 1, []), /cannot name an nftables table/);
    });
  });
});

describe('evaluateConnection', () => {
  const tcp = (remote_address: string, port: number, direction: Direction = 'ingress'): Connection => ({ direction, protocol: 'tcp', remote_address, port });
  const udp = (remote_address: string, port: number, direction: Direction = 'ingress'): Connection => ({ direction, protocol: 'udp', remote_address, port });
  const icmp = (remote_address: string, direction: Direction = 'ingress'): Connection => ({ direction, protocol: 'icmp', remote_address });

  test('no groups: everything is allowed, by no rule', () => {
    for (const connection of [tcp('192.0.2.9', 22), udp('2001:db8::9', 53, 'egress'), icmp('198.51.100.1')]) {
      assert.deepEqual(evaluateConnection([], connection), { allowed: true, rule_ids: [] });
    }
  });

  test('ingress with a group attached but no matching rule is refused', () => {
    const r = rule({ protocol: 'tcp', port_min: 22 });
    assert.deepEqual(evaluateConnection([group('ingress', [r])], tcp('192.0.2.9', 23)), { allowed: false, rule_ids: [] });
    assert.deepEqual(evaluateConnection([group('ingress', [])], tcp('192.0.2.9', 22)), { allowed: false, rule_ids: [] });
  });

  test('an egress group alone refuses all new inbound connections', () => {
    const groups = [group('egress', [rule({ protocol: 'any' })])];
    assert.deepEqual(evaluateConnection(groups, tcp('192.0.2.9', 22)), { allowed: false, rule_ids: [] });
  });

  test('egress is unrestricted unless an egress group is attached', () => {
    const groups = [group('ingress', [rule({ protocol: 'tcp', port_min: 22 })])];
    assert.deepEqual(evaluateConnection(groups, tcp('203.0.113.5', 25, 'egress')), { allowed: true, rule_ids: [] });
  });

  test('with an egress group, only what its rules allow goes out', () => {
    const allow = rule({ protocol: 'tcp', port_min: 443, destination_cidr: '203.0.113.0/24' });
    const groups = [group('egress', [allow])];
    assert.deepEqual(evaluateConnection(groups, tcp('203.0.113.5', 443, 'egress')), { allowed: true, rule_ids: [allow.id] });
    assert.deepEqual(evaluateConnection(groups, tcp('203.0.113.5', 80, 'egress')), { allowed: false, rule_ids: [] });
    assert.deepEqual(evaluateConnection(groups, tcp('198.51.100.5', 443, 'egress')), { allowed: false, rule_ids: [] });
  });

  test('rule_ids lists every matching rule, across groups, in ruleset order', () => {
    const broad = rule({ protocol: 'any', priority: 900 });
    const exact = rule({ protocol: 'tcp', port_min: 22, source_cidr: '192.0.2.0/24', priority: 10 });
    const range = rule({ protocol: 'tcp', port_min: 20, port_max: 30, priority: 900 });
    const other = rule({ protocol: 'udp', port_min: 22, priority: 1 });
    const groups = [group('ingress', [broad, range]), group('ingress', [other, exact])];
    assert.deepEqual(evaluateConnection(groups, tcp('192.0.2.9', 22)), { allowed: true, rule_ids: [exact.id, broad.id, range.id] });
  });

  describe('addresses match their own family only', () => {
    const v4 = rule({ protocol: 'tcp', port_min: 22, source_cidr: '192.0.2.0/24' });
    const v6 = rule({ protocol: 'tcp', port_min: 22, source_cidr: '2001:db8::/64' });
    const groups = [group('ingress', [v4, v6])];
    test('IPv4 address, IPv4 network', () => assert.deepEqual(evaluateConnection(groups, tcp('192.0.2.200', 22)).rule_ids, [v4.id]));
    test('IPv6 address, IPv6 network', () => assert.deepEqual(evaluateConnection(groups, tcp('2001:db8::abcd', 22)).rule_ids, [v6.id]));
    test('outside both networks', () => assert.deepEqual(evaluateConnection(groups, tcp('198.51.100.1', 22)), { allowed: false, rule_ids: [] }));
    test('an IPv4-mapped IPv6 address is IPv6 traffic and no IPv4 network matches it', () => {
      assert.deepEqual(evaluateConnection(groups, tcp('::ffff:192.0.2.5', 22)), { allowed: false, rule_ids: [] });
    });
    test('0.0.0.0/0 does not match IPv6, ::/0 does not match IPv4', () => {
      const all4 = rule({ protocol: 'any', source_cidr: '0.0.0.0/0' });
      const all6 = rule({ protocol: 'any', source_cidr: '::/0' });
      const both = [group('ingress', [all4, all6])];
      compile(both);
      assert.deepEqual(evaluateConnection(both, tcp('2001:db8::1', 80)).rule_ids, [all6.id]);
      assert.deepEqual(evaluateConnection(both, tcp('192.0.2.1', 80)).rule_ids, [all4.id]);
    });
    test('no network matches both families', () => {
      const any = rule({ protocol: 'udp', port_min: 53 });
      const only = [group('ingress', [any])];
      assert.deepEqual(evaluateConnection(only, udp('192.0.2.1', 53)).rule_ids, [any.id]);
      assert.deepEqual(evaluateConnection(only, udp('2001:db8::1', 53)).rule_ids, [any.id]);
    });
    test('a single address stored as /32 or /128 matches that address only', () => {
      const host4 = rule({ protocol: 'tcp', port_min: 22, source_cidr: '192.0.2.2/32' });
      const host6 = rule({ protocol: 'tcp', port_min: 22, source_cidr: '2001:db8::2/128' });
      const hosts = [group('ingress', [host4, host6])];
      assert.equal(evaluateConnection(hosts, tcp('192.0.2.2', 22)).allowed, true);
      assert.equal(evaluateConnection(hosts, tcp('192.0.2.3', 22)).allowed, false);
      assert.equal(evaluateConnection(hosts, tcp('2001:db8:0::2', 22)).allowed, true);
      assert.equal(evaluateConnection(hosts, tcp('2001:db8::3', 22)).allowed, false);
    });
    test('egress rules match the destination network', () => {
      const out = rule({ protocol: 'tcp', port_min: 9000, destination_cidr: '2001:db8::2/128' });
      const egress = [group('egress', [out])];
      assert.deepEqual(evaluateConnection(egress, tcp('2001:db8::2', 9000, 'egress')).rule_ids, [out.id]);
      assert.equal(evaluateConnection(egress, tcp('192.0.2.2', 9000, 'egress')).allowed, false);
    });
  });

  describe('ports are normalised', () => {
    test('no ports: every port', () => {
      const r = rule({ protocol: 'tcp' });
      for (const port of [1, 22, 65535]) assert.equal(evaluateConnection([group('ingress', [r])], tcp('192.0.2.1', port)).allowed, true);
    });
    test('1–65535: every port', () => {
      const r = rule({ protocol: 'udp', port_min: 1, port_max: 65535 });
      for (const port of [1, 53, 65535]) assert.equal(evaluateConnection([group('ingress', [r])], udp('192.0.2.1', port)).allowed, true);
    });
    test('port_min alone: that port only', () => {
      const groups = [group('ingress', [rule({ protocol: 'tcp', port_min: 22 })])];
      assert.equal(evaluateConnection(groups, tcp('192.0.2.1', 22)).allowed, true);
      assert.equal(evaluateConnection(groups, tcp('192.0.2.1', 23)).allowed, false);
      assert.equal(evaluateConnection(groups, tcp('192.0.2.1', 21)).allowed, false);
    });
    test('a range includes both ends', () => {
      const groups = [group('ingress', [rule({ protocol: 'tcp', port_min: 1000, port_max: 2000 })])];
      assert.deepEqual([999, 1000, 1500, 2000, 2001].map((port) => evaluateConnection(groups, tcp('192.0.2.1', port)).allowed), [false, true, true, true, false]);
    });
  });

  describe('protocols', () => {
    test('a tcp rule does not allow udp, nor the other way round', () => {
      const t = rule({ protocol: 'tcp', port_min: 53 });
      const groups = [group('ingress', [t])];
      assert.equal(evaluateConnection(groups, udp('192.0.2.1', 53)).allowed, false);
      assert.equal(evaluateConnection(groups, icmp('192.0.2.1')).allowed, false);
      assert.equal(evaluateConnection([group('ingress', [rule({ protocol: 'udp' })])], tcp('192.0.2.1', 53)).allowed, false);
    });
    test('any allows every protocol of its family', () => {
      const r = rule({ protocol: 'any', source_cidr: '192.0.2.0/24' });
      const groups = [group('ingress', [r])];
      for (const connection of [tcp('192.0.2.1', 1), udp('192.0.2.1', 65535), icmp('192.0.2.1')]) assert.deepEqual(evaluateConnection(groups, connection).rule_ids, [r.id]);
      assert.equal(evaluateConnection(groups, icmp('2001:db8::1')).allowed, false);
    });
    test('icmp without a network allows ICMP and ICMPv6', () => {
      const r = rule({ protocol: 'icmp' });
      const groups = [group('ingress', [r])];
      assert.deepEqual(evaluateConnection(groups, icmp('192.0.2.1')), { allowed: true, rule_ids: [r.id] });
      assert.deepEqual(evaluateConnection(groups, icmp('2001:db8::1')), { allowed: true, rule_ids: [r.id] });
      assert.equal(evaluateConnection(groups, tcp('192.0.2.1', 22)).allowed, false);
    });
    test('icmp with an IPv4 network allows no ICMPv6', () => {
      const groups = [group('ingress', [rule({ protocol: 'icmp', source_cidr: '192.0.2.0/24' })])];
      assert.equal(evaluateConnection(groups, icmp('192.0.2.1')).allowed, true);
      assert.equal(evaluateConnection(groups, icmp('2001:db8::1')).allowed, false);
    });
    test('ICMPv6 echo is not neighbour discovery: refused without an icmp rule', () => {
      assert.equal(evaluateConnection([group('ingress', [])], icmp('fe80::1')).allowed, false);
    });
  });

  test('loopback traffic is always allowed (iif lo / oif lo)', () => {
    const groups = [group('ingress', []), group('egress', [])];
    for (const connection of [tcp('127.0.0.1', 5432), tcp('::1', 5432, 'egress'), udp('127.0.0.53', 53, 'egress')]) {
      assert.deepEqual(evaluateConnection(groups, connection), { allowed: true, rule_ids: [] });
    }
  });

  test('a connection that cannot exist is refused with a RangeError', () => {
    const groups = [group('ingress', [])];
    assert.throws(() => evaluateConnection(groups, { direction: 'ingress', protocol: 'tcp', remote_address: '192.0.2.1' }), RangeError);
    assert.throws(() => evaluateConnection(groups, tcp('192.0.2.1', 0)), RangeError);
    assert.throws(() => evaluateConnection(groups, tcp('192.0.2.1', 65536)), RangeError);
    assert.throws(() => evaluateConnection(groups, { direction: 'ingress', protocol: 'icmp', remote_address: '192.0.2.1', port: 8 }), RangeError);
    for (const address of ['10.1', '0x0a.0.0.1', '192.0.2.0/24', 'fe80::1%eth0', 'example.com', '']) {
      assert.throws(() => evaluateConnection(groups, tcp(address, 22)), RangeError, address);
    }
  });
});
