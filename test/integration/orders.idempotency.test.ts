// Server orders over HTTP sent again or at once (spec: "Order idempotency";
// DESIGN D7): a replay answers the first order, another body is 409, keys
// are scoped to the user and the endpoint; eight identical requests at the
// same moment make one order and one charge; two orders racing for credit
// that covers one: one is paid, the other waits, never a negative balance.
// The orders tests: orders (body rules, rate limit), orders.access,
// orders.happy, orders.idempotency, orders.faults (billing faults); after
// every test that moves money, the ledger adds up to the balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { assertLedgerBalances, assertOrderShape, balance, BASE_ORDER, listOrders, minor, orderServer, waitForOrder } from '../helpers/orders.ts';
import { assertProblem } from '../helpers/problems.ts';
import { addMember, createWorld } from '../helpers/world.ts';

test('idempotency: a replay answers the first order with 200; another body is 409; keys are scoped to the user and the endpoint', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Idem' });
  const before = await balance(app, w.key);

  const first = await orderServer(w, BASE_ORDER, { idempotencyKey: 'same-key' });
  assert.equal(first.status, 201, JSON.stringify(first.body));
  assert.equal(first.headers.get('idempotent-replayed'), null);
  const charged = await balance(app, w.key);
  assert.equal(charged, before - minor(first.body.invoice.total));

  const replay = await orderServer(w, BASE_ORDER, { idempotencyKey: 'same-key' });
  assert.equal(replay.status, 200, JSON.stringify(replay.body));
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal(replay.body.id, first.body.id);
  assertOrderShape(replay.body);
  // Member order does not make another body.
  const reordered = Object.fromEntries(Object.entries(BASE_ORDER).reverse());
  const replayReordered = await orderServer(w, reordered, { idempotencyKey: 'same-key' });
  assert.equal(replayReordered.status, 200, JSON.stringify(replayReordered.body));
  assert.equal(replayReordered.body.id, first.body.id);
  // Another key of the same user is the same user.
  const secondKey = await app.createKey(w.userId);
  const replayOtherKey = await orderServer(w, BASE_ORDER, { key: secondKey.key, idempotencyKey: 'same-key' });
  assert.equal(replayOtherKey.status, 200, JSON.stringify(replayOtherKey.body));
  assert.equal(replayOtherKey.body.id, first.body.id);

  assertProblem(await orderServer(w, { ...BASE_ORDER, hostname: 'web-2' }, { idempotencyKey: 'same-key' }), 409, 'idempotency_key_reused', 'another body');
  assertProblem(await orderServer(w, { ...BASE_ORDER, ipv6: true }, { idempotencyKey: 'same-key' }), 409, 'idempotency_key_reused', 'an added field');

  assert.deepEqual((await listOrders(w)).map((entry) => entry.id), [first.body.id], 'one order');
  assert.equal(await balance(app, w.key), charged, 'one charge');

  // Once delivered, the replay shows the order as it now is.
  const done = await waitForOrder(w, first.body.id, ['completed']);
  const lateReplay = await orderServer(w, BASE_ORDER, { idempotencyKey: 'same-key' });
  assert.equal(lateReplay.status, 200);
  assert.equal(lateReplay.body.status, 'completed');
  assert.equal(lateReplay.body.server_id, done.server_id);

  // The same key in another project, or by another user, is another order.
  const other = { ...w, slug: await app.createReadyProject(w.key, 'Idem Two') };
  const otherProject = await orderServer(other, BASE_ORDER, { idempotencyKey: 'same-key' });
  assert.equal(otherProject.status, 201, JSON.stringify(otherProject.body));
  assert.notEqual(otherProject.body.id, first.body.id);
  const admin = await app.createUser({ credit: '0.00' });
  await addMember(app, w.slug, admin.userId, 'admin');
  const byAdmin = await orderServer(w, BASE_ORDER, { key: admin.key, idempotencyKey: 'same-key' });
  assert.equal(byAdmin.status, 201, JSON.stringify(byAdmin.body));
  assert.notEqual(byAdmin.body.id, first.body.id);
  await assertLedgerBalances(app);
});

