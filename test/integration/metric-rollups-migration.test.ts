// Migration 0025 makes the metric samples' moments integer milliseconds (and,
// on PostgreSQL, partitions the table by day): samples stored by the version
// before must come through with their moments and counters, in day
// partitions made for them, and the first rollup must start from them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/client.ts';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import { createTestDatabase } from '../helpers/database.ts';

test('migration 0025 keeps every metric sample, its moment in milliseconds, over day partitions on PostgreSQL', async (t) => {
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  t.after(async () => {
    await handle.close();
    await database.drop();
  });
  await migrateTo(handle, '0024-retention-indexes');
  // Two days apart, so PostgreSQL needs a partition for each and the day between.
  const moments = ['2026-03-01T23:59:00.123Z', '2026-03-02T00:00:00.000Z', '2026-03-03T12:30:45.500Z'];
  const db = handle.db as any;
  await db
    .insertInto('server_metric_samples')
    .values(moments.map((at, index) => ({ server_id: 'aaaaaaaaaaaaaaaa', at, cpu_time_ns: 1_000_000_000_000 + index, network_rx_bytes: 2 ** 40, network_tx_bytes: index, disk_read_bytes: 7, disk_write_bytes: 8 })))
    .execute();

  await migrateToLatest(handle);
  const kept = await handle.db.selectFrom('server_metric_samples').selectAll().orderBy('at').execute();
  assert.deepEqual(
    kept.map((row) => ({ ...row, at: Number(row.at), cpu_time_ns: Number(row.cpu_time_ns), network_rx_bytes: Number(row.network_rx_bytes), network_tx_bytes: Number(row.network_tx_bytes), disk_read_bytes: Number(row.disk_read_bytes), disk_write_bytes: Number(row.disk_write_bytes) })),
    moments.map((at, index) => ({ server_id: 'aaaaaaaaaaaaaaaa', at: Date.parse(at), cpu_time_ns: 1_000_000_000_000 + index, network_rx_bytes: 2 ** 40, network_tx_bytes: index, disk_read_bytes: 7, disk_write_bytes: 8 })),
  );
  if (handle.engine === 'postgres') {
    const { rows } = await sql<{ name: string }>`select child.relname as name from pg_inherits join pg_class child on child.oid = inhrelid join pg_class parent on parent.oid = inhparent where parent.relname = 'server_metric_samples' order by 1`.execute(handle.db);
    assert.deepEqual(rows.map((row) => row.name), ['server_metric_samples_p20260301', 'server_metric_samples_p20260302', 'server_metric_samples_p20260303']);
  }
  // The rollup tables and their progress start empty.
  assert.equal((await handle.db.selectFrom('server_metric_rollups_5m').selectAll().execute()).length, 0);
  assert.equal((await handle.db.selectFrom('server_metric_rollup_progress').selectAll().execute()).length, 0);
});
