// The audit log: who changed what, through which interface, from where, and
// with what outcome. The HTTP layer hands over each change twice
// (http/plugins/audit.ts): as a pending entry that commits in the change's own
// transaction, and once its answer is settled, to complete that entry with
// the outcome (or, for an answer that changed nothing, to write it whole).
// This service adds what the request did not carry (the project's id, the
// key's name) inside the statement that writes the row. Owners and admins
// read their project's log; the operator reads all of it.
//
// A record holds no body, no header value, no token and no secret: only the
// route's pattern, the ids in its path, the outcome and who asked.
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { readJson, writeJson } from '../../db/columns.ts';
import { validationError } from '../../errors.ts';
import type { Actor } from '../api-keys/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import { AuditWriter } from './audit-writer.ts';
import { auditEntriesFrom, countAuditEntries, insertAuditEntries, listAuditEntries, pruneAuditEntries, type AuditActorType, type AuditInterface, type AuditQuery, type AuditRow, type AuditRowValues } from './audit.repo.ts';

export type { AuditActorType, AuditInterface } from './audit.repo.ts';

/** Who made a request, as far as its credentials (or a refused sign-in) say. */
export type AuditActor =
  | { type: 'api_key'; userId: number; apiKeyId: number }
  /** A console user; `sessionRef` names the session (null for a sign-in refused before any session was theirs). */
  | { type: 'user'; userId: number; sessionRef: string | null }
  | { type: 'operator' }
  | { type: 'anonymous' };

export interface AuditResource {
  type: string;
  id: string;
  /** Only for a key just made (`api_key.created`). */
  name?: string;
}

/** One answered change, as the HTTP layer saw it. */
export interface AuditRecord extends PendingAuditRecord {
  statusCode: number;
  problemCode: string | null;
}

/** A change as the HTTP layer sees it before its answer is settled. */
export interface PendingAuditRecord {
  interface: AuditInterface;
  actor: AuditActor;
  clientIp: string;
  method: string;
  /** The route's pattern (`/api/v1/projects/:project_slug/servers/:server_id/`), never the URL that was asked for. */
  route: string;
  operation: string | null;
  resource: AuditResource | null;
  /** The project the request named (its route's slug, or the one a legacy call acted in). */
  projectSlug: string | null;
  requestId: string;
  /** What the entry says beyond its columns (a console session's length and bytes). */
  details?: AuditDetails;
}

/** What an entry may say beyond its columns. */
export interface AuditDetails {
  console_session_id?: number;
  duration_seconds?: number;
  bytes_in?: number;
  bytes_out?: number;
  close_reason?: string;
}

/** An entry as owners, admins, the console and the operator see it. */
export interface AuditEntry {
  id: number;
  created_at: string;
  interface: AuditInterface;
  /** The project's slug; null outside any project or once the project is gone. */
  project: string | null;
  actor: {
    type: AuditActorType;
    user_id: number | null;
    email: string | null;
    api_key_id: number | null;
    api_key_name: string | null;
    session_ref: string | null;
  };
  client_ip: string;
  method: string;
  route: string;
  operation: string | null;
  resource: { type: string; id: string; name: string | null } | null;
  /** Null when the change was committed and the service stopped before it settled its answer. */
  status: number | null;
  problem_code: string | null;
  request_id: string;
  details: AuditDetails | null;
}

/** The log's filters, named as the API's query parameters; every one left out matches everything. */
export interface AuditFilters {
  /** `api_key:<id>`, `user:<id>` (the user through any interface or key), `operator` or `anonymous`. */
  actor?: string;
  resource_type?: string;
  resource_id?: string;
  /** From this moment, included (ISO 8601). */
  since?: string;
  /** Before this moment, excluded (ISO 8601). */
  until?: string;
}

export interface AuditPage {
  count: number;
  entries: AuditEntry[];
}

export interface AuditServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  access: ProjectAccess;
}

// The columns' sizes (migration 0019): what is longer is cut rather than lost with its whole entry.
const LIMITS = { clientIp: 64, method: 10, route: 255, operation: 60, resourceType: 30, resourceId: 64, keyName: 255, problemCode: 60, requestId: 64 };

const cut = (text: string, length: number) => (text.length > length ? text.slice(0, length) : text);
const cutOrNull = (text: string | null | undefined, length: number) => (text === null || text === undefined ? null : cut(text, length));

/**
 * An entry is completed with its answer's status milliseconds after the
 * answer; readers see it once it is. One still without a status a minute
 * after it was made will keep none (its process stopped, or lost its
 * database, in between): it is shown as it is.
 */
const COMPLETION_OVERDUE_MS = 60_000;

/** Entries an export reads at a time. */
const EXPORT_PAGE_ENTRIES = 1000;

const ACTOR_FILTER = /^(?:(api_key|user):(\d{1,15})|(operator|anonymous))$/;

