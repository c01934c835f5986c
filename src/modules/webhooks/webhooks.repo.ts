// Every query on webhooks, their deliveries and the attempts of each.
import { PostgresAdapter, sql, type Kysely, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { deleteInBatches } from '../../db/pruning.ts';
import { readBool, readJson, writeJson } from '../../db/columns.ts';
import type { Database, WebhookDeliveriesTable } from '../../db/schema.ts';

export interface WebhookRow {
  id: number;
  project_id: number;
  url: string;
  description: string;
  event_types: string[];
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  last_event_id: number;
  created_at: string;
  updated_at: string;
}

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface AttemptRow {
  delivery_id: number;
  attempted_at: string;
  response_status: number | null;
  latency_ms: number;
  response_excerpt: string;
  error: string | null;
  succeeded: boolean;
}

type StoredWebhook = Omit<WebhookRow, 'event_types' | 'enabled'> & { event_types: unknown; enabled: boolean | number };

function toWebhookRow(row: StoredWebhook): WebhookRow {
  return { ...row, id: Number(row.id), project_id: Number(row.project_id), last_event_id: Number(row.last_event_id), event_types: readJson<string[]>(row.event_types), enabled: readBool(row.enabled) };
}

function toDeliveryRow(row: DeliveryRow): DeliveryRow {
  return { ...row, id: Number(row.id), webhook_id: Number(row.webhook_id), project_id: Number(row.project_id), event_id: Number(row.event_id) };
}

/** Locks the rows read until the transaction ends, on PostgreSQL; SQLite's write transactions already run one at a time. */
function lockedOnPostgres<DB, TB extends keyof DB, O>(db: Kysely<Database>, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
}

// Webhooks ---------------------------------------------------------------

export async function countProjectWebhooks(db: Kysely<Database>, projectId: number): Promise<number> {
  const row = await db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('count')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Oldest first. */
export async function listProjectWebhooks(db: Kysely<Database>, projectId: number, page: { limit: number; offset: number }): Promise<WebhookRow[]> {
  const rows = await db.selectFrom('webhooks').selectAll().where('project_id', '=', projectId).orderBy('id').limit(page.limit).offset(page.offset).execute();
  return rows.map(toWebhookRow);
}

export async function findProjectWebhook(db: Kysely<Database>, projectId: number, id: number): Promise<WebhookRow | undefined> {
  const row = await db.selectFrom('webhooks').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
  return row && toWebhookRow(row);
}

/**
 * The webhook, locked for the rest of `trx` on PostgreSQL. Everything that
 * changes a webhook's deliveries or health takes this lock first (dispatch,
 * recording an attempt, redelivery), so two workers never interleave on one
 * webhook, and the lock order (webhook, then delivery) is always the same.
 */
export async function lockWebhook(trx: Kysely<Database>, id: number): Promise<WebhookRow | undefined> {
  const row = await lockedOnPostgres(trx, trx.selectFrom('webhooks').selectAll().where('id', '=', id)).executeTakeFirst();
  return row && toWebhookRow(row);
}

export async function insertWebhook(
  db: Kysely<Database>,
  values: { projectId: number; url: string; description: string; eventTypes: string[]; secret: string; lastEventId: number; now: string },
): Promise<WebhookRow> {
  const row = await db
    .insertInto('webhooks')
    .values({
      project_id: values.projectId,
      url: values.url,
      description: values.description,
      event_types: writeJson(values.eventTypes),
      secret: values.secret,
      previous_secret: null,
      previous_secret_expires_at: null,
      enabled: true,
      disabled_reason: null,
      failing_since: null,
      last_event_id: values.lastEventId,
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWebhookRow(row);
}

export interface WebhookChanges {
  url?: string;
  description?: string;
  eventTypes?: string[];
  enabled?: boolean;
  disabledReason?: string | null;
  failingSince?: string | null;
  lastEventId?: number;
  secret?: string;
  previousSecret?: string | null;
  previousSecretExpiresAt?: string | null;
}

export async function updateWebhook(db: Kysely<Database>, id: number, changes: WebhookChanges, now: string): Promise<WebhookRow | undefined> {
  const row = await db
    .updateTable('webhooks')
    .set({
      ...(changes.url !== undefined && { url: changes.url }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.eventTypes !== undefined && { event_types: writeJson(changes.eventTypes) }),
      ...(changes.enabled !== undefined && { enabled: changes.enabled }),
      ...(changes.disabledReason !== undefined && { disabled_reason: changes.disabledReason }),
      ...(changes.failingSince !== undefined && { failing_since: changes.failingSince }),
      ...(changes.lastEventId !== undefined && { last_event_id: changes.lastEventId }),
      ...(changes.secret !== undefined && { secret: changes.secret }),
      ...(changes.previousSecret !== undefined && { previous_secret: changes.previousSecret }),
      ...(changes.previousSecretExpiresAt !== undefined && { previous_secret_expires_at: changes.previousSecretExpiresAt }),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toWebhookRow(row);
}

/** Dispatch moved past `through`: not a change anyone made, so updated_at stays. */
export async function moveWebhookCursor(trx: Kysely<Database>, id: number, through: number): Promise<void> {
  await trx.updateTable('webhooks').set({ last_event_id: through }).where('id', '=', id).execute();
}

/** Since when every attempt has failed (null after a success): the service's bookkeeping, so updated_at stays. */
export async function setWebhookFailingSince(trx: Kysely<Database>, id: number, failingSince: string | null): Promise<void> {
  await trx.updateTable('webhooks').set({ failing_since: failingSince }).where('id', '=', id).execute();
}

export async function deleteProjectWebhook(db: Kysely<Database>, projectId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Dispatch ---------------------------------------------------------------

export interface WebhookBehind {
  id: number;
  projectId: number;
  slug: string;
  lastEventId: number;
}

/** Enabled webhooks whose cursor is behind their project's last event id: what dispatch has to do. */
/** Enabled webhooks behind their project's last event, of these projects or (`projectIds` left out) of every project. */
export async function listWebhooksBehind(db: Kysely<Database>, limit: number, projectIds?: readonly number[]): Promise<WebhookBehind[]> {
  let query = db
    .selectFrom('webhooks')
    .innerJoin('project_event_sequences', 'project_event_sequences.project_id', 'webhooks.project_id')
    .innerJoin('projects', 'projects.id', 'webhooks.project_id')
    .select(['webhooks.id', 'webhooks.project_id', 'projects.slug', 'webhooks.last_event_id'])
    .where('webhooks.enabled', '=', true)
    .whereRef('webhooks.last_event_id', '<', 'project_event_sequences.last_id');
  if (projectIds) query = query.where('webhooks.project_id', 'in', projectIds);
  const rows = await query.orderBy('webhooks.id').limit(limit).execute();
  return rows.map((row) => ({ id: Number(row.id), projectId: Number(row.project_id), slug: row.slug, lastEventId: Number(row.last_event_id) }));
}

/**
 * A delivery of an event to a webhook, unless it has one already (the
 * unique index on webhook and event): its id, or undefined for a repeat.
 */
export async function insertDelivery(
  trx: Kysely<Database>,
  values: { webhookId: number; projectId: number; eventId: number; eventType: string; messageId: string; body: string; now: string },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: values.webhookId,
      project_id: values.projectId,
      event_id: values.eventId,
      event_type: values.eventType,
      message_id: values.messageId,
      body: values.body,
      status: 'pending',
      attempts: 0,
      next_attempt_at: values.now,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((conflict) => conflict.columns(['webhook_id', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

// Deliveries -------------------------------------------------------------

export async function findDelivery(db: Kysely<Database>, id: number): Promise<DeliveryRow | undefined> {
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toDeliveryRow(row);
}

export async function findWebhookDelivery(db: Kysely<Database>, webhookId: number, id: number): Promise<DeliveryRow | undefined> {
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).where('id', '=', id).executeTakeFirst();
  return row && toDeliveryRow(row);
}

export async function countWebhookDeliveries(db: Kysely<Database>, webhookId: number): Promise<number> {
  const row = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('count')).where('webhook_id', '=', webhookId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Newest first. */
export async function listWebhookDeliveries(db: Kysely<Database>, webhookId: number, page: { limit: number; offset: number }): Promise<DeliveryRow[]> {
  const rows = await db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  return rows.map(toDeliveryRow);
}

/** The latest `perDelivery` attempts of each delivery, newest first. */
export async function listRecentAttempts(db: Kysely<Database>, deliveryIds: readonly number[], perDelivery: number): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('webhook_attempts')
        .select(['id', 'delivery_id', 'attempted_at', 'response_status', 'latency_ms', 'response_excerpt', 'error', 'succeeded'])
        .select((inner) => inner.fn.agg<number>('row_number').over((over) => over.partitionBy('delivery_id').orderBy('id', 'desc')).as('recency'))
        .where('delivery_id', 'in', [...deliveryIds])
        .as('ranked'),
    )
    .selectAll()
    .where('recency', '<=', perDelivery)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    delivery_id: Number(row.delivery_id),
    attempted_at: row.attempted_at,
    response_status: row.response_status === null ? null : Number(row.response_status),
    latency_ms: Number(row.latency_ms),
    response_excerpt: row.response_excerpt,
    error: row.error,
    succeeded: readBool(row.succeeded),
  }));
}

/**
 * Records the outcome of the attempt that found the delivery with
 * `attemptsBefore` attempts: false when another run recorded one since (a job
 * run twice), and then nothing is written.
 */
export async function recordAttemptOutcome(
  trx: Kysely<Database>,
  values: { deliveryId: number; attemptsBefore: number; status: DeliveryRow['status']; nextAttemptAt: string | null; now: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ attempts: values.attemptsBefore + 1, status: values.status, next_attempt_at: values.nextAttemptAt, updated_at: values.now })
    .where('id', '=', values.deliveryId)
    .where('status', '=', 'pending')
    .where('attempts', '=', values.attemptsBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertAttempt(trx: Kysely<Database>, attempt: AttemptRow): Promise<void> {
  await trx.insertInto('webhook_attempts').values(attempt).execute();
}

/** A pending delivery whose webhook was turned off ends here, without an attempt. */
export async function abandonDelivery(db: Kysely<Database>, id: number, now: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ status: 'failed', next_attempt_at: null, updated_at: now }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/** A finished delivery made pending again, due now; false when it was not in `from` any more. */
export async function reopenDelivery(trx: Kysely<Database>, id: number, from: DeliveryRow['status'], now: string): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes finished deliveries (and their attempts) made before `before`; how many went. */
export function pruneDeliveries(db: Kysely<Database>, before: string): Promise<number> {
  // Their attempts go with them (on delete cascade). A delivery still under way is kept whatever its age.
  return deleteInBatches(db, 'webhook_deliveries', sql<SqlBool>`created_at < ${before} and status <> 'pending'`);
}

/** The projects that have an enabled webhook: the only ones whose events the dispatcher has work for. */
export async function projectsWithEnabledWebhooks(db: Kysely<Database>): Promise<Set<number>> {
  const rows = await db.selectFrom('webhooks').select('project_id').distinct().where('enabled', '=', true).execute();
  return new Set(rows.map((row) => Number(row.project_id)));
}
