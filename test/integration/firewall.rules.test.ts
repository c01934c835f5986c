// Firewall rules over HTTP (spec "Firewall rule", "Firewall groups and
// rules" rules 4–7; DESIGN D12; issue 5 items 1, 2): every field and its
// default, each bad input refused on its field, CIDRs in canonical form,
// identical rules refused with the existing rule's id, the order (lowest
// priority first), PATCH checked as a whole, and rules of another group.
// The firewall API's tests are firewall.groups, firewall.rules,
// firewall.attachment and firewall.access; what reaches the servers is
// tested in firewall-propagation and nft-enforcement.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGroup, createRule, FIREWALL_WORLD, getGroup, RULE_FIELDS, rulePath, rulesOf, rulesPath } from '../helpers/firewall.ts';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { buildWorld } from '../helpers/world.ts';

type Json = Record<string, any>;

test('rules: only protocol is required; every field is present, null where unset, priority 1000 by default', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const ingress = await createGroup(w, 'in');
  const egress = await createGroup(w, 'out', 'egress');

  const minimal = await w.app.api(rulesPath(w, ingress.id), { method: 'POST', key: w.key, body: { protocol: 'tcp' } });
  assert.equal(minimal.status, 201, JSON.stringify(minimal.body));
  assert.deepEqual(Object.keys(minimal.body).sort(), RULE_FIELDS);
  assert.ok(Number.isInteger(minimal.body.id));
  assert.deepEqual(minimal.body, { id: minimal.body.id, protocol: 'tcp', port_min: null, port_max: null, source_cidr: null, destination_cidr: null, priority: 1000, comment: null });

  const full = await createRule(w, ingress.id, { protocol: 'udp', port_min: 5000, port_max: 5100, source_cidr: '192.0.2.0/24', destination_cidr: null, priority: 10, comment: 'media' });
  assert.deepEqual(full, { id: full.id, protocol: 'udp', port_min: 5000, port_max: 5100, source_cidr: '192.0.2.0/24', destination_cidr: null, priority: 10, comment: 'media' });
  const out = await createRule(w, egress.id, { protocol: 'any', destination_cidr: '2001:db8::/32', source_cidr: '', priority: 64996 });
  assert.deepEqual(out, { id: out.id, protocol: 'any', port_min: null, port_max: null, source_cidr: null, destination_cidr: '2001:db8::/32', priority: 64996, comment: null });
  const ping = await createRule(w, egress.id, { protocol: 'icmp', port_min: null, port_max: null, priority: 1, comment: '' });
  assert.equal(ping.comment, null, 'an empty comment is no comment');
  const one = await createRule(w, ingress.id, { protocol: 'tcp', port_min: 22, port_max: null });
  assert.deepEqual([one.port_min, one.port_max], [22, null], 'ports are shown as sent');

  assert.deepEqual(await w.app.api(rulePath(w, ingress.id, full.id), { key: w.key }).then((response) => response.body), full);
  // The group shows its rules too, lowest priority first.
  assert.deepEqual((await getGroup(w, ingress.id)).rules, [full, minimal.body, one]);
});

