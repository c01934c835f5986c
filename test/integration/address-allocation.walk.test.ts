// What an allocation costs once a pool's walk has started (migration 0009):
// the same few statements whether the location has five addresses in use or
// thousands, and never a read of the addresses in use; a released address
// costs a few more, not a read either. Counted by the statements sent, not
// timed. And a pool with a few addresses far up it starts its walk without
// listing every free slot below them. On whichever engine the suite runs on.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test, type TestContext } from 'node:test';
import type { Kysely, KyselyPlugin } from 'kysely';
import { writeJson } from '../../src/db/columns.ts';
import type { Database } from '../../src/db/schema.ts';
import { allocateIpv4, releaseServerAddresses } from '../../src/modules/addresses/index.ts';
import { openMigratedDatabase } from '../helpers/database.ts';

const NOW = '2025-01-01T00:00:00.000Z';
const POOL = '10.20.0.0/16';
const hostAt = (slot: number) => `10.20.${slot >> 8}.${slot & 255}`;

interface Harness {
  db: Kysely<Database>;
  /** The same database, recording the SQL of every statement sent through it. */
  counted: Kysely<Database>;
  statements: string[];
  server: string;
}

async function setup(t: TestContext): Promise<Harness> {
  const handle = await openMigratedDatabase(t);
  const { db } = handle;
  const project = await db
    .insertInto('projects')
    .values({ slug: 'walk', name: 'Walk', status: 'ready', created_at: NOW, updated_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  const server = randomBytes(8).toString('hex');
  await db
    .insertInto('servers')
    .values({
      id: server,
      project_id: project.id,
      hostname: 'walker',
      status: 'running',
      created_at: NOW,
      location: writeJson({ code: 'big', city: null, country_code: null }),
      image: writeJson({ name: 'debian-12', display_name: 'Debian 12' }),
      plan: writeJson({ name: 'cx22', category: 'shared', cpu_cores: 2, ram_mb: 4096, disk_gb: 40, boot_disk_gb: 40 }),
    })
    .execute();
  const statements: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      statements.push(db.getExecutor().compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db, counted: db.withPlugin(recorder), statements, server };
}

/** Puts `slots` of the pool in use as rows written directly, as a database from before the walk would have them. */
async function inUse(h: Harness, slots: number[]): Promise<void> {
  for (let start = 0; start < slots.length; start += 500) {
    await h.db
      .insertInto('ip_allocations')
      .values(slots.slice(start, start + 500).map((slot) => ({ address: hostAt(slot), kind: 'ipv4' as const, location: 'big', server_id: h.server, is_primary: false, position: slot, allocated_at: NOW })))
      .execute();
  }
}

/** One allocation in a transaction of its own, with the statements it sent. */
async function allocate(h: Harness, position: number): Promise<{ address: string; statements: string[] }> {
  h.statements.length = 0;
  const address = await h.counted.transaction().execute((trx) => allocateIpv4(trx, { location: 'big', pool: POOL, serverId: h.server, isPrimary: false, position, now: NOW }));
  return { address, statements: [...h.statements] };
}

const readsAddressesInUse = (statement: string) => /^select .* from "ip_allocations"/.test(statement);

test('once the walk has started, an allocation sends the same statements with 5 or 5,000 addresses in use, none reading them', async (t) => {
  const few = await setup(t);
  const many = await setup(t);
  await inUse(few, [2, 3, 4, 5, 6]);
  await inUse(many, Array.from({ length: 5000 }, (_, index) => index + 2));

  for (const [h, next] of [[few, 7], [many, 5002]] as const) {
    // The first allocation starts the walk: the one read of the addresses in use.
    const first = await allocate(h, 0);
    assert.equal(first.address, hostAt(next));
    assert.equal(first.statements.filter(readsAddressesInUse).length, 1);
  }
  const fewCosts = [];
  const manyCosts = [];
  for (let position = 1; position <= 3; position++) {
    fewCosts.push(await allocate(few, position));
    manyCosts.push(await allocate(many, position));
  }
  assert.deepEqual(fewCosts.map((cost) => cost.address), [hostAt(8), hostAt(9), hostAt(10)]);
  assert.deepEqual(manyCosts.map((cost) => cost.address), [hostAt(5003), hostAt(5004), hostAt(5005)]);
  for (const cost of [...fewCosts, ...manyCosts]) {
    // Advance the cursor, insert the allocation: two statements, plus the transaction's begin and commit.
    assert.deepEqual(cost.statements.filter((statement) => !/^(begin|commit)/i.test(statement)).length, 2, cost.statements.join('\n'));
    assert.equal(cost.statements.filter(readsAddressesInUse).length, 0);
  }
  assert.deepEqual(
    fewCosts[2]!.statements.map((statement) => statement.replace(/\$\d+/g, '?')),
    manyCosts[2]!.statements.map((statement) => statement.replace(/\$\d+/g, '?')),
  );

  // A released address is found without a read of the addresses in use either, and costs the same in both.
  await many.db.deleteFrom('ip_allocations').where('address', '=', hostAt(2500)).execute();
  await few.db.deleteFrom('ip_allocations').where('address', '=', hostAt(4)).execute();
  const reused = [await allocate(many, 4), await allocate(few, 4)];
  assert.deepEqual(reused.map((cost) => cost.address), [hostAt(2500), hostAt(4)]);
  for (const cost of reused) assert.equal(cost.statements.filter(readsAddressesInUse).length, 0, cost.statements.join('\n'));
  assert.equal(reused[0]!.statements.length, reused[1]!.statements.length);
  // ...and once it is handed out, the walk goes on where it was.
  assert.equal((await allocate(many, 5)).address, hostAt(5006));
});

test('a few addresses far up a large pool: the walk starts from the lowest free slot and passes over them', async (t) => {
  const h = await setup(t);
  // Two low hosts and the pool's last two, 65,000 slots above.
  await inUse(h, [2, 3, 65532, 65533]);
  assert.equal((await allocate(h, 0)).address, hostAt(4));
  const released = await h.db.selectFrom('ip_released_addresses').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  assert.equal(Number(released.count), 0, 'no free slot below the far ones was listed');

  // The walk meets the far ones as it goes. Rather than hand out 65,000 addresses, the test moves the cursor near them.
  await h.db.updateTable('ip_pool_cursors').set({ next_offset: 65531 - 2 }).execute();
  const tail = [];
  for (let position = 1; position <= 2; position++) tail.push((await allocate(h, position)).address);
  assert.deepEqual(tail, [hostAt(65531), hostAt(65534)]);
  await assert.rejects(allocate(h, 3), /has no free address/);

  // Releasing one of them makes it the next one handed out.
  await releaseServerAddresses(h.db, h.server);
  assert.equal((await allocate(h, 4)).address, hostAt(2));
});
