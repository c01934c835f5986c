// The event log, as every module writes it and the events module reads it.
// An event is written in the transaction of the change it reports, so it
// exists exactly when the change does.
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { readJson, writeJson } from '../../db/columns.ts';
import { EVENTS_CHANNEL } from '../../db/change-feed.ts';
import { deleteInBatches } from '../../db/pruning.ts';
import type { Database } from '../../db/schema.ts';
import { writeAll, type EngineWrite } from '../../db/write-batch.ts';
import type { EventResourceType, EventType } from './event-types.ts';

export interface NewEvent {
  projectId: number;
  type: EventType;
  resource: { type: EventResourceType; id: string | number };
  /** The resource as the API shows it, at the time of the change. */
  data: unknown;
  now: string;
}

export interface StoredEvent {
  id: number;
  type: string;
  projectId: number;
  resource: { type: string; id: string };
  data: unknown;
  createdAt: string;
}

/**
 * Records an event in `trx`, the transaction of the change. The project's next
 * id is taken last-but-one on purpose: it locks the project's sequence row
 * until commit, so events of one project commit in id order (a reader that
 * saw id N never later finds a smaller one) and the lock is held briefly.
 * Callers record their events as the last step of their transaction.
 */
export async function recordEvent(trx: Transaction<Database>, event: NewEvent): Promise<void> {
  await writeAll(trx, [eventWrite(event)]);
}

/**
 * The event as a write of its change's batch (db/write-batch.ts), which the
 * caller sends last. On PostgreSQL, three parts of the one statement: the id
 * taken from the project's sequence, the event stored with it, and the notice
 * that wakes every process's stream hub for this project (sent at commit,
 * and only if it commits). On SQLite, the same first two steps; its processes
 * learn of new events by polling.
 */
export function eventWrite(event: NewEvent): EngineWrite {
  return {
    postgres: (name) => [
      {
        name: name('taken'),
        query: sql`insert into project_event_sequences (project_id, last_id) values (${event.projectId}, 1)
          on conflict (project_id) do update set last_id = project_event_sequences.last_id + 1
          returning last_id`,
      },
      {
        name: name('stored'),
        query: sql`insert into events (project_id, id, type, resource_type, resource_id, data, created_at)
          select ${event.projectId}, last_id, ${event.type}, ${event.resource.type}, ${String(event.resource.id)}, ${writeJson(event.data ?? null)}::jsonb, ${event.now}::timestamptz
          from ${sql.id(name('taken'))}
          returning id`,
      },
      { name: name('notified'), query: sql`select pg_notify(${EVENTS_CHANNEL}, ${String(event.projectId)}) from ${sql.id(name('stored'))}` },
    ],
    sqlite: async (trx) => {
      const { last_id: id } = await trx
        .insertInto('project_event_sequences')
        .values({ project_id: event.projectId, last_id: 1 })
        .onConflict((conflict) => conflict.column('project_id').doUpdateSet((eb) => ({ last_id: eb('project_event_sequences.last_id', '+', 1) })))
        .returning('last_id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('events')
        .values({
          project_id: event.projectId,
          id: Number(id),
          type: event.type,
          resource_type: event.resource.type,
          resource_id: String(event.resource.id),
          data: writeJson(event.data ?? null),
          created_at: event.now,
        })
        .execute();
    },
  };
}

/** For callers holding a plain handle that is in fact their transaction: an event is never written outside its change's. */
export function asTransaction(db: Kysely<Database>): Transaction<Database> {
  if (!db.isTransaction) throw new Error('an event is recorded in the transaction of its change');
  return db as Transaction<Database>;
}

/** Records several events of one change, in order. */
export async function recordEvents(trx: Transaction<Database>, events: NewEvent[]): Promise<void> {
  for (const event of events) await recordEvent(trx, event);
}

function toStoredEvent(row: { project_id: number; id: number; type: string; resource_type: string; resource_id: string; data: unknown; created_at: string }): StoredEvent {
  return {
    id: Number(row.id),
    type: row.type,
    projectId: Number(row.project_id),
    resource: { type: row.resource_type, id: row.resource_id },
    data: readJson(row.data),
    createdAt: typeof row.created_at === 'string' ? row.created_at : new Date(row.created_at).toISOString(),
  };
}

/** A project's events after `afterId`, oldest first; `types` empty: every type. */
export async function listEventsAfter(db: Kysely<Database>, projectId: number, afterId: number, options: { types?: readonly string[]; limit: number }): Promise<StoredEvent[]> {
  let query = db.selectFrom('events').selectAll().where('project_id', '=', projectId).where('id', '>', afterId);
  if (options.types && options.types.length > 0) query = query.where('type', 'in', [...options.types]);
  const rows = await query.orderBy('id', 'asc').limit(options.limit).execute();
  return rows.map(toStoredEvent);
}

/** The last event id of each of `projectIds` that has any. */
export async function lastEventIds(db: Kysely<Database>, projectIds: readonly number[]): Promise<Map<number, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db.selectFrom('project_event_sequences').select(['project_id', 'last_id']).where('project_id', 'in', [...projectIds]).execute();
  return new Map(rows.map((row) => [Number(row.project_id), Number(row.last_id)]));
}

/** The oldest event id still kept for a project (null: none kept): a resume point before it has lost events to pruning. */
export async function oldestEventId(db: Kysely<Database>, projectId: number): Promise<number | null> {
  const row = await db.selectFrom('events').select((eb) => eb.fn.min('id').as('oldest')).where('project_id', '=', projectId).executeTakeFirst();
  return row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
}

/** Deletes events older than `before`; how many went. */
export function pruneEvents(db: Kysely<Database>, before: string): Promise<number> {
  return deleteInBatches(db, 'events', sql<SqlBool>`created_at < ${before}`);
}
