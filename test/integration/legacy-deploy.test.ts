// Legacy deploy (legacy-api.md "Deploy body", "Deploy result"; DESIGN D7,
// D13; README "Legacy API"): 201 when credit pays, 200 with the outstanding
// balance when it does not; every bad field a 422 naming it with nothing
// bought; the order lands in the user's default project, whose server's
// billing.service_id is the legacy server_id; no billing account, billing
// faults and the order rate limit in the failure envelope.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertFailure, assertFieldError } from '../helpers/legacy.ts';
import { build, eventually, type CallResult, type TestApp } from '../helpers/build.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { setFault } from '../helpers/world.ts';

const DEPLOY = { product: '1', location: 'fsn1', billing: 'monthly', image: 'debian-12', hostname: 'web-1' };
const RESULT_FIELDS = ['invoice_id', 'invoice_url', 'requires_payment', 'server_id', 'server_url'];

function deploy(app: TestApp, key: string, body: unknown): Promise<CallResult> {
  return app.legacy('/api/v1/deploy', { method: 'POST', key, body });
}

/** The success envelope's data, with the deploy result's fields and types. */
function deployResult(response: CallResult, status: 200 | 201): any {
  const context = JSON.stringify(response.body);
  assert.equal(response.status, status, context);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(Object.keys(response.body).sort(), ['data', 'result'], context);
  assert.equal(response.body.result, 'success');
  const data = response.body.data;
  const fields = status === 200 ? [...RESULT_FIELDS, 'outstanding_balance'].sort() : RESULT_FIELDS;
  assert.deepEqual(Object.keys(data).sort(), fields, context);
  assert.ok(Number.isInteger(data.invoice_id) && data.invoice_id > 0, context);
  assert.ok(Number.isInteger(data.server_id) && data.server_id > 0, context);
  assert.ok(data.invoice_url.endsWith(`/console/invoices/${data.invoice_id}`), data.invoice_url);
  assert.equal(typeof data.server_url, 'string');
  assert.ok(data.server_url.endsWith(`/api/v1/servers/${data.server_id}`), data.server_url);
  assert.equal(data.requires_payment, status === 200);
  return data;
}

async function creditOf(app: TestApp, key: string): Promise<string> {
  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  return me.body.billing_account.credit_balance;
}

