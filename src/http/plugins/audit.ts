// The audit log's hook on a listener: every change (any method but GET, HEAD
// and OPTIONS) gets one entry with who asked (from the request's
// credentials), from where, the route's pattern, the resource its path names,
// the outcome and the request id. Nothing of the body, the headers or the
// URL's query is taken.
//
// The entry commits with the change (D26). The request runs with a commit
// companion (db/commit-companion.ts): the first write it commits, in any
// module, takes the entry along into its transaction, written as it stands
// then, without a status. Once the answer is out, the entry is completed with
// the outcome; a request that committed nothing (a refusal) gets its whole
// entry then. A crash in between leaves the change with an entry whose status
// is null: never a change without its entry.
//
// Handlers that know more than the route says leave a note on the request
// (`noteForAudit`, routing/audit-notes.ts).
//
// Completing never delays or fails the request: it starts once the answer is
// out, its failure is logged, and closing the listener waits for the writes begun.
import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifySessionObject } from '@fastify/session';
import type { CompiledQuery } from 'kysely';
import { crashPoint } from '../../crash-points.ts';
import { runWithCommitCompanion, type CommitCompanion } from '../../db/commit-companion.ts';
import { sessionReference } from '../../modules/console-sessions/index.ts';
import type { AuditActor, AuditInterface, AuditResource, AuditService, PendingAuditRecord } from '../../modules/audit/index.ts';
import { noteRequestFacts, notesOf, READS, type RequestNotes } from '../../routing/audit-notes.ts';

export interface AuditTrailOptions {
  audit: AuditService;
  /** Which interface a route belongs to; null: not recorded. */
  interfaceOf: (route: string) => AuditInterface | null;
  logger: FastifyBaseLogger;
}

/**
 * A change's entry while its request runs: the companion its first committed
 * write takes along, and then the id that write gave it.
 */
class ChangeEntry implements CommitCompanion {
  /** The entry's id once committed with a change. */
  id: number | null = null;
  /** The answer is out: later writes in the request's async context (a job it woke) are not its change. */
  over = false;
  /**
   * Runs the hooks and handler that follow in the request's async context, which body parsing would lose. Made
   * inside the companion's context (`enter`), which it then carries.
   */
  private scope: AsyncResource | null = null;

  constructor(
    private readonly request: FastifyRequest,
    readonly where: AuditInterface,
    private readonly audit: AuditService,
  ) {}

  /** Runs `next` (the rest of the request) with this entry as its commit companion. */
  enter(next: () => void): void {
    runWithCommitCompanion(this, () => {
      this.scope = new AsyncResource('cloudplane.change-request');
      next();
    });
  }

  /** Runs `next` back in the context `enter` gave the request. */
  resume(next: () => void): void {
    if (this.scope) this.scope.runInAsyncScope(next);
    else next();
  }

  statementToCommit(): CompiledQuery | null {
    return this.over ? null : this.audit.pendingEntryStatement(pendingRecordOf(this.request, this.where));
  }

  committed(rows: readonly unknown[]): void {
    const row = rows[0] as { id: number | string } | undefined;
    if (row) this.id = Number(row.id);
  }
}

const entries = new WeakMap<FastifyRequest, ChangeEntry>();

/**
 * Records `app`'s changes. Called on the root instance before any route is
 * added (as `instrument` is), so the hooks see every route of the listener.
 */
export function recordChanges(app: FastifyInstance, options: AuditTrailOptions): void {
  const writing = new Set<Promise<void>>();

  app.addHook('onRequest', (request, _reply, done) => {
    // Reads are not recorded: their address is not even looked up.
    if (READS.has(request.method)) return done();
    noteRequestFacts(request, { clientIp: request.ip });
    const route = request.routeOptions.url;
    // A path no route answers names nothing to record (and its raw URL may not be stored).
    const where = route === undefined ? null : options.interfaceOf(route);
    if (where === null) return done();
    const entry = new ChangeEntry(request, where, options.audit);
    entries.set(request, entry);
    entry.enter(done);
  });

  // Only a route that answers a change needs the hooks below: they are the route's own (onRoute), so a read passes
  // no phase for them. Fastify runs a route's own hooks after its context's; no context adds preValidation hooks, and
  // onSend only defers the completion, whatever ran before it.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => READS.has(method))) return;
    route.preValidation = [resumeChange, ...[route.preValidation ?? []].flat()];
    route.onSend = [completeOnceOver, ...[route.onSend ?? []].flat()];
  });

  // Node runs the request body's events in the socket's async context: the hooks after parsing and the handler are
  // put back in the request's, where its commit companion is. A console session may end in the handler (signing
  // out), or in a preHandler hook (its user gone): who it was is taken here, before either.
  function resumeChange(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const entry = entries.get(request);
    if (!entry) return done();
    const user = signedInUser(request);
    if (user) noteRequestFacts(request, { signedInAs: user });
    entry.resume(done);
  }

  // The answer is settled at onSend (its status known) whether or not the client is still there to take it. Other
  // onSend hooks may still write as part of the change (a new console session is stored), so the entry is completed
  // once the response is over: finished, or cut off by a client that hung up.
  function completeOnceOver(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
    const entry = entries.get(request);
    if (entry) whenResponseOver(reply, () => void complete(entry, request, reply));
    done(null, payload);
  }

  function complete(entry: ChangeEntry, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    entry.over = true;
    const record = { ...pendingRecordOf(request, entry.where), statusCode: reply.statusCode, problemCode: notesOf(request)?.problemCode ?? null };
    if (entry.id !== null) crashPoint('audit.after-commit');
    const write = (entry.id === null ? options.audit.record(record) : options.audit.complete(entry.id, record)).catch((error: unknown) =>
      options.logger.error({ err: error, requestId: request.id }, 'writing an audit entry failed'),
    );
    writing.add(write);
    void write.finally(() => writing.delete(write));
    return write;
  }

  app.addHook('onClose', async () => {
    await Promise.all(writing);
  });
}

