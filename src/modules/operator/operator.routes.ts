// The operator API (/admin/v1): the provider's back office, and how tests set
// up the world. It talks to the built-in systems directly, so it keeps working
// while a system is made to fail for the public APIs.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AdjustableClock } from '../../clock.ts';
import { errorResponses, NoContent } from '../../schemas/common.ts';
import { formatMoney, parseMoney } from '../../money.ts';
import type { Upstreams } from '../../upstreams/index.ts';
import type { ApiKeyService } from '../api-keys/index.ts';
import { CatalogueSchema } from '../../schemas/catalogue.ts';
import type { MemberService } from '../projects/index.ts';
import type { UserService } from '../users/index.ts';
import { runningServerCounters, ServerSchema, type ServerService } from '../servers/index.ts';
import { exporterText } from '../../upstreams/metrics/libvirt-exporter.ts';
import { type FirewallInspection, firewallOperatorRoutes } from '../firewall/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Invoice } from '../../upstreams/billing/port.ts';
import type { BackOfficeService } from './back-office.service.ts';
import * as schemas from './operator.schemas.ts';
import { noteForAudit } from '../../routing/audit-notes.ts';
import { notFound } from '../../errors.ts';

export interface OperatorDependencies {
  users: UserService;
  apiKeys: ApiKeyService;
  members: MemberService;
  servers: ServerService;
  backOffice: BackOfficeService;
  firewallInspection: FirewallInspection;
  db: Kysely<Database>;
  upstreams: Upstreams;
  /** Present only with CLOUDPLANE_TEST_CLOCK=1. */
  testClock: AdjustableClock | null;
  /** Lets the worker run work that became due when the clock moved. */
  wakeWorker: () => void;
}

