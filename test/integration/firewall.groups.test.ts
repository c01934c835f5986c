// Firewall groups over HTTP (spec "Firewall group", "Firewall groups and
// rules" rules 1–3; DESIGN D12): create, list (paginated, oldest first), get,
// rename (only the name; another direction is 400; a taken name 409 with its
// id) and delete (its rules go with it; a group in use is 409 with the
// servers' ids); the rules for names and their uniqueness in a project.
// The firewall API's tests are firewall.groups, firewall.rules,
// firewall.attachment and firewall.access; what reaches the servers is
// tested in firewall-propagation and nft-enforcement.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attach, createGroup, createRule, FIREWALL_WORLD, getGroup, GROUP_FIELDS, groupPath, groupsPath, ISO_UTC, place, rulesPath } from '../helpers/firewall.ts';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { buildWorld } from '../helpers/world.ts';

test('groups: create answers 201 with an empty group, get and list show it; names follow the rules and are unique in the project', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
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
  const w = await buildWorld(t, FIREWALL_WORLD);
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
  const w = await buildWorld(t, FIREWALL_WORLD);
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
  const w = await buildWorld(t, FIREWALL_WORLD);
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
