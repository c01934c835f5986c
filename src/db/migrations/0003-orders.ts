// Orders, the built-in billing system's invoices, the order rate limit, and
// the one cancellation request a server keeps.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await types
    .serialId(db.schema.createTable('invoices'))
    .addColumn('user_id', types.reference, (c) => c.notNull())
    // The order that asked for it: a repeated or re-checked placement finds the same invoice.
    .addColumn('order_ref', 'varchar(64)', (c) => c.unique())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('total', types.money, (c) => c.notNull())
    .addColumn('credit_applied', types.money, (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('settled_at', types.timestamp)
    .execute();

  await types
    .serialId(db.schema.createTable('invoice_items'))
    .addColumn('invoice_id', types.reference, (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('amount', types.money, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_items_invoice').on('invoice_items').column('invoice_id').execute();

  await types
    .serialId(db.schema.createTable('orders'))
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id'))
    .addColumn('billed_user_id', types.reference, (c) => c.notNull())
    .addColumn('type', 'varchar(12)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('server_id', 'varchar(16)')
    .addColumn('request', types.json, (c) => c.notNull())
    // What delivery needs once the invoice is paid (never shown).
    .addColumn('delivery', types.json, (c) => c.notNull())
    .addColumn('total', types.money, (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('invoice_id', types.reference)
    .addColumn('invoice', types.json)
    .addColumn('warnings', types.json, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_project').on('orders').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('orders_invoice').on('orders').column('invoice_id').execute();

  // One row per counted order request: the limit is shared by every process.
  await types
    .serialId(db.schema.createTable('rate_limit_hits'))
    .addColumn('key_id', types.reference, (c) => c.notNull())
    .addColumn('bucket', 'varchar(20)', (c) => c.notNull())
    .addColumn('at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hits_key').on('rate_limit_hits').columns(['key_id', 'bucket', 'at']).execute();

  // {when, reason, requested_at} of the server's one cancellation request.
  await db.schema.alterTable('servers').addColumn('cancellation', sql.raw(types.json)).execute();
}
