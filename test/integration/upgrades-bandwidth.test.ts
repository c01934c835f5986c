// Upgrades and extra bandwidth over HTTP (spec: Upgrade option, Order, the
// upgrade-options / upgrade / bandwidth rows, "Upgrade", "Bandwidth", Errors;
// DESIGN D2, D5, D7, D9 and the operator rows for credit and invoices):
// - upgrade options are exactly the product's upgrade paths, readable by any
//   member and by a read-only key, 404 for another project;
// - an upgrade is billed (new − old recurring price for the server's cycle) ×
//   what is left of the term, never below 0; paid from credit it completes,
//   billing follows the new product at once and the plan waits for a reboot
//   through the API; upgrade_disk decides the disk; a short credit waits for
//   the operator's payment; Idempotency-Key replays;
// - bandwidth is one of pricing.extra_bandwidth at its price, `provisioning`
//   first, then the server's (and its pool's) extra_gb grows.
// After every test, each account's ledger adds up to its balance.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { build, eventually, type CallResult, type TestApp } from '../helpers/build.ts';
import { assertProblem, assertFieldError } from '../helpers/problems.ts';

type Json = Record<string, any>;

const DAY_SECONDS = 86_400;
const MONTHS: Record<string, number> = { monthly: 1, quarterly: 3, semiannually: 6, annually: 12 };

// ---------------------------------------------------------------- helpers

