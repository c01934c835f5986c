// A prepared query runs the SQL it was compiled to with each call's own
// values, keeps the values written into it, and works in a transaction, on
// the engine the suite runs on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { sql } from 'kysely';
import { fixedInSql, isOneOfIds, isOneOfSelected, preparedQuery, preparedRowsQuery } from '../../src/db/prepared.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let database: TestDatabase;
let handle: DatabaseHandle;

before(async () => {
  database = await createTestDatabase();
  handle = openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  await migrateToLatest(handle);
  const now = new Date().toISOString();
  await handle.db
    .insertInto('users')
    .values(['ada', 'grace', 'edsger'].map((name) => ({ email: `${name}@example.com`, first_name: name, last_name: 'Test', legacy_api_access: false, created_at: now })))
    .execute();
});

after(async () => {
  await handle.close();
  await database.drop();
});

const usersNamed = preparedQuery((db, name: string, domain: string) =>
  db.selectFrom('users').select(['first_name', 'email']).where('first_name', '=', name).where('email', 'like', domain).orderBy('id'),
);

test('each call binds its own arguments', async () => {
  assert.deepEqual(await usersNamed(handle.db, 'ada', '%@example.com'), [{ first_name: 'ada', email: 'ada@example.com' }]);
  assert.deepEqual(await usersNamed(handle.db, 'grace', '%@example.com'), [{ first_name: 'grace', email: 'grace@example.com' }]);
  assert.deepEqual(await usersNamed(handle.db, 'grace', '%@elsewhere.org'), []);
});

test('values written into the query stay as they were compiled', async () => {
  const namedExceptEdsger = preparedQuery((db, name: string) =>
    db.selectFrom('users').select('first_name').where('first_name', '=', name).where('first_name', '<>', 'edsger'),
  );
  assert.deepEqual(await namedExceptEdsger(handle.db, 'ada'), [{ first_name: 'ada' }]);
  assert.deepEqual(await namedExceptEdsger(handle.db, 'edsger'), []);
});

test('runs inside a transaction and sees its uncommitted writes', async () => {
  await handle.db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('users').values({ email: 'barbara@example.com', first_name: 'barbara', last_name: 'Test', legacy_api_access: false, created_at: new Date().toISOString() }).execute();
      assert.deepEqual(await usersNamed(trx, 'barbara', '%'), [{ first_name: 'barbara', email: 'barbara@example.com' }]);
      throw new Error('roll back');
    })
    .catch((error: Error) => assert.equal(error.message, 'roll back'));
  assert.deepEqual(await usersNamed(handle.db, 'barbara', '%'), []);
});

const userIds = preparedQuery((db) => db.selectFrom('users').select('id').orderBy('id'));

test('a list of ids is one parameter, of any length, empty included', async () => {
  const withIds = preparedQuery((db, idsJson: string) => db.selectFrom('users').select('first_name').where(isOneOfIds(db, 'id', idsJson)).orderBy('id'));
  const [ada, grace] = (await userIds(handle.db)).map((row) => row.id);
  assert.deepEqual(await withIds(handle.db, JSON.stringify([grace, ada])), [{ first_name: 'ada' }, { first_name: 'grace' }]);
  assert.deepEqual(await withIds(handle.db, JSON.stringify([])), []);
  const many = [...Array.from({ length: 70_000 }, (_, index) => 1_000_000 + index), grace];
  assert.deepEqual(await withIds(handle.db, JSON.stringify(many)), [{ first_name: 'grace' }]);
});

test('a column is one of what a subquery selects: several, one, none, and in the outer order', async () => {
  const named = preparedQuery((db, domain: string, limit: number) =>
    db
      .selectFrom('users')
      .select('first_name')
      .where(isOneOfSelected(db, 'users.id', db.selectFrom('users').select('id').where('email', 'like', domain).orderBy('first_name').limit(limit)))
      .orderBy('id', 'desc'),
  );
  assert.deepEqual(await named(handle.db, '%@example.com', 2), [{ first_name: 'edsger' }, { first_name: 'ada' }]);
  assert.deepEqual(await named(handle.db, 'grace@%', 5), [{ first_name: 'grace' }]);
  assert.deepEqual(await named(handle.db, '%@elsewhere.org', 5), []);
});

