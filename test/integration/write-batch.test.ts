// Writes that stand or fall together (db/write-batch.ts), on the engine the
// run uses (CI runs this file on both): one statement on PostgreSQL, a
// transaction on SQLite, and either way all of them or none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Clock } from '../../src/clock.ts';
import type { Database } from '../../src/db/schema.ts';
import { insertWithWrites, isLostRace, writeAll, WroteNothing } from '../../src/db/write-batch.ts';
import { eventWrite } from '../../src/modules/events/index.ts';
import { IDEMPOTENCY_WINDOW_MS, keyRecord, type IdempotencyKey } from '../../src/modules/idempotency/index.ts';
import { withdrawQueuedJobWrite } from '../../src/jobs/queue.ts';
import { openMigratedDatabase } from '../helpers/database.ts';

const clockAt = (iso: string): Clock => ({ now: () => new Date(iso) });
const NOW = clockAt('2026-11-28T12:00:00.000Z');
const key = (name: string): IdempotencyKey => ({ userId: 1, scope: 'POST /test/', key: name, requestHash: 'hash' });

function keyRow(name: string) {
  return { user_id: 1, scope: 'POST /test/', key: name, request_hash: 'hash', resource_id: '0', created_at: NOW.now().toISOString() };
}

async function storedKeys(db: Kysely<Database>): Promise<{ key: string; resource_id: string }[]> {
  return db.selectFrom('idempotency_keys').select(['key', 'resource_id']).orderBy('key').execute();
}

