// The legacy API's two needs: a user's default project (where legacy deploys
// and keys go, D13), and the billing service a server order reserves when it
// is placed, so the order can name its server by service id before delivery.
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('default_project_id', types.reference, (c) => c.references('projects.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('orders').addColumn('billing_service_id', 'integer').execute();
  await db.schema.createIndex('billing_services_user').on('billing_services').columns(['user_id', 'id']).execute();
}
