// The server resource over HTTP (spec "Server (full object)", "Server
// summary", the Servers endpoints, Rename, Errors; DESIGN D2, D14 and the
// operator rows for servers): the operator's placement and the full object it
// answers, addresses from the location's pools, pooled bandwidth, the summary
// list and its pages, isolation between projects, billing and firewall faults
// (null, never a made-up value), rename rules and who may rename, suspension,
// bandwidth usage, and a project still being set up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ipaddr from 'ipaddr.js';
import { demoCatalogue } from '../../src/modules/catalogue/demo-catalogue.ts';
import { build, eventually, type TestApp } from '../helpers/build.ts';
import { assertProblem, assertFieldError } from '../helpers/problems.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = /^\d+\.\d{2}$/;
const SERVER_ID = /^[0-9a-f]{16}$/;

const SERVER_FIELDS = [
  'bandwidth',
  'billing',
  'created_at',
  'firewall_groups',
  'has_user_data',
  'hostname',
  'id',
  'image',
  'iso',
  'location',
  'network',
  'pending_changes',
  'plan',
  'ssh_keys',
  'status',
];
const SUMMARY_FIELDS = ['hostname', 'id', 'ipv4_primary', 'location', 'plan', 'status'];

type Json = Record<string, any>;





async function addSshKey(app: TestApp, key: string, slug: string, name: string): Promise<number> {
  const response = await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key, body: { name, public_key: ed25519Key() } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body.id;
}

