// Address allocation through the operator API (README "Servers": the lowest
// free host, never the network, gateway or broadcast address; IPv6 as /64
// subnets; DESIGN's operator placement row), on whichever engine the suite
// runs on: concurrent placements from two services sharing one database never
// share an address and leave no hole; released addresses are handed out
// again, lowest first; a full pool answers 409 addresses_exhausted until an
// address is released; and a pool filled before migration 0009 (which
// replaced reading every address in use with a cursor and a released list)
// carries on from its holes, then from past its highest address.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test, type TestContext } from 'node:test';
import { openDatabase } from '../../src/db/client.ts';
import { writeJson } from '../../src/db/columns.ts';
import { migrateTo } from '../../src/db/migrate.ts';
import { build, type CallResult, type TestApp } from '../helpers/build.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { assertProblem } from '../helpers/problems.ts';
import { buildWorld, createWorld, placeServer, type World } from '../helpers/world.ts';

type Json = Record<string, any>;

const ipv4Of = (server: Json): string[] => server.network.ipv4.map((entry: Json) => entry.address);
const subnetsOf = (server: Json): string[] => server.network.ipv6.map((entry: Json) => entry.subnet);

/** fsn1 is 192.0.2.0/25: hosts from .2 (.1 is the gateway). */
const fsn1Host = (index: number) => `192.0.2.${index + 2}`;
/** fsn1's IPv6 pool is 2001:db8:1::/48: the n-th /64 in canonical form. */
const fsn1Subnet = (index: number) => (index === 0 ? '2001:db8:1::/64' : `2001:db8:1:${index.toString(16)}::/64`);

function cancelNow(w: World, serverId: string): Promise<CallResult> {
  return w.app.api(`/projects/${w.slug}/servers/${serverId}/cancel/`, { method: 'POST', key: w.key, body: { when: 'immediate' } });
}

async function releaseServer(w: World, serverId: string): Promise<void> {
  const answer = await cancelNow(w, serverId);
  assert.equal(answer.status, 202, JSON.stringify(answer.body));
}

/** Runs `tasks` with at most `limit` under way at once, answers in task order. */
async function atMost<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** Two services on one database, as a deployment runs several processes; the database goes after both have closed. */
async function twoServices(t: TestContext): Promise<[TestApp, TestApp]> {
  const database = await createTestDatabase();
  const first = await build(t, { database });
  const second = await build(t, { database });
  t.after(() => database.drop());
  return [first, second];
}

