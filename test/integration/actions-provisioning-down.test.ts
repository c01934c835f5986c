// Action starts while the provisioning system is down (DESIGN, operator API,
// `PUT /faults/{system}`): a start answers 503 `upstream_unavailable` with
// Retry-After and records nothing (no action, job, snapshot or Idempotency-Key),
// on the project API and the legacy power endpoints alike. Refusals that do not
// depend on provisioning (400/403/404/409) and replays answer as before; `error`
// and `timeout` faults are left whole for the action's job.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allActions, getServer, start, waitFor, type Action } from '../helpers/actions.ts';
import { build, type CallResult, type TestApp } from '../helpers/build.ts';
import { assertFailure } from '../helpers/legacy.ts';
import { assertProblem } from '../helpers/problems.ts';
import { createWorld, placeServer, setFault, type World } from '../helpers/world.ts';

/** Every start with a body the server accepts (restore_snapshot is given its completed snapshot). */
function everyStart(snapshotId: number): [name: string, body: unknown][] {
  return [
    ['power_on', undefined],
    ['power_off', undefined],
    ['shutdown', undefined],
    ['reboot', undefined],
    ['reinstall', { image: 'ubuntu-24.04' }],
    ['reset_password', undefined],
    ['create_snapshot', { name: 'while-down' }],
    ['restore_snapshot', { snapshot_id: snapshotId }],
    ['mount_iso', { iso_id: 2 }],
    ['unmount_iso', undefined],
    ['enable_ipv6', undefined],
    ['enable_private_network', undefined],
  ];
}

const DOWN_WORLD = { credit: '100.00', project: 'Provisioning down' };

/** Starts an action that must be accepted, answering the whole response (its headers tell a replay). */
async function startOk(w: World, serverId: string, name: string, options: { body?: unknown; idempotencyKey?: string } = {}): Promise<CallResult<Action>> {
  const response = await start(w, serverId, name, options);
  assert.equal(response.status, 202, `${name}: ${JSON.stringify(response.body)}`);
  assert.equal(response.body.type, `server.${name}`);
  return response;
}

/** The spec's answer to a start while provisioning is down. */
function assertRefusedAsDown(response: CallResult, label: string): void {
  assertProblem(response, 503, 'upstream_unavailable', label);
  const retryAfter = response.headers.get('retry-after');
  assert.match(retryAfter ?? '', /^\d+$/, `${label}: Retry-After is a number of seconds, got ${retryAfter}`);
  assert.ok(Number(retryAfter) > 0, `${label}: Retry-After ${retryAfter}`);
}

async function provisioningFault(app: TestApp): Promise<{ mode: string; count: number | null }> {
  const response = await app.admin('/faults');
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.provisioning;
}

/** What a start could leave behind, counted in the database: nothing may change on a refusal. */
async function recorded(w: World): Promise<{ actions: number; snapshots: number; actionJobs: number; idempotencyKeys: number; operations: number }> {
  const db = w.app.app.database.db;
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ count: string | number | bigint }> }) => Number((await query.executeTakeFirstOrThrow()).count);
  return {
    actions: await count(db.selectFrom('actions').select((eb) => eb.fn.countAll().as('count'))),
    snapshots: await count(db.selectFrom('snapshots').select((eb) => eb.fn.countAll().as('count'))),
    actionJobs: await count(db.selectFrom('jobs').where('type', '=', 'action.run').select((eb) => eb.fn.countAll().as('count'))),
    idempotencyKeys: await count(db.selectFrom('idempotency_keys').where('user_id', '=', w.userId).select((eb) => eb.fn.countAll().as('count'))),
    operations: await count(db.selectFrom('provisioning_operations').select((eb) => eb.fn.countAll().as('count'))),
  };
}

// ---------------------------------------------------------------- down: refused, nothing recorded

