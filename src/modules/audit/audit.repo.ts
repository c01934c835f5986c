// Every query on the audit log: an entry written with its change (or after an
// answer that changed nothing), its completion once the answer is settled, and
// the pages the project's owners and admins, the console and the operator read.
import { sql, type Expression, type ExpressionBuilder, type InsertObject, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { deleteInBatches } from '../../db/pruning.ts';
import type { AuditLogTable, Database } from '../../db/schema.ts';

export type AuditInterface = AuditLogTable['interface'];
export type AuditActorType = AuditLogTable['actor_type'];

/** An entry's columns; the project and a key's name may be expressions the writing statement reads. */
export type NewAuditRow = Omit<InsertObject<Database, 'audit_log'>, 'id'>;
/** The columns an entry is written and completed with: all but its id and time. */
export type AuditRowValues = Omit<NewAuditRow, 'created_at'>;

export interface AuditRow extends Selectable<AuditLogTable> {
  /** The acting user's e-mail address, while the user exists. */
  email: string | null;
  /** The project's slug, while the project exists. */
  project_slug: string | null;
}

/** What a page of the log is narrowed to; every part left out matches everything. */
export interface AuditQuery {
  /**
   * Entries still without their answer's status (committed with their change,
   * not yet completed) are left out until they were made before this moment:
   * by then their completion is overdue and will not come.
   */
  unansweredShownBefore: string;
  projectId?: number;
  actorType?: AuditActorType;
  userId?: number;
  apiKeyId?: number;
  resourceType?: string;
  resourceId?: string;
  /** From this moment (included), ISO 8601 UTC as stored. */
  since?: string;
  /** Before this moment (excluded). */
  until?: string;
}

export async function insertAuditEntries(db: Kysely<Database>, rows: NewAuditRow[]): Promise<void> {
  await db.insertInto('audit_log').values(rows).execute();
}

/** Completes entries committed with their change: each with what its answer said. `db` may be a transaction. */
export async function completeAuditEntries(db: Kysely<Database>, completions: readonly { id: number; values: AuditRowValues }[]): Promise<void> {
  for (const { id, values } of completions) await db.updateTable('audit_log').set(values).where('id', '=', id).execute();
}

/** The query's conditions, for the log alone or joined to the names it shows. */
function matching(where: AuditQuery) {
  return (eb: ExpressionBuilder<Database, 'audit_log'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb.or([eb('audit_log.status_code', 'is not', null), eb('audit_log.created_at', '<', where.unansweredShownBefore)])];
    if (where.projectId !== undefined) conditions.push(eb('audit_log.project_id', '=', where.projectId));
    if (where.actorType !== undefined) conditions.push(eb('audit_log.actor_type', '=', where.actorType));
    if (where.userId !== undefined) conditions.push(eb('audit_log.user_id', '=', where.userId));
    if (where.apiKeyId !== undefined) conditions.push(eb('audit_log.api_key_id', '=', where.apiKeyId));
    if (where.resourceType !== undefined) conditions.push(eb('audit_log.resource_type', '=', where.resourceType));
    if (where.resourceId !== undefined) conditions.push(eb('audit_log.resource_id', '=', where.resourceId));
    if (where.since !== undefined) conditions.push(eb('audit_log.created_at', '>=', where.since));
    if (where.until !== undefined) conditions.push(eb('audit_log.created_at', '<', where.until));
    return eb.and(conditions);
  };
}

export async function countAuditEntries(db: Kysely<Database>, where: AuditQuery): Promise<number> {
  const row = await db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('count')).where(matching(where)).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Newest first. */
export function listAuditEntries(db: Kysely<Database>, where: AuditQuery, page: { limit: number; offset: number }): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .leftJoin('projects', 'projects.id', 'audit_log.project_id')
    .selectAll('audit_log')
    .select(['users.email as email', 'projects.slug as project_slug'])
    .where(matching(where))
    .orderBy('audit_log.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Deletes the entries made before `before` (ISO 8601), in batches; answers how many. */
export function pruneAuditEntries(db: Kysely<Database>, before: string): Promise<number> {
  return deleteInBatches(db, 'audit_log', sql<SqlBool>`created_at < ${before}`);
}

/** Entries made in [since, until), oldest first, `limit` at a time after the entry `afterId`: an export's pages. */
export function auditEntriesFrom(db: Kysely<Database>, range: { since: string; until: string; projectId?: number }, afterId: number, limit: number): Promise<AuditRow[]> {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .leftJoin('projects', 'projects.id', 'audit_log.project_id')
    .selectAll('audit_log')
    .select(['users.email as email', 'projects.slug as project_slug'])
    .where('audit_log.created_at', '>=', range.since)
    .where('audit_log.created_at', '<', range.until)
    .where('audit_log.id', '>', afterId);
  if (range.projectId !== undefined) query = query.where('audit_log.project_id', '=', range.projectId);
  return query.orderBy('audit_log.id').limit(limit).execute();
}
