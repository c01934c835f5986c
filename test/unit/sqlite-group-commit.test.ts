// The SQLite driver's group commit: transactions queued behind one another
// share one COMMIT, yet nothing is answered before it is on disk (visible to
// another connection), a rollback leaves the rest of its group whole, and a
// transaction alone commits at once. Runs on SQLite whatever engine the suite
// uses: it tests the embedded engine's driver itself.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import { preparedQuery } from '../../src/db/prepared.ts';
import { QueuedSqliteDialect, readAtOnce, type StatementSource } from '../../src/db/sqlite-dialect.ts';

interface Item {
  id: number;
  name: string;
}

interface Opened {
  db: Kysely<{ items: Item }>;
  /** A second connection to the same file: sees only what is committed. */
  other: SqliteDatabase.Database;
  commits: () => number;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

function open(): Opened {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-group-commit-'));
  const file = path.join(directory, 'test.db');
  const native = new SqliteDatabase(file);
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = FULL');
  native.exec('create table items (id integer primary key, name text not null unique)');
  let commits = 0;
  const source: StatementSource = {
    file,
    get inTransaction() {
      return native.inTransaction;
    },
    prepare(sql) {
      const statement = native.prepare(sql);
      if (sql === 'commit') commits += 1;
      return {
        reader: statement.reader,
        readonly: statement.readonly,
        all: (params: unknown[]) => statement.all(...params),
        run: (params: unknown[]) => statement.run(...params),
      };
    },
    close: () => native.close(),
  };
  const dialect = new QueuedSqliteDialect(source);
  const db = new Kysely<{ items: Item }>({ dialect });
  dialect.readsAtOnceFor(db);
  const other = new SqliteDatabase(file, { readonly: true });
  cleanups.push(async () => {
    other.close();
    await db.destroy();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  return { db, other, commits: () => commits };
}

const committedNames = (other: SqliteDatabase.Database) =>
  (other.prepare('select name from items order by id').all() as { name: string }[]).map((row) => row.name);

test('transactions queued behind one another share commits, and every one is on disk when it resolves', async () => {
  const { db, other, commits } = open();
  const count = 200;
  await Promise.all(
    Array.from({ length: count }, (_, index) =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('items').values({ id: index + 1, name: `item-${index}` }).execute();
          await trx.selectFrom('items').select('id').where('id', '=', index + 1).executeTakeFirstOrThrow();
        })
        .then(() => assert.ok(committedNames(other).includes(`item-${index}`), `item-${index} is committed when its transaction resolves`)),
    ),
  );
  assert.equal(committedNames(other).length, count);
  assert.ok(commits() < count / 4, `${count} transactions took ${commits()} commits`);
});

test('a transaction that rolls back leaves the others of its group whole', async () => {
  const { db, other } = open();
  const outcomes = await Promise.allSettled(
    Array.from({ length: 30 }, (_, index) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: index + 1, name: `item-${index}` }).execute();
        if (index % 3 === 0) throw new Error(`refused ${index}`);
      }),
    ),
  );
  assert.equal(outcomes.filter((outcome) => outcome.status === 'rejected').length, 10);
  const expected = Array.from({ length: 30 }, (_, index) => index).filter((index) => index % 3 !== 0).map((index) => `item-${index}`);
  assert.deepEqual(committedNames(other), expected);
});

test('a statement that fails inside a group fails alone', async () => {
  const { db, other } = open();
  const outcomes = await Promise.allSettled([
    db.insertInto('items').values({ id: 1, name: 'first' }).execute(),
    db.insertInto('items').values({ id: 2, name: 'first' }).execute(), // the name is taken
    db.transaction().execute((trx) => trx.insertInto('items').values({ id: 3, name: 'third' }).execute()),
  ]);
  assert.deepEqual(outcomes.map((outcome) => outcome.status), ['fulfilled', 'rejected', 'fulfilled']);
  assert.deepEqual(committedNames(other), ['first', 'third']);
});

test('a read that may have seen uncommitted writes is answered only after they are on disk', async () => {
  const { db, other } = open();
  const write = db.transaction().execute((trx) => trx.insertInto('items').values({ id: 1, name: 'written' }).execute());
  const read = db
    .selectFrom('items')
    .select('name')
    .execute()
    .then((rows) => ({ rows, committedWhenAnswered: committedNames(other) }));
  // Queued behind the read, so the group stays open past the read's own turn.
  const later = db.transaction().execute((trx) => trx.insertInto('items').values({ id: 2, name: 'later' }).execute());
  await Promise.all([write, later]);
  const { rows, committedWhenAnswered } = await read;
  assert.deepEqual(rows, [{ name: 'written' }]);
  assert.ok(committedWhenAnswered.includes('written'), 'the write the read saw was on disk when the read was answered');
});

const NAMES = 'select name from items order by id';

test('a read at once runs only when its turn would read the same: not while a turn holds the connection, a group is open, nor for a write', async () => {
  const { db, other } = open();
  assert.deepEqual(readAtOnce(db, NAMES, []), []);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('items').values({ id: 1, name: 'inside' }).execute();
    assert.equal(readAtOnce(db, NAMES, []), undefined, 'the transaction holds the connection and its group is open');
    assert.equal(readAtOnce(trx, NAMES, []), undefined, 'a transaction reads through its own turn');
  });
  assert.deepEqual(readAtOnce(db, NAMES, []), [{ name: 'inside' }]);
  assert.equal(readAtOnce(db, "insert into items (id, name) values (2, 'written at once')", []), undefined);
  assert.deepEqual(committedNames(other), ['inside'], 'a write is never run at once');
});

test('a prepared read asked for while a group holds uncommitted writes is answered only after they are on disk', async () => {
  const { db, other } = open();
  const readNames = preparedQuery((kysely) => (kysely as unknown as typeof db).selectFrom('items').select('name').orderBy('id') as never);
  let read: Promise<{ rows: unknown[]; committedWhenAnswered: string[] }> | undefined;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('items').values({ id: 1, name: 'written' }).execute();
    // Asked for from outside the transaction while it holds the connection with its write not yet committed.
    read = readNames(db as never).then((rows) => ({ rows, committedWhenAnswered: committedNames(other) }));
  });
  const { rows, committedWhenAnswered } = await read!;
  assert.deepEqual(rows, [{ name: 'written' }]);
  assert.ok(committedWhenAnswered.includes('written'), 'the write the read saw was on disk when the read was answered');
  await db.insertInto('items').values({ id: 2, name: 'later' }).execute();
  assert.deepEqual(await readNames(db as never), [{ name: 'written' }, { name: 'later' }], 'once the connection is free again, the read sees the later write too');
});

test('a transaction alone commits at once', async () => {
  const { db, other, commits } = open();
  for (let index = 0; index < 5; index += 1) {
    await db.transaction().execute((trx) => trx.insertInto('items').values({ id: index + 1, name: `item-${index}` }).execute());
    assert.equal(committedNames(other).length, index + 1);
  }
  assert.equal(commits(), 5);
});
