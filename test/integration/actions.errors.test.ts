// Server actions over HTTP (D4, D5), what is refused: bad bodies answer 400
// naming the field and start nothing; an action that cannot apply (a
// private network the product cannot join, IPv6 already on) is 409; and a
// server runs one action at a time, however many starts arrive at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { actionCount, ACTIONS_WORLD, allActions, assertNothingLeftRunning, failed, getServer, readAction, start, startOk, succeeded, waitFor } from '../helpers/actions.ts';
import { assertProblem, assertFieldError } from '../helpers/problems.ts';
import { addSshKey, createWorld, otherProject, placeServer, setFault } from '../helpers/world.ts';

// ---------------------------------------------------------------- bad input

test('bad bodies answer 400 validation_error naming the field, and start nothing', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
  const ownKey = await addSshKey(w, 'own');
  const server = await placeServer(w, { ssh_keys: [ownKey] });
  const dedicated = await placeServer(w, { hostname: 'big-1', product_id: 6, location: 'fsn1', image: 'debian-12' });

  // Another project of the same user, with a key and a completed snapshot of its own.
  const other = await otherProject(w, 'Elsewhere');
  const foreignKey = await addSshKey(other, 'foreign');
  const otherServer = await placeServer(other, { hostname: 'other-1' });
  const snapshotStart = await startOk(other, otherServer.id, 'create_snapshot', { body: { name: 'foreign' } });
  const foreignSnapshotId = (await succeeded(other, snapshotStart.id)).result.snapshot_id as number;

  // A snapshot that stays `creating`: the provisioning system times out while it is made.
  const snapshotHost = await placeServer(w, { hostname: 'snap-1' });
  await setFault(app, 'provisioning', { mode: 'timeout' });
  const stuck = await startOk(w, snapshotHost.id, 'create_snapshot', { body: { name: 'stuck' } });
  await waitFor(w, stuck.id, ['unknown']);
  const creating = (await app.api(`/projects/${w.slug}/snapshots/`, { key: w.key })).body.results.find((entry: any) => entry.name === 'stuck');
  assert.equal(creating.status, 'creating');

  const actionsBefore = await actionCount(w);
  const snapshotsBefore = (await app.api(`/projects/${w.slug}/snapshots/`, { key: w.key })).body.count;
  const cases: Array<{ label: string; serverId?: string; name: string; body?: unknown; field: string }> = [
    { label: 'reinstall without image', name: 'reinstall', body: {}, field: 'image' },
    { label: 'reinstall with only ssh_keys', name: 'reinstall', body: { ssh_keys: [ownKey] }, field: 'image' },
    { label: 'reinstall with a numeric image', name: 'reinstall', body: { image: 12 }, field: 'image' },
    { label: 'reinstall with an empty image', name: 'reinstall', body: { image: '' }, field: 'image' },
    { label: 'reinstall with an image nobody offers', name: 'reinstall', body: { image: 'windows-95' }, field: 'image' },
    { label: "reinstall with an image the server's product does not offer", serverId: dedicated.id, name: 'reinstall', body: { image: 'debian-13' }, field: 'image' },
    { label: 'reinstall with an SSH key of another project', name: 'reinstall', body: { image: 'debian-13', ssh_keys: [foreignKey] }, field: 'ssh_keys' },
    { label: 'reinstall with an own and a foreign SSH key', name: 'reinstall', body: { image: 'debian-13', ssh_keys: [ownKey, foreignKey] }, field: 'ssh_keys' },
    { label: 'reinstall with an unknown SSH key', name: 'reinstall', body: { image: 'debian-13', ssh_keys: [2_000_000_000] }, field: 'ssh_keys' },
    { label: 'reinstall with a non-integer SSH key', name: 'reinstall', body: { image: 'debian-13', ssh_keys: ['one'] }, field: 'ssh_keys[0]' },
    { label: 'restore_snapshot without snapshot_id', name: 'restore_snapshot', body: {}, field: 'snapshot_id' },
    { label: 'restore_snapshot of a snapshot still creating', name: 'restore_snapshot', body: { snapshot_id: creating.id }, field: 'snapshot_id' },
    { label: 'restore_snapshot of another project', name: 'restore_snapshot', body: { snapshot_id: foreignSnapshotId }, field: 'snapshot_id' },
    { label: 'restore_snapshot of no snapshot', name: 'restore_snapshot', body: { snapshot_id: 999_999 }, field: 'snapshot_id' },
    { label: 'restore_snapshot with a string id', name: 'restore_snapshot', body: { snapshot_id: String(foreignSnapshotId) }, field: 'snapshot_id' },
    { label: 'mount_iso of an unknown ISO', name: 'mount_iso', body: { iso_id: 99 }, field: 'iso_id' },
    { label: 'mount_iso without iso_id', name: 'mount_iso', body: {}, field: 'iso_id' },
    { label: 'mount_iso with a string id', name: 'mount_iso', body: { iso_id: '2' }, field: 'iso_id' },
    { label: 'create_snapshot with an empty name', name: 'create_snapshot', body: { name: '' }, field: 'name' },
    { label: 'create_snapshot with a name too long', name: 'create_snapshot', body: { name: 'x'.repeat(256) }, field: 'name' },
  ];
  for (const { label, serverId, name, body, field } of cases) {
    const response = await start(w, serverId ?? server.id, name, { body });
    assertFieldError(response, field, label);
    assert.equal(await actionCount(w), actionsBefore, `${label}: no action was started`);
  }
  assert.equal((await app.api(`/projects/${w.slug}/snapshots/`, { key: w.key })).body.count, snapshotsBefore, 'no snapshot was recorded');
  const unchanged = await getServer(w, server.id);
  assert.equal(unchanged.image.name, 'debian-12');
  assert.deepEqual(unchanged.ssh_keys, [ownKey]);
  assert.equal(unchanged.iso, null);

  // A snapshot that failed cannot be restored either.
  await setFault(app, 'provisioning', { mode: 'ok' });
  await failed(w, stuck.id);
  const failedSnapshot = await app.api(`/projects/${w.slug}/snapshots/${creating.id}/`, { key: w.key });
  assert.equal(failedSnapshot.body.status, 'failed');
  assertFieldError(await start(w, server.id, 'restore_snapshot', { body: { snapshot_id: creating.id } }), 'snapshot_id', 'restore of a failed snapshot');

  // A body that is not JSON at all.
  const garbage = await app.api(`/projects/${w.slug}/servers/${server.id}/actions/reinstall/`, {
    method: 'POST',
    key: w.key,
    rawBody: '{"image":',
    headers: { 'content-type': 'application/json' },
  });
  assertProblem(garbage, 400, 'validation_error', 'malformed JSON');

  // An unknown action name is no endpoint.
  for (const name of ['fly', 'REBOOT', 'server.reboot']) {
    assertProblem(await start(w, server.id, name), 404, 'not_found', `action ${name}`);
  }

  // enable_private_network on a product without private networking.
  assert.equal(dedicated.network.private_network.eligible, false);
  assertProblem(await start(w, dedicated.id, 'enable_private_network'), 409, 'conflict', 'private network not eligible');

  // enable_ipv6 a second time, once the first has succeeded.
  const ipv6 = await startOk(w, server.id, 'enable_ipv6');
  const subnet = (await succeeded(w, ipv6.id)).result.subnet;
  const countAfterIpv6 = await actionCount(w);
  assertProblem(await start(w, server.id, 'enable_ipv6'), 409, 'conflict', 'enable_ipv6 twice');
  assert.deepEqual((await getServer(w, server.id)).network.ipv6, [{ subnet }], 'still one subnet');

  // enable_private_network a second time, once it has joined.
  const join = await startOk(w, server.id, 'enable_private_network');
  await succeeded(w, join.id);
  assertProblem(await start(w, server.id, 'enable_private_network'), 409, 'conflict', 'enable_private_network twice');
  assert.equal(await actionCount(w), countAfterIpv6 + 1, 'the refused starts made no action');
  await assertNothingLeftRunning(w);
});

