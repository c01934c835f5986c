// The hand-written ceiling for POST …/servers/{id}/actions/reboot/:
// the key from a cache, one transaction (the action, its job and the
// idempotency record), the response schema, one log line. It writes the rows
// the service writes for a reboot (src/modules/actions/actions.service.ts,
// actions.repo.ts, src/jobs/queue.ts, src/modules/idempotency/idempotency.ts),
// so the running service's worker finishes its actions as it finishes its
// own. What it leaves out: the action.started event the service records in
// the same transaction, and the replay of a repeated Idempotency-Key (every
// request of the bench sends a fresh one; a repeated key here is a unique
// violation, answered 409).
//
// The checks, as the service makes them: the key's user is a member of the
// project (any role may start an action: ProjectAccess.require with
// {write: true}, no minRole) and the key is not read-only; the project is
// ready; the server is the project's and not suspended; no action of it is
// running or unknown (409 otherwise, and the unique index
// actions_one_unfinished turns a lost race into a 409 too).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { numbered, type CeilingDb, type KeyCache, type Statement } from './ceiling-db.ts';

// The service's ActionSchema, in its order.
const ActionSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    type: { type: 'string' },
    status: { type: 'string' },
    resource: { type: 'object', properties: { type: { type: 'string' }, id: { type: 'string' } } },
    started_at: { type: 'string' },
    finished_at: { type: ['string', 'null'] },
    error: { type: ['object', 'null'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
    result: { type: 'object', properties: { root_password: { type: 'string' }, snapshot_id: { type: 'integer' }, subnet: { type: 'string' } } },
  },
};

/** hashRequest({}): a reboot has no body. */
const EMPTY_BODY_HASH = createHash('sha256').update('{}').digest('hex');
const ACTION_JOB = 'action.run';
const ACTION_JOB_MAX_ATTEMPTS = 1000;

interface Target {
  server_id: string;
  project_id: number;
  status: string;
  busy: number | boolean;
}

type Outcome = { status: 202; actionId: number } | { status: 404 | 409 };

const uniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

const TARGET_SQL = (busyStatus: string) => `select s.id as server_id, p.id as project_id, s.status,
    exists (select 1 from actions a where a.server_id = s.id and a.status in ${busyStatus}) as busy
  from project_members m join projects p on p.id = m.project_id join servers s on s.project_id = p.id
  where m.user_id = $1 and p.slug = $2 and s.id = $3 and p.status = 'ready'`;
const UNFINISHED = `('running', 'unknown')`;

/**
 * SQLite: one IMMEDIATE transaction of four statements on the one
 * connection (SQLite runs one writer at a time anyway; better-sqlite3 runs
 * them without a round trip).
 */
function sqliteReboot(db: CeilingDb): (values: RebootValues) => Promise<Outcome> {
  const sqlite = db.sqlite!;
  const target = sqlite.prepare<[Record<string, unknown>], Target>(TARGET_SQL(UNFINISHED));
  const action = sqlite.prepare<[Record<string, unknown>], { id: number }>(
    `insert into actions (project_id, server_id, type, status, params, phase, result, error, started_at, finished_at)
     values ($1, $2, 'server.reboot', 'running', '{}', 'submit', '{}', null, $3, null) returning id`,
  );
  const job = sqlite.prepare<[Record<string, unknown>]>(
    `insert into jobs (type, payload, status, attempts, max_attempts, run_at, locked_by, locked_until, last_error, created_at, updated_at)
     values ('${ACTION_JOB}', json_object('actionId', cast($1 as integer)), 'queued', 0, ${ACTION_JOB_MAX_ATTEMPTS}, $2, null, null, null, $2, $2)`,
  );
  const idempotency = sqlite.prepare<[Record<string, unknown>]>(
    `insert into idempotency_keys (user_id, scope, key, request_hash, resource_id, created_at) values ($1, $2, $3, $4, $5, $6)`,
  );
  const reboot = sqlite.transaction((values: RebootValues): Outcome => {
    const found = target.get(numbered([values.userId, values.slug, values.serverId]));
    if (!found) return { status: 404 };
    if (found.busy === 1 || found.busy === true || found.status === 'suspended') return { status: 409 };
    const { id } = action.get(numbered([found.project_id, found.server_id, values.now]))!;
    job.run(numbered([id, values.now]));
    if (values.key !== null) idempotency.run(numbered([values.userId, values.scope, values.key, EMPTY_BODY_HASH, String(id), values.now]));
    return { status: 202, actionId: id };
  });
  return async (values) => reboot.immediate(values);
}