/** "12.34" → 1234, exactly (no floating point). */
function minor(text: string): number {
  const match = /^(-)?(\d+)\.(\d{2})$/.exec(text);
  assert.ok(match, `a two-decimal amount: ${text}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}



interface World {
  app: TestApp;
  owner: { userId: number; key: string; keyId: number };
  slug: string;
  catalogue: Json;
}

async function setUp(t: TestContext, credit = '100.00'): Promise<World> {
  const app = await build(t);
  const owner = await app.createUser({ credit });
  const slug = await app.createReadyProject(owner.key, 'Upgrades');
  const catalogue = await app.admin('/catalogue');
  assert.equal(catalogue.status, 200);
  return { app, owner, slug, catalogue: catalogue.body };
}

/** A test on a fresh world; afterwards (when it passed) every ledger must add up to its balance. */
function scenario(name: string, body: (world: World) => Promise<void>, credit?: string): void {
  test(name, async (t) => {
    const world = await setUp(t, credit);
    await body(world);
    await assertLedgersAddUp(world.app);
  });
}

/** Sum of ledger movements = balance, and the last balance_after is the balance, for every account. */
async function assertLedgersAddUp(app: TestApp): Promise<void> {
  const db = app.app.database.db;
  const accounts = await db.selectFrom('billing_accounts').select(['user_id', 'credit_balance']).execute();
  for (const account of accounts) {
    const ledger = await db.selectFrom('credit_ledger').select(['amount', 'balance_after']).where('user_id', '=', account.user_id).orderBy('id').execute();
    const sum = ledger.reduce((total, row) => total + Number(row.amount), 0);
    assert.equal(sum, Number(account.credit_balance), `ledger of user ${account.user_id} adds up to the balance`);
    if (ledger.length > 0) assert.equal(Number(ledger.at(-1)!.balance_after), Number(account.credit_balance));
    assert.ok(Number(account.credit_balance) >= 0);
  }
}

async function place(app: TestApp, slug: string, body: Json): Promise<Json> {
  const response = await app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { image: 'debian-12', ...body } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

async function getServer(app: TestApp, key: string, slug: string, id: string): Promise<Json> {
  const response = await app.api(`/projects/${slug}/servers/${id}/`, { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

async function balance(app: TestApp, key: string): Promise<number> {
  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  return minor(me.body.billing_account.credit_balance);
}

async function setCredit(app: TestApp, userId: number, key: string, target: number): Promise<void> {
  const change = target - (await balance(app, key));
  const sign = change < 0 ? '-' : '';
  const amount = `${sign}${Math.floor(Math.abs(change) / 100)}.${String(Math.abs(change) % 100).padStart(2, '0')}`;
  const response = await app.admin(`/users/${userId}/credit`, { method: 'POST', body: { amount } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(await balance(app, key), target);
}

async function addMember(app: TestApp, slug: string, role: string): Promise<{ userId: number; key: string }> {
  const user = await app.createUser({ credit: '100.00' });
  const response = await app.admin(`/projects/${slug}/members/${user.userId}`, { method: 'PUT', body: { role } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return user;
}

/** Reads (and does not move) the operator clock. */
async function clockNow(app: TestApp): Promise<number> {
  return advance(app, 0);
}

async function advance(app: TestApp, seconds: number): Promise<number> {
  const response = await app.admin('/clock/advance', { method: 'POST', body: { seconds } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return Date.parse(response.body.now);
}

function upgrade(app: TestApp, key: string, slug: string, id: string, body: unknown, idempotencyKey?: string): Promise<CallResult> {
  return app.api(`/projects/${slug}/servers/${id}/upgrade/`, { method: 'POST', key, body, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
}

function bandwidth(app: TestApp, key: string, slug: string, id: string, body: unknown): Promise<CallResult> {
  return app.api(`/projects/${slug}/servers/${id}/bandwidth/`, { method: 'POST', key, body });
}

async function orders(app: TestApp, key: string, slug: string): Promise<Json[]> {
  const response = await app.api(`/projects/${slug}/orders/`, { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

async function waitForOrder(app: TestApp, key: string, slug: string, id: number, status: string): Promise<Json> {
  return eventually(async () => {
    const order = await app.api(`/projects/${slug}/orders/${id}/`, { key });
    assert.equal(order.status, 200, JSON.stringify(order.body));
    assert.ok(!['failed', 'cancelled'].includes(order.body.status) || order.body.status === status, `order ${id} ended ${order.body.status}: ${JSON.stringify(order.body)}`);
    return order.body.status === status ? order.body : null;
  });
}

/** A reboot through the API, polled (bounded) until it succeeds. */
async function reboot(app: TestApp, key: string, slug: string, id: string): Promise<void> {
  const started = await app.api(`/projects/${slug}/servers/${id}/actions/reboot/`, { method: 'POST', key });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  assert.equal(started.body.type, 'server.reboot');
  const done = await eventually(async () => {
    const action = await app.api(`/projects/${slug}/actions/${started.body.id}/`, { key });
    assert.equal(action.status, 200, JSON.stringify(action.body));
    return action.body.status === 'running' ? null : action.body;
  });
  assert.equal(done.status, 'success', JSON.stringify(done));
}

const product = (catalogue: Json, id: number): Json => {
  const found = catalogue.products.find((entry: Json) => entry.id === id);
  assert.ok(found, `product ${id} in the catalogue`);
  return found;
};

/** 00:00 UTC of the date one billing cycle before `due` (the 31st falls back to the month's last day). */
function termStartMs(due: string, cycle: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(due);
  assert.ok(match, `a YYYY-MM-DD date: ${due}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const months = MONTHS[cycle];
  assert.ok(months, `a known cycle: ${cycle}`);
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, lastDay));
}

/** D9: (new − old recurring price for the cycle) × remaining fraction of the term, not below 0; minor units. */
function expectedUpgradeTotal(catalogue: Json, fromId: number, toId: number, billing: Json, nowMs: number): number {
  const cycle: string = billing.billing_cycle;
  const difference = minor(product(catalogue, toId).prices[cycle]) - minor(product(catalogue, fromId).prices[cycle]);
  const due = Date.parse(`${billing.next_due_date}T00:00:00Z`);
  const start = termStartMs(billing.next_due_date, cycle);
  const fraction = Math.min(1, Math.max(0, (due - nowMs) / (due - start)));
  return Math.max(0, difference * fraction);
}

/** The total is within one minor unit of what D9 says for any moment between `before` and `after`. */
function assertUpgradeTotal(total: string, catalogue: Json, fromId: number, toId: number, billing: Json, before: number, after: number): void {
  const high = expectedUpgradeTotal(catalogue, fromId, toId, billing, before);
  const low = expectedUpgradeTotal(catalogue, fromId, toId, billing, after);
  const actual = minor(total);
  assert.ok(actual >= Math.floor(low) - 1 && actual <= Math.ceil(high) + 1, `upgrade total ${total}: expected ${(low / 100).toFixed(4)}…${(high / 100).toFixed(4)} (±0.01)`);
}

