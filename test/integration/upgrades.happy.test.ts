// Upgrading a server (spec "Upgrade", Order; DESIGN D5, D9): billed (new −
// old recurring price for the server's cycle) × what is left of the term,
// never below 0; paid from credit it completes, billing follows the new
// product at once and the plan waits for a reboot through the API;
// upgrade_disk decides the disk, and a disk that would not grow is a warning.
// Longer billing cycles: upgrades-proration.test.ts.
// After every test, each account's ledger adds up to its balance (scenario,
// test/helpers/upgrades.ts).
import assert from 'node:assert/strict';
import { getServer } from '../helpers/servers.ts';
import { advance, assertUpgradeTotal, balance, clockNow, DAY_SECONDS, minor, orders, product, reboot, scenario, termStartMs, upgrade, waitForOrder } from '../helpers/upgrades.ts';
import { placeServer } from '../helpers/world.ts';

type Json = Record<string, any>;

scenario('upgrade: prorated invoice (D9) paid from credit; billing follows at once, the plan after a reboot through the API; 15 days later the same upgrade costs about half', async ({ app, slug, catalogue, ...owner }) => {
  const early = await placeServer({ app, slug }, { hostname: 'early', product_id: 1, location: 'fsn1', ipv4_additional: 2 });
  const late = await placeServer({ app, slug }, { hostname: 'late', product_id: 1, location: 'fsn1' });
  assert.equal(early.billing.recurring_amount, '5.79', 'CX22 4.59 + 2 × 0.60');
  assert.equal(early.billing.billing_cycle, 'monthly');

  // Now: nearly the whole term is left.
  const creditBefore = await balance(app, owner.key);
  const before = await clockNow(app);
  const ordered = await upgrade(app, owner.key, slug, early.id, { product_id: 2, upgrade_disk: true }, 'upgrade-early');
  const after = await clockNow(app);
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.headers.get('idempotent-replayed'), null);
  assert.ok(ordered.headers.get('ratelimit-remaining'));
  const order = ordered.body;
  assert.equal(order.type, 'upgrade');
  assert.equal(order.server_id, early.id);
  assert.deepEqual(order.request, { product_id: 2, upgrade_disk: true });
  assert.deepEqual(order.warnings, []);
  assert.equal(order.status, 'provisioning', 'credit covers: paid at once, being delivered');
  assert.equal(order.invoice.status, 'paid');
  assert.equal(order.invoice.currency, 'EUR');
  assertUpgradeTotal(order.invoice.total, catalogue, 1, 2, early.billing, before, after);
  const earlyTotal = minor(order.invoice.total);
  assert.ok(earlyTotal > 0 && earlyTotal <= 300);
  assert.equal(await balance(app, owner.key), creditBefore - earlyTotal, 'exactly the invoice total was taken from credit');

  const completed = await waitForOrder(app, owner.key, slug, order.id, 'completed');
  assert.deepEqual(completed.warnings, []);
  assert.equal(completed.invoice.total, order.invoice.total);

  // Billing follows the new product at once; the plan waits for the reboot.
  const upgraded = await getServer(app, owner.key, slug, early.id);
  assert.equal(upgraded.pending_changes, true);
  assert.equal(upgraded.plan.name, 'CX22');
  assert.equal(upgraded.plan.cpu_cores, 2);
  assert.deepEqual(upgraded.billing.upgradeable_to, product(catalogue, 2).upgradeable_to);
  assert.equal(upgraded.billing.recurring_amount, '8.79', 'CX32 7.59 + the two extra addresses, 1.20');
  assert.equal(upgraded.billing.billing_cycle, 'monthly', 'the server keeps its billing cycle');
  assert.equal(upgraded.billing.next_due_date, early.billing.next_due_date);
  assert.equal(upgraded.billing.status, 'Active');
  assert.deepEqual((await app.api(`/projects/${slug}/servers/${early.id}/upgrade-options/`, { key: owner.key })).body.map((entry: Json) => entry.product_id), [3]);

  // A reboot through the API applies the plan, disk grown.
  await reboot(app, owner.key, slug, early.id);
  const rebooted = await getServer(app, owner.key, slug, early.id);
  assert.equal(rebooted.pending_changes, false);
  assert.equal(rebooted.status, 'running');
  assert.deepEqual(rebooted.plan, { name: 'CX32', category: 'Shared vCPU', cpu_cores: 4, ram_mb: 8192, disk_gb: 80, boot_disk_gb: 80 });
  assert.equal(rebooted.billing.recurring_amount, '8.79');

  // 15 days on: the same upgrade on the twin server costs the part of the term that is left.
  const movedTo = await advance(app, 15 * DAY_SECONDS);
  assert.ok(movedTo - after >= 15 * DAY_SECONDS * 1000);
  const laterBefore = await clockNow(app);
  const laterOrder = await upgrade(app, owner.key, slug, late.id, { product_id: 2, upgrade_disk: false }, 'upgrade-late');
  const laterAfter = await clockNow(app);
  assert.equal(laterOrder.status, 201, JSON.stringify(laterOrder.body));
  assertUpgradeTotal(laterOrder.body.invoice.total, catalogue, 1, 2, late.billing, laterBefore, laterAfter);
  const lateTotal = minor(laterOrder.body.invoice.total);
  assert.ok(lateTotal < earlyTotal, `${lateTotal} < ${earlyTotal}`);
  // The difference is 15 days' worth of the 3.00 monthly difference over this term.
  const due = Date.parse(`${late.billing.next_due_date}T00:00:00Z`);
  const termMs = due - termStartMs(late.billing.next_due_date, 'monthly');
  const shrink = (300 * (laterBefore - before)) / termMs;
  assert.ok(Math.abs(earlyTotal - lateTotal - shrink) <= 2, `shrank by ${earlyTotal - lateTotal}, expected about ${shrink.toFixed(2)}`);

  await waitForOrder(app, owner.key, slug, laterOrder.body.id, 'completed');
  const lateServer = await getServer(app, owner.key, slug, late.id);
  assert.equal(lateServer.pending_changes, true);
  assert.equal(lateServer.billing.recurring_amount, '7.59');
  await reboot(app, owner.key, slug, late.id);
  const lateRebooted = await getServer(app, owner.key, slug, late.id);
  assert.equal(lateRebooted.pending_changes, false);
  assert.equal(lateRebooted.plan.name, 'CX32');
  assert.equal(lateRebooted.plan.cpu_cores, 4);
  assert.equal(lateRebooted.plan.ram_mb, 8192);
  assert.equal(lateRebooted.plan.disk_gb, 40, 'upgrade_disk false keeps the old disk');

  // Both orders listed, newest first.
  assert.deepEqual((await orders(app, owner.key, slug)).map((entry) => entry.id), [laterOrder.body.id, order.id]);
});