export class AuditService {
  private readonly writer: AuditWriter;

  constructor(private readonly deps: AuditServiceDependencies) {
    this.writer = new AuditWriter({ db: deps.db });
  }

  /**
   * The statement that writes `record` as an entry not yet answered (no
   * status), answering its id: what a change's transaction commits along
   * (http/plugins/audit.ts, db/commit-companion.ts). Made at once, without
   * a query of its own: the transaction is about to commit.
   */
  pendingEntryStatement(record: PendingAuditRecord): CompiledQuery {
    return this.deps.db
      .insertInto('audit_log')
      .values({ ...this.rowOf({ ...record, statusCode: null, problemCode: null }), created_at: this.deps.clock.now().toISOString() })
      .returning('id')
      .compile();
  }

  /** Writes one entry after its answer (in a batch with others: audit-writer.ts). The caller logs a failure: it never fails the request. */
  record(record: AuditRecord): Promise<void> {
    return this.writer.insert({ ...this.rowOf(record), created_at: this.deps.clock.now().toISOString() });
  }

  /** Completes the entry `id`, committed with its change, with what the answer said (in a batch with others). */
  complete(id: number, record: AuditRecord): Promise<void> {
    return this.writer.complete(id, this.rowOf(record));
  }

  /** Writes one entry in `trx`, the transaction of the change it records (a console session opened or closed). */
  async recordIn(trx: Kysely<Database>, record: AuditRecord): Promise<void> {
    await insertAuditEntries(trx, [{ ...this.rowOf(record), created_at: this.deps.clock.now().toISOString() }]);
  }

  /**
   * An entry's columns. The project and the name of the key that asked are
   * read by the statement that writes them (subqueries), so an entry costs no
   * read of its own and can be written inside a transaction about to commit.
   */
  private rowOf(record: Omit<AuditRecord, 'statusCode'> & { statusCode: number | null }): AuditRowValues {
    const { actor, resource } = record;
    // Keys are made in the console or by the operator, never with a key: on such an entry the key columns name the key made.
    const madeKey = actor.type !== 'api_key' && resource?.type === 'api_key' && resource.name !== undefined ? { id: Number(resource.id), name: resource.name } : null;
    return {
      project_id: projectOf(actor, record.interface, record.projectSlug),
      interface: record.interface,
      actor_type: actor.type,
      user_id: actor.type === 'api_key' || actor.type === 'user' ? actor.userId : null,
      api_key_id: actor.type === 'api_key' ? actor.apiKeyId : (madeKey?.id ?? null),
      api_key_name: actor.type === 'api_key' ? keyName(actor.apiKeyId) : cutOrNull(madeKey?.name, LIMITS.keyName),
      session_ref: actor.type === 'user' ? actor.sessionRef : null,
      client_ip: cut(record.clientIp, LIMITS.clientIp),
      method: cut(record.method, LIMITS.method),
      route: cut(record.route, LIMITS.route),
      operation: cutOrNull(record.operation, LIMITS.operation),
      resource_type: cutOrNull(resource?.type, LIMITS.resourceType),
      resource_id: cutOrNull(resource?.id, LIMITS.resourceId),
      status_code: record.statusCode,
      problem_code: cutOrNull(record.problemCode, LIMITS.problemCode),
      request_id: cut(record.requestId, LIMITS.requestId),
      details: record.details ? writeJson(record.details) : null,
    };
  }

  /** Deletes the entries made before `before` (their retention), in batches; answers how many. */
  pruneBefore(before: string): Promise<number> {
    return pruneAuditEntries(this.deps.db, before);
  }

  /**
   * The entries made in a range, oldest first, as the operator exports them
   * before the retention deletes them: read EXPORT_PAGE_ENTRIES at a time,
   * so a year of entries never sits in memory at once.
   */
  async exportRange(range: { since: string; until: string; project?: string }): Promise<AsyncGenerator<AuditEntry>> {
    // Checked before the first line is sent: a refusal is still an answer of its own.
    const since = moment(range.since, 'since');
    const until = moment(range.until, 'until');
    const projectId = range.project === undefined ? undefined : (await this.deps.access.requireForOperator(range.project)).id;
    const db = this.deps.db;
    return (async function* entries() {
      let afterId = 0;
      for (;;) {
        const rows = await auditEntriesFrom(db, { since, until, projectId }, afterId, EXPORT_PAGE_ENTRIES);
        for (const row of rows) yield toEntry(row);
        if (rows.length < EXPORT_PAGE_ENTRIES) return;
        afterId = rows.at(-1)!.id;
      }
    })();
  }