async function seedProject(db: Kysely<Database>): Promise<number> {
  const at = NOW.now().toISOString();
  const project = await db.insertInto('projects').values({ slug: 'batch', name: 'Batch', status: 'ready', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
  return Number(project.id);
}

function actionInsert(db: Kysely<Database>, projectId: number, serverId: string, id: number | null) {
  const values = {
    project_id: projectId,
    server_id: serverId,
    type: 'server.reboot',
    status: 'running' as const,
    params: '{}',
    phase: 'submit' as const,
    result: '{}',
    error: null,
    started_at: NOW.now().toISOString(),
    finished_at: null,
  };
  return db
    .insertInto('actions')
    .values(id === null ? values : { id, ...values })
    .returning('id');
}

/** On PostgreSQL the id is taken ahead from the sequence, as an action's start does; SQLite's insert answers it. */
async function idAhead(db: Kysely<Database>): Promise<number | null> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return null;
  const { rows } = await sql<{ id: number }>`select nextval('actions_id_seq') as id`.execute(db);
  return Number(rows[0]!.id);
}

test('every write of a batch is written, or none when one of them writes nothing', async (t) => {
  const { db } = await openMigratedDatabase(t);
  await writeAll(db, [keyRecord(db, NOW, key('a'), '1'), keyRecord(db, NOW, key('b'), '2')]);
  assert.deepEqual(await storedKeys(db), [
    { key: 'a', resource_id: '1' },
    { key: 'b', resource_id: '2' },
  ]);

  // A guard that finds nothing (a select that answers no row) undoes the write before it and stops the one after.
  const nothing = db.selectFrom('idempotency_keys').select('key').where('key', '=', 'no such key');
  await assert.rejects(writeAll(db, [keyRecord(db, NOW, key('c'), '3'), nothing, keyRecord(db, NOW, key('d'), '4')]), WroteNothing);
  assert.deepEqual((await storedKeys(db)).map((row) => row.key), ['a', 'b']);

  // A unique index's refusal undoes the batch as well, and counts as a lost race as a guard does.
  const error = await writeAll(db, [keyRecord(db, NOW, key('e'), '5'), db.insertInto('idempotency_keys').values({ ...keyRow('a'), resource_id: '9' }).returning('key')]).then(
    () => null,
    (caught: unknown) => caught,
  );
  assert.ok(isLostRace(error), `a duplicate key is a lost race: ${String(error)}`);
  assert.deepEqual((await storedKeys(db)).map((row) => row.key), ['a', 'b']);
});

test("a key's record: a live one refuses the batch (a concurrent request won), an expired one is replaced", async (t) => {
  const { db } = await openMigratedDatabase(t);
  await writeAll(db, [keyRecord(db, NOW, key('k'), '1')]);
  await assert.rejects(writeAll(db, [keyRecord(db, NOW, key('k'), '2')]), WroteNothing);
  assert.deepEqual(await storedKeys(db), [{ key: 'k', resource_id: '1' }]);

  const dayLater = clockAt(new Date(NOW.now().getTime() + IDEMPOTENCY_WINDOW_MS + 1000).toISOString());
  await writeAll(db, [keyRecord(db, dayLater, key('k'), '3')]);
  assert.deepEqual(await storedKeys(db), [{ key: 'k', resource_id: '3' }]);
});

test('a row inserted with the writes that carry its id: one id, in every row, and events numbered in order', async (t) => {
  const { db } = await openMigratedDatabase(t);
  const projectId = await seedProject(db);
  const event = (id: number) => eventWrite({ projectId, type: 'action.started', resource: { type: 'action', id }, data: { id }, now: NOW.now().toISOString() });
  const ids: number[] = [];
  for (const name of ['first', 'second']) {
    ids.push(await insertWithWrites(db, await idAhead(db), (id) => actionInsert(db, projectId, `server-${name}`, id), (id) => [keyRecord(db, NOW, key(name), String(id)), event(id)]));
  }
  const keys = await storedKeys(db);
  assert.deepEqual(keys, [
    { key: 'first', resource_id: String(ids[0]) },
    { key: 'second', resource_id: String(ids[1]) },
  ]);
  const events = await db.selectFrom('events').select(['id', 'resource_id']).where('project_id', '=', projectId).orderBy('id').execute();
  assert.deepEqual(
    events.map((row) => [Number(row.id), row.resource_id]),
    [
      [1, String(ids[0])],
      [2, String(ids[1])],
    ],
  );

  // A follower that writes nothing undoes the row too.
  const before = await db.selectFrom('actions').select('id').execute();
  await assert.rejects(insertWithWrites(db, await idAhead(db), (id) => actionInsert(db, projectId, 'server-third', id), () => [keyRecord(db, NOW, key('first'), 'again')]), WroteNothing);
  assert.equal((await db.selectFrom('actions').select('id').execute()).length, before.length);
});

test("a queued job's withdrawal may find nothing to withdraw (a worker took it) without undoing the batch; it goes with the batch when queued", async (t) => {
  const { db } = await openMigratedDatabase(t);
  const at = NOW.now().toISOString();
  const job = (status: 'queued' | 'running') =>
    db
      .insertInto('jobs')
      .values({ type: 'test.settle', payload: '{}', status, attempts: 0, max_attempts: 1, run_at: at, locked_by: null, locked_until: null, last_error: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.id));
  const [queued, taken] = [await job('queued'), await job('running')];
  await writeAll(db, [keyRecord(db, NOW, key('with-queued'), '1'), withdrawQueuedJobWrite(db, queued)]);
  await writeAll(db, [keyRecord(db, NOW, key('with-taken'), '2'), withdrawQueuedJobWrite(db, taken)]);
  assert.deepEqual((await storedKeys(db)).map((row) => row.key), ['with-queued', 'with-taken']);
  assert.deepEqual((await db.selectFrom('jobs').select(['id', 'status']).orderBy('id').execute()).map((row) => [Number(row.id), row.status]), [[taken, 'running']]);

  // Undone with the rest when another write of the batch writes nothing.
  const again = await job('queued');
  await assert.rejects(writeAll(db, [withdrawQueuedJobWrite(db, again), keyRecord(db, NOW, key('with-queued'), '3')]), WroteNothing);
  assert.ok(await db.selectFrom('jobs').select('id').where('id', '=', again).executeTakeFirst(), 'the job is still queued');
});
