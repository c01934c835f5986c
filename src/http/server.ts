// The listener on PORT: the project API (/api/v1), the operator API
// (/admin/v1), the console (/console/), the OpenAPI document, health and metrics.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { publishApiDocuments } from './plugins/api-documents.ts';
import { requestBaseUrl } from '../schemas/pagination.ts';
import { acceptJsonBodiesOnly } from './plugins/json-body.ts';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { Type } from 'typebox';
import { pingDatabase } from '../db/client.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { operatorRoutes, type OperatorDependencies } from '../modules/operator/index.ts';
import { hostRoutes } from '../modules/hosts/index.ts';
import { hostDriftRoutes } from '../modules/host-drift/index.ts';
import { auditOperatorRoutes } from '../modules/audit/index.ts';
import { recordChanges } from './plugins/audit.ts';
import type { Services } from '../services.ts';
import { errorResponses } from '../schemas/common.ts';
import { requireOperatorToken } from './plugins/authentication.ts';
import { instrument, measureHostDrift } from './plugins/metrics.ts';
import { serializersOnFirstUse } from './plugins/compile-on-first-use.ts';
import { clientErrorHandler, frameworkErrorHandler, installProblemDetails, knownProblem, problem, problemForStatus, sendProblem } from './plugins/problem-details.ts';
import { databaseUnavailable } from '../errors.ts';
import { checkResponsesAgainstSchemas, type ContractViolation } from './plugins/response-contract.ts';
import { installValidation, parseQueryString } from './plugins/validation.ts';
import { projectApi } from './project-api.ts';
import type { Clock } from '../clock.ts';
import { consolePlugin } from '../console/console.plugin.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { serveConsoleStreams } from './console-streams.ts';
import { CLOUDPLANE_VERSION } from '../version.ts';

/** The project API's base address on this listener (the spec's `{base_url}`). */
export const API_ROOT = '/api/v1';
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const MAX_URL_LENGTH = 8192;

export interface MainServerOptions {
  logger: Logger;
  db: Kysely<Database>;
  services: Services;
  operator: Omit<OperatorDependencies, 'users' | 'apiKeys' | 'members' | 'servers' | 'backOffice' | 'firewallInspection' | 'db'>;
  operatorTokenHash: string;
  metrics: Registry;
  publicUrl: string | undefined;
  clock: Clock;
  changes: ChangeFeed;
  /** How long a server's console stays open without a byte either way. */
  serverConsoleIdleMs: number;
  onContractViolation?: (violation: ContractViolation) => void;
}

/** Options shared by both listeners: the same edge limits and error shapes. */
export function fastifyOptions(logger: FastifyBaseLogger, clientError: ReturnType<typeof clientErrorHandler>) {
  return {
    loggerInstance: logger,
    // instrument() logs one line per request when it completes, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200, querystringParser: parseQueryString },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler: clientError,
    schemaController: serializersOnFirstUse,
  };
}

/** Which interface of this listener a route belongs to, for the audit log; null for the rest (health, metrics, documents). */
function interfaceOfRoute(route: string): 'project' | 'operator' | 'console' | null {
  if (route.startsWith(`${API_ROOT}/`)) return 'project';
  if (route.startsWith('/admin/v1/')) return 'operator';
  if (route === '/console' || route.startsWith('/console/')) return 'console';
  return null;
}