async function place(app: TestApp, slug: string, body: Json): Promise<Json> {
  const response = await app.admin(`/projects/${slug}/servers`, { method: 'POST', body });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

async function getServer(app: TestApp, key: string, slug: string, id: string): Promise<Json> {
  const response = await app.api(`/projects/${slug}/servers/${id}/`, { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

async function setUsage(app: TestApp, id: string, usedGb: number): Promise<Json> {
  const response = await app.admin(`/servers/${id}/bandwidth-usage`, { method: 'PUT', body: { used_gb: usedGb } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.bandwidth.used_gb, usedGb);
  return response.body;
}

async function setFault(app: TestApp, system: string, mode: string): Promise<void> {
  const response = await app.admin(`/faults/${system}`, { method: 'PUT', body: { mode } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}

async function addMember(app: TestApp, slug: string, userId: number, role: string): Promise<void> {
  const response = await app.admin(`/projects/${slug}/members/${userId}`, { method: 'PUT', body: { role } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}

/** Starts an action through the API and waits until it has succeeded. */
async function runAction(app: TestApp, key: string, slug: string, serverId: string, name: string): Promise<Json> {
  const started = await app.api(`/projects/${slug}/servers/${serverId}/actions/${name}/`, { method: 'POST', key });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  return eventually(async () => {
    const action = await app.api(`/projects/${slug}/actions/${started.body.id}/`, { key });
    assert.equal(action.status, 200, JSON.stringify(action.body));
    assert.ok(action.body.status === 'running' || action.body.status === 'success', JSON.stringify(action.body));
    return action.body.status === 'success' ? action.body : null;
  });
}

function product(id: number) {
  const found = demoCatalogue.products.find((entry) => entry.id === id);
  assert.ok(found, `demo product ${id}`);
  return found;
}

function location(code: string) {
  const found = demoCatalogue.locations.find((entry) => entry.code === code);
  assert.ok(found, `demo location ${code}`);
  return found;
}

const cents = (money: string): number => Math.round(Number(money) * 100);
const money = (minor: number): string => (minor / 100).toFixed(2);

/** One billing cycle after `created`, as YYYY-MM-DD; a day past the month's end falls back to its last day. */
function oneCycleAfter(created: string, cycle: string): string {
  const months = { monthly: 1, quarterly: 3, annually: 12 }[cycle];
  assert.ok(months, cycle);
  const from = new Date(created);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay))).toISOString().slice(0, 10);
}

function inIpv4Pool(address: string, pool: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(address) && ipaddr.IPv4.parse(address).match(ipaddr.IPv4.parseCIDR(pool));
}

interface Expected {
  hostname: string;
  productId: number;
  location: string;
  image: string;
  cycle: string;
  ipv4Additional: number;
  ipv6: boolean;
  sshKeys: number[];
}

/** Every field of the spec's table, with its type and the value the placement asked for. */
function assertFullServer(server: Json, expected: Expected): void {
  const offer = product(expected.productId);
  const site = location(expected.location);
  const image = demoCatalogue.images.find((entry) => entry.name === expected.image)!;

  assert.deepEqual(Object.keys(server).sort(), SERVER_FIELDS);
  assert.match(server.id, SERVER_ID, 'D14: 16 lowercase hexadecimal characters');
  assert.equal(server.hostname, expected.hostname);
  assert.equal(server.status, 'running');
  assert.equal(server.pending_changes, false);
  assert.deepEqual(server.location, { code: site.code, city: site.city, country_code: site.country_code });
  assert.deepEqual(server.image, { name: image.name, display_name: image.display_name });
  assert.deepEqual(server.plan, {
    name: offer.name,
    category: offer.category,
    cpu_cores: offer.plan.cpu_cores,
    ram_mb: offer.plan.ram_mb,
    disk_gb: offer.plan.disk_gb,
    boot_disk_gb: offer.plan.boot_disk_gb,
  });

  // Network: primary first, only the primary has a gateway, every address from the location's pool.
  assert.deepEqual(Object.keys(server.network).sort(), ['ipv4', 'ipv6', 'private_network']);
  const ipv4: Json[] = server.network.ipv4;
  assert.equal(ipv4.length, 1 + expected.ipv4Additional);
  const pool = site.ipv4_pool!;
  const [poolNetwork, prefix] = ipaddr.IPv4.parseCIDR(pool);
  const netmask = ipaddr.IPv4.subnetMaskFromPrefixLength(prefix).toString();
  const broadcast = ipaddr.IPv4.broadcastAddressFromCIDR(pool).toString();
  ipv4.forEach((entry, index) => {
    assert.deepEqual(Object.keys(entry).sort(), ['address', 'gateway', 'netmask', 'primary']);
    assert.equal(typeof entry.address, 'string');
    assert.ok(inIpv4Pool(entry.address, pool), `${entry.address} is inside ${pool}`);
    assert.notEqual(entry.address, poolNetwork.toString(), 'not the network address');
    assert.notEqual(entry.address, broadcast, 'not the broadcast address');
    assert.equal(entry.primary, index === 0, 'the primary address comes first, and only it is primary');
    assert.equal(entry.netmask, netmask);
    if (index === 0) {
      assert.equal(typeof entry.gateway, 'string');
      assert.ok(inIpv4Pool(entry.gateway, pool), 'the gateway is on the same network');
      assert.ok(!ipv4.some((other) => other.address === entry.gateway), 'the gateway is not one of the server addresses');
    } else {
      assert.equal(entry.gateway, null, 'only the primary address has a gateway');
    }
  });
  assert.equal(new Set(ipv4.map((entry) => entry.address)).size, ipv4.length, 'no address twice on one server');

  if (expected.ipv6) {
    assert.equal(server.network.ipv6.length, 1);
    const { subnet } = server.network.ipv6[0];
    assert.deepEqual(Object.keys(server.network.ipv6[0]), ['subnet']);
    assert.ok(ipaddr.IPv6.isValidCIDR(subnet), subnet);
    const [subnetAddress, subnetPrefix] = ipaddr.IPv6.parseCIDR(subnet);
    assert.equal(subnetPrefix, 64);
    assert.ok(subnetAddress.match(ipaddr.IPv6.parseCIDR(site.ipv6_pool!)), `${subnet} is inside ${site.ipv6_pool}`);
    assert.equal(ipaddr.IPv6.networkAddressFromCIDR(subnet).toString(), subnetAddress.toString(), 'a network, no host bits');
  } else {
    assert.deepEqual(server.network.ipv6, []);
  }
  assert.deepEqual(server.network.private_network, { eligible: offer.private_network, enabled: false });

  // Bandwidth: the product's allowance; pooled products show the pool, others null.
  assert.deepEqual(Object.keys(server.bandwidth).sort(), ['allocated_gb', 'extra_gb', 'pool', 'pooled', 'used_gb']);
  assert.equal(server.bandwidth.pooled, offer.pooled_bandwidth);
  assert.equal(server.bandwidth.allocated_gb, offer.bandwidth_gb);
  assert.equal(server.bandwidth.extra_gb, 0);
  assert.equal(server.bandwidth.used_gb, 0);
  if (offer.pooled_bandwidth) {
    assert.deepEqual(Object.keys(server.bandwidth.pool).sort(), ['allocated_gb', 'extra_gb', 'used_gb']);
    for (const value of Object.values(server.bandwidth.pool)) assert.ok(Number.isInteger(value), 'pool totals are integers');
  } else {
    assert.equal(server.bandwidth.pool, null);
  }

  assert.deepEqual(server.firewall_groups, []);
  assert.deepEqual(server.ssh_keys, [...expected.sshKeys].sort((a, b) => a - b));
  assert.equal(server.iso, null);
  assert.equal(server.has_user_data, false);

  // Billing: the service placed with the server, at the product's price plus the extras.
  const billing = server.billing;
  assert.deepEqual(Object.keys(billing).sort(), ['billing_cycle', 'currency', 'next_due_date', 'recurring_amount', 'service_id', 'status', 'upgradeable_to']);
  assert.ok(Number.isInteger(billing.service_id) && billing.service_id > 0);
  assert.equal(billing.status, 'Active');
  assert.equal(billing.billing_cycle, expected.cycle);
  assert.match(billing.next_due_date, DATE);
  assert.equal(billing.next_due_date, oneCycleAfter(server.created_at, expected.cycle));
  assert.match(billing.recurring_amount, MONEY);
  const price =
    cents(offer.prices[expected.cycle]!) +
    expected.ipv4Additional * cents(demoCatalogue.pricing.ipv4_additional[expected.cycle]!) +
    (expected.ipv6 ? cents(demoCatalogue.pricing.ipv6[expected.cycle]!) : 0);
  assert.equal(billing.recurring_amount, money(price));
  assert.equal(billing.currency, offer.currency);
  assert.deepEqual(billing.upgradeable_to, offer.upgradeable_to);

  assert.match(server.created_at, ISO_UTC);
  assert.ok(Math.abs(Date.parse(server.created_at) - Date.now()) < 60_000, 'created just now');
}

test('operator placement answers 201 with the full server object, as GET shows it', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Placement');
  const keyA = await addSshKey(app, owner.key, slug, 'laptop');
  const keyB = await addSshKey(app, owner.key, slug, 'ci');

  // A pooled product, two extra addresses, IPv6, a non-default cycle, keys (one repeated).
  const web = await place(app, slug, {
    hostname: 'web-1.example.com',
    product_id: 1,
    location: 'fsn1',
    image: 'ubuntu-24.04',
    billing_cycle: 'quarterly',
    ssh_keys: [keyB, keyA, keyB],
    ipv6: true,
    ipv4_additional: 2,
  });
  assertFullServer(web, {
    hostname: 'web-1.example.com',
    productId: 1,
    location: 'fsn1',
    image: 'ubuntu-24.04',
    cycle: 'quarterly',
    ipv4Additional: 2,
    ipv6: true,
    sshKeys: [keyA, keyB],
  });
  assert.equal(web.billing.recurring_amount, '17.10', '13.50 + 2 × 1.80 + 0.00');
  assert.deepEqual(await getServer(app, owner.key, slug, web.id), web, 'GET answers what the placement answered');

  // A dedicated (not pooled) product, defaults everywhere else.
  const db = await place(app, slug, { hostname: 'db1', product_id: 4, location: 'nbg1', image: 'rocky-9' });
  assertFullServer(db, { hostname: 'db1', productId: 4, location: 'nbg1', image: 'rocky-9', cycle: 'monthly', ipv4Additional: 0, ipv6: false, sshKeys: [] });
  assert.equal(db.billing.recurring_amount, '14.09');
  assert.equal(db.bandwidth.pool, null);
  assert.deepEqual(await getServer(app, owner.key, slug, db.id), db);

  // ipv6: false is the same as leaving it out; a private network asked for on an eligible product is joined.
  const other = await place(app, slug, { hostname: 'web-2', product_id: 6, location: 'fsn1', image: 'alma-9', billing_cycle: 'annually', ipv6: false, ipv4_additional: 1 });
  assertFullServer(other, { hostname: 'web-2', productId: 6, location: 'fsn1', image: 'alma-9', cycle: 'annually', ipv4Additional: 1, ipv6: false, sshKeys: [] });
  assert.equal(other.billing.recurring_amount, '617.00', '610.00 + 7.00');
  const joined = await place(app, slug, { hostname: 'private-1', product_id: 2, location: 'fsn1', image: 'debian-12', private_network: true });
  assert.deepEqual(joined.network.private_network, { eligible: true, enabled: true });

  // Addresses are never handed out twice, across servers and projects, and never the same /64.
  const stranger = await app.createUser();
  const theirs = await app.createReadyProject(stranger.key, 'Theirs');
  const foreign = await place(app, theirs, { hostname: 'theirs', product_id: 1, location: 'fsn1', image: 'debian-12', ipv6: true, ipv4_additional: 1 });
  const all = [web, db, other, joined, foreign];
  const addresses = all.flatMap((server) => server.network.ipv4.map((entry: Json) => entry.address));
  assert.equal(addresses.length, 3 + 1 + 2 + 1 + 2);
  assert.equal(new Set(addresses).size, addresses.length, `distinct: ${addresses.join(', ')}`);
  const subnets = all.flatMap((server) => server.network.ipv6.map((entry: Json) => entry.subnet));
  assert.equal(subnets.length, 2);
  assert.notEqual(subnets[0], subnets[1]);
  assert.equal(new Set(all.map((server) => server.id)).size, all.length);
  assert.equal(new Set(all.map((server) => server.billing.service_id)).size, all.length, 'one billing service per server');

  const listed = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
  assert.equal(listed.body.count, 4, 'the other project\'s server is not in this one');
});

test('pooled bandwidth: the pool sums the project\'s pooled servers in the location, nothing else', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Pooled');
  const stranger = await app.createUser();
  const theirs = await app.createReadyProject(stranger.key, 'Other Pool');

  const first = await place(app, slug, { hostname: 'pool-a', product_id: 1, location: 'fsn1', image: 'debian-12' });
  assert.deepEqual(first.bandwidth.pool, { allocated_gb: 20000, extra_gb: 0, used_gb: 0 }, 'a pool of one');
  const second = await place(app, slug, { hostname: 'pool-b', product_id: 2, location: 'fsn1', image: 'debian-12' });
  const elsewhere = await place(app, slug, { hostname: 'pool-c', product_id: 1, location: 'nbg1', image: 'debian-12' });
  const dedicated = await place(app, slug, { hostname: 'dedicated', product_id: 4, location: 'fsn1', image: 'debian-12' });
  const foreign = await place(app, theirs, { hostname: 'foreign', product_id: 1, location: 'fsn1', image: 'debian-12' });

  await setUsage(app, first.id, 120);
  await setUsage(app, second.id, 230);
  await setUsage(app, elsewhere.id, 999);
  const dedicatedAfter = await setUsage(app, dedicated.id, 50);
  await setUsage(app, foreign.id, 7000);

  const expectedFsn = { allocated_gb: 40000, extra_gb: 0, used_gb: 350 };
  for (const server of [first, second]) {
    const read = await getServer(app, owner.key, slug, server.id);
    assert.equal(read.bandwidth.pooled, true);
    assert.deepEqual(read.bandwidth.pool, expectedFsn, `pool of ${server.hostname}`);
  }
  assert.equal((await getServer(app, owner.key, slug, first.id)).bandwidth.used_gb, 120, 'the server\'s own traffic is its own');
  assert.equal((await getServer(app, owner.key, slug, second.id)).bandwidth.used_gb, 230);
  assert.deepEqual((await getServer(app, owner.key, slug, elsewhere.id)).bandwidth.pool, { allocated_gb: 20000, extra_gb: 0, used_gb: 999 });
  assert.deepEqual(dedicatedAfter.bandwidth, { pooled: false, allocated_gb: 20000, extra_gb: 0, used_gb: 50, pool: null });
  assert.deepEqual((await getServer(app, owner.key, slug, dedicated.id)).bandwidth, dedicatedAfter.bandwidth);
  assert.deepEqual((await getServer(app, stranger.key, theirs, foreign.id)).bandwidth.pool, { allocated_gb: 20000, extra_gb: 0, used_gb: 7000 });

  // The operator's answer shows the pool too.
  const updated = await setUsage(app, second.id, 30);
  assert.deepEqual(updated.bandwidth.pool, { allocated_gb: 40000, extra_gb: 0, used_gb: 150 });
});

test('addresses under load: concurrent placements never share an address; a full pool refuses and keeps nothing', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Crowded');

  // Twelve placements at once in one location: every one placed, no address or /64 twice.
  const concurrent = await Promise.all(
    Array.from({ length: 12 }, (_, index) =>
      app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { hostname: `burst-${index}`, product_id: 1, location: 'hel1', image: 'debian-12', ipv4_additional: 2, ipv6: true } }),
    ),
  );
  for (const response of concurrent) assert.equal(response.status, 201, JSON.stringify(response.body));
  const addresses = concurrent.flatMap((response) => response.body.network.ipv4.map((entry: Json) => entry.address));
  assert.equal(addresses.length, 36);
  assert.equal(new Set(addresses).size, 36, 'no address handed out twice');
  for (const address of addresses) assert.ok(inIpv4Pool(address, location('hel1').ipv4_pool!), address);
  const subnets = concurrent.map((response) => response.body.network.ipv6[0].subnet);
  assert.equal(new Set(subnets).size, 12, 'no /64 handed out twice');

  // fsn1 is a /25: 125 hosts once the network, the gateway and the broadcast address are left out.
  for (let index = 0; index < 7; index += 1) {
    await place(app, slug, { hostname: `bulk-${index}`, product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 16 });
  }
  const before = (await app.api(`/projects/${slug}/servers/`, { key: owner.key })).body.count;
  // 119 used, 6 left: a server asking for 17 is refused whole...
  assertProblem(
    await app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { hostname: 'too-big', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 16 } }),
    409,
    'conflict',
  );
  assert.equal((await app.api(`/projects/${slug}/servers/`, { key: owner.key })).body.count, before, 'no half-placed server');
  // ...and the addresses it had claimed before running out are free again: a server of 6 still fits.
  const last = await place(app, slug, { hostname: 'last-fit', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 5 });
  assert.deepEqual(
    last.network.ipv4.map((entry: Json) => entry.address),
    ['192.0.2.121', '192.0.2.122', '192.0.2.123', '192.0.2.124', '192.0.2.125', '192.0.2.126'],
  );
  assertProblem(
    await app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { hostname: 'one-more', product_id: 1, location: 'fsn1', image: 'debian-12' } }),
    409,
    'conflict',
  );
  // The other half of the /24 (ash) is a pool of its own.
  const ash = await place(app, slug, { hostname: 'ash-1', product_id: 1, location: 'ash', image: 'debian-12' });
  assert.deepEqual(ash.network.ipv4, [{ address: '192.0.2.130', primary: true, netmask: '255.255.255.128', gateway: '192.0.2.129' }]);
});