/**
 * PostgreSQL: one statement whose data-modifying CTEs insert the action, its
 * job and the idempotency record: one statement is one transaction, sent in
 * one round trip on any connection of the pool, where BEGIN … COMMIT would
 * take four round trips (five with the check) holding one connection. The
 * check reads before the inserts, as the service's transaction does; two
 * reboots of one server racing both pass it, and the unique index
 * actions_one_unfinished refuses the second (a unique violation: 409).
 */
const POSTGRES_REBOOT: Statement = {
  name: 'ceiling-reboot',
  sqlite: '',
  postgres: `with target as (${TARGET_SQL(UNFINISHED)}),
    action as (
      insert into actions (project_id, server_id, type, status, params, phase, result, error, started_at, finished_at)
      select project_id, server_id, 'server.reboot', 'running', '{}', 'submit', '{}', null, $4, null from target where not busy and status <> 'suspended'
      returning id
    ),
    job as (
      insert into jobs (type, payload, status, attempts, max_attempts, run_at, locked_by, locked_until, last_error, created_at, updated_at)
      select '${ACTION_JOB}', jsonb_build_object('actionId', id), 'queued', 0, ${ACTION_JOB_MAX_ATTEMPTS}, $4, null, null, null, $4, $4 from action
    ),
    idempotency as (
      insert into idempotency_keys (user_id, scope, key, request_hash, resource_id, created_at)
      select $1, $5::text, $6::text, $7::text, id::text, $4 from action where $6::text is not null
    )
    select t.server_id, t.status, t.busy, a.id as action_id from target t left join action a on true`,
};

function postgresReboot(db: CeilingDb): (values: RebootValues) => Promise<Outcome> {
  return async (values) => {
    const row = await db.row<{ action_id: number | null }>(POSTGRES_REBOOT, [values.userId, values.slug, values.serverId, values.now, values.scope, values.key, EMPTY_BODY_HASH]);
    if (!row) return { status: 404 };
    return row.action_id === null ? { status: 409 } : { status: 202, actionId: row.action_id };
  };
}

interface RebootValues {
  userId: number;
  slug: string;
  serverId: string;
  /** The Idempotency-Key header; null without one (no record then, as in the service). */
  key: string | null;
  /** As the service scopes a key: method and path, without /api/v1 and the trailing slash. */
  scope: string;
  now: string;
}

export function registerCeilingReboot(app: FastifyInstance, db: CeilingDb, keys: KeyCache): void {
  const reboot = db.engine === 'sqlite' ? sqliteReboot(db) : postgresReboot(db);
  const failures = { 400: { type: 'null' }, 401: { type: 'null' }, 403: { type: 'null' }, 404: { type: 'null' }, 409: { type: 'null' } };
  app.post<{ Params: { slug: string; server_id: string } }>(
    '/api/v1/projects/:slug/servers/:server_id/actions/reboot/',
    { schema: { response: { 202: ActionSchema, ...failures } } },
    async (request, reply) => {
      const key = await keys.authenticate(request.headers.authorization);
      if (!key) return reply.code(401).send(null);
      if (key.read_only === true || key.read_only === 1) return reply.code(403).send(null);
      const header = request.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header : null;
      if (idempotencyKey !== null && (idempotencyKey.length === 0 || idempotencyKey.length > 255)) return reply.code(400).send(null);
      const { slug, server_id: serverId } = request.params;
      const now = new Date().toISOString();
      let outcome: Outcome;
      try {
        outcome = await reboot({ userId: key.user_id, slug, serverId, key: idempotencyKey, scope: `POST /projects/${slug}/servers/${serverId}/actions/reboot`, now });
      } catch (error) {
        if (!uniqueViolation(error)) throw error;
        outcome = { status: 409 };
      }
      if (outcome.status !== 202) return reply.code(outcome.status).send(null);
      return reply.code(202).send({
        id: outcome.actionId,
        type: 'server.reboot',
        status: 'running',
        resource: { type: 'server', id: serverId },
        started_at: now,
        finished_at: null,
        error: null,
        result: {},
      });
    },
  );
}
