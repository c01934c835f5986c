// Servers as the provisioning system knows them (D19): each creation is an
// operation keyed by the server id, with the whole server in it, so the
// built-in simulator and the libvirt backend can say where a creation is and
// a deletion can be asked again.
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('provisioning_servers')
    .addColumn('server_id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('definition', types.json, (c) => c.notNull())
    .addColumn('completes_at', types.timestamp, (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
}
