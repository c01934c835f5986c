// Events, webhooks and the audit log (issue 31).
//
// - events: every state change of a project's resources, written in the same
//   transaction as the change. Ids increase per project and are handed out by
//   project_event_sequences: taking the next id locks the project's row until
//   commit, so a project's events commit in the order of their ids and a
//   reader resuming "after N" can never miss one that committed late.
// - webhooks and their deliveries: a delivery is made for each event a
//   webhook wants (dispatch moves the webhook's cursor, last_event_id), and is
//   sent by a durable job; every attempt is kept.
// - audit_log: who changed what, through which interface. Never a secret, a
//   token or a request body.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('project_event_sequences')
    .addColumn('project_id', types.reference, (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('last_id', types.reference, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('events')
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('id', types.reference, (c) => c.notNull())
    .addColumn('type', 'varchar(60)', (c) => c.notNull())
    .addColumn('resource_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('resource_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data', types.json, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('events_pkey', ['project_id', 'id'])
    .execute();
  // The pruning job deletes by age.
  await db.schema.createIndex('events_created_at').on('events').column('created_at').execute();

  // The firewall generation a server's firewall.applied event has been recorded for: the event is recorded once the
  // controller has reached the generation, also when the job that reached it died before recording it (it is asked again).
  await db.schema.alterTable('servers').addColumn('firewall_announced_generation', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await types
    .serialId(db.schema.createTable('webhooks'))
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    // A JSON array of event types; empty means every type.
    .addColumn('event_types', types.json, (c) => c.notNull())
    // The signing secret (`whsec_` and base64) must be read to sign, so it cannot be stored hashed; it is shown once.
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    // After a rotation, the old secret still signs (beside the new one) until previous_secret_expires_at.
    .addColumn('previous_secret', 'varchar(100)')
    .addColumn('previous_secret_expires_at', types.timestamp)
    .addColumn('enabled', types.boolean, (c) => c.notNull())
    .addColumn('disabled_reason', 'varchar(255)')
    // Since when every attempt has failed; null after a success. A day of it disables the webhook.
    .addColumn('failing_since', types.timestamp)
    // Dispatch cursor: the last of the project's event ids turned into deliveries (or skipped).
    .addColumn('last_event_id', types.reference, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_project').on('webhooks').column('project_id').execute();

  await types
    .serialId(db.schema.createTable('webhook_deliveries'))
    .addColumn('webhook_id', types.reference, (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('project_id', types.reference, (c) => c.notNull())
    .addColumn('event_id', types.reference, (c) => c.notNull())
    .addColumn('event_type', 'varchar(60)', (c) => c.notNull())
    // The `webhook-id` header: the same on every attempt, so receivers can drop repeats.
    .addColumn('message_id', 'varchar(64)', (c) => c.notNull())
    // The exact body sent (signed as is), so a retry sends the same bytes.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', types.timestamp)
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  // One delivery per webhook and event, however often dispatch runs (redelivery makes an attempt, not a delivery).
  await db.schema.createIndex('webhook_deliveries_event').unique().on('webhook_deliveries').columns(['webhook_id', 'event_id']).execute();
  await db.schema.createIndex('webhook_deliveries_created_at').on('webhook_deliveries').column('created_at').execute();

  await types
    .serialId(db.schema.createTable('webhook_attempts'))
    .addColumn('delivery_id', types.reference, (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', types.timestamp, (c) => c.notNull())
    // The receiver's status; null when no answer came (refused, timed out, blocked address).
    .addColumn('response_status', 'integer')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    // The first bytes of the answer, or what went wrong.
    .addColumn('response_excerpt', 'varchar(1000)', (c) => c.notNull())
    .addColumn('error', 'varchar(255)')
    .addColumn('succeeded', types.boolean, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').column('delivery_id').execute();

  await types
    .serialId(db.schema.createTable('audit_log'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    // Null for changes outside any project (sign-ins, the operator's users and catalogue).
    .addColumn('project_id', types.reference, (c) => c.references('projects.id').onDelete('set null'))
    // project | legacy | console | operator
    .addColumn('interface', 'varchar(20)', (c) => c.notNull())
    // api_key | user (console) | operator | anonymous (a failed sign-in)
    .addColumn('actor_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', types.reference)
    .addColumn('api_key_id', types.reference)
    .addColumn('api_key_name', 'varchar(255)')
    // A console session named by a digest of its (already hashed) id, never the id itself.
    .addColumn('session_ref', 'varchar(32)')
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    // The route's pattern, e.g. /api/v1/projects/:slug/servers/:id/actions/:action/
    .addColumn('route', 'varchar(255)', (c) => c.notNull())
    // What happened in words for entries that are not plain requests (sign_in, sign_in_failed, api_key.created), else null.
    .addColumn('operation', 'varchar(60)')
    .addColumn('resource_type', 'varchar(30)')
    .addColumn('resource_id', 'varchar(64)')
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('problem_code', 'varchar(60)')
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_project').on('audit_log').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('audit_log_created_at').on('audit_log').column('created_at').execute();
}