async function projects(app: TestApp, key: string): Promise<any[]> {
  const response = await app.api('/projects/', { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.results;
}

/** The project API's servers of a project, each read in full. */
async function projectServers(app: TestApp, key: string, slug: string): Promise<any[]> {
  const list = await app.api(`/projects/${slug}/servers/`, { key });
  assert.equal(list.status, 200, JSON.stringify(list.body));
  return Promise.all(
    list.body.results.map(async (summary: { id: string }) => {
      const server = await app.api(`/projects/${slug}/servers/${summary.id}/`, { key });
      assert.equal(server.status, 200, JSON.stringify(server.body));
      return server.body;
    }),
  );
}

async function waitForLegacyServer(app: TestApp, key: string, serverId: number): Promise<any> {
  return eventually(async () => {
    const response = await app.legacy(`/api/v1/servers/${serverId}`, { key });
    return response.status === 200 ? response.body.data.server : null;
  });
}

async function legacyServers(app: TestApp, key: string): Promise<any[]> {
  const response = await app.legacy('/api/v1/servers', { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data.servers;
}

test('credit covers it: 201, requires_payment false, credit charged; the server is delivered into the default project', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, credit: '100.00', email: 'anna.berg@example.com' });
  const sshKey = (await app.legacy('/api/v1/keys', { method: 'POST', key, body: { description: 'laptop', type: 'sshkey', value: ed25519Key() } })).body.data.key;

  const data = deployResult(await deploy(app, key, { ...DEPLOY, features: { ssh_keys: [sshKey.id], ipv4_additional: 1, ipv6: true } }), 201);
  assert.ok(!('outstanding_balance' in data));
  assert.equal(data.server_url, `${app.legacyUrl}/api/v1/servers/${data.server_id}`);
  // 4.59 + 0.60 for the extra address + 0.00 for IPv6.
  assert.equal(await creditOf(app, key), '94.81');

  // Known at once, found once delivered.
  const server = await waitForLegacyServer(app, key, data.server_id);
  assert.equal(server.id, data.server_id);
  assert.equal(server.hostname, 'web-1');
  assert.equal(server.state, 'Active');
  assert.deepEqual(server.product, { _id: '1', name: 'CX22', location: 'fsn1', image: 'Debian 12 (Bookworm)', available_upgrades: ['2', '3'] });
  assert.deepEqual(server.billing, { billing_cycle: 'monthly', next_due: server.billing.next_due, initial_cost: 0, recurring_cost: 5.19, currency: 'EUR' });
  assert.deepEqual((await legacyServers(app, key)).map((entry) => entry.id), [data.server_id]);

  // The project API: one project, the default one, slug from the e-mail's local part, holding the server.
  const [project, ...others] = await projects(app, key);
  assert.deepEqual(others, []);
  assert.equal(project.slug, 'anna-berg');
  assert.equal(project.role, 'owner');
  const [inProject] = await projectServers(app, key, 'anna-berg');
  assert.equal(inProject.billing.service_id, data.server_id);
  assert.equal(inProject.hostname, 'web-1');
  assert.deepEqual(inProject.ssh_keys, [sshKey.id]);
  assert.equal(inProject.network.ipv4.length, 2);
  assert.equal(inProject.network.ipv4.find((entry: { primary: boolean }) => entry.primary).address, server.network.primary_ipaddress);
  assert.equal(inProject.network.ipv6.length, 1);
  const orders = await app.api('/projects/anna-berg/orders/', { key });
  assert.equal(orders.status, 200, JSON.stringify(orders.body));
  assert.equal(orders.body.length, 1);
  assert.equal(orders.body[0].invoice.id, data.invoice_id);
  assert.equal(orders.body[0].invoice.total, '5.19');
});

test('a second deploy reuses the default project', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, credit: '100.00', email: 'bob@example.com' });
  const first = deployResult(await deploy(app, key, DEPLOY), 201);
  const second = deployResult(await deploy(app, key, { ...DEPLOY, hostname: 'web-2', product: '2', location: 'nbg1', billing: 'quarterly' }), 201);
  assert.notEqual(first.server_id, second.server_id);
  assert.notEqual(first.invoice_id, second.invoice_id);
  assert.equal(await creditOf(app, key), '72.91', '100 - 4.59 - 22.50');
  await waitForLegacyServer(app, key, first.server_id);
  await waitForLegacyServer(app, key, second.server_id);

  assert.deepEqual((await projects(app, key)).map((project) => project.slug), ['bob']);
  const inProject = await projectServers(app, key, 'bob');
  assert.deepEqual(inProject.map((server) => server.billing.service_id).sort(), [first.server_id, second.server_id].sort());
  assert.deepEqual((await legacyServers(app, key)).map((server) => [server.id, server.hostname, server.billing.billing_cycle]), [
    [first.server_id, 'web-1', 'monthly'],
    [second.server_id, 'web-2', 'quarterly'],
  ]);
});

test('two first deploys at once make one default project; a taken slug gets a suffix', async (t) => {
  const app = await build(t);
  // Someone else already has the slug "jana".
  const other = await app.createUser({ email: 'jana@example.org' });
  assert.equal(await app.createReadyProject(other.key, 'Jana', 'jana'), 'jana');

  const { key } = await app.createUser({ legacy: true, credit: '100.00', email: 'jana@example.com' });
  const [first, second] = await Promise.all([deploy(app, key, DEPLOY), deploy(app, key, { ...DEPLOY, hostname: 'web-2' })]);
  const ids = [deployResult(first, 201).server_id, deployResult(second, 201).server_id];
  assert.deepEqual((await projects(app, key)).map((project) => project.slug), ['jana-2']);
  for (const id of ids) await waitForLegacyServer(app, key, id);
  assert.deepEqual((await projectServers(app, key, 'jana-2')).map((server) => server.billing.service_id).sort(), ids.sort());
  assert.equal(await creditOf(app, key), '90.82');
});

