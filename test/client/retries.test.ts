// The client under the faults the spec describes, against a real app: an
// order billing did not confirm is polled, never placed twice; an action
// start refused while provisioning is down is sent again until it is taken,
// once; a rate-limited order waits at least Retry-After; a lost answer is
// sent again with the same Idempotency-Key and answered by the first order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CloudplaneError } from '../../src/client/index.ts';
import { build } from '../helpers/build.ts';
import { allActions } from '../helpers/actions.ts';
import { assertLedgerBalances, balance, BASE_ORDER, listOrders, minor, orderServer } from '../helpers/orders.ts';
import { createWorld, placeServer, setFault } from '../helpers/world.ts';
import { advanceClock, requestsTo, testClient } from './client-world.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('billing times out while an order is placed: the client polls the order and it is placed and charged once', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Client Timeout' });
  const before = await balance(app, w.key);
  // Billing does the work but its answer never comes, until the client's first wait, when billing recovers.
  await setFault(app, 'billing', { mode: 'timeout', committed: true });
  const { client, requests, retries } = testClient(w, { onWait: (_ms, index) => (index === 0 ? setFault(app, 'billing', 'ok') : undefined) });

  const placed = await client.placeOrder(w.slug, { ...BASE_ORDER, hostname: 'timeout-1' });
  assert.equal(placed.pendingAfterUpstreamError, true, 'the 502 with order_id became the order, not an exception');
  assert.equal(placed.replayed, false);
  assert.equal(placed.upstreamError?.code, 'upstream_error');
  assert.equal(placed.upstreamError?.orderId, placed.order.id);
  assert.match(placed.upstreamError?.hint() ?? '', new RegExp(`Order ${placed.order.id} .*poll it`));

  const posts = requestsTo(requests, 'POST', `/projects/${w.slug}/servers/`);
  assert.deepEqual(posts.map((request) => request.status), [502], 'the order was sent once: a 502 with order_id is never sent again');
  assert.match(posts[0]!.idempotencyKey ?? '', UUID, 'the order carried a generated Idempotency-Key');
  assert.equal(placed.idempotencyKey, posts[0]!.idempotencyKey);
  // The order was read while billing still timed out (502), then again once it answered.
  const reads = requestsTo(requests, 'GET', `/orders/${placed.order.id}/`);
  assert.deepEqual(reads.map((request) => request.status), [502, 200]);
  assert.deepEqual(retries.map((event) => [event.method, event.status, event.code]), [['GET', 502, 'upstream_error']]);

  const done = await client.waitForOrder(w.slug, placed.order.id);
  assert.equal(done.status, 'completed', JSON.stringify(done));
  assert.match(done.server_id ?? '', /^[0-9a-f]{16}$/);
  const orders = await listOrders(w);
  assert.deepEqual(orders.map((order) => order.id), [placed.order.id], 'exactly one order exists');
  assert.equal(await balance(app, w.key), before - minor(done.invoice!.total), 'charged exactly once');
  await assertLedgerBalances(app);
});

test('provisioning down, then back: an action start is sent again with the same key until taken, and one action is recorded', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Client Down' });
  const server = await placeServer(w);
  await setFault(app, 'provisioning', 'down');
  // Provisioning comes back during the client's second wait.
  const { client, requests, waits, retries } = testClient(w, { onWait: (_ms, index) => (index === 1 ? setFault(app, 'provisioning', 'ok') : undefined) });

  const action = await client.call(
    client.raw.POST('/projects/{project_slug}/servers/{server_id}/actions/reboot/', { params: { path: { project_slug: w.slug, server_id: server.id } } }),
  );
  assert.equal(action.type, 'server.reboot');
  assert.equal(action.status, 'running');

  const starts = requestsTo(requests, 'POST', '/actions/reboot/');
  assert.deepEqual(starts.map((request) => request.status), [503, 503, 202]);
  const keys = new Set(starts.map((request) => request.idempotencyKey));
  assert.equal(keys.size, 1, `one Idempotency-Key on every attempt: ${[...keys].join(', ')}`);
  assert.match([...keys][0] ?? '', UUID);
  // Each wait honoured the Retry-After the 503 carried.
  for (const [index, request] of starts.slice(0, 2).entries()) {
    assert.match(request.retryAfter ?? '', /^\d+$/);
    assert.ok(waits[index]! >= Number(request.retryAfter) * 1000, `wait ${waits[index]} ms ≥ Retry-After ${request.retryAfter} s`);
  }
  assert.deepEqual(retries.map((event) => [event.attempt, event.status, event.code]), [[1, 503, 'upstream_unavailable'], [2, 503, 'upstream_unavailable']]);

  const done = await client.waitForAction(w.slug, action.id);
  assert.equal(done.status, 'success', JSON.stringify(done));
  assert.deepEqual((await allActions(w)).map((recorded) => recorded.id), [action.id], 'one action recorded');
});

