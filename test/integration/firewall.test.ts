// Firewall groups and rules over HTTP (spec "Firewall group", "Firewall
// rule", "Firewall groups and rules" rules 1–7, PUT /servers/{id}/
// firewall-groups/, Errors; DESIGN D2 and D12; issue 5 items 1, 2, 3, 6, 7):
// groups (create, list, get, rename, delete, names), rules (every field, the
// validation, canonical CIDRs, identical rules, order), attachment, the
// firewall generation each change bumps, controller faults, and who may do
// what: any member, never a read-only key, never another project, never
// without the owner's billing account or before the project is ready.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, type CallResult, type TestApp } from '../helpers/build.ts';
import { assertProblem, assertFieldError } from '../helpers/problems.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const GROUP_FIELDS = ['created_at', 'direction', 'id', 'name', 'rules', 'servers'];
const RULE_FIELDS = ['comment', 'destination_cidr', 'id', 'port_max', 'port_min', 'priority', 'protocol', 'source_cidr'];

type Json = Record<string, any>;



interface World {
  app: TestApp;
  key: string;
  userId: number;
  slug: string;
}

async function world(t: Parameters<typeof build>[0], name = 'Firewall'): Promise<World> {
  const app = await build(t);
  const owner = await app.createUser();
  const slug = await app.createReadyProject(owner.key, name);
  return { app, key: owner.key, userId: owner.userId, slug };
}

const groupsPath = (w: World) => `/projects/${w.slug}/firewall-groups/`;
const groupPath = (w: World, id: number) => `/projects/${w.slug}/firewall-groups/${id}/`;
const rulesPath = (w: World, groupId: number) => `/projects/${w.slug}/firewall-groups/${groupId}/rules/`;
const rulePath = (w: World, groupId: number, ruleId: number) => `/projects/${w.slug}/firewall-groups/${groupId}/rules/${ruleId}/`;
const attachPath = (w: World, serverId: string) => `/projects/${w.slug}/servers/${serverId}/firewall-groups/`;