test('rules: each bad input is refused with 400 on its field, and the group is unchanged', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const ingress = await createGroup(w, 'in');
  const egress = await createGroup(w, 'out', 'egress');
  const existing = await createRule(w, ingress.id, { protocol: 'tcp', port_min: 443 });

  const cases: [number, Json, string, string][] = [
    [ingress.id, {}, 'protocol', 'protocol is required'],
    [ingress.id, { protocol: 'gre' }, 'protocol', 'unknown protocol'],
    [ingress.id, { protocol: 'TCP' }, 'protocol', 'protocols are lowercase'],
    [ingress.id, { protocol: 'icmp', port_min: 1 }, 'port_min', 'icmp has no ports'],
    [ingress.id, { protocol: 'any', port_max: 80 }, 'port_max', 'any has no ports'],
    [ingress.id, { protocol: 'any', port_min: 80, port_max: 80 }, 'port_min', 'any has no ports, both'],
    [ingress.id, { protocol: 'tcp', port_min: 0 }, 'port_min', 'port 0'],
    [ingress.id, { protocol: 'tcp', port_min: 65536 }, 'port_min', 'port above 65535'],
    [ingress.id, { protocol: 'udp', port_min: 1, port_max: 65536 }, 'port_max', 'port_max above 65535'],
    [ingress.id, { protocol: 'tcp', port_min: '80' }, 'port_min', 'a port as a string'],
    [ingress.id, { protocol: 'tcp', port_min: 1.5 }, 'port_min', 'a fractional port'],
    [ingress.id, { protocol: 'tcp', port_max: 80 }, 'port_max', 'port_max without port_min'],
    [ingress.id, { protocol: 'tcp', port_min: null, port_max: 80 }, 'port_max', 'port_max with a null port_min'],
    [ingress.id, { protocol: 'tcp', port_min: 81, port_max: 80 }, 'port_max', 'port_max below port_min'],
    [ingress.id, { protocol: 'tcp', destination_cidr: '192.0.2.0/24' }, 'destination_cidr', 'destination_cidr in an ingress group'],
    [egress.id, { protocol: 'tcp', source_cidr: '192.0.2.0/24' }, 'source_cidr', 'source_cidr in an egress group'],
    [ingress.id, { protocol: 'tcp', priority: 0 }, 'priority', 'priority 0'],
    [ingress.id, { protocol: 'tcp', priority: 64997 }, 'priority', 'priority above 64996'],
    [ingress.id, { protocol: 'tcp', priority: null }, 'priority', 'priority null'],
    [ingress.id, { protocol: 'tcp', comment: 'c'.repeat(256) }, 'comment', 'comment of 256 characters'],
    [ingress.id, { protocol: 'tcp', source_cidr: '192.0.2.1/24' }, 'source_cidr', 'host bits set (IPv4)'],
    [egress.id, { protocol: 'tcp', destination_cidr: '2001:db8::1/32' }, 'destination_cidr', 'host bits set (IPv6)'],
    [ingress.id, { protocol: 'tcp', source_cidr: 'fe80::1%eth0' }, 'source_cidr', 'scope id'],
    [ingress.id, { protocol: 'tcp', source_cidr: '"192.0.2.0/24"' }, 'source_cidr', 'quotes'],
    [ingress.id, { protocol: 'tcp', source_cidr: ' 192.0.2.0/24' }, 'source_cidr', 'leading whitespace'],
    [ingress.id, { protocol: 'tcp', source_cidr: '192.0.2.0/24 ' }, 'source_cidr', 'trailing whitespace'],
    [ingress.id, { protocol: 'tcp', source_cidr: '192.000.2.0/24' }, 'source_cidr', 'leading zeros in an octet'],
    [ingress.id, { protocol: 'tcp', source_cidr: '::ffff:192.0.2.1' }, 'source_cidr', 'IPv4-mapped IPv6'],
    [ingress.id, { protocol: 'tcp', source_cidr: '192.0.2.0/33' }, 'source_cidr', 'prefix too long'],
    [ingress.id, { protocol: 'tcp', source_cidr: 'example.com' }, 'source_cidr', 'a name'],
    [ingress.id, { protocol: 'tcp', source_cidr: 'x'.repeat(101) }, 'source_cidr', 'too long'],
  ];
  for (const [groupId, body, field, why] of cases) {
    assertFieldError(await w.app.api(rulesPath(w, groupId), { method: 'POST', key: w.key, body }), field, why);
  }
  // Several problems at once are all reported.
  const several = await w.app.api(rulesPath(w, ingress.id), { method: 'POST', key: w.key, body: { protocol: 'icmp', port_min: 5, destination_cidr: '::/0' } });
  assertFieldError(several, 'port_min');
  assertFieldError(several, 'destination_cidr');

  assert.deepEqual(await rulesOf(w, ingress.id), [existing]);
  assert.deepEqual(await rulesOf(w, egress.id), []);
});