test('placement refuses what the catalogue does not offer: 400 on that field, nothing placed', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Refusals');
  const stranger = await app.createUser();
  const theirs = await app.createReadyProject(stranger.key, 'Stranger');
  const theirKey = await addSshKey(app, stranger.key, theirs, 'not yours');
  const myKey = await addSshKey(app, owner.key, slug, 'mine');

  const valid = { hostname: 'refused', product_id: 1, location: 'fsn1', image: 'debian-12' };
  const cases: [string, Json][] = [
    ['product_id', { product_id: 999 }],
    ['location', { location: 'xyz9' }],
    ['location', { location: 'sin' }], // a location no product is offered in
    ['location', { product_id: 6, location: 'nbg1' }], // a location this product is not offered in
    ['image', { image: 'windows-2022' }],
    ['image', { product_id: 4, image: 'alma-9' }], // an image of the catalogue this product does not offer
    ['billing_cycle', { billing_cycle: 'weekly' }],
    ['billing_cycle', { product_id: 6, billing_cycle: 'quarterly' }], // a cycle this product does not offer
    ['ssh_keys', { ssh_keys: [theirKey] }],
    ['ssh_keys', { ssh_keys: [myKey, theirKey] }],
    ['ssh_keys', { ssh_keys: [987654] }],
    ['hostname', { hostname: '-bad-' }],
    ['hostname', { hostname: undefined }],
    ['product_id', { product_id: '1' }],
    ['ipv4_additional', { ipv4_additional: -1 }],
  ];
  for (const [field, change] of cases) {
    const response = await app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { ...valid, ...change } });
    assertFieldError(response, field);
  }

  assertProblem(await app.admin('/projects/no-such-project/servers', { method: 'POST', body: valid }), 404, 'not_found');

  // An owner without a billing account cannot be billed for a server.
  const unbilled = await app.createUser({ billing: false });
  const unbilledSlug = await app.createReadyProject(unbilled.key, 'Unbilled');
  assertProblem(await app.admin(`/projects/${unbilledSlug}/servers`, { method: 'POST', body: valid }), 403, 'billing_account_required');
  assert.equal((await app.api(`/projects/${unbilledSlug}/servers/`, { key: unbilled.key })).body.count, 0);

  // Nothing was placed, and no address was used up: the next server gets the pool's first host.
  const listed = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
  assert.equal(listed.status, 200);
  assert.equal(listed.body.count, 0);
  const placed = await place(app, slug, { ...valid, ssh_keys: [myKey] });
  assert.equal(placed.network.ipv4[0].address, '192.0.2.2', 'network .0 and gateway .1 skipped; nothing taken by the refused placements');
  assert.deepEqual(placed.ssh_keys, [myKey]);
});