test('rows read as JSON are the rows the query reads: values, nulls, JSON text, order, none', async () => {
  const columns = ['id', 'first_name', 'nothing', 'document', 'created_at'] as const;
  const build = (db: Parameters<typeof userIds>[0], domain: string) =>
    db
      .selectFrom('users')
      .select(['id', 'first_name', sql<null>`null`.as('nothing'), sql<string>`'{"a":[1,2]}'`.as('document'), 'created_at'])
      .where('email', 'like', domain)
      .orderBy('first_name', 'desc');
  const asRows = preparedRowsQuery(columns, build, { timestamps: ['created_at'] });
  const plain = preparedQuery(build);
  const rows = await asRows(handle.db, '%@example.com');
  assert.deepEqual(rows, await plain(handle.db, '%@example.com'));
  assert.deepEqual(
    rows.map((row) => row.first_name),
    ['grace', 'edsger', 'ada'],
  );
  assert.equal(typeof rows[0]!.id, 'number');
  assert.equal(rows[0]!.document, '{"a":[1,2]}', 'a JSON text stays text');
  assert.deepEqual(await asRows(handle.db, '%@elsewhere.org'), []);
});

test('a limit is bound per call, and on SQLite written as an expression so the kept statement is not planned again for each value', async () => {
  const firstUsers = preparedQuery((db, count: number, skip: number) => db.selectFrom('users').select('first_name').orderBy('id').limit(count).offset(skip));
  const names = async (count: number, skip: number) => (await firstUsers(handle.db, count, skip)).map((row) => row.first_name);
  assert.deepEqual(await names(2, 0), ['ada', 'grace']);
  assert.deepEqual(await names(1, 1), ['grace']);
  assert.deepEqual(await names(0, 0), []);
  assert.deepEqual(await names(5, 2), ['edsger']);
  const compiled = handle.db.selectFrom('users').select('id').limit(3).compile().sql;
  if (handle.engine === 'sqlite') assert.match(compiled, /limit cast\(\? as integer\)$/);
  else assert.match(compiled, /limit \$1$/);
});

test('a fixed value is written into the SQL text, quoted, and bound nowhere', async () => {
  const query = handle.db.selectFrom('users').select('first_name').where('first_name', 'in', [fixedInSql('ada'), fixedInSql("o'brien")]);
  const compiled = query.compile();
  assert.match(compiled.sql, /in \('ada', 'o''brien'\)/);
  assert.deepEqual(compiled.parameters, []);
  assert.deepEqual(await query.execute(), [{ first_name: 'ada' }]);
});

test('on PostgreSQL a prepared query is parsed and planned once per connection, under a name of its own; a query built per call stays unnamed', async () => {
  const ownText = 'select "id" from "users" where "first_name" = $1';
  const named = await handle.db.transaction().execute(async (trx) => {
    // One transaction is one connection; it keeps what earlier tests ran on it too.
    assert.deepEqual(await usersNamed(trx, 'ada', '%@example.com'), [{ first_name: 'ada', email: 'ada@example.com' }]);
    assert.deepEqual(await usersNamed(trx, 'grace', '%@example.com'), [{ first_name: 'grace', email: 'grace@example.com' }]);
    assert.equal((await trx.selectFrom('users').select('id').where('first_name', '=', 'edsger').execute()).length, 1);
    if (handle.engine !== 'postgres') return null;
    const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements where not from_sql`.execute(trx);
    return rows;
  });
  // SQLite keeps every statement by its text (db/client.ts): there is nothing to name.
  if (handle.engine === 'sqlite') return assert.equal(named, null);
  const usersNamedText = named!.filter((row) => row.statement === 'select "first_name", "email" from "users" where "first_name" = $1 and "email" like $2 order by "id"');
  assert.equal(usersNamedText.length, 1, JSON.stringify(named));
  assert.match(usersNamedText[0]!.name, /^cloudplane_\d+$/);
  assert.ok(!named!.some((row) => row.statement === ownText), 'the query built per call was named');
});

test('the connections are set for short reads: a 4 MB page cache on SQLite, no JIT compiling on PostgreSQL', async () => {
  if (handle.engine === 'sqlite') {
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db);
    return assert.deepEqual(rows, [{ cache_size: -4000 }]);
  }
  const { rows } = await sql<{ jit: string }>`show jit`.execute(handle.db);
  assert.deepEqual(rows, [{ jit: 'off' }]);
});

test('a prepared query that reads every column (*) is refused when first run; count(*) is not every column', async () => {
  const everyColumn = preparedQuery((db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id));
  await assert.rejects(everyColumn(handle.db, 1), /names the columns it reads, never \*/);
  const everyColumnOfOne = preparedQuery((db, id: number) => db.selectFrom('users').selectAll('users').where('users.id', '=', id));
  await assert.rejects(everyColumnOfOne(handle.db, 1), /never \*/);
  const counted = preparedQuery((db) => db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('users')));
  assert.equal(Number((await counted(handle.db))[0]!.users), 3);
});
