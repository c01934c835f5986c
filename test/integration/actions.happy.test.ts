// Server actions over HTTP (D4, D5), what goes right: each of the twelve
// starts answers 202 and succeeds with its effect and result, and the action
// list shows them newest first, with its filters (and their bad values), pages
// and one action read on its own. The rest of the actions tests:
// actions.errors (bad bodies, one running action per server), actions.access
// (suspension, read-only keys, members, other projects), actions.idempotency,
// actions.faults (provisioning faults for the job, a restart mid-action) and
// actions-provisioning-down (starts refused while provisioning is down).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { type Action, actionCount, ACTIONS_WORLD, allActions, CX32_PLAN, getServer, listActions, readAction, setPendingPlan, startOk, succeeded, waitFor } from '../helpers/actions.ts';
import { assertProblem, assertFieldError } from '../helpers/problems.ts';
import { addSshKey, createWorld, otherProject, placeServer, setFault } from '../helpers/world.ts';

// ---------------------------------------------------------------- the twelve starts

test('each of the twelve starts answers 202 running, then succeeds with its effect and result (D4, D5)', async (t) => {
  // 0.03: long enough to see a snapshot `creating`, short enough for 12 actions in ~3 s.
  const app = await build(t, { config: { simScale: 0.03 } });
  const w = await createWorld(app, ACTIONS_WORLD);
  const firstKey = await addSshKey(w, 'first');
  const secondKey = await addSshKey(w, 'second');
  const placed = await placeServer(w, { ssh_keys: [firstKey] });
  const id: string = placed.id;
  assert.equal(placed.status, 'running');
  assert.deepEqual(placed.ssh_keys, [firstKey]);
  assert.equal(placed.iso, null);
  assert.deepEqual(placed.network.ipv6, []);
  assert.deepEqual(placed.network.private_network, { eligible: true, enabled: false });

  // power_off → stopped
  let action = await startOk(w, id, 'power_off');
  let done = await succeeded(w, action.id);
  assert.equal(done.id, action.id);
  assert.equal(done.type, 'server.power_off');
  assert.deepEqual(done.resource, { type: 'server', id });
  assert.equal(done.started_at, action.started_at);
  assert.deepEqual(done.result, {});
  assert.equal((await getServer(w, id)).status, 'stopped');

  // power_on → running
  action = await startOk(w, id, 'power_on');
  done = await succeeded(w, action.id);
  assert.deepEqual(done.result, {});
  assert.equal((await getServer(w, id)).status, 'running');

  // shutdown → stopped
  action = await startOk(w, id, 'shutdown');
  done = await succeeded(w, action.id);
  assert.deepEqual(done.result, {});
  assert.equal((await getServer(w, id)).status, 'stopped');

  // create_snapshot {name} → snapshot_id; the snapshot goes creating → completed with a size
  action = await startOk(w, id, 'create_snapshot', { body: { name: 'nightly' } });
  const snapshots = await app.api(`/projects/${w.slug}/snapshots/`, { key: w.key });
  assert.equal(snapshots.status, 200);
  assert.equal(snapshots.body.count, 1);
  const snapshotWhileRunning = snapshots.body.results[0];
  assert.equal(snapshotWhileRunning.name, 'nightly');
  assert.equal(snapshotWhileRunning.server_id, id);
  // Read after the snapshot: while the action still runs, the snapshot cannot be finished yet.
  if ((await readAction(w, action.id)).status === 'running') {
    assert.equal(snapshotWhileRunning.status, 'creating');
    assert.equal(snapshotWhileRunning.size_gb, null);
  }
  done = await succeeded(w, action.id);
  assert.deepEqual(done.result, { snapshot_id: snapshotWhileRunning.id });
  const snapshot = await app.api(`/projects/${w.slug}/snapshots/${snapshotWhileRunning.id}/`, { key: w.key });
  assert.equal(snapshot.status, 200);
  assert.equal(snapshot.body.status, 'completed');
  assert.ok(Number.isInteger(snapshot.body.size_gb) && snapshot.body.size_gb > 0, JSON.stringify(snapshot.body));
  assert.equal((await getServer(w, id)).status, 'stopped', 'a snapshot does not change the power state');

  // restore_snapshot {snapshot_id} of a completed snapshot → success, the server runs again
  action = await startOk(w, id, 'restore_snapshot', { body: { snapshot_id: snapshotWhileRunning.id } });
  done = await succeeded(w, action.id);
  assert.deepEqual(done.result, {});
  assert.equal((await getServer(w, id)).status, 'running');

  // reboot applies a pending plan
  await setPendingPlan(app, id, CX32_PLAN);
  let server = await getServer(w, id);
  assert.equal(server.pending_changes, true);
  assert.equal(server.plan.name, 'CX22', 'the plan waits for the reboot');
  action = await startOk(w, id, 'reboot');
  done = await succeeded(w, action.id);
  assert.deepEqual(done.result, {});
  server = await getServer(w, id);
  assert.equal(server.status, 'running');
  assert.equal(server.pending_changes, false);
  assert.deepEqual(server.plan, CX32_PLAN);

  // reinstall {image, ssh_keys} → new image, keys replaced, a root password
  action = await startOk(w, id, 'reinstall', { body: { image: 'ubuntu-24.04', ssh_keys: [secondKey] } });
  server = await getServer(w, id);
  assert.equal(server.image.name, 'debian-12', 'nothing changes before the reinstall is done');
  done = await succeeded(w, action.id);
  assert.deepEqual(Object.keys(done.result), ['root_password']);
  assert.equal(typeof done.result.root_password, 'string');
  assert.ok((done.result.root_password as string).length > 0);
  server = await getServer(w, id);
  assert.deepEqual(server.image, { name: 'ubuntu-24.04', display_name: 'Ubuntu 24.04 LTS' });
  assert.deepEqual(server.ssh_keys, [secondKey]);
  assert.equal(server.status, 'running');
  const reinstallPassword = done.result.root_password;

  // reset_password → a new root password
  action = await startOk(w, id, 'reset_password');
  done = await succeeded(w, action.id);
  assert.deepEqual(Object.keys(done.result), ['root_password']);
  assert.equal(typeof done.result.root_password, 'string');
  assert.ok((done.result.root_password as string).length > 0);
  assert.notEqual(done.result.root_password, reinstallPassword);

  // mount_iso {iso_id} → server.iso
  action = await startOk(w, id, 'mount_iso', { body: { iso_id: 2 } });
  done = await succeeded(w, action.id);
  assert.deepEqual(done.result, {});
  assert.deepEqual((await getServer(w, id)).iso, { id: 2, name: 'SystemRescue 11.02 (amd64)' });

  // unmount_iso → iso null
  action = await startOk(w, id, 'unmount_iso');
  done = await succeeded(w, action.id);
  assert.deepEqual(done.result, {});
  assert.equal((await getServer(w, id)).iso, null);

  // enable_ipv6 → result.subnet, shown in network.ipv6
  action = await startOk(w, id, 'enable_ipv6');
  done = await succeeded(w, action.id);
  assert.deepEqual(Object.keys(done.result), ['subnet']);
  const subnet = done.result.subnet as string;
  assert.equal(typeof subnet, 'string');
  assert.match(subnet, /^2001:db8:1:[0-9a-f:]*\/64$/, 'a /64 out of the location pool 2001:db8:1::/48');
  assert.deepEqual((await getServer(w, id)).network.ipv6, [{ subnet }]);

  // enable_private_network on an eligible product → enabled
  action = await startOk(w, id, 'enable_private_network');
  done = await succeeded(w, action.id);
  assert.deepEqual(done.result, {});
  assert.deepEqual((await getServer(w, id)).network.private_network, { eligible: true, enabled: true });

  const all = await allActions(w);
  assert.equal(all.length, 12);
  assert.ok(all.every((entry) => entry.status === 'success'));
  assert.deepEqual(
    new Set(all.map((entry) => entry.type)),
    new Set(['power_on', 'power_off', 'shutdown', 'reboot', 'reinstall', 'reset_password', 'create_snapshot', 'restore_snapshot', 'mount_iso', 'unmount_iso', 'enable_ipv6', 'enable_private_network'].map((name) => `server.${name}`)),
  );
});

