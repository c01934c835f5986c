// Every query on actions.
import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import { readBool, readJson, writeJson } from '../../db/columns.ts';
import type { ActionsTable, Database } from '../../db/schema.ts';
import type { EngineWrite } from '../../db/write-batch.ts';
import { liveRecord, type IdempotencyKey } from '../idempotency/index.ts';
import { selectProjectServerRecord, toServerRecord, type ServerRecord } from '../servers/index.ts';
import type { Action, ActionFilters } from './actions.schemas.ts';
import { fixedInSql, preparedQuery } from '../../db/prepared.ts';
import { asTransaction, eventWrite, recordEvent } from '../events/index.ts';

export type ActionRow = Selectable<ActionsTable>;

export function toAction(row: ActionRow): Action {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    resource: { type: 'server', id: row.server_id },
    started_at: row.started_at,
    finished_at: row.finished_at,
    error: row.error === null ? null : readJson(row.error),
    result: readJson(row.result),
  };
}

export function findAction(db: Kysely<Database>, actionId: number): Promise<ActionRow | undefined> {
  return db.selectFrom('actions').selectAll().where('id', '=', actionId).executeTakeFirst();
}

export function findProjectAction(db: Kysely<Database>, projectId: number, actionId: number): Promise<ActionRow | undefined> {
  return db.selectFrom('actions').selectAll().where('id', '=', actionId).where('project_id', '=', projectId).executeTakeFirst();
}

function filtered(db: Kysely<Database>, projectId: number, filters: ActionFilters) {
  let query = db.selectFrom('actions').where('project_id', '=', projectId);
  if (filters.resource_id !== undefined) query = query.where('server_id', '=', filters.resource_id);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.type !== undefined) query = query.where('type', '=', filters.type);
  return query;
}

