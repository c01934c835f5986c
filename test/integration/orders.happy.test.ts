// Server orders over HTTP, the state machine (spec: Order, Order status
// table; DESIGN D7 and the operator rows for invoices): credit that covers
// the invoice is applied and the order is delivered as ordered; credit that
// is short leaves it awaiting_payment until the operator pays (delivered) or
// cancels (cancelled) the invoice; reading an order does not change it.
// The orders tests: orders (body rules, rate limit), orders.access,
// orders.happy, orders.idempotency, orders.faults (billing faults); after
// every test that moves money, the ledger adds up to the balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { assertLedgerBalances, assertOrderShape, balance, BASE_ORDER, expectedTotal, getOrder, listOrders, minor, money, orderServer, waitForOrder } from '../helpers/orders.ts';
import { assertProblem } from '../helpers/problems.ts';
import { addSshKey, createWorld, otherProject } from '../helpers/world.ts';

type Json = Record<string, any>;

test('credit covers the invoice: credit applied, provisioning, then completed with a server built as ordered', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '200.00', project: 'Paid' });
  const catalogue = (await app.admin('/catalogue')).body;
  const keyA = await addSshKey(w, 'a');
  const keyB = await addSshKey(w, 'b');

  const body = {
    hostname: 'db.example.com',
    product_id: 4,
    location: 'nbg1',
    image: 'ubuntu-24.04',
    billing_cycle: 'monthly',
    ipv4_additional: 2,
    ipv6: true,
    private_network: true,
    ssh_keys: [keyB, keyA],
    promo_code: 'WELCOME10',
    user_data: null,
  };
  const total = expectedTotal(catalogue, body);
  // 14.09 + 5.00 setup + 2 × 0.60 + 0.00 IPv6 = 20.29, less 10 % (2.03) = 18.26: the catalogue decides, this is a sanity check.
  assert.equal(total, 1826);
  const before = await balance(app, w.key);

  const ordered = await orderServer(w, body, { idempotencyKey: 'paid-1' });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const order = ordered.body;
  assertOrderShape(order);
  assert.equal(order.status, 'provisioning');
  assert.equal(order.server_id, null, 'no server until delivery');
  assert.deepEqual(order.warnings, []);
  assert.deepEqual(order.request, {
    hostname: 'db.example.com',
    product_id: 4,
    location: 'nbg1',
    image: 'ubuntu-24.04',
    billing_cycle: 'monthly',
    ipv4_additional: 2,
    ipv6: true,
    private_network: true,
    ssh_keys: [keyB, keyA],
    snapshot_id: null,
    promo_code: 'WELCOME10',
    has_user_data: false,
  });
  assert.equal(order.invoice.status, 'paid');
  assert.equal(order.invoice.total, money(total));
  assert.equal(order.invoice.currency, 'EUR');
  assert.equal(await balance(app, w.key), before - total, 'credit reduced by exactly the invoice total');

  const done = await waitForOrder(w, order.id, ['completed']);
  assertOrderShape(done);
  assert.match(done.server_id, /^[0-9a-f]{16}$/);
  assert.equal(done.invoice.status, 'paid');
  assert.equal(done.created_at, order.created_at);
  assert.ok(Date.parse(done.updated_at) >= Date.parse(order.updated_at));

  const server = await app.api(`/projects/${w.slug}/servers/${done.server_id}/`, { key: w.key });
  assert.equal(server.status, 200, JSON.stringify(server.body));
  const s = server.body;
  assert.equal(s.hostname, 'db.example.com');
  assert.equal(s.status, 'running');
  assert.equal(s.location.code, 'nbg1');
  assert.equal(s.image.name, 'ubuntu-24.04');
  assert.equal(s.plan.name, 'CCX13');
  assert.deepEqual(
    { cpu_cores: s.plan.cpu_cores, ram_mb: s.plan.ram_mb, disk_gb: s.plan.disk_gb, boot_disk_gb: s.plan.boot_disk_gb },
    catalogue.products.find((product: Json) => product.id === 4).plan,
  );
  assert.equal(s.network.ipv4.length, 3, '1 + ipv4_additional addresses');
  assert.equal(s.network.ipv4[0].primary, true);
  assert.equal(s.network.ipv4.filter((address: Json) => address.primary).length, 1);
  assert.equal(new Set(s.network.ipv4.map((address: Json) => address.address)).size, 3);
  assert.equal(s.network.ipv6.length, 1, 'an IPv6 subnet');
  assert.ok(s.network.ipv6[0].subnet.startsWith('2001:db8:2:'), s.network.ipv6[0].subnet);
  assert.deepEqual(s.network.private_network, { eligible: true, enabled: true });
  assert.deepEqual([...s.ssh_keys].sort((a: number, b: number) => a - b), [keyA, keyB].sort((a, b) => a - b));
  assert.equal(s.has_user_data, false);
  assert.equal(s.billing.billing_cycle, 'monthly');
  assert.equal(s.billing.status, 'Active');
  // The recurring amount is the plan with its extras, without setup fee or one-off promotion.
  assert.equal(s.billing.recurring_amount, money(minor('14.09') + 2 * minor('0.60')));

  const listed = await app.api(`/projects/${w.slug}/servers/`, { key: w.key });
  assert.deepEqual(listed.body.results.map((entry: Json) => entry.id), [done.server_id]);

  // A second order: quarterly with a setup fee, an extra address and HALFOFF (total from the catalogue).
  const second = { hostname: 'app-2', product_id: 5, location: 'fsn1', image: 'rocky-9', billing_cycle: 'quarterly', ipv4_additional: 1, promo_code: 'HALFOFF' };
  const secondTotal = expectedTotal(catalogue, second);
  assert.equal(secondTotal, 4465);
  const beforeSecond = await balance(app, w.key);
  const secondOrder = await orderServer(w, second);
  assert.equal(secondOrder.status, 201, JSON.stringify(secondOrder.body));
  assert.equal(secondOrder.body.status, 'provisioning');
  assert.equal(secondOrder.body.invoice.total, money(secondTotal));
  assert.equal(secondOrder.body.request.ipv6, false);
  assert.deepEqual(secondOrder.body.request.ssh_keys, []);
  assert.equal(await balance(app, w.key), beforeSecond - secondTotal);

  // The default billing cycle is the product's default.
  const third = await orderServer(w, { ...BASE_ORDER, hostname: 'default-cycle' });
  assert.equal(third.status, 201, JSON.stringify(third.body));
  assert.equal(third.body.request.billing_cycle, 'monthly');
  assert.equal(third.body.invoice.total, catalogue.products[0].prices.monthly);

  // Newest first, each as last recorded.
  await waitForOrder(w, secondOrder.body.id, ['completed']);
  await waitForOrder(w, third.body.id, ['completed']);
  const orders = await listOrders(w);
  assert.deepEqual(orders.map((entry) => entry.id), [third.body.id, secondOrder.body.id, order.id]);
  for (const entry of orders) assertOrderShape(entry);
  // The list and the order read agree (updated_at has its own test below).
  const { updated_at: _listed, ...listedFirst } = orders[2];
  const { updated_at: _read, ...readFirst } = (await getOrder(w, order.id)).body;
  assert.deepEqual(listedFirst, readFirst);

  // Orders of another project, or that do not exist, are 404.
  const other = await otherProject(w, 'Other Paid');
  assertProblem(await getOrder(other, order.id), 404, 'not_found', "another project's order");
  assertProblem(await getOrder(w, 987654), 404, 'not_found', 'no such order');
  assertProblem(await app.api(`/projects/${w.slug}/orders/abc/`, { key: w.key }), 404, 'not_found', 'not an id');
  await assertLedgerBalances(app);
});

