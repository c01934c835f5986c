// Hypervisor hosts (D19; issue 29), on the built-in simulator: the operator
// registers, lists (with each host's use), reads, drains, changes and
// removes hosts (/admin/v1/hosts), and bad input is refused on its field;
// placement puts each server on the active host of its location with room
// and the most free memory, records it (the host's use and the definition
// provisioning is given), and counts vCPUs, memory and disk exactly, a plan
// change waiting for a reboot as the larger plan; a location whose hosts are
// full or draining refuses an order and an import as it refuses a product out
// of stock (400 on `location`, nothing recorded, nothing billed), also when
// imports race for the last room; an order whose delivery finds no room
// fails with a warning and its service is cancelled. Against real libvirt:
// libvirt-hosts.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, type CallResult } from '../helpers/build.ts';
import { balance, BASE_ORDER, listOrders, orderServer, waitForOrder } from '../helpers/orders.ts';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { reboot, upgrade, waitForOrder as waitForUpgrade } from '../helpers/upgrades.ts';
import { buildWorld, placeServer, SERVER_DEFAULTS, type World } from '../helpers/world.ts';

type Json = any;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const HOST_FIELDS = ['cpu_cores', 'created_at', 'disk_gb', 'id', 'location', 'name', 'ram_mb', 'state', 'updated_at', 'uri', 'used'];
/** The demo catalogue's CX22 (product 1): what one server holds of its host. */
const CX22 = { cpu_cores: 2, ram_mb: 4096, disk_gb: 40 };

function hostBody(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, location: 'fsn1', uri: `qemu+ssh://root@${name}.example.net/system`, cpu_cores: 16, ram_mb: 16384, disk_gb: 400, ...overrides };
}