const hide = true;
/** Prometheus's text exposition format, as exporters answer a scrape. */
const EXPOSITION_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export const operatorRoutes: FastifyPluginAsyncTypebox<OperatorDependencies> = async (app, deps) => {
  const { users, apiKeys, members, upstreams, backOffice } = deps;

  app.post('/users', { schema: { hide, operationId: 'operatorCreateUser', body: schemas.CreateUserBody, response: { 201: schemas.UserSchema, ...errorResponses } } }, async (request, reply) =>
    reply.code(201).send(await users.create(request.body)),
  );

  app.get('/users/:user_id', { schema: { hide, operationId: 'operatorGetUser', params: schemas.UserIdParams, response: { 200: schemas.UserSchema, ...errorResponses } } }, (request) =>
    users.get(request.params.user_id),
  );

  app.post(
    '/users/:user_id/api-keys',
    { schema: { hide, operationId: 'operatorCreateApiKey', params: schemas.UserIdParams, body: schemas.CreateApiKeyBody, response: { 201: schemas.CreatedApiKeySchema, ...errorResponses } } },
    async (request, reply) => {
      const created = await apiKeys.create(request.params.user_id, request.body);
      noteForAudit(request, { operation: 'api_key.created', resource: { type: 'api_key', id: created.id, name: created.name } });
      return reply.code(201).send(created);
    },
  );

  app.delete('/api-keys/:key_id', { schema: { hide, operationId: 'operatorRevokeApiKey', params: schemas.KeyIdParams, response: { 204: NoContent, ...errorResponses } } }, async (request, reply) => {
    await apiKeys.revoke(request.params.key_id);
    return reply.code(204).send(null);
  });

  app.post(
    '/users/:user_id/credit',
    { schema: { hide, operationId: 'operatorAdjustCredit', params: schemas.UserIdParams, body: schemas.CreditBody, response: { 200: schemas.BillingAccountSchema, ...errorResponses } } },
    (request) => backOffice.adjustCredit(request.params.user_id, parseMoney(request.body.amount), request.body.reason ?? 'operator adjustment'),
  );

  app.put(
    '/projects/:project_slug/members/:user_id',
    { schema: { hide, operationId: 'operatorSetMember', params: schemas.MemberParams, body: schemas.MemberBody, response: { 200: schemas.MemberSchema, ...errorResponses } } },
    (request) => members.set(request.params.project_slug, request.params.user_id, request.body.role),
  );

  app.delete('/projects/:project_slug/members/:user_id', { schema: { hide, operationId: 'operatorRemoveMember', params: schemas.MemberParams, response: { 204: NoContent, ...errorResponses } } }, async (request, reply) => {
    await members.remove(request.params.project_slug, request.params.user_id);
    return reply.code(204).send(null);
  });

  app.get('/catalogue', { schema: { hide, operationId: 'operatorGetCatalogue', response: { 200: CatalogueSchema, ...errorResponses } } }, () => backOffice.getCatalogue());

  app.put('/catalogue', { schema: { hide, operationId: 'operatorReplaceCatalogue', body: CatalogueSchema, response: { 200: CatalogueSchema, ...errorResponses } } }, (request) =>
    backOffice.replaceCatalogue(request.body),
  );

  app.get('/faults', { schema: { hide, operationId: 'operatorListFaults', response: { 200: Type.Record(Type.String(), schemas.FaultSchema), ...errorResponses } } }, async () =>
    Object.fromEntries((await upstreams.faults.list()).map((fault) => [fault.system, fault])),
  );

  app.put(
    '/faults/:system',
    { schema: { hide, operationId: 'operatorSetFault', params: schemas.SystemParams, body: schemas.FaultBody, response: { 200: schemas.FaultSchema, ...errorResponses } } },
    (request) => upstreams.faults.set(request.params.system, request.body.mode, request.body.count ?? null, request.body.committed ?? false),
  );

  const servers = deps.servers;
  const serverResponse = { 200: ServerSchema, ...errorResponses };
  app.post(
    '/projects/:project_slug/servers',
    { schema: { hide, operationId: 'operatorPlaceServer', params: schemas.ProjectSlugParams, body: schemas.PlaceServerBody, response: { 201: ServerSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await servers.placeForOperator(request.params.project_slug, request.body)),
  );
  app.post('/servers/:server_id/suspend', { schema: { hide, operationId: 'operatorSuspendServer', params: schemas.ServerIdParams, response: serverResponse } }, (request) =>
    servers.suspend(request.params.server_id),
  );
  app.post('/servers/:server_id/unsuspend', { schema: { hide, operationId: 'operatorUnsuspendServer', params: schemas.ServerIdParams, response: serverResponse } }, (request) =>
    servers.unsuspend(request.params.server_id),
  );
  app.put(
    '/servers/:server_id/bandwidth-usage',
    { schema: { hide, operationId: 'operatorSetBandwidthUsage', params: schemas.ServerIdParams, body: schemas.BandwidthUsageBody, response: serverResponse } },
    (request) => servers.setBandwidthUsage(request.params.server_id, request.body.used_gb),
  );

  const toInvoice = (invoice: Invoice) => ({
    id: invoice.id,
    status: invoice.status,
    total: formatMoney(invoice.total),
    credit_applied: formatMoney(invoice.creditApplied),
    currency: invoice.currency,
    items: invoice.items.map((item) => ({ description: item.description, amount: formatMoney(item.amount) })),
  });
  // Paid in the console or cancelled: the invoice's order follows at once.
  for (const action of ['pay', 'cancel'] as const) {
    app.post(
      `/invoices/:invoice_id/${action}`,
      { schema: { hide, operationId: `operator${action === 'pay' ? 'Pay' : 'Cancel'}Invoice`, params: schemas.InvoiceIdParams, response: { 200: schemas.InvoiceSchema, ...errorResponses } } },
      async (request) => toInvoice(await backOffice.settleInvoice(request.params.invoice_id, action)),
    );
  }

  await app.register(firewallOperatorRoutes, { inspection: deps.firewallInspection });

  // The simulator's drift hook (D26), so clients can meet a machine gone behind cloudplane's back: only while the simulator runs the servers.
  const simulator = upstreams.simulator;
  if (simulator) {
    app.delete(
      '/simulator/machines/:server_id',
      { schema: { hide, operationId: 'operatorLoseSimulatedMachine', params: schemas.ServerIdParams, response: { 204: NoContent, ...errorResponses } } },
      async (request, reply) => {
        if (!(await simulator.loseMachine(request.params.server_id))) throw notFound('simulated machine');
        return reply.code(204).send(null);
      },
    );
    // Every running server's counters as prometheus-libvirt-exporter serves a host's, for a Prometheus that scrapes
    // the simulator (METRICS_BACKEND=prometheus, docs/metrics.md): the same names, so the same PromQL reads both.
    app.get(
      '/simulator/counters',
      {
        schema: {
          hide,
          operationId: 'operatorSimulatorCounters',
          response: { 200: Type.String({ description: 'Prometheus text format: one series per running server and counter' }), ...errorResponses },
        },
      },
      async (_request, reply) => reply.type(EXPOSITION_TYPE).send(exporterText(await runningServerCounters(deps.db, upstreams.backOffice.provisioning))),
    );
  }

  const testClock = deps.testClock;
  if (testClock) {
    app.post(
      '/clock/advance',
      { schema: { hide, operationId: 'operatorAdvanceClock', body: schemas.ClockAdvanceBody, response: { 200: Type.Object({ now: Type.String() }), ...errorResponses } } },
      async (request) => {
        const now = await testClock.advance(request.body.seconds);
        deps.wakeWorker();
        return { now: now.toISOString() };
      },
    );
  }
};