test('GET /servers/: summaries, pages of 2 over 5, another project\'s servers neither listed nor readable', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Listing');
  const stranger = await app.createUser();
  const theirs = await app.createReadyProject(stranger.key, 'Elsewhere');

  const empty = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
  assert.equal(empty.status, 200);
  assert.deepEqual(empty.body, { count: 0, next: null, previous: null, results: [] });

  const placed: Json[] = [];
  const choices = [
    { product_id: 1, location: 'fsn1' },
    { product_id: 4, location: 'nbg1' },
    { product_id: 6, location: 'hel1' },
    { product_id: 2, location: 'ash' },
    { product_id: 3, location: 'fsn1' },
  ];
  for (const [index, choice] of choices.entries()) {
    placed.push(await place(app, slug, { hostname: `node-${index + 1}`, image: 'debian-12', ipv4_additional: index % 2, ...choice }));
  }
  const foreign = await place(app, theirs, { hostname: 'foreign', product_id: 1, location: 'fsn1', image: 'debian-12' });

  const whole = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
  assert.equal(whole.status, 200, JSON.stringify(whole.body));
  assert.equal(whole.body.count, 5);
  assert.equal(whole.body.next, null);
  assert.equal(whole.body.previous, null);
  assert.deepEqual(whole.body.results.map((entry: Json) => entry.id).sort(), placed.map((server) => server.id).sort());
  assert.ok(!whole.body.results.some((entry: Json) => entry.id === foreign.id), 'another project\'s server is not listed');
  for (const summary of whole.body.results) {
    assert.deepEqual(Object.keys(summary).sort(), SUMMARY_FIELDS);
    const full = placed.find((server) => server.id === summary.id)!;
    assert.deepEqual(summary, {
      id: full.id,
      hostname: full.hostname,
      status: 'running',
      ipv4_primary: full.network.ipv4[0].address,
      location: full.location,
      plan: { name: full.plan.name },
    });
  }

  // Pages are consecutive slices of the whole list.
  const order = whole.body.results.map((entry: Json) => entry.id);
  const pages: Json[] = [];
  for (let page = 1; page <= 3; page += 1) {
    const response = await app.api(`/projects/${slug}/servers/?page_size=2&page=${page}`, { key: owner.key });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.count, 5);
    pages.push(response.body);
  }
  assert.deepEqual(pages.map((page) => page.results.length), [2, 2, 1]);
  assert.deepEqual(pages.flatMap((page) => page.results.map((entry: Json) => entry.id)), order);
  assert.equal(pages[0]!.previous, null);
  assert.equal(new URL(pages[0]!.next).searchParams.get('page'), '2');
  assert.equal(new URL(pages[0]!.next).searchParams.get('page_size'), '2');
  assert.equal(new URL(pages[2]!.previous).searchParams.get('page'), '2');
  assert.equal(pages[2]!.next, null);
  assertProblem(await app.api(`/projects/${slug}/servers/?page_size=2&page=4`, { key: owner.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/servers/?page=abc`, { key: owner.key }), 404, 'not_found');

  // The stranger sees only their own server.
  const theirList = await app.api(`/projects/${theirs}/servers/`, { key: stranger.key });
  assert.deepEqual(theirList.body.results.map((entry: Json) => entry.id), [foreign.id]);

  // Another project's server through my project, and my project as a non-member: 404.
  assertProblem(await app.api(`/projects/${slug}/servers/${foreign.id}/`, { key: owner.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/servers/${placed[0]!.id}/`, { key: stranger.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/servers/`, { key: stranger.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${theirs}/servers/${foreign.id}/`, { key: owner.key }), 404, 'not_found');

  // Ids that cannot be a server (D14: 16 lowercase hex characters) and an unknown one.
  const id = placed[0]!.id as string;
  for (const bad of ['xyz', id.slice(0, 15), id.toUpperCase(), 'ABCDEF0123456789', `${id}0`, '0000000000000000', `${id.slice(0, 15)}g`]) {
    if (bad === id) continue;
    assertProblem(await app.api(`/projects/${slug}/servers/${bad}/`, { key: owner.key }), 404, 'not_found');
  }

  // A read-only key reads both the list and a server.
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  assert.equal((await app.api(`/projects/${slug}/servers/`, { key: readOnly.key })).body.count, 5);
  assert.deepEqual(await getServer(app, readOnly.key, slug, id), await getServer(app, owner.key, slug, id));
  assertProblem(await app.api(`/projects/${slug}/servers/`, { key: null }), 401, 'unauthenticated');
});