test('placements 16 at a time through two services on one database: no address twice, the lowest hosts and /64s in use', async (t) => {
  const [one, two] = await twoServices(t);
  const world = await createWorld(one, { credit: '500.00', project: 'Crowd' });
  const other = await createWorld(two, { credit: '500.00', project: 'Other Crowd' });

  const count = 48;
  const placed = await atMost(
    16,
    Array.from({ length: count }, (_, index) => async () => {
      // Alternate services and projects: the pool is the location's, whoever places.
      const [app, slug] = index % 2 === 0 ? [one, world.slug] : [two, other.slug];
      const response = await app.admin(`/projects/${slug}/servers`, {
        method: 'POST',
        body: { hostname: `crowd-${index}`, product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 1, ipv6: true },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as Json;
    }),
  );

  const addresses = placed.flatMap(ipv4Of);
  assert.equal(addresses.length, 2 * count);
  assert.equal(new Set(addresses).size, 2 * count, 'no address handed out twice');
  const bySlot = (a: string, b: string) => Number(a.split('.')[3]) - Number(b.split('.')[3]);
  assert.deepEqual([...addresses].sort(bySlot), Array.from({ length: 2 * count }, (_, index) => fsn1Host(index)), 'no host skipped');
  const subnets = placed.flatMap(subnetsOf);
  assert.equal(new Set(subnets).size, count, 'no /64 handed out twice');
  assert.deepEqual(new Set(subnets), new Set(Array.from({ length: count }, (_, index) => fsn1Subnet(index))));

  // What the placements answered is what both services read back.
  for (const [index, server] of placed.slice(0, 4).entries()) {
    const owner = index % 2 === 0 ? world : other;
    for (const app of [one, two]) {
      const read = await app.api(`/projects/${owner.slug}/servers/${server.id}/`, { key: owner.key });
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.deepEqual(read.body.network, server.network);
    }
  }

  // Eight servers go; sixteen more at once take their addresses first, then draw the pool down further.
  const released = placed.filter((_, index) => index % 6 === 0);
  for (const server of released) await releaseServer(placed.indexOf(server) % 2 === 0 ? world : other, server.id);
  const more = await atMost(
    16,
    Array.from({ length: 16 }, (_, index) => async () => {
      const [app, slug] = index % 2 === 0 ? [two, world.slug] : [one, other.slug];
      const response = await app.admin(`/projects/${slug}/servers`, {
        method: 'POST',
        body: { hostname: `more-${index}`, product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 1, ipv6: true },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as Json;
    }),
  );
  const kept = placed.filter((server) => !released.includes(server));
  const inUse = [...kept, ...more].flatMap(ipv4Of);
  assert.equal(new Set(inUse).size, inUse.length, 'no address handed out twice');
  assert.deepEqual([...inUse].sort(bySlot), Array.from({ length: 2 * (count + 8) }, (_, index) => fsn1Host(index)));
  const subnetsInUse = [...kept, ...more].flatMap(subnetsOf);
  assert.deepEqual(new Set(subnetsInUse), new Set(Array.from({ length: count + 8 }, (_, index) => fsn1Subnet(index))));
  assert.equal(subnetsInUse.length, count + 8);
});

test('released addresses are handed out again before the pool is drawn down, lowest first', async (t) => {
  const w = await buildWorld(t, { credit: '100.00', project: 'Reuse' });
  const body = { product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 1, ipv6: true };
  const a = await placeServer(w, { ...body, hostname: 'web-a' });
  const b = await placeServer(w, { ...body, hostname: 'web-b' });
  const c = await placeServer(w, { ...body, hostname: 'web-c' });
  assert.deepEqual([a, b, c].map(ipv4Of), [[fsn1Host(0), fsn1Host(1)], [fsn1Host(2), fsn1Host(3)], [fsn1Host(4), fsn1Host(5)]]);
  assert.deepEqual([a, b, c].map(subnetsOf), [[fsn1Subnet(0)], [fsn1Subnet(1)], [fsn1Subnet(2)]]);

  await releaseServer(w, b.id);
  await releaseServer(w, a.id);
  // Four hosts and two /64s are free again: the next server takes the lowest, then the walk goes on after c's.
  const d = await placeServer(w, { ...body, hostname: 'web-d', ipv4_additional: 4 });
  assert.deepEqual(ipv4Of(d), [fsn1Host(0), fsn1Host(1), fsn1Host(2), fsn1Host(3), fsn1Host(6)]);
  assert.deepEqual(subnetsOf(d), [fsn1Subnet(0)]);
  const e = await placeServer(w, { ...body, hostname: 'web-e', ipv4_additional: 0 });
  assert.deepEqual(ipv4Of(e), [fsn1Host(7)]);
  assert.deepEqual(subnetsOf(e), [fsn1Subnet(1)]);
  const f = await placeServer(w, { ...body, hostname: 'web-f', ipv4_additional: 0 });
  assert.deepEqual(subnetsOf(f), [fsn1Subnet(3)]);
});

test('a full pool answers 409 addresses_exhausted, places nothing, and makes room once an address is released', async (t) => {
  const w = await buildWorld(t, { credit: '100.00', project: 'Tiny Pool' });
  // hel1 shrinks to a /29 (hosts .2 to .6) and two /64s.
  const catalogue = structuredClone((await w.app.admin('/catalogue')).body);
  const hel1 = catalogue.locations.find((location: Json) => location.code === 'hel1');
  Object.assign(hel1, { ipv4_pool: '203.0.113.0/29', ipv6_pool: '2001:db8:3::/63' });
  assert.equal((await w.app.admin('/catalogue', { method: 'PUT', body: catalogue })).status, 200);

  const place = (hostname: string, extra: Json = {}) =>
    w.app.admin(`/projects/${w.slug}/servers`, { method: 'POST', body: { hostname, product_id: 1, location: 'hel1', image: 'debian-12', ...extra } });
  const listed = async () => (await w.app.api(`/projects/${w.slug}/servers/`, { key: w.key })).body.count as number;

  const placed: Json[] = [];
  for (const [index, extra] of [{ ipv6: true }, { ipv6: true }, {}, {}, {}].entries()) {
    const response = await place(`tiny-${index}`, extra);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    placed.push(response.body);
  }
  assert.deepEqual(placed.flatMap(ipv4Of), ['203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5', '203.0.113.6']);
  assert.deepEqual(placed.flatMap(subnetsOf), ['2001:db8:3::/64', '2001:db8:3:1::/64']);

  // Every host in use: refused whole, as often as asked, with nothing placed.
  for (const attempt of ['full-1', 'full-2']) assertProblem(await place(attempt), 409, 'addresses_exhausted', attempt);
  assert.equal(await listed(), 5);

  // One host back: one more server fits, then the pool is full again.
  await releaseServer(w, placed[3]!.id);
  const refill = await place('refill');
  assert.equal(refill.status, 201, JSON.stringify(refill.body));
  assert.deepEqual(ipv4Of(refill.body), ['203.0.113.5']);
  assertProblem(await place('full-3'), 409, 'addresses_exhausted');

  // Both /64s in use: a server asking for one is refused even with a host free, and keeps no host.
  await releaseServer(w, placed[2]!.id);
  assertProblem(await place('no-subnet', { ipv6: true }), 409, 'addresses_exhausted');
  await releaseServer(w, placed[0]!.id);
  const last = await place('last', { ipv6: true, ipv4_additional: 1 });
  assert.equal(last.status, 201, JSON.stringify(last.body));
  assert.deepEqual(ipv4Of(last.body), ['203.0.113.2', '203.0.113.4']);
  assert.deepEqual(subnetsOf(last.body), ['2001:db8:3::/64']);
  assert.equal(await listed(), 4);
});

/**
 * A database as it was before migration 0009: a server imported long ago
 * holds fsn1's hosts .2 to .21 and the first three /64s, except for what
 * servers deleted since then gave back (.5, .9, .10 and the second /64).
 */
async function databaseFilledBefore0009(): Promise<{ database: TestDatabase; oldServer: string }> {
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    await migrateTo(handle, '0008-console');

    const now = '2024-01-01T00:00:00.000Z';
    const { db } = handle;
    const project = await db
      .insertInto('projects')
      .values({ slug: 'imported', name: 'Imported', status: 'ready', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const oldServer = randomBytes(8).toString('hex');
    await db
      .insertInto('servers')
      .values({
        id: oldServer,
        project_id: project.id,
        hostname: 'imported',
        status: 'running',
        created_at: now,
        location_code: 'fsn1',
        location: writeJson({ code: 'fsn1', city: 'Falkenstein', country_code: 'DE', ipv4_pool: '192.0.2.0/25', ipv6_pool: '2001:db8:1::/48' }),
        image: writeJson({ name: 'debian-12', display_name: 'Debian 12' }),
        plan: writeJson({ name: 'CX22', category: 'shared', cpu_cores: 2, ram_mb: 4096, disk_gb: 40, boot_disk_gb: 40 }),
      })
      .execute();
    const released = new Set([3, 7, 8]);
    const hosts = Array.from({ length: 20 }, (_, index) => index).filter((index) => !released.has(index));
    const rows = [
      ...hosts.map((index) => ({ address: fsn1Host(index), kind: 'ipv4' as const, position: index })),
      ...[0, 2].map((index) => ({ address: fsn1Subnet(index), kind: 'ipv6_subnet' as const, position: 0 })),
    ];
    await db
      .insertInto('ip_allocations')
      .values(rows.map((row) => ({ ...row, location: 'fsn1', server_id: oldServer, is_primary: row.position === 0, allocated_at: now })))
      .execute();
    return { database, oldServer };
  } finally {
    await handle.close();
  }
}

test('a pool filled before migration 0009 hands out its holes first, then carries on past its highest address', async (t) => {
  const { database, oldServer } = await databaseFilledBefore0009();
  // build migrates the database to the latest version, as a service starting on it does.
  const app = await build(t, { database });
  t.after(() => database.drop());
  const w = await createWorld(app, { credit: '100.00', project: 'After Migration' });

  const body = { product_id: 1, location: 'fsn1', image: 'debian-12', ipv6: true };
  const first = await placeServer(w, { ...body, hostname: 'first', ipv4_additional: 1 });
  assert.deepEqual(ipv4Of(first), [fsn1Host(3), fsn1Host(7)]);
  assert.deepEqual(subnetsOf(first), [fsn1Subnet(1)]);
  const second = await placeServer(w, { ...body, hostname: 'second', ipv4_additional: 1 });
  assert.deepEqual(ipv4Of(second), [fsn1Host(8), fsn1Host(20)]);
  assert.deepEqual(subnetsOf(second), [fsn1Subnet(3)]);

  // The server from before the migration is released like any other.
  const db = app.app.database.db;
  await db.deleteFrom('servers').where('id', '=', oldServer).execute();
  const third = await placeServer(w, { ...body, hostname: 'third', ipv4_additional: 2 });
  assert.deepEqual(ipv4Of(third), [fsn1Host(0), fsn1Host(1), fsn1Host(2)]);
  assert.deepEqual(subnetsOf(third), [fsn1Subnet(0)]);

  const rows = await db.selectFrom('ip_allocations').select('address').where('kind', '=', 'ipv4').execute();
  assert.equal(new Set(rows.map((row) => row.address)).size, 7, 'only the seven hosts of the three new servers are in use');
});
