// Server actions over HTTP with an Idempotency-Key (D5): a repeat answers the
// first action, another body is refused, keys are per user, server and
// action; and the same request sent several times at once makes one action.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { build } from '../helpers/build.ts';
import { actionCount, ACTIONS_WORLD, allActions, assertNothingLeftRunning, getServer, start, startOk, succeeded } from '../helpers/actions.ts';
import { assertProblem, assertFieldError } from '../helpers/problems.ts';
import { addMember, createWorld, placeServer, type World } from '../helpers/world.ts';

test('Idempotency-Key: a repeat answers the first action, another body is refused, keys are per server and action', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, ACTIONS_WORLD);
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
  await addMember(app, w.slug, member.userId, 'member');
  const asMember: World = { ...w, key: member.key, userId: member.userId };
  const memberStart = await startOk(asMember, first.id, 'reinstall', { body: { image: 'debian-13' }, idempotencyKey: 'key-1' });
  assert.notEqual(memberStart.id, original.id);
  await succeeded(w, memberStart.id);

  assert.equal(await actionCount(w), 7);
});

test('Idempotency-Key: the same request sent several times at once makes one action and every answer is it', async (t) => {
  // 0.1: the reinstall runs 3 s, so every request of a round meets it running.
  const app = await build(t, { config: { simScale: 0.1 } });
  const w = await createWorld(app, ACTIONS_WORLD);
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