test('billing or firewall that cannot be read: the server is still answered, with that field null', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Faulty');
  const placed = await place(app, slug, { hostname: 'faulty', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 1, ipv6: true });
  const baseline = await getServer(app, owner.key, slug, placed.id);
  assert.notEqual(baseline.billing, null);
  assert.deepEqual(baseline.firewall_groups, []);

  for (const mode of ['down', 'error', 'timeout']) {
    await setFault(app, 'billing', mode);
    const read = await getServer(app, owner.key, slug, placed.id);
    assert.equal(read.billing, null, `billing ${mode}: billing is null`);
    assert.deepEqual(read, { ...baseline, billing: null }, `billing ${mode}: the rest is intact`);
    const listed = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
    assert.equal(listed.status, 200, `billing ${mode}: the list does not need billing`);
    assert.equal(listed.body.count, 1);
    // A rename does not need billing either; it answers the server with billing null.
    const renamed = await app.api(`/projects/${slug}/servers/${placed.id}/`, { method: 'PATCH', key: owner.key, body: { hostname: `faulty-${mode}` } });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(renamed.body, { ...baseline, hostname: `faulty-${mode}`, billing: null });
    const renamedBack = await app.api(`/projects/${slug}/servers/${placed.id}/`, { method: 'PATCH', key: owner.key, body: { hostname: 'faulty' } });
    assert.deepEqual(renamedBack.body, { ...baseline, billing: null });
    await setFault(app, 'billing', 'ok');
    assert.deepEqual(await getServer(app, owner.key, slug, placed.id), baseline, `billing back once the ${mode} fault is cleared`);
  }

  for (const mode of ['down', 'error', 'timeout']) {
    await setFault(app, 'firewall', mode);
    const read = await getServer(app, owner.key, slug, placed.id);
    assert.strictEqual(read.firewall_groups, null, `firewall ${mode}: null, never []`);
    assert.deepEqual(read, { ...baseline, firewall_groups: null }, `firewall ${mode}: the rest is intact`);
    await setFault(app, 'firewall', 'ok');
  }

  // Both at once.
  await setFault(app, 'billing', 'down');
  await setFault(app, 'firewall', 'error');
  assert.deepEqual(await getServer(app, owner.key, slug, placed.id), { ...baseline, billing: null, firewall_groups: null });
  await setFault(app, 'billing', 'ok');
  await setFault(app, 'firewall', 'ok');
  assert.deepEqual(await getServer(app, owner.key, slug, placed.id), baseline, 'everything back once the faults are cleared');
  const faults = await app.admin('/faults');
  assert.equal(faults.body.billing.mode, 'ok');
  assert.equal(faults.body.firewall.mode, 'ok');
});

