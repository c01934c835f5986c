// Legacy servers (legacy-api.md "Server", the servers rows of "Endpoints";
// DESIGN D4, D9, D10, D13): the list and one server in the exact shape; status
// online/offline following power actions, which are project API actions;
// one action at a time; upgrade and cancel; whose servers are reachable; a
// suspended server's state. Changes refused leave the server as it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertFailure, assertFieldError } from '../helpers/legacy.ts';
import { build, eventually, type CallResult, type TestApp } from '../helpers/build.ts';
import { addMember, createWorld, placeServer } from '../helpers/world.ts';

type Json = Record<string, any>;

const YMD = /^\d{4}-\d{2}-\d{2}$/;

function data(response: CallResult, status = 200, label = ''): any {
  const context = `${label ? `${label}: ` : ''}${response.status} ${JSON.stringify(response.body)}`;
  assert.equal(response.status, status, context);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/, context);
  assert.deepEqual(Object.keys(response.body).sort(), ['data', 'result'], context);
  assert.equal(response.body.result, 'success', context);
  return response.body.data;
}

/** The world of these tests: a user of the legacy API owning a ready project. */
const LEGACY_WORLD = { legacy: true, credit: '100.00', project: 'Legacy' };

async function getServer(app: TestApp, key: string, id: number): Promise<Json> {
  return data(await app.legacy(`/api/v1/servers/${id}`, { key })).server;
}

async function listServers(app: TestApp, key: string): Promise<Json[]> {
  return data(await app.legacy('/api/v1/servers', { key })).servers;
}

async function statusOf(app: TestApp, key: string, id: number): Promise<string> {
  const body = data(await app.legacy(`/api/v1/servers/${id}/status`, { key }));
  assert.deepEqual(Object.keys(body), ['status']);
  return body.status;
}

async function actionsOf(app: TestApp, key: string, slug: string): Promise<Json[]> {
  const response = await app.api(`/projects/${slug}/actions/`, { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.results;
}

async function power(app: TestApp, key: string, id: number, path: string): Promise<void> {
  const response = await app.legacy(`/api/v1/servers/${id}/${path}`, { method: 'POST', key });
  assert.deepEqual({ status: response.status, body: response.body }, { status: 200, body: { result: 'success', data: null } }, path);
}

async function waitForActions(app: TestApp, key: string, slug: string): Promise<Json[]> {
  return eventually(async () => {
    const actions = await actionsOf(app, key, slug);
    return actions.every((action) => action.status !== 'running' && action.status !== 'unknown') ? actions : null;
  });
}

async function creditOf(app: TestApp, key: string): Promise<string> {
  return (await app.api('/me/', { key })).body.billing_account.credit_balance;
}

function expectedView(placed: Json, product: Json): Json {
  return {
    id: placed.billing.service_id,
    hostname: placed.hostname,
    state: 'Active',
    created: placed.created_at.slice(0, 10),
    product,
    network: { primary_ipaddress: placed.network.ipv4.find((entry: Json) => entry.primary).address },
    billing: {
      billing_cycle: placed.billing.billing_cycle,
      next_due: placed.billing.next_due_date,
      initial_cost: 0,
      recurring_cost: 0,
      currency: 'EUR',
    },
  };
}

test('list and one server: every field of the Server table, with its type', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, LEGACY_WORLD);
  assert.deepEqual(await listServers(app, key), []);
  const cx22 = await placeServer({ app, slug }, { hostname: 'web-1' });
  const ccx13 = await placeServer({ app, slug }, { hostname: 'db.example.com', product_id: 4, location: 'nbg1', image: 'rocky-9', billing_cycle: 'monthly', ipv4_additional: 2 });
  const cx42 = await placeServer({ app, slug }, { hostname: 'big', product_id: 3, location: 'hel1', image: 'ubuntu-24.04', billing_cycle: 'annually' });

  const servers = await listServers(app, key);
  const first = expectedView(cx22, { _id: '1', name: 'CX22', location: 'fsn1', image: 'Debian 12 (Bookworm)', available_upgrades: ['2', '3'] });
  first.billing.recurring_cost = 4.59;
  const second = expectedView(ccx13, { _id: '4', name: 'CCX13', location: 'nbg1', image: 'Rocky Linux 9', available_upgrades: ['5', '6'] });
  Object.assign(second.billing, { initial_cost: 5, recurring_cost: 15.29 });
  const third = expectedView(cx42, { _id: '3', name: 'CX42', location: 'hel1', image: 'Ubuntu 24.04 LTS', available_upgrades: [] });
  third.billing.recurring_cost = 210;
  assert.deepEqual(servers, [first, second, third]);

  for (const server of servers) {
    assert.deepEqual(Object.keys(server).sort(), ['billing', 'created', 'hostname', 'id', 'network', 'product', 'state']);
    assert.ok(Number.isInteger(server.id));
    assert.match(server.created, YMD);
    assert.match(server.billing.next_due, YMD);
    assert.deepEqual(Object.keys(server.product).sort(), ['_id', 'available_upgrades', 'image', 'location', 'name']);
    assert.deepEqual(Object.keys(server.billing).sort(), ['billing_cycle', 'currency', 'initial_cost', 'next_due', 'recurring_cost']);
    for (const field of ['initial_cost', 'recurring_cost']) assert.equal(typeof server.billing[field], 'number');
    assert.ok(server.product.available_upgrades.every((entry: unknown) => typeof entry === 'string'));
    assert.match(server.network.primary_ipaddress, /^\d+\.\d+\.\d+\.\d+$/);
    assert.deepEqual(await getServer(app, key, server.id), server, 'GET /servers/{id} answers the listed server');
  }
  assert.equal(await statusOf(app, key, first.id), 'online');
});