async function registerHost(w: Pick<World, 'app'>, name: string, overrides: Record<string, unknown> = {}): Promise<Json> {
  const response = await w.app.admin('/hosts', { method: 'POST', body: hostBody(name, overrides) });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

async function hostsById(w: Pick<World, 'app'>): Promise<Map<number, Json>> {
  const response = await w.app.admin('/hosts');
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return new Map(response.body.map((host: Json) => [host.id, host]));
}

/** How many servers each host holds, by host name. */
async function serversPerHost(w: Pick<World, 'app'>): Promise<Record<string, number>> {
  return Object.fromEntries([...(await hostsById(w)).values()].map((host) => [host.name, host.used.servers]));
}

const use = (servers: number, plan = CX22) => ({ servers, cpu_cores: servers * plan.cpu_cores, ram_mb: servers * plan.ram_mb, disk_gb: servers * plan.disk_gb });

function importServer(w: World, body: Record<string, unknown> = {}): Promise<CallResult> {
  return w.app.admin(`/projects/${w.slug}/servers`, { method: 'POST', body: { ...SERVER_DEFAULTS, ...body } });
}

async function billingServices(w: World): Promise<{ status: string }[]> {
  return w.app.app.upstreams.backOffice.billing.listServices(w.userId);
}

/** The host the provisioning system was told to create the server on (its definition's `host`). */
async function definedHost(w: World, serverId: string): Promise<string | null> {
  const row = await w.app.app.database.db.selectFrom('provisioning_servers').select('definition').where('server_id', '=', serverId).executeTakeFirstOrThrow();
  const definition = typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition;
  return definition.host;
}

async function orderDelivered(w: World, hostname: string): Promise<string> {
  const ordered = await orderServer(w, { ...BASE_ORDER, hostname });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  return (await waitForOrder(w, ordered.body.id, ['completed'])).server_id as string;
}

test('hosts: register, list, read, drain, change and remove; each bad input a 400 on its field, a taken name or URI a 409', async (t) => {
  const app = await build(t);
  const w = { app };

  const created = await app.admin('/hosts', { method: 'POST', body: hostBody('hv-a', { cpu_cores: 8 }) });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const a = created.body;
  assert.deepEqual(Object.keys(a).sort(), HOST_FIELDS);
  assert.ok(Number.isInteger(a.id));
  assert.deepEqual(
    { name: a.name, location: a.location, uri: a.uri, cpu_cores: a.cpu_cores, ram_mb: a.ram_mb, disk_gb: a.disk_gb, state: a.state },
    { name: 'hv-a', location: 'fsn1', uri: 'qemu+ssh://root@hv-a.example.net/system', cpu_cores: 8, ram_mb: 16384, disk_gb: 400, state: 'active' },
  );
  assert.deepEqual(a.used, use(0));
  assert.match(a.created_at, ISO_UTC);
  assert.equal(a.updated_at, a.created_at);
  const b = await registerHost(w, 'hv-b', { location: 'nbg1', state: 'draining' });
  assert.equal(b.state, 'draining');
  const c = await registerHost(w, 'hv-c', { location: 'fsn1', uri: 'qemu:///system' });

  // By location, then name.
  assert.deepEqual((await app.admin('/hosts')).body.map((host: Json) => host.name), ['hv-a', 'hv-c', 'hv-b']);
  assert.deepEqual((await app.admin('/hosts?location=fsn1')).body.map((host: Json) => host.name), ['hv-a', 'hv-c']);
  assert.deepEqual((await app.admin('/hosts?location=nbg1')).body, [b]);
  assert.deepEqual((await app.admin('/hosts?location=hel1')).body, [], 'a location without hosts lists none');
  assert.deepEqual((await app.admin(`/hosts/${a.id}`)).body, a);
  assertProblem(await app.admin('/hosts/999999'), 404, 'not_found');
  assertProblem(await app.admin('/hosts/nope'), 404, 'not_found');
  assertFieldError(await app.admin('/hosts?location=Not%20a%20code'), 'location', 'a location filter that is no code');

  const refusals: [string, Record<string, unknown>, string][] = [
    ['no name', { ...hostBody('x'), name: undefined }, 'name'],
    ['a name with a space', hostBody('hv a'), 'name'],
    ['a name of 64 characters', hostBody('h'.repeat(64)), 'name'],
    ['no location', { ...hostBody('hv-x'), location: undefined }, 'location'],
    ['a location not in the catalogue', hostBody('hv-x', { location: 'xyz1' }), 'location'],
    ['a location that is no code', hostBody('hv-x', { location: 'FSN 1' }), 'location'],
    ['no uri', { ...hostBody('hv-x'), uri: undefined }, 'uri'],
    ['a uri without a scheme', hostBody('hv-x', { uri: '/var/run/libvirt/libvirt-sock' }), 'uri'],
    ['a uri with a space', hostBody('hv-x', { uri: 'qemu:///system ' }), 'uri'],
    ['a uri of 501 characters', hostBody('hv-x', { uri: `qemu+ssh://${'h'.repeat(483)}/system` }), 'uri'],
    ['no vCPUs', hostBody('hv-x', { cpu_cores: 0 }), 'cpu_cores'],
    ['vCPUs as a string', hostBody('hv-x', { cpu_cores: '8' }), 'cpu_cores'],
    ['memory not an integer', hostBody('hv-x', { ram_mb: 1.5 }), 'ram_mb'],
    ['negative disk', hostBody('hv-x', { disk_gb: -1 }), 'disk_gb'],
    ['disk past 32 bits', hostBody('hv-x', { disk_gb: 2 ** 31 }), 'disk_gb'],
    ['an unknown state', hostBody('hv-x', { state: 'maintenance' }), 'state'],
  ];
  for (const [label, body, field] of refusals) assertFieldError(await app.admin('/hosts', { method: 'POST', body }), field, label);

  const sameName = await app.admin('/hosts', { method: 'POST', body: hostBody('hv-a', { uri: 'qemu+ssh://root@elsewhere/system' }) });
  assertProblem(sameName, 409, 'name_taken');
  assert.equal(sameName.body.host_id, a.id);
  const sameUri = await app.admin('/hosts', { method: 'POST', body: hostBody('hv-twin', { uri: a.uri }) });
  assertProblem(sameUri, 409, 'conflict', 'one machine registered twice');
  assert.equal(sameUri.body.host_id, a.id);
  assertProblem(await app.admin('/hosts', { method: 'POST', key: null, body: hostBody('hv-x') }), 401, 'unauthenticated');
  assert.deepEqual([...(await hostsById(w)).keys()].sort(), [a.id, b.id, c.id].sort(), 'nothing refused was registered');

  // Drained, changed, reactivated.
  const drained = await app.admin(`/hosts/${a.id}`, { method: 'PATCH', body: { state: 'draining' } });
  assert.equal(drained.status, 200, JSON.stringify(drained.body));
  assert.equal(drained.body.state, 'draining');
  assert.ok(drained.body.updated_at >= a.updated_at);
  const grown = await app.admin(`/hosts/${a.id}`, { method: 'PATCH', body: { state: 'active', cpu_cores: 32, ram_mb: 65536, disk_gb: 2000, uri: 'qemu+tls://hv-a.example.net/system' } });
  assert.equal(grown.status, 200, JSON.stringify(grown.body));
  assert.deepEqual(
    { state: grown.body.state, cpu_cores: grown.body.cpu_cores, ram_mb: grown.body.ram_mb, disk_gb: grown.body.disk_gb, uri: grown.body.uri, name: grown.body.name, location: grown.body.location },
    { state: 'active', cpu_cores: 32, ram_mb: 65536, disk_gb: 2000, uri: 'qemu+tls://hv-a.example.net/system', name: 'hv-a', location: 'fsn1' },
  );
  const unchanged = await app.admin(`/hosts/${a.id}`, { method: 'PATCH', body: {} });
  assert.equal(unchanged.status, 200);
  assert.deepEqual(unchanged.body, grown.body, 'an empty body changes nothing');

  for (const [label, body, field] of [
    ['a state that is not one', { state: 'off' }, 'state'],
    ['no vCPUs', { cpu_cores: 0 }, 'cpu_cores'],
    ['memory as a string', { ram_mb: '1024' }, 'ram_mb'],
    ['a uri without a scheme', { uri: 'hv-a' }, 'uri'],
    ['the location, which stays as registered', { location: 'nbg1' }, 'location'],
    ['the name, which stays as registered', { name: 'renamed' }, 'name'],
  ] as const) {
    assertFieldError(await app.admin(`/hosts/${a.id}`, { method: 'PATCH', body }), field, label);
  }
  assertProblem(await app.admin(`/hosts/${a.id}`, { method: 'PATCH', body: { uri: c.uri } }), 409, 'conflict');
  assertProblem(await app.admin('/hosts/999999', { method: 'PATCH', body: { state: 'draining' } }), 404, 'not_found');
  assert.deepEqual((await app.admin(`/hosts/${a.id}`)).body, grown.body, 'refused changes changed nothing');

  const removed = await app.admin(`/hosts/${b.id}`, { method: 'DELETE' });
  assert.equal(removed.status, 204);
  assertProblem(await app.admin(`/hosts/${b.id}`), 404, 'not_found');
  assertProblem(await app.admin(`/hosts/${b.id}`, { method: 'DELETE' }), 404, 'not_found');
  assert.deepEqual((await app.admin('/hosts')).body.map((host: Json) => host.name), ['hv-a', 'hv-c']);
  // A name and a URI are free again once their host is gone.
  await registerHost(w, 'hv-b', { location: 'nbg1' });
});

test('placement: the active host with room and the most free memory, recorded; use counted exactly; a drained host takes nothing; a full location refuses orders and imports with nothing recorded', async (t) => {
  const w = await buildWorld(t, { credit: '500.00' });

  // No host registered in the location: placed as before, on the backend's default host.
  const unhosted = await orderDelivered(w, 'before-hosts');
  assert.equal(await definedHost(w, unhosted), null);

  const big = await registerHost(w, 'big', { ram_mb: 16384 });
  const small = await registerHost(w, 'small', { ram_mb: 10240 });
  const elsewhere = await registerHost(w, 'elsewhere', { location: 'nbg1' });

  // Free memory 16384 vs 10240, then 12288 vs 10240: both on big; then 8192 vs 10240: small.
  const first = await orderDelivered(w, 'first');
  assert.equal(await definedHost(w, first), big.uri, 'provisioning is told which host to create it on');
  assert.equal((await importServer(w, { hostname: 'second' })).status, 201);
  assert.deepEqual(await serversPerHost(w), { big: 2, small: 0, elsewhere: 0 });
  const third = await orderDelivered(w, 'third');
  assert.equal(await definedHost(w, third), small.uri);
  let hosts = await hostsById(w);
  assert.deepEqual(hosts.get(big.id).used, use(2));
  assert.deepEqual(hosts.get(small.id).used, use(1));
  assert.deepEqual(hosts.get(elsewhere.id).used, use(0), "another location's host is not used");

  // Drained, big takes nothing more though it has the most room: small does, until it is full.
  assert.equal((await w.app.admin(`/hosts/${big.id}`, { method: 'PATCH', body: { state: 'draining' } })).status, 200);
  assert.equal((await importServer(w, { hostname: 'fourth' })).status, 201);
  assert.deepEqual(await serversPerHost(w), { big: 2, small: 2, elsewhere: 0 });

  // small has 2048 MB left, big is draining: fsn1 is out of stock for a CX22, and for anything bigger.
  const creditBefore = await balance(w.app, w.key);
  const ordersBefore = await listOrders(w);
  const servicesBefore = (await billingServices(w)).length;
  for (const productId of [1, 2]) {
    const refused = await orderServer(w, { ...BASE_ORDER, hostname: 'no-room', product_id: productId });
    assertFieldError(refused, 'location', `an order no host can hold (product ${productId})`);
  }
  assertFieldError(await importServer(w, { hostname: 'no-room' }), 'location', 'an import no host can hold');
  assert.deepEqual(await listOrders(w), ordersBefore, 'no order is recorded');
  assert.equal(await balance(w.app, w.key), creditBefore, 'nothing is charged');
  assert.equal((await billingServices(w)).length, servicesBefore, 'billing opened no service');
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/`, { key: w.key })).body.count, 5);
  // The rest of the world works on: another location's host, and a location with no host at all.
  assert.equal((await importServer(w, { hostname: 'in-nbg1', location: 'nbg1' })).status, 201);
  assert.equal((await importServer(w, { hostname: 'in-hel1', location: 'hel1' })).status, 201);
  assert.deepEqual(await serversPerHost(w), { big: 2, small: 2, elsewhere: 1 });

  // Back in service, big takes the order.
  assert.equal((await w.app.admin(`/hosts/${big.id}`, { method: 'PATCH', body: { state: 'active' } })).status, 200);
  await orderDelivered(w, 'fifth');
  assert.deepEqual(await serversPerHost(w), { big: 3, small: 2, elsewhere: 1 });

  // A host with servers is not removed; once they are gone it is.
  const inUse = await w.app.admin(`/hosts/${small.id}`, { method: 'DELETE' });
  assertProblem(inUse, 409, 'conflict');
  assert.equal(inUse.body.servers, 2);
  assertProblem(await w.app.admin(`/hosts/${small.id}`, { method: 'PATCH', body: { uri: 'qemu+ssh://root@moved/system' } }), 409, 'conflict', 'its servers were created through its URI');
  for (const serverId of [third, (await serversOn(w, 'fourth'))!]) {
    const cancelled = await w.app.api(`/projects/${w.slug}/servers/${serverId}/cancel/`, { method: 'POST', key: w.key, body: { when: 'immediate' } });
    assert.equal(cancelled.status, 202, JSON.stringify(cancelled.body));
  }
  hosts = await hostsById(w);
  assert.deepEqual(hosts.get(small.id).used, use(0), 'servers that left free their room');
  assert.equal((await w.app.admin(`/hosts/${small.id}`, { method: 'DELETE' })).status, 204);
});

/** The id of the project's server with this hostname. */
async function serversOn(w: World, hostname: string): Promise<string | undefined> {
  const list = await w.app.api(`/projects/${w.slug}/servers/?page_size=50`, { key: w.key });
  return list.body.results.find((server: Json) => server.hostname === hostname)?.id;
}

test('placement counts vCPUs, memory and disk each, and a plan change waiting for a reboot as the larger plan', async (t) => {
  const w = await buildWorld(t, { credit: '500.00' });
  // Room for one CX22 by vCPUs in hel1, by disk in nbg1; memory for many in both.
  const fewCores = await registerHost(w, 'few-cores', { location: 'hel1', cpu_cores: 3, ram_mb: 65536 });
  const smallDisk = await registerHost(w, 'small-disk', { location: 'nbg1', disk_gb: 79, ram_mb: 65536 });
  for (const location of ['hel1', 'nbg1']) {
    assert.equal((await importServer(w, { hostname: `one-${location}`, location })).status, 201);
    assertFieldError(await importServer(w, { hostname: `two-${location}`, location }), 'location', `the second in ${location}`);
  }
  const hosts = await hostsById(w);
  assert.deepEqual(hosts.get(fewCores.id).used, use(1));
  assert.deepEqual(hosts.get(smallDisk.id).used, use(1));

  // An upgrade to CX32 (4 vCPUs, 8192 MB) without the disk: until the reboot the server may need either plan.
  const roomy = await registerHost(w, 'roomy');
  const placed = await placeServer(w, { hostname: 'grows' });
  const ordered = await upgrade(w.app, w.key, w.slug, placed.id, { product_id: 2, upgrade_disk: false });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  await waitForUpgrade(w.app, w.key, w.slug, ordered.body.id, 'completed');
  assert.deepEqual((await w.app.admin(`/hosts/${roomy.id}`)).body.used, { servers: 1, cpu_cores: 4, ram_mb: 8192, disk_gb: 40 });
  await reboot(w.app, w.key, w.slug, placed.id);
  assert.deepEqual((await w.app.admin(`/hosts/${roomy.id}`)).body.used, { servers: 1, cpu_cores: 4, ram_mb: 8192, disk_gb: 40 }, 'the plan applied');
});

test('imports racing for the last room: exactly as many are placed as the host holds; the others are refused on location and left unbilled', async (t) => {
  const w = await buildWorld(t, { credit: '500.00' });
  const host = await registerHost(w, 'three', { ram_mb: 3 * CX22.ram_mb });
  const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => importServer(w, { hostname: `race-${index}` })));
  const placed = answers.filter((answer) => answer.status === 201);
  assert.equal(placed.length, 3, JSON.stringify(answers.map((answer) => answer.status)));
  for (const answer of answers.filter((entry) => entry.status !== 201)) assertFieldError(answer, 'location', 'a racing import that found no room');
  assert.deepEqual((await w.app.admin(`/hosts/${host.id}`)).body.used, use(3));
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/`, { key: w.key })).body.count, 3);
  const services = await billingServices(w);
  assert.equal(services.filter((service) => service.status === 'Active').length, 3, 'only the placed servers are billed');
});