// The operator API works on the built-in systems directly (operator.routes.ts,
// upstreams/index.ts): faults are for the public APIs. So an operator answer
// shows the billing it just wrote, and does not use up a fault's `count` that a
// test set for the client's next call.
test('operator answers are not blanked by faults: they show what the operator just did', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Back Office');

  await setFault(app, 'billing', 'down');
  await setFault(app, 'firewall', 'down');
  const placed = await app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { hostname: 'imported', product_id: 1, location: 'fsn1', image: 'debian-12' } });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const suspended = await app.admin(`/servers/${placed.body.id}/suspend`, { method: 'POST' });
  assert.equal(suspended.status, 200, JSON.stringify(suspended.body));
  await setFault(app, 'billing', 'ok');
  await setFault(app, 'firewall', 'ok');
  // The work itself was done under the faults.
  const seen = await getServer(app, owner.key, slug, placed.body.id);
  assert.equal(seen.status, 'suspended');
  assert.equal(seen.billing.status, 'Suspended');
  // And the operator's answers said so.
  assert.equal(placed.body.billing?.status, 'Active', 'the placement answers the billing service it opened');
  assert.deepEqual(placed.body.firewall_groups, []);
  assert.equal(suspended.body.billing?.status, 'Suspended', 'the suspension answers the billing status it set');
  assert.deepEqual(suspended.body.firewall_groups, []);
});

test('a fault with a count is left for the public API: operator calls meanwhile do not use it up', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Counted Fault');
  const placed = await place(app, slug, { hostname: 'counted', product_id: 1, location: 'fsn1', image: 'debian-12' });

  const faulted = await app.admin('/faults/billing', { method: 'PUT', body: { mode: 'error', count: 1 } });
  assert.equal(faulted.status, 200, JSON.stringify(faulted.body));
  assert.equal((await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' })).status, 200);
  assert.equal((await app.admin(`/servers/${placed.id}/unsuspend`, { method: 'POST' })).status, 200);
  assert.equal((await app.admin(`/servers/${placed.id}/bandwidth-usage`, { method: 'PUT', body: { used_gb: 5 } })).status, 200);
  assert.deepEqual((await app.admin('/faults')).body.billing, { system: 'billing', mode: 'error', count: 1, committed: false }, 'the fault still waits for its one call');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).billing, null, 'the client\'s call meets the fault');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).billing?.status, 'Active', 'and only that call');
});

