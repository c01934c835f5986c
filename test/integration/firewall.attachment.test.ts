// Attaching firewall groups to servers over HTTP (PUT /servers/{id}/
// firewall-groups/; DESIGN D12; issue 5 item 3): PUT replaces the set; every
// change that affects a server bumps its firewall generation and enqueues its
// propagation in the same transaction, and nothing else does; racing
// creates, rule changes, attachments and deletes stay consistent; the
// controller answers many servers' groups in one call (attachedGroupsOf).
// The firewall API's tests are firewall.groups, firewall.rules,
// firewall.attachment and firewall.access; what reaches the servers is
// tested in firewall-propagation and nft-enforcement.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attach, attachPath, createGroup, createRule, FIREWALL_WORLD, generations, getGroup, groupPath, groupsPath, place, rulePath, rulesPath, runDueJobs, serverGroups } from '../helpers/firewall.ts';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { buildWorld, setFault } from '../helpers/world.ts';

type Json = Record<string, any>;

test('attachment: PUT replaces the set, [] detaches all, duplicates count once; the server and the groups show it', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
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
  const w = await buildWorld(t, FIREWALL_WORLD);
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

  // Every bump came with a propagation job naming that server, enqueued with it.
  const jobs = await w.app.app.database.db.selectFrom('jobs').select(['payload']).where('type', '=', 'firewall.propagate-servers').execute();
  const jobServers = jobs.flatMap((job) => (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload).serverIds as string[]);
  assert.equal(jobServers.filter((id) => id === first).length, 6);
  assert.equal(jobServers.filter((id) => id === second).length, 7);
  assert.equal(jobServers.filter((id) => id === bystander).length, 0);
});

test('concurrency: racing creates give one 201 and 409s naming it; a delete racing an attachment never leaves a dangling group', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
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

test('the controller answers the groups of many servers in one call (attachedGroupsOf), and fails as a whole while it fails', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const web = await createGroup(w, 'web');
  const out = await createGroup(w, 'out', 'egress');
  const [first, second, bare] = [await place(w, 'web-1'), await place(w, 'web-2'), await place(w, 'bare')];
  assert.equal((await attach(w, first, [out.id, web.id])).status, 200);
  assert.equal((await attach(w, second, [web.id])).status, 200);
  const { firewall } = w.app.app.upstreams;

  const groups = await firewall.attachedGroupsOf([second, first, bare, '0123456789abcdef']);
  // Every server asked is answered, in the order asked; no groups (or no such server) is [].
  assert.deepEqual([...groups], [
    [second, [web.id]],
    [first, [web.id, out.id].sort((a, b) => a - b)],
    [bare, []],
    ['0123456789abcdef', []],
  ]);
  for (const server of [first, second, bare]) assert.deepEqual(groups.get(server), await firewall.attachedGroups(server));
  assert.deepEqual([...(await firewall.attachedGroupsOf([]))], []);

  // Propagation calls the controller too: drained first, so the one fault is this call's.
  await runDueJobs(w);
  await setFault(w.app, 'firewall', { mode: 'down', count: 1 });
  await assert.rejects(firewall.attachedGroupsOf([first, second]), { system: 'firewall', kind: 'unavailable' });
  assert.deepEqual((await firewall.attachedGroupsOf([first])).get(first), groups.get(first), 'one call took the one fault');
});