export async function buildMainServer(options: MainServerOptions): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(options.logger, clientErrorHandler('application/problem+json', problemForStatus)));
  // The APIs refuse a body member they do not know (a misspelt field would
  // otherwise pass as not sent); the console's forms carry members of their
  // own (`_csrf`), and a page reads only the fields it asks for.
  installValidation(app, { closesBodiesOf: (url) => ['project', 'operator'].includes(interfaceOfRoute(url) ?? '') });
  acceptJsonBodiesOnly(app);
  installProblemDetails(app);
  instrument(app, options.metrics, 'project');
  measureHostDrift(options.metrics, options.services.hostDrift);
  recordChanges(app, { audit: options.services.audit, interfaceOf: interfaceOfRoute, logger: options.logger });
  if (options.onContractViolation) checkResponsesAgainstSchemas(app, options.onContractViolation);

  // A callback hook, as every request passes it: answering ends the request here, without calling done.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) sendProblem(reply, problem('uri_too_long', `The URL is longer than ${MAX_URL_LENGTH} characters`));
    else done();
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'cloudplane project API',
        version: '1.0.0',
        description:
          'Projects, servers, actions, orders and catalogue, firewall groups and reverse DNS. Every request carries `Authorization: Bearer <API key>`; ' +
          'errors are RFC 9457 problem details (`application/problem+json`) with a stable `code`. Slow work answers at once with an action or an order to poll.',
        contact: { name: 'The operator of this cloudplane installation' },
      },
      tags: [
        { name: 'account', description: 'The key’s user, their billing account and projects' },
        { name: 'projects', description: 'Projects: everything belongs to one' },
        { name: 'catalogue', description: 'What can be ordered: products, images, locations, ISOs and prices, as billing has them (up to 5 minutes old)' },
        { name: 'ssh-keys', description: 'The project’s SSH keys, installed on servers at order and reinstall' },
        { name: 'snapshots', description: 'Snapshots of servers, made by the create_snapshot action' },
        { name: 'events', description: "The project's event log: every change to its resources, as a stream or in pages" },
        { name: 'webhooks', description: "The project's events POSTed to URLs of its choosing, signed as Standard Webhooks 1.0 says; owners and admins" },
        { name: 'audit', description: "Who changed what in the project, through which interface and with what outcome; owners and admins" },
        { name: 'servers', description: 'Servers: list, read, rename, cancel' },
        { name: 'actions', description: 'Operations on a server that take time: started at once (202), then polled' },
        { name: 'orders', description: 'Ordering servers, upgrades and bandwidth, paid from the owner’s credit or by invoice; at most 10 order requests a minute per key' },
        { name: 'firewall', description: 'Firewall groups of allow rules, attached to servers' },
        { name: 'reverse-dns', description: 'PTR names of a server’s addresses' },
      ],
      // Paths are written relative to the API root, as the spec writes them; each answer names this listener's absolute URL.
      servers: [{ url: API_ROOT }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'API key' } } },
      security: [{ apiKey: [] }],
    },
  });
  await publishApiDocuments(app, {
    title: 'cloudplane project API reference',
    apiRoot: API_ROOT,
    serverDescription: options.publicUrl ? 'production: this cloudplane at its public address' : 'local: this cloudplane as the client reached it',
    baseUrl: (request) => requestBaseUrl(request, options.publicUrl),
  });

  await app.register(projectApi, { prefix: '/api/v1', services: options.services, publicUrl: options.publicUrl });
  await app.register(
    async (admin) => {
      requireOperatorToken(admin, options.operatorTokenHash);
      await admin.register(operatorRoutes, {
        ...options.operator,
        users: options.services.users,
        apiKeys: options.services.apiKeys,
        members: options.services.members,
        servers: options.services.servers,
        backOffice: options.services.backOffice,
        firewallInspection: options.services.firewallInspection,
        db: options.db,
      });
      await admin.register(hostRoutes, { hosts: options.services.hosts });
      await admin.register(hostDriftRoutes, { drift: options.services.hostDrift });
      await admin.register(auditOperatorRoutes, { audit: options.services.audit });
    },
    { prefix: '/admin/v1' },
  );

  await app.register(consolePlugin, { services: options.services, publicUrl: options.publicUrl, clock: options.clock, serverConsoleIdleMs: options.serverConsoleIdleMs });
  serveConsoleStreams(app, { consoles: options.services.serverConsoles, changes: options.changes, logger: options.logger, publicUrl: options.publicUrl, idleMs: options.serverConsoleIdleMs });

  const hide = true;
  // The version lets a deploy check which release answers, without a key.
  const health = { status: 'ok', version: CLOUDPLANE_VERSION };
  app.get('/healthz', { schema: { hide, response: { 200: Type.Object({ status: Type.String(), version: Type.String() }) } } }, async () => health);
  app.get('/readyz', { schema: { hide, response: { 200: Type.Object({ status: Type.String() }), ...errorResponses } } }, async (_request, reply) => {
    try {
      await pingDatabase(options.db);
      return { status: 'ready' };
    } catch {
      // With the Retry-After every other answer of an outage carries.
      const unavailable = knownProblem(databaseUnavailable())!;
      return sendProblem(reply, { ...unavailable.body, detail: 'The database does not answer' }, unavailable.headers);
    }
  });
  app.get('/metrics', { schema: { hide } }, async (_request, reply) =>
    reply.type(options.metrics.contentType).send(await options.metrics.metrics()),
  );
  return app;
}