test('more than 10 orders a minute: the client waits at least Retry-After and the same order goes through', async (t) => {
  const app = await build(t);
  // No credit: every order waits for payment, so ten of them cost nothing to deliver.
  const w = await createWorld(app, { credit: '0.00', project: 'Client Rate' });
  for (let index = 1; index <= 10; index += 1) {
    const response = await orderServer(w, { ...BASE_ORDER, hostname: `rate-${index}` }, { idempotencyKey: `rate-${index}` });
    assert.equal(response.status, 201, JSON.stringify(response.body));
  }
  // The wait passes on the app's clock, which the limit counts by.
  const { client, requests, waits, retries } = testClient(w, { onWait: (ms) => advanceClock(app, Math.ceil(ms / 1000)) });

  const placed = await client.placeOrder(w.slug, { ...BASE_ORDER, hostname: 'rate-11' });
  assert.equal(placed.order.status, 'awaiting_payment');
  assert.equal(placed.pendingAfterUpstreamError, false);

  const posts = requestsTo(requests, 'POST', `/projects/${w.slug}/servers/`);
  assert.deepEqual(posts.map((request) => request.status), [429, 201]);
  assert.equal(posts[0]!.idempotencyKey, posts[1]!.idempotencyKey, 'the retry is the same request, with the same key');
  const retryAfter = Number(posts[0]!.retryAfter);
  assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, `Retry-After: ${posts[0]!.retryAfter}`);
  assert.equal(waits.length, 1);
  assert.ok(waits[0]! >= retryAfter * 1000, `waited ${waits[0]} ms for Retry-After ${retryAfter} s`);
  assert.deepEqual(retries, [
    { attempt: 1, delayMs: waits[0], status: 429, code: 'rate_limited', retryAfterSeconds: retryAfter, method: 'POST', path: `/api/v1/projects/${w.slug}/servers/` },
  ]);
  assert.equal((await listOrders(w)).length, 11, 'the 429 bought nothing; the retry bought one');
});

test('a rate limit longer than the client may wait is not waited out: the 429 is thrown with its hint', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '0.00', project: 'Client Rate Budget' });
  for (let index = 1; index <= 10; index += 1) {
    assert.equal((await orderServer(w, { ...BASE_ORDER, hostname: `budget-${index}` })).status, 201);
  }
  const { client, requests, waits } = testClient(w, { retry: { maxElapsedMs: 1_000 } });
  const refused = await client.placeOrder(w.slug, { ...BASE_ORDER, hostname: 'budget-11' }).then(
    () => assert.fail('a 429 beyond the budget is thrown'),
    (error: unknown) => error,
  );
  assert.ok(refused instanceof CloudplaneError);
  assert.equal(refused.status, 429);
  assert.equal(refused.code, 'rate_limited');
  assert.ok(refused.retryAfterSeconds! > 1, `Retry-After ${refused.retryAfterSeconds}`);
  assert.match(refused.hint() ?? '', new RegExp(`wait ${refused.retryAfterSeconds} s`));
  assert.match(refused.message, /\(rate_limited\)\nRate limited: wait/);
  assert.deepEqual(waits, [], 'no wait started that would pass maxElapsedMs');
  assert.equal(requestsTo(requests, 'POST', '/servers/').length, 1);
});

test('an order whose answer is lost is sent again with the same key and answered by the first order', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Client Lost' });
  const before = await balance(app, w.key);
  let dropped = 0;
  // The first order reaches the service, but its answer never reaches the client (a connection reset).
  const { client, requests, retries } = testClient(w, {
    wrapFetch: (fetch) => async (input, init) => {
      const response = await fetch(input, init);
      if (dropped === 0 && response.status === 201) {
        dropped += 1;
        await response.body?.cancel();
        throw new TypeError('fetch failed: connection reset');
      }
      return response;
    },
  });

  const placed = await client.placeOrder(w.slug, { ...BASE_ORDER, hostname: 'lost-1' });
  assert.equal(placed.replayed, true, 'the second answer is the replay of the first order');
  const posts = requestsTo(requests, 'POST', `/projects/${w.slug}/servers/`);
  assert.deepEqual(posts.map((request) => request.status), [201, 200]);
  assert.equal(posts[0]!.idempotencyKey, posts[1]!.idempotencyKey);
  assert.deepEqual(retries.map((event) => event.status), [0], 'a retry after no answer reports status 0');
  assert.deepEqual((await listOrders(w)).map((order) => order.id), [placed.order.id], 'one order');

  const done = await client.waitForOrder(w.slug, placed.order.id);
  assert.equal(done.status, 'completed');
  assert.equal(await balance(app, w.key), before - minor(done.invoice!.total), 'charged once');
  await assertLedgerBalances(app);
});