test('provisioning down: each of the twelve starts answers 503 upstream_unavailable with Retry-After and records nothing', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, DOWN_WORLD);
  const server = await placeServer(w);
  // A completed snapshot, so restore_snapshot has a valid body.
  const snapshotAction = await startOk(w, server.id, 'create_snapshot', { body: { name: 'before' } });
  assert.equal((await waitFor(w, snapshotAction.body.id, ['success', 'error'])).status, 'success');
  const snapshotsBefore = (await app.api(`/projects/${w.slug}/snapshots/`, { key: w.key })).body;
  assert.equal(snapshotsBefore.results[0].status, 'completed');
  const actionsBefore = await allActions(w);
  const serverBefore = await getServer(w, server.id);
  const recordedBefore = await recorded(w);

  await setFault(app, 'provisioning', { mode: 'down' });
  const starts = everyStart(snapshotsBefore.results[0].id);
  assert.equal(starts.length, 12);
  for (const [name, body] of starts) {
    assertRefusedAsDown(await start(w, server.id, name, { body, idempotencyKey: `down-${name}` }), name);
  }

  assert.deepEqual(await allActions(w), actionsBefore, 'no action was recorded');
  assert.deepEqual((await app.api(`/projects/${w.slug}/snapshots/`, { key: w.key })).body, snapshotsBefore, 'no snapshot was created');
  assert.deepEqual(await getServer(w, server.id), serverBefore, 'the server is unchanged');
  assert.deepEqual(await recorded(w), recordedBefore, 'no action, snapshot, job, Idempotency-Key or operation');
  const fault = await provisioningFault(app);
  assert.deepEqual([fault.mode, fault.count], ['down', null], 'a fault without a count stays');

  // Nothing was kept under the keys: once the fault clears, the same requests start afresh.
  await setFault(app, 'provisioning', { mode: 'ok' });
  const reboot = await startOk(w, server.id, 'reboot', { idempotencyKey: 'down-reboot' });
  assert.equal(reboot.headers.get('idempotent-replayed'), null, 'a new action, not a replay');
  assert.equal(reboot.body.status, 'running');
  assert.ok(!actionsBefore.some((action) => action.id === reboot.body.id));
  assert.equal((await waitFor(w, reboot.body.id, ['success', 'error'])).status, 'success');
  const snapshot = await startOk(w, server.id, 'create_snapshot', { body: { name: 'while-down' }, idempotencyKey: 'down-create_snapshot' });
  assert.equal(snapshot.headers.get('idempotent-replayed'), null);
  assert.equal((await waitFor(w, snapshot.body.id, ['success', 'error'])).status, 'success');
  // Now the key is recorded: the repeat is a replay.
  const replay = await startOk(w, server.id, 'reboot', { idempotencyKey: 'down-reboot' });
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal(replay.body.id, reboot.body.id);
  assert.equal((await allActions(w)).length, actionsBefore.length + 2);
});

test('provisioning down with count 1: the first start is refused with 503, the next is accepted and succeeds', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, DOWN_WORLD);
  const server = await placeServer(w);

  await setFault(app, 'provisioning', { mode: 'down', count: 1 });
  assertRefusedAsDown(await start(w, server.id, 'power_off'), 'first power_off');
  assert.deepEqual(await allActions(w), []);
  assert.equal((await provisioningFault(app)).mode, 'ok', 'the refusal used the one count');

  const accepted = await startOk(w, server.id, 'power_off');
  assert.equal((await waitFor(w, accepted.body.id, ['success', 'error'])).status, 'success');
  assert.equal((await getServer(w, server.id)).status, 'stopped');
  assert.deepEqual((await allActions(w)).map((action) => action.id), [accepted.body.id]);
});