test('rules: CIDRs are stored and answered in canonical form; empty means any address', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const ingress = await createGroup(w, 'in');
  const egress = await createGroup(w, 'out', 'egress');
  const cases: [string, string | null][] = [
    ['2001:DB8:0:0::1', '2001:db8::1/128'],
    ['192.0.2.7', '192.0.2.7/32'],
    ['2001:0DB8:0000:0000:0001:0000:0000:0000/80', '2001:db8:0:0:1::/80'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['::/0', '::/0'],
    ['198.51.100.0/24', '198.51.100.0/24'],
    ['', null],
  ];
  for (const [index, [input, canonical]] of cases.entries()) {
    const inbound = await createRule(w, ingress.id, { protocol: 'tcp', port_min: 1000 + index, source_cidr: input });
    assert.equal(inbound.source_cidr, canonical, input);
    const outbound = await createRule(w, egress.id, { protocol: 'udp', port_min: 1000 + index, destination_cidr: input });
    assert.equal(outbound.destination_cidr, canonical, input);
  }
  const stored = await w.app.app.database.db.selectFrom('firewall_rules').select('source_cidr').where('group_id', '=', ingress.id).orderBy('id').execute();
  assert.deepEqual(
    stored.map((row) => row.source_cidr),
    cases.map(([, canonical]) => canonical),
  );
});

test('rules: an identical rule is 409 rule_exists with its id, on create and on a PATCH that makes a copy', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const ingress = await createGroup(w, 'in');
  const egress = await createGroup(w, 'out', 'egress');
  const allPorts = await createRule(w, ingress.id, { protocol: 'tcp' });
  const ssh = await createRule(w, ingress.id, { protocol: 'tcp', port_min: 22, source_cidr: '2001:db8::1' });
  const dns = await createRule(w, ingress.id, { protocol: 'udp', port_min: 53, port_max: 53, source_cidr: '' });
  const ping = await createRule(w, egress.id, { protocol: 'icmp', destination_cidr: '192.0.2.0/24' });

  const copies: [number, Json, number, string][] = [
    [ingress.id, { protocol: 'tcp', port_min: 1, port_max: 65535 }, allPorts.id, 'no ports ≡ 1–65535'],
    [ingress.id, { protocol: 'tcp', port_min: null, port_max: null, source_cidr: null }, allPorts.id, 'explicit nulls'],
    [ingress.id, { protocol: 'tcp', source_cidr: '', priority: 5, comment: 'again' }, allPorts.id, 'priority and comment do not count'],
    [ingress.id, { protocol: 'tcp', port_min: 22, port_max: 22, source_cidr: '2001:DB8:0:0::1/128' }, ssh.id, 'port_min alone ≡ that port; CIDR normalised'],
    [ingress.id, { protocol: 'udp', port_min: 53 }, dns.id, 'one port either way; empty ≡ null'],
    [egress.id, { protocol: 'icmp', destination_cidr: '192.0.2.0/24', priority: 2 }, ping.id, 'icmp'],
  ];
  for (const [groupId, body, ruleId, why] of copies) {
    const response = await w.app.api(rulesPath(w, groupId), { method: 'POST', key: w.key, body });
    assertProblem(response, 409, 'rule_exists', why);
    assert.equal(response.body.rule_id, ruleId, why);
  }
  // Not copies: another protocol, another port, another family, all of IPv4 is not any address.
  await createRule(w, ingress.id, { protocol: 'udp' });
  await createRule(w, ingress.id, { protocol: 'tcp', port_min: 22, port_max: 23, source_cidr: '2001:db8::1' });
  await createRule(w, ingress.id, { protocol: 'tcp', source_cidr: '0.0.0.0/0' });
  await createRule(w, ingress.id, { protocol: 'any' });
  // The same rule in another group is no copy.
  const otherIngress = await createGroup(w, 'in too');
  await createRule(w, otherIngress.id, { protocol: 'tcp' });
  const before = await rulesOf(w, ingress.id);

  // A PATCH that makes a copy: 409 with the other rule's id, and nothing changes.
  const patched = await w.app.api(rulePath(w, ingress.id, dns.id), { method: 'PATCH', key: w.key, body: { protocol: 'tcp', port_min: null, port_max: null } });
  assertProblem(patched, 409, 'rule_exists');
  assert.equal(patched.body.rule_id, allPorts.id);
  const patchedSsh = await w.app.api(rulePath(w, ingress.id, dns.id), { method: 'PATCH', key: w.key, body: { protocol: 'tcp', port_min: 22, port_max: null, source_cidr: '2001:db8::1/128' } });
  assertProblem(patchedSsh, 409, 'rule_exists');
  assert.equal(patchedSsh.body.rule_id, ssh.id);
  assert.deepEqual(await rulesOf(w, ingress.id), before);

  // A PATCH into a form of itself is no copy.
  const itself = await w.app.api(rulePath(w, ingress.id, allPorts.id), { method: 'PATCH', key: w.key, body: { port_min: 1, port_max: 65535, comment: 'spelled out' } });
  assert.equal(itself.status, 200, JSON.stringify(itself.body));
  assert.deepEqual(itself.body, { ...allPorts, port_min: 1, port_max: 65535, comment: 'spelled out' });

  // A deleted rule's traffic can be allowed again.
  assert.equal((await w.app.api(rulePath(w, ingress.id, ssh.id), { method: 'DELETE', key: w.key })).status, 204);
  await createRule(w, ingress.id, { protocol: 'tcp', port_min: 22, source_cidr: '2001:db8::1' });
});