scenario('upgrade without upgrade_disk: the disk is not grown, so neither is the boot disk (boot_disk_gb never exceeds disk_gb)', async ({ app, slug, ...owner }) => {
  const server = await placeServer({ app, slug }, { hostname: 'keepdisk', product_id: 1, location: 'fsn1' });
  const ordered = await upgrade(app, owner.key, slug, server.id, { product_id: 2, upgrade_disk: false });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  await waitForOrder(app, owner.key, slug, ordered.body.id, 'completed');
  await reboot(app, owner.key, slug, server.id);
  const plan = (await getServer(app, owner.key, slug, server.id)).plan;
  assert.equal(plan.name, 'CX32');
  assert.equal(plan.disk_gb, 40);
  assert.ok(plan.boot_disk_gb <= plan.disk_gb, `boot disk ${plan.boot_disk_gb} GB on a ${plan.disk_gb} GB disk`);
  assert.equal(plan.boot_disk_gb, 40);
});

scenario('upgrade in a yearly cycle: priced from the annual prices over the year that is left', async ({ app, slug, catalogue, ...owner }) => {
  const server = await placeServer({ app, slug }, { hostname: 'yearly', product_id: 4, location: 'fsn1', billing_cycle: 'annually' });
  assert.equal(server.billing.billing_cycle, 'annually');
  await advance(app, 40 * DAY_SECONDS);
  const before = await clockNow(app);
  const ordered = await upgrade(app, owner.key, slug, server.id, { product_id: 5, upgrade_disk: true });
  const after = await clockNow(app);
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assertUpgradeTotal(ordered.body.invoice.total, catalogue, 4, 5, server.billing, before, after);
  // 310.00 − 156.00 = 154.00 a year, with about 325 of 365 days left.
  assert.ok(minor(ordered.body.invoice.total) > 13_000 && minor(ordered.body.invoice.total) < 14_000, ordered.body.invoice.total);
  await waitForOrder(app, owner.key, slug, ordered.body.id, 'completed');
  const upgraded = await getServer(app, owner.key, slug, server.id);
  assert.equal(upgraded.billing.recurring_amount, '310.00');
  assert.equal(upgraded.billing.billing_cycle, 'annually');
  assert.deepEqual(upgraded.billing.upgradeable_to, [6]);
}, '500.00');

