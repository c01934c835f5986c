// Billing reserves a server order's service when it creates the order's
// invoice, in its own transaction, instead of cloudplane opening the service
// in the order's transaction. `order_ref` names the order the reservation
// belongs to, so placing the same order again finds the same service.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('billing_services').addColumn('order_ref', 'text').execute();
  await db.schema.createIndex('billing_services_order_ref').unique().on('billing_services').column('order_ref').execute();
}
