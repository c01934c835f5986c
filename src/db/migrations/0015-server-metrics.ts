// Server metrics: the cumulative counters the provisioning system reports
// for each running server (CPU time, network and disk bytes), sampled by a
// recurring job and kept for 7 days; the API turns consecutive samples into
// rates. One row per server and moment, read by server and time range; the
// index on `at` alone serves pruning. No foreign key to servers: a sample
// taken as its server is deleted must not fail the batch it is in, and a
// deleted server's samples go with the pruning.
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('server_metric_samples')
    .addColumn('server_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', types.timestamp, (c) => c.notNull())
    .addColumn('cpu_time_ns', 'bigint', (c) => c.notNull())
    .addColumn('network_rx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('network_tx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('disk_read_bytes', 'bigint', (c) => c.notNull())
    .addColumn('disk_write_bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('server_metric_samples_pk', ['server_id', 'at'])
    .execute();
  await db.schema.createIndex('server_metric_samples_at').on('server_metric_samples').column('at').execute();
}
