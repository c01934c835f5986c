// Server actions over HTTP (D4, D5): the twelve starts with their effects and
// results, bad bodies (400, nothing started), one running action per server,
// suspended servers, read-only keys, members and isolation, Idempotency-Key,
// the action list and its filters, the provisioning faults for the job (error, and
// unknown reconciled once the fault clears), and a restart mid-action.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { writeJson } from '../../src/db/columns.ts';
import { build, eventually, type CallResult, type TestApp } from '../helpers/build.ts';
import { assertProblem, assertFieldError } from '../helpers/problems.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** What the pending plan becomes after a reboot through the API (the demo catalogue's CX32). */
const CX32_PLAN = { name: 'CX32', category: 'Shared vCPU', cpu_cores: 4, ram_mb: 8192, disk_gb: 80, boot_disk_gb: 80 };

interface World {
  app: TestApp;
  key: string;
  userId: number;
  slug: string;
}

interface Action {
  id: number;
  type: string;
  status: 'running' | 'unknown' | 'success' | 'error';
  resource: { type: string; id: string };
  started_at: string;
  finished_at: string | null;
  error: { code: string; message: string } | null;
  result: Record<string, unknown>;
}

interface StartOptions {
  body?: unknown;
  key?: string;
  slug?: string;
  idempotencyKey?: string;
}

// ---------------------------------------------------------------- helpers



async function world(app: TestApp, name = 'Actions'): Promise<World> {
  const { key, userId } = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(key, name);
  return { app, key, userId, slug };
}

/** Another project of the same user. */
async function otherProject(w: World, name: string): Promise<World> {
  const slug = await w.app.createReadyProject(w.key, name);
  return { ...w, slug };
}

async function placeServer(w: World, overrides: Record<string, unknown> = {}): Promise<any> {
  const placed = await w.app.admin(`/projects/${w.slug}/servers`, {
    method: 'POST',
    body: { hostname: 'web-1', product_id: 1, location: 'fsn1', image: 'debian-12', ...overrides },
  });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  return placed.body;
}

