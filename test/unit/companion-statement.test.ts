// A single-statement write and its commit companion as one PostgreSQL
// statement (db/companion-statement.ts): which writes are merged, how the
// companion's placeholders move past the write's, and how the answer is
// parted back into the two. Run against a real PostgreSQL by the audit tests
// (every change whose first write is a plain insert goes through it there).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { partRows, shiftPlaceholders, withCompanion } from '../../src/db/companion-statement.ts';

const ENTRY = { text: 'insert into "audit_log" ("project_id", "route") values ((select id from projects where slug = $1), $2) returning "id"', parameters: ['web', '/servers'] };

test('placeholders move by the offset; a $n inside quoted text or a quoted name is left as it is', () => {
  assert.equal(shiftPlaceholders('select $1, $2 where a = $10', 3), 'select $4, $5 where a = $13');
  assert.equal(shiftPlaceholders(`select '$1', 'it''s $2', "col$3", $1`, 2), `select '$1', 'it''s $2', "col$3", $3`);
});

test('a plain insert that returns its rows is merged with the companion, its parameters first', () => {
  const write = { text: 'insert into "jobs" ("type", "payload") values ($1, $2) returning "id"', parameters: ['settle', '{}'] };
  const together = withCompanion(write, ENTRY);
  assert.ok(together);
  assert.deepEqual(together.parameters, ['settle', '{}', 'web', '/servers']);
  assert.match(together.text, /^with "commit_companion" as \(insert into "audit_log" .* slug = \$3\), \$4\) returning "id"\), "written" as \(insert into "jobs" .* values \(\$1, \$2\) returning "id"\) select /);
});

test('any other write keeps its own transaction: no RETURNING, ON CONFLICT, a CTE, an update, an insert from a select', () => {
  const others = [
    'insert into "jobs" ("type") values ($1)',
    'insert into "keys" ("name") values ($1) on conflict ("name") do nothing returning "id"',
    'with "write_0" as (insert into "jobs" ("type") values ($1) returning "id") select 1',
    'update "servers" set "hostname" = $1 where "id" = $2 returning "id"',
    'insert into "jobs" ("type") select "type" from "templates" returning "id"',
    'delete from "jobs" where "id" = $1 returning "id"',
  ];
  for (const text of others) assert.equal(withCompanion({ text, parameters: [1] }, ENTRY), null, text);
});

test("the answer is parted into the write's rows and the companion's; a write that answered none still gives the companion's", () => {
  const rows = [
    { id: 7, commit_companion_rows: [{ id: 41 }], commit_companion_written: 2 },
    { id: 8, commit_companion_rows: [{ id: 41 }], commit_companion_written: 2 },
  ];
  assert.deepEqual(partRows(rows), { written: [{ id: 7 }, { id: 8 }], companion: [{ id: 41 }] });
  assert.deepEqual(partRows([{ id: null, commit_companion_rows: [{ id: 42 }], commit_companion_written: 0 }]), { written: [], companion: [{ id: 42 }] });
});
