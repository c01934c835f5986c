// Server actions when the provisioning system fails the job (D4, D5): an
// error ends the action `error`; a timeout leaves it `unknown` until the fault
// clears and it is reconciled (error when nothing was done, success with the
// effect when it was); a retried enable_ipv6 still gives one subnet; and an
// action running when the app stops is finished by the next app. Provisioning
// down at the start (503, nothing recorded): actions-provisioning-down.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, eventually } from '../helpers/build.ts';
import { ACTIONS_WORLD, allActions, assertNothingLeftRunning, CX32_PLAN, failed, getServer, readAction, setPendingPlan, start, startOk, succeeded, waitFor } from '../helpers/actions.ts';
import { createWorld, placeServer, setFault, type World } from '../helpers/world.ts';

// ---------------------------------------------------------------- provisioning faults

test('provisioning error: the action ends error; a fault with a count clears by itself', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
  const server = await placeServer(w);
  await setPendingPlan(app, server.id, CX32_PLAN);

  await setFault(app, 'provisioning', { mode: 'error' });
  const reboot = await startOk(w, server.id, 'reboot');
  await failed(w, reboot.id);
  const unchanged = await getServer(w, server.id);
  assert.equal(unchanged.pending_changes, true, 'the plan still waits');
  assert.equal(unchanged.plan.name, 'CX22');
  const ipv6 = await startOk(w, server.id, 'enable_ipv6');
  await failed(w, ipv6.id);
  assert.deepEqual((await getServer(w, server.id)).network.ipv6, []);

  await setFault(app, 'provisioning', { mode: 'error', count: 1 });
  const once = await startOk(w, server.id, 'power_off');
  await failed(w, once.id);
  assert.equal((await getServer(w, server.id)).status, 'running');
  const after = await startOk(w, server.id, 'power_off');
  await succeeded(w, after.id);
  assert.equal((await getServer(w, server.id)).status, 'stopped');
  assert.equal((await app.admin('/faults')).body.provisioning.mode, 'ok', 'the count ran out');

  await assertNothingLeftRunning(w);
});

test('provisioning timeout, not committed: unknown, then error once the fault clears; nothing done', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
  const server = await placeServer(w);
  const other = await placeServer(w, { hostname: 'web-2' });
  await setFault(app, 'provisioning', { mode: 'timeout' });

  const powerOff = await startOk(w, server.id, 'power_off');
  const unknown = await waitFor(w, powerOff.id, ['unknown', 'success', 'error']);
  assert.equal(unknown.status, 'unknown', JSON.stringify(unknown));
  assert.equal(unknown.error, null);
  const reset = await startOk(w, other.id, 'reset_password');
  await waitFor(w, reset.id, ['unknown']);
  assert.equal((await getServer(w, server.id)).status, 'running');
  // Still unknown while the provisioning system does not answer.
  assert.equal((await readAction(w, powerOff.id)).status, 'unknown');

  await setFault(app, 'provisioning', { mode: 'ok' });
  const settled = await failed(w, powerOff.id);
  assert.ok(Date.parse(settled.finished_at!) >= Date.parse(settled.started_at));
  const resetSettled = await failed(w, reset.id);
  assert.deepEqual(resetSettled.result, {}, 'no password from an operation that never ran');
  assert.equal((await getServer(w, server.id)).status, 'running', 'nothing was done');
  await assertNothingLeftRunning(w);
});

test('provisioning timeout, committed: unknown, then success with the effect once the fault clears', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
  const server = await placeServer(w);
  const other = await placeServer(w, { hostname: 'web-2' });
  await setFault(app, 'provisioning', { mode: 'timeout', committed: true });

  const powerOff = await startOk(w, server.id, 'power_off');
  await waitFor(w, powerOff.id, ['unknown']);
  const reinstall = await startOk(w, other.id, 'reinstall', { body: { image: 'rocky-9' } });
  await waitFor(w, reinstall.id, ['unknown']);
  assert.equal((await getServer(w, server.id)).status, 'running', 'the effect waits for the answer');

  await setFault(app, 'provisioning', { mode: 'ok' });
  const done = await succeeded(w, powerOff.id);
  assert.deepEqual(done.result, {});
  assert.equal((await getServer(w, server.id)).status, 'stopped');
  const reinstalled = await succeeded(w, reinstall.id);
  assert.equal(typeof reinstalled.result.root_password, 'string');
  assert.ok((reinstalled.result.root_password as string).length > 0);
  assert.deepEqual((await getServer(w, other.id)).image, { name: 'rocky-9', display_name: 'Rocky Linux 9' });
  await assertNothingLeftRunning(w);
});