test('credit short: awaiting_payment with no credit applied; paid by the operator it is delivered; a cancelled invoice cancels the order', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '10.00', project: 'Short' });
  const before = await balance(app, w.key);

  const big = { hostname: 'big-1', product_id: 6, location: 'fsn1', image: 'debian-12', billing_cycle: 'annually' };
  const ordered = await orderServer(w, big, { idempotencyKey: 'short-1' });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assertOrderShape(ordered.body);
  assert.equal(ordered.body.status, 'awaiting_payment');
  assert.equal(ordered.body.server_id, null);
  assert.equal(ordered.body.invoice.status, 'unpaid');
  assert.equal(ordered.body.invoice.total, '610.00');
  assert.ok(ordered.body.invoice.url.startsWith(app.baseUrl), `an absolute console link: ${ordered.body.invoice.url}`);
  assert.equal(await balance(app, w.key), before, 'no credit applied to an invoice it does not cover');

  // It stays waiting while nobody pays (the GET checks billing and finds it unpaid).
  const waiting = await getOrder(w, ordered.body.id);
  assert.equal(waiting.status, 200);
  assert.equal(waiting.body.status, 'awaiting_payment');
  assert.equal(waiting.body.invoice.url, ordered.body.invoice.url);

  const paid = await app.admin(`/invoices/${ordered.body.invoice.id}/pay`, { method: 'POST' });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  assert.equal(paid.body.status, 'paid');
  assert.equal(paid.body.total, '610.00');
  assert.equal(paid.body.credit_applied, '0.00', 'paid in the console, not from credit');
  const afterPay = (await listOrders(w)).find((entry) => entry.id === ordered.body.id);
  assert.ok(['provisioning', 'completed'].includes(afterPay.status), `the order moves on at once when paid: ${afterPay.status}`);
  assert.equal(afterPay.invoice.status, 'paid');
  const delivered = await waitForOrder(w, ordered.body.id, ['completed']);
  assert.match(delivered.server_id, /^[0-9a-f]{16}$/);
  const server = (await app.api(`/projects/${w.slug}/servers/${delivered.server_id}/`, { key: w.key })).body;
  assert.equal(server.status, 'running');
  assert.equal(server.plan.name, 'CCX33');
  assert.equal(server.billing.billing_cycle, 'annually');
  assert.equal(await balance(app, w.key), before, 'a console payment takes no credit');

  // Paying again changes nothing.
  const payAgain = await app.admin(`/invoices/${ordered.body.invoice.id}/pay`, { method: 'POST' });
  assert.equal(payAgain.status, 200);
  assert.equal(payAgain.body.status, 'paid');
  // Cancelling a paid invoice does not cancel its delivered order.
  const cancelPaid = await app.admin(`/invoices/${ordered.body.invoice.id}/cancel`, { method: 'POST' });
  assert.equal(cancelPaid.status, 200);
  assert.equal(cancelPaid.body.status, 'paid');
  assert.equal((await getOrder(w, ordered.body.id)).body.status, 'completed');

  // Another waiting order, cancelled by the operator.
  const other = await orderServer(w, { ...big, hostname: 'big-2' }, { idempotencyKey: 'short-2' });
  assert.equal(other.status, 201, JSON.stringify(other.body));
  assert.equal(other.body.status, 'awaiting_payment');
  assert.notEqual(other.body.invoice.id, ordered.body.invoice.id);
  const cancelled = await app.admin(`/invoices/${other.body.invoice.id}/cancel`, { method: 'POST' });
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  assert.equal(cancelled.body.status, 'cancelled');
  const cancelledOrder = (await listOrders(w)).find((entry) => entry.id === other.body.id);
  assert.equal(cancelledOrder.status, 'cancelled');
  assert.equal(cancelledOrder.invoice.status, 'cancelled');
  assert.equal(cancelledOrder.server_id, null);
  assert.equal((await getOrder(w, other.body.id)).body.status, 'cancelled');
  // A cancelled invoice cannot be paid afterwards; the order stays cancelled.
  const payCancelled = await app.admin(`/invoices/${other.body.invoice.id}/pay`, { method: 'POST' });
  assert.equal(payCancelled.status, 200);
  assert.equal(payCancelled.body.status, 'cancelled');
  assert.equal((await getOrder(w, other.body.id)).body.status, 'cancelled');
  assertProblem(await app.admin('/invoices/987654/pay', { method: 'POST' }), 404, 'not_found', 'no such invoice');

  assert.deepEqual((await listOrders(w)).map((entry) => entry.id), [other.body.id, ordered.body.id]);
  assert.equal((await app.api(`/projects/${w.slug}/servers/`, { key: w.key })).body.count, 1, 'the cancelled order built nothing');
  assert.equal(await balance(app, w.key), before);
  await assertLedgerBalances(app);
});

test('reading an order does not change it: updated_at moves only when the order does', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Stable' });
  const ordered = await orderServer(w, BASE_ORDER);
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const done = await waitForOrder(w, ordered.body.id, ['completed']);
  await app.admin('/clock/advance', { method: 'POST', body: { seconds: 5 } });
  const again = (await getOrder(w, ordered.body.id)).body;
  assert.equal(again.status, 'completed');
  assert.equal(again.updated_at, done.updated_at, 'a GET is not a change of the order');
});
