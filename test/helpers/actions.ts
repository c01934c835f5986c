// Starting server actions and following them to their end, for the actions
// tests (actions.*.test.ts, actions-provisioning-down.test.ts): the spec's
// shapes of a started and a settled action, bounded polls, and the list.
import assert from 'node:assert/strict';
import { writeJson } from '../../src/db/columns.ts';
import { eventually, type CallResult, type TestApp } from './build.ts';
import type { World, WorldOptions } from './world.ts';

/** The world of an actions test: createWorld(app, ACTIONS_WORLD). */
export const ACTIONS_WORLD: WorldOptions = { credit: '100.00', project: 'Actions' };

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** What the pending plan becomes after a reboot through the API (the demo catalogue's CX32). */
export const CX32_PLAN = { name: 'CX32', category: 'Shared vCPU', cpu_cores: 4, ram_mb: 8192, disk_gb: 80, boot_disk_gb: 80 };

export interface Action {
  id: number;
  type: string;
  status: 'running' | 'unknown' | 'success' | 'error';
  resource: { type: string; id: string };
  started_at: string;
  finished_at: string | null;
  error: { code: string; message: string } | null;
  result: Record<string, unknown>;
}

export interface StartOptions {
  body?: unknown;
  key?: string;
  slug?: string;
  idempotencyKey?: string;
}

export function start(w: World, serverId: string, name: string, options: StartOptions = {}): Promise<CallResult<any>> {
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
export async function startOk(w: World, serverId: string, name: string, options: StartOptions = {}): Promise<Action> {
  const response = await start(w, serverId, name, options);
  assert.equal(response.status, 202, `${name}: ${JSON.stringify(response.body)}`);
  assertInitialShape(response.body, name, serverId);
  return response.body;
}

export async function readAction(w: World, actionId: number, slug = w.slug): Promise<Action> {
  const response = await w.app.api(`/projects/${slug}/actions/${actionId}/`, { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

/** Polls (bounded) until the action is in one of `statuses`; the failure says where it was stuck. */
export async function waitFor(w: World, actionId: number, statuses: Action['status'][], timeoutMs = 10_000, slug = w.slug): Promise<Action> {
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
export async function succeeded(w: World, actionId: number, timeoutMs?: number, slug?: string): Promise<Action> {
  const done = await waitFor(w, actionId, ['success', 'error'], timeoutMs, slug);
  assert.equal(done.status, 'success', JSON.stringify(done));
  assert.equal(done.error, null);
  assert.match(done.finished_at ?? '', ISO_UTC);
  assert.ok(Date.parse(done.finished_at!) >= Date.parse(done.started_at), 'finished after it started');
  return done;
}

/** Waits for `error` and checks it is `{code, message}` with nothing in `result`. */
export async function failed(w: World, actionId: number, timeoutMs?: number): Promise<Action> {
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

export async function getServer(w: World, serverId: string): Promise<any> {
  const response = await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

export async function listActions(w: World, query = '', slug = w.slug): Promise<CallResult<any>> {
  return w.app.api(`/projects/${slug}/actions/${query}`, { key: w.key });
}

/** Every action of the project (up to 100). */
export async function allActions(w: World, slug = w.slug): Promise<Action[]> {
  const response = await listActions(w, '?page_size=100', slug);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.results;
}

export async function actionCount(w: World, slug = w.slug): Promise<number> {
  const response = await listActions(w, '?page_size=1', slug);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.count;
}

/** Once every fault is cleared, no action of the project is left running or unknown. */
export async function assertNothingLeftRunning(w: World, timeoutMs = 10_000): Promise<Action[]> {
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

/** A plan change waiting for the next reboot, as a completed upgrade leaves it. */
export async function setPendingPlan(app: TestApp, serverId: string, plan: Record<string, unknown>): Promise<void> {
  await app.app.database.db.updateTable('servers').set({ pending_plan: writeJson(plan) }).where('id', '=', serverId).execute();
}
