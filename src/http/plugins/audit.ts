// The audit log's hook on a listener: once the answer to every change (any
// method but GET, HEAD and OPTIONS) is settled, one entry is written with who
// asked (from the request's credentials), from where, the route's pattern,
// the resource its path names, the outcome and the request id. Nothing of the
// body, the headers or the URL's query is taken.
//
// Handlers that know more than the route says leave a note on the request
// (`noteForAudit`, routing/audit-notes.ts).
//
// The write never delays or fails the request: it starts once the answer is settled,
// its failure is logged, and closing the listener waits for the writes begun.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifySessionObject } from '@fastify/session';
import { sessionReference } from '../../modules/console-sessions/index.ts';
import type { AuditActor, AuditInterface, AuditResource, AuditService } from '../../modules/audit/index.ts';
import { noteRequestFacts, notesOf, READS, type RequestNotes } from '../../routing/audit-notes.ts';

export interface AuditTrailOptions {
  audit: AuditService;
  /** Which interface a route belongs to; null: not recorded. */
  interfaceOf: (route: string) => AuditInterface | null;
  logger: FastifyBaseLogger;
}

/**
 * Records `app`'s changes. Called on the root instance before any route is
 * added (as `instrument` is), so the hooks see every route of the listener.
 */
export function recordChanges(app: FastifyInstance, options: AuditTrailOptions): void {
  const writing = new Set<Promise<void>>();

  app.addHook('onRequest', (request, _reply, done) => {
    // Reads are not recorded: their address is not even looked up.
    if (!READS.has(request.method)) noteRequestFacts(request, { clientIp: request.ip });
    done();
  });

  // A console session may end in the handler (signing out): who it was is taken before.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!READS.has(request.method)) {
      const user = signedInUser(request);
      if (user) noteRequestFacts(request, { signedInAs: user });
    }
    done();
  });

  // onSend, not onResponse: the answer is settled (its status known) whether or not the client is still there to
  // take it, so a client that hangs up before the answer cannot make a change the log never sees.
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    // A path no route answers names nothing to record (and its raw URL may not be stored).
    const where = route === undefined || READS.has(request.method) ? null : options.interfaceOf(route);
    if (route !== undefined && where !== null) {
      const note = notesOf(request);
      const params = (request.params ?? {}) as Record<string, unknown>;
      const resource = note?.resource ? { ...note.resource, id: String(note.resource.id) } : resourceNamedBy(route, params);
      const write = options.audit
        .record({
          interface: where,
          actor: actorOf(request, where, note),
          clientIp: note?.clientIp ?? request.ip ?? 'unknown',
          method: request.method,
          route,
          operation: note?.operation ?? null,
          resource,
          projectSlug: note?.projectSlug ?? projectSlugOf(params),
          statusCode: reply.statusCode,
          problemCode: note?.problemCode ?? null,
          requestId: request.id,
        })
        .catch((error: unknown) => options.logger.error({ err: error, requestId: request.id }, 'writing an audit entry failed'));
      writing.add(write);
      void write.finally(() => writing.delete(write));
    }
    done(null, payload);
  });

  app.addHook('onClose', async () => {
    await Promise.all(writing);
  });
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
