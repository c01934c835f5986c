// Server orders over HTTP while billing fails (spec: Errors; DESIGN D7 and
// the operator rows for faults): billing down is 503 with nothing recorded;
// an error or a timeout while placing is 502 with order_id and the order
// `unknown`, which settles to where billing is once it answers again (failed
// when billing did nothing, delivered when it did), by the job or by a GET.
// The orders tests: orders (body rules, rate limit), orders.access,
// orders.happy, orders.idempotency, orders.faults (billing faults); after
// every test that moves money, the ledger adds up to the balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { assertLedgerBalances, balance, BASE_ORDER, getOrder, listOrders, minor, orderServer, waitForOrder } from '../helpers/orders.ts';
import { assertProblem } from '../helpers/problems.ts';
import { createWorld, setFault, type World } from '../helpers/world.ts';

test('billing down: ordering answers 503 and records nothing; order reads and the catalogue answer 503', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Down' });
  const placed = await orderServer(w, BASE_ORDER);
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  await waitForOrder(w, placed.body.id, ['completed']);
  const before = await balance(app, w.key);

  await setFault(app, 'billing', 'down');
  assertProblem(await orderServer(w, { ...BASE_ORDER, hostname: 'web-2' }, { idempotencyKey: 'down-1' }), 503, 'upstream_unavailable', 'order while billing is down');
  assertProblem(await getOrder(w, placed.body.id), 503, 'upstream_unavailable', 'GET order while billing is down');
  assertProblem(await app.api(`/projects/${w.slug}/products/`, { key: w.key }), 503, 'upstream_unavailable', 'products while billing is down');
  // The list is as last recorded and needs no billing.
  assert.deepEqual((await listOrders(w)).map((entry) => entry.id), [placed.body.id], 'no order recorded');
  await setFault(app, 'billing', 'ok');

  assert.equal(await balance(app, w.key), before);
  // Nothing was bought, so the same request with the same key can simply be sent again.
  const retried = await orderServer(w, { ...BASE_ORDER, hostname: 'web-2' }, { idempotencyKey: 'down-1' });
  assert.equal(retried.status, 201, JSON.stringify(retried.body));
  assert.equal(retried.body.status, 'provisioning');
  assert.equal((await getOrder(w, placed.body.id)).status, 200);
  assert.equal((await app.api(`/projects/${w.slug}/products/`, { key: w.key })).status, 200);
  await waitForOrder(w, retried.body.id, ['completed']);
  await assertLedgerBalances(app);
});

/** Places an order with the billing fault in force; expects 502 with `order_id` and the order recorded `unknown`. */
async function orderIntoFault(w: World, fault: { mode: string; committed: boolean }, hostname: string): Promise<number> {
  await setFault(w.app, 'billing', fault);
  const response = await orderServer(w, { ...BASE_ORDER, hostname }, { idempotencyKey: `fault-${hostname}` });
  assertProblem(response, 502, 'upstream_error', `billing ${fault.mode} (committed ${fault.committed})`);
  const recordedCount = (await listOrders(w)).length;
  assert.equal(
    Number.isInteger(response.body.order_id),
    true,
    `502 carries order_id (orders recorded: ${recordedCount}): ${JSON.stringify(response.body)}`,
  );
  const recorded = (await listOrders(w)).find((entry) => entry.id === response.body.order_id);
  assert.ok(recorded, 'the order is recorded');
  assert.equal(recorded.status, 'unknown');
  // While the fault lasts the order cannot be checked.
  assert.ok([502, 503].includes((await getOrder(w, response.body.order_id)).status));
  return response.body.order_id;
}

test('billing error on placing: 502 with order_id, the order is unknown, and settles failed when billing did nothing', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Error' });
  const before = await balance(app, w.key);
  const orderId = await orderIntoFault(w, { mode: 'error', committed: false }, 'err-1');
  await setFault(app, 'billing', 'ok');
  const settled = await waitForOrder(w, orderId, ['failed', 'awaiting_payment', 'provisioning', 'completed']);
  assert.equal(settled.status, 'failed');
  assert.equal(settled.server_id, null);
  assert.equal(await balance(app, w.key), before, 'nothing bought');
  // A failed order: place a new one with a new key.
  const again = await orderServer(w, { ...BASE_ORDER, hostname: 'err-1' }, { idempotencyKey: 'fault-err-1-retry' });
  assert.equal(again.status, 201, JSON.stringify(again.body));
  await assertLedgerBalances(app);
});

test('billing timeout on placing, committed: 502 with order_id, unknown, then settles to where billing is (paid → completed)', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Timeout Committed' });
  const before = await balance(app, w.key);
  const orderId = await orderIntoFault(w, { mode: 'timeout', committed: true }, 'tc-1');
  await setFault(app, 'billing', 'ok');
  const settled = await waitForOrder(w, orderId, ['provisioning', 'completed', 'failed']);
  assert.ok(['provisioning', 'completed'].includes(settled.status), settled.status);
  const done = await waitForOrder(w, orderId, ['completed']);
  assert.match(done.server_id, /^[0-9a-f]{16}$/);
  assert.equal(await balance(app, w.key), before - minor(done.invoice.total), 'charged exactly once');
  await assertLedgerBalances(app);
});

test('billing timeout on placing, not committed: 502 with order_id, unknown, then settles failed', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Timeout Lost' });
  const before = await balance(app, w.key);
  const orderId = await orderIntoFault(w, { mode: 'timeout', committed: false }, 'tl-1');
  await setFault(app, 'billing', 'ok');
  const settled = await waitForOrder(w, orderId, ['failed', 'awaiting_payment', 'provisioning', 'completed']);
  assert.equal(settled.status, 'failed');
  assert.equal(await balance(app, w.key), before);
  await assertLedgerBalances(app);
});

test('an unknown order is settled by its GET once billing answers again', async (t) => {
  // No worker after set-up would be the cleanest proof, but projects need it to become ready;
  // instead, the first GET after the fault clears must already answer the settled state.
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Settle By Get' });
  const orderId = await orderIntoFault(w, { mode: 'timeout', committed: false }, 'sg-1');
  await setFault(app, 'billing', 'ok');
  const read = await getOrder(w, orderId);
  assert.equal(read.status, 200, JSON.stringify(read.body));
  assert.equal(read.body.status, 'failed', 'the GET asks billing, which never made the invoice');
});