/** Calls `then` once, when the response has been sent or its connection closed, whichever comes first. */
function whenResponseOver(reply: FastifyReply, then: () => void): void {
  const response = reply.raw;
  if (response.destroyed || response.writableFinished) return then();
  response.once('close', then);
}

/** What the request says of its change so far (its answer not yet settled). */
function pendingRecordOf(request: FastifyRequest, where: AuditInterface): PendingAuditRecord {
  const note = notesOf(request);
  const route = request.routeOptions.url ?? request.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  return {
    interface: where,
    actor: actorOf(request, where, note),
    clientIp: note?.clientIp ?? request.ip ?? 'unknown',
    method: request.method,
    route,
    operation: note?.operation ?? null,
    resource: note?.resource ? { ...note.resource, id: String(note.resource.id) } : resourceNamedBy(route, params),
    projectSlug: note?.projectSlug ?? projectSlugOf(params),
    requestId: request.id,
  };
}

function actorOf(request: FastifyRequest, where: AuditInterface, note: RequestNotes | undefined): AuditActor {
  switch (where) {
    case 'project':
    case 'legacy': {
      // Set by the authentication hook once the key was accepted; absent when it was refused.
      const actor = where === 'project' ? request.actor : request.legacyActor;
      return actor ? { type: 'api_key', userId: actor.userId, apiKeyId: actor.keyId } : { type: 'anonymous' };
    }
    case 'operator':
      // The operator API's one refusal of credentials is its token's.
      return note?.problemCode === 'unauthenticated' ? { type: 'anonymous' } : { type: 'operator' };
    case 'console': {
      // After a sign-in, the new session's user; after a sign-out, the one the request began with.
      const user = signedInUser(request) ?? note?.signedInAs;
      if (user) return { type: 'user', ...user };
      if (note?.userId !== undefined) return { type: 'user', userId: note.userId, sessionRef: null };
      return { type: 'anonymous' };
    }
  }
}

/** The console user whose session the request carries (only console requests have one). */
function signedInUser(request: FastifyRequest): { userId: number; sessionRef: string } | undefined {
  const session = (request as { session?: FastifySessionObject | null }).session;
  const userId = session?.get('userId');
  if (!session || userId === undefined) return undefined;
  return { userId, sessionRef: sessionReference(session.sessionId) };
}

function projectSlugOf(params: Record<string, unknown>): string | null {
  const slug = params.project_slug ?? params.slug;
  return typeof slug === 'string' ? slug : null;
}

/**
 * The kind of resource named by the id after each collection in a route's
 * path. Two-part names come first: the console's `profile/keys` are API keys,
 * the legacy API's `keys` are SSH keys.
 */
const RESOURCE_TYPES = new Map<string, string>(Object.entries({
  'profile/keys': 'api_key',
  'api-keys': 'api_key',
  keys: 'ssh_key',
  'ssh-keys': 'ssh_key',
  servers: 'server',
  actions: 'action',
  orders: 'order',
  snapshots: 'snapshot',
  'firewall-groups': 'firewall_group',
  firewalls: 'firewall_group',
  rules: 'firewall_rule',
  'reverse-dns': 'reverse_dns',
  members: 'member',
  invitations: 'invitation',
  invoices: 'invoice',
  webhooks: 'webhook',
  deliveries: 'webhook_delivery',
  users: 'user',
  hosts: 'host',
  faults: 'fault',
}));

/** Path parameters that are not ids: the project (an entry's project, not its resource), an action's name, a page part. */
const NOT_RESOURCE_IDS = new Set(['project_slug', 'slug', 'name', 'part']);

/** Per route pattern: the parameter naming its innermost resource, and that resource's kind; null when it names none. */
const resourceParams = new Map<string, { param: string; type: string } | null>();

function resourceNamedBy(route: string, params: Record<string, unknown>): AuditResource | null {
  let found = resourceParams.get(route);
  if (found === undefined) {
    found = null;
    const segments = route.split('/').filter(Boolean);
    segments.forEach((segment, index) => {
      const param = segment.startsWith(':') ? segment.slice(1) : null;
      if (!param || NOT_RESOURCE_IDS.has(param) || index === 0) return;
      const type = RESOURCE_TYPES.get(`${segments[index - 2]}/${segments[index - 1]}`) ?? RESOURCE_TYPES.get(segments[index - 1]!);
      if (type) found = { param, type };
    });
    resourceParams.set(route, found);
  }
  // Path parameters are strings, or numbers once their schema says so.
  const id = found ? params[found.param] : undefined;
  return found && (typeof id === 'string' || typeof id === 'number') ? { type: found.type, id: String(id) } : null;
}
