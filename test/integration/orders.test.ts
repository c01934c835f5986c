// Server orders over HTTP (spec: Order, Order status table, "Order a server,
// body fields", "Order idempotency", Errors, Limits; DESIGN D2, D7, D8 and the
// operator rows for invoices and faults): every body rule refused on its field
// with nothing bought; who may order; the state machine from credit or from a
// paid / cancelled invoice; idempotent replays, including at the same moment;
// two orders racing for one credit; each billing fault mode; the per-key rate
// limit. After every test that moves money, the ledger adds up to the balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { insertSnapshot, markSnapshot } from '../../src/modules/snapshots/snapshots.repo.ts';
import { build, eventually, type CallResult, type TestApp } from '../helpers/build.ts';
import { assertProblem } from '../helpers/problems.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';

type Json = any;

interface World {
  app: TestApp;
  key: string;
  userId: number;
  slug: string;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const BASE_ORDER = { hostname: 'web-1', product_id: 1, location: 'fsn1', image: 'debian-12' };
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

// ---------------------------------------------------------------- helpers


/** A 400 naming `field` among its field errors. */
function assertFieldError(response: CallResult, code: string, fields: string[], message: string): void {
  assertProblem(response, 400, code, message);
  const named = (response.body.errors ?? []).map((entry: { field: string }) => entry.field);
  assert.ok(
    named.some((field: string) => fields.includes(field)),
    `${message}: expected a field error on ${fields.join(' or ')}, got ${JSON.stringify(response.body)}`,
  );
}

/** "12.34" → 1234 */
function minor(amount: string): number {
  assert.match(amount, /^-?\d+\.\d{2}$/, `a two-decimal amount: ${amount}`);
  const [whole, cents] = amount.replace('-', '').split('.') as [string, string];
  const value = Number(whole) * 100 + Number(cents);
  return amount.startsWith('-') ? -value : value;
}

function money(minorUnits: number): string {
  const sign = minorUnits < 0 ? '-' : '';
  const absolute = Math.abs(minorUnits);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}



async function world(app: TestApp, credit = '100.00', name = 'Orders'): Promise<World> {
  const { key, userId } = await app.createUser({ credit });
  const slug = await app.createReadyProject(key, name);
  return { app, key, userId, slug };
}

function orderServer(w: World, body: unknown, options: { key?: string; idempotencyKey?: string; slug?: string } = {}): Promise<CallResult> {
  return w.app.api(`/projects/${options.slug ?? w.slug}/servers/`, {
    method: 'POST',
    key: options.key ?? w.key,
    body,
    headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {},
  });
}

async function listOrders(w: World, key = w.key): Promise<Json[]> {
  const response = await w.app.api(`/projects/${w.slug}/orders/`, { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.ok(Array.isArray(response.body), 'the order list is a plain array');
  return response.body;
}

async function getOrder(w: World, id: number): Promise<CallResult> {
  return w.app.api(`/projects/${w.slug}/orders/${id}/`, { key: w.key });
}

async function waitForOrder(w: World, id: number, statuses: string[], timeoutMs = 10_000): Promise<Json> {
  return eventually(async () => {
    const response = await getOrder(w, id);
    return response.status === 200 && statuses.includes(response.body.status) ? response.body : null;
  }, timeoutMs);
}

/** The credit balance of the key's user, in minor units. */
async function balance(app: TestApp, key: string): Promise<number> {
  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.billing_account.exists, true);
  return minor(me.body.billing_account.credit_balance);
}

async function setBillingFault(app: TestApp, mode: string, extra: Record<string, unknown> = {}): Promise<void> {
  const response = await app.admin('/faults/billing', { method: 'PUT', body: { mode, ...extra } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}

async function addMember(app: TestApp, slug: string, userId: number, role: string): Promise<void> {
  const response = await app.admin(`/projects/${slug}/members/${userId}`, { method: 'PUT', body: { role } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}

async function addSshKey(w: World, name: string): Promise<number> {
  const created = await w.app.api(`/projects/${w.slug}/ssh-keys/`, { method: 'POST', key: w.key, body: { name, public_key: ed25519Key() } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id;
}

/** A completed snapshot made by the create_snapshot action on a server placed by the operator. */
async function completedSnapshot(w: World, name: string): Promise<number> {
  const placed = await w.app.admin(`/projects/${w.slug}/servers`, { method: 'POST', body: { ...BASE_ORDER, hostname: `snap-${name}` } });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const started = await w.app.api(`/projects/${w.slug}/servers/${placed.body.id}/actions/create_snapshot/`, { method: 'POST', key: w.key, body: { name } });
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

/** A snapshot that is not completed (still being made, or failed), as the action leaves it. */
async function unfinishedSnapshot(w: World, name: string, status: 'creating' | 'failed'): Promise<number> {
  const { db } = w.app.app.database;
  const project = await db.selectFrom('projects').select('id').where('slug', '=', w.slug).executeTakeFirstOrThrow();
  const id = await insertSnapshot(db, { projectId: project.id, serverId: '0123456789abcdef', name, now: new Date().toISOString() });
  if (status === 'failed') await markSnapshot(db, id, { status: 'failed', sizeGb: null });
  return id;
}

/** Billing's books balance: for every account, the ledger's movements add up to the balance, which is never negative. */
async function assertLedgerBalances(app: TestApp): Promise<void> {
  const { db } = app.app.database;
  const accounts = await db.selectFrom('billing_accounts').select(['user_id', 'credit_balance']).execute();
  const sums = await db.selectFrom('credit_ledger').select(['user_id', (eb) => eb.fn.sum<number | string>('amount').as('total')]).groupBy('user_id').execute();
  for (const account of accounts) {
    const sum = Number(sums.find((row) => row.user_id === account.user_id)?.total ?? 0);
    assert.equal(sum, Number(account.credit_balance), `ledger of user ${account.user_id} adds up to the balance`);
    assert.ok(Number(account.credit_balance) >= 0, `balance of user ${account.user_id} is never negative`);
  }
}

/** Expected invoice total (D7), from the operator's catalogue. */
function expectedTotal(
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

function assertOrderShape(order: Json): void {
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

// ---------------------------------------------------------------- body rules

test('order body rules: each refusal is a 400 on its field, with no order recorded and no credit taken', async (t) => {
  const app = await build(t);
  const w = await world(app, '500.00', 'Rules');
  const other = { ...w, slug: await app.createReadyProject(w.key, 'Elsewhere') };
  const ownKey = await addSshKey(w, 'own');
  const foreignKey = await addSshKey(other, 'foreign');
  const ownSnapshot = await completedSnapshot(w, 'own');
  const foreignSnapshot = await completedSnapshot(other, 'foreign');
  const creatingSnapshot = await unfinishedSnapshot(w, 'creating', 'creating');
  const failedSnapshot = await unfinishedSnapshot(w, 'failed', 'failed');
  const before = await balance(app, w.key);

  const withoutField = (field: keyof typeof BASE_ORDER) => Object.fromEntries(Object.entries(BASE_ORDER).filter(([name]) => name !== field));
  const cases: Array<{ label: string; body: unknown; fields: string[]; code?: string }> = [
    { label: 'no hostname', body: withoutField('hostname'), fields: ['hostname'] },
    { label: 'hostname starting with a hyphen', body: { ...BASE_ORDER, hostname: '-web' }, fields: ['hostname'] },
    { label: 'one-character hostname', body: { ...BASE_ORDER, hostname: 'a' }, fields: ['hostname'] },
    { label: 'hostname with an empty label', body: { ...BASE_ORDER, hostname: 'web..example' }, fields: ['hostname'] },
    { label: 'hostname of 65 characters', body: { ...BASE_ORDER, hostname: `${'a'.repeat(32)}.${'b'.repeat(32)}` }, fields: ['hostname'] },
    { label: 'hostname label of 64 characters', body: { ...BASE_ORDER, hostname: 'a'.repeat(64) }, fields: ['hostname'] },
    { label: 'hostname with an underscore', body: { ...BASE_ORDER, hostname: 'web_1' }, fields: ['hostname'] },
    { label: 'hostname as a number', body: { ...BASE_ORDER, hostname: 42 }, fields: ['hostname'] },
    { label: 'no product_id', body: withoutField('product_id'), fields: ['product_id'] },
    { label: 'unknown product_id', body: { ...BASE_ORDER, product_id: 999 }, fields: ['product_id'] },
    { label: 'product_id as a string', body: { ...BASE_ORDER, product_id: '1' }, fields: ['product_id'] },
    { label: 'product_id not an integer', body: { ...BASE_ORDER, product_id: 1.5 }, fields: ['product_id'] },
    { label: 'no location', body: withoutField('location'), fields: ['location'] },
    { label: 'unknown location', body: { ...BASE_ORDER, location: 'xyz1' }, fields: ['location'] },
    { label: 'location no product is offered in (sin)', body: { ...BASE_ORDER, location: 'sin' }, fields: ['location'] },
    { label: 'product 4 not offered in hel1', body: { ...BASE_ORDER, product_id: 4, location: 'hel1' }, fields: ['location'] },
    { label: 'product 2 sold out in ash', body: { ...BASE_ORDER, product_id: 2, location: 'ash' }, fields: ['location'] },
    { label: 'product 3 sold out in hel1', body: { ...BASE_ORDER, product_id: 3, location: 'hel1' }, fields: ['location'] },
    { label: 'product 5 sold out in nbg1', body: { ...BASE_ORDER, product_id: 5, location: 'nbg1' }, fields: ['location'] },
    { label: 'unknown image', body: { ...BASE_ORDER, image: 'windows-11' }, fields: ['image'] },
    { label: 'image product 6 does not offer', body: { ...BASE_ORDER, product_id: 6, image: 'debian-13' }, fields: ['image'] },
    { label: 'image and snapshot_id', body: { ...BASE_ORDER, snapshot_id: ownSnapshot }, fields: ['image', 'snapshot_id'] },
    { label: 'neither image nor snapshot_id', body: withoutField('image'), fields: ['image', 'snapshot_id'] },
    { label: 'snapshot still being created', body: { ...withoutField('image'), snapshot_id: creatingSnapshot }, fields: ['snapshot_id'] },
    { label: 'failed snapshot', body: { ...withoutField('image'), snapshot_id: failedSnapshot }, fields: ['snapshot_id'] },
    { label: "another project's snapshot", body: { ...withoutField('image'), snapshot_id: foreignSnapshot }, fields: ['snapshot_id'] },
    { label: 'unknown snapshot', body: { ...withoutField('image'), snapshot_id: 987654 }, fields: ['snapshot_id'] },
    { label: 'snapshot_id as a string', body: { ...withoutField('image'), snapshot_id: String(ownSnapshot) }, fields: ['snapshot_id'] },
    { label: "another project's SSH key", body: { ...BASE_ORDER, ssh_keys: [foreignKey] }, fields: ['ssh_keys'] },
    { label: 'an unknown SSH key next to an own one', body: { ...BASE_ORDER, ssh_keys: [ownKey, 987654] }, fields: ['ssh_keys'] },
    { label: 'ssh_keys not an array', body: { ...BASE_ORDER, ssh_keys: ownKey }, fields: ['ssh_keys'] },
    { label: 'ssh_keys of strings', body: { ...BASE_ORDER, ssh_keys: [String(ownKey)] }, fields: ['ssh_keys', 'ssh_keys[0]'] },
    { label: 'quarterly for product 6', body: { ...BASE_ORDER, product_id: 6, billing_cycle: 'quarterly' }, fields: ['billing_cycle'] },
    { label: 'unknown billing cycle', body: { ...BASE_ORDER, billing_cycle: 'weekly' }, fields: ['billing_cycle'] },
    { label: 'unknown promo code', body: { ...BASE_ORDER, promo_code: 'FREESTUFF' }, fields: ['promo_code'] },
    { label: 'empty promo code', body: { ...BASE_ORDER, promo_code: '' }, fields: ['promo_code'] },
    { label: 'promo code as a number', body: { ...BASE_ORDER, promo_code: 10 }, fields: ['promo_code'] },
    { label: 'user_data #cloud-config', body: { ...BASE_ORDER, user_data: '#cloud-config\npackages: [nginx]\n' }, fields: ['user_data'], code: 'feature_unavailable' },
    { label: 'user_data script', body: { ...BASE_ORDER, user_data: '#!/bin/sh\necho hi\n' }, fields: ['user_data'], code: 'feature_unavailable' },
    { label: 'negative ipv4_additional', body: { ...BASE_ORDER, ipv4_additional: -1 }, fields: ['ipv4_additional'] },
    { label: 'ipv4_additional as a string', body: { ...BASE_ORDER, ipv4_additional: '2' }, fields: ['ipv4_additional'] },
    { label: 'ipv4_additional not an integer', body: { ...BASE_ORDER, ipv4_additional: 1.5 }, fields: ['ipv4_additional'] },
    { label: 'ipv6 as a string', body: { ...BASE_ORDER, ipv6: 'yes' }, fields: ['ipv6'] },
    { label: 'private_network as a number', body: { ...BASE_ORDER, private_network: 1 }, fields: ['private_network'] },
    { label: 'private network on product 6, which cannot join it', body: { ...BASE_ORDER, product_id: 6, private_network: true }, fields: ['private_network'] },
    { label: 'location as a number', body: { ...BASE_ORDER, location: 1 }, fields: ['location'] },
    { label: 'billing_cycle as a number', body: { ...BASE_ORDER, billing_cycle: 1 }, fields: ['billing_cycle'] },
    { label: 'a body that is an array', body: [BASE_ORDER], fields: ['body'] },
  ];

  for (const entry of cases) {
    // A fresh key for each case: refused orders may count against the per-key rate limit.
    const { key } = await app.createKey(w.userId);
    const response = await orderServer(w, entry.body, { key, idempotencyKey: `rule-${entry.label}` });
    assertFieldError(response, entry.code ?? 'validation_error', entry.fields, entry.label);
  }
  const { key } = await app.createKey(w.userId);
  const notJson = await app.api(`/projects/${w.slug}/servers/`, { method: 'POST', key, rawBody: '{"hostname": ', headers: { 'content-type': 'application/json' } });
  assertProblem(notJson, 400, 'validation_error', 'a body that is not JSON');

  assert.deepEqual(await listOrders(w), [], 'no refused order is recorded');
  assert.deepEqual(await listOrders(other), []);
  assert.equal(await balance(app, w.key), before, 'no credit is taken by a refused order');

  // The refusals were not the key's fault: the same bodies made valid are accepted, user_data null included.
  const nullUserData = await orderServer(w, { ...BASE_ORDER, user_data: null, promo_code: null }, { key });
  assert.equal(nullUserData.status, 201, JSON.stringify(nullUserData.body));
  assertOrderShape(nullUserData.body);
  assert.equal(nullUserData.body.request.has_user_data, false);
  assert.equal(nullUserData.body.request.promo_code, null);

  const fromSnapshot = await orderServer(w, { ...withoutField('image'), hostname: 'restored', snapshot_id: ownSnapshot, ssh_keys: [ownKey] }, { key });
  assert.equal(fromSnapshot.status, 201, JSON.stringify(fromSnapshot.body));
  assert.equal(fromSnapshot.body.request.image, null);
  assert.equal(fromSnapshot.body.request.snapshot_id, ownSnapshot);
  const restored = await waitForOrder(w, fromSnapshot.body.id, ['completed']);
  const server = (await app.api(`/projects/${w.slug}/servers/${restored.server_id}/`, { key })).body;
  assert.equal(server.hostname, 'restored');
  assert.deepEqual(server.ssh_keys, [ownKey]);
  assert.equal(server.image.name, null, 'a server made from a snapshot has no image name');

  await assertLedgerBalances(app);
});

// ---------------------------------------------------------------- roles

test('who may order: admin and owner; member, read-only key, owner without billing, unready project and strangers are refused', async (t) => {
  const app = await build(t);
  const w = await world(app, '100.00', 'Roles');
  const member = await app.createUser({ credit: '100.00' });
  const admin = await app.createUser({ credit: '100.00' });
  const stranger = await app.createUser({ credit: '100.00' });
  await addMember(app, w.slug, member.userId, 'member');
  await addMember(app, w.slug, admin.userId, 'admin');
  const readOnly = await app.createKey(w.userId, { readOnly: true });

  assertProblem(await orderServer(w, BASE_ORDER, { key: member.key }), 403, 'insufficient_role', 'member');
  assertProblem(await orderServer(w, BASE_ORDER, { key: readOnly.key }), 403, 'read_only_key', 'read-only key of the owner');
  const memberReadOnly = await app.createKey(member.userId, { readOnly: true });
  assertProblem(await orderServer(w, BASE_ORDER, { key: memberReadOnly.key }), 403, 'read_only_key', 'read-only key is checked before the role');
  assertProblem(await orderServer(w, BASE_ORDER, { key: stranger.key }), 404, 'not_found', 'not a member');
  assertProblem(await orderServer(w, BASE_ORDER, { key: w.key, slug: 'no-such-project' }), 404, 'not_found', 'no such project');
  assert.deepEqual(await listOrders(w), []);

  // Any member and a read-only key may read orders; a stranger may not.
  assert.deepEqual(await listOrders(w, member.key), []);
  assert.deepEqual(await listOrders(w, readOnly.key), []);
  assertProblem(await app.api(`/projects/${w.slug}/orders/`, { key: stranger.key }), 404, 'not_found');

  // An admin orders; the owner pays.
  const ownerBefore = await balance(app, w.key);
  const adminBefore = await balance(app, admin.key);
  const byAdmin = await orderServer(w, BASE_ORDER, { key: admin.key });
  assert.equal(byAdmin.status, 201, JSON.stringify(byAdmin.body));
  assert.equal(byAdmin.body.status, 'provisioning');
  assert.equal(await balance(app, w.key), ownerBefore - minor(byAdmin.body.invoice.total), "billed to the project owner's credit");
  assert.equal(await balance(app, admin.key), adminBefore, "the admin's own credit is untouched");
  assertProblem(await app.api(`/projects/${w.slug}/orders/${byAdmin.body.id}/`, { key: stranger.key }), 404, 'not_found');
  assert.equal((await app.api(`/projects/${w.slug}/orders/${byAdmin.body.id}/`, { key: member.key })).status, 200);

  // An owner without a billing account cannot order, nor can an admin of that owner's project.
  const unbilled = await app.createUser({ billing: false });
  const unbilledSlug = await app.createReadyProject(unbilled.key, 'No Billing');
  const unbilledWorld = { ...w, key: unbilled.key, userId: unbilled.userId, slug: unbilledSlug };
  assertProblem(await orderServer(unbilledWorld, BASE_ORDER), 403, 'billing_account_required', 'owner without billing account');
  await addMember(app, unbilledSlug, admin.userId, 'admin');
  assertProblem(await orderServer(unbilledWorld, BASE_ORDER, { key: admin.key }), 403, 'billing_account_required', 'admin in a project whose owner has no billing account');
  assert.deepEqual(await listOrders(unbilledWorld), []);

  await waitForOrder(w, byAdmin.body.id, ['completed']);

  // A project still being set up.
  await app.admin('/faults/provisioning', { method: 'PUT', body: { mode: 'down' } });
  const created = await app.api('/projects/', { method: 'POST', key: w.key, body: { name: 'Not Yet' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal((await app.api(`/projects/${created.body.slug}/`, { key: w.key })).body.status, 'setting_up');
  assertProblem(await orderServer(w, BASE_ORDER, { slug: created.body.slug }), 403, 'project_not_ready', 'unready project');
  assertProblem(await app.api(`/projects/${created.body.slug}/orders/`, { key: w.key }), 403, 'project_not_ready');
  assertProblem(await orderServer(w, BASE_ORDER, { key: stranger.key, slug: created.body.slug }), 404, 'not_found', 'a stranger learns nothing about an unready project');
  await app.admin('/faults/provisioning', { method: 'PUT', body: { mode: 'ok' } });
  await assertLedgerBalances(app);
});

// ---------------------------------------------------------------- state machine

test('credit covers the invoice: credit applied, provisioning, then completed with a server built as ordered', async (t) => {
  const app = await build(t);
  const w = await world(app, '200.00', 'Paid');
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
  const other = { ...w, slug: await app.createReadyProject(w.key, 'Other Paid') };
  assertProblem(await getOrder(other, order.id), 404, 'not_found', "another project's order");
  assertProblem(await getOrder(w, 987654), 404, 'not_found', 'no such order');
  assertProblem(await app.api(`/projects/${w.slug}/orders/abc/`, { key: w.key }), 404, 'not_found', 'not an id');
  await assertLedgerBalances(app);
});

test('credit short: awaiting_payment with no credit applied; paid by the operator it is delivered; a cancelled invoice cancels the order', async (t) => {
  const app = await build(t);
  const w = await world(app, '10.00', 'Short');
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
  const w = await world(app, '100.00', 'Stable');
  const ordered = await orderServer(w, BASE_ORDER);
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const done = await waitForOrder(w, ordered.body.id, ['completed']);
  await app.admin('/clock/advance', { method: 'POST', body: { seconds: 5 } });
  const again = (await getOrder(w, ordered.body.id)).body;
  assert.equal(again.status, 'completed');
  assert.equal(again.updated_at, done.updated_at, 'a GET is not a change of the order');
});

// ---------------------------------------------------------------- idempotency

test('idempotency: a replay answers the first order with 200; another body is 409; keys are scoped to the user and the endpoint', async (t) => {
  const app = await build(t);
  const w = await world(app, '100.00', 'Idem');
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
  const w = await world(app, '100.00', 'Parallel');
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
  const w = await world(app, '5.00', 'Race');
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

// ---------------------------------------------------------------- billing faults

test('billing down: ordering answers 503 and records nothing; order reads and the catalogue answer 503', async (t) => {
  const app = await build(t);
  const w = await world(app, '100.00', 'Down');
  const placed = await orderServer(w, BASE_ORDER);
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  await waitForOrder(w, placed.body.id, ['completed']);
  const before = await balance(app, w.key);

  await setBillingFault(app, 'down');
  assertProblem(await orderServer(w, { ...BASE_ORDER, hostname: 'web-2' }, { idempotencyKey: 'down-1' }), 503, 'upstream_unavailable', 'order while billing is down');
  assertProblem(await getOrder(w, placed.body.id), 503, 'upstream_unavailable', 'GET order while billing is down');
  assertProblem(await app.api(`/projects/${w.slug}/products/`, { key: w.key }), 503, 'upstream_unavailable', 'products while billing is down');
  // The list is as last recorded and needs no billing.
  assert.deepEqual((await listOrders(w)).map((entry) => entry.id), [placed.body.id], 'no order recorded');
  await setBillingFault(app, 'ok');

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
  await setBillingFault(w.app, fault.mode, { committed: fault.committed });
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
  const w = await world(app, '100.00', 'Error');
  const before = await balance(app, w.key);
  const orderId = await orderIntoFault(w, { mode: 'error', committed: false }, 'err-1');
  await setBillingFault(app, 'ok');
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
  const w = await world(app, '100.00', 'Timeout Committed');
  const before = await balance(app, w.key);
  const orderId = await orderIntoFault(w, { mode: 'timeout', committed: true }, 'tc-1');
  await setBillingFault(app, 'ok');
  const settled = await waitForOrder(w, orderId, ['provisioning', 'completed', 'failed']);
  assert.ok(['provisioning', 'completed'].includes(settled.status), settled.status);
  const done = await waitForOrder(w, orderId, ['completed']);
  assert.match(done.server_id, /^[0-9a-f]{16}$/);
  assert.equal(await balance(app, w.key), before - minor(done.invoice.total), 'charged exactly once');
  await assertLedgerBalances(app);
});

test('billing timeout on placing, not committed: 502 with order_id, unknown, then settles failed', async (t) => {
  const app = await build(t);
  const w = await world(app, '100.00', 'Timeout Lost');
  const before = await balance(app, w.key);
  const orderId = await orderIntoFault(w, { mode: 'timeout', committed: false }, 'tl-1');
  await setBillingFault(app, 'ok');
  const settled = await waitForOrder(w, orderId, ['failed', 'awaiting_payment', 'provisioning', 'completed']);
  assert.equal(settled.status, 'failed');
  assert.equal(await balance(app, w.key), before);
  await assertLedgerBalances(app);
});

test('an unknown order is settled by its GET once billing answers again', async (t) => {
  // No worker after set-up would be the cleanest proof, but projects need it to become ready;
  // instead, the first GET after the fault clears must already answer the settled state.
  const app = await build(t);
  const w = await world(app, '100.00', 'Settle By Get');
  const orderId = await orderIntoFault(w, { mode: 'timeout', committed: false }, 'sg-1');
  await setBillingFault(app, 'ok');
  const read = await getOrder(w, orderId);
  assert.equal(read.status, 200, JSON.stringify(read.body));
  assert.equal(read.body.status, 'failed', 'the GET asks billing, which never made the invoice');
});

// ---------------------------------------------------------------- rate limit

test('rate limit: 10 order requests a minute per key, then 429 with Retry-After; replays are free; each key has its own; the window moves on', async (t) => {
  const app = await build(t);
  const w = await world(app, '1000.00', 'Limits');

  // A body refused by its schema never reaches the order service: it does not count.
  const schemaRefused = await orderServer(w, { ...BASE_ORDER, hostname: 42 });
  assertProblem(schemaRefused, 400, 'validation_error');
  assert.equal(schemaRefused.headers.get('ratelimit-remaining'), null);

  // What counts: every order that is recorded (not a replay). A choice the order's own rules refuse (400)
  // records nothing and is not counted. 10 orders fill the minute.
  const refusedChoice = await orderServer(w, { ...BASE_ORDER, promo_code: 'NOPE0' });
  assertFieldError(refusedChoice, 'validation_error', ['promo_code'], 'a refused choice');
  const remaining: number[] = [];
  for (let index = 1; index <= 10; index += 1) {
    const response = await orderServer(w, { ...BASE_ORDER, hostname: `rl-${index}` }, { idempotencyKey: `rl-${index}` });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.headers.get('ratelimit-limit'), '10');
    const reset = Number(response.headers.get('ratelimit-reset'));
    assert.ok(Number.isInteger(reset) && reset >= 1 && reset <= 60, `RateLimit-Reset ${reset}`);
    remaining.push(Number(response.headers.get('ratelimit-remaining')));
  }
  assert.deepEqual(remaining, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);

  const limited = await orderServer(w, { ...BASE_ORDER, hostname: 'rl-11' }, { idempotencyKey: 'rl-11' });
  assertProblem(limited, 429, 'rate_limited', 'the 11th order request in a minute');
  const retryAfter = limited.headers.get('retry-after');
  assert.match(retryAfter ?? '', /^\d+$/, `Retry-After is whole seconds: ${retryAfter}`);
  assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60, `Retry-After ${retryAfter}`);
  assert.equal(limited.headers.get('ratelimit-limit'), '10');
  assert.equal(limited.headers.get('ratelimit-remaining'), '0');
  const reset = Number(limited.headers.get('ratelimit-reset'));
  assert.ok(Number.isInteger(reset) && reset >= 1 && reset <= 60, `RateLimit-Reset ${reset}`);
  assert.equal((await listOrders(w)).length, 10, 'a limited request records nothing');

  // A replay of a used key is not an order request: it still answers, and a wrong body still says 409.
  const replay = await orderServer(w, { ...BASE_ORDER, hostname: 'rl-3' }, { idempotencyKey: 'rl-3' });
  assert.equal(replay.status, 200, JSON.stringify(replay.body));
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assertProblem(await orderServer(w, { ...BASE_ORDER, hostname: 'other' }, { idempotencyKey: 'rl-3' }), 409, 'idempotency_key_reused');

  // Another key of the same user has its own minute.
  const second = await app.createKey(w.userId);
  const fromSecond = await orderServer(w, { ...BASE_ORDER, hostname: 'second-key' }, { key: second.key });
  assert.equal(fromSecond.status, 201, JSON.stringify(fromSecond.body));
  assert.equal(fromSecond.headers.get('ratelimit-remaining'), '9');

  // A minute later the first key may order again; the key of the limited request was never recorded.
  const advanced = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 61 } });
  assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
  const later = await orderServer(w, { ...BASE_ORDER, hostname: 'rl-11' }, { idempotencyKey: 'rl-11' });
  assert.equal(later.status, 201, JSON.stringify(later.body));
  assert.equal(later.headers.get('idempotent-replayed'), null);
  assert.equal(later.headers.get('ratelimit-remaining'), '9');
  assert.equal((await listOrders(w)).length, 12);
  await assertLedgerBalances(app);
});
