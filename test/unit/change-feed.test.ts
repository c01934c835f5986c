// The change feed (src/db/change-feed.ts) between two connections to one
// database, as two processes have them (SQLite by default, PostgreSQL when
// TEST_DATABASE_URL is set): a committed change is heard by the other
// connection, by the writer before commit returns, a rolled-back one by
// neither; a cache keeps a value until its topic changes and never keeps a
// read that raced a change. On PostgreSQL only (SQLite has no connection to
// lose): while the listening connection is lost nothing is kept, and once it
// is back every topic counts as changed.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { sql } from 'kysely';
import pino from 'pino';
import { CachedUntilChanged, KeyedUntilChanged, LISTENER_APPLICATION_NAME, openChangeFeed, type ChangeFeed, type ChangeTopic } from '../../src/db/change-feed.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { eventually } from '../helpers/build.ts';
import { createTestDatabase } from '../helpers/database.ts';

interface Side {
  handle: DatabaseHandle;
  changes: ChangeFeed;
  /** Every topic this side heard of, in order. */
  heard: ChangeTopic[];
}

/** Two connections to one fresh database, each with its feed (what two processes have). */
async function twoSides(t: TestContext): Promise<[Side, Side]> {
  const database = await createTestDatabase();
  const sides: Side[] = [];
  t.after(async () => {
    for (const side of sides) await side.changes.close();
    for (const side of sides) await side.handle.close();
    await database.drop();
  });
  for (let index = 0; index < 2; index += 1) {
    const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    if (index === 0) await migrateToLatest(handle);
    const changes = await openChangeFeed(handle, { databaseUrl: database.databaseUrl, logger: pino({ level: 'silent' }) });
    const side: Side = { handle, changes, heard: [] };
    for (const topic of ['catalogue', 'api-keys', 'faults', 'clock'] as const) changes.subscribe(topic, () => side.heard.push(topic));
    sides.push(side);
  }
  // The SQLite feed's timer is unref'd (a server's listeners keep its process alive); this keeps the test's.
  const keepAlive = setInterval(() => {}, 1000);
  t.after(() => clearInterval(keepAlive));
  return [sides[0]!, sides[1]!];
}

test('a committed change is heard by the other connection, and by the writer before commit returns', async (t) => {
  const [writer, other] = await twoSides(t);
  const before = writer.changes.stamp('faults');
  const result = await writer.changes.commit('faults', async (trx) => {
    await trx.insertInto('settings').values({ key: 'feed-test', value: '1' }).execute();
    return 'written';
  });
  assert.equal(result, 'written');
  assert.notEqual(writer.changes.stamp('faults'), before, "the writer's stamp moved before commit returned");
  assert.deepEqual(writer.heard, ['faults']);
  await eventually(async () => other.heard.includes('faults'), 5_000, 5);
  assert.deepEqual(other.heard, ['faults'], 'only the topic that changed');
  assert.equal(writer.changes.stamp('catalogue'), 0, 'other topics keep their stamp');
});

test('a write that fails announces nothing', async (t) => {
  const [writer, other] = await twoSides(t);
  await assert.rejects(
    writer.changes.commit('catalogue', async (trx) => {
      await trx.insertInto('settings').values({ key: 'rolled-back', value: '1' }).execute();
      throw new Error('the write fails');
    }),
    /the write fails/,
  );
  assert.equal(await other.handle.db.selectFrom('settings').select('key').where('key', '=', 'rolled-back').executeTakeFirst(), undefined);
  // A later change is heard; the failed one never was.
  await writer.changes.announce('clock');
  await eventually(async () => other.heard.includes('clock'), 5_000, 5);
  assert.deepEqual(other.heard, ['clock']);
  assert.deepEqual(writer.heard, ['clock']);
});

