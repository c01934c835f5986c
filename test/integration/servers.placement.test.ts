// Placing servers (spec "Server (full object)"; DESIGN D14 and the operator
// rows for servers): the operator's placement answers the full object that
// GET shows; addresses come from the location's pools, never twice, even
// under concurrent placements, and a full pool refuses whole; pooled
// bandwidth sums the project's pooled servers in a location; what the
// catalogue does not offer is a 400 on that field with nothing placed.
// The servers tests: servers.placement, servers.reading, servers.changes;
// actions, orders, upgrades and cancellation have their own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { assertFullServer, getServer, inIpv4Pool, location, setUsage } from '../helpers/servers.ts';
import { addSshKey, buildWorld, placeServer } from '../helpers/world.ts';

type Json = Record<string, any>;

test('operator placement answers 201 with the full server object, as GET shows it', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Placement' });
  const keyA = await addSshKey({ app, key: owner.key, slug }, 'laptop');
  const keyB = await addSshKey({ app, key: owner.key, slug }, 'ci');

  // A pooled product, two extra addresses, IPv6, a non-default cycle, keys (one repeated).
  const web = await placeServer({ app, slug }, {
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
  const db = await placeServer({ app, slug }, { hostname: 'db1', product_id: 4, location: 'nbg1', image: 'rocky-9' });
  assertFullServer(db, { hostname: 'db1', productId: 4, location: 'nbg1', image: 'rocky-9', cycle: 'monthly', ipv4Additional: 0, ipv6: false, sshKeys: [] });
  assert.equal(db.billing.recurring_amount, '14.09');
  assert.equal(db.bandwidth.pool, null);
  assert.deepEqual(await getServer(app, owner.key, slug, db.id), db);

  // ipv6: false is the same as leaving it out; a private network asked for on an eligible product is joined.
  const other = await placeServer({ app, slug }, { hostname: 'web-2', product_id: 6, location: 'fsn1', image: 'alma-9', billing_cycle: 'annually', ipv6: false, ipv4_additional: 1 });
  assertFullServer(other, { hostname: 'web-2', productId: 6, location: 'fsn1', image: 'alma-9', cycle: 'annually', ipv4Additional: 1, ipv6: false, sshKeys: [] });
  assert.equal(other.billing.recurring_amount, '617.00', '610.00 + 7.00');
  const joined = await placeServer({ app, slug }, { hostname: 'private-1', product_id: 2, location: 'fsn1', image: 'debian-12', private_network: true });
  assert.deepEqual(joined.network.private_network, { eligible: true, enabled: true });

  // Addresses are never handed out twice, across servers and projects, and never the same /64.
  const stranger = await app.createUser();
  const theirs = await app.createReadyProject(stranger.key, 'Theirs');
  const foreign = await placeServer({ app, slug: theirs }, { hostname: 'theirs', product_id: 1, location: 'fsn1', image: 'debian-12', ipv6: true, ipv4_additional: 1 });
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
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Pooled' });
  const stranger = await app.createUser();
  const theirs = await app.createReadyProject(stranger.key, 'Other Pool');

  const first = await placeServer({ app, slug }, { hostname: 'pool-a', product_id: 1, location: 'fsn1', image: 'debian-12' });
  assert.deepEqual(first.bandwidth.pool, { allocated_gb: 20000, extra_gb: 0, used_gb: 0 }, 'a pool of one');
  const second = await placeServer({ app, slug }, { hostname: 'pool-b', product_id: 2, location: 'fsn1', image: 'debian-12' });
  const elsewhere = await placeServer({ app, slug }, { hostname: 'pool-c', product_id: 1, location: 'nbg1', image: 'debian-12' });
  const dedicated = await placeServer({ app, slug }, { hostname: 'dedicated', product_id: 4, location: 'fsn1', image: 'debian-12' });
  const foreign = await placeServer({ app, slug: theirs }, { hostname: 'foreign', product_id: 1, location: 'fsn1', image: 'debian-12' });

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
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Crowded' });

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
    await placeServer({ app, slug }, { hostname: `bulk-${index}`, product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 16 });
  }
  const before = (await app.api(`/projects/${slug}/servers/`, { key: owner.key })).body.count;
  // 119 used, 6 left: a server asking for 17 is refused whole...
  assertProblem(
    await app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { hostname: 'too-big', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 16 } }),
    409,
    'addresses_exhausted',
  );
  assert.equal((await app.api(`/projects/${slug}/servers/`, { key: owner.key })).body.count, before, 'no half-placed server');
  // ...and the addresses it had claimed before running out are free again: a server of 6 still fits.
  const last = await placeServer({ app, slug }, { hostname: 'last-fit', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 5 });
  assert.deepEqual(
    last.network.ipv4.map((entry: Json) => entry.address),
    ['192.0.2.121', '192.0.2.122', '192.0.2.123', '192.0.2.124', '192.0.2.125', '192.0.2.126'],
  );
  assertProblem(
    await app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { hostname: 'one-more', product_id: 1, location: 'fsn1', image: 'debian-12' } }),
    409,
    'addresses_exhausted',
  );
  // The other half of the /24 (ash) is a pool of its own.
  const ash = await placeServer({ app, slug }, { hostname: 'ash-1', product_id: 1, location: 'ash', image: 'debian-12' });
  assert.deepEqual(ash.network.ipv4, [{ address: '192.0.2.130', primary: true, netmask: '255.255.255.128', gateway: '192.0.2.129' }]);
});

test('placement refuses what the catalogue does not offer: 400 on that field, nothing placed', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Refusals' });
  const stranger = await app.createUser();
  const theirs = await app.createReadyProject(stranger.key, 'Stranger');
  const theirKey = await addSshKey({ app, key: stranger.key, slug: theirs }, 'not yours');
  const myKey = await addSshKey({ app, key: owner.key, slug }, 'mine');

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
  const placed = await placeServer({ app, slug }, { ...valid, ssh_keys: [myKey] });
  assert.equal(placed.network.ipv4[0].address, '192.0.2.2', 'network .0 and gateway .1 skipped; nothing taken by the refused placements');
  assert.deepEqual(placed.ssh_keys, [myKey]);
});
