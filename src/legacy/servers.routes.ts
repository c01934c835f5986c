// Legacy servers: list, read, status, power actions, upgrade and cancel, each
// over the project API's services on the project the server lives in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Id, jsonResponse, Text } from '../schemas/common.ts';
import { REASON_MAX_LENGTH } from '../modules/cancellation/index.ts';
import type { ActionName } from '../modules/actions/index.ts';
import type { Services } from '../services.ts';
import { withLegacyFieldNames } from './field-names.ts';
import { noteForAudit } from '../routing/audit-notes.ts';
import type { LegacyAccounts } from './legacy-accounts.service.ts';
import { failureResponses, Success, success, SuccessNull } from './legacy.schemas.ts';
import { purchaseAnswer, purchaseLimitFailures, PurchaseSchema } from './purchases.ts';
import { LegacyServerSchema } from './servers.ts';

const ServerParams = Type.Object({ server: Id({ description: "The server's billing service id" }) });

const UpgradeBody = Type.Object(
  {
    product: Text(20, { minLength: 1, description: 'The product `_id` to move to: one of the server’s `available_upgrades`' }),
    upgrade_disk: Type.Optional(Type.Boolean({ default: false })),
  },
  { title: 'LegacyUpgradeRequest' },
);

const CancelBody = Type.Object(
  {
    reason: Text(REASON_MAX_LENGTH, { minLength: 1, pattern: '\\S' }),
    immediate: Type.Optional(Type.Boolean({ default: false, description: 'true: at once; false: at the end of the current billing cycle' })),
  },
  { title: 'LegacyCancelRequest' },
);

/** Power actions, the project API action each starts (D13), and the operationId of each. */
const POWER_ACTIONS: Record<string, { action: ActionName; operationId: string }> = {
  boot: { action: 'power_on', operationId: 'legacyBootServer' },
  shutdown: { action: 'shutdown', operationId: 'legacyShutdownServer' },
  reboot: { action: 'reboot', operationId: 'legacyRebootServer' },
};

/**
 * Every server route finds the server through billing (the legacy id is its
 * billing service id), so any of them can meet billing's failures.
 */
const serverFailures = [401, 403, 404, 502, 503] as const;

export interface LegacyServerRouteOptions {
  services: Services;
  accounts: LegacyAccounts;
  /** Base of the console's invoice links (the main listener). */
  consoleUrl: (request: FastifyRequest) => string;
}

