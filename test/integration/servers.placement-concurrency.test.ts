// Operator placements under concurrency (issue 47, point 4): placements queue
// on rows every placement of a project or location writes, each held from its
// write to the commit, so the placement writes them last and in as few round
// trips as it can (server-placement.ts); two services racing for the last
// room of a location's hosts place exactly what the hosts hold; and the
// server.created event, built from the values written rather than read back,
// is the server as the list shows it. On whichever engine the suite runs on.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { build, eventually, type CallResult, type TestApp } from '../helpers/build.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { assertFieldError } from '../helpers/problems.ts';
import { statementsOf } from '../helpers/round-trips.ts';
import { addSshKey, buildWorld, createWorld, placeServer, SERVER_DEFAULTS, type World } from '../helpers/world.ts';

type Json = any;

/** The demo catalogue's CX22 (product 1): what one server holds of its host. */
const CX22 = { cpu_cores: 2, ram_mb: 4096, disk_gb: 40 };
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

function importServer(app: TestApp, slug: string, body: Record<string, unknown> = {}): Promise<CallResult> {
  return app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { ...SERVER_DEFAULTS, ...body } });
}

async function registerHost(app: TestApp, name: string, servers: number): Promise<Json> {
  const response = await app.admin('/hosts', {
    method: 'POST',
    body: { name, location: 'fsn1', uri: `qemu+ssh://root@${name}.example.net/system`, cpu_cores: 16, ram_mb: servers * CX22.ram_mb, disk_gb: 400 },
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

/** Two services on one database, as a deployment runs several processes; the database goes after both have closed. */
async function twoServices(t: TestContext): Promise<[TestApp, TestApp]> {
  const database = await createTestDatabase();
  const first = await build(t, { database });
  const second = await build(t, { database });
  t.after(() => database.drop());
  return [first, second];
}

test("a placement holds the project's rows for its last statement only, and the address cursor from its move to the commit: one statement between (PostgreSQL)", async (t) => {
  const w = await buildWorld(t);
  await placeServer(w, { hostname: 'warm-1' });
  const main = w.app.app.main!.server;
  const { result, statements } = await statementsOf(main, (mark) => w.app.admin(`/projects/${w.slug}/servers`, { method: 'POST', body: { ...SERVER_DEFAULTS, hostname: 'counted' }, headers: mark }));
  assert.equal(result.status, 201, JSON.stringify(result.body));
  const cursor = statements.findIndex((text) => /^\s*update "ip_pool_cursors"/i.test(text));
  const insert = statements.findIndex((text) => /insert into "servers"/i.test(text));
  assert.ok(cursor >= 0 && insert > cursor, `the cursor moved before the server's row is written:\n${statements.join('\n')}`);
  // The transaction's end: its COMMIT, or on SQLite the release of its savepoint (the group commit may COMMIT for
  // several requests at once, outside this one).
  const commit = statements.findIndex((text, index) => index > insert && /^\s*(commit|release)\b/i.test(text));
  assert.ok(commit > insert, `the transaction ends after the server's row:\n${statements.join('\n')}`);
  const held = statements.slice(insert + 1, commit).filter((text) => !TRANSACTION_CONTROL.test(text));
  const inTransaction = statements.slice(cursor, commit);
  assert.ok(!inTransaction.some((text) => /^\s*select\b.*from "servers"/i.test(text)), `the server is not read back:\n${inTransaction.join('\n')}`);
  // SQLite runs a batch's writes one by one (in-process calls, and one writer holds the database anyway).
  if (w.app.database.engine !== 'postgres') return;
  assert.match(statements[commit]!, /^\s*commit\b/i, 'on PostgreSQL the placement is a transaction of its own');
  // The server's row, its address's row, its bandwidth pool and its event: one statement, the commit next.
  assert.deepEqual(held, [], `statements while the project's rows are held:\n${held.join('\n')}`);
  assert.match(statements[insert]!, /insert into "ip_allocations"/i, 'the address is claimed in the same statement');
  const sinceCursor = statements.slice(cursor + 1, commit).filter((text) => !TRANSACTION_CONTROL.test(text));
  assert.equal(sinceCursor.length, 1, `statements while the address cursor is held:\n${sinceCursor.join('\n')}`);
});

test('an address at the cursor found taken (a row written behind the allocator): the placement is redone and takes the next free one, with nothing left of its first try', async (t) => {
  const w = await buildWorld(t);
  const first = await placeServer(w, { hostname: 'first' });
  const firstAddress: string = first.network.ipv4.find((entry: Json) => entry.primary).address;
  // The slot after the first server's, written by hand for a server of its own (as a pool overlapping would).
  const next = firstAddress.replace(/\d+$/, (last) => String(Number(last) + 1));
  const db = w.app.app.database.db;
  const row = await db.selectFrom('ip_allocations').selectAll().where('address', '=', firstAddress).executeTakeFirstOrThrow();
  await db.insertInto('ip_allocations').values({ ...row, address: next, is_primary: false, position: 1 }).execute();
  const eventsBefore = (await w.app.api(`/projects/${w.slug}/events/?after=0&types=server.created`, { key: w.key })).body.results.length;

  const second = await placeServer(w, { hostname: 'second' });
  const secondAddress: string = second.network.ipv4.find((entry: Json) => entry.primary).address;
  assert.equal(secondAddress, next.replace(/\d+$/, (last) => String(Number(last) + 1)), 'the taken slot is passed over');
  const events = (await w.app.api(`/projects/${w.slug}/events/?after=0&types=server.created`, { key: w.key })).body.results;
  assert.equal(events.length, eventsBefore + 1, 'one server.created event, not one for the undone try too');
  assert.equal(events.at(-1).data.ipv4_primary, secondAddress);
  const list = await w.app.api(`/projects/${w.slug}/servers/`, { key: w.key });
  assert.deepEqual(list.body.results.map((server: Json) => server.hostname).sort(), ['first', 'second']);
});

test("a placement's server.created event is the server as the server list shows it, with its extra addresses, IPv6 and keys", async (t) => {
  const w = await buildWorld(t, { credit: '100.00' });
  const keyId = await addSshKey(w, 'laptop');
  const placed = await placeServer(w, { hostname: 'evented', ipv4_additional: 1, ipv6: true, ssh_keys: [keyId] });
  const list = await w.app.api(`/projects/${w.slug}/servers/`, { key: w.key });
  assert.equal(list.status, 200, JSON.stringify(list.body));
  const listed = list.body.results.find((server: Json) => server.id === placed.id);
  const events = await w.app.api(`/projects/${w.slug}/events/?after=0&types=server.created`, { key: w.key });
  assert.equal(events.status, 200, JSON.stringify(events.body));
  const [created] = events.body.results;
  assert.deepEqual(created.data, listed);
  assert.deepEqual(created.resource, { type: 'server', id: placed.id });
  assert.equal(created.data.ipv4_primary, placed.network.ipv4.find((entry: Json) => entry.primary).address);
  const read = await w.app.api(`/projects/${w.slug}/servers/${placed.id}/`, { key: w.key });
  assert.deepEqual(read.body.ssh_keys, [keyId], 'its key is set');
});

test('imports through two services race for the last room of two hosts: exactly what the hosts hold is placed, the rest refused on location', async (t) => {
  const [one, two] = await twoServices(t);
  const world: World = await createWorld(one, { credit: '500.00', project: 'Race' });
  const [roomForThree, roomForTwo] = [await registerHost(one, 'three', 3), await registerHost(one, 'two', 2)];
  const answers = await Promise.all(Array.from({ length: 16 }, (_, index) => importServer(index % 2 === 0 ? one : two, world.slug, { hostname: `race-${index}` })));
  const placed = answers.filter((answer) => answer.status === 201);
  assert.equal(placed.length, 5, JSON.stringify(answers.map((answer) => answer.status)));
  for (const answer of answers.filter((entry) => entry.status !== 201)) assertFieldError(answer, 'location', 'a racing import that found no room');
  for (const [host, servers] of [[roomForThree, 3], [roomForTwo, 2]] as const) {
    for (const app of [one, two]) {
      const read = await app.admin(`/hosts/${host.id}`);
      assert.deepEqual(read.body.used, { servers, cpu_cores: servers * CX22.cpu_cores, ram_mb: servers * CX22.ram_mb, disk_gb: servers * CX22.disk_gb }, `host ${host.name}`);
    }
  }
  assert.equal((await one.api(`/projects/${world.slug}/servers/`, { key: world.key })).body.count, 5);
});

test("a location's first host, registered through one process, takes the next import through another that knew the location without hosts", async (t) => {
  const [one, two] = await twoServices(t);
  const world: World = await createWorld(one, { credit: '500.00', project: 'First host' });
  // The second process places without a host, and so keeps fsn1 as a location without any.
  assert.equal((await importServer(two, world.slug, { hostname: 'before-any-host' })).status, 201);
  const host = await registerHost(one, 'first', 1);
  // Heard through the change feed (at once on PostgreSQL, within its check interval on SQLite): the next import goes on the host.
  const placed = await eventually(async () => {
    const answer = await importServer(two, world.slug, { hostname: `on-the-host-${Date.now()}` });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return (await one.admin(`/hosts/${host.id}`)).body.used.servers === 1 ? answer : null;
  });
  assert.equal(placed.status, 201);
  // Full now: the host is asked for its room, and refuses.
  assertFieldError(await importServer(two, world.slug, { hostname: 'past-the-room' }), 'location', 'the host is full');
});