test('credit does not cover it: 200, requires_payment true with the outstanding balance; nothing charged or delivered until paid', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, credit: '10.00', email: 'carla@example.com' });
  // CCX13 monthly: 14.09 and a 5.00 setup fee.
  const data = deployResult(await deploy(app, key, { ...DEPLOY, product: '4', hostname: 'db-1' }), 200);
  assert.deepEqual(data.outstanding_balance, { price: 19.09, currency: 'EUR' });
  assert.equal(await creditOf(app, key), '10.00');
  assertFailure(await app.legacy(`/api/v1/servers/${data.server_id}`, { key }), 404, 'not delivered');
  assert.deepEqual(await legacyServers(app, key), []);
  // The order waits in the default project.
  const orders = await app.api('/projects/carla/orders/', { key });
  assert.equal(orders.status, 200, JSON.stringify(orders.body));
  assert.deepEqual(orders.body.map((order: any) => [order.status, order.invoice.id, order.invoice.total]), [['awaiting_payment', data.invoice_id, '19.09']]);

  // Paid in the control panel: the server is delivered, with the id answered before.
  const paid = await app.admin(`/invoices/${data.invoice_id}/pay`, { method: 'POST' });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  const server = await waitForLegacyServer(app, key, data.server_id);
  assert.equal(server.hostname, 'db-1');
  assert.equal(server.billing.initial_cost, 5);
  assert.equal(server.billing.recurring_cost, 14.09);
  assert.equal(await creditOf(app, key), '10.00');
});

test('invoice_url (deploy and upgrade) links to the console on the main listener, or CLOUDPLANE_PUBLIC_URL when set', async (t) => {
  const withPublicUrl = await build(t, { config: { publicUrl: 'https://cloud.example.com' } });
  const user = await withPublicUrl.createUser({ legacy: true, credit: '0.00' });
  const answered = deployResult(await deploy(withPublicUrl, user.key, DEPLOY), 200);
  assert.equal(answered.invoice_url, `https://cloud.example.com/console/invoices/${answered.invoice_id}`);

  // Without CLOUDPLANE_PUBLIC_URL: the main listener (where the console is), as the project API links the same invoice.
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, credit: '0.00', email: 'dora@example.com' });
  const data = deployResult(await deploy(app, key, DEPLOY), 200);
  const placed = await app.admin('/projects/dora/servers', { method: 'POST', body: { hostname: 'up-1', product_id: 1, location: 'fsn1', image: 'debian-12' } });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const upgrade = await app.legacy(`/api/v1/servers/${placed.body.billing.service_id}/upgrade`, { method: 'PUT', key, body: { product: '2' } });
  assert.equal(upgrade.status, 200, JSON.stringify(upgrade.body));

  const orders = await app.api('/projects/dora/orders/', { key });
  assert.equal(orders.status, 200, JSON.stringify(orders.body));
  const linkOf = (type: string) => orders.body.find((order: any) => order.type === type).invoice.url;
  assert.equal(linkOf('server'), `${app.baseUrl}/console/invoices/${data.invoice_id}`);
  assert.equal(linkOf('upgrade'), `${app.baseUrl}/console/invoices/${upgrade.body.data.invoice_id}`);
  // The same links as the project API gives for these invoices.
  assert.deepEqual({ deploy: data.invoice_url, upgrade: upgrade.body.data.invoice_url }, { deploy: linkOf('server'), upgrade: linkOf('upgrade') });
});

