// Drift between a hypervisor host and cloudplane's rows (D26): one row per
// registered host, kept by its recurring check job. `observations` is every
// difference the last check saw, each with the time it was first seen, so a
// difference that must last a while before it is reported (a power state)
// keeps its age from one check to the next. A host's row goes with the host.
// The libvirt backend's operations under way get an index for the check.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('host_drift')
    .addColumn('host_id', types.reference, (c) => c.primaryKey().references('hosts.id').onDelete('cascade'))
    // The host's check job, so that a worker starting finds a host whose job is gone and makes another.
    .addColumn('job_id', types.reference)
    .addColumn('observations', types.json, (c) => c.notNull())
    // The last check that reached the host; null before the first.
    .addColumn('checked_at', types.timestamp)
    // Why the last attempt could not reach the host; null when it did.
    .addColumn('check_error', 'text')
    // An operator asked for a check at this time: the job runs again at once if its round began before.
    .addColumn('check_requested_at', types.timestamp)
    .execute();
  // Each check asks which of a host's servers the libvirt backend is in the middle of changing (an operation not yet
  // carried out, such as a reinstall between removing the domain and defining it again): few rows, read by server.
  await db.schema
    .createIndex('provisioning_operations_under_way')
    .on('provisioning_operations')
    .column('server_id')
    .where(sql.ref('carried_out_at'), 'is', null)
    .execute();
}