test('rules: lowest priority first, ties by id, in the group and in the paginated list', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const group = await createGroup(w, 'ordered');
  const made = [];
  for (const [port, priority] of [
    [1, 500],
    [2, 10],
    [3, 500],
    [4, 64996],
    [5, 1],
    [6, 1000],
  ] as const) {
    made.push(await createRule(w, group.id, { protocol: 'tcp', port_min: port, ...(priority === 1000 ? {} : { priority }) }));
  }
  const expected = [...made].sort((a, b) => a.priority - b.priority || a.id - b.id);
  assert.deepEqual(
    expected.map((rule) => rule.port_min),
    [5, 2, 1, 3, 6, 4],
  );
  assert.deepEqual((await getGroup(w, group.id)).rules, expected);
  assert.deepEqual(await rulesOf(w, group.id), expected);

  const first = await w.app.api(`${rulesPath(w, group.id)}?page_size=4`, { key: w.key });
  assert.equal(first.status, 200);
  assert.equal(first.body.count, 6);
  assert.deepEqual(first.body.results, expected.slice(0, 4));
  assert.equal(first.body.previous, null);
  assert.ok(first.body.next.includes('page=2'));
  const second = await w.app.api(`${rulesPath(w, group.id)}?page_size=4&page=2`, { key: w.key });
  assert.deepEqual(second.body.results, expected.slice(4));
  assert.equal(second.body.next, null);
  assertProblem(await w.app.api(`${rulesPath(w, group.id)}?page_size=4&page=3`, { key: w.key }), 404, 'not_found');
  assertProblem(await w.app.api(`${rulesPath(w, group.id)}?page=x`, { key: w.key }), 404, 'not_found');

  // Priority changes reorder; they never change what is allowed.
  const moved = await w.app.api(rulePath(w, group.id, made[3]!.id), { method: 'PATCH', key: w.key, body: { priority: 1 } });
  assert.equal(moved.status, 200);
  // Ports 4 and 5 now share priority 1; port 4's rule is older, so it comes first.
  assert.deepEqual(
    (await rulesOf(w, group.id)).map((rule) => rule.port_min),
    [4, 5, 2, 1, 3, 6],
  );
});

