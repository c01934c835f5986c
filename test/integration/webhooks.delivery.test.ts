// Webhook deliveries over real HTTP to a receiver on loopback (the operator's
// CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE is on, as it must be for a loopback
// receiver), every one verified with the `standardwebhooks` package: the
// body and headers Standard Webhooks 1.0 asks for, retries with the same
// webhook-id until a success and never after it, two signatures for a day
// after a rotation, a webhook turned off after a day of failures (with its
// event, and never a secret in the logs), redelivery, and dispatch and
// delivery that stay exact when they run twice at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pino from 'pino';
import { build, eventually } from '../helpers/build.ts';
import { countingDatabase, type Tally } from '../helpers/counting.ts';
import {
  advanceClockTo,
  createWebhook,
  deliveriesOf,
  renameServer,
  serviceNow,
  startReceiver,
  verifyDelivery,
  type ReceivedRequest,
} from '../helpers/webhook-receiver.ts';
import { assertProblem } from '../helpers/problems.ts';
import { buildWorld, createWorld, placeServer, type World } from '../helpers/world.ts';
import { attemptDelivery, systemResolver, WebhookAddressGuard, WebhookDispatcher } from '../../src/modules/webhooks/index.ts';

const ALLOW_PRIVATE = { config: { webhookAllowPrivate: true } };

/** A world whose project has a running server to rename (each rename: one `server.renamed` event). */
async function worldWithServer(w: World): Promise<string> {
  return (await placeServer(w)).id as string;
}

async function deliveryOf(w: World, webhookId: number, eventType = 'server.renamed'): Promise<any> {
  return eventually(async () => (await deliveriesOf(w, webhookId)).find((delivery) => delivery.event_type === eventType));
}