test('rename: the spec\'s hostname rules exactly; bad names refused with the hostname unchanged', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Renames');
  const placed = await place(app, slug, { hostname: 'original', product_id: 1, location: 'fsn1', image: 'debian-12' });
  const path = `/projects/${slug}/servers/${placed.id}/`;
  const baseline = await getServer(app, owner.key, slug, placed.id);

  const valid = [
    'ab',
    `${'a'.repeat(31)}.${'b'.repeat(32)}`, // 64 characters
    'x'.repeat(63), // a label of 63
    'web-1.example.com',
    '1-2-3',
    '0.9',
    'a.b.c.d.e',
    'Web-Server-01.Prod',
    'a--b',
    `9${'a'.repeat(61)}9`,
  ];
  for (const hostname of valid) {
    assert.ok(hostname.length >= 2 && hostname.length <= 64, hostname);
    const response = await app.api(path, { method: 'PATCH', key: owner.key, body: { hostname } });
    assert.equal(response.status, 200, `${hostname}: ${JSON.stringify(response.body)}`);
    assert.deepEqual(response.body, { ...baseline, hostname }, `${hostname}: only the hostname changes`);
    assert.equal((await getServer(app, owner.key, slug, placed.id)).hostname, hostname);
    const listed = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
    assert.equal(listed.body.results[0].hostname, hostname, 'the list shows the new name');
  }

  const current = 'kept.example';
  assert.equal((await app.api(path, { method: 'PATCH', key: owner.key, body: { hostname: current } })).status, 200);
  const invalid: unknown[] = [
    'a', // 1 character
    `${'a'.repeat(32)}.${'b'.repeat(32)}`, // 65 characters of valid labels
    'a'.repeat(64), // a label of 64 (64 characters in all)
    `${'a'.repeat(64)}.b`,
    '-web',
    'web-',
    'web.-a',
    'a-.web',
    'we_b',
    'a..b',
    'web.',
    '.web',
    '..',
    '',
    'a b',
    'wéb',
    'web\n',
    'web/1',
    '*.example',
    123,
    12.5,
    true,
    null,
    ['ab'],
    { name: 'ab' },
  ];
  for (const hostname of invalid) {
    const response = await app.api(path, { method: 'PATCH', key: owner.key, body: { hostname } });
    assertFieldError(response, 'hostname');
    assert.equal((await getServer(app, owner.key, slug, placed.id)).hostname, current, `${JSON.stringify(hostname)} left the hostname unchanged`);
  }

  // No hostname: nothing changes; other fields are ignored.
  const before = await getServer(app, owner.key, slug, placed.id);
  for (const body of [{}, { status: 'stopped' }, { id: '0000000000000000', plan: { name: 'CX42' }, billing: null }]) {
    const response = await app.api(path, { method: 'PATCH', key: owner.key, body });
    assert.equal(response.status, 200, `${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    assert.deepEqual(response.body, before, `${JSON.stringify(body)} changes nothing`);
    assert.deepEqual(await getServer(app, owner.key, slug, placed.id), before);
  }
  // A body that is not an object is refused, the server unchanged.
  for (const rawBody of ['null', '[]', '"renamed"']) {
    const response = await app.api(path, { method: 'PATCH', key: owner.key, rawBody, headers: { 'content-type': 'application/json' } });
    assertProblem(response, 400, 'validation_error');
  }
  assert.deepEqual(await getServer(app, owner.key, slug, placed.id), before);
  const withStatus = await app.api(path, { method: 'PATCH', key: owner.key, body: { hostname: 'renamed', status: 'stopped' } });
  assert.equal(withStatus.status, 200);
  assert.deepEqual(withStatus.body, { ...before, hostname: 'renamed' }, 'status ignored, hostname applied');
  assert.equal((await app.api(path, { method: 'PATCH', key: owner.key, body: { hostname: 'kept.example' } })).status, 200);

  // A read-only key may read but not rename (D2), whoever holds it.
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  assertProblem(await app.api(path, { method: 'PATCH', key: readOnly.key, body: { hostname: 'read-only' } }), 403, 'read_only_key');
  assert.equal((await getServer(app, readOnly.key, slug, placed.id)).hostname, current);

  // Any member may rename (D2).
  const member = await app.createUser();
  await addMember(app, slug, member.userId, 'member');
  const byMember = await app.api(path, { method: 'PATCH', key: member.key, body: { hostname: 'by-member' } });
  assert.equal(byMember.status, 200, JSON.stringify(byMember.body));
  assert.equal(byMember.body.hostname, 'by-member');
  const memberReadOnly = await app.createKey(member.userId, { readOnly: true });
  assertProblem(await app.api(path, { method: 'PATCH', key: memberReadOnly.key, body: { hostname: 'nope' } }), 403, 'read_only_key');
  const admin = await app.createUser();
  await addMember(app, slug, admin.userId, 'admin');
  assert.equal((await app.api(path, { method: 'PATCH', key: admin.key, body: { hostname: 'by-admin' } })).body.hostname, 'by-admin');

  // Not a member: 404, unchanged; no key: 401.
  const stranger = await app.createUser();
  assertProblem(await app.api(path, { method: 'PATCH', key: stranger.key, body: { hostname: 'stolen' } }), 404, 'not_found');
  assertProblem(await app.api(path, { method: 'PATCH', key: null, body: { hostname: 'anonymous' } }), 401, 'unauthenticated');
  // Through the stranger's own project: still 404.
  const theirs = await app.createReadyProject(stranger.key, 'Stranger Renames');
  assertProblem(await app.api(`/projects/${theirs}/servers/${placed.id}/`, { method: 'PATCH', key: stranger.key, body: { hostname: 'stolen' } }), 404, 'not_found');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).hostname, 'by-admin');

  // An unknown or malformed server id: 404.
  assertProblem(await app.api(`/projects/${slug}/servers/0123456789abcdef/`, { method: 'PATCH', key: owner.key, body: { hostname: 'ghost' } }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/servers/${placed.id.toUpperCase()}/`, { method: 'PATCH', key: owner.key, body: { hostname: 'ghost' } }), 404, 'not_found');
});