// ---------------------------------------------------------------- upgrade options

scenario('upgrade options: exactly the product upgrade paths with their prices; any member and a read-only key may read; another project 404', async ({ app, owner, slug, catalogue }) => {
  const cx22 = await place(app, slug, { hostname: 'cx22', product_id: 1, location: 'fsn1' });
  const ccx13 = await place(app, slug, { hostname: 'ccx13', product_id: 4, location: 'fsn1' });
  const cx42 = await place(app, slug, { hostname: 'cx42', product_id: 3, location: 'fsn1' });

  const expected = (id: number) =>
    product(catalogue, id).upgradeable_to.map((target: number) => {
      const entry = product(catalogue, target);
      return { product_id: entry.id, name: entry.name, prices: entry.prices, currency: entry.currency };
    });
  const options = (key: string, projectSlug: string, id: string) => app.api(`/projects/${projectSlug}/servers/${id}/upgrade-options/`, { key });

  const forCx22 = await options(owner.key, slug, cx22.id);
  assert.equal(forCx22.status, 200, JSON.stringify(forCx22.body));
  assert.deepEqual(forCx22.body, expected(1));
  assert.deepEqual(forCx22.body.map((entry: Json) => entry.product_id), [2, 3]);
  assert.deepEqual(forCx22.body[0], { product_id: 2, name: 'CX32', prices: { monthly: '7.59', quarterly: '22.50', annually: '84.00' }, currency: 'EUR' });
  // CCX33 is sold monthly and yearly only: its prices say so.
  const forCcx13 = await options(owner.key, slug, ccx13.id);
  assert.deepEqual(forCcx13.body, expected(4));
  assert.deepEqual(forCcx13.body.find((entry: Json) => entry.product_id === 6).prices, { monthly: '55.49', annually: '610.00' });
  // The top of a family has none.
  assert.deepEqual((await options(owner.key, slug, cx42.id)).body, []);

  // Any member reads them; so does a read-only key.
  const member = await addMember(app, slug, 'member');
  assert.deepEqual((await options(member.key, slug, cx22.id)).body, expected(1));
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  const viaReadOnly = await options(readOnly.key, slug, cx22.id);
  assert.equal(viaReadOnly.status, 200, JSON.stringify(viaReadOnly.body));
  assert.deepEqual(viaReadOnly.body, expected(1));

  // Another project: its own slug with this server, or this slug without membership — 404 both.
  const stranger = await app.createUser();
  const strangerSlug = await app.createReadyProject(stranger.key, 'Elsewhere');
  assertProblem(await options(stranger.key, strangerSlug, cx22.id), 404, 'not_found');
  assertProblem(await options(stranger.key, slug, cx22.id), 404, 'not_found');
  assertProblem(await options(owner.key, slug, '0123456789abcdef'), 404, 'not_found');
});

// ---------------------------------------------------------------- upgrade: refusals