async function createGroup(w: World, name: string, direction = 'ingress', key = w.key): Promise<Json> {
  const response = await w.app.api(groupsPath(w), { method: 'POST', key, body: { name, direction } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

async function createRule(w: World, groupId: number, body: Json, key = w.key): Promise<Json> {
  const response = await w.app.api(rulesPath(w, groupId), { method: 'POST', key, body });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

async function getGroup(w: World, id: number): Promise<Json> {
  const response = await w.app.api(groupPath(w, id), { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

async function rulesOf(w: World, groupId: number): Promise<Json[]> {
  const response = await w.app.api(`${rulesPath(w, groupId)}?page_size=100`, { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.results;
}

async function place(w: World, hostname: string): Promise<string> {
  const response = await w.app.admin(`/projects/${w.slug}/servers`, {
    method: 'POST',
    body: { hostname, product_id: 4, location: 'nbg1', image: 'rocky-9' },
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body.id;
}

async function attach(w: World, serverId: string, groups: number[], key = w.key): Promise<CallResult> {
  return w.app.api(attachPath(w, serverId), { method: 'PUT', key, body: { firewall_groups: groups } });
}

async function serverGroups(w: World, serverId: string): Promise<number[] | null> {
  const response = await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.firewall_groups;
}

/** Each server's firewall generation, as stored. */
async function generations(w: World, ...serverIds: string[]): Promise<number[]> {
  const rows = await w.app.app.database.db.selectFrom('servers').select(['id', 'firewall_generation']).where('id', 'in', serverIds).execute();
  return serverIds.map((id) => Number(rows.find((row) => row.id === id)!.firewall_generation));
}

async function setFault(app: TestApp, system: string, mode: string): Promise<void> {
  const response = await app.admin(`/faults/${system}`, { method: 'PUT', body: { mode } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}

async function addMember(app: TestApp, slug: string, userId: number, role: string): Promise<void> {
  const response = await app.admin(`/projects/${slug}/members/${userId}`, { method: 'PUT', body: { role } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}

/** One call of each of the eleven firewall endpoints, with valid bodies. */
function everyEndpoint(w: World, ids: { group: number; rule: number; server: string }): { name: string; path: string; method: string; body?: Json }[] {
  return [
    { name: 'list groups', method: 'GET', path: groupsPath(w) },
    { name: 'create group', method: 'POST', path: groupsPath(w), body: { name: 'During the fault', direction: 'egress' } },
    { name: 'get group', method: 'GET', path: groupPath(w, ids.group) },
    { name: 'rename group', method: 'PATCH', path: groupPath(w, ids.group), body: { name: 'Renamed during the fault' } },
    { name: 'delete group', method: 'DELETE', path: groupPath(w, ids.group) },
    { name: 'list rules', method: 'GET', path: rulesPath(w, ids.group) },
    { name: 'create rule', method: 'POST', path: rulesPath(w, ids.group), body: { protocol: 'udp', port_min: 53 } },
    { name: 'get rule', method: 'GET', path: rulePath(w, ids.group, ids.rule) },
    { name: 'change rule', method: 'PATCH', path: rulePath(w, ids.group, ids.rule), body: { priority: 7 } },
    { name: 'delete rule', method: 'DELETE', path: rulePath(w, ids.group, ids.rule) },
    { name: 'attach groups', method: 'PUT', path: attachPath(w, ids.server), body: { firewall_groups: [ids.group] } },
  ];
}

// ---------------------------------------------------------------------------
// Groups (rule 1, 2, 3)

test('groups: create answers 201 with an empty group, get and list show it; names follow the rules and are unique in the project', async (t) => {
  const w = await world(t);
  const created = await w.app.api(groupsPath(w), { method: 'POST', key: w.key, body: { name: 'web servers', direction: 'ingress' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(Object.keys(created.body).sort(), GROUP_FIELDS);
  assert.ok(Number.isInteger(created.body.id) && created.body.id > 0);
  assert.equal(created.body.name, 'web servers');
  assert.equal(created.body.direction, 'ingress');
  assert.deepEqual(created.body.servers, []);
  assert.deepEqual(created.body.rules, []);
  assert.match(created.body.created_at, ISO_UTC);
  assert.deepEqual(await getGroup(w, created.body.id), created.body);

  const egress = await createGroup(w, 'Out-1.b_c', 'egress');
  assert.equal(egress.direction, 'egress');

  // Names: up to 255 of letters, digits, spaces, dots, underscores, hyphens, starting with a letter or digit.
  for (const name of ['1st', 'a', 'x'.repeat(255), 'A.b_c-d e', 'trailing space ']) await createGroup(w, name);
  for (const [name, why] of [
    ['', 'empty'],
    [' leading space', 'starts with a space'],
    ['-dash', 'starts with a hyphen'],
    ['.dot', 'starts with a dot'],
    ['_under', 'starts with an underscore'],
    ['slash/name', 'slash'],
    ['quote"name', 'quote'],
    ['tab\tname', 'tab'],
    ['new\nline', 'newline'],
    ['café', 'a letter outside A–Z'],
    ['x'.repeat(256), '256 characters'],
  ] as const) {
    assertFieldError(await w.app.api(groupsPath(w), { method: 'POST', key: w.key, body: { name, direction: 'ingress' } }), 'name', why);
  }
  assertFieldError(await w.app.api(groupsPath(w), { method: 'POST', key: w.key, body: { name: 42, direction: 'ingress' } }), 'name');
  assertFieldError(await w.app.api(groupsPath(w), { method: 'POST', key: w.key, body: { direction: 'ingress' } }), 'name');
  assertFieldError(await w.app.api(groupsPath(w), { method: 'POST', key: w.key, body: { name: 'no direction' } }), 'direction');
  assertFieldError(await w.app.api(groupsPath(w), { method: 'POST', key: w.key, body: { name: 'sideways', direction: 'both' } }), 'direction');

  // A name the project has: 409 name_taken with that group's id (so a lost answer can be recovered); nothing is created.
  const before = (await w.app.api(groupsPath(w), { key: w.key })).body.count;
  const taken = await w.app.api(groupsPath(w), { method: 'POST', key: w.key, body: { name: 'web servers', direction: 'egress' } });
  assertProblem(taken, 409, 'name_taken');
  assert.equal(taken.body.group_id, created.body.id);
  assert.equal((await w.app.api(groupsPath(w), { key: w.key })).body.count, before);
  // Names are compared exactly.
  await createGroup(w, 'Web servers');

  // Another project may use the same name.
  const other = await w.app.createUser();
  const otherWorld = { ...w, key: other.key, userId: other.userId, slug: await w.app.createReadyProject(other.key, 'Other') };
  await createGroup(otherWorld, 'web servers');
});

test('groups: the list is paginated, oldest first, with the shared envelope', async (t) => {
  const w = await world(t);
  const groups = [];
  for (const name of ['one', 'two', 'three']) groups.push(await createGroup(w, name));
  const whole = await w.app.api(groupsPath(w), { key: w.key });
  assert.equal(whole.status, 200);
  assert.deepEqual(Object.keys(whole.body).sort(), ['count', 'next', 'previous', 'results']);
  assert.deepEqual(whole.body, { count: 3, next: null, previous: null, results: groups });

  const first = await w.app.api(`${groupsPath(w)}?page_size=2`, { key: w.key });
  assert.equal(first.body.count, 3);
  assert.deepEqual(first.body.results, groups.slice(0, 2));
  assert.equal(first.body.previous, null);
  const next = new URL(first.body.next);
  assert.equal(next.pathname, `/api/v1${groupsPath(w)}`);
  assert.deepEqual(Object.fromEntries(next.searchParams), { page_size: '2', page: '2' }, 'the link keeps the other parameters');
  const second = await w.app.api(`${groupsPath(w)}?page_size=2&page=2`, { key: w.key });
  assert.deepEqual(second.body.results, groups.slice(2));
  assert.equal(second.body.next, null);
  assert.equal(new URL(second.body.previous).searchParams.get('page'), '1');
  assertProblem(await w.app.api(`${groupsPath(w)}?page_size=2&page=3`, { key: w.key }), 404, 'not_found');
  assertProblem(await w.app.api(`${groupsPath(w)}?page=first`, { key: w.key }), 404, 'not_found');
});

test('groups: rename changes only the name; a whole group sent back is a rename; another direction is 400; a taken name 409', async (t) => {
  const w = await world(t);
  const group = await createGroup(w, 'before');
  const rule = await createRule(w, group.id, { protocol: 'tcp', port_min: 22 });
  const neighbour = await createGroup(w, 'neighbour', 'egress');

  const renamed = await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: { name: 'after' } });
  assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
  assert.deepEqual(renamed.body, { ...group, name: 'after', rules: [rule] });

  // The whole group, as GET answers it, sent back with a new name (and other fields changed too): only the name changes.
  const whole = await getGroup(w, group.id);
  const sentBack = await w.app.api(groupPath(w, group.id), {
    method: 'PATCH',
    key: w.key,
    body: { ...whole, name: 'sent back', id: 999, servers: ['0123456789abcdef'], rules: [], created_at: '2000-01-01T00:00:00Z' },
  });
  assert.equal(sentBack.status, 200, JSON.stringify(sentBack.body));
  assert.deepEqual(sentBack.body, { ...whole, name: 'sent back' });
  assert.deepEqual(await getGroup(w, group.id), sentBack.body);

  // The group's own direction is fine; another one is a validation error on direction, and nothing changes.
  assert.equal((await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: { name: 'same way', direction: 'ingress' } })).status, 200);
  for (const direction of ['egress', 'sideways']) {
    assertFieldError(await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: { name: 'turned', direction } }), 'direction');
  }
  assert.deepEqual(await getGroup(w, group.id), { ...whole, name: 'same way' });

  // A name another group has: 409 with its id. Its own name, or no name at all, changes nothing.
  const taken = await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: { name: 'neighbour' } });
  assertProblem(taken, 409, 'name_taken');
  assert.equal(taken.body.group_id, neighbour.id);
  assert.equal((await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: { name: 'same way' } })).status, 200);
  const empty = await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: {} });
  assert.equal(empty.status, 200);
  assert.deepEqual(empty.body, { ...whole, name: 'same way' });

  assertFieldError(await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: { name: '-bad' } }), 'name');
  assertFieldError(await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: { name: 'y'.repeat(256) } }), 'name');
  assertProblem(await w.app.api(groupPath(w, 999999), { method: 'PATCH', key: w.key, body: { name: 'ghost' } }), 404, 'not_found');
  assertProblem(await w.app.api(`/projects/${w.slug}/firewall-groups/abc/`, { method: 'PATCH', key: w.key, body: { name: 'ghost' } }), 404, 'not_found');
  assert.equal((await getGroup(w, group.id)).name, 'same way');
});

test('groups: delete removes the group and its rules; a group attached to servers is 409 group_in_use with their ids', async (t) => {
  const w = await world(t);
  const group = await createGroup(w, 'doomed');
  await createRule(w, group.id, { protocol: 'tcp', port_min: 80 });
  await createRule(w, group.id, { protocol: 'icmp' });
  const kept = await createGroup(w, 'kept');
  const keptRule = await createRule(w, kept.id, { protocol: 'tcp', port_min: 80 });
  const [first, second] = [await place(w, 'web-1'), await place(w, 'web-2')];
  assert.equal((await attach(w, second, [group.id])).status, 200);
  assert.equal((await attach(w, first, [group.id, kept.id])).status, 200);

  const inUse = await w.app.api(groupPath(w, group.id), { method: 'DELETE', key: w.key });
  assertProblem(inUse, 409, 'group_in_use');
  assert.deepEqual(inUse.body.servers, [first, second].sort());
  assert.equal((await getGroup(w, group.id)).rules.length, 2, 'nothing is deleted');

  assert.equal((await attach(w, first, [kept.id])).status, 200);
  assertProblem(await w.app.api(groupPath(w, group.id), { method: 'DELETE', key: w.key }), 409, 'group_in_use');
  assert.equal((await attach(w, second, [])).status, 200);
  const deleted = await w.app.api(groupPath(w, group.id), { method: 'DELETE', key: w.key });
  assert.equal(deleted.status, 204);
  assert.equal(deleted.body, null);
  assertProblem(await w.app.api(groupPath(w, group.id), { key: w.key }), 404, 'not_found');
  assertProblem(await w.app.api(rulesPath(w, group.id), { key: w.key }), 404, 'not_found');
  assertProblem(await w.app.api(groupPath(w, group.id), { method: 'DELETE', key: w.key }), 404, 'not_found');
  const rules = await w.app.app.database.db.selectFrom('firewall_rules').select(['id', 'group_id']).execute();
  assert.deepEqual(rules, [{ id: keptRule.id, group_id: kept.id }], 'its rules went with it, other groups keep theirs');
  // The name is free again.
  await createGroup(w, 'doomed');
});

// ---------------------------------------------------------------------------
// Rules (rules 4, 5, 6, 7)

test('rules: only protocol is required; every field is present, null where unset, priority 1000 by default', async (t) => {
  const w = await world(t);
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
  const w = await world(t);
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
  const w = await world(t);
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
  const w = await world(t);
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
  const w = await world(t);
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
  const w = await world(t);
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
  const w = await world(t);
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

// ---------------------------------------------------------------------------
// Attachment and propagation (item 3, D12)

test('attachment: PUT replaces the set, [] detaches all, duplicates count once; the server and the groups show it', async (t) => {
  const w = await world(t);
  const web = await createGroup(w, 'web');
  const ssh = await createGroup(w, 'ssh');
  const out = await createGroup(w, 'out', 'egress');
  const [first, second] = [await place(w, 'web-1'), await place(w, 'web-2')];
  assert.deepEqual(await serverGroups(w, first), []);

  const put = await attach(w, first, [out.id, web.id, web.id]);
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.deepEqual(put.body, { firewall_groups: [web.id, out.id].sort((a, b) => a - b) });
  assert.deepEqual(await serverGroups(w, first), put.body.firewall_groups);
  assert.deepEqual(await serverGroups(w, second), []);
  assert.equal((await attach(w, second, [web.id])).status, 200);
  assert.deepEqual((await getGroup(w, web.id)).servers, [first, second].sort());
  assert.deepEqual((await getGroup(w, out.id)).servers, [first]);
  assert.deepEqual((await getGroup(w, ssh.id)).servers, []);
  const listed = (await w.app.api(groupsPath(w), { key: w.key })).body.results;
  assert.deepEqual(
    listed.map((group: Json) => group.servers),
    [[first, second].sort(), [], [first]],
  );

  // Replaces, never adds.
  assert.deepEqual((await attach(w, first, [ssh.id])).body, { firewall_groups: [ssh.id] });
  assert.deepEqual(await serverGroups(w, first), [ssh.id]);
  assert.deepEqual((await getGroup(w, web.id)).servers, [second]);
  assert.deepEqual((await attach(w, first, [])).body, { firewall_groups: [] });
  assert.deepEqual(await serverGroups(w, first), []);

  // Ids not of the project: 400 validation_error, and the set is unchanged.
  const stranger = await w.app.createUser();
  const strangerWorld = { ...w, key: stranger.key, slug: await w.app.createReadyProject(stranger.key, 'Stranger') };
  const theirs = await createGroup(strangerWorld, 'theirs');
  for (const groups of [[theirs.id], [web.id, theirs.id], [999999]]) {
    assertFieldError(await attach(w, second, groups), 'firewall_groups', JSON.stringify(groups));
  }
  for (const body of [{ firewall_groups: [0] }, { firewall_groups: ['1'] }, { firewall_groups: web.id }, {}, { firewall_groups: [-1] }]) {
    assertProblem(await w.app.api(attachPath(w, second), { method: 'PUT', key: w.key, body }), 400, 'validation_error', JSON.stringify(body));
  }
  assert.deepEqual(await serverGroups(w, second), [web.id]);

  // A server that is not in the project: 404.
  assertProblem(await attach(w, '0123456789abcdef', [web.id]), 404, 'not_found');
  assertProblem(await attach(w, 'not-a-server', [web.id]), 404, 'not_found');
  const theirServer = await place(strangerWorld, 'theirs');
  assertProblem(await attach(w, theirServer, [web.id]), 404, 'not_found');
  assert.deepEqual(await serverGroups(strangerWorld, theirServer), []);
});

test('propagation: each change that affects a server bumps its firewall generation, in the same transaction; others do not', async (t) => {
  const w = await world(t);
  const web = await createGroup(w, 'web');
  const spare = await createGroup(w, 'spare');
  const [first, second, bystander] = [await place(w, 'web-1'), await place(w, 'web-2'), await place(w, 'other')];
  assert.deepEqual(await generations(w, first, second, bystander), [0, 0, 0]);

  // Attaching bumps that server only.
  assert.equal((await attach(w, first, [web.id])).status, 200);
  assert.deepEqual(await generations(w, first, second, bystander), [1, 0, 0]);
  assert.equal((await attach(w, second, [web.id, spare.id])).status, 200);
  assert.deepEqual(await generations(w, first, second, bystander), [1, 1, 0]);
  // The same set again is no change.
  assert.equal((await attach(w, first, [web.id, web.id])).status, 200);
  assert.deepEqual(await generations(w, first, second, bystander), [1, 1, 0]);

  // A rule change in an attached group bumps every server it is attached to.
  const rule = await createRule(w, web.id, { protocol: 'tcp', port_min: 80 });
  assert.deepEqual(await generations(w, first, second, bystander), [2, 2, 0]);
  assert.equal((await w.app.api(rulePath(w, web.id, rule.id), { method: 'PATCH', key: w.key, body: { port_max: 81 } })).status, 200);
  assert.deepEqual(await generations(w, first, second, bystander), [3, 3, 0]);
  // A PATCH that changes nothing bumps nothing.
  assert.equal((await w.app.api(rulePath(w, web.id, rule.id), { method: 'PATCH', key: w.key, body: { port_max: 81 } })).status, 200);
  assert.deepEqual(await generations(w, first, second, bystander), [3, 3, 0]);
  // Priority and comment reach the server too (the ruleset names and orders its rules).
  assert.equal((await w.app.api(rulePath(w, web.id, rule.id), { method: 'PATCH', key: w.key, body: { comment: 'web' } })).status, 200);
  assert.deepEqual(await generations(w, first, second, bystander), [4, 4, 0]);

  // A rule in a group attached to the second server only.
  const spareRule = await createRule(w, spare.id, { protocol: 'udp', port_min: 53 });
  assert.deepEqual(await generations(w, first, second, bystander), [4, 5, 0]);

  // Refused changes bump nothing.
  assertProblem(await w.app.api(rulesPath(w, web.id), { method: 'POST', key: w.key, body: { protocol: 'tcp', port_min: 80, port_max: 81 } }), 409, 'rule_exists');
  assertFieldError(await w.app.api(rulesPath(w, web.id), { method: 'POST', key: w.key, body: { protocol: 'icmp', port_min: 1 } }), 'port_min');
  assertFieldError(await attach(w, first, [999999]), 'firewall_groups');
  assertProblem(await w.app.api(groupPath(w, web.id), { method: 'DELETE', key: w.key }), 409, 'group_in_use');
  assert.deepEqual(await generations(w, first, second, bystander), [4, 5, 0]);

  // Renaming changes nothing a server enforces.
  assert.equal((await w.app.api(groupPath(w, web.id), { method: 'PATCH', key: w.key, body: { name: 'www' } })).status, 200);
  assert.deepEqual(await generations(w, first, second, bystander), [4, 5, 0]);

  // Deleting a rule bumps; detaching bumps that server; then rules of the detached group no longer reach it.
  assert.equal((await w.app.api(rulePath(w, spare.id, spareRule.id), { method: 'DELETE', key: w.key })).status, 204);
  assert.deepEqual(await generations(w, first, second, bystander), [4, 6, 0]);
  assert.equal((await attach(w, second, [spare.id])).status, 200);
  assert.deepEqual(await generations(w, first, second, bystander), [4, 7, 0]);
  await createRule(w, web.id, { protocol: 'tcp', port_min: 443 });
  assert.deepEqual(await generations(w, first, second, bystander), [5, 7, 0]);
  assert.equal((await attach(w, first, [])).status, 200);
  assert.deepEqual(await generations(w, first, second, bystander), [6, 7, 0]);

  // A group attached nowhere: its changes and its deletion bump nothing.
  await createRule(w, web.id, { protocol: 'icmp' });
  assert.equal((await w.app.api(groupPath(w, web.id), { method: 'DELETE', key: w.key })).status, 204);
  assert.deepEqual(await generations(w, first, second, bystander), [6, 7, 0]);

  // Every bump came with a propagation job for that server, enqueued with it.
  const jobs = await w.app.app.database.db.selectFrom('jobs').select(['payload']).where('type', '=', 'firewall.propagate').execute();
  const jobServers = jobs.map((job) => (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload).serverId as string);
  assert.equal(jobServers.filter((id) => id === first).length, 6);
  assert.equal(jobServers.filter((id) => id === second).length, 7);
  assert.equal(jobServers.filter((id) => id === bystander).length, 0);
});

test('concurrency: racing creates give one 201 and 409s naming it; a delete racing an attachment never leaves a dangling group', async (t) => {
  const w = await world(t);
  const names = await Promise.all(
    Array.from({ length: 8 }, () => w.app.api(groupsPath(w), { method: 'POST', key: w.key, body: { name: 'raced', direction: 'ingress' } })),
  );
  const created = names.filter((response) => response.status === 201);
  assert.equal(created.length, 1, JSON.stringify(names.map((response) => response.body)));
  for (const response of names.filter((candidate) => candidate.status !== 201)) {
    assertProblem(response, 409, 'name_taken');
    assert.equal(response.body.group_id, created[0]!.body.id);
  }
  const groupId = created[0]!.body.id as number;

  const spellings = [{ protocol: 'tcp' }, { protocol: 'tcp', port_min: 1, port_max: 65535 }, { protocol: 'tcp', port_min: null }, { protocol: 'tcp', source_cidr: '' }];
  const rules = await Promise.all(spellings.flatMap((body) => [body, body]).map((body) => w.app.api(rulesPath(w, groupId), { method: 'POST', key: w.key, body })));
  const made = rules.filter((response) => response.status === 201);
  assert.equal(made.length, 1, JSON.stringify(rules.map((response) => response.body)));
  for (const response of rules.filter((candidate) => candidate.status !== 201)) {
    assertProblem(response, 409, 'rule_exists');
    assert.equal(response.body.rule_id, made[0]!.body.id);
  }

  // Attachments and rule changes at once: every request succeeds (no deadlock), and every attached server was bumped.
  const servers = [await place(w, 'a-1'), await place(w, 'a-2'), await place(w, 'a-3')];
  const mixed = await Promise.all([
    ...servers.map((server) => attach(w, server, [groupId])),
    ...[80, 443, 8080].map((port) => w.app.api(rulesPath(w, groupId), { method: 'POST', key: w.key, body: { protocol: 'udp', port_min: port } })),
  ]);
  assert.deepEqual(
    mixed.map((response) => response.status),
    [200, 200, 200, 201, 201, 201],
  );
  for (const generation of await generations(w, ...servers)) assert.ok(generation >= 1);

  // A delete racing an attachment: either the attachment wins (409 group_in_use) or the delete does (400), never both.
  for (let round = 0; round < 4; round += 1) {
    const group = await createGroup(w, `contested ${round}`);
    const [deleted, attached] = await Promise.all([
      w.app.api(groupPath(w, group.id), { method: 'DELETE', key: w.key }),
      attach(w, servers[0]!, [groupId, group.id]),
    ]);
    if (deleted.status === 204) assertFieldError(attached, 'firewall_groups');
    else {
      assertProblem(deleted, 409, 'group_in_use');
      assert.equal(attached.status, 200, JSON.stringify(attached.body));
    }
    const dangling = await w.app.app.database.db
      .selectFrom('server_firewall_groups')
      .leftJoin('firewall_groups', 'firewall_groups.id', 'server_firewall_groups.group_id')
      .select('server_firewall_groups.group_id')
      .where('firewall_groups.id', 'is', null)
      .execute();
    assert.deepEqual(dangling, []);
    assert.equal((await attach(w, servers[0]!, [groupId])).status, 200);
  }
});

// ---------------------------------------------------------------------------
// Faults (item 6)

test('faults: firewall controller down → 503 upstream_unavailable on every endpoint and firewall_groups null; error → 502; nothing changes', async (t) => {
  const w = await world(t);
  const group = await createGroup(w, 'web');
  const rule = await createRule(w, group.id, { protocol: 'tcp', port_min: 80 });
  const server = await place(w, 'web-1');
  assert.equal((await attach(w, server, [group.id])).status, 200);
  const [generation] = await generations(w, server);
  const endpoints = everyEndpoint(w, { group: group.id, rule: rule.id, server });
  assert.equal(endpoints.length, 11);

  await setFault(w.app, 'firewall', 'down');
  for (const endpoint of endpoints) {
    const response = await w.app.api(endpoint.path, { method: endpoint.method, key: w.key, body: endpoint.body });
    assertProblem(response, 503, 'upstream_unavailable', endpoint.name);
  }
  const shown = await w.app.api(`/projects/${w.slug}/servers/${server}/`, { key: w.key });
  assert.equal(shown.status, 200, 'the server is still answered');
  assert.equal(shown.body.firewall_groups, null, 'null: the firewall could not be read, never "no firewall"');

  await setFault(w.app, 'firewall', 'error');
  for (const endpoint of endpoints) {
    const response = await w.app.api(endpoint.path, { method: endpoint.method, key: w.key, body: endpoint.body });
    assertProblem(response, 502, 'upstream_error', endpoint.name);
  }
  await setFault(w.app, 'firewall', 'timeout');
  assertProblem(await w.app.api(groupsPath(w), { key: w.key }), 502, 'upstream_error', 'timeout');

  await setFault(w.app, 'firewall', 'ok');
  assert.deepEqual(await serverGroups(w, server), [group.id]);
  const after = await getGroup(w, group.id);
  assert.equal(after.name, 'web');
  assert.deepEqual(after.rules, [rule]);
  assert.equal((await w.app.api(groupsPath(w), { key: w.key })).body.count, 1);
  assert.deepEqual(await generations(w, server), [generation]);
});

// ---------------------------------------------------------------------------
// Who may (item 7, D2, Errors)

test('access: any member may do everything; read-only keys read but are refused every change with 403 read_only_key', async (t) => {
  const w = await world(t);
  const member = await w.app.createUser();
  await addMember(w.app, w.slug, member.userId, 'member');
  const asMember = { ...w, key: member.key };
  const server = await place(w, 'web-1');

  // A plain member: every operation.
  const group = await createGroup(asMember, 'member made');
  const rule = await createRule(asMember, group.id, { protocol: 'tcp', port_min: 22 });
  assert.equal((await w.app.api(rulePath(w, group.id, rule.id), { method: 'PATCH', key: member.key, body: { priority: 5 } })).status, 200);
  assert.equal((await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: member.key, body: { name: 'renamed by member' } })).status, 200);
  assert.equal((await attach(w, server, [group.id], member.key)).status, 200);
  assert.equal((await w.app.api(groupsPath(w), { key: member.key })).body.count, 1);
  const spare = await createGroup(asMember, 'spare');
  const spareRule = await createRule(asMember, spare.id, { protocol: 'icmp' });
  assert.equal((await w.app.api(rulePath(w, spare.id, spareRule.id), { method: 'DELETE', key: member.key })).status, 204);
  assert.equal((await w.app.api(groupPath(w, spare.id), { method: 'DELETE', key: member.key })).status, 204);

  // Read-only keys, of the owner and of the member: reads work, changes do not, and nothing changes.
  const before = await getGroup(w, group.id);
  for (const readOnly of [await w.app.createKey(w.userId, { readOnly: true }), await w.app.createKey(member.userId, { readOnly: true })]) {
    for (const endpoint of everyEndpoint(w, { group: group.id, rule: rule.id, server })) {
      const response = await w.app.api(endpoint.path, { method: endpoint.method, key: readOnly.key, body: endpoint.body });
      if (endpoint.method === 'GET') assert.equal(response.status, 200, `${endpoint.name}: ${JSON.stringify(response.body)}`);
      else assertProblem(response, 403, 'read_only_key', endpoint.name);
    }
    // Even with a bad body, the key is what is refused.
    assertProblem(await w.app.api(groupsPath(w), { method: 'POST', key: readOnly.key, body: { name: '' } }), 403, 'read_only_key');
  }
  assert.deepEqual(await getGroup(w, group.id), before);
  assert.equal((await w.app.api(groupsPath(w), { key: w.key })).body.count, 1);
});

test('isolation: another project, or its groups and rules reached through mine, are 404 and untouched', async (t) => {
  const w = await world(t);
  const mine = await createGroup(w, 'mine');
  const myServer = await place(w, 'mine');
  const stranger = await w.app.createUser();
  const theirWorld = { ...w, key: stranger.key, userId: stranger.userId, slug: await w.app.createReadyProject(stranger.key, 'Theirs') };
  const theirs = await createGroup(theirWorld, 'theirs');
  const theirRule = await createRule(theirWorld, theirs.id, { protocol: 'tcp', port_min: 3306 });
  const theirServer = await place(theirWorld, 'theirs');

  // Their project, with my key: 404 everywhere (never 403).
  for (const endpoint of everyEndpoint(theirWorld, { group: theirs.id, rule: theirRule.id, server: theirServer })) {
    assertProblem(await w.app.api(endpoint.path, { method: endpoint.method, key: w.key, body: endpoint.body }), 404, 'not_found', endpoint.name);
  }
  // Their group and rule, through my project: 404.
  const cross = everyEndpoint(w, { group: theirs.id, rule: theirRule.id, server: myServer }).filter((endpoint) => endpoint.path.includes(`/${theirs.id}/`));
  assert.equal(cross.length, 8);
  for (const endpoint of cross) {
    assertProblem(await w.app.api(endpoint.path, { method: endpoint.method, key: w.key, body: endpoint.body }), 404, 'not_found', endpoint.name);
  }
  // My group on their server, their group on my server.
  assertProblem(await attach(w, theirServer, [mine.id]), 404, 'not_found');
  assertFieldError(await attach(w, myServer, [theirs.id]), 'firewall_groups');

  assert.deepEqual(await getGroup(theirWorld, theirs.id), { ...theirs, rules: [theirRule] });
  assert.deepEqual(await serverGroups(theirWorld, theirServer), []);
  assertProblem(await w.app.api(groupsPath(w), { key: null }), 401, 'unauthenticated');
});

test('billing: every firewall endpoint answers 403 billing_account_required when the project owner has no billing account', async (t) => {
  const w = await world(t);
  const group = await createGroup(w, 'web');
  const rule = await createRule(w, group.id, { protocol: 'tcp', port_min: 80 });
  const server = await place(w, 'web-1');
  const admin = await w.app.createUser();
  await addMember(w.app, w.slug, admin.userId, 'admin');

  // The owner loses the billing account (the server was placed while it existed).
  await w.app.app.database.db.deleteFrom('billing_accounts').where('user_id', '=', w.userId).execute();
  for (const key of [w.key, admin.key]) {
    for (const endpoint of everyEndpoint(w, { group: group.id, rule: rule.id, server })) {
      assertProblem(await w.app.api(endpoint.path, { method: endpoint.method, key, body: endpoint.body }), 403, 'billing_account_required', endpoint.name);
    }
  }

  // An owner who never had one, with a member who has one.
  const unbilled = await w.app.createUser({ billing: false });
  const unbilledWorld = { ...w, key: unbilled.key, userId: unbilled.userId, slug: await w.app.createReadyProject(unbilled.key, 'No Billing') };
  assertProblem(await w.app.api(groupsPath(unbilledWorld), { key: unbilled.key }), 403, 'billing_account_required');
  await addMember(w.app, unbilledWorld.slug, admin.userId, 'member');
  assertProblem(
    await w.app.api(groupsPath(unbilledWorld), { method: 'POST', key: admin.key, body: { name: 'x', direction: 'ingress' } }),
    403,
    'billing_account_required',
  );
  assert.equal(await w.app.app.database.db.selectFrom('firewall_groups').select('id').where('name', '=', 'x').executeTakeFirst(), undefined);
});

test('a project still being set up: every firewall endpoint answers 403 project_not_ready', async (t) => {
  const app = await build(t);
  const owner = await app.createUser();
  await setFault(app, 'provisioning', 'down');
  const created = await app.api('/projects/', { method: 'POST', key: owner.key, body: { name: 'Not Yet' } });
  assert.equal(created.status, 201);
  const w: World = { app, key: owner.key, userId: owner.userId, slug: created.body.slug };
  assert.equal((await app.api(`/projects/${w.slug}/`, { key: owner.key })).body.status, 'setting_up');
  for (const endpoint of everyEndpoint(w, { group: 1, rule: 1, server: '0123456789abcdef' })) {
    assertProblem(await app.api(endpoint.path, { method: endpoint.method, key: owner.key, body: endpoint.body }), 403, 'project_not_ready', endpoint.name);
  }
});