test('idempotency at the same moment: 8 parallel requests with one key make one order and one charge', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Parallel' });
  const before = await balance(app, w.key);
  const responses = await Promise.all(Array.from({ length: 8 }, () => orderServer(w, BASE_ORDER, { idempotencyKey: 'burst' })));

  for (const response of responses) assert.ok([200, 201].includes(response.status), JSON.stringify(response.body));
  const created = responses.filter((response) => response.status === 201);
  assert.equal(created.length, 1, `exactly one 201: ${responses.map((response) => response.status).join(',')}`);
  for (const response of responses.filter((entry) => entry.status === 200)) assert.equal(response.headers.get('idempotent-replayed'), 'true');
  assert.equal(new Set(responses.map((response) => response.body.id)).size, 1, 'every answer is the same order');

  const orders = await listOrders(w);
  assert.equal(orders.length, 1, 'exactly one order recorded');
  const order = await waitForOrder(w, orders[0].id, ['completed']);
  assert.equal(await balance(app, w.key), before - minor(order.invoice.total), 'charged once');
  assert.equal((await app.api(`/projects/${w.slug}/servers/`, { key: w.key })).body.count, 1, 'one server delivered');
  const { db } = app.app.database;
  const invoices = await db.selectFrom('invoices').select('id').where('user_id', '=', w.userId).execute();
  assert.equal(invoices.length, 1, 'one invoice');

  // The duplicates were replays, and replays do not count against the key's limit (D7):
  // only the one order did, so the next order request has 8 left after it.
  const next = await orderServer(w, { ...BASE_ORDER, hostname: 'after-burst' });
  assert.equal(next.status, 201, JSON.stringify(next.body));
  assert.equal(next.headers.get('ratelimit-remaining'), '8', 'the concurrent duplicates answered as replays took no rate-limit slots');
  await assertLedgerBalances(app);
});

test('two orders racing for credit that covers one: exactly one is paid, the other waits, the balance never goes negative', async (t) => {
  const app = await build(t);
  // Product 1 monthly is 4.59: 5.00 pays one order, not two.
  const w = await createWorld(app, { credit: '5.00', project: 'Race' });
  const responses = await Promise.all([
    orderServer(w, { ...BASE_ORDER, hostname: 'race-1' }),
    orderServer(w, { ...BASE_ORDER, hostname: 'race-2' }),
  ]);
  for (const response of responses) assert.equal(response.status, 201, JSON.stringify(response.body));
  const statuses = responses.map((response) => response.body.status).sort();
  assert.deepEqual(statuses, ['awaiting_payment', 'provisioning']);
  const paid = responses.find((response) => response.body.status === 'provisioning')!.body;
  const waiting = responses.find((response) => response.body.status === 'awaiting_payment')!.body;
  assert.equal(paid.invoice.status, 'paid');
  assert.equal(waiting.invoice.status, 'unpaid');
  assert.equal(await balance(app, w.key), 500 - 459);

  // More at once: 6 orders against credit for 2 of them.
  await app.admin(`/users/${w.userId}/credit`, { method: 'POST', body: { amount: '9.59' } });
  assert.equal(await balance(app, w.key), 1000);
  const burst = await Promise.all(Array.from({ length: 6 }, (_, index) => orderServer(w, { ...BASE_ORDER, hostname: `burst-${index}` })));
  for (const response of burst) assert.equal(response.status, 201, JSON.stringify(response.body));
  assert.equal(burst.filter((response) => response.body.status === 'provisioning').length, 2, burst.map((response) => response.body.status).join(','));
  assert.equal(burst.filter((response) => response.body.status === 'awaiting_payment').length, 4);
  assert.equal(await balance(app, w.key), 1000 - 2 * 459);
  await assertLedgerBalances(app);
});