export async function countActions(db: Kysely<Database>, projectId: number, filters: ActionFilters): Promise<number> {
  const row = await filtered(db, projectId, filters).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Newest first. */
export function listActions(db: Kysely<Database>, projectId: number, filters: ActionFilters, page: { limit: number; offset: number }) {
  return filtered(db, projectId, filters).selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** What starting an action reads before it writes. */
export interface ActionStart {
  server: ServerRecord;
  /** An action of the server is running, or its outcome is being checked. */
  busy: boolean;
  /** The live record of the request's Idempotency-Key, if any (idempotency.ts's replayOf says what it means). */
  keyRecord: { request_hash: string; resource_id: string } | null;
  /** On PostgreSQL, the new action's id, taken from its sequence so its writes are one statement (db/write-batch.ts); null on SQLite. */
  nextId: number | null;
}

// Every action's start reads this first: prepared once (db/prepared.ts). On PostgreSQL a start that ends
// without an action (a replay, a busy server, a refusal) leaves a gap in the ids, as a rolled-back insert does.
const selectActionStart = preparedQuery(
  (db, projectId: number, serverId: string, keyUserId: number | null, keyScope: string | null, key: string | null, keySince: string) => {
    const keyRecord = () => liveRecord(db, { userId: keyUserId as number, scope: keyScope as string, key: key as string }, keySince);
    return selectProjectServerRecord(db, projectId, serverId).select((eb) => [
      eb
        .exists(eb.selectFrom('actions').select('actions.id').whereRef('actions.server_id', '=', 'servers.id').where('actions.status', 'in', [fixedInSql('running'), fixedInSql('unknown')]))
        .as('busy'),
      keyRecord().select('idempotency_keys.request_hash').as('key_request_hash'),
      keyRecord().select('idempotency_keys.resource_id').as('key_resource_id'),
      (db.getExecutor().adapter instanceof PostgresAdapter ? sql<string | null>`nextval('actions_id_seq')` : sql<string | null>`null`).as('next_id'),
    ]);
  },
);

/**
 * The server of the project an action is to start on, with what the start
 * decides on, in one statement; undefined when the project has no such server.
 */
export async function readActionStart(db: Kysely<Database>, projectId: number, serverId: string, key: IdempotencyKey | null, keySince: string): Promise<ActionStart | undefined> {
  const [row] = await selectActionStart(db, projectId, serverId, key?.userId ?? null, key?.scope ?? null, key?.key ?? null, keySince);
  if (!row) return undefined;
  const { busy, key_request_hash, key_resource_id, next_id, ...server } = row;
  return {
    server: toServerRecord(server),
    busy: readBool(busy),
    keyRecord: key_request_hash === null || key_resource_id === null ? null : { request_hash: key_request_hash, resource_id: key_resource_id },
    nextId: next_id === null ? null : Number(next_id),
  };
}

export interface NewAction {
  projectId: number;
  serverId: string;
  type: string;
  params: Record<string, unknown>;
  now: string;
}

/** A new action as it is stored: running, at its first phase. */
function newActionValues(action: NewAction) {
  return {
    project_id: action.projectId,
    server_id: action.serverId,
    type: action.type,
    status: 'running' as const,
    params: writeJson(action.params),
    phase: 'submit' as const,
    result: writeJson({}),
    error: null,
    started_at: action.now,
    finished_at: null,
  };
}

/** The new action's row, as the database will hold it once its batch is written. */
export function newActionRow(id: number, action: NewAction): ActionRow {
  return { id, ...newActionValues(action) };
}

/** The insert of a new action, with its id (PostgreSQL, taken beforehand) or without (SQLite, answered by the insert). */
export function actionInsert(db: Kysely<Database>, id: number | null, action: NewAction) {
  const values = newActionValues(action);
  return db
    .insertInto('actions')
    .values(id === null ? values : { id, ...values })
    .returning('id');
}

/**
 * A write of the start's batch that answers a row only while the server may
 * still start an action: it exists and is not suspended (a suspension or a
 * deletion between the start's read and its writes undoes them). Another
 * start that won the race is refused by actions_one_unfinished instead.
 */
export function serverStillStartable(db: Kysely<Database>, serverId: string) {
  return db.selectFrom('servers').select('servers.id').where('servers.id', '=', serverId).where('servers.status', '<>', fixedInSql('suspended'));
}

/**
 * Moves an action on, but only from the state the caller saw: a job that
 * runs twice (at-least-once) cannot finish an action twice. The action as it
 * now is, or undefined when it had moved on already.
 */
export async function advanceAction(
  db: Kysely<Database>,
  actionId: number,
  from: { status: ActionsTable['status']; phase: ActionsTable['phase'] },
  to: Partial<{ status: ActionsTable['status']; phase: ActionsTable['phase']; result: unknown; error: unknown; finished_at: string }>,
): Promise<ActionRow | undefined> {
  const { result, error, ...plain } = to;
  return db
    .updateTable('actions')
    .set({
      ...plain,
      ...(result !== undefined ? { result: writeJson(result) } : {}),
      ...(error !== undefined ? { error: error === null ? null : writeJson(error) } : {}),
    })
    .where('id', '=', actionId)
    .where('status', '=', fixedInSql(from.status))
    .where('phase', '=', from.phase)
    .returningAll()
    .executeTakeFirst();
}

/** action.started, the last write of the batch that records the action (db/write-batch.ts). */
export function actionStartedWrite(row: ActionRow): EngineWrite {
  return eventWrite({ projectId: row.project_id, type: 'action.started', resource: { type: 'action', id: row.id }, data: toActionEventData(row), now: row.started_at });
}

/**
 * The action as its events carry it: without a root password. Events reach
 * every member, read-only keys and webhook receivers, and are kept for days;
 * the password is the API's answer to whoever reads the action itself.
 */
export function toActionEventData(row: ActionRow): Action {
  const action = toAction(row);
  if (!('root_password' in action.result)) return action;
  const { root_password: _withheld, ...result } = action.result;
  return { ...action, result };
}

/** action.finished with its final status, in the transaction that finished it. */
export async function recordActionFinished(trx: Kysely<Database>, row: ActionRow): Promise<void> {
  await recordEvent(asTransaction(trx), {
    projectId: row.project_id,
    type: 'action.finished',
    resource: { type: 'action', id: row.id },
    data: toActionEventData(row),
    now: row.finished_at ?? row.started_at,
  });
}

/** Removes every action of a server, in the transaction that deletes the server. */
export async function deleteActionsOfServer(db: Kysely<Database>, serverId: string): Promise<void> {
  await db.deleteFrom('actions').where('server_id', '=', serverId).execute();
}