  /** A project's log, newest first, for its owners and admins (a member: 403; no member: 404). */
  async listForProject(actor: Pick<Actor, 'userId'> & Partial<Actor>, slug: string, filters: AuditFilters, page: { limit: number; offset: number }): Promise<AuditPage> {
    const project = await this.deps.access.require({ keyId: 0, readOnly: false, ...actor }, slug, { minRole: 'admin' });
    return this.listForProjectId(project.id, filters, page);
  }

  /** A project's log, newest first; whoever calls has checked that the reader may see it. */
  listForProjectId(projectId: number, filters: AuditFilters, page: { limit: number; offset: number }): Promise<AuditPage> {
    return this.list({ ...queryOf(filters), projectId }, page);
  }

  /** The operator's view: every entry, or one project's (404 when there is no such project). */
  async listAll(filters: AuditFilters & { project?: string }, page: { limit: number; offset: number }): Promise<AuditPage> {
    const query = queryOf(filters);
    if (filters.project !== undefined) query.projectId = (await this.deps.access.requireForOperator(filters.project)).id;
    return this.list(query, page);
  }

  private async list(filters: Omit<AuditQuery, 'unansweredShownBefore'>, page: { limit: number; offset: number }): Promise<AuditPage> {
    const query = { ...filters, unansweredShownBefore: new Date(this.deps.clock.now().getTime() - COMPLETION_OVERDUE_MS).toISOString() };
    const [count, rows] = await Promise.all([countAuditEntries(this.deps.db, query), listAuditEntries(this.deps.db, query, page)]);
    return { count, entries: rows.map(toEntry) };
  }
}

/**
 * The project an entry is filed under, as an expression its statement reads.
 * A member's request goes to the project only while they are its member: a
 * guess at another project's slug is the operator's business, not that
 * project's. The operator's changes go to the project they name.
 */
function projectOf(actor: AuditActor, where: AuditInterface, slug: string | null): RawBuilder<number | null> | null {
  if (slug === null) return null;
  if (actor.type === 'operator' && where === 'operator') return sql<number | null>`(select id from projects where slug = ${slug})`;
  if (actor.type !== 'api_key' && actor.type !== 'user') return null;
  return sql<number | null>`(select projects.id from projects join project_members on project_members.project_id = projects.id where projects.slug = ${slug} and project_members.user_id = ${actor.userId})`;
}

/** The name of the key that asked, as an expression its entry's statement reads (names never change). */
function keyName(keyId: number): RawBuilder<string | null> {
  return sql<string | null>`(select name from api_keys where id = ${keyId})`;
}

/** The filters as the repo's query; a filter that is not well formed is a validation error naming it. */
function queryOf(filters: AuditFilters): Omit<AuditQuery, 'unansweredShownBefore'> {
  const query: Omit<AuditQuery, 'unansweredShownBefore'> = {};
  if (filters.actor !== undefined) {
    const match = ACTOR_FILTER.exec(filters.actor);
    if (!match) throw validationError('actor', 'must be api_key:<id>, user:<id>, operator or anonymous');
    if (match[1] === 'api_key') {
      query.actorType = 'api_key';
      query.apiKeyId = Number(match[2]);
    } else if (match[1] === 'user') query.userId = Number(match[2]);
    else query.actorType = match[3] as 'operator' | 'anonymous';
  }
  if (filters.resource_type !== undefined) query.resourceType = filters.resource_type;
  if (filters.resource_id !== undefined) query.resourceId = filters.resource_id;
  if (filters.since !== undefined) query.since = moment(filters.since, 'since');
  if (filters.until !== undefined) query.until = moment(filters.until, 'until');
  return query;
}

/** An ISO 8601 moment in the form entries are stored in (UTC, `toISOString`), so text comparison orders them on both engines. */
function moment(text: string, field: string): string {
  const time = Date.parse(text);
  if (Number.isNaN(time) || time < 0 || time >= Date.UTC(10000, 0, 1)) throw validationError(field, 'must be a date and time (ISO 8601) between 1970 and 9999');
  return new Date(time).toISOString();
}

function toEntry(row: AuditRow): AuditEntry {
  const byKey = row.actor_type === 'api_key';
  return {
    id: row.id,
    created_at: row.created_at,
    interface: row.interface,
    project: row.project_slug,
    actor: {
      type: row.actor_type,
      user_id: row.user_id,
      email: row.email,
      api_key_id: byKey ? row.api_key_id : null,
      api_key_name: byKey ? row.api_key_name : null,
      session_ref: row.session_ref,
    },
    client_ip: row.client_ip,
    method: row.method,
    route: row.route,
    operation: row.operation,
    resource:
      row.resource_type === null || row.resource_id === null
        ? null
        : { type: row.resource_type, id: row.resource_id, name: !byKey && row.resource_type === 'api_key' ? row.api_key_name : null },
    status: row.status_code,
    problem_code: row.problem_code,
    request_id: row.request_id,
    details: row.details === null ? null : readJson<AuditDetails>(row.details),
  };
}
