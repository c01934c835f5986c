// Migration 0022 lets an audit entry be written before its answer's status is
// known (it commits with its change, D26): PostgreSQL drops the column's NOT
// NULL, SQLite makes the table again and copies its rows. An entry written by
// the version before must come through whole, and the table must then take an
// entry without a status.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openDatabase } from '../../src/db/client.ts';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import { createTestDatabase } from '../helpers/database.ts';

test('migration 0022 keeps every audit entry and lets one be written without a status', async (t) => {
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  t.after(async () => {
    await handle.close();
    await database.drop();
  });
  await migrateTo(handle, '0021-server-consoles');
  const before = {
    created_at: '2026-01-01T00:00:00.000Z',
    project_id: null,
    interface: 'operator',
    actor_type: 'operator',
    user_id: null,
    api_key_id: null,
    api_key_name: null,
    session_ref: null,
    client_ip: '192.0.2.1',
    method: 'POST',
    route: '/admin/v1/users',
    operation: null,
    resource_type: 'user',
    resource_id: '7',
    status_code: 201,
    problem_code: null,
    request_id: 'req-1',
    details: JSON.stringify({ console_session_id: 3 }),
  } as const;
  await handle.db.insertInto('audit_log').values(before).execute();

  await migrateToLatest(handle);
  const [kept] = await handle.db.selectFrom('audit_log').selectAll().execute();
  assert.ok(kept);
  const { id, details, ...columns } = kept;
  assert.deepEqual({ ...columns, details: typeof details === 'string' ? JSON.parse(details) : details }, { ...before, details: { console_session_id: 3 } });
  assert.equal(Number(id), 1);

  await handle.db.insertInto('audit_log').values({ ...before, status_code: null, request_id: 'req-2' }).execute();
  const unanswered = await handle.db.selectFrom('audit_log').select(['request_id', 'status_code']).where('status_code', 'is', null).execute();
  assert.deepEqual(unanswered, [{ request_id: 'req-2', status_code: null }]);
});
