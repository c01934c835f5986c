// Server actions over HTTP (D2, D4): who and when. A suspended server starts
// nothing, and one suspended while an action runs stays suspended; read-only
// keys read but never start; members start actions; another project's server
// is 404 through either project; no key is 401.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { actionCount, ACTIONS_WORLD, getServer, readAction, start, startOk, succeeded } from '../helpers/actions.ts';
import { assertProblem } from '../helpers/problems.ts';
import { addMember, createWorld, placeServer, type World } from '../helpers/world.ts';

test('suspended servers, read-only keys, members and other projects', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
  const server = await placeServer(w);

  // Suspended: every start is refused with 409 conflict and nothing is started.
  const suspended = await app.admin(`/servers/${server.id}/suspend`, { method: 'POST' });
  assert.equal(suspended.status, 200, JSON.stringify(suspended.body));
  assert.equal((await getServer(w, server.id)).status, 'suspended');
  for (const [name, body] of [
    ['reboot', undefined],
    ['power_on', undefined],
    ['reinstall', { image: 'debian-13' }],
    ['enable_ipv6', undefined],
  ] as const) {
    assertProblem(await start(w, server.id, name, { body }), 409, 'conflict', `${name} on a suspended server`);
  }
  assert.equal(await actionCount(w), 0);
  const unsuspended = await app.admin(`/servers/${server.id}/unsuspend`, { method: 'POST' });
  assert.equal(unsuspended.status, 200);
  const afterUnsuspend = await startOk(w, server.id, 'reboot');
  await succeeded(w, afterUnsuspend.id);

  // Read-only key: 403 read_only_key for every start, reading is fine.
  const readOnly = await app.createKey(w.userId, { readOnly: true });
  for (const [name, body] of [
    ['reboot', undefined],
    ['reinstall', { image: 'debian-13' }],
    ['reinstall', { image: 'no-such-image' }],
  ] as const) {
    assertProblem(await start(w, server.id, name, { body, key: readOnly.key }), 403, 'read_only_key', `${name} with a read-only key`);
  }
  assert.equal((await app.api(`/projects/${w.slug}/actions/`, { key: readOnly.key })).status, 200);
  assert.equal((await app.api(`/projects/${w.slug}/actions/${afterUnsuspend.id}/`, { key: readOnly.key })).status, 200);
  assert.equal(await actionCount(w), 1);

  // A member may start actions (D2) and read them.
  const member = await app.createUser();
  await addMember(app, w.slug, member.userId, 'member');
  const asMember: World = { ...w, key: member.key, userId: member.userId };
  const byMember = await startOk(asMember, server.id, 'power_off');
  await succeeded(asMember, byMember.id);
  assert.equal((await getServer(w, server.id)).status, 'stopped');

  // Another project's server answers 404, through either project.
  const stranger = await createWorld(app, { ...ACTIONS_WORLD, project: 'Strangers' });
  const strangerServer = await placeServer(stranger, { hostname: 'theirs-1' });
  assertProblem(await start(w, strangerServer.id, 'reboot'), 404, 'not_found', "another project's server in my project");
  assertProblem(await start(w, strangerServer.id, 'reboot', { slug: stranger.slug }), 404, 'not_found', "another user's project");
  assertProblem(await start(w, strangerServer.id, 'reinstall', { slug: stranger.slug, body: { image: 'debian-13' } }), 404, 'not_found', 'reinstall elsewhere');
  assertProblem(await start(w, '0123456789abcdef', 'reboot'), 404, 'not_found', 'no such server');
  assertProblem(await start(w, 'NOT-A-SERVER', 'reboot'), 404, 'not_found', 'not a server id');
  assert.equal(await actionCount(stranger), 0, "nothing started on the stranger's server");
  assert.equal((await getServer(stranger, strangerServer.id)).status, 'running');

  // No key at all.
  const anonymous = await app.api(`/projects/${w.slug}/servers/${server.id}/actions/reboot/`, { method: 'POST' });
  assertProblem(anonymous, 401, 'unauthenticated');
  assert.equal(await actionCount(w), 2);
});

test('a server suspended while an action runs keeps its suspension; the power state applies when it is lifted', async (t) => {
  // 0.1: the reinstall takes 3 s, time enough to suspend the server during it.
  const app = await build(t, { config: { simScale: 0.1 } });
  const w = await createWorld(app, ACTIONS_WORLD);
  const server = await placeServer(w);
  const stop = await startOk(w, server.id, 'power_off');
  await succeeded(w, stop.id);
  const reinstall = await startOk(w, server.id, 'reinstall', { body: { image: 'debian-13' } });
  assert.equal((await app.admin(`/servers/${server.id}/suspend`, { method: 'POST' })).status, 200);
  assert.equal((await readAction(w, reinstall.id)).status, 'running', 'suspended while the reinstall runs');
  await succeeded(w, reinstall.id, 15_000);
  const suspended = await getServer(w, server.id);
  assert.equal(suspended.status, 'suspended');
  assert.equal(suspended.image.name, 'debian-13');
  assert.equal((await app.admin(`/servers/${server.id}/unsuspend`, { method: 'POST' })).status, 200);
  assert.equal((await getServer(w, server.id)).status, 'running', 'the reinstall booted it');
});
