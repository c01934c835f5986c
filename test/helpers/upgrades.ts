// Upgrades and extra bandwidth over the project API, for their tests
// (upgrades.*.test.ts, bandwidth.test.ts): `scenario`, a test on a fresh
// world whose ledgers must add up afterwards; credit set exactly; the
// operator clock; the calls and bounded polls; and D9's expected upgrade
// total, computed here from the server's billing, not by the code under test.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { eventually, type CallResult, type TestApp } from './build.ts';
import { buildWorld, type World } from './world.ts';

type Json = Record<string, any>;

export const DAY_SECONDS = 86_400;
const MONTHS: Record<string, number> = { monthly: 1, quarterly: 3, semiannually: 6, annually: 12 };

/** "12.34" → 1234, exactly (no floating point). */
export function minor(text: string): number {
  const match = /^(-)?(\d+)\.(\d{2})$/.exec(text);
  assert.ok(match, `a two-decimal amount: ${text}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/** The world of an upgrades test, with the operator's catalogue. */
export type UpgradeWorld = World & { catalogue: Json };

async function setUp(t: TestContext, credit = '100.00'): Promise<UpgradeWorld> {
  const w = await buildWorld(t, { credit, project: 'Upgrades' });
  const catalogue = await w.app.admin('/catalogue');
  assert.equal(catalogue.status, 200);
  return { ...w, catalogue: catalogue.body };
}

/** A test on a fresh world; afterwards (when it passed) every ledger must add up to its balance. */
export function scenario(name: string, body: (world: UpgradeWorld) => Promise<void>, credit?: string): void {
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

export async function balance(app: TestApp, key: string): Promise<number> {
  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  return minor(me.body.billing_account.credit_balance);
}

export async function setCredit(app: TestApp, userId: number, key: string, target: number): Promise<void> {
  const change = target - (await balance(app, key));
  const sign = change < 0 ? '-' : '';
  const amount = `${sign}${Math.floor(Math.abs(change) / 100)}.${String(Math.abs(change) % 100).padStart(2, '0')}`;
  const response = await app.admin(`/users/${userId}/credit`, { method: 'POST', body: { amount } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(await balance(app, key), target);
}

/** Reads (and does not move) the operator clock. */
export async function clockNow(app: TestApp): Promise<number> {
  return advance(app, 0);
}

export async function advance(app: TestApp, seconds: number): Promise<number> {
  const response = await app.admin('/clock/advance', { method: 'POST', body: { seconds } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return Date.parse(response.body.now);
}

export function upgrade(app: TestApp, key: string, slug: string, id: string, body: unknown, idempotencyKey?: string): Promise<CallResult> {
  return app.api(`/projects/${slug}/servers/${id}/upgrade/`, { method: 'POST', key, body, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
}

export function bandwidth(app: TestApp, key: string, slug: string, id: string, body: unknown): Promise<CallResult> {
  return app.api(`/projects/${slug}/servers/${id}/bandwidth/`, { method: 'POST', key, body });
}

export async function orders(app: TestApp, key: string, slug: string): Promise<Json[]> {
  const response = await app.api(`/projects/${slug}/orders/`, { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

export async function waitForOrder(app: TestApp, key: string, slug: string, id: number, status: string): Promise<Json> {
  return eventually(async () => {
    const order = await app.api(`/projects/${slug}/orders/${id}/`, { key });
    assert.equal(order.status, 200, JSON.stringify(order.body));
    assert.ok(!['failed', 'cancelled'].includes(order.body.status) || order.body.status === status, `order ${id} ended ${order.body.status}: ${JSON.stringify(order.body)}`);
    return order.body.status === status ? order.body : null;
  });
}

/** A reboot through the API, polled (bounded) until it succeeds. */
export async function reboot(app: TestApp, key: string, slug: string, id: string): Promise<void> {
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

export const product = (catalogue: Json, id: number): Json => {
  const found = catalogue.products.find((entry: Json) => entry.id === id);
  assert.ok(found, `product ${id} in the catalogue`);
  return found;
};

/** 00:00 UTC of the date one billing cycle before `due` (the 31st falls back to the month's last day). */
export function termStartMs(due: string, cycle: string): number {
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
export function assertUpgradeTotal(total: string, catalogue: Json, fromId: number, toId: number, billing: Json, before: number, after: number): void {
  const high = expectedUpgradeTotal(catalogue, fromId, toId, billing, before);
  const low = expectedUpgradeTotal(catalogue, fromId, toId, billing, after);
  const actual = minor(total);
  assert.ok(actual >= Math.floor(low) - 1 && actual <= Math.ceil(high) + 1, `upgrade total ${total}: expected ${(low / 100).toFixed(4)}…${(high / 100).toFixed(4)} (±0.01)`);
}
