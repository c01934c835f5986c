// Every query on actions.
import type { Kysely, Selectable } from 'kysely';
import { readBool, readJson, writeJson } from '../../db/columns.ts';
import type { ActionsTable, Database, ServersTable } from '../../db/schema.ts';
import type { Action, ActionFilters } from './actions.schemas.ts';
import { fixedInSql, preparedQuery } from '../../db/prepared.ts';
import { asTransaction, recordEvent } from '../events/event-log.ts';

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

/** An action still running on the server, or one whose outcome is still being checked (`unknown`). */
export function findUnfinishedAction(db: Kysely<Database>, serverId: string) {
  return db.selectFrom('actions').select('id').where('server_id', '=', serverId).where('status', 'in', [fixedInSql('running'), fixedInSql('unknown')]).executeTakeFirst();
}

// Read in every action's transaction: prepared once (db/prepared.ts).
const selectServerForAction = preparedQuery((db, serverId: string) =>
  db
    .selectFrom('servers')
    .select((eb) => [
      'servers.status',
      eb
        .exists(eb.selectFrom('actions').select('actions.id').whereRef('actions.server_id', '=', 'servers.id').where('actions.status', 'in', [fixedInSql('running'), fixedInSql('unknown')]))
        .as('busy'),
    ])
    .where('servers.id', '=', serverId),
);

/** What starting an action checks again in its transaction, in one statement: the server's status, and whether an action of it is unfinished. Undefined: no such server. */
export async function serverStateForAction(db: Kysely<Database>, serverId: string): Promise<{ status: ServersTable['status']; busy: boolean } | undefined> {
  const [row] = await selectServerForAction(db, serverId);
  return row && { status: row.status, busy: readBool(row.busy) };
}

export async function insertAction(
  db: Kysely<Database>,
  values: { projectId: number; serverId: string; type: string; params: Record<string, unknown>; now: string },
): Promise<ActionRow> {
  return db
    .insertInto('actions')
    .values({
      project_id: values.projectId,
      server_id: values.serverId,
      type: values.type,
      status: 'running',
      params: writeJson(values.params),
      phase: 'submit',
      result: writeJson({}),
      error: null,
      started_at: values.now,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
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

/** action.started, in the transaction that records the action (after the rest of it). */
export async function recordActionStarted(trx: Kysely<Database>, row: ActionRow): Promise<void> {
  await recordEvent(asTransaction(trx), { projectId: row.project_id, type: 'action.started', resource: { type: 'action', id: row.id }, data: toActionEventData(row), now: row.started_at });
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
