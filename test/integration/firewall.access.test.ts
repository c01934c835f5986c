// When the firewall endpoints must refuse (spec Errors; DESIGN D2; issue 5
// items 6, 7): the firewall controller down (503, and firewall_groups null on
// the server) or failing (502) with nothing changed; any member may do
// everything, a read-only key only read; another project is 404 everywhere;
// no billing account of the owner is 403; a project still being set up 403.
// The firewall API's tests are firewall.groups, firewall.rules,
// firewall.attachment and firewall.access; what reaches the servers is
// tested in firewall-propagation and nft-enforcement.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { attach, createGroup, createRule, everyEndpoint, FIREWALL_WORLD, generations, getGroup, groupPath, groupsPath, place, rulePath, serverGroups } from '../helpers/firewall.ts';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { addMember, buildWorld, setFault, type World } from '../helpers/world.ts';

test('faults: firewall controller down → 503 upstream_unavailable on every endpoint and firewall_groups null; error → 502; nothing changes', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
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

test('access: any member may do everything; read-only keys read but are refused every change with 403 read_only_key', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
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
  const w = await buildWorld(t, FIREWALL_WORLD);
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
  const w = await buildWorld(t, FIREWALL_WORLD);
  const group = await createGroup(w, 'web');
  const rule = await createRule(w, group.id, { protocol: 'tcp', port_min: 80 });
  const server = await place(w, 'web-1');
  const admin = await w.app.createUser();
  await addMember(w.app, w.slug, admin.userId, 'admin');

  // The owner loses the billing account (the server was placed while it existed), as billing would drop it: with the
  // notice that drops every process's kept copy.
  await w.app.app.changes.commit('billing', (trx) => trx.deleteFrom('billing_accounts').where('user_id', '=', w.userId).execute());
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
