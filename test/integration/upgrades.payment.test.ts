// Paying for an upgrade (spec "Upgrade", Order; DESIGN D7 and the operator
// rows for credit and invoices): a short credit waits for the operator's
// payment and then completes, an Idempotency-Key replays the order, a
// cancelled invoice cancels it, and a project admin's upgrade is billed to
// the owner.
// After every test, each account's ledger adds up to its balance (scenario,
// test/helpers/upgrades.ts).
import assert from 'node:assert/strict';
import { assertProblem } from '../helpers/problems.ts';
import { getServer } from '../helpers/servers.ts';
import { assertUpgradeTotal, balance, clockNow, minor, orders, reboot, scenario, setCredit, upgrade, waitForOrder } from '../helpers/upgrades.ts';
import { addMemberWithKey, placeServer } from '../helpers/world.ts';

scenario('upgrade with too little credit: awaiting_payment, no credit applied; operator pay → completed; Idempotency-Key replays the order', async ({ app, slug, catalogue, ...owner }) => {
  const server = await placeServer({ app, slug }, { hostname: 'short', product_id: 1, location: 'fsn1' });
  await setCredit(app, owner.userId, owner.key, 50);
  const ledgerRows = async () => (await app.app.database.db.selectFrom('credit_ledger').select('id').where('user_id', '=', owner.userId).execute()).length;
  const ledgerBefore = await ledgerRows();

  const body = { product_id: 3, upgrade_disk: true };
  const before = await clockNow(app);
  const ordered = await upgrade(app, owner.key, slug, server.id, body, 'pay-later');
  const after = await clockNow(app);
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.status, 'awaiting_payment');
  assert.equal(ordered.body.invoice.status, 'unpaid');
  assert.match(ordered.body.invoice.url, new RegExp(`/console/invoices/${ordered.body.invoice.id}$`));
  assertUpgradeTotal(ordered.body.invoice.total, catalogue, 1, 3, server.billing, before, after);
  assert.equal(await balance(app, owner.key), 50, 'no credit is applied');
  assert.equal(await ledgerRows(), ledgerBefore);
  const waiting = await getServer(app, owner.key, slug, server.id);
  assert.equal(waiting.pending_changes, false, 'nothing changes before payment');
  assert.deepEqual(waiting.billing.upgradeable_to, [2, 3]);
  assert.equal(waiting.billing.recurring_amount, '4.59');

  // The same request again: the first order, 200, not a second one.
  const replay = await upgrade(app, owner.key, slug, server.id, body, 'pay-later');
  assert.equal(replay.status, 200, JSON.stringify(replay.body));
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal(replay.body.id, ordered.body.id);
  assert.equal(replay.body.invoice.id, ordered.body.invoice.id);
  // The same key with another body: 409.
  assertProblem(await upgrade(app, owner.key, slug, server.id, { product_id: 2, upgrade_disk: true }, 'pay-later'), 409, 'idempotency_key_reused');
  assert.equal((await orders(app, owner.key, slug)).length, 1);

  // Paid in the console (operator): the order continues to completed.
  const paid = await app.admin(`/invoices/${ordered.body.invoice.id}/pay`, { method: 'POST' });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  assert.equal(paid.body.status, 'paid');
  assert.equal(paid.body.credit_applied, '0.00');
  const completed = await waitForOrder(app, owner.key, slug, ordered.body.id, 'completed');
  assert.equal(completed.invoice.status, 'paid');
  assert.equal(await balance(app, owner.key), 50, 'paid in the console, not from credit');
  const upgraded = await getServer(app, owner.key, slug, server.id);
  assert.equal(upgraded.pending_changes, true);
  assert.equal(upgraded.billing.recurring_amount, '18.59');
  assert.deepEqual(upgraded.billing.upgradeable_to, []);
  await reboot(app, owner.key, slug, server.id);
  const rebooted = await getServer(app, owner.key, slug, server.id);
  assert.equal(rebooted.plan.name, 'CX42');
  assert.equal(rebooted.plan.disk_gb, 160);
  assert.equal(rebooted.pending_changes, false);

  // A replay after completion still answers the one order, as it is now.
  const lateReplay = await upgrade(app, owner.key, slug, server.id, body, 'pay-later');
  assert.equal(lateReplay.status, 200);
  assert.equal(lateReplay.headers.get('idempotent-replayed'), 'true');
  assert.equal(lateReplay.body.id, ordered.body.id);
  assert.equal(lateReplay.body.status, 'completed');
  assert.equal((await orders(app, owner.key, slug)).length, 1);
});

scenario('upgrade awaiting payment whose invoice is cancelled: the order is cancelled and the server keeps its product', async ({ app, slug, ...owner }) => {
  const server = await placeServer({ app, slug }, { hostname: 'undecided', product_id: 1, location: 'fsn1' });
  await setCredit(app, owner.userId, owner.key, 0);
  const ordered = await upgrade(app, owner.key, slug, server.id, { product_id: 2, upgrade_disk: true });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.status, 'awaiting_payment');
  const cancelled = await app.admin(`/invoices/${ordered.body.invoice.id}/cancel`, { method: 'POST' });
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  await waitForOrder(app, owner.key, slug, ordered.body.id, 'cancelled');
  // Paying a cancelled invoice changes nothing.
  assert.equal((await app.admin(`/invoices/${ordered.body.invoice.id}/pay`, { method: 'POST' })).body.status, 'cancelled');
  const after = await getServer(app, owner.key, slug, server.id);
  assert.equal(after.pending_changes, false);
  assert.equal(after.billing.recurring_amount, '4.59');
  assert.deepEqual(after.billing.upgradeable_to, [2, 3]);
  assert.equal((await app.api(`/projects/${slug}/orders/${ordered.body.id}/`, { key: owner.key })).body.status, 'cancelled');
});

scenario('upgrade by a project admin is billed to the owner', async ({ app, slug, ...owner }) => {
  const server = await placeServer({ app, slug }, { hostname: 'admin-run', product_id: 4, location: 'fsn1' });
  const admin = await addMemberWithKey(app, slug, 'admin', { credit: '100.00' });
  const ownerBefore = await balance(app, owner.key);
  const adminBefore = await balance(app, admin.key);
  const ordered = await upgrade(app, admin.key, slug, server.id, { product_id: 5, upgrade_disk: true });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.status, 'provisioning');
  await waitForOrder(app, admin.key, slug, ordered.body.id, 'completed');
  assert.equal(await balance(app, owner.key), ownerBefore - minor(ordered.body.invoice.total));
  assert.equal(await balance(app, admin.key), adminBefore);
  // CCX13 in fsn1 → CCX23 (27.99 − 14.09 = 13.90 a month).
  assert.equal((await getServer(app, owner.key, slug, server.id)).billing.recurring_amount, '27.99');
});