async function addSshKey(w: World, name: string): Promise<number> {
  const created = await w.app.api(`/projects/${w.slug}/ssh-keys/`, { method: 'POST', key: w.key, body: { name, public_key: ed25519Key() } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id;
}

function start(w: World, serverId: string, name: string, options: StartOptions = {}): Promise<CallResult<any>> {
  return w.app.api(`/projects/${options.slug ?? w.slug}/servers/${serverId}/actions/${name}/`, {
    method: 'POST',
    key: options.key ?? w.key,
    body: options.body,
    headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined,
  });
}

function assertInitialShape(action: Action, name: string, serverId: string): void {
  assert.ok(Number.isInteger(action.id) && action.id > 0, `integer id: ${JSON.stringify(action)}`);
  assert.equal(action.type, `server.${name}`);
  assert.equal(action.status, 'running');
  assert.deepEqual(action.resource, { type: 'server', id: serverId });
  assert.match(action.started_at, ISO_UTC);
  assert.equal(action.finished_at, null);
  assert.equal(action.error, null);
  assert.deepEqual(action.result, {});
}

/** Starts an action that must be accepted: 202 with the spec's initial shape. */
async function startOk(w: World, serverId: string, name: string, options: StartOptions = {}): Promise<Action> {
  const response = await start(w, serverId, name, options);
  assert.equal(response.status, 202, `${name}: ${JSON.stringify(response.body)}`);
  assertInitialShape(response.body, name, serverId);
  return response.body;
}

async function readAction(w: World, actionId: number, slug = w.slug): Promise<Action> {
  const response = await w.app.api(`/projects/${slug}/actions/${actionId}/`, { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

/** Polls (bounded) until the action is in one of `statuses`; the failure says where it was stuck. */
async function waitFor(w: World, actionId: number, statuses: Action['status'][], timeoutMs = 10_000, slug = w.slug): Promise<Action> {
  let last: Action | null = null;
  try {
    return await eventually(async () => {
      last = await readAction(w, actionId, slug);
      return statuses.includes(last.status) ? last : null;
    }, timeoutMs);
  } catch {
    throw new Error(`action ${actionId} did not reach ${statuses.join('/')} within ${timeoutMs} ms: ${JSON.stringify(last)}`);
  }
}

/** Waits for `success` and checks the settled shape. */
async function succeeded(w: World, actionId: number, timeoutMs?: number, slug?: string): Promise<Action> {
  const done = await waitFor(w, actionId, ['success', 'error'], timeoutMs, slug);
  assert.equal(done.status, 'success', JSON.stringify(done));
  assert.equal(done.error, null);
  assert.match(done.finished_at ?? '', ISO_UTC);
  assert.ok(Date.parse(done.finished_at!) >= Date.parse(done.started_at), 'finished after it started');
  return done;
}

/** Waits for `error` and checks it is `{code, message}` with nothing in `result`. */
async function failed(w: World, actionId: number, timeoutMs?: number): Promise<Action> {
  const done = await waitFor(w, actionId, ['success', 'error'], timeoutMs);
  assert.equal(done.status, 'error', JSON.stringify(done));
  assert.ok(done.error, 'an error object');
  assert.deepEqual(Object.keys(done.error).sort(), ['code', 'message']);
  assert.equal(typeof done.error.code, 'string');
  assert.ok(done.error.code.length > 0);
  assert.equal(typeof done.error.message, 'string');
  assert.ok(done.error.message.length > 0);
  assert.deepEqual(done.result, {});
  assert.match(done.finished_at ?? '', ISO_UTC);
  return done;
}

async function getServer(w: World, serverId: string): Promise<any> {
  const response = await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

async function listActions(w: World, query = '', slug = w.slug): Promise<CallResult<any>> {
  return w.app.api(`/projects/${slug}/actions/${query}`, { key: w.key });
}

/** Every action of the project (up to 100). */
async function allActions(w: World, slug = w.slug): Promise<Action[]> {
  const response = await listActions(w, '?page_size=100', slug);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.results;
}

async function actionCount(w: World, slug = w.slug): Promise<number> {
  const response = await listActions(w, '?page_size=1', slug);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.count;
}

async function setProvisioningFault(app: TestApp, body: { mode: string; count?: number; committed?: boolean }): Promise<void> {
  const response = await app.admin('/faults/provisioning', { method: 'PUT', body });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}

/** Once every fault is cleared, no action of the project is left running or unknown. */
async function assertNothingLeftRunning(w: World, timeoutMs = 10_000): Promise<Action[]> {
  let last: Action[] = [];
  try {
    return await eventually(async () => {
      last = await allActions(w);
      return last.every((action) => action.status === 'success' || action.status === 'error') ? last : null;
    }, timeoutMs);
  } catch {
    throw new Error(`actions still unsettled: ${JSON.stringify(last.filter((action) => action.status === 'running' || action.status === 'unknown'))}`);
  }
}



async function setPendingPlan(app: TestApp, serverId: string, plan: Record<string, unknown>): Promise<void> {
  await app.app.database.db.updateTable('servers').set({ pending_plan: writeJson(plan) }).where('id', '=', serverId).execute();
}

// ---------------------------------------------------------------- the twelve starts

test('each of the twelve starts answers 202 running, then succeeds with its effect and result (D4, D5)', async (t) => {
  // 0.03: long enough to see a snapshot `creating`, short enough for 12 actions in ~3 s.
  const app = await build(t, { config: { simScale: 0.03 } });
  const w = await world(app);
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

// ---------------------------------------------------------------- bad input

test('bad bodies answer 400 validation_error naming the field, and start nothing', async (t) => {
  const app = await build(t);
  const w = await world(app);
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
  await setProvisioningFault(app, { mode: 'timeout' });
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
  await setProvisioningFault(app, { mode: 'ok' });
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

// ---------------------------------------------------------------- who and when

test('one running action per server: a second start, and five parallel starts, are refused with 409 conflict', async (t) => {
  // 0.1: a reinstall takes 3 s and a reboot 0.5 s, so the refusals below meet a running action.
  const app = await build(t, { config: { simScale: 0.1 } });
  const w = await world(app);
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

test('suspended servers, read-only keys, members and other projects', async (t) => {
  const app = await build(t);
  const w = await world(app);
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
  const joined = await app.admin(`/projects/${w.slug}/members/${member.userId}`, { method: 'PUT', body: { role: 'member' } });
  assert.equal(joined.status, 200, JSON.stringify(joined.body));
  const asMember: World = { ...w, key: member.key, userId: member.userId };
  const byMember = await startOk(asMember, server.id, 'power_off');
  await succeeded(asMember, byMember.id);
  assert.equal((await getServer(w, server.id)).status, 'stopped');

  // Another project's server answers 404, through either project.
  const stranger = await world(app, 'Strangers');
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

// ---------------------------------------------------------------- idempotency

test('Idempotency-Key: a repeat answers the first action, another body is refused, keys are per server and action', async (t) => {
  const app = await build(t);
  const w = await world(app);
  const first = await placeServer(w);
  const second = await placeServer(w, { hostname: 'web-2' });

  const original = await startOk(w, first.id, 'reinstall', { body: { image: 'debian-13' }, idempotencyKey: 'key-1' });
  const replay = await start(w, first.id, 'reinstall', { body: { image: 'debian-13' }, idempotencyKey: 'key-1' });
  assert.equal(replay.status, 202, JSON.stringify(replay.body));
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal(replay.body.id, original.id);
  assert.equal(replay.body.type, 'server.reinstall');

  const otherBody = await start(w, first.id, 'reinstall', { body: { image: 'ubuntu-24.04' }, idempotencyKey: 'key-1' });
  assertProblem(otherBody, 409, 'idempotency_key_reused', 'same key, other image');
  assert.equal(await actionCount(w), 1);

  // Finished, the repeat still answers the first action (as it is now), and starts nothing.
  const done = await succeeded(w, original.id);
  const lateReplay = await start(w, first.id, 'reinstall', { body: { image: 'debian-13' }, idempotencyKey: 'key-1' });
  assert.equal(lateReplay.status, 202);
  assert.equal(lateReplay.headers.get('idempotent-replayed'), 'true');
  assert.equal(lateReplay.body.id, original.id);
  assert.equal(lateReplay.body.status, 'success');
  assert.deepEqual(lateReplay.body.result, done.result);
  assert.equal(await actionCount(w), 1);
  assert.equal((await getServer(w, first.id)).image.name, 'debian-13');

  // The same key on another server is another request.
  const elsewhere = await startOk(w, second.id, 'reinstall', { body: { image: 'debian-13' }, idempotencyKey: 'key-1' });
  assert.notEqual(elsewhere.id, original.id);
  await succeeded(w, elsewhere.id);

  // The same key on another action of the same server too.
  const rebootWithKey = await start(w, first.id, 'reboot', { idempotencyKey: 'key-1' });
  assert.equal(rebootWithKey.status, 202, JSON.stringify(rebootWithKey.body));
  assert.equal(rebootWithKey.headers.get('idempotent-replayed'), null);
  assert.notEqual(rebootWithKey.body.id, original.id);
  await succeeded(w, rebootWithKey.body.id);

  // Without a key, every start is a new action.
  const unkeyed: number[] = [];
  for (let round = 0; round < 2; round += 1) {
    const response = await start(w, first.id, 'reboot');
    assert.equal(response.status, 202);
    assert.equal(response.headers.get('idempotent-replayed'), null);
    unkeyed.push(response.body.id);
    await succeeded(w, response.body.id);
  }
  assert.notEqual(unkeyed[0], unkeyed[1]);

  // A start that was refused does not use up its key.
  assertFieldError(await start(w, first.id, 'reinstall', { body: { image: 'nope' }, idempotencyKey: 'key-2' }), 'image');
  const retried = await startOk(w, first.id, 'reinstall', { body: { image: 'ubuntu-24.04' }, idempotencyKey: 'key-2' });
  await succeeded(w, retried.id);

  // The key belongs to its user: another member with the same key and body starts a new action.
  const member = await app.createUser();
  assert.equal((await app.admin(`/projects/${w.slug}/members/${member.userId}`, { method: 'PUT', body: { role: 'member' } })).status, 200);
  const asMember: World = { ...w, key: member.key, userId: member.userId };
  const memberStart = await startOk(asMember, first.id, 'reinstall', { body: { image: 'debian-13' }, idempotencyKey: 'key-1' });
  assert.notEqual(memberStart.id, original.id);
  await succeeded(w, memberStart.id);

  assert.equal(await actionCount(w), 7);
});

test('Idempotency-Key: the same request sent several times at once makes one action and every answer is it', async (t) => {
  // 0.1: the reinstall runs 3 s, so every request of a round meets it running.
  const app = await build(t, { config: { simScale: 0.1 } });
  const w = await world(app);
  const problems: string[] = [];
  for (let round = 0; round < 12; round += 1) {
    const server = await placeServer(w, { hostname: `race-${round}` });
    // A client retrying a request whose answer it has not seen yet: the copies
    // leave a few milliseconds apart (0 in the first round), so some arrive
    // while the first one is still being recorded and some just after.
    const spacingMs = round % 4;
    const responses = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        if (spacingMs > 0) await delay(index * spacingMs);
        return start(w, server.id, 'reinstall', { body: { image: 'debian-13' }, idempotencyKey: `same-key-${round}` });
      }),
    );
    const onServer = (await allActions(w)).filter((action) => action.resource.id === server.id);
    assert.equal(onServer.length, 1, `round ${round}: one action`);
    for (const response of responses) {
      if (response.status !== 202 || response.body.id !== onServer[0]!.id) {
        problems.push(`round ${round} (${spacingMs} ms apart): ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    assert.equal(responses.filter((response) => response.headers.get('idempotent-replayed') === 'true').length, responses.filter((response) => response.status === 202).length - 1, `round ${round}: every answer but the first is a replay`);
  }
  assert.deepEqual(problems, [], 'a repeat of the same request with the same key answers the first action (202), never "another action is running"');
  await assertNothingLeftRunning(w, 15_000);
});

// ---------------------------------------------------------------- the list

test('the action list: newest first, filters, bad filters, pagination, and reading one action', async (t) => {
  const app = await build(t);
  const w = await world(app);
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
  await setProvisioningFault(app, { mode: 'error', count: 1 });
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
    [`?resource_id=${first.id.toUpperCase()}`, 'resource_id'],
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

// ---------------------------------------------------------------- provisioning faults

// provisioning down (503, nothing recorded): actions-provisioning-down.test.ts.

test('provisioning error: the action ends error; a fault with a count clears by itself', async (t) => {
  const app = await build(t);
  const w = await world(app);
  const server = await placeServer(w);
  await setPendingPlan(app, server.id, CX32_PLAN);

  await setProvisioningFault(app, { mode: 'error' });
  const reboot = await startOk(w, server.id, 'reboot');
  await failed(w, reboot.id);
  const unchanged = await getServer(w, server.id);
  assert.equal(unchanged.pending_changes, true, 'the plan still waits');
  assert.equal(unchanged.plan.name, 'CX22');
  const ipv6 = await startOk(w, server.id, 'enable_ipv6');
  await failed(w, ipv6.id);
  assert.deepEqual((await getServer(w, server.id)).network.ipv6, []);

  await setProvisioningFault(app, { mode: 'error', count: 1 });
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
  const w = await world(app);
  const server = await placeServer(w);
  const other = await placeServer(w, { hostname: 'web-2' });
  await setProvisioningFault(app, { mode: 'timeout' });

  const powerOff = await startOk(w, server.id, 'power_off');
  const unknown = await waitFor(w, powerOff.id, ['unknown', 'success', 'error']);
  assert.equal(unknown.status, 'unknown', JSON.stringify(unknown));
  assert.equal(unknown.error, null);
  const reset = await startOk(w, other.id, 'reset_password');
  await waitFor(w, reset.id, ['unknown']);
  assert.equal((await getServer(w, server.id)).status, 'running');
  // Still unknown while the provisioning system does not answer.
  assert.equal((await readAction(w, powerOff.id)).status, 'unknown');

  await setProvisioningFault(app, { mode: 'ok' });
  const settled = await failed(w, powerOff.id);
  assert.ok(Date.parse(settled.finished_at!) >= Date.parse(settled.started_at));
  const resetSettled = await failed(w, reset.id);
  assert.deepEqual(resetSettled.result, {}, 'no password from an operation that never ran');
  assert.equal((await getServer(w, server.id)).status, 'running', 'nothing was done');
  await assertNothingLeftRunning(w);
});

test('provisioning timeout, committed: unknown, then success with the effect once the fault clears', async (t) => {
  const app = await build(t);
  const w = await world(app);
  const server = await placeServer(w);
  const other = await placeServer(w, { hostname: 'web-2' });
  await setProvisioningFault(app, { mode: 'timeout', committed: true });

  const powerOff = await startOk(w, server.id, 'power_off');
  await waitFor(w, powerOff.id, ['unknown']);
  const reinstall = await startOk(w, other.id, 'reinstall', { body: { image: 'rocky-9' } });
  await waitFor(w, reinstall.id, ['unknown']);
  assert.equal((await getServer(w, server.id)).status, 'running', 'the effect waits for the answer');

  await setProvisioningFault(app, { mode: 'ok' });
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
  const w = await world(app);
  const server = await placeServer(w);
  await setPendingPlan(app, server.id, CX32_PLAN);

  const reboot = await startOk(w, server.id, 'reboot');
  // The provisioning system has the operation before it stops answering.
  await eventually(() =>
    app.app.database.db.selectFrom('provisioning_operations').select('action_id').where('action_id', '=', reboot.id).executeTakeFirst(),
  );
  await setProvisioningFault(app, { mode: 'timeout' });
  const unknown = await waitFor(w, reboot.id, ['unknown', 'success', 'error']);
  assert.equal(unknown.status, 'unknown', JSON.stringify(unknown));
  const waiting = await getServer(w, server.id);
  assert.equal(waiting.pending_changes, true);
  assert.equal(waiting.plan.name, 'CX22');

  await setProvisioningFault(app, { mode: 'ok' });
  await succeeded(w, reboot.id);
  const rebooted = await getServer(w, server.id);
  assert.equal(rebooted.pending_changes, false);
  assert.deepEqual(rebooted.plan, CX32_PLAN);
  await assertNothingLeftRunning(w);
});

test('enable_ipv6 started again while the first is unknown: the server still ends with one IPv6 subnet', async (t) => {
  const app = await build(t);
  const w = await world(app);
  const server = await placeServer(w);
  // The provisioning system does the work but does not answer: the action is unknown.
  await setProvisioningFault(app, { mode: 'timeout', committed: true });
  const first = await startOk(w, server.id, 'enable_ipv6');
  await waitFor(w, first.id, ['unknown']);
  // A client that sees `unknown` may try again; IPv6 is on its way already.
  const again = await start(w, server.id, 'enable_ipv6');
  assert.ok(
    again.status === 202 || (again.status === 409 && again.body.code === 'conflict'),
    `a second enable_ipv6 is either refused (409 conflict) or harmless: ${again.status} ${JSON.stringify(again.body)}`,
  );
  await setProvisioningFault(app, { mode: 'ok' });
  const settled = await assertNothingLeftRunning(w);
  const ipv6 = (await getServer(w, server.id)).network.ipv6;
  assert.equal(ipv6.length, 1, `enable_ipv6 gives a server one subnet, whatever the retries: ${JSON.stringify({ ipv6, actions: settled })}`);
  for (const action of settled.filter((entry) => entry.status === 'success')) {
    assert.deepEqual(action.result, { subnet: ipv6[0].subnet }, 'every success reports the subnet the server has');
  }
});

test('a server suspended while an action runs keeps its suspension; the power state applies when it is lifted', async (t) => {
  // 0.1: the reinstall takes 3 s, time enough to suspend the server during it.
  const app = await build(t, { config: { simScale: 0.1 } });
  const w = await world(app);
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

// ---------------------------------------------------------------- restart

test('an action running when the app stops is finished by the next app on the same database', async (t) => {
  // 0.1: the reinstall takes 3 s, so it is still running when the first app closes.
  const firstApp = await build(t, { config: { simScale: 0.1 } });
  const w = await world(firstApp);
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