test('unknown ids, non-numeric ids and other users’ servers are 404; nothing changes', async (t) => {
  const app = await build(t);
  const owner = await createWorld(app, LEGACY_WORLD);
  const stranger = await app.createUser({ legacy: true, credit: '100.00' });
  const placed = await placeServer({ app, slug: owner.slug }, { hostname: 'web-1' });
  const id = placed.billing.service_id as number;

  for (const path of ['999999', '0', 'abc', '1.5', '-1', '99999999999', `${id}abc`]) {
    assertFailure(await app.legacy(`/api/v1/servers/${path}`, { key: owner.key }), 404, `GET ${path}`);
    assertFailure(await app.legacy(`/api/v1/servers/${path}/status`, { key: owner.key }), 404, `status ${path}`);
    assertFailure(await app.legacy(`/api/v1/servers/${path}/boot`, { method: 'POST', key: owner.key }), 404, `boot ${path}`);
  }
  const calls: [string, string, unknown][] = [
    ['GET', '', undefined],
    ['GET', '/status', undefined],
    ['POST', '/boot', undefined],
    ['POST', '/shutdown', undefined],
    ['POST', '/reboot', undefined],
    ['PUT', '/upgrade', { product: '2' }],
    ['PUT', '/cancel', { reason: 'not mine', immediate: true }],
    ['POST', '/cancel', { reason: 'not mine' }],
  ];
  for (const [method, suffix, body] of calls) {
    assertFailure(await app.legacy(`/api/v1/servers/${id}${suffix}`, { method, body, key: stranger.key }), 404, `stranger ${method} ${suffix}`);
  }
  assert.deepEqual(await listServers(app, stranger.key), []);
  // The owner's server is as it was: no action, no order, still Active, credit untouched.
  assert.equal((await getServer(app, owner.key, id)).state, 'Active');
  assert.deepEqual(await actionsOf(app, owner.key, owner.slug), []);
  assert.deepEqual((await app.api(`/projects/${owner.slug}/orders/`, { key: owner.key })).body, []);
  assert.equal(await creditOf(app, stranger.key), '100.00');
});

test('a server in a project the user is a member of but does not own is not theirs: 404 and not listed', async (t) => {
  const app = await build(t);
  const owner = await createWorld(app, { ...LEGACY_WORLD, project: 'Owned' });
  const member = await createWorld(app, { ...LEGACY_WORLD, project: 'Member Own' });
  await addMember(app, owner.slug, member.userId, 'admin');
  const theirs = await placeServer({ app, slug: owner.slug }, { hostname: 'theirs' });
  const mine = await placeServer({ app, slug: member.slug }, { hostname: 'mine' });

  assert.deepEqual((await listServers(app, member.key)).map((server) => server.hostname), ['mine']);
  assert.deepEqual((await listServers(app, owner.key)).map((server) => server.hostname), ['theirs']);
  const id = theirs.billing.service_id;
  assertFailure(await app.legacy(`/api/v1/servers/${id}`, { key: member.key }), 404);
  assertFailure(await app.legacy(`/api/v1/servers/${id}/reboot`, { method: 'POST', key: member.key }), 404);
  assertFailure(await app.legacy(`/api/v1/servers/${id}/cancel`, { method: 'PUT', key: member.key, body: { reason: 'x', immediate: true } }), 404);
  assert.equal((await getServer(app, owner.key, id)).state, 'Active');
  assert.deepEqual(await actionsOf(app, owner.key, owner.slug), []);
  assert.equal((await getServer(app, member.key, mine.billing.service_id)).hostname, 'mine');
});