test('each bad field is a 422 naming it; nothing is bought', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, credit: '100.00', email: 'erik@example.com' });
  const other = await app.createUser({ legacy: true, email: 'frida@example.com' });
  const othersKey = (await app.legacy('/api/v1/keys', { method: 'POST', key: other.key, body: { description: 'theirs', type: 'sshkey', value: ed25519Key() } })).body.data.key;
  const without = (field: string) => Object.fromEntries(Object.entries(DEPLOY).filter(([name]) => name !== field));

  const cases: [string, unknown, string][] = [
    ['missing product', without('product'), 'product'],
    ['missing location', without('location'), 'location'],
    ['missing billing', without('billing'), 'billing'],
    ['missing image', without('image'), 'image'],
    ['missing hostname', without('hostname'), 'hostname'],
    ['unknown product', { ...DEPLOY, product: '99' }, 'product'],
    ['product not a number', { ...DEPLOY, product: 'cx22' }, 'product'],
    ['product as a number', { ...DEPLOY, product: 1 }, 'product'],
    ['empty product', { ...DEPLOY, product: '' }, 'product'],
    ['location not offered (sin)', { ...DEPLOY, location: 'sin' }, 'location'],
    ['unknown location', { ...DEPLOY, location: 'mars1' }, 'location'],
    ['location of another product only', { ...DEPLOY, product: '6', location: 'nbg1' }, 'location'],
    ['location sold out', { ...DEPLOY, product: '2', location: 'ash' }, 'location'],
    ['billing cycle not sold', { ...DEPLOY, product: '6', billing: 'quarterly' }, 'billing'],
    ['unknown billing cycle', { ...DEPLOY, billing: 'weekly' }, 'billing'],
    ['unknown image', { ...DEPLOY, image: 'windows-11' }, 'image'],
    ['image the product does not offer', { ...DEPLOY, product: '6', image: 'debian-13' }, 'image'],
    ['hostname with a space', { ...DEPLOY, hostname: 'web 1' }, 'hostname'],
    ['hostname starting with a hyphen', { ...DEPLOY, hostname: '-web' }, 'hostname'],
    ['hostname too short', { ...DEPLOY, hostname: 'w' }, 'hostname'],
    ['hostname too long', { ...DEPLOY, hostname: 'a'.repeat(65) }, 'hostname'],
    ['unknown ssh key', { ...DEPLOY, features: { ssh_keys: [999_999] } }, 'features.ssh_keys'],
    ["another user's ssh key", { ...DEPLOY, features: { ssh_keys: [othersKey.id] } }, 'features.ssh_keys'],
    ['ssh_keys not integers', { ...DEPLOY, features: { ssh_keys: ['one'] } }, 'features.ssh_keys'],
    ['private network on a product without it', { ...DEPLOY, product: '6', features: { private_network: true } }, 'features.private_network'],
    ['too many additional addresses', { ...DEPLOY, features: { ipv4_additional: 17 } }, 'features.ipv4_additional'],
  ];
  for (const [label, body, field] of cases) assertFieldError(await deploy(app, key, body), field, label);

  assert.equal(await creditOf(app, key), '100.00');
  assert.deepEqual(await legacyServers(app, key), []);
  for (const project of await projects(app, key)) {
    const orders = await app.api(`/projects/${project.slug}/orders/`, { key });
    assert.deepEqual(orders.body, [], `no order in ${project.slug}`);
  }
  // The other user's key is untouched and still theirs.
  assert.deepEqual((await app.legacy('/api/v1/keys', { key: other.key })).body.data.keys.map((entry: { id: number }) => entry.id), [othersKey.id]);
  // The same body, corrected, is accepted.
  deployResult(await deploy(app, key, { ...DEPLOY, product: '6', image: 'debian-12', features: { private_network: false } }), 201);
});

test('a user without a billing account is refused with 403', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, billing: false, email: 'gus@example.com' });
  const refused = await deploy(app, key, DEPLOY);
  assertFailure(refused, 403, 'no billing account');
  assert.deepEqual(await legacyServers(app, key), []);
  for (const project of await projects(app, key)) {
    assert.deepEqual((await app.api(`/projects/${project.slug}/orders/`, { key })).body, [], 'no order recorded');
  }
});

test('billing down: 503 with Retry-After, billing error: 502; nothing is charged; the deploy goes through once billing is back', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, credit: '100.00', email: 'hana@example.com' });

  await setFault(app, 'billing', 'down');
  const down = await deploy(app, key, DEPLOY);
  assertFailure(down, 503, 'billing down');
  assert.equal(down.headers.get('retry-after'), '30');

  await setFault(app, 'billing', 'error');
  assertFailure(await deploy(app, key, DEPLOY), 502, 'billing error');

  await setFault(app, 'billing', 'ok');
  assert.equal(await creditOf(app, key), '100.00');
  assert.deepEqual(await legacyServers(app, key), []);
  const data = deployResult(await deploy(app, key, DEPLOY), 201);
  await waitForLegacyServer(app, key, data.server_id);
  assert.equal(await creditOf(app, key), '95.41');
  assert.deepEqual((await legacyServers(app, key)).map((server) => server.id), [data.server_id]);
});

test('more than 10 deploys a minute with one key: 429 in the failure envelope; another key may still order', async (t) => {
  const app = await build(t);
  const { userId, key } = await app.createUser({ legacy: true, credit: '0.00', email: 'ivan@example.com' });
  for (let index = 1; index <= 10; index += 1) deployResult(await deploy(app, key, { ...DEPLOY, hostname: `web-${index}` }), 200);
  // Refused bodies are not orders and do not count.
  assertFieldError(await deploy(app, key, { ...DEPLOY, product: '99' }), 'product');

  const limited = await deploy(app, key, { ...DEPLOY, hostname: 'web-11' });
  assertFailure(limited, 429, 'eleventh deploy');
  assert.ok(Number(limited.headers.get('retry-after')) > 0, `Retry-After: ${limited.headers.get('retry-after')}`);
  const orders = await app.api('/projects/ivan/orders/', { key });
  assert.equal(orders.body.length, 10);

  const second = await app.createKey(userId);
  deployResult(await deploy(app, second.key, { ...DEPLOY, hostname: 'web-12' }), 200);
});
