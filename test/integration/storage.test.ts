// The query layer behaves the same on SQLite and PostgreSQL: money, time,
// booleans, JSON and unique violations, read through src/db/columns.ts as the
// services read them. Then the application's lifetime on one database:
// restarts keep everything, and closing is clean.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inspect } from 'node:util';
import type { Kysely } from 'kysely';
import { build, eventually } from '../helpers/build.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { setFault } from '../helpers/world.ts';
import { isUniqueViolation } from '../../src/db/client.ts';
import { readBool, readJson, writeJson } from '../../src/db/columns.ts';
import type { Database } from '../../src/db/schema.ts';
import { enqueueJobRequest } from '../../src/jobs/queue.ts';

let emailCounter = 0;

async function insertUser(db: Kysely<Database>, values: { created_at?: string; legacy_api_access?: boolean; email?: string } = {}): Promise<number> {
  emailCounter += 1;
  const row = await db
    .insertInto('users')
    .values({
      email: values.email ?? `storage${emailCounter}@example.com`,
      first_name: 'Storage',
      last_name: 'Test',
      password_hash: null,
      legacy_api_access: values.legacy_api_access ?? false,
      created_at: values.created_at ?? new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertJob(db: Kysely<Database>, payload: unknown, runAt = new Date().toISOString()): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('jobs')
    .values({
      type: 'storage.test',
      payload: writeJson(payload),
      // Done: the worker never picks these up.
      status: 'done',
      attempts: 0,
      max_attempts: 1,
      run_at: runAt,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('the statement was expected to be refused');
}

test('money: large balances round-trip exactly, arithmetic in SQL is exact, negative balances are refused', async (t) => {
  const app = await build(t);
  const { db } = app.app.database;
  const now = new Date().toISOString();
  const values = [900719925474099, Number.MAX_SAFE_INTEGER, 0, 1];
  const users: number[] = [];
  for (const credit_balance of values) {
    const userId = await insertUser(db);
    users.push(userId);
    await db.insertInto('billing_accounts').values({ user_id: userId, currency: 'EUR', credit_balance, created_at: now }).execute();
  }
  const rows = await db.selectFrom('billing_accounts').select(['user_id', 'credit_balance']).where('user_id', 'in', users).orderBy('user_id').execute();
  assert.deepEqual(rows.map((row) => row.credit_balance), values);
  for (const row of rows) assert.equal(typeof row.credit_balance, 'number');

  const first = users[0]!;
  const updated = await db
    .updateTable('billing_accounts')
    .set((eb) => ({ credit_balance: eb('credit_balance', '+', 1) }))
    .where('user_id', '=', first)
    .returning('credit_balance')
    .executeTakeFirstOrThrow();
  assert.equal(updated.credit_balance, 900719925474100);
  const sum = await db
    .selectFrom('billing_accounts')
    .select((eb) => eb.fn.sum<number | string>('credit_balance').as('total'))
    .where('user_id', 'in', [first, users[2]!, users[3]!])
    .executeTakeFirstOrThrow();
  assert.equal(Number(sum.total), 900719925474101);

  // The CHECK constraint: never below zero, whichever way it is written.
  const negativeUser = await insertUser(db);
  const insertError = await rejectionOf(
    db.insertInto('billing_accounts').values({ user_id: negativeUser, currency: 'EUR', credit_balance: -1, created_at: now }).execute(),
  );
  assert.equal(isUniqueViolation(insertError), false);
  const updateError = await rejectionOf(
    db.updateTable('billing_accounts').set((eb) => ({ credit_balance: eb('credit_balance', '-', 2) })).where('user_id', '=', users[3]!).execute(),
  );
  assert.equal(isUniqueViolation(updateError), false);
  const after = await db.selectFrom('billing_accounts').select('credit_balance').where('user_id', '=', users[3]!).executeTakeFirstOrThrow();
  assert.equal(after.credit_balance, 1);
  assert.equal(await db.selectFrom('billing_accounts').select('user_id').where('user_id', '=', negativeUser).executeTakeFirst(), undefined);
});

test('money through the API: balances beyond 32 bits stay exact', async (t) => {
  const app = await build(t);
  const { userId, key } = await app.createUser({ credit: '9999999999.99' });
  const added = await app.admin(`/users/${userId}/credit`, { method: 'POST', body: { amount: '9999999999.99' } });
  assert.equal(added.status, 200, JSON.stringify(added.body));
  assert.equal(added.body.credit_balance, '19999999999.98');
  assert.equal((await app.api('/me/', { key })).body.billing_account.credit_balance, '19999999999.98');
  assert.equal((await app.admin(`/users/${userId}/credit`, { method: 'POST', body: { amount: '-9999999999.99' } })).body.credit_balance, '9999999999.99');
  const taken = await app.admin(`/users/${userId}/credit`, { method: 'POST', body: { amount: '-9999999999.98' } });
  assert.equal(taken.status, 200, JSON.stringify(taken.body));
  assert.equal(taken.body.credit_balance, '0.01');
});

test('timestamps: ISO strings come back identical, order and compare correctly', async (t) => {
  const app = await build(t);
  const { db } = app.app.database;
  const written = [
    '2024-02-29T23:59:59.999Z',
    '1999-12-31T23:59:59.000Z',
    '2024-03-01T00:00:00.000Z',
    '2024-02-29T23:59:59.998Z',
    '2038-01-19T03:14:08.000Z',
    '1970-01-01T00:00:00.000Z',
    new Date().toISOString(),
  ];
  const ids = new Map<number, string>();
  for (const created_at of written) ids.set(await insertUser(db, { created_at }), created_at);

  const rows = await db.selectFrom('users').select(['id', 'created_at']).where('id', 'in', [...ids.keys()]).orderBy('created_at').execute();
  for (const row of rows) assert.equal(row.created_at, ids.get(row.id));
  assert.deepEqual(rows.map((row) => row.created_at), [...written].sort());
  const descending = await db.selectFrom('users').select('created_at').where('id', 'in', [...ids.keys()]).orderBy('created_at', 'desc').execute();
  assert.deepEqual(descending.map((row) => row.created_at), [...written].sort().reverse());

  // Comparisons with a bound ISO string, as the job runner and key expiry use them.
  const later = await db
    .selectFrom('users')
    .select('created_at')
    .where('id', 'in', [...ids.keys()])
    .where('created_at', '>', '2024-02-29T23:59:59.998Z')
    .where('created_at', '<=', '2024-03-01T00:00:00.000Z')
    .orderBy('created_at')
    .execute();
  assert.deepEqual(later.map((row) => row.created_at), ['2024-02-29T23:59:59.999Z', '2024-03-01T00:00:00.000Z']);

  // Nullable timestamps stay null.
  const jobId = await insertJob(db, {});
  const job = await db.selectFrom('jobs').select(['locked_until', 'run_at']).where('id', '=', jobId).executeTakeFirstOrThrow();
  assert.equal(job.locked_until, null);
  assert.match(job.run_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

test('booleans: true and false read back as true and false, and filter the same way', async (t) => {
  const app = await build(t);
  const { db } = app.app.database;
  const yes = await insertUser(db, { legacy_api_access: true });
  const no = await insertUser(db, { legacy_api_access: false });
  const rows = await db.selectFrom('users').select(['id', 'legacy_api_access']).where('id', 'in', [yes, no]).orderBy('id').execute();
  assert.deepEqual(rows.map((row) => readBool(row.legacy_api_access)), [true, false]);

  const onlyTrue = await db.selectFrom('users').select('id').where('id', 'in', [yes, no]).where('legacy_api_access', '=', true).execute();
  assert.deepEqual(onlyTrue.map((row) => row.id), [yes]);
  const onlyFalse = await db.selectFrom('users').select('id').where('id', 'in', [yes, no]).where('legacy_api_access', '=', false).execute();
  assert.deepEqual(onlyFalse.map((row) => row.id), [no]);

  const flipped = await db.updateTable('users').set({ legacy_api_access: true }).where('id', '=', no).returning('legacy_api_access').executeTakeFirstOrThrow();
  assert.equal(readBool(flipped.legacy_api_access), true);
  assert.equal(readBool(null), false);
  assert.equal(readBool(undefined), false);
});

test('JSON: nested objects, unicode and numbers round-trip', async (t) => {
  const app = await build(t);
  const { db } = app.app.database;
  const payload = {
    text: 'Grüße aus Köln — 日本語 — 🚀🌍 — עברית — e\u0301 — "quoted" \\ back\\slash\nnew line\ttab',
    numbers: [0, 1, -1, 0.1, 0.30000000000000004, 1e21, 5e-324, -12.5e-7, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER],
    nested: { a: { b: { c: [1, [2, [3, { d: null }]]] } }, empty: {}, list: [] },
    flags: [true, false, null],
    'key with spaces & ünïcode 🔑': 'value',
    '': 'empty key',
  };
  const jobId = await insertJob(db, payload);
  const row = await db.selectFrom('jobs').select('payload').where('id', '=', jobId).executeTakeFirstOrThrow();
  assert.deepEqual(readJson(row.payload), payload);

  // An array at the top, and the catalogue document as billing stores it.
  const listId = await insertJob(db, [{ x: 1 }, 'two', 3]);
  const list = await db.selectFrom('jobs').select('payload').where('id', '=', listId).executeTakeFirstOrThrow();
  assert.deepEqual(readJson(list.payload), [{ x: 1 }, 'two', 3]);
  const catalogue = await db.selectFrom('billing_catalogue').select('document').where('id', '=', 1).executeTakeFirstOrThrow();
  assert.deepEqual(readJson(catalogue.document), (await app.admin('/catalogue')).body);
});

// PostgreSQL refuses NUL in text and jsonb, and an unpaired surrogate in
// jsonb; SQLite keeps all three. The HTTP edge refuses such input, but the
// query layer is also written to by the app itself (job payloads, last_error
// from upstream messages), so it should give one behaviour on both engines.
test('isUniqueViolation: unique columns and primary keys yes; other constraint failures no', async (t) => {
  const app = await build(t);
  const { db } = app.app.database;
  const now = new Date().toISOString();
  const userId = await insertUser(db, { email: 'unique@example.com' });

  const duplicateEmail = await rejectionOf(insertUser(db, { email: 'unique@example.com' }));
  assert.equal(isUniqueViolation(duplicateEmail), true, String(duplicateEmail));

  await db.insertInto('settings').values({ key: 'storage-test', value: 'one' }).execute();
  const duplicateKey = await rejectionOf(db.insertInto('settings').values({ key: 'storage-test', value: 'two' }).execute());
  assert.equal(isUniqueViolation(duplicateKey), true, String(duplicateKey));

  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Unique Members');
  const project = await db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  await db.insertInto('project_members').values({ project_id: project.id, user_id: userId, role: 'member', created_at: now }).execute();
  const duplicateMember = await rejectionOf(
    db.insertInto('project_members').values({ project_id: project.id, user_id: userId, role: 'admin', created_at: now }).execute(),
  );
  assert.equal(isUniqueViolation(duplicateMember), true, String(duplicateMember));

  // Still recognised when it comes out of a transaction, as the services see it.
  const inTransaction = await rejectionOf(
    db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'storage-test-2', value: 'x' }).execute();
      await trx.insertInto('settings').values({ key: 'storage-test', value: 'y' }).execute();
    }),
  );
  assert.equal(isUniqueViolation(inTransaction), true, String(inTransaction));
  // …and the transaction left nothing behind.
  assert.equal(await db.selectFrom('settings').select('key').where('key', '=', 'storage-test-2').executeTakeFirst(), undefined);
  assert.deepEqual(await db.selectFrom('settings').select('value').where('key', '=', 'storage-test').executeTakeFirst(), { value: 'one' });

  const missingUser = await rejectionOf(
    db.insertInto('project_members').values({ project_id: project.id, user_id: 999_999, role: 'member', created_at: now }).execute(),
  );
  assert.equal(isUniqueViolation(missingUser), false, String(missingUser));
  const notNull = await rejectionOf(db.insertInto('settings').values({ key: 'no-value', value: null as unknown as string }).execute());
  assert.equal(isUniqueViolation(notNull), false, String(notNull));
  await db.insertInto('billing_accounts').values({ user_id: userId, currency: 'EUR', credit_balance: 0, created_at: now }).execute();
  const negative = await rejectionOf(db.updateTable('billing_accounts').set({ credit_balance: -5 }).where('user_id', '=', userId).execute());
  assert.equal(isUniqueViolation(negative), false, String(negative));
  for (const value of [null, undefined, new Error('plain'), { code: 'SQLITE_CONSTRAINT_CHECK' }, { code: '23514' }, 'text']) {
    assert.equal(isUniqueViolation(value), false, inspect(value));
  }
});

test('restart on the same database: keys, projects, credit, catalogue and queued work survive', async (t) => {
  const database = await createTestDatabase();
  let user!: { userId: number; key: string };
  let kept!: string;

  await t.test('first life: a user, a ready project, credit, a catalogue change', async (st) => {
    const first = await build(st, { database });
    user = await first.createUser({ credit: '10.00' });
    kept = await first.createReadyProject(user.key, 'Kept Across Restarts');
    assert.equal((await first.admin(`/users/${user.userId}/credit`, { method: 'POST', body: { amount: '5.55' } })).status, 200);
    const catalogue = (await first.admin('/catalogue')).body;
    catalogue.promo_codes.push({ code: 'RESTART', percent_off: 5 });
    assert.equal((await first.admin('/catalogue', { method: 'PUT', body: catalogue })).status, 200);
    await setFault(first, 'rdns', { mode: 'down', count: 7 });
    assert.equal((await first.admin('/clock/advance', { method: 'POST', body: { seconds: 600 } })).status, 200);
  });

  await t.test('second life without a worker: a project is created but cannot be confirmed yet', async (st) => {
    const second = await build(st, { database, worker: false });
    const created = await second.api('/projects/', { method: 'POST', key: user.key, body: { name: 'Waiting For A Worker' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.status, 'setting_up');
  });

  const third = await build(t, { database });
  t.after(() => database.drop());

  const me = await third.api('/me/', { key: user.key });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.id, user.userId);
  assert.deepEqual(me.body.billing_account, { exists: true, credit_balance: '15.55', currency: 'EUR' });
  const project = await third.api(`/projects/${kept}/`, { key: user.key });
  assert.equal(project.status, 200);
  assert.equal(project.body.status, 'ready');
  assert.equal((await third.api(`/projects/${kept}/products/`, { key: user.key })).status, 200);
  // The catalogue is not reset to the demo one on start.
  const catalogue = (await third.admin('/catalogue')).body;
  assert.ok(catalogue.promo_codes.some((code: { code: string }) => code.code === 'RESTART'));
  assert.deepEqual((await third.admin('/faults')).body.rdns, { system: 'rdns', mode: 'down', count: 7, committed: false });
  // The moved clock is kept.
  const now = (await third.admin('/clock/advance', { method: 'POST', body: { seconds: 0 } })).body.now;
  assert.ok(Date.parse(now) >= Date.now() + 590_000);
  // The set-up job queued while no worker ran is done by this one.
  await eventually(async () => (await third.api('/projects/waiting-for-a-worker/', { key: user.key })).body.status === 'ready');
  const listed = await third.api('/projects/', { key: user.key });
  assert.deepEqual(listed.body.results.map((p: { slug: string; status: string }) => [p.slug, p.status]), [
    [kept, 'ready'],
    ['waiting-for-a-worker', 'ready'],
  ]);
});

test('closing an application twice does not throw', async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const app = await build(t, { database });
  await app.app.close();
  await assert.doesNotReject(() => app.app.close(), 'a second close() must be a no-op');
});

// Reaches into the runner (its beforePoll hook and stop) to hold a poll
// between "decided to poll" and "claimed", the only way to make the shutdown
// race deterministic without changing src/. What is checked is public
// behaviour: nothing runs against a closed database, nothing is left
// unhandled, and no job is left locked by a worker that is gone.
test('closing while the worker is claiming a job: the job is not run against a closed database nor left locked', async (t) => {
  const database = await createTestDatabase();
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  t.after(() => process.off('unhandledRejection', onRejection));
  const handlerSaw: string[] = [];
  let jobId = 0;

  await t.test('app life', async (st) => {
    const app = await build(st, { database });
    const runner = app.app.runner!;
    const { db } = app.app.database;
    runner.register('storage.shutdown-probe', async () => {
      try {
        await db.selectFrom('settings').select('key').limit(1).execute();
        handlerSaw.push('database open');
      } catch (error) {
        handlerSaw.push(`database closed: ${(error as Error).message}`);
        throw error;
      }
    });
    const internals = runner as unknown as { options: { beforePoll?: () => Promise<void> }; stop: (graceMs?: number) => Promise<void> };
    const originalBeforePoll = internals.options.beforePoll;
    let releasePoll!: () => void;
    const pollHeld = new Promise<void>((resolve) => (releasePoll = resolve));
    let pollEntered!: () => void;
    const entered = new Promise<void>((resolve) => (pollEntered = resolve));
    let armed = true;
    internals.options.beforePoll = async () => {
      await originalBeforePoll?.();
      if (!armed) return;
      armed = false;
      pollEntered();
      await pollHeld;
    };
    const originalStop = runner.stop.bind(runner);
    // The poll goes on once stop() has begun.
    internals.stop = (graceMs?: number) => {
      const stopping = originalStop(graceMs);
      releasePoll();
      return stopping;
    };
    jobId = await enqueueJobRequest(db, app.app.clock, { type: 'storage.shutdown-probe', payload: {} });
    runner.wake();
    await Promise.race([
      entered,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the worker never polled')), 5_000).unref()),
    ]);
    // The helper closes the app when this subtest ends.
  });

  // Let any work still chained to the closed app finish and report.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));

  const inspector = await build(t, { database, worker: false });
  t.after(() => database.drop());
  const job = await inspector.app.database.db
    .selectFrom('jobs')
    .select(['status', 'locked_by', 'attempts'])
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();

  assert.deepEqual(rejections.map(String), [], 'nothing left unhandled by close()');
  assert.ok(handlerSaw.every((entry) => entry === 'database open'), JSON.stringify(handlerSaw));
  if (handlerSaw.length === 0) {
    assert.deepEqual({ status: job.status, locked_by: job.locked_by }, { status: 'queued', locked_by: null }, 'a job claimed during shutdown is handed back');
  } else {
    assert.equal(job.status, 'done', 'a job run during shutdown is finished before close() resolves');
  }
});
