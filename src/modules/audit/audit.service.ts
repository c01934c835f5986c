// The audit log: who changed what, through which interface, from where, and
// with what outcome. The HTTP layer hands over one record per answered change
// (http/plugins/audit.ts) after the answer has left; this service adds what
// the request did not carry (the project's id, the key's name) from caches
// the request has usually just warmed, and writes one row. Owners and admins
// read their project's log; the operator reads all of it.
//
// A record holds no body, no header value, no token and no secret: only the
// route's pattern, the ids in its path, the outcome and who asked.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { KeyedUntilChanged, type ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { readJson, writeJson } from '../../db/columns.ts';
import { validationError } from '../../errors.ts';
import type { Actor, ApiKeyService } from '../api-keys/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import { AuditWriter } from './audit-writer.ts';
import { countAuditEntries, listAuditEntries, type AuditActorType, type AuditInterface, type AuditQuery, type AuditRow } from './audit.repo.ts';

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
export interface AuditRecord {
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
  statusCode: number;
  problemCode: string | null;
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
  status: number;
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
  changes: ChangeFeed;
  access: ProjectAccess;
  apiKeys: ApiKeyService;
}

/** Key names a process keeps: enough for every key in use at once; one read each, then none until a key changes. */
const MAX_CACHED_KEY_NAMES = 1000;

// The columns' sizes (migration 0019): what is longer is cut rather than lost with its whole entry.
const LIMITS = { clientIp: 64, method: 10, route: 255, operation: 60, resourceType: 30, resourceId: 64, keyName: 255, problemCode: 60, requestId: 64 };

const cut = (text: string, length: number) => (text.length > length ? text.slice(0, length) : text);
const cutOrNull = (text: string | null | undefined, length: number) => (text === null || text === undefined ? null : cut(text, length));

const ACTOR_FILTER = /^(?:(api_key|user):(\d{1,15})|(operator|anonymous))$/;

export class AuditService {
  private readonly keyNames: KeyedUntilChanged<string>;
  private readonly writer: AuditWriter;

  constructor(private readonly deps: AuditServiceDependencies) {
    // Key names never change; the topic only bounds how long a copy is trusted.
    this.keyNames = new KeyedUntilChanged(deps.changes, 'api-keys', MAX_CACHED_KEY_NAMES);
    this.writer = new AuditWriter({ db: deps.db });
  }

  /** Writes one entry (in a batch with others: audit-writer.ts). The caller (after the answer) logs a failure: it never fails the request. */
  async record(record: AuditRecord): Promise<void> {
    const { actor, resource } = record;
    const [projectId, usedKeyName] = await Promise.all([
      this.projectIdOf(actor, record.interface, record.projectSlug),
      actor.type === 'api_key' ? this.keyNameOf(actor.apiKeyId) : Promise.resolve(null),
    ]);
    // Keys are made in the console or by the operator, never with a key: on such an entry the key columns name the key made.
    const key =
      actor.type === 'api_key'
        ? { id: actor.apiKeyId, name: usedKeyName }
        : resource?.type === 'api_key' && resource.name !== undefined
          ? { id: Number(resource.id), name: resource.name }
          : null;
    await this.writer.write({
      created_at: this.deps.clock.now().toISOString(),
      project_id: projectId,
      interface: record.interface,
      actor_type: actor.type,
      user_id: actor.type === 'api_key' || actor.type === 'user' ? actor.userId : null,
      api_key_id: key?.id ?? null,
      api_key_name: cutOrNull(key?.name, LIMITS.keyName),
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
    });
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

  private async list(query: AuditQuery, page: { limit: number; offset: number }): Promise<AuditPage> {
    const [count, rows] = await Promise.all([countAuditEntries(this.deps.db, query), listAuditEntries(this.deps.db, query, page)]);
    return { count, entries: rows.map(toEntry) };
  }

  /**
   * The project an entry is filed under. A member's request goes to the
   * project only while they are its member (the membership the request
   * itself just read, kept by ProjectAccess): a guess at another project's
   * slug is the operator's business, not that project's. The operator's
   * changes go to the project they name.
   */
  private async projectIdOf(actor: AuditActor, where: AuditInterface, slug: string | null): Promise<number | null> {
    if (slug === null) return null;
    if (actor.type === 'operator' && where === 'operator') return this.deps.access.requireForOperator(slug).then((project) => project.id, () => null);
    if (actor.type !== 'api_key' && actor.type !== 'user') return null;
    const member = { userId: actor.userId, keyId: actor.type === 'api_key' ? actor.apiKeyId : 0, readOnly: false };
    return this.deps.access.require(member, slug).then((project) => project.id, () => null);
  }

  private async keyNameOf(keyId: number): Promise<string | null> {
    return (await this.keyNames.get(String(keyId), () => this.deps.apiKeys.nameOf(keyId))) ?? null;
  }
}

/** The filters as the repo's query; a filter that is not well formed is a validation error naming it. */
function queryOf(filters: AuditFilters): AuditQuery {
  const query: AuditQuery = {};
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