test('a cached value is kept until its topic changes, and a read that raced a change is used once, not kept', async (t) => {
  const [writer, other] = await twoSides(t);
  let reads = 0;
  let duringRead: (() => Promise<void>) | null = null;
  const cache = new CachedUntilChanged(other.changes, 'catalogue', async () => {
    reads += 1;
    const value = reads;
    await duringRead?.();
    return value;
  });
  assert.equal(await cache.get(), 1);
  assert.equal(await cache.get(), 1, 'kept');
  assert.deepEqual(await Promise.all([cache.get(), cache.get()]), [1, 1]);

  await writer.changes.announce('faults');
  await eventually(async () => other.heard.includes('faults'), 5_000, 5);
  assert.equal(await cache.get(), 1, 'another topic changing keeps it');

  await writer.changes.announce('catalogue');
  await eventually(async () => other.heard.includes('catalogue'), 5_000, 5);
  assert.equal(await cache.get(), 2, 'read again after its topic changed');

  // A change heard while the value is being read: that value answers its caller but is not kept.
  duringRead = async () => {
    duringRead = null;
    const heardBefore = other.heard.length;
    await writer.changes.announce('catalogue');
    await eventually(async () => other.heard.length > heardBefore, 5_000, 5);
  };
  await writer.changes.announce('catalogue');
  await eventually(async () => other.heard.filter((topic) => topic === 'catalogue').length === 2, 5_000, 5);
  assert.equal(await cache.get(), 3, 'the racing read answers its caller');
  assert.equal(await cache.get(), 4, 'and was not kept');
  assert.equal(await cache.get(), 4);
  assert.equal(cache.last, 4);
});

test('values by key: found ones kept until the topic changes, missing ones and raced reads not kept, the oldest out past capacity, nothing while unheard', async () => {
  // The stamp is what a feed answers; how changes are heard is tested above.
  let stamp: number | null = 0;
  const feed = { stamp: () => stamp } as unknown as ChangeFeed;
  const kept = new KeyedUntilChanged<string>(feed, 'projects', 2);
  const reads: string[] = [];
  const load = (key: string, value: string | undefined, during?: () => void) => async () => {
    reads.push(key);
    during?.();
    return value;
  };

  assert.equal(await kept.get('a', load('a', 'A1')), 'A1');
  assert.equal(await kept.get('a', load('a', 'A2')), 'A1', 'kept');
  assert.equal(await kept.get('gone', load('gone', undefined)), undefined);
  assert.equal(await kept.get('gone', load('gone', 'G')), 'G', 'a value not found is asked for again');
  assert.deepEqual(reads, ['a', 'gone', 'gone']);

  // Capacity 2: 'a' was used before 'gone', so a third key pushes 'a' out.
  assert.equal(await kept.get('b', load('b', 'B')), 'B');
  assert.equal(await kept.get('a', load('a', 'A3')), 'A3', 'the one used longest ago made room');

  stamp = 1;
  assert.equal(await kept.get('a', load('a', 'A4')), 'A4', 'read again after a change');
  assert.equal(await kept.get('a', load('a', 'A5')), 'A4', 'kept under the new stamp');
  assert.equal(await kept.get('b', load('b', 'B2', () => (stamp = 3))), 'B2', 'a read that raced a change answers its caller');
  assert.equal(await kept.get('b', load('b', 'B3')), 'B3', 'and was not kept');

  stamp = null;
  assert.equal(await kept.get('c', load('c', 'C1')), 'C1');
  assert.equal(await kept.get('c', load('c', 'C2')), 'C2', 'nothing is kept while changes cannot be heard');
});

if (process.env.TEST_DATABASE_URL) {
  test('PostgreSQL: while the listening connection is lost nothing is kept; once it is back every topic counts as changed', async (t) => {
    const [writer, other] = await twoSides(t);
    let reads = 0;
    const cache = new CachedUntilChanged(other.changes, 'api-keys', async () => (reads += 1));
    assert.equal(await cache.get(), 1);

    const terminated = await sql<{ pid: number }>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database() and pid <> pg_backend_pid()`.execute(writer.handle.db);
    assert.equal(terminated.rows.length, 2, "both sides' listening connections were ended");

    await eventually(async () => other.changes.stamp('api-keys') === null || other.heard.length > 0, 5_000, 5);
    // Down or already back: either way the kept value is not used again.
    assert.equal(await cache.get(), 2, 'read through, not from the copy');

    await eventually(async () => other.changes.stamp('api-keys') !== null, 10_000, 10);
    assert.deepEqual([...other.heard].sort(), ['api-keys', 'catalogue', 'clock', 'faults'], 'every topic counts as changed once it listens again');
    const afterReconnect = await cache.get();
    assert.equal(await cache.get(), afterReconnect, 'kept again');

    // And it hears changes as before.
    await writer.changes.announce('faults');
    await eventually(async () => other.heard.filter((topic) => topic === 'faults').length === 2, 5_000, 5);
  });
}