test('shutdown, boot and reboot start project API actions; status follows: offline after shutdown, online after boot', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, LEGACY_WORLD);
  const placed = await placeServer({ app, slug }, { hostname: 'web-1' });
  const id = placed.billing.service_id;
  assert.equal(await statusOf(app, key, id), 'online');

  await power(app, key, id, 'shutdown');
  await eventually(async () => (await statusOf(app, key, id)) === 'offline');
  const afterShutdown = await waitForActions(app, key, slug);
  assert.deepEqual(afterShutdown.map((action) => [action.type, action.status, action.resource]), [['server.shutdown', 'success', { type: 'server', id: placed.id }]]);
  assert.equal((await getServer(app, key, id)).state, 'Active', 'state is the account state, not the power state');
  assert.equal((await app.api(`/projects/${slug}/servers/${placed.id}/`, { key })).body.status, 'stopped');

  await power(app, key, id, 'boot');
  await eventually(async () => (await statusOf(app, key, id)) === 'online');
  await power(app, key, id, 'reboot');
  const actions = await waitForActions(app, key, slug);
  // Newest first.
  assert.deepEqual(actions.map((action) => [action.type, action.status]), [
    ['server.reboot', 'success'],
    ['server.power_on', 'success'],
    ['server.shutdown', 'success'],
  ]);
  assert.equal(await statusOf(app, key, id), 'online');
});

test('while an action runs, another power request is 409 and starts nothing', async (t) => {
  // 0.1: a shutdown takes 0.5 s, so the refusals below meet it running.
  const app = await build(t, { config: { simScale: 0.1 } });
  const { key, slug } = await createWorld(app, LEGACY_WORLD);
  const placed = await placeServer({ app, slug }, { hostname: 'web-1' });
  const id = placed.billing.service_id;

  await power(app, key, id, 'shutdown');
  for (const path of ['boot', 'reboot', 'shutdown']) assertFailure(await app.legacy(`/api/v1/servers/${id}/${path}`, { method: 'POST', key }), 409, path);
  const running = await actionsOf(app, key, slug);
  assert.deepEqual(running.map((action) => [action.type, action.status]), [['server.shutdown', 'running']], 'the refusals met the running action');

  await waitForActions(app, key, slug);
  assert.equal(await statusOf(app, key, id), 'offline');
  await power(app, key, id, 'boot');
  assert.equal((await actionsOf(app, key, slug)).length, 2);
});

test('upgrade: 201 charged from credit, then the server follows the new product', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, LEGACY_WORLD);
  const placed = await placeServer({ app, slug }, { hostname: 'web-1' });
  const id = placed.billing.service_id;

  const answer = data(await app.legacy(`/api/v1/servers/${id}/upgrade`, { method: 'PUT', key, body: { product: '2', upgrade_disk: true } }), 201);
  assert.deepEqual(Object.keys(answer).sort(), ['invoice_id', 'invoice_url', 'requires_payment']);
  assert.equal(answer.requires_payment, false);
  assert.ok(Number.isInteger(answer.invoice_id));
  assert.ok(answer.invoice_url.endsWith(`/console/invoices/${answer.invoice_id}`), answer.invoice_url);

  const [order] = (await app.api(`/projects/${slug}/orders/`, { key })).body;
  assert.equal(order.type, 'upgrade');
  assert.equal(order.invoice.id, answer.invoice_id);
  assert.equal(order.invoice.status, 'paid');
  const charged = Number(order.invoice.total);
  assert.ok(charged > 0 && charged <= 3, `the prorated difference 7.59 - 4.59: ${order.invoice.total}`);
  assert.equal(Number(await creditOf(app, key)), Math.round((100 - charged) * 100) / 100);

  const upgraded = await eventually(async () => {
    const server = await getServer(app, key, id);
    return server.product._id === '2' ? server : null;
  });
  assert.deepEqual(upgraded.product, { _id: '2', name: 'CX32', location: 'fsn1', image: 'Debian 12 (Bookworm)', available_upgrades: ['3'] });
  assert.equal(upgraded.billing.recurring_cost, 7.59);
  assert.equal(upgraded.id, id, 'the id stays');
});

