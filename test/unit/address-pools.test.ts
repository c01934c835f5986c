// Address allocation on a real database: SQLite by default, PostgreSQL when
// TEST_DATABASE_URL is set.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test, type TestContext } from 'node:test';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../src/db/client.ts';
import { writeJson } from '../../src/db/columns.ts';
import type { Database } from '../../src/db/schema.ts';
import {
  PoolExhausted,
  allocateIpv4,
  allocateIpv6Subnet,
  describeIpv4Pool,
  ipv4PoolProblem,
  ipv6PoolProblem,
  listServerAddresses,
  releaseServerAddresses,
} from '../../src/modules/addresses/address-pools.ts';
import { eventually } from '../helpers/build.ts';
import { openMigratedDatabase } from '../helpers/database.ts';

const NOW = '2025-01-01T00:00:00.000Z';

interface Harness {
  db: Kysely<Database>;
  engine: Engine;
  /** Adds servers to one project and returns their ids. */
  servers: (count: number) => Promise<string[]>;
}

async function setup(t: TestContext): Promise<Harness> {
  const handle = await openMigratedDatabase(t);
  const { db } = handle;
  const project = await db
    .insertInto('projects')
    .values({ slug: 'addresses', name: 'Addresses', status: 'ready', created_at: NOW, updated_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    db,
    engine: handle.engine,
    async servers(count) {
      const ids = Array.from({ length: count }, () => randomBytes(8).toString('hex'));
      await db
        .insertInto('servers')
        .values(
          ids.map((id) => ({
            id,
            project_id: project.id,
            hostname: `server-${id}`,
            status: 'running' as const,
            created_at: NOW,
            location: writeJson({ code: 'fsn1', city: 'Falkenstein', country_code: 'DE' }),
            image: writeJson({ name: 'debian-12', display_name: 'Debian 12' }),
            plan: writeJson({ name: 'cx22', category: 'shared', cpu_cores: 2, ram_mb: 4096, disk_gb: 40, boot_disk_gb: 40 }),
          })),
        )
        .execute();
      return ids;
    },
  };
}

function ipv4(db: Kysely<Database>, serverId: string, pool = '192.0.2.0/24', location = 'fsn1', position = 0): Promise<string> {
  return allocateIpv4(db, { location, pool, serverId, isPrimary: position === 0, position, now: NOW });
}

function ipv6(db: Kysely<Database>, serverId: string, pool = '2001:db8:1::/48', location = 'fsn1', now = NOW): Promise<string> {
  return allocateIpv6Subnet(db, { location, pool, serverId, now });
}

/**
 * Resolves once a transaction of this database is blocked on a lock another
 * holds. PostgreSQL shows it: a session waiting on a lock. SQLite has one
 * connection, handed to transactions in the order they ask for it, so one
 * started after the holder's cannot run before the holder ends: there is no
 * moment to wait for.
 */
async function untilBlockedOnLock(db: Kysely<Database>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await eventually(async () => {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    return (rows[0]?.waiting ?? 0) > 0;
  }, 5_000, 5);
}

async function allocatedAddresses(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('ip_allocations').select('address').orderBy('address').execute();
  return rows.map((row) => row.address);
}

test('an IPv4 pool is described by its netmask and its first host as gateway', () => {
  assert.deepEqual(describeIpv4Pool('192.0.2.0/24'), { netmask: '255.255.255.0', gateway: '192.0.2.1' });
  assert.deepEqual(describeIpv4Pool('192.0.2.128/25'), { netmask: '255.255.255.128', gateway: '192.0.2.129' });
  assert.deepEqual(describeIpv4Pool('10.20.0.0/16'), { netmask: '255.255.0.0', gateway: '10.20.0.1' });
  assert.deepEqual(describeIpv4Pool('198.51.100.4/30'), { netmask: '255.255.255.252', gateway: '198.51.100.5' });
  assert.throws(() => describeIpv4Pool('192.0.2.1/24'), /host bits/);
  assert.throws(() => describeIpv4Pool('192.0.2.0/31'), /at most \/30/);
  assert.throws(() => describeIpv4Pool('2001:db8::/48'), /IPv4 network/);
});

test('pool rules', () => {
  assert.equal(ipv4PoolProblem('192.0.2.0/24'), undefined);
  assert.equal(ipv4PoolProblem('0.0.0.0/0'), undefined);
  assert.match(ipv4PoolProblem('192.0.2.0') ?? '', /CIDR/);
  assert.match(ipv4PoolProblem('10/8') ?? '', /CIDR/);
  assert.match(ipv4PoolProblem('192.0.2.0/33') ?? '', /CIDR/);
  assert.match(ipv4PoolProblem('192.0.2.4/29') ?? '', /host bits set; the network is 192\.0\.2\.0\/29/);
  assert.match(ipv4PoolProblem('192.0.2.0/32') ?? '', /at most \/30/);
  assert.equal(ipv6PoolProblem('2001:db8::/32'), undefined);
  assert.equal(ipv6PoolProblem('2001:db8:1:2::/64'), undefined);
  assert.match(ipv6PoolProblem('2001:db8:1:2::/65') ?? '', /at most \/64/);
  assert.match(ipv6PoolProblem('2001:db8::1/48') ?? '', /host bits set; the network is 2001:db8::\/48/);
  assert.match(ipv6PoolProblem('192.0.2.0/24') ?? '', /IPv6 network/);
  assert.match(ipv6PoolProblem('fe80::%eth0/64') ?? '', /zone id/);
});

test('IPv4 addresses are handed out lowest first, skipping network, gateway and broadcast', async (t) => {
  const { db, servers } = await setup(t);
  const [server] = await servers(1);
  assert.ok(server);
  // A /30 has exactly one usable host: .4 network, .5 gateway, .6 the server, .7 broadcast.
  assert.equal(await ipv4(db, server, '198.51.100.4/30', 'hel1'), '198.51.100.6');
  await assert.rejects(ipv4(db, server, '198.51.100.4/30', 'hel1'), PoolExhausted);

  const got = [];
  for (let position = 0; position < 4; position++) got.push(await ipv4(db, server, '192.0.2.0/24', 'fsn1', position));
  assert.deepEqual(got, ['192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5']);
});

test('a /29 pool gives out its five hosts, then fails with PoolExhausted and changes nothing', async (t) => {
  const { db, servers } = await setup(t);
  const ids = await servers(6);
  const got = [];
  for (const id of ids.slice(0, 5)) got.push(await ipv4(db, id, '192.0.2.8/29'));
  assert.deepEqual(got, ['192.0.2.10', '192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14']);

  const before = await allocatedAddresses(db);
  const error = await ipv4(db, ids[5] ?? '', '192.0.2.8/29').catch((caught: unknown) => caught);
  assert.ok(error instanceof PoolExhausted);
  assert.equal(error.location, 'fsn1');
  assert.equal(error.pool, '192.0.2.8/29');
  assert.equal(error.kind, 'ipv4');
  assert.match(error.message, /IPv4 pool 192\.0\.2\.8\/29 of location fsn1 has no free address/);
  assert.deepEqual(await allocatedAddresses(db), before);
});

test('an invalid pool is a configuration error, not an exhausted pool', async (t) => {
  const { db, servers } = await setup(t);
  const [server] = await servers(1);
  const error = await ipv4(db, server ?? '', '192.0.2.1/24').catch((caught: unknown) => caught);
  assert.ok(error instanceof Error && !(error instanceof PoolExhausted));
  assert.match(error.message, /invalid IPv4 pool "192\.0\.2\.1\/24"/);
  await assert.rejects(ipv6(db, server ?? '', '2001:db8::/80'), /invalid IPv6 pool/);
  assert.deepEqual(await allocatedAddresses(db), []);
});

test('released addresses are reused, lowest first', async (t) => {
  const { db, servers } = await setup(t);
  const [a, b, c] = await servers(3);
  assert.ok(a && b && c);
  assert.equal(await ipv4(db, a), '192.0.2.2');
  assert.equal(await ipv4(db, b), '192.0.2.3');
  assert.equal(await ipv4(db, a, undefined, undefined, 1), '192.0.2.4');
  assert.equal(await ipv6(db, a), '2001:db8:1::/64');
  assert.equal(await ipv6(db, b), '2001:db8:1:1::/64');

  assert.equal(await releaseServerAddresses(db, a), 3);
  assert.deepEqual(await listServerAddresses(db, a), { ipv4: [], ipv6Subnets: [] });
  assert.equal(await releaseServerAddresses(db, a), 0);

  assert.equal(await ipv4(db, c), '192.0.2.2');
  assert.equal(await ipv4(db, c, undefined, undefined, 1), '192.0.2.4');
  assert.equal(await ipv4(db, c, undefined, undefined, 2), '192.0.2.5');
  assert.equal(await ipv6(db, c), '2001:db8:1::/64');
  assert.equal(await ipv6(db, c), '2001:db8:1:2::/64');
});

test('deleting a server frees its addresses through the foreign key too', async (t) => {
  const { db, servers } = await setup(t);
  const [a, b] = await servers(2);
  assert.ok(a && b);
  await ipv4(db, a);
  await ipv6(db, a);
  await db.deleteFrom('servers').where('id', '=', a).execute();
  assert.deepEqual(await allocatedAddresses(db), []);
  assert.equal(await ipv4(db, b), '192.0.2.2');
});

test('locations draw from their own pools', async (t) => {
  const { db, servers } = await setup(t);
  const [a, b] = await servers(2);
  assert.ok(a && b);
  assert.equal(await ipv4(db, a, '192.0.2.0/25', 'fsn1'), '192.0.2.2');
  assert.equal(await ipv4(db, b, '192.0.2.128/25', 'ash'), '192.0.2.130');
  assert.equal(await ipv4(db, b, '192.0.2.0/25', 'fsn1', 1), '192.0.2.3');
  assert.equal(await ipv6(db, a, '2001:db8:1::/48', 'fsn1'), '2001:db8:1::/64');
  assert.equal(await ipv6(db, b, '2001:db8:4::/48', 'ash'), '2001:db8:4::/64');
});

test('an address taken outside what was read is skipped, not handed out twice', async (t) => {
  // A pool moved from one location to another leaves rows the allocator's read
  // (by location) does not see: only the primary key notices, and the next host is tried.
  const { db, servers } = await setup(t);
  const [a, b] = await servers(2);
  assert.ok(a && b);
  await ipv4(db, a, '192.0.2.0/24', 'old');
  await ipv4(db, a, '192.0.2.0/24', 'old', 1);
  await ipv6(db, a, '2001:db8:1::/48', 'old');
  assert.equal(await ipv4(db, b, '192.0.2.0/24', 'new'), '192.0.2.4');
  assert.equal(await ipv6(db, b, '2001:db8:1::/48', 'new'), '2001:db8:1:1::/64');
  const rows = await db.selectFrom('ip_allocations').select(['address', 'server_id']).where('server_id', '=', b).orderBy('address').execute();
  assert.deepEqual(rows.map((row) => row.address), ['192.0.2.4', '2001:db8:1:1::/64']);
});

test('IPv6 subnets are /64s in canonical form, in order, whatever form the pool is written in', async (t) => {
  const { db, servers } = await setup(t);
  const [server] = await servers(1);
  assert.ok(server);
  const got = [];
  for (let i = 0; i < 12; i++) got.push(await ipv6(db, server, '2001:DB8:0001:0000::/48'));
  assert.deepEqual(got, [
    '2001:db8:1::/64',
    '2001:db8:1:1::/64',
    '2001:db8:1:2::/64',
    '2001:db8:1:3::/64',
    '2001:db8:1:4::/64',
    '2001:db8:1:5::/64',
    '2001:db8:1:6::/64',
    '2001:db8:1:7::/64',
    '2001:db8:1:8::/64',
    '2001:db8:1:9::/64',
    '2001:db8:1:a::/64',
    '2001:db8:1:b::/64',
  ]);
  // The demo's /32 fills the third group first.
  assert.equal(await ipv6(db, server, '2001:db8::/32', 'nbg1'), '2001:db8::/64');
  assert.equal(await ipv6(db, server, '2001:db8::/32', 'nbg1'), '2001:db8:0:1::/64');
});

test('a small IPv6 pool runs out', async (t) => {
  const { db, servers } = await setup(t);
  const [server] = await servers(1);
  assert.ok(server);
  assert.equal(await ipv6(db, server, '2001:db8:9:a::/63'), '2001:db8:9:a::/64');
  assert.equal(await ipv6(db, server, '2001:db8:9:a::/63'), '2001:db8:9:b::/64');
  const error = await ipv6(db, server, '2001:db8:9:a::/63').catch((caught: unknown) => caught);
  assert.ok(error instanceof PoolExhausted);
  assert.equal(error.kind, 'ipv6_subnet');
  assert.equal(await ipv6(db, server, '2001:db8:9:c::/64', 'hel1'), '2001:db8:9:c::/64');
  await assert.rejects(ipv6(db, server, '2001:db8:9:c::/64', 'hel1'), PoolExhausted);
});

test('a server lists its primary address first, then the others by position', async (t) => {
  const { db, servers } = await setup(t);
  const [server] = await servers(1);
  assert.ok(server);
  await allocateIpv4(db, { location: 'fsn1', pool: '192.0.2.0/24', serverId: server, isPrimary: false, position: 2, now: NOW });
  await allocateIpv4(db, { location: 'fsn1', pool: '192.0.2.0/24', serverId: server, isPrimary: false, position: 1, now: NOW });
  await allocateIpv4(db, { location: 'fsn1', pool: '192.0.2.0/24', serverId: server, isPrimary: true, position: 0, now: NOW });
  await ipv6(db, server, '2001:db8:1::/48', 'fsn1', '2025-01-01T00:00:02.000Z');
  await db.updateTable('ip_allocations').set({ address: '2001:db8:1:10::/64' }).where('address', '=', '2001:db8:1::/64').execute();
  await ipv6(db, server, '2001:db8:1::/48', 'fsn1', '2025-01-01T00:00:01.000Z');
  await ipv6(db, server, '2001:db8:1::/48', 'fsn1', '2025-01-01T00:00:01.000Z');
  assert.deepEqual(await listServerAddresses(db, server), {
    ipv4: [
      { address: '192.0.2.4', primary: true },
      { address: '192.0.2.3', primary: false },
      { address: '192.0.2.2', primary: false },
    ],
    // By allocation time; within the same instant by address, not by text (which would put :10:: before :2::).
    ipv6Subnets: ['2001:db8:1::/64', '2001:db8:1:1::/64', '2001:db8:1:10::/64'],
  });
  assert.deepEqual(await listServerAddresses(db, 'ffffffffffffffff'), { ipv4: [], ipv6Subnets: [] });
});

test('concurrent allocations in separate transactions never share an address', async (t) => {
  const { db, servers } = await setup(t);
  const ids = await servers(40);
  const [v4, v6] = await Promise.all([
    Promise.all(ids.map((id) => db.transaction().execute((trx) => ipv4(trx, id)))),
    Promise.all(ids.map((id) => db.transaction().execute((trx) => ipv6(trx, id)))),
  ]);
  assert.equal(new Set(v4).size, 40);
  assert.equal(new Set(v6).size, 40);
  // Nobody gave up a host somebody else did not take, so the 40 lowest are in use.
  const expected = Array.from({ length: 40 }, (_, i) => `192.0.2.${i + 2}`);
  assert.deepEqual([...v4].sort(), [...expected].sort());
  const rows = await db.selectFrom('ip_allocations').select(['address', 'server_id']).where('kind', '=', 'ipv4').execute();
  assert.deepEqual(new Map(rows.map((row) => [row.server_id, row.address])), new Map(ids.map((id, i) => [id, v4[i]])));
});

test('an allocation waits for a transaction holding the same address, then takes the next', async (t) => {
  const { db, engine, servers } = await setup(t);
  const [a, b, c] = await servers(3);
  assert.ok(a && b && c);
  const holding = await db.startTransaction().execute();
  assert.equal(await ipv4(holding, a), '192.0.2.2');
  const waiting = db.transaction().execute((trx) => ipv4(trx, b));
  await untilBlockedOnLock(db, engine);
  await holding.commit().execute();
  assert.equal(await waiting, '192.0.2.3');

  // A transaction that gives its address back leaves it to the one waiting.
  const abandoned = await db.startTransaction().execute();
  assert.equal(await ipv4(abandoned, a, undefined, undefined, 1), '192.0.2.4');
  const next = db.transaction().execute((trx) => ipv4(trx, c));
  await untilBlockedOnLock(db, engine);
  await abandoned.rollback().execute();
  assert.equal(await next, '192.0.2.4');
});

test('a /16 with 10,000 addresses in use gives the next one from a single read', async (t) => {
  const { db, servers } = await setup(t);
  const [server, other] = await servers(2);
  assert.ok(server && other);
  const pool = '10.20.0.0/16';
  const hostAt = (slot: number) => `10.20.${slot >> 8}.${slot & 255}`;
  // Hosts 2..10001 (10.20.0.2 – 10.20.39.17), written in shuffled order.
  const slots = Array.from({ length: 10_000 }, (_, i) => i + 2).sort(() => Math.random() - 0.5);
  for (let start = 0; start < slots.length; start += 500) {
    await db
      .insertInto('ip_allocations')
      .values(
        slots.slice(start, start + 500).map((slot) => ({
          address: hostAt(slot),
          kind: 'ipv4' as const,
          location: 'big',
          server_id: server,
          is_primary: false,
          position: slot,
          allocated_at: NOW,
        })),
      )
      .execute();
  }

  const started = performance.now();
  assert.equal(await ipv4(db, other, pool, 'big'), '10.20.39.18');
  const elapsed = performance.now() - started;
  t.diagnostic(`allocation with 10,000 in use took ${elapsed.toFixed(1)} ms`);

  await db.deleteFrom('ip_allocations').where('address', '=', hostAt(5000)).execute();
  assert.equal(await ipv4(db, other, pool, 'big', 1), hostAt(5000));
  assert.equal(await ipv4(db, other, pool, 'big', 2), '10.20.39.19');
});
