// Rows of the embedded engine: SQLite hands them over as arrays and the
// client makes each an object for its statement's columns (db/client.ts).
// They must be exactly the objects better-sqlite3 itself would have made.
// Runs on SQLite whatever engine the suite uses: it tests the embedded client.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/client.ts';

test('rows are the objects better-sqlite3 makes: names, values, repeated names, odd names, no rows, writes that return rows', async (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-rows-'));
  const handle = openDatabase({ databaseUrl: undefined, dataDir });
  t.after(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await sql`create table things (id integer primary key, name text, size real, data blob)`.execute(handle.db);
  await sql`insert into things (name, size, data) values ('a', 1.5, x'00ff'), (null, null, null)`.execute(handle.db);

  const queries = [
    'select * from things order by id',
    'select id, size as "constructor", name as "a b", id as "id" from things order by id',
    'select t1.id, t2.id from things t1 join things t2 on t2.id = t1.id order by t1.id',
    'select * from things where id = -1',
  ];
  const reference = new SqliteDatabase(path.join(dataDir, 'cloudplane.db'), { readonly: true });
  t.after(() => reference.close());
  for (const query of queries) {
    const { rows } = await sql.raw(query).execute(handle.db);
    const expected = reference.prepare(query).all();
    assert.deepEqual(rows, expected, query);
    for (const row of rows as object[]) assert.equal(Object.getPrototypeOf(row), Object.prototype, `${query}: a plain object`);
  }
  // better-sqlite3 would set such a row's prototype (to null when the value is null); here it is an own property.
  const named = (await sql.raw('select id, name as "__proto__" from things order by id').execute(handle.db)).rows as Record<string, unknown>[];
  for (const row of named) {
    assert.deepEqual(Object.keys(row), ['id', '__proto__'], 'a column named __proto__ is an own property');
    assert.equal(Object.getPrototypeOf(row), Object.prototype);
  }
  assert.deepEqual(named.map((row) => row['__proto__']), ['a', null]);

  const inserted = await sql`insert into things (name) values ('c') returning id, name`.execute(handle.db);
  assert.deepEqual(inserted.rows, [{ id: 3, name: 'c' }]);
});
