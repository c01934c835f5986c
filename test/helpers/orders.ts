// Ordering servers over the project API, for the orders tests (orders*.test.ts):
// a valid order body, the calls, bounded polls of an order, the credit balance
// in minor units, the invoice total the catalogue implies (D7), the order's
// shape, and the check that billing's books balance.
import assert from 'node:assert/strict';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { eventually, type CallResult, type TestApp } from './build.ts';
import { assertProblem } from './problems.ts';
import { placeServer, type World } from './world.ts';

type Json = any;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
export const BASE_ORDER = { hostname: 'web-1', product_id: 1, location: 'fsn1', image: 'debian-12' };
const ORDER_FIELDS = ['created_at', 'id', 'invoice', 'request', 'server_id', 'status', 'type', 'updated_at', 'warnings'];
const REQUEST_FIELDS = [
  'billing_cycle',
  'has_user_data',
  'hostname',
  'image',
  'ipv4_additional',
  'ipv6',
  'location',
  'private_network',
  'product_id',
  'promo_code',
  'snapshot_id',
  'ssh_keys',
];

/** A 400 with this code naming one of `fields` among its field errors. */
export function assertFieldError(response: CallResult, code: string, fields: string[], message: string): void {
  assertProblem(response, 400, code, message);
  const named = (response.body.errors ?? []).map((entry: { field: string }) => entry.field);
  assert.ok(
    named.some((field: string) => fields.includes(field)),
    `${message}: expected a field error on ${fields.join(' or ')}, got ${JSON.stringify(response.body)}`,
  );
}

/** "12.34" → 1234 */
export function minor(amount: string): number {
  assert.match(amount, /^-?\d+\.\d{2}$/, `a two-decimal amount: ${amount}`);
  const [whole, cents] = amount.replace('-', '').split('.') as [string, string];
  const value = Number(whole) * 100 + Number(cents);
  return amount.startsWith('-') ? -value : value;
}

export function money(minorUnits: number): string {
  const sign = minorUnits < 0 ? '-' : '';
  const absolute = Math.abs(minorUnits);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export function orderServer(w: World, body: unknown, options: { key?: string; idempotencyKey?: string; slug?: string } = {}): Promise<CallResult> {
  return w.app.api(`/projects/${options.slug ?? w.slug}/servers/`, {
    method: 'POST',
    key: options.key ?? w.key,
    body,
    headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {},
  });
}

export async function listOrders(w: World, key = w.key): Promise<Json[]> {
  const response = await w.app.api(`/projects/${w.slug}/orders/`, { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.ok(Array.isArray(response.body), 'the order list is a plain array');
  return response.body;
}

export async function getOrder(w: World, id: number): Promise<CallResult> {
  return w.app.api(`/projects/${w.slug}/orders/${id}/`, { key: w.key });
}

export async function waitForOrder(w: World, id: number, statuses: string[], timeoutMs = 10_000): Promise<Json> {
  return eventually(async () => {
    const response = await getOrder(w, id);
    return response.status === 200 && statuses.includes(response.body.status) ? response.body : null;
  }, timeoutMs);
}

/** The credit balance of the key's user, in minor units. */
export async function balance(app: TestApp, key: string): Promise<number> {
  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.billing_account.exists, true);
  return minor(me.body.billing_account.credit_balance);
}

/** A completed snapshot made by the create_snapshot action on a server placed by the operator. */
export async function completedSnapshot(w: World, name: string): Promise<number> {
  const placed = await placeServer(w, { ...BASE_ORDER, hostname: `snap-${name}` });
  const started = await w.app.api(`/projects/${w.slug}/servers/${placed.id}/actions/create_snapshot/`, { method: 'POST', key: w.key, body: { name } });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const done = await eventually(async () => {
    const action = (await w.app.api(`/projects/${w.slug}/actions/${started.body.id}/`, { key: w.key })).body;
    return action.status === 'success' || action.status === 'error' ? action : null;
  });
  assert.equal(done.status, 'success', JSON.stringify(done));
  const snapshotId = done.result.snapshot_id as number;
  await eventually(async () => (await w.app.api(`/projects/${w.slug}/snapshots/${snapshotId}/`, { key: w.key })).body.status === 'completed');
  return snapshotId;
}

/**
 * Billing's books balance: for every account, the ledger's movements add up to the balance, which is never negative.
 * Read through the app's database, or a handle of the test's own (the service then runs in other processes).
 */
export async function assertLedgerBalances(from: TestApp | DatabaseHandle): Promise<void> {
  const { db } = 'app' in from ? from.app.database : from;
  const accounts = await db.selectFrom('billing_accounts').select(['user_id', 'credit_balance']).execute();
  const sums = await db.selectFrom('credit_ledger').select(['user_id', (eb) => eb.fn.sum<number | string>('amount').as('total')]).groupBy('user_id').execute();
  for (const account of accounts) {
    const sum = Number(sums.find((row) => row.user_id === account.user_id)?.total ?? 0);
    assert.equal(sum, Number(account.credit_balance), `ledger of user ${account.user_id} adds up to the balance`);
    assert.ok(Number(account.credit_balance) >= 0, `balance of user ${account.user_id} is never negative`);
  }
}

/** Expected invoice total (D7), from the operator's catalogue. */
export function expectedTotal(
  catalogue: Json,
  order: { product_id: number; billing_cycle?: string; ipv4_additional?: number; ipv6?: boolean; promo_code?: string },
): number {
  const product = catalogue.products.find((entry: Json) => entry.id === order.product_id);
  const cycle = order.billing_cycle ?? product.default_billing_cycle;
  let total = minor(product.prices[cycle]) + minor(product.setup_fees[cycle] ?? '0.00');
  total += (order.ipv4_additional ?? 0) * minor(catalogue.pricing.ipv4_additional[cycle]);
  if (order.ipv6) total += minor(catalogue.pricing.ipv6[cycle]);
  if (order.promo_code) {
    const promo = catalogue.promo_codes.find((entry: Json) => entry.code === order.promo_code);
    total -= Math.round((total * promo.percent_off) / 100);
  }
  return total;
}

export function assertOrderShape(order: Json): void {
  assert.deepEqual(Object.keys(order).sort(), ORDER_FIELDS, JSON.stringify(order));
  assert.equal(Number.isInteger(order.id), true);
  assert.equal(order.type, 'server');
  assert.deepEqual(Object.keys(order.request).sort(), REQUEST_FIELDS, JSON.stringify(order.request));
  assert.equal(order.request.has_user_data, false);
  assert.ok(!('user_data' in order.request), 'user data itself is never stored');
  assert.ok(Array.isArray(order.warnings));
  assert.match(order.created_at, ISO_UTC);
  assert.match(order.updated_at, ISO_UTC);
  if (order.invoice !== null) {
    assert.deepEqual(Object.keys(order.invoice).sort(), ['currency', 'id', 'status', 'total', 'url']);
    assert.equal(Number.isInteger(order.invoice.id), true);
    assert.match(order.invoice.total, /^\d+\.\d{2}$/);
    assert.ok(order.invoice.url.endsWith(`/console/invoices/${order.invoice.id}`), order.invoice.url);
  }
}
