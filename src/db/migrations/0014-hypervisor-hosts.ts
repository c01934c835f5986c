// Hypervisor hosts (D19): the machines of a location the operator registers
// (libvirt URI, capacity, state), and the host each server was placed on.
// A server placed while its location had no host registered has none: it
// runs on the provisioning backend's default host.
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await types
    .serialId(db.schema.createTable('hosts'))
    .addColumn('name', 'varchar(63)', (c) => c.notNull().unique())
    .addColumn('location', 'varchar(32)', (c) => c.notNull())
    // One machine, one registration: its capacity would otherwise count twice.
    .addColumn('uri', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('cpu_cores', 'integer', (c) => c.notNull())
    .addColumn('ram_mb', 'integer', (c) => c.notNull())
    .addColumn('disk_gb', 'integer', (c) => c.notNull())
    // `active` takes new servers; `draining` keeps the ones it has and takes no more.
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hosts_location').on('hosts').columns(['location', 'state']).execute();

  // No cascade: a host with servers on it cannot be removed.
  await db.schema.alterTable('servers').addColumn('host_id', types.reference, (c) => c.references('hosts.id')).execute();
  // A host's use is summed over its servers, and a host is removed only when none is left on it.
  await db.schema.createIndex('servers_host').on('servers').column('host_id').execute();
}
