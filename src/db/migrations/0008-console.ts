// The console: sessions (rows, so every process sees them and signing out
// ends them everywhere), failed sign-ins (the throttle counts them), payments
// made in the console, the built-in test gateway's charges, and when an API key
// was last used. Credit ledger rows get an optional reference so a top-up paid
// by card is credited once however often its delivery is retried.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('last_used_at', types.timestamp).execute();

  await db.schema
    .createTable('console_sessions')
    // Only a hash of the session id is stored: a copy of the table signs nobody in.
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', types.reference, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('data', types.json, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_sessions_expiry').on('console_sessions').column('expires_at').execute();

  await types
    .serialId(db.schema.createTable('sign_in_failures'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('client_address', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_email').on('sign_in_failures').columns(['email', 'at']).execute();
  await db.schema.createIndex('sign_in_failures_address').on('sign_in_failures').columns(['client_address', 'at']).execute();

  await types
    .serialId(db.schema.createTable('payments'))
    .addColumn('user_id', types.reference, (c) => c.notNull().references('users.id'))
    // Rendered with the payment form: the same form submitted twice is one payment.
    .addColumn('form_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(12)', (c) => c.notNull())
    .addColumn('invoice_id', types.reference)
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', types.money, (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    // Never the card number: its brand and last four digits only.
    .addColumn('card_brand', 'varchar(20)')
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('charge_ref', 'varchar(64)')
    // Why it did not go through: declined, processing_error, unavailable, insufficient_credit.
    .addColumn('problem', 'varchar(24)')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_form').unique().on('payments').columns(['user_id', 'form_token']).execute();
  // Two tabs hold two forms: one invoice still has at most one payment under way or made.
  await db.schema
    .createIndex('payments_invoice_once')
    .unique()
    .on('payments')
    .column('invoice_id')
    .where(sql.ref('status'), 'in', ['pending', 'succeeded'])
    .execute();
  await db.schema.createIndex('payments_user').on('payments').columns(['user_id', 'id']).execute();

  await types
    .serialId(db.schema.createTable('gateway_charges'))
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('amount', types.money, (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('card_brand', 'varchar(20)', (c) => c.notNull())
    .addColumn('card_last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('decline_reason', 'varchar(100)')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();

  await db.schema.alterTable('credit_ledger').addColumn('reference', 'varchar(100)').execute();
  await db.schema.createIndex('credit_ledger_reference').unique().on('credit_ledger').column('reference').execute();
}