test('upgrade: 200 with the outstanding balance when credit does not cover it; nothing charged, product unchanged', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, { ...LEGACY_WORLD, credit: '0.00' });
  const placed = await placeServer({ app, slug }, { hostname: 'web-1' });
  const id = placed.billing.service_id;

  const answer = data(await app.legacy(`/api/v1/servers/${id}/upgrade`, { method: 'PUT', key, body: { product: '3' } }), 200);
  assert.deepEqual(Object.keys(answer).sort(), ['invoice_id', 'invoice_url', 'outstanding_balance', 'requires_payment']);
  assert.equal(answer.requires_payment, true);
  assert.deepEqual(Object.keys(answer.outstanding_balance).sort(), ['currency', 'price']);
  assert.equal(answer.outstanding_balance.currency, 'EUR');
  const [order] = (await app.api(`/projects/${slug}/orders/`, { key })).body;
  assert.equal(order.status, 'awaiting_payment');
  assert.equal(answer.outstanding_balance.price, Number(order.invoice.total));
  assert.ok(answer.outstanding_balance.price > 0 && answer.outstanding_balance.price <= 14, JSON.stringify(answer));

  assert.equal(await creditOf(app, key), '0.00');
  const server = await getServer(app, key, id);
  assert.equal(server.product._id, '1');
  assert.equal(server.billing.recurring_cost, 4.59);
});

test('upgrade: 422 on product when it is not an available upgrade, or missing; nothing changes', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, LEGACY_WORLD);
  const placed = await placeServer({ app, slug }, { hostname: 'web-1' });
  const top = await placeServer({ app, slug }, { hostname: 'top', product_id: 3 });
  const id = placed.billing.service_id;
  const before = await getServer(app, key, id);

  const cases: [number, unknown, string][] = [
    [id, { product: '6' }, 'another family'],
    [id, { product: '1' }, 'the current product'],
    [id, { product: '99' }, 'unknown product'],
    [id, { product: 'cx32' }, 'not a number'],
    [id, { product: '' }, 'empty'],
    [id, { product: 2 }, 'a number, not a string'],
    [id, {}, 'missing'],
    [id, { upgrade_disk: true }, 'missing with upgrade_disk'],
    [top.billing.service_id, { product: '2' }, 'a product without upgrades'],
  ];
  for (const [serverId, body, label] of cases) {
    assertFieldError(await app.legacy(`/api/v1/servers/${serverId}/upgrade`, { method: 'PUT', key, body }), 'product', label);
  }
  assertFieldError(await app.legacy(`/api/v1/servers/${id}/upgrade`, { method: 'PUT', key, body: { product: '2', upgrade_disk: 'yes' } }), 'upgrade_disk');

  assert.deepEqual(await getServer(app, key, id), before);
  assert.equal(await creditOf(app, key), '100.00');
  assert.deepEqual((await app.api(`/projects/${slug}/orders/`, { key })).body, []);
});

test('cancel at the end of the term (PUT, and POST): Pending Cancellation, still listed', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, LEGACY_WORLD);
  const viaPut = await placeServer({ app, slug }, { hostname: 'put-later' });
  const viaPost = await placeServer({ app, slug }, { hostname: 'post-later' });

  const put = await app.legacy(`/api/v1/servers/${viaPut.billing.service_id}/cancel`, { method: 'PUT', key, body: { reason: 'moving elsewhere' } });
  assert.deepEqual({ status: put.status, body: put.body }, { status: 200, body: { result: 'success', data: null } });
  const post = await app.legacy(`/api/v1/servers/${viaPost.billing.service_id}/cancel`, { method: 'POST', key, body: { reason: 'moving elsewhere', immediate: false } });
  assert.deepEqual({ status: post.status, body: post.body }, { status: 200, body: { result: 'success', data: null } });

  const listed = await listServers(app, key);
  assert.deepEqual(listed.map((server) => [server.hostname, server.state]), [
    ['put-later', 'Pending Cancellation'],
    ['post-later', 'Pending Cancellation'],
  ]);
  for (const placed of [viaPut, viaPost]) {
    assert.equal((await getServer(app, key, placed.billing.service_id)).state, 'Pending Cancellation');
    assert.equal(await statusOf(app, key, placed.billing.service_id), 'online', 'it runs until the end of the term');
    assert.equal((await app.api(`/projects/${slug}/servers/${placed.id}/`, { key })).body.billing.status, 'Pending Cancellation');
  }
});