test('a timeout that starts while the action waits: unknown, then success once it clears', async (t) => {
  // 0.2: the reboot takes 1 s, time enough to break the provisioning system while it runs.
  const app = await build(t, { config: { simScale: 0.2 } });
  const w = await createWorld(app, ACTIONS_WORLD);
  const server = await placeServer(w);
  await setPendingPlan(app, server.id, CX32_PLAN);

  const reboot = await startOk(w, server.id, 'reboot');
  // The provisioning system has the operation before it stops answering.
  await eventually(() =>
    app.app.database.db.selectFrom('provisioning_operations').select('action_id').where('action_id', '=', reboot.id).executeTakeFirst(),
  );
  await setFault(app, 'provisioning', { mode: 'timeout' });
  const unknown = await waitFor(w, reboot.id, ['unknown', 'success', 'error']);
  assert.equal(unknown.status, 'unknown', JSON.stringify(unknown));
  const waiting = await getServer(w, server.id);
  assert.equal(waiting.pending_changes, true);
  assert.equal(waiting.plan.name, 'CX22');

  await setFault(app, 'provisioning', { mode: 'ok' });
  await succeeded(w, reboot.id);
  const rebooted = await getServer(w, server.id);
  assert.equal(rebooted.pending_changes, false);
  assert.deepEqual(rebooted.plan, CX32_PLAN);
  await assertNothingLeftRunning(w);
});

test('enable_ipv6 started again while the first is unknown: the server still ends with one IPv6 subnet', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
  const server = await placeServer(w);
  // The provisioning system does the work but does not answer: the action is unknown.
  await setFault(app, 'provisioning', { mode: 'timeout', committed: true });
  const first = await startOk(w, server.id, 'enable_ipv6');
  await waitFor(w, first.id, ['unknown']);
  // A client that sees `unknown` may try again; IPv6 is on its way already.
  const again = await start(w, server.id, 'enable_ipv6');
  assert.ok(
    again.status === 202 || (again.status === 409 && again.body.code === 'conflict'),
    `a second enable_ipv6 is either refused (409 conflict) or harmless: ${again.status} ${JSON.stringify(again.body)}`,
  );
  await setFault(app, 'provisioning', { mode: 'ok' });
  const settled = await assertNothingLeftRunning(w);
  const ipv6 = (await getServer(w, server.id)).network.ipv6;
  assert.equal(ipv6.length, 1, `enable_ipv6 gives a server one subnet, whatever the retries: ${JSON.stringify({ ipv6, actions: settled })}`);
  for (const action of settled.filter((entry) => entry.status === 'success')) {
    assert.deepEqual(action.result, { subnet: ipv6[0].subnet }, 'every success reports the subnet the server has');
  }
});

// ---------------------------------------------------------------- restart

test('an action running when the app stops is finished by the next app on the same database', async (t) => {
  // 0.1: the reinstall takes 3 s, so it is still running when the first app closes.
  const firstApp = await build(t, { config: { simScale: 0.1 } });
  const w = await createWorld(firstApp, ACTIONS_WORLD);
  const server = await placeServer(w);
  const reinstall = await startOk(w, server.id, 'reinstall', { body: { image: 'alma-9' } });
  await firstApp.app.close();

  const secondApp = await build(t, { database: firstApp.database, config: { simScale: 0.1 } });
  try {
    const again: World = { ...w, app: secondApp };
    const done = await succeeded(again, reinstall.id, 20_000);
    assert.equal(typeof done.result.root_password, 'string');
    assert.ok((done.result.root_password as string).length > 0);
    assert.deepEqual((await getServer(again, server.id)).image, { name: 'alma-9', display_name: 'AlmaLinux 9' });
    assert.equal((await allActions(again)).length, 1, 'it ran once');
  } finally {
    // Before the first app's cleanup drops the database under it.
    await secondApp.app.close();
  }
});
