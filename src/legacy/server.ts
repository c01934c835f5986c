// The listener on LEGACY_PORT: the older account API. Every answer, errors
// and unknown paths included, is JSON in the legacy envelope.
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { publishApiDocuments } from '../http/plugins/api-documents.ts';
import { acceptJsonBodiesOnly } from '../http/plugins/json-body.ts';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { fastifyOptions, MAX_URL_LENGTH } from '../http/server.ts';
import { clientErrorHandler, knownProblem } from '../http/plugins/problem-details.ts';
import { recordChanges } from '../http/plugins/audit.ts';
import { noteForAudit } from '../routing/audit-notes.ts';
import { instrument } from '../http/plugins/metrics.ts';
import { mirrorRoutes } from '../http/plugins/route-mirror.ts';
import { installValidation } from '../http/plugins/validation.ts';
import { failure, sendFailure, toLegacyFailure } from './envelope.ts';
import type { Services } from '../services.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { checkResponsesAgainstSchemas, type ContractViolation } from '../http/plugins/response-contract.ts';
import { legacyApi } from './legacy-api.ts';
import type { Upstreams } from '../upstreams/index.ts';
import type { Clock } from '../clock.ts';

export interface LegacyServerOptions {
  logger: Logger;
  metrics: Registry;
  db: Kysely<Database>;
  services: Services;
  upstreams: Upstreams;
  clock: Clock;
  wakeWorker: () => void;
  /** The main listener's port, for console links when CLOUDPLANE_PUBLIC_URL is unset. */
  mainPort: () => number;
  publicUrl: string | undefined;
  /** Tests: every response is checked against its route's declared schema. */
  onContractViolation?: (violation: ContractViolation) => void;
}

export async function buildLegacyServer(options: LegacyServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...fastifyOptions(options.logger, clientErrorHandler('application/json', (_status, message) => failure(message))),
    frameworkErrors: (error, request, reply) => {
      const { status, body } = toLegacyFailure(error, request);
      void sendFailure(reply, status, body);
    },
  });
  // Bodies stay open here: the legacy clients send members of their own and need them ignored.
  installValidation(app);
  acceptJsonBodiesOnly(app);
  instrument(app, options.metrics, 'legacy');
  recordChanges(app, { audit: options.services.audit, interfaceOf: () => 'legacy', logger: options.logger });
  if (options.onContractViolation) checkResponsesAgainstSchemas(app, options.onContractViolation);

  const allowedMethods = mirrorRoutes(app);
  app.setErrorHandler((error, request, reply) => {
    // The envelope carries no code; the audit log keeps the one the project API would have answered.
    noteForAudit(request, { problemCode: knownProblem(error)?.body.code ?? 'internal_error' });
    const { status, body, headers } = toLegacyFailure(error, request);
    return sendFailure(reply, status, body, headers);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(path);
    if (allowed.length > 0) return sendFailure(reply, 405, failure(`${request.method} is not allowed here`), { allow: allowed.join(', ') });
    return sendFailure(reply, 404, failure('Not found'));
  });
  // A callback hook, as every request passes it: answering ends the request here, without calling done.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) sendFailure(reply, 414, failure('The URL is too long'));
    else done();
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'cloudplane legacy account API',
        version: '1.0.0',
        description:
          'The older account-level interface: products, deploy, servers, power, upgrade, cancel and SSH keys, for accounts granted access. ' +
          'Every request carries `Authorization: Bearer <API token>`; answers are `{result: "success", data}`, failures `{result: "error", message, errors?}`.',
        contact: { name: 'The operator of this cloudplane installation' },
      },
      tags: [
        { name: 'products', description: 'Products that can be deployed, with or without prices' },
        { name: 'servers', description: 'Deploying servers, reading them, power, upgrade and cancel' },
        { name: 'keys', description: 'The account’s SSH keys' },
      ],
      components: { securitySchemes: { apiToken: { type: 'http', scheme: 'bearer' } } },
      security: [{ apiToken: [] }],
    },
  });
  // The legacy paths carry their /api/v1 themselves (the spec writes them so); the server is this listener as the client reached it.
  await publishApiDocuments(app, {
    title: 'cloudplane legacy account API reference',
    apiRoot: '',
    serverDescription: 'production or local: the legacy listener of this cloudplane as the client reached it',
    baseUrl: (request) => `${request.protocol}://${request.host}`,
  });
  await app.register(legacyApi, { prefix: '/api/v1', db: options.db, services: options.services, upstreams: options.upstreams, clock: options.clock, wakeWorker: options.wakeWorker, mainPort: options.mainPort, publicUrl: options.publicUrl });
  return app;
}