scenario('upgrade: a product that is not an option or out of upgrade stock is a 400 on product_id; member and read-only key 403; nothing is ordered', async ({ app, owner, slug }) => {
  const server = await place(app, slug, { hostname: 'web', product_id: 1, location: 'fsn1' });
  const creditBefore = await balance(app, owner.key);

  // Not an upgrade path (another family, itself, unknown, a downgrade).
  for (const productId of [4, 1, 99]) {
    assertFieldError(await upgrade(app, owner.key, slug, server.id, { product_id: productId, upgrade_disk: false }), 'product_id');
  }
  const cx32 = await place(app, slug, { hostname: 'mid', product_id: 2, location: 'fsn1' });
  assertFieldError(await upgrade(app, owner.key, slug, cx32.id, { product_id: 1, upgrade_disk: false }), 'product_id');
  // CX42 has no upgrade stock in hel1.
  const helsinki = await place(app, slug, { hostname: 'hel', product_id: 1, location: 'hel1' });
  assertFieldError(await upgrade(app, owner.key, slug, helsinki.id, { product_id: 3, upgrade_disk: false }), 'product_id');
  // Bad shapes are 400s too.
  assertProblem(await upgrade(app, owner.key, slug, server.id, { upgrade_disk: true }), 400, 'validation_error');
  assertProblem(await upgrade(app, owner.key, slug, server.id, { product_id: 'two' }), 400, 'validation_error');
  assert.deepEqual(await orders(app, owner.key, slug), [], 'no order was recorded');
  assert.equal(await balance(app, owner.key), creditBefore);

  // Who may: a member no, a read-only key no (checked before the role), another project 404.
  const member = await addMember(app, slug, 'member');
  assertProblem(await upgrade(app, member.key, slug, server.id, { product_id: 2, upgrade_disk: false }), 403, 'insufficient_role');
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  assertProblem(await upgrade(app, readOnly.key, slug, server.id, { product_id: 2, upgrade_disk: false }), 403, 'read_only_key');
  const memberReadOnly = await app.createKey(member.userId, { readOnly: true });
  assertProblem(await upgrade(app, memberReadOnly.key, slug, server.id, { product_id: 2, upgrade_disk: false }), 403, 'read_only_key');
  const stranger = await app.createUser();
  assertProblem(await upgrade(app, stranger.key, slug, server.id, { product_id: 2, upgrade_disk: false }), 404, 'not_found');
  assert.deepEqual(await orders(app, owner.key, slug), []);
  assert.equal(await balance(app, owner.key), creditBefore);
  const unchanged = await getServer(app, owner.key, slug, server.id);
  assert.equal(unchanged.plan.name, 'CX22');
  assert.equal(unchanged.pending_changes, false);
  assert.deepEqual(unchanged.billing.upgradeable_to, [2, 3]);
});

scenario('upgrade: a target not sold in the server billing cycle is refused (CCX13 quarterly → CCX33, which has no quarterly price)', async ({ app, owner, slug }) => {
  const server = await place(app, slug, { hostname: 'quarterly', product_id: 4, location: 'fsn1', billing_cycle: 'quarterly' });
  const creditBefore = await balance(app, owner.key);
  const refused = await upgrade(app, owner.key, slug, server.id, { product_id: 6, upgrade_disk: false });
  // The server keeps its cycle, and CCX33 cannot be billed quarterly: not a free upgrade with a 0.00 recurring amount.
  assertFieldError(refused, 'product_id');
  assert.deepEqual(await orders(app, owner.key, slug), []);
  assert.equal(await balance(app, owner.key), creditBefore);
  const after = await getServer(app, owner.key, slug, server.id);
  assert.equal(after.billing.recurring_amount, '42.00');
});

// ---------------------------------------------------------------- upgrade: the happy path