test('cancel immediately (POST, and PUT): gone from the list, 404 afterwards', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, LEGACY_WORLD);
  const viaPost = await placeServer({ app, slug }, { hostname: 'post-now' });
  const viaPut = await placeServer({ app, slug }, { hostname: 'put-now' });
  const kept = await placeServer({ app, slug }, { hostname: 'kept' });

  const post = await app.legacy(`/api/v1/servers/${viaPost.billing.service_id}/cancel`, { method: 'POST', key, body: { reason: 'done', immediate: true } });
  assert.deepEqual({ status: post.status, body: post.body }, { status: 200, body: { result: 'success', data: null } });
  const put = await app.legacy(`/api/v1/servers/${viaPut.billing.service_id}/cancel`, { method: 'PUT', key, body: { reason: 'done', immediate: true } });
  assert.deepEqual({ status: put.status, body: put.body }, { status: 200, body: { result: 'success', data: null } });

  assert.deepEqual((await listServers(app, key)).map((server) => server.hostname), ['kept']);
  for (const placed of [viaPost, viaPut]) {
    const id = placed.billing.service_id;
    assertFailure(await app.legacy(`/api/v1/servers/${id}`, { key }), 404, 'GET after cancel');
    assertFailure(await app.legacy(`/api/v1/servers/${id}/status`, { key }), 404, 'status after cancel');
    assertFailure(await app.legacy(`/api/v1/servers/${id}/boot`, { method: 'POST', key }), 404, 'boot after cancel');
    assertFailure(await app.legacy(`/api/v1/servers/${id}/cancel`, { method: 'POST', key, body: { reason: 'again', immediate: true } }), 404, 'cancel again');
    assert.equal((await app.api(`/projects/${slug}/servers/${placed.id}/`, { key })).status, 404);
  }
  assert.equal((await getServer(app, key, kept.billing.service_id)).state, 'Active');
});

test('cancel: reason is required (422) and immediate must be a boolean; the server stays Active', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, LEGACY_WORLD);
  const placed = await placeServer({ app, slug }, { hostname: 'web-1' });
  const id = placed.billing.service_id;
  const cases: [unknown, string][] = [
    [{}, 'reason'],
    [{ immediate: true }, 'reason'],
    [{ reason: '' }, 'reason'],
    [{ reason: '   ' }, 'reason'],
    [{ reason: 42, immediate: true }, 'reason'],
    [{ reason: 'x'.repeat(1001) }, 'reason'],
    [{ reason: 'fine', immediate: 'yes' }, 'immediate'],
  ];
  for (const method of ['PUT', 'POST']) {
    for (const [body, field] of cases) assertFieldError(await app.legacy(`/api/v1/servers/${id}/cancel`, { method, key, body }), field, `${method} ${JSON.stringify(body).slice(0, 40)}`);
  }
  const server = await getServer(app, key, id);
  assert.equal(server.state, 'Active');
  assert.equal((await app.api(`/projects/${slug}/servers/${placed.id}/`, { key })).body.billing.status, 'Active');
});

test('a suspended server is listed as Suspended, offline, and refuses power actions with 409', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, LEGACY_WORLD);
  const placed = await placeServer({ app, slug }, { hostname: 'web-1' });
  const id = placed.billing.service_id;

  const suspended = await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' });
  assert.equal(suspended.status, 200, JSON.stringify(suspended.body));
  assert.deepEqual((await listServers(app, key)).map((server) => [server.id, server.state]), [[id, 'Suspended']]);
  assert.equal((await getServer(app, key, id)).state, 'Suspended');
  assert.equal(await statusOf(app, key, id), 'offline');
  for (const path of ['boot', 'shutdown', 'reboot']) assertFailure(await app.legacy(`/api/v1/servers/${id}/${path}`, { method: 'POST', key }), 409, path);
  assert.deepEqual(await actionsOf(app, key, slug), []);

  const unsuspended = await app.admin(`/servers/${placed.id}/unsuspend`, { method: 'POST' });
  assert.equal(unsuspended.status, 200, JSON.stringify(unsuspended.body));
  assert.equal((await getServer(app, key, id)).state, 'Active');
  assert.equal(await statusOf(app, key, id), 'online');
});