test('operator suspend and unsuspend: back to the power state it had; billing follows', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Suspensions');
  const placed = await place(app, slug, { hostname: 'suspendable', product_id: 1, location: 'fsn1', image: 'debian-12' });
  const baseline = await getServer(app, owner.key, slug, placed.id);

  const suspended = await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' });
  assert.equal(suspended.status, 200, JSON.stringify(suspended.body));
  assert.equal(suspended.body.status, 'suspended');
  assert.equal(suspended.body.billing.status, 'Suspended');
  const seen = await getServer(app, owner.key, slug, placed.id);
  assert.deepEqual(seen, { ...baseline, status: 'suspended', billing: { ...baseline.billing, status: 'Suspended' } });
  assert.equal((await app.api(`/projects/${slug}/servers/`, { key: owner.key })).body.results[0].status, 'suspended');

  // Actions on a suspended server are refused (D4).
  assertProblem(await app.api(`/projects/${slug}/servers/${placed.id}/actions/reboot/`, { method: 'POST', key: owner.key }), 409, 'conflict');

  // Suspending again changes nothing, and does not forget the power state.
  const again = await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' });
  assert.equal(again.status, 200);
  assert.equal(again.body.status, 'suspended');

  const unsuspended = await app.admin(`/servers/${placed.id}/unsuspend`, { method: 'POST' });
  assert.equal(unsuspended.status, 200, JSON.stringify(unsuspended.body));
  assert.equal(unsuspended.body.status, 'running');
  assert.equal(unsuspended.body.billing.status, 'Active');
  assert.deepEqual(await getServer(app, owner.key, slug, placed.id), baseline);

  // Unsuspending a server that is not suspended changes nothing.
  const noop = await app.admin(`/servers/${placed.id}/unsuspend`, { method: 'POST' });
  assert.equal(noop.status, 200);
  assert.deepEqual(noop.body, baseline);

  // A stopped server comes back stopped.
  await runAction(app, owner.key, slug, placed.id, 'power_off');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).status, 'stopped');
  assert.equal((await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' })).body.status, 'suspended');
  assert.equal((await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' })).body.status, 'suspended');
  const back = await app.admin(`/servers/${placed.id}/unsuspend`, { method: 'POST' });
  assert.equal(back.body.status, 'stopped');
  assert.equal(back.body.billing.status, 'Active');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).status, 'stopped');

  // Unknown or malformed ids: 404.
  for (const operation of ['suspend', 'unsuspend']) {
    assertProblem(await app.admin(`/servers/0123456789abcdef/${operation}`, { method: 'POST' }), 404, 'not_found');
    assertProblem(await app.admin(`/servers/xyz/${operation}`, { method: 'POST' }), 404, 'not_found');
  }
  // The operator API needs the operator token.
  assertProblem(await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST', key: owner.key }), 401, 'unauthenticated');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).status, 'stopped');
});

test('bandwidth usage: bad values refused with the usage unchanged; an unknown server is 404', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'Usage');
  const placed = await place(app, slug, { hostname: 'metered', product_id: 4, location: 'fsn1', image: 'debian-12' });
  await setUsage(app, placed.id, 42);

  for (const body of [{ used_gb: -1 }, { used_gb: 1.5 }, { used_gb: '10' }, { used_gb: null }, {}]) {
    const response = await app.admin(`/servers/${placed.id}/bandwidth-usage`, { method: 'PUT', body });
    assertFieldError(response, 'used_gb');
  }
  assert.equal((await getServer(app, owner.key, slug, placed.id)).bandwidth.used_gb, 42);

  await setUsage(app, placed.id, 0);
  assertProblem(await app.admin('/servers/0123456789abcdef/bandwidth-usage', { method: 'PUT', body: { used_gb: 5 } }), 404, 'not_found');
  assertProblem(await app.admin('/servers/XYZ/bandwidth-usage', { method: 'PUT', body: { used_gb: 5 } }), 404, 'not_found');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).bandwidth.used_gb, 0);
});

test('a project still being set up: its servers answer 403 project_not_ready until provisioning confirms it', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  await setFault(app, 'provisioning', 'down');
  const created = await app.api('/projects/', { method: 'POST', key: owner.key, body: { name: 'Not Yet' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const slug = created.body.slug as string;
  assert.equal((await app.api(`/projects/${slug}/`, { key: owner.key })).body.status, 'setting_up');

  assertProblem(await app.api(`/projects/${slug}/servers/`, { key: owner.key }), 403, 'project_not_ready');
  assertProblem(await app.api(`/projects/${slug}/servers/0123456789abcdef/`, { key: owner.key }), 403, 'project_not_ready');
  assertProblem(
    await app.api(`/projects/${slug}/servers/0123456789abcdef/`, { method: 'PATCH', key: owner.key, body: { hostname: 'early' } }),
    403,
    'project_not_ready',
  );
  // Not a member still learns nothing about the project.
  const stranger = await app.createUser();
  assertProblem(await app.api(`/projects/${slug}/servers/`, { key: stranger.key }), 404, 'not_found');

  await setFault(app, 'provisioning', 'ok');
  await eventually(async () => (await app.api(`/projects/${slug}/`, { key: owner.key })).body.status === 'ready', 15_000, 100);
  const listed = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  assert.deepEqual(listed.body, { count: 0, next: null, previous: null, results: [] });
});
