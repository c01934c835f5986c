// Migration 0025 makes the metric samples' moments integer milliseconds (and,
// on PostgreSQL, partitions the table by day): samples stored by the version
// before must come through with their moments and counters, in day
// partitions made for them, and the first rollup must start from them.
// Migration 0026 names the server by its id read as a 64-bit integer: every
// row keeps its counters under the key the service computes from the id.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/client.ts';
import { migrateTo } from '../../src/db/migrate.ts';
import { columnTypes } from '../../src/db/migrations/column-types.ts';
import * as metricServerKeys from '../../src/db/migrations/0026-metric-server-keys.ts';
import { TimePartitions } from '../../src/db/partitions.ts';
import { serverMetricKey } from '../../src/modules/servers/index.ts';
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

  await migrateTo(handle, '0025-metric-rollups');
  const kept = await (handle.db as any).selectFrom('server_metric_samples').selectAll().orderBy('at').execute();
  assert.deepEqual(
    kept.map((row: any) => ({ ...row, at: Number(row.at), cpu_time_ns: Number(row.cpu_time_ns), network_rx_bytes: Number(row.network_rx_bytes), network_tx_bytes: Number(row.network_tx_bytes), disk_read_bytes: Number(row.disk_read_bytes), disk_write_bytes: Number(row.disk_write_bytes) })),
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

test('migration 0026 keys every metric row by its server id read as a signed 64-bit integer, the key the service computes', async (t) => {
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  t.after(async () => {
    await handle.close();
    await database.drop();
  });
  await migrateTo(handle, '0025-metric-rollups');
  const db = handle.db as any;
  // The ends of the range: the top bit set (negative keys), all ones (-1), the largest positive, and an ordinary id.
  const ids = ['8000000000000000', 'ffffffffffffffff', '7fffffffffffffff', '0f1e2d3c4b5a6978'];
  const at = Date.parse('2026-03-01T12:00:00Z');
  if (handle.engine === 'postgres') {
    // Day partitions, as the version before made them for every table.
    const day = Date.parse('2026-03-01T00:00:00Z');
    for (const table of ['server_metric_samples', 'server_metric_rollups_5m', 'server_metric_rollups_1h']) {
      await sql`create table ${sql.table(`${table}_p20260301`)} partition of ${sql.table(table)} for values from (${sql.lit(day)}) to (${sql.lit(day + 86_400_000)})`.execute(handle.db);
    }
  }
  const counters = (index: number) => ({ cpu_time_ns: 2 ** 53 - index, network_rx_bytes: index, network_tx_bytes: 2, disk_read_bytes: 3, disk_write_bytes: 4 });
  await db.insertInto('server_metric_samples').values(ids.map((server_id, index) => ({ server_id, at, ...counters(index) }))).execute();
  for (const table of ['server_metric_rollups_5m', 'server_metric_rollups_1h']) {
    await db.insertInto(table).values(ids.map((server_id, index) => ({ server_id, at, elapsed_ms: 300_000, ...counters(index) }))).execute();
  }

  await migrateTo(handle, '0026-metric-server-keys');
  if (handle.engine === 'sqlite') {
    // A run killed after some tables were rebuilt runs again (SQLite's migrations are outside a transaction): it passes over what is done.
    await metricServerKeys.up(handle.db as any, columnTypes('sqlite'));
  }
  for (const table of ['server_metric_samples', 'server_metric_rollups_5m', 'server_metric_rollups_1h'] as const) {
    const rows = await handle.db
      .selectFrom(table)
      .select([sql<string>`cast(server_key as text)`.as('key'), 'at', 'cpu_time_ns', 'network_rx_bytes'])
      .orderBy('network_rx_bytes')
      .execute();
    assert.deepEqual(
      rows.map((row) => ({ key: row.key, at: Number(row.at), cpu: Number(row.cpu_time_ns), rx: Number(row.network_rx_bytes) })),
      ids.map((id, index) => ({ key: serverMetricKey(id), at, cpu: 2 ** 53 - index, rx: index })),
      table,
    );
  }
  assert.deepEqual(ids.map(serverMetricKey), ['-9223372036854775808', '-1', '9223372036854775807', '1089357896855742840']);
  if (handle.engine === 'postgres') {
    // The raw samples now by the hour (their rows in the hour's partition), the rollups still by the day.
    const { rows } = await sql<{ parent: string; name: string }>`select parent.relname as parent, child.relname as name from pg_inherits join pg_class child on child.oid = inhrelid join pg_class parent on parent.oid = inhparent where child.relkind = 'r' and parent.relname like 'server_metric_%' order by 1, 2`.execute(handle.db);
    assert.deepEqual(rows.map((row) => `${row.parent}: ${row.name}`), ['server_metric_rollups_1h: server_metric_rollups_1h_p20260301', 'server_metric_rollups_5m: server_metric_rollups_5m_p20260301', 'server_metric_samples: server_metric_samples_p2026030112']);
    // The service makes the next hour's partition and writes into it.
    await new TimePartitions(handle.db, handle.engine).ensure('server_metric_samples', [at + 3_600_000]);
    await handle.db.insertInto('server_metric_samples').values({ server_key: serverMetricKey(ids[0]!), at: at + 3_600_000, ...counters(9) }).execute();
  }
  // The key's index finds a server's rows: a second row at the same moment is refused.
  await assert.rejects(handle.db.insertInto('server_metric_samples').values({ server_key: serverMetricKey(ids[0]!), at, ...counters(9) }).execute());
});