// ---------------------------------------------------------------- one action at a time

test('one running action per server: a second start, and five parallel starts, are refused with 409 conflict', async (t) => {
  // 0.1: a reinstall takes 3 s and a reboot 0.5 s, so the refusals below meet a running action.
  const app = await build(t, { config: { simScale: 0.1 } });
  const w = await createWorld(app, ACTIONS_WORLD);
  const first = await placeServer(w);
  const second = await placeServer(w, { hostname: 'web-2' });

  const reinstall = await startOk(w, first.id, 'reinstall', { body: { image: 'debian-13' } });
  for (const [name, body] of [
    ['reboot', undefined],
    ['power_off', undefined],
    ['reinstall', { image: 'debian-13' }],
    ['mount_iso', { iso_id: 1 }],
  ] as const) {
    assertProblem(await start(w, first.id, name, { body }), 409, 'conflict', `${name} while a reinstall runs`);
  }
  assert.equal((await readAction(w, reinstall.id)).status, 'running', 'the refusals met a running action');
  assert.equal(await actionCount(w), 1);

  // Another server is not blocked.
  const other = await startOk(w, second.id, 'power_off');
  await succeeded(w, other.id);

  // Once the first action has finished, the server takes the next one.
  await succeeded(w, reinstall.id, 15_000);
  const next = await startOk(w, first.id, 'reboot');
  await succeeded(w, next.id);

  // Five starts at once on one server: exactly one is accepted.
  const parallel = await Promise.all(Array.from({ length: 5 }, () => start(w, second.id, 'power_on')));
  const accepted = parallel.filter((response) => response.status === 202);
  assert.equal(accepted.length, 1, JSON.stringify(parallel.map((response) => [response.status, response.body.code])));
  for (const response of parallel.filter((candidate) => candidate.status !== 202)) assertProblem(response, 409, 'conflict', 'parallel start');
  const onSecond = await allActions(w).then((actions) => actions.filter((action) => action.resource.id === second.id));
  assert.equal(onSecond.length, 2, 'the power_off and one power_on');

  // Five different starts at once on a server: still exactly one.
  const mixed = await Promise.all(
    (['reboot', 'power_off', 'shutdown', 'reset_password', 'unmount_iso'] as const).map((name) => start(w, first.id, name)),
  );
  assert.equal(mixed.filter((response) => response.status === 202).length, 1, JSON.stringify(mixed.map((response) => [response.status, response.body.code])));
  for (const response of mixed.filter((candidate) => candidate.status !== 202)) assertProblem(response, 409, 'conflict', 'mixed parallel start');

  await assertNothingLeftRunning(w, 15_000);
});