test('an order whose delivery finds no room fails with a warning; nothing is left of it and its service is cancelled', async (t) => {
  const w = await buildWorld(t, { credit: '1.00' });
  const host = await registerHost(w, 'one-slot', { ram_mb: CX22.ram_mb });

  // Too little credit: the order waits for its invoice to be paid. There is room when it is taken.
  const ordered = await orderServer(w, { ...BASE_ORDER, hostname: 'late' });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.status, 'awaiting_payment');
  // Meanwhile the operator fills the host.
  const filler = await importServer(w, { hostname: 'filler' });
  assert.equal(filler.status, 201, JSON.stringify(filler.body));

  const paid = await w.app.admin(`/invoices/${ordered.body.invoice.id}/pay`, { method: 'POST' });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  const failed = await waitForOrder(w, ordered.body.id, ['failed', 'completed']);
  assert.equal(failed.status, 'failed', JSON.stringify(failed));
  assert.equal(failed.server_id, null);
  assert.deepEqual(failed.warnings, ['Delivery failed: no hypervisor host in fsn1 has room for the plan (2 vCPUs, 4096 MB memory, 40 GB disk)']);
  assert.deepEqual((await w.app.admin(`/hosts/${host.id}`)).body.used, use(1), 'only the filler is on the host');
  const servers = (await w.app.api(`/projects/${w.slug}/servers/`, { key: w.key })).body;
  assert.deepEqual(servers.results.map((server: Json) => server.hostname), ['filler']);
  const statuses = (await billingServices(w)).map((service) => service.status).sort();
  assert.deepEqual(statuses, ['Active', 'Cancelled'], "the filler's service runs; the order's is cancelled");
});
