// The libvirt backend's own bookkeeping for actions that change a server's
// machine (D19, D20): an operation is recorded with its inputs before the
// backend acts on the domain and marked once it has, so an operation a crash
// cut short is carried out when it is next asked after; and the addresses
// of each project's private network, one per server, unique per network.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema.alterTable('provisioning_operations').addColumn('parameters', types.json).execute();
  await db.schema.alterTable('provisioning_operations').addColumn('carried_out_at', types.timestamp).execute();
  // Every operation recorded before this was carried out before it was recorded.
  await db.updateTable('provisioning_operations').set({ carried_out_at: sql.ref('created_at') }).execute();
  await db.schema
    .createTable('provisioning_private_addresses')
    .addColumn('network', 'varchar(64)', (c) => c.notNull())
    .addColumn('host_number', 'integer', (c) => c.notNull())
    .addColumn('server_id', 'varchar(16)', (c) => c.notNull().unique())
    .addPrimaryKeyConstraint('provisioning_private_addresses_pkey', ['network', 'host_number'])
    .execute();
}