export const legacyServerRoutes: FastifyPluginAsyncTypebox<LegacyServerRouteOptions> = async (app, { services, accounts, consoleUrl }) => {
  const tags = ['servers'];

  app.get(
    '/servers',
    {
      schema: {
        operationId: 'legacyListServers',
        tags,
        summary: 'The account’s active servers',
        // Every active server of the account: the spec gives this list no pages and an account no server limit.
        response: { 200: Success(Type.Object({ servers: Type.Array(LegacyServerSchema) })), ...failureResponses(401, 403, 502, 503) },
      },
    },
    async (request) => success({ servers: await accounts.listServers(request.legacyActor) }),
  );

  app.get(
    '/servers/:server',
    {
      schema: {
        operationId: 'legacyGetServer',
        tags,
        summary: 'One active server',
        params: ServerParams,
        response: { 200: Success(Type.Object({ server: LegacyServerSchema })), ...failureResponses(...serverFailures) },
      },
    },
    async (request) => success({ server: await accounts.showServer(request.legacyActor, request.params.server) }),
  );

  app.get(
    '/servers/:server/status',
    {
      schema: {
        operationId: 'legacyGetServerStatus',
        tags,
        summary: 'Whether the server is running',
        params: ServerParams,
        response: { 200: Success(Type.Object({ status: Type.Union([Type.Literal('online'), Type.Literal('offline')]) })), ...failureResponses(...serverFailures) },
      },
    },
    async (request) => {
      const { server } = await accounts.server(request.legacyActor, request.params.server);
      return success({ status: server.status === 'running' ? ('online' as const) : ('offline' as const) });
    },
  );

  for (const [path, { action, operationId }] of Object.entries(POWER_ACTIONS)) {
    app.post(
      `/servers/:server/${path}`,
      {
        schema: {
          operationId,
          tags,
          summary: `Start server.${action}; answers when it is accepted, not when it is done`,
          params: ServerParams,
          // 409: another action is running on the server, or it is suspended; 503: the provisioning system is not taking work.
          response: { 200: SuccessNull, ...failureResponses(401, 403, 404, 409, 502, 503) },
        },
      },
      async (request) => {
        const { slug, server } = await accounts.server(request.legacyActor, request.params.server);
        noteForAudit(request, { projectSlug: slug, resource: { type: 'server', id: server.id } });
        await services.actions.start(request.legacyActor, slug, server.id, action, {}, null);
        return success(null);
      },
    );
  }

  app.put(
    '/servers/:server/upgrade',
    {
      schema: {
        operationId: 'legacyUpgradeServer',
        tags,
        summary: 'Upgrade to another product, charged from credit at once when it covers the cost',
        params: ServerParams,
        body: UpgradeBody,
        response: {
          200: jsonResponse(Success(PurchaseSchema), 'The upgrade is ordered; its invoice must be paid in the control panel first'),
          201: jsonResponse(Success(PurchaseSchema), 'Credit paid for the upgrade: it begins'),
          ...failureResponses(401, 403, 404, 409, 422, ...purchaseLimitFailures, 503),
        },
      },
    },
    async (request, reply) => {
      const actor = request.legacyActor;
      const { slug, server } = await accounts.server(actor, request.params.server);
      noteForAudit(request, { projectSlug: slug, resource: { type: 'server', id: server.id } });
      const productId = /^\d{1,9}$/.test(request.body.product) ? Number(request.body.product) : 0;
      const outcome = await withLegacyFieldNames({ product_id: 'product' }, () =>
        services.orders.orderUpgrade(actor, slug, server.id, { product_id: productId, upgrade_disk: request.body.upgrade_disk ?? false }, { keyId: actor.keyId, idempotency: null }),
      );
      const answer = purchaseAnswer(outcome.row, (id) => `${consoleUrl(request)}/console/invoices/${id}`);
      return reply.code(answer.status).send(success(answer.data));
    },
  );

  const cancel = async (request: FastifyRequest<{ Params: { server: number }; Body: { reason: string; immediate?: boolean } }>) => {
    const actor = request.legacyActor;
    const { slug, server } = await accounts.server(actor, request.params.server);
    noteForAudit(request, { projectSlug: slug, resource: { type: 'server', id: server.id } });
    const when = request.body.immediate ? 'immediate' : 'end_of_term';
    await services.cancellation.request(actor, slug, server.id, { when, reason: request.body.reason });
    return success(null);
  };
  const cancelSchema = {
    tags,
    summary: 'Cancel the server, at once or at the end of the billing cycle (PUT and POST both accepted)',
    params: ServerParams,
    body: CancelBody,
    // 409: the server already has a cancellation request of the other kind.
    response: { 200: SuccessNull, ...failureResponses(401, 403, 404, 409, 422, 502, 503) },
  };
  app.put('/servers/:server/cancel', { schema: { ...cancelSchema, operationId: 'legacyCancelServer' } }, cancel);
  app.post('/servers/:server/cancel', { schema: { ...cancelSchema, operationId: 'legacyCancelServerByPost', summary: 'Cancel the server (the same as PUT)' } }, cancel);
};

/**
 * The console's base, for invoice links: CLOUDPLANE_PUBLIC_URL, or else the
 * main listener at the host name the client reached this listener by.
 */
export function consoleBaseUrl(publicUrl: string | undefined, mainPort: () => number) {
  return (request: FastifyRequest) => {
    if (publicUrl) return publicUrl;
    const host = request.hostname.includes(':') && !request.hostname.startsWith('[') ? `[${request.hostname}]` : request.hostname;
    return `${request.protocol}://${host}:${mainPort()}`;
  };
}