scenario('upgrade: an invoice past the end of the term is never negative (D9: not below 0)', async ({ app, slug, ...owner }) => {
  const server = await placeServer({ app, slug }, { hostname: 'overdue', product_id: 1, location: 'fsn1' });
  // Past next_due_date the remaining fraction is 0 (or less): the invoice is 0.00, not a refund.
  const now = await clockNow(app);
  const due = Date.parse(`${server.billing.next_due_date}T00:00:00Z`);
  await advance(app, (due - now) / 1000 + 3600);
  const creditBefore = await balance(app, owner.key);
  const ordered = await upgrade(app, owner.key, slug, server.id, { product_id: 3, upgrade_disk: true });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.invoice.total, '0.00', 'nothing of the term is left to pay for');
  const completed = await waitForOrder(app, owner.key, slug, ordered.body.id, 'completed');
  assert.equal(completed.invoice.status, 'paid');
  assert.ok(await balance(app, owner.key) <= creditBefore, 'no credit was handed out');
});

scenario('upgrade_disk to a product whose disk is not larger: the order completes with a warning and the disk stays as it is', async ({ app, slug, catalogue, ...owner }) => {
  // Two extra CX22 upgrades: more cores on the same disk, and more cores on a smaller one.
  const base = product(catalogue, 1);
  const sameDisk = { ...structuredClone(base), id: 7, name: 'CPX22', description: ['4 vCPUs, same disk'], prices: { monthly: '6.00', quarterly: '18.00', annually: '70.00' }, plan: { cpu_cores: 4, ram_mb: 8192, disk_gb: 40, boot_disk_gb: 40 }, upgradeable_to: [] };
  const smallerDisk = { ...structuredClone(base), id: 8, name: 'CPX12', description: ['4 vCPUs, smaller disk'], prices: { monthly: '6.50', quarterly: '19.00', annually: '72.00' }, plan: { cpu_cores: 4, ram_mb: 8192, disk_gb: 20, boot_disk_gb: 20 }, upgradeable_to: [] };
  const edited = structuredClone(catalogue);
  edited.products.find((entry: Json) => entry.id === 1).upgradeable_to = [2, 3, 7, 8];
  edited.products.push(sameDisk, smallerDisk);
  const put = await app.admin('/catalogue', { method: 'PUT', body: edited });
  assert.equal(put.status, 200, JSON.stringify(put.body));

  const first = await placeServer({ app, slug }, { hostname: 'same-disk', product_id: 1, location: 'fsn1' });
  const second = await placeServer({ app, slug }, { hostname: 'smaller-disk', product_id: 1, location: 'fsn1' });
  assert.deepEqual((await app.api(`/projects/${slug}/servers/${first.id}/upgrade-options/`, { key: owner.key })).body.map((entry: Json) => entry.product_id), [2, 3, 7, 8]);

  for (const [server, target] of [[first, sameDisk], [second, smallerDisk]] as const) {
    const ordered = await upgrade(app, owner.key, slug, server.id, { product_id: target.id, upgrade_disk: true });
    assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
    assert.equal(ordered.body.warnings.length, 1, JSON.stringify(ordered.body));
    assert.match(ordered.body.warnings[0], /disk/i);
    const completed = await waitForOrder(app, owner.key, slug, ordered.body.id, 'completed');
    assert.deepEqual(completed.warnings, ordered.body.warnings, 'the warning stays on the completed order');
    const pending = await getServer(app, owner.key, slug, server.id);
    assert.equal(pending.pending_changes, true);
    assert.equal(pending.billing.recurring_amount, target.prices.monthly);
    await reboot(app, owner.key, slug, server.id);
    const rebooted = await getServer(app, owner.key, slug, server.id);
    assert.equal(rebooted.pending_changes, false);
    assert.equal(rebooted.plan.name, target.name);
    assert.equal(rebooted.plan.cpu_cores, 4);
    assert.equal(rebooted.plan.disk_gb, 40, `${target.name}: the disk expansion was not scheduled, so the disk keeps its 40 GB`);
    assert.ok(rebooted.plan.boot_disk_gb <= rebooted.plan.disk_gb);
  }
});