test('provisioning down: refusals that do not depend on provisioning answer as before (400, 403, 404, 409), and a replay still answers', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, DOWN_WORLD);
  const server = await placeServer(w);
  const other = await placeServer(w, { hostname: 'web-2' });
  const recordedAction = await startOk(w, server.id, 'reinstall', { body: { image: 'debian-13' }, idempotencyKey: 'kept' });
  assert.equal((await waitFor(w, recordedAction.body.id, ['success', 'error'])).status, 'success');
  // An action whose outcome is still being checked holds `other` (busy) across the down fault.
  await setFault(app, 'provisioning', { mode: 'timeout' });
  const unknown = await startOk(w, other.id, 'power_off');
  await waitFor(w, unknown.body.id, ['unknown']);

  await setFault(app, 'provisioning', { mode: 'down' });
  const replay = await startOk(w, server.id, 'reinstall', { body: { image: 'debian-13' }, idempotencyKey: 'kept' });
  assert.equal(replay.headers.get('idempotent-replayed'), 'true', 'a replay needs nothing from provisioning');
  assert.equal(replay.body.id, recordedAction.body.id);

  assertProblem(await start(w, server.id, 'mount_iso', { body: { iso_id: 999 } }), 400, 'validation_error', 'bad body');
  assertProblem(await start(w, server.id, 'reinstall', { body: {} }), 400, 'validation_error', 'missing field');
  const readOnly = await app.createKey(w.userId, { readOnly: true });
  assertProblem(await start(w, server.id, 'reboot', { key: readOnly.key }), 403, 'read_only_key', 'read-only key');
  assertProblem(await start(w, '0123456789abcdef', 'reboot'), 404, 'not_found', 'no such server');
  assertProblem(await start(w, other.id, 'reboot'), 409, 'conflict', 'busy server');
  assert.equal((await app.admin(`/servers/${server.id}/suspend`, { method: 'POST' })).status, 200);
  assertProblem(await start(w, server.id, 'reboot'), 409, 'conflict', 'suspended server');
  assert.equal((await app.admin(`/servers/${server.id}/unsuspend`, { method: 'POST' })).status, 200);
  // And what passes them all is refused by the fault.
  assertRefusedAsDown(await start(w, server.id, 'reboot'), 'valid start');
  assert.deepEqual((await allActions(w)).map((action) => action.id).sort(), [recordedAction.body.id, unknown.body.id].sort());

  await setFault(app, 'provisioning', { mode: 'ok' });
  assert.equal((await waitFor(w, unknown.body.id, ['success', 'error'])).status, 'error', 'the timed-out power_off was never carried out');
});

// ---------------------------------------------------------------- error and timeout: for the job

test('provisioning error and timeout faults with a count are left for the job: the start answers 202 and the job fails', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, DOWN_WORLD);
  const server = await placeServer(w);

  // If the start had used the one count, the job would succeed.
  await setFault(app, 'provisioning', { mode: 'error', count: 1 });
  const failedStart = await startOk(w, server.id, 'power_off');
  const failed = await waitFor(w, failedStart.body.id, ['success', 'error']);
  assert.equal(failed.status, 'error', JSON.stringify(failed));
  assert.equal(failed.error?.code, 'provisioning_error', 'the job met the error fault');
  assert.equal((await provisioningFault(app)).mode, 'ok', 'the job used the one count');
  assert.equal((await getServer(w, server.id)).status, 'running');

  // The submit times out (unknown), and once asked again the operation was never received: error.
  await setFault(app, 'provisioning', { mode: 'timeout', count: 1 });
  const timedOutStart = await startOk(w, server.id, 'power_off');
  const settled = await waitFor(w, timedOutStart.body.id, ['success', 'error']);
  assert.equal(settled.status, 'error', JSON.stringify(settled));
  assert.equal(settled.error?.code, 'not_carried_out', 'the job met the timeout fault and reconciled');
  assert.equal((await provisioningFault(app)).mode, 'ok');
  assert.equal((await getServer(w, server.id)).status, 'running');
});

// ---------------------------------------------------------------- the legacy power endpoints

test('legacy API: boot, shutdown and reboot while provisioning is down answer 503 in the failure envelope and record nothing', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { ...DOWN_WORLD, legacy: true });
  const placed = await placeServer(w);
  const legacyId = placed.billing.service_id;
  const recordedBefore = await recorded(w);

  await setFault(app, 'provisioning', { mode: 'down' });
  for (const path of ['reboot', 'shutdown', 'boot']) {
    const response = await app.legacy(`/api/v1/servers/${legacyId}/${path}`, { method: 'POST', key: w.key });
    assertFailure(response, 503, path);
    assert.match(response.headers.get('retry-after') ?? '', /^[1-9]\d*$/, `${path}: Retry-After`);
  }
  assert.deepEqual(await allActions(w), []);
  assert.deepEqual(await recorded(w), recordedBefore);
  assert.equal((await getServer(w, placed.id)).status, 'running');

  await setFault(app, 'provisioning', { mode: 'ok' });
  const reboot = await app.legacy(`/api/v1/servers/${legacyId}/reboot`, { method: 'POST', key: w.key });
  assert.deepEqual({ status: reboot.status, body: reboot.body }, { status: 200, body: { result: 'success', data: null } });
  const [action] = await allActions(w);
  assert.equal(action?.type, 'server.reboot');
  assert.equal((await waitFor(w, action.id, ['success', 'error'])).status, 'success');
});