test('rules: PATCH changes the fields sent and checks the resulting rule as a whole', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const ingress = await createGroup(w, 'in');
  const egress = await createGroup(w, 'out', 'egress');
  const rule = await createRule(w, ingress.id, { protocol: 'tcp', port_min: 8000, port_max: 8080, source_cidr: '192.0.2.0/24', comment: 'app' });
  const path = rulePath(w, ingress.id, rule.id);

  // Changing the protocol to icmp or any needs both ports set to null in the same PATCH.
  assertFieldError(await w.app.api(path, { method: 'PATCH', key: w.key, body: { protocol: 'icmp' } }), 'port_min');
  assertFieldError(await w.app.api(path, { method: 'PATCH', key: w.key, body: { protocol: 'any', port_min: null } }), 'port_max');
  assertFieldError(await w.app.api(path, { method: 'PATCH', key: w.key, body: { port_min: 9000 } }), 'port_max', 'port_max would be below port_min');
  assertFieldError(await w.app.api(path, { method: 'PATCH', key: w.key, body: { port_min: null } }), 'port_max', 'port_max would lack port_min');
  assertFieldError(await w.app.api(path, { method: 'PATCH', key: w.key, body: { destination_cidr: '192.0.2.0/24' } }), 'destination_cidr');
  assertFieldError(await w.app.api(path, { method: 'PATCH', key: w.key, body: { source_cidr: '192.0.2.1/24' } }), 'source_cidr');
  assertFieldError(await w.app.api(path, { method: 'PATCH', key: w.key, body: { priority: 0 } }), 'priority');
  assertFieldError(await w.app.api(path, { method: 'PATCH', key: w.key, body: { protocol: 'sctp' } }), 'protocol');
  assert.deepEqual(await w.app.api(path, { key: w.key }).then((response) => response.body), rule, 'nothing changed');

  const icmp = await w.app.api(path, { method: 'PATCH', key: w.key, body: { protocol: 'icmp', port_min: null, port_max: null } });
  assert.equal(icmp.status, 200, JSON.stringify(icmp.body));
  assert.deepEqual(icmp.body, { ...rule, protocol: 'icmp', port_min: null, port_max: null });

  const back = await w.app.api(path, { method: 'PATCH', key: w.key, body: { protocol: 'udp', port_min: 53, source_cidr: '2001:DB8::', comment: null, priority: 7 } });
  assert.equal(back.status, 200, JSON.stringify(back.body));
  assert.deepEqual(back.body, { ...rule, protocol: 'udp', port_min: 53, port_max: null, source_cidr: '2001:db8::/128', comment: null, priority: 7 });
  const anywhere = await w.app.api(path, { method: 'PATCH', key: w.key, body: { source_cidr: '' } });
  assert.equal(anywhere.body.source_cidr, null);
  assert.deepEqual(await w.app.api(path, { key: w.key }).then((response) => response.body), anywhere.body);

  // An egress rule's destination can change; its source stays empty.
  const out = await createRule(w, egress.id, { protocol: 'tcp', port_min: 443 });
  const moved = await w.app.api(rulePath(w, egress.id, out.id), { method: 'PATCH', key: w.key, body: { destination_cidr: '198.51.100.0/24', source_cidr: null } });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
  assert.equal(moved.body.destination_cidr, '198.51.100.0/24');
});

test('rules: a rule of another group, or of no group, is 404 on get, PATCH and DELETE', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const first = await createGroup(w, 'first');
  const second = await createGroup(w, 'second');
  const rule = await createRule(w, first.id, { protocol: 'tcp', port_min: 25 });

  for (const path of [rulePath(w, second.id, rule.id), rulePath(w, first.id, rule.id + 1000), rulePath(w, 999999, rule.id), `${rulesPath(w, first.id)}abc/`]) {
    assertProblem(await w.app.api(path, { key: w.key }), 404, 'not_found', path);
    assertProblem(await w.app.api(path, { method: 'PATCH', key: w.key, body: { priority: 5 } }), 404, 'not_found', path);
    assertProblem(await w.app.api(path, { method: 'DELETE', key: w.key }), 404, 'not_found', path);
  }
  assertProblem(await w.app.api(rulesPath(w, 999999), { key: w.key }), 404, 'not_found');
  assertProblem(await w.app.api(rulesPath(w, 999999), { method: 'POST', key: w.key, body: { protocol: 'tcp' } }), 404, 'not_found');
  assert.deepEqual(await rulesOf(w, first.id), [rule]);

  const deleted = await w.app.api(rulePath(w, first.id, rule.id), { method: 'DELETE', key: w.key });
  assert.equal(deleted.status, 204);
  assertProblem(await w.app.api(rulePath(w, first.id, rule.id), { key: w.key }), 404, 'not_found');
  assertProblem(await w.app.api(rulePath(w, first.id, rule.id), { method: 'DELETE', key: w.key }), 404, 'not_found');
  assert.deepEqual(await rulesOf(w, first.id), []);
});