scenario('upgrade: prorated invoice (D9) paid from credit; billing follows at once, the plan after a reboot through the API; 15 days later the same upgrade costs about half', async ({ app, owner, slug, catalogue }) => {
  const early = await place(app, slug, { hostname: 'early', product_id: 1, location: 'fsn1', ipv4_additional: 2 });
  const late = await place(app, slug, { hostname: 'late', product_id: 1, location: 'fsn1' });
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

scenario('upgrade without upgrade_disk: the disk is not grown, so neither is the boot disk (boot_disk_gb never exceeds disk_gb)', async ({ app, owner, slug }) => {
  const server = await place(app, slug, { hostname: 'keepdisk', product_id: 1, location: 'fsn1' });
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

scenario('upgrade in a yearly cycle: priced from the annual prices over the year that is left', async ({ app, owner, slug, catalogue }) => {
  const server = await place(app, slug, { hostname: 'yearly', product_id: 4, location: 'fsn1', billing_cycle: 'annually' });
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

scenario('upgrade: an invoice past the end of the term is never negative (D9: not below 0)', async ({ app, owner, slug }) => {
  const server = await place(app, slug, { hostname: 'overdue', product_id: 1, location: 'fsn1' });
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

scenario('upgrade_disk to a product whose disk is not larger: the order completes with a warning and the disk stays as it is', async ({ app, owner, slug, catalogue }) => {
  // Two extra CX22 upgrades: more cores on the same disk, and more cores on a smaller one.
  const base = product(catalogue, 1);
  const sameDisk = { ...structuredClone(base), id: 7, name: 'CPX22', description: ['4 vCPUs, same disk'], prices: { monthly: '6.00', quarterly: '18.00', annually: '70.00' }, plan: { cpu_cores: 4, ram_mb: 8192, disk_gb: 40, boot_disk_gb: 40 }, upgradeable_to: [] };
  const smallerDisk = { ...structuredClone(base), id: 8, name: 'CPX12', description: ['4 vCPUs, smaller disk'], prices: { monthly: '6.50', quarterly: '19.00', annually: '72.00' }, plan: { cpu_cores: 4, ram_mb: 8192, disk_gb: 20, boot_disk_gb: 20 }, upgradeable_to: [] };
  const edited = structuredClone(catalogue);
  edited.products.find((entry: Json) => entry.id === 1).upgradeable_to = [2, 3, 7, 8];
  edited.products.push(sameDisk, smallerDisk);
  const put = await app.admin('/catalogue', { method: 'PUT', body: edited });
  assert.equal(put.status, 200, JSON.stringify(put.body));

  const first = await place(app, slug, { hostname: 'same-disk', product_id: 1, location: 'fsn1' });
  const second = await place(app, slug, { hostname: 'smaller-disk', product_id: 1, location: 'fsn1' });
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

// ---------------------------------------------------------------- upgrade: payment and idempotency

scenario('upgrade with too little credit: awaiting_payment, no credit applied; operator pay → completed; Idempotency-Key replays the order', async ({ app, owner, slug, catalogue }) => {
  const server = await place(app, slug, { hostname: 'short', product_id: 1, location: 'fsn1' });
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

scenario('upgrade awaiting payment whose invoice is cancelled: the order is cancelled and the server keeps its product', async ({ app, owner, slug }) => {
  const server = await place(app, slug, { hostname: 'undecided', product_id: 1, location: 'fsn1' });
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

scenario('upgrade by a project admin is billed to the owner', async ({ app, owner, slug }) => {
  const server = await place(app, slug, { hostname: 'admin-run', product_id: 4, location: 'fsn1' });
  const admin = await addMember(app, slug, 'admin');
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

// ---------------------------------------------------------------- bandwidth

scenario('bandwidth: a size from pricing.extra_bandwidth at its price; provisioning first, then completed and extra_gb grows (pooled and not)', async ({ app, owner, slug, catalogue }) => {
  const pooled = await place(app, slug, { hostname: 'pooled', product_id: 1, location: 'fsn1' });
  const neighbour = await place(app, slug, { hostname: 'neighbour', product_id: 2, location: 'fsn1' });
  const dedicated = await place(app, slug, { hostname: 'dedicated', product_id: 4, location: 'fsn1' });
  assert.equal(pooled.bandwidth.extra_gb, 0);
  assert.deepEqual(pooled.bandwidth.pool, { allocated_gb: 20000, extra_gb: 0, used_gb: 0 }, 'the pool before the neighbour joined');
  assert.equal(dedicated.bandwidth.pooled, false);
  assert.equal(dedicated.bandwidth.pool, null);
  const sizes = catalogue.pricing.extra_bandwidth as { size_gb: number; price: string }[];
  assert.deepEqual(sizes.map((entry) => entry.size_gb), [1000, 5000, 10000]);

  // Sizes not offered: 400 on size_gb, nothing ordered.
  for (const size of [1, 999, 2000, 1_000_000]) {
    assertFieldError(await bandwidth(app, owner.key, slug, pooled.id, { size_gb: size }), 'size_gb');
  }
  assertProblem(await bandwidth(app, owner.key, slug, pooled.id, {}), 400, 'validation_error');
  assertProblem(await bandwidth(app, owner.key, slug, pooled.id, { size_gb: 1000.5 }), 400, 'validation_error');
  assert.deepEqual(await orders(app, owner.key, slug), []);

  const creditBefore = await balance(app, owner.key);
  const offer = sizes[1]!;
  const ordered = await bandwidth(app, owner.key, slug, pooled.id, { size_gb: offer.size_gb });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.type, 'bandwidth');
  assert.equal(ordered.body.status, 'provisioning', 'provisioning while the bandwidth is added');
  assert.equal(ordered.body.server_id, pooled.id);
  assert.deepEqual(ordered.body.request, { size_gb: offer.size_gb });
  assert.equal(ordered.body.invoice.total, offer.price);
  assert.equal(ordered.body.invoice.status, 'paid');
  assert.equal(await balance(app, owner.key), creditBefore - minor(offer.price));
  await waitForOrder(app, owner.key, slug, ordered.body.id, 'completed');
  const grown = await getServer(app, owner.key, slug, pooled.id);
  assert.equal(grown.bandwidth.extra_gb, 5000);
  assert.equal(grown.bandwidth.allocated_gb, 20000);
  assert.deepEqual(grown.bandwidth.pool, { allocated_gb: 40000, extra_gb: 5000, used_gb: 0 });
  // The pool is shared: the neighbour sees it too, its own extra unchanged.
  const neighbourView = await getServer(app, owner.key, slug, neighbour.id);
  assert.equal(neighbourView.bandwidth.extra_gb, 0);
  assert.equal(neighbourView.bandwidth.pool.extra_gb, 5000);

  // A second purchase adds on top.
  const more = await bandwidth(app, owner.key, slug, pooled.id, { size_gb: 1000 });
  assert.equal(more.status, 201, JSON.stringify(more.body));
  assert.equal(more.body.invoice.total, '1.19');
  await waitForOrder(app, owner.key, slug, more.body.id, 'completed');
  const twice = await getServer(app, owner.key, slug, pooled.id);
  assert.equal(twice.bandwidth.extra_gb, 6000);
  assert.equal(twice.bandwidth.pool.extra_gb, 6000);

  // Not pooled: only the server's extra_gb.
  const forDedicated = await bandwidth(app, owner.key, slug, dedicated.id, { size_gb: 10000 });
  assert.equal(forDedicated.status, 201, JSON.stringify(forDedicated.body));
  assert.equal(forDedicated.body.status, 'provisioning');
  assert.equal(forDedicated.body.invoice.total, '9.99');
  await waitForOrder(app, owner.key, slug, forDedicated.body.id, 'completed');
  const dedicatedAfter = await getServer(app, owner.key, slug, dedicated.id);
  assert.equal(dedicatedAfter.bandwidth.extra_gb, 10000);
  assert.equal(dedicatedAfter.bandwidth.pool, null);
  assert.equal((await getServer(app, owner.key, slug, pooled.id)).bandwidth.pool.extra_gb, 6000, 'a dedicated server does not touch the pool');
  assert.equal(await balance(app, owner.key), creditBefore - 549 - 119 - 999);
});

scenario('bandwidth: member and read-only key 403, another project 404; too little credit waits for payment, then extra_gb grows', async ({ app, owner, slug }) => {
  const server = await place(app, slug, { hostname: 'bw', product_id: 4, location: 'fsn1' });
  const member = await addMember(app, slug, 'member');
  assertProblem(await bandwidth(app, member.key, slug, server.id, { size_gb: 1000 }), 403, 'insufficient_role');
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  assertProblem(await bandwidth(app, readOnly.key, slug, server.id, { size_gb: 1000 }), 403, 'read_only_key');
  const stranger = await app.createUser();
  assertProblem(await bandwidth(app, stranger.key, slug, server.id, { size_gb: 1000 }), 404, 'not_found');
  assert.deepEqual(await orders(app, owner.key, slug), []);

  await setCredit(app, owner.userId, owner.key, 100);
  const ordered = await bandwidth(app, owner.key, slug, server.id, { size_gb: 5000 });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.status, 'awaiting_payment');
  assert.equal(ordered.body.invoice.total, '5.49');
  assert.equal(await balance(app, owner.key), 100);
  assert.equal((await getServer(app, owner.key, slug, server.id)).bandwidth.extra_gb, 0);
  const paid = await app.admin(`/invoices/${ordered.body.invoice.id}/pay`, { method: 'POST' });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  await waitForOrder(app, owner.key, slug, ordered.body.id, 'completed');
  assert.equal((await getServer(app, owner.key, slug, server.id)).bandwidth.extra_gb, 5000);
  assert.equal(await balance(app, owner.key), 100);
});
