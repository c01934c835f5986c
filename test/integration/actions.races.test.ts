// An action's start reads the server, then asks the provisioning system, then
// writes (db/write-batch.ts). What changes in between is found by the writes,
// which are then undone, all of them: the server suspended meanwhile (its
// guard), another start on the same server (actions_one_unfinished), or the
// same Idempotency-Key recorded by a concurrent request (the key's upsert).
// Each case is made to happen by doing the other change while the start asks
// the provisioning system. Runs on both engines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, type TestApp } from '../helpers/build.ts';
import { ACTIONS_WORLD, allActions, start, startOk, succeeded } from '../helpers/actions.ts';
import { assertProblem } from '../helpers/problems.ts';
import { createWorld, placeServer } from '../helpers/world.ts';

/** Runs `meanwhile` once, the next time a start asks the provisioning system, before it answers. */
function onNextProvisioningCheck(app: TestApp, meanwhile: () => Promise<void>): void {
  const provisioning = app.app.upstreams.provisioning;
  const original = provisioning.checkAvailable.bind(provisioning);
  provisioning.checkAvailable = async (serverId?: string) => {
    provisioning.checkAvailable = original;
    await meanwhile();
    return original(serverId);
  };
}

/** What a start writes besides the action: its jobs and its events, counted. */
async function startWrites(app: TestApp): Promise<{ jobs: number; events: number; keys: number }> {
  const { db } = app.app.database;
  const count = async (query: Promise<{ count: number | string | bigint }>) => Number((await query).count);
  return {
    jobs: await count(db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('count')).where('type', '=', 'action.run').executeTakeFirstOrThrow()),
    events: await count(db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('count')).where('type', '=', 'action.started').executeTakeFirstOrThrow()),
    keys: await count(db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()),
  };
}

test('a server suspended between the start\'s read and its writes: 409, and nothing of the start is written', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
  const server = await placeServer(w);
  const before = await startWrites(app);

  onNextProvisioningCheck(app, async () => {
    assert.equal((await app.admin(`/servers/${server.id}/suspend`, { method: 'POST' })).status, 200);
  });
  const refused = await start(w, server.id, 'reboot', { idempotencyKey: 'suspended-meanwhile' });
  assertProblem(refused, 409, 'conflict', 'a start that finds the server suspended at its writes');
  assert.match(refused.body.detail, /suspended/);
  assert.deepEqual(await allActions(w), []);
  assert.deepEqual(await startWrites(app), before, 'no job, no event, no key');
});

test('another start wins between the read and the writes: 409 busy, one action, one job', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
  const server = await placeServer(w);
  const before = await startWrites(app);

  let winner: number | undefined;
  onNextProvisioningCheck(app, async () => {
    winner = (await startOk(w, server.id, 'reboot')).id;
  });
  const refused = await start(w, server.id, 'power_off');
  assertProblem(refused, 409, 'conflict', 'the start that lost');
  assert.match(refused.body.detail, /Another action is running/);
  const actions = await allActions(w);
  assert.deepEqual(
    actions.map((action) => action.id),
    [winner],
  );
  const after = await startWrites(app);
  assert.equal(after.jobs - before.jobs, 1);
  assert.equal(after.events - before.events, 1);
  await succeeded(w, winner!);
});

test('the same Idempotency-Key recorded by a concurrent request meanwhile: the loser answers that request\'s action', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
  const server = await placeServer(w);
  const before = await startWrites(app);

  let winner: number | undefined;
  onNextProvisioningCheck(app, async () => {
    winner = (await startOk(w, server.id, 'reboot', { idempotencyKey: 'both-at-once' })).id;
  });
  const loser = await start(w, server.id, 'reboot', { idempotencyKey: 'both-at-once' });
  assert.equal(loser.status, 202, JSON.stringify(loser.body));
  assert.equal(loser.body.id, winner, 'the same action');
  assert.equal((await allActions(w)).length, 1);
  const after = await startWrites(app);
  assert.deepEqual({ jobs: after.jobs - before.jobs, events: after.events - before.events, keys: after.keys - before.keys }, { jobs: 1, events: 1, keys: 1 });
  await succeeded(w, winner!);
});
