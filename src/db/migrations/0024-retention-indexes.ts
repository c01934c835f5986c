// Every log that grows has a retention (D25), pruned by age in batches
// (db/pruning.ts). Each batch picks the oldest rows by their time, which
// needs an index on it: the audit log, events, webhook deliveries and
// console sign-in sessions have one; idempotency records and server console
// sessions get theirs here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
  await db.schema.createIndex('server_console_sessions_created_at').on('server_console_sessions').column('created_at').execute();
}