// ---------------------------------------------------------------- the list

test('the action list: newest first, filters, bad filters, pagination, and reading one action', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
  const first = await placeServer(w);
  const second = await placeServer(w, { hostname: 'web-2' });

  const started: Action[] = [];
  const run = async (serverId: string, name: string) => {
    const action = await startOk(w, serverId, name);
    started.push(action);
    return waitFor(w, action.id, ['success', 'error']);
  };
  await run(first.id, 'power_off');
  await run(second.id, 'reboot');
  await run(first.id, 'power_on');
  await run(second.id, 'reset_password');
  await setFault(app, 'provisioning', { mode: 'error', count: 1 });
  const refused = await run(first.id, 'reboot');
  assert.equal(refused.status, 'error');

  const list = await listActions(w);
  assert.equal(list.status, 200);
  assert.equal(list.body.count, 5);
  assert.equal(list.body.next, null);
  assert.equal(list.body.previous, null);
  const ids = list.body.results.map((action: Action) => action.id);
  assert.deepEqual(ids, started.map((action) => action.id).reverse(), 'newest first');
  for (const entry of list.body.results) assert.deepEqual(entry, await readAction(w, entry.id), 'list items are the actions');

  const filtered = async (query: string) => {
    const response = await listActions(w, query);
    assert.equal(response.status, 200, `${query}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.count, response.body.results.length);
    return response.body.results as Action[];
  };
  const onFirst = await filtered(`?resource_id=${first.id}`);
  assert.deepEqual(onFirst.map((action) => action.type), ['server.reboot', 'server.power_on', 'server.power_off']);
  assert.ok(onFirst.every((action) => action.resource.id === first.id));
  assert.deepEqual(await filtered(`?resource_id=${first.id.slice(0, 8)}`), [], 'an id prefix matches nothing');
  assert.deepEqual(await filtered('?resource_id=0123456789abcdef0123456789abcdef'), []);
  assert.deepEqual((await filtered('?status=error')).map((action) => action.id), [refused.id]);
  assert.equal((await filtered('?status=success')).length, 4);
  assert.deepEqual(await filtered('?status=running'), []);
  assert.deepEqual(await filtered('?status=unknown'), []);
  assert.deepEqual((await filtered('?type=server.reboot')).map((action) => action.resource.id), [first.id, second.id]);
  assert.deepEqual((await filtered(`?type=server.reboot&resource_id=${second.id}&status=success`)).length, 1);
  assert.deepEqual(await filtered('?type=server.enable_ipv6'), []);
  assert.equal((await filtered('?resource_type=server')).length, 5);

  for (const [query, field] of [
    ['?resource_id=XYZ', 'resource_id'],
    [`?resource_id=${'a'.repeat(33)}`, 'resource_id'],
    ['?resource_id=', 'resource_id'],
    // Ids are lower-case hex: an upper-case one is refused (a fixed one, since a random id may hold no letter at all).
    ['?resource_id=0123456789ABCDEF', 'resource_id'],
    ['?status=done', 'status'],
    ['?status=SUCCESS', 'status'],
    ['?type=server.fly', 'type'],
    ['?type=reboot', 'type'],
    ['?resource_type=volume', 'resource_type'],
  ] as const) {
    assertFieldError(await listActions(w, query), field, query);
  }

  // Pagination: the envelope, page links, and pages past the end.
  const page1 = await listActions(w, '?page_size=2');
  assert.equal(page1.status, 200);
  assert.deepEqual(Object.keys(page1.body).sort(), ['count', 'next', 'previous', 'results']);
  assert.equal(page1.body.count, 5);
  assert.deepEqual(page1.body.results.map((action: Action) => action.id), ids.slice(0, 2));
  assert.equal(page1.body.previous, null);
  assert.match(page1.body.next, /page=2/);
  const page2 = await listActions(w, '?page_size=2&page=2');
  assert.deepEqual(page2.body.results.map((action: Action) => action.id), ids.slice(2, 4));
  assert.ok(page2.body.previous);
  assert.match(page2.body.next, /page=3/);
  const page3 = await listActions(w, '?page_size=2&page=3');
  assert.deepEqual(page3.body.results.map((action: Action) => action.id), ids.slice(4));
  assert.equal(page3.body.next, null);
  const filteredPage = await listActions(w, `?page_size=1&resource_id=${second.id}`);
  assert.equal(filteredPage.body.count, 2);
  assert.match(filteredPage.body.next, new RegExp(`resource_id=${second.id}`), 'the next link keeps the filter');
  assertProblem(await listActions(w, '?page_size=2&page=4'), 404, 'not_found', 'page past the end');
  assertProblem(await listActions(w, '?page=abc'), 404, 'not_found', 'page not a number');

  // One action: ids that are not numbers, or no action of the project, are 404.
  for (const id of ['abc', '0', '-1', '1.5', '99999', '99999999999', '123456789012345678']) {
    assertProblem(await app.api(`/projects/${w.slug}/actions/${id}/`, { key: w.key }), 404, 'not_found', `action ${id}`);
  }

  // Another project's action is not found through this project.
  const other = await otherProject(w, 'Second');
  const otherServer = await placeServer(other, { hostname: 'other-1' });
  const otherAction = await startOk(other, otherServer.id, 'reboot');
  await succeeded(other, otherAction.id);
  assertProblem(await app.api(`/projects/${w.slug}/actions/${otherAction.id}/`, { key: w.key }), 404, 'not_found', "another project's action");
  assert.equal(await actionCount(w), 5, "the list does not show another project's actions");
  assert.deepEqual(await filtered(`?resource_id=${otherServer.id}`), []);
  assert.equal(await actionCount(other), 1);

  // A user who is not a member sees neither the list nor an action.
  const stranger = await app.createUser();
  assertProblem(await app.api(`/projects/${w.slug}/actions/`, { key: stranger.key }), 404, 'not_found', 'stranger list');
  assertProblem(await app.api(`/projects/${w.slug}/actions/${ids[0]}/`, { key: stranger.key }), 404, 'not_found', 'stranger action');
});