test('every delivery is a Standard Webhooks message the standardwebhooks package verifies, carrying the event as the stream sends it', async (t) => {
  const w = await buildWorld(t, { build: ALLOW_PRIVATE });
  const receiver = await startReceiver(t);
  const everything = await createWebhook(w, { url: receiver.url('/all'), description: 'all events' });
  const renamesOnly = await createWebhook(w, { url: receiver.url('/renames'), event_types: ['server.renamed'] });

  const serverId = await worldWithServer(w);
  await renameServer(w, serverId, 'web-2');
  await renameServer(w, serverId, 'web-3');

  const events = (await w.app.api(`/projects/${w.slug}/events/`, { key: w.key })).body.results as any[];
  const created = events.filter((event) => event.type === 'server.created' || event.type === 'server.renamed');
  assert.equal(created.length, 3, JSON.stringify(events));
  await eventually(async () => receiver.requests.filter((request) => request.path === '/all').length >= events.length && receiver.requests.filter((request) => request.path === '/renames').length >= 2);

  const toAll = receiver.requests.filter((request) => request.path === '/all');
  assert.equal(toAll.length, events.length, 'one delivery per event, no more');
  const bodies: any[] = [];
  for (const request of toAll) {
    assert.equal(request.method, 'POST');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.match(String(request.headers['webhook-id']), /^msg_[A-Za-z0-9_-]+$/);
    assert.match(String(request.headers['webhook-timestamp']), /^\d{10}$/);
    assert.match(String(request.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+={0,2}$/);
    bodies.push(verifyDelivery(everything.secret, request, serviceNow(w.app)));
    assert.throws(() => verifyDelivery(renamesOnly.secret, request, serviceNow(w.app)), /signature/i, "another webhook's secret does not verify it");
  }
  // Deliveries are sent side by side, so they may arrive in any order; each is the event as the event stream and pages send it.
  assert.deepEqual(
    bodies.sort((a, b) => a.data.id - b.data.id),
    events.map((event) => ({ type: event.type, timestamp: event.created_at, data: event })),
  );
  assert.ok(bodies.every((body) => body.data.project === w.slug));
  const toRenames = receiver.requests.filter((request) => request.path === '/renames');
  assert.deepEqual(
    toRenames.map((request) => verifyDelivery(renamesOnly.secret, request, serviceNow(w.app)).data.data.hostname).sort(),
    ['web-2', 'web-3'],
    'a webhook with types gets only those',
  );

  // The deliveries list: newest first, each with its webhook-id and its attempt. An attempt is recorded once the
  // receiver's answer is read, a moment after the receiver has the request: the list is read once all are recorded.
  const listed = await eventually(async () => {
    const found = await deliveriesOf(w, everything.id);
    return found.every((delivery) => delivery.status !== 'pending') ? found : null;
  });
  assert.deepEqual(
    listed.map((delivery) => delivery.event_id),
    events.map((event) => event.id).reverse(),
  );
  for (const delivery of listed) {
    assert.equal(delivery.status, 'succeeded');
    assert.equal(delivery.attempt_count, 1);
    assert.equal(delivery.next_attempt_at, null);
    assert.equal(delivery.attempts.length, 1);
    const [attempt] = delivery.attempts;
    assert.equal(attempt.status_code, 200);
    assert.equal(attempt.succeeded, true);
    assert.equal(attempt.response_excerpt, 'ok');
    assert.equal(attempt.error, null);
    assert.ok(Number.isInteger(attempt.latency_ms) && attempt.latency_ms >= 0);
  }
  assert.deepEqual(new Set(listed.map((delivery) => delivery.message_id)), new Set(toAll.map((request) => request.headers['webhook-id'])));
  const page = await w.app.api(`/projects/${w.slug}/webhooks/${everything.id}/deliveries/?page_size=1`, { key: w.key });
  assert.equal(page.body.count, events.length);
  assert.equal(page.body.results.length, 1);
  assert.match(page.body.next, /page=2/);
});

test('a webhook made now gets the events from now on, not the backlog', async (t) => {
  const w = await buildWorld(t, { build: ALLOW_PRIVATE });
  const receiver = await startReceiver(t);
  const serverId = await worldWithServer(w);
  await renameServer(w, serverId, 'before');
  const hook = await createWebhook(w, { url: receiver.url() });
  await renameServer(w, serverId, 'after');
  const delivery = await deliveryOf(w, hook.id);
  await eventually(async () => (await deliveriesOf(w, hook.id))[0]?.status === 'succeeded');
  await w.app.app.runner!.runDueJobs();
  assert.deepEqual(
    receiver.requests.map((request) => verifyDelivery(hook.secret, request, serviceNow(w.app)).data.data.hostname),
    ['after'],
  );
  assert.equal((await deliveriesOf(w, hook.id)).length, 1, JSON.stringify(delivery));
});

test('a receiver that fails three times and then answers 200 gets the delivery exactly once more, with the same webhook-id', async (t) => {
  const w = await buildWorld(t, { build: ALLOW_PRIVATE });
  const receiver = await startReceiver(t);
  receiver.answer = (_request, index) => (index < 3 ? { status: 500, body: `broken ${index + 1}` } : { status: 200, body: 'thanks' });
  const hook = await createWebhook(w, { url: receiver.url(), event_types: ['server.renamed'] });
  const serverId = await worldWithServer(w);
  await renameServer(w, serverId, 'web-2');

  // Each retry is due later (5 s, 5 min, 30 min): move the service's clock to it.
  const expectedWaits = [5, 300, 1800];
  for (let failures = 1; failures <= 3; failures += 1) {
    const delivery = await eventually(async () => {
      const current = (await deliveriesOf(w, hook.id))[0];
      return current?.attempt_count === failures ? current : undefined;
    });
    assert.equal(delivery.status, 'pending');
    assert.equal(delivery.attempts[0].status_code, 500);
    assert.equal(delivery.attempts[0].succeeded, false);
    assert.equal(delivery.attempts[0].response_excerpt, `broken ${failures}`);
    const wait = (Date.parse(delivery.next_attempt_at) - Date.parse(delivery.attempts[0].attempted_at)) / 1000;
    assert.equal(wait, expectedWaits[failures - 1], `the wait after failure ${failures}`);
    const webhook = (await w.app.api(`/projects/${w.slug}/webhooks/${hook.id}/`, { key: w.key })).body;
    assert.equal(webhook.failing_since, delivery.attempts.at(-1).attempted_at, 'failing since the first failed attempt');
    await advanceClockTo(w.app, delivery.next_attempt_at);
  }
  const delivered = await eventually(async () => {
    const current = (await deliveriesOf(w, hook.id))[0];
    return current?.status === 'succeeded' ? current : undefined;
  });
  assert.equal(delivered.attempt_count, 4);
  assert.deepEqual(
    delivered.attempts.map((attempt: any) => [attempt.status_code, attempt.succeeded]),
    [
      [200, true],
      [500, false],
      [500, false],
      [500, false],
    ],
  );
  assert.equal((await w.app.api(`/projects/${w.slug}/webhooks/${hook.id}/`, { key: w.key })).body.failing_since, null, 'a success clears failing_since');

  // A day later, with every due job run: nothing more was sent.
  await advanceClockTo(w.app, new Date(serviceNow(w.app).getTime() + 25 * 3600 * 1000).toISOString());
  await w.app.app.runner!.runDueJobs();
  assert.equal(receiver.requests.length, 4, 'exactly once more after the three failures');
  const ids = new Set(receiver.requests.map((request) => request.headers['webhook-id']));
  assert.deepEqual([...ids], [delivered.message_id], 'the same webhook-id on every attempt');
  const timestamps = receiver.requests.map((request) => Number(request.headers['webhook-timestamp']));
  assert.deepEqual([...timestamps].sort((a, b) => a - b), timestamps, 'each attempt signed at its own time');
  assert.equal(new Set(timestamps).size, 4);
  for (const request of receiver.requests) {
    // Each verified at the moment it was sent.
    assert.equal(verifyDelivery(hook.secret, request, new Date(Number(request.headers['webhook-timestamp']) * 1000)).data.data.hostname, 'web-2');
  }
});

test('after a rotation deliveries carry two signatures for a day, each verifying with one secret; then only the new one', async (t) => {
  const w = await buildWorld(t, { build: ALLOW_PRIVATE });
  const receiver = await startReceiver(t);
  const hook = await createWebhook(w, { url: receiver.url(), event_types: ['server.renamed'] });
  const serverId = await worldWithServer(w);

  const rotated = await w.app.api(`/projects/${w.slug}/webhooks/${hook.id}/rotate-secret/`, { method: 'POST', key: w.key });
  assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
  const newSecret: string = rotated.body.secret;
  assert.notEqual(newSecret, hook.secret);
  assert.equal(Date.parse(rotated.body.previous_secret_expires_at) - Date.parse(rotated.body.updated_at), 24 * 3600 * 1000);

  await renameServer(w, serverId, 'web-2');
  await eventually(async () => receiver.requests.length === 1);
  const [request] = receiver.requests as [ReceivedRequest];
  const signatures = String(request.headers['webhook-signature']).split(' ');
  assert.equal(signatures.length, 2, 'space-separated: one per secret');
  const now = serviceNow(w.app);
  assert.equal(verifyDelivery(newSecret, request, now).data.data.hostname, 'web-2');
  assert.equal(verifyDelivery(hook.secret, request, now).data.data.hostname, 'web-2');
  const withOnly = (signature: string): ReceivedRequest => ({ ...request, headers: { ...request.headers, 'webhook-signature': signature } });
  verifyDelivery(newSecret, withOnly(signatures[0]!), now);
  assert.throws(() => verifyDelivery(hook.secret, withOnly(signatures[0]!), now), /signature/i);
  verifyDelivery(hook.secret, withOnly(signatures[1]!), now);
  assert.throws(() => verifyDelivery(newSecret, withOnly(signatures[1]!), now), /signature/i);

  await advanceClockTo(w.app, rotated.body.previous_secret_expires_at);
  await renameServer(w, serverId, 'web-3');
  await eventually(async () => receiver.requests.length === 2);
  const later = receiver.requests[1]!;
  assert.equal(String(later.headers['webhook-signature']).split(' ').length, 1, 'the old secret no longer signs');
  assert.equal(verifyDelivery(newSecret, later, serviceNow(w.app)).data.data.hostname, 'web-3');
  assert.throws(() => verifyDelivery(hook.secret, later, serviceNow(w.app)), /signature/i);
});

test('a day in which every attempt failed turns the webhook off, with a webhook.disabled event in the same step; the secret is never logged', async (t) => {
  const logLines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  const w = await buildWorld(t, { build: { ...ALLOW_PRIVATE, logger } });
  const receiver = await startReceiver(t);
  receiver.answer = (request) => (request.path === '/down' ? { status: 503, body: 'down for maintenance' } : { status: 204 });
  const failing = await createWebhook(w, { url: receiver.url('/down'), event_types: ['server.renamed'] });
  const watcher = await createWebhook(w, { url: receiver.url('/watcher'), event_types: ['webhook.disabled'] });
  const rotated = (await w.app.api(`/projects/${w.slug}/webhooks/${failing.id}/rotate-secret/`, { method: 'POST', key: w.key })).body;
  const serverId = await worldWithServer(w);
  await renameServer(w, serverId, 'web-2');

  // Attempts at 0, 5 s, 5 min 5 s, 35 min 5 s, 2 h 35 min 5 s, 7 h 35 min 5 s, 17 h 35 min 5 s and, the last, 24 h after the first.
  let delivery = await deliveryOf(w, failing.id);
  for (let round = 0; round < 12 && delivery.status === 'pending'; round += 1) {
    const attempts = delivery.attempt_count;
    if (attempts > 0) await advanceClockTo(w.app, delivery.next_attempt_at);
    delivery = await eventually(async () => {
      const current = (await deliveriesOf(w, failing.id))[0];
      return current.attempt_count > attempts || (attempts === 0 && current.attempt_count > 0) ? current : undefined;
    });
  }
  assert.equal(delivery.status, 'failed');
  assert.equal(delivery.attempt_count, 8);
  const times = delivery.attempts.map((attempt: any) => Date.parse(attempt.attempted_at)).reverse();
  assert.ok(times.at(-1) - times[0] >= 24 * 3600 * 1000, 'the last attempt a day after the first');
  assert.ok(delivery.attempts.every((attempt: any) => attempt.status_code === 503 && !attempt.succeeded && attempt.response_excerpt === 'down for maintenance'));

  const off = (await w.app.api(`/projects/${w.slug}/webhooks/${failing.id}/`, { key: w.key })).body;
  assert.equal(off.enabled, false);
  assert.match(off.disabled_reason, /failed for 24 hours/);
  assert.equal(off.failing_since, delivery.attempts.at(-1).attempted_at);

  // The event, in the log and delivered to the other webhook, shows the webhook without its secret, and without its
  // URL (events reach every member; a URL may carry a credential).
  const events = (await w.app.api(`/projects/${w.slug}/events/?types=webhook.disabled`, { key: w.key })).body.results;
  assert.equal(events.length, 1);
  assert.deepEqual(events[0].resource, { type: 'webhook', id: String(failing.id) });
  const { url: _url, ...withoutUrl } = off;
  assert.deepEqual(events[0].data, withoutUrl);
  await eventually(async () => receiver.requests.some((request) => request.path === '/watcher'));
  const told = receiver.requests.filter((request) => request.path === '/watcher');
  assert.equal(told.length, 1);
  const body = verifyDelivery(watcher.secret, told[0]!, serviceNow(w.app));
  assert.equal(body.type, 'webhook.disabled');
  assert.equal(body.data.data.id, failing.id);
  assert.equal(body.data.data.enabled, false);

  // Turned off: new events make no deliveries. Turned on again: from the next event, healthy again.
  await renameServer(w, serverId, 'web-3');
  await w.app.app.runner!.runDueJobs();
  assert.equal((await deliveriesOf(w, failing.id)).length, 1);
  receiver.answer = () => ({ status: 200, body: 'back' });
  const on = await w.app.api(`/projects/${w.slug}/webhooks/${failing.id}/`, { method: 'PATCH', key: w.key, body: { enabled: true } });
  assert.equal(on.status, 200, JSON.stringify(on.body));
  assert.equal(on.body.enabled, true);
  assert.equal(on.body.failing_since, null);
  assert.equal(on.body.disabled_reason, null);
  await renameServer(w, serverId, 'web-4');
  const next = await eventually(async () => (await deliveriesOf(w, failing.id)).find((found) => found.status === 'succeeded'));
  const request = receiver.requests.find((found) => found.headers['webhook-id'] === next.message_id)!;
  assert.equal(verifyDelivery(rotated.secret, request, serviceNow(w.app)).data.data.hostname, 'web-4', 'web-3 came while it was off');

  const logs = logLines.join('\n');
  assert.ok(logLines.length > 10, 'the logs were captured');
  assert.match(logs, /webhook turned off/);
  for (const secret of [failing.secret, rotated.secret, watcher.secret]) {
    assert.ok(!logs.includes(secret), 'no secret in the logs');
    assert.ok(!logs.includes(secret.slice('whsec_'.length)), 'not even its base64');
  }
});

test('redelivery sends a finished delivery again with the same webhook-id; a pending one or a webhook turned off is a conflict', async (t) => {
  const w = await buildWorld(t, { build: ALLOW_PRIVATE });
  const receiver = await startReceiver(t);
  const hook = await createWebhook(w, { url: receiver.url(), event_types: ['server.renamed'] });
  const serverId = await worldWithServer(w);
  await renameServer(w, serverId, 'web-2');
  const delivered = await eventually(async () => (await deliveriesOf(w, hook.id)).find((delivery) => delivery.status === 'succeeded'));
  const path = `/projects/${w.slug}/webhooks/${hook.id}/deliveries/${delivered.id}/redeliver/`;

  const again = await w.app.api(path, { method: 'POST', key: w.key });
  assert.equal(again.status, 202, JSON.stringify(again.body));
  assert.equal(again.body.id, delivered.id);
  assert.equal(again.body.message_id, delivered.message_id);
  assert.equal(again.body.attempts.length, 1, 'its attempts so far');
  await eventually(async () => receiver.requests.length === 2);
  assert.equal(receiver.requests[1]!.headers['webhook-id'], delivered.message_id);
  assert.equal(receiver.requests[1]!.body, receiver.requests[0]!.body, 'the same bytes');
  verifyDelivery(hook.secret, receiver.requests[1]!, serviceNow(w.app));
  const after = await eventually(async () => (await deliveriesOf(w, hook.id)).find((delivery) => delivery.status === 'succeeded' && delivery.attempt_count === 2));
  assert.equal((await deliveriesOf(w, hook.id)).length, 1, 'an attempt, not a new delivery');
  assert.equal(after.attempts.length, 2);

  // Failing now: the delivery made next is pending, with its retry to come.
  receiver.answer = () => ({ status: 500 });
  await renameServer(w, serverId, 'web-3');
  const pending = await eventually(async () => (await deliveriesOf(w, hook.id)).find((delivery) => delivery.status === 'pending' && delivery.attempt_count === 1));
  assertProblem(await w.app.api(`/projects/${w.slug}/webhooks/${hook.id}/deliveries/${pending.id}/redeliver/`, { method: 'POST', key: w.key }), 409, 'conflict');

  const off = await w.app.api(`/projects/${w.slug}/webhooks/${hook.id}/`, { method: 'PATCH', key: w.key, body: { enabled: false } });
  assert.equal(off.body.enabled, false);
  assert.equal(off.body.disabled_reason, null, 'turned off through the API: no reason given by the service');
  assertProblem(await w.app.api(path, { method: 'POST', key: w.key }), 409, 'conflict');
  // The pending delivery ends with its next run, without another attempt.
  await advanceClockTo(w.app, pending.next_attempt_at);
  await eventually(async () => (await deliveriesOf(w, hook.id)).find((delivery) => delivery.id === pending.id)?.status === 'failed');
  const ended = (await deliveriesOf(w, hook.id)).find((delivery) => delivery.id === pending.id);
  assert.equal(ended.attempt_count, 1);

  assertProblem(await w.app.api(`/projects/${w.slug}/webhooks/${hook.id}/deliveries/999999/redeliver/`, { method: 'POST', key: w.key }), 404, 'not_found');
});

test('two dispatchers at once make one delivery and one job per event; a delivery job run twice at once records one attempt, and none after success', async (t) => {
  const app = await build(t, ALLOW_PRIVATE);
  const w = await createWorld(app);
  const receiver = await startReceiver(t);
  const hook = await createWebhook(w, { url: receiver.url() });
  // The app's own dispatcher and worker stop: the test runs both parts by hand.
  await app.app.webhookDispatcher!.stop();
  await app.app.runner!.stop();
  const serverId = await worldWithServer(w);
  for (const name of ['web-2', 'web-3', 'web-4', 'web-5', 'web-6']) await renameServer(w, serverId, name);
  const { db } = app.app.database;
  const eventCount = Number((await db.selectFrom('events').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
  assert.ok(eventCount >= 6, `events recorded: ${eventCount}`);

  const dispatcher = () => new WebhookDispatcher({ db, changes: app.app.changes, clock: app.app.clock, events: app.app.services.events, logger: pino({ enabled: false }), wakeWorker: () => {} });
  const made = await Promise.all([dispatcher().dispatchDue(), dispatcher().dispatchDue(), dispatcher().dispatchDue()]);
  assert.equal(made.reduce((sum, count) => sum + count, 0), eventCount, `deliveries made by each: ${made.join(', ')}`);

  const deliveries = await db.selectFrom('webhook_deliveries').select(['id', 'event_id']).execute();
  assert.equal(deliveries.length, eventCount);
  assert.equal(new Set(deliveries.map((delivery) => Number(delivery.event_id))).size, eventCount);
  const jobs = await db.selectFrom('jobs').select('payload').where('type', '=', 'webhooks.deliver').execute();
  const jobDeliveries = jobs.map((job) => (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload).deliveryId as number);
  assert.deepEqual([...jobDeliveries].sort((a, b) => a - b), deliveries.map((delivery) => Number(delivery.id)).sort((a, b) => a - b), 'one job per delivery');
  const cursor = await db.selectFrom('webhooks').select('last_event_id').where('id', '=', hook.id).executeTakeFirstOrThrow();
  assert.equal(Number(cursor.last_event_id), eventCount);
  assert.equal(await dispatcher().dispatchDue(), 0, 'nothing left to do');

  const deliveryDeps = { db, clock: app.app.clock, guard: new WebhookAddressGuard({ allowPrivate: true, resolve: systemResolver }) };
  const first = Number(deliveries[0]!.id);
  const steps = await Promise.all([attemptDelivery(deliveryDeps, first), attemptDelivery(deliveryDeps, first)]);
  assert.deepEqual(steps, [{ kind: 'done' }, { kind: 'done' }]);
  const attempts = await db.selectFrom('webhook_attempts').select('id').where('delivery_id', '=', first).execute();
  assert.equal(attempts.length, 1, 'one attempt recorded, however many runs sent it');
  const sent = receiver.requests.length;
  assert.ok(sent >= 1 && sent <= 2, `sent ${sent}`);
  assert.deepEqual(await attemptDelivery(deliveryDeps, first), { kind: 'done' });
  assert.equal(receiver.requests.length, sent, 'never sent again after its success');
  const row = await db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('id', '=', first).executeTakeFirstOrThrow();
  assert.deepEqual({ status: row.status, attempts: Number(row.attempts) }, { status: 'succeeded', attempts: 1 });
});

test('finished deliveries are pruned after 30 days by the recurring job, their attempts with them', async (t) => {
  const w = await buildWorld(t, { build: ALLOW_PRIVATE });
  const receiver = await startReceiver(t);
  const hook = await createWebhook(w, { url: receiver.url(), event_types: ['server.renamed'] });
  const serverId = await worldWithServer(w);
  await renameServer(w, serverId, 'web-2');
  const old = await eventually(async () => (await deliveriesOf(w, hook.id)).find((delivery) => delivery.status === 'succeeded'));

  // A month and a day on (deliveries are kept 30 days), the hourly job comes round: the old delivery goes, a new one stays.
  await advanceClockTo(w.app, new Date(serviceNow(w.app).getTime() + 31 * 24 * 3600 * 1000).toISOString());
  await renameServer(w, serverId, 'web-3');
  const kept = await eventually(async () => {
    const deliveries = await deliveriesOf(w, hook.id);
    return deliveries.length === 1 && deliveries[0].id !== old.id && deliveries[0].status === 'succeeded' ? deliveries : undefined;
  });
  assert.equal(kept[0].attempts.length, 1);
  const { db } = w.app.app.database;
  const attempts = await db.selectFrom('webhook_attempts').select('delivery_id').execute();
  assert.deepEqual(
    attempts.map((attempt) => Number(attempt.delivery_id)),
    [kept[0].id],
    'the old attempt went with its delivery',
  );
});

test("the dispatcher's cost is a lookup per project and round, never per event, and none for a project without webhooks", async (t) => {
  const app = await build(t, ALLOW_PRIVATE);
  const w = await createWorld(app);
  const quiet = await createWorld(app, { project: 'Quiet' });
  const receiver = await startReceiver(t);
  await app.app.webhookDispatcher!.stop();
  await app.app.runner!.stop();
  const tally: Tally = { statements: 0, calls: {} };
  const dispatcher = new WebhookDispatcher({
    db: countingDatabase(app.app.database.db, tally),
    changes: app.app.changes,
    clock: app.app.clock,
    events: app.app.services.events,
    logger: pino({ enabled: false }),
    wakeWorker: () => {},
  });
  const projectIdOf = async (slug: string) => Number((await app.app.database.db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id);
  const [busy, idle] = [await projectIdOf(w.slug), await projectIdOf(quiet.slug)];

  // Events in a project without webhooks: one read of which projects have any, then nothing however many come.
  const idleServer = await worldWithServer(quiet);
  for (const name of ['idle-2', 'idle-3', 'idle-4']) await renameServer(quiet, idleServer, name);
  for (let round = 0; round < 10; round += 1) assert.equal(await dispatcher.dispatchDue([idle]), 0);
  assert.equal(tally.statements, 1, 'ten rounds for a project without webhooks: one read in all');

  // A webhook made (anywhere) is heard: its project's events are dispatched, every one, in one round.
  const hook = await createWebhook(w, { url: receiver.url(), event_types: ['server.renamed'] });
  const busyServer = await worldWithServer(w);
  for (const name of ['busy-2', 'busy-3', 'busy-4', 'busy-5']) await renameServer(w, busyServer, name);
  assert.equal(await dispatcher.dispatchDue([busy, idle]), 4, 'four renames, four deliveries');
  assert.equal((await deliveriesOf(w, hook.id)).length, 4);
  // Nothing left: a round is one lookup of the project's webhooks (the set of projects is kept).
  tally.statements = 0;
  assert.equal(await dispatcher.dispatchDue([busy, idle]), 0);
  assert.equal(tally.statements, 1, 'a round with nothing to do: one lookup');
});
