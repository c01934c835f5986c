// Real guests (D23). An operation that waits on the guest (a soft reboot, a
// shutdown, a snapshot copied while the machine runs) notes how far it got in
// `progress`, so a process that restarts carries on from libvirt's answer
// and its note, never acting twice. Snapshots are files of their own: each
// is recorded (its host, its volume, the boot files of the image it was taken
// of) before libvirt is asked to make it, so a snapshot outlives its server's
// disk and a file is never left without its record.
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema.alterTable('provisioning_operations').addColumn('progress', types.json).execute();
  await db.schema
    .createTable('provisioning_snapshots')
    .addColumn('snapshot_id', 'integer', (c) => c.primaryKey())
    .addColumn('server_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('volume', 'text', (c) => c.notNull())
    .addColumn('boot', types.json)
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
}
