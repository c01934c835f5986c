import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { conflicts, IdempotentReplayedHeader, jsonResponse, problemResponses, refused } from '../../schemas/common.ts';
import { requestBaseUrl } from '../../schemas/pagination.ts';
import { rateLimitHeaders } from '../../schemas/error-statuses.ts';
import { IdempotencyHeaders } from '../actions/index.ts';
import { hashRequest } from '../idempotency/index.ts';
import { ProjectParams } from '../projects/index.ts';
import { ServerParams } from '../servers/index.ts';
import * as repo from './orders.repo.ts';
import {
  BandwidthBody,
  OrderListSchema,
  OrderParams,
  OrderSchema,
  OrderServerBody,
  RateLimitedHeaders,
  RateLimitHeaders,
  UpgradeBody,
  UpgradeOptionListSchema,
} from './orders.schemas.ts';
import type { OrderContext, OrderOutcome, OrderService } from './orders.service.ts';

export const orderRoutes: FastifyPluginAsyncTypebox<{ orders: OrderService; publicUrl: string | undefined }> = async (app, { orders, publicUrl }) => {
  const tags = ['orders'];
  const invoiceUrl = (request: FastifyRequest) => (invoiceId: number) => `${requestBaseUrl(request, publicUrl)}/console/invoices/${invoiceId}`;

  /** The key's user and the concrete endpoint scope an Idempotency-Key (D7). */
  const context = (request: FastifyRequest, key: string | undefined, path: string): OrderContext => {
    return {
      keyId: request.actor.keyId,
      idempotency: key ? { userId: request.actor.userId, scope: `POST ${path}`, key, requestHash: hashRequest(request.body) } : null,
    };
  };

  /** 201 for a new order, 200 with `Idempotent-Replayed` for a replay. */
  const answer = (request: FastifyRequest, reply: FastifyReply, outcome: OrderOutcome) => {
    if (outcome.rateLimit) reply.headers(rateLimitHeaders(outcome.rateLimit));
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(outcome.replayed ? 200 : 201).send(repo.toOrder(outcome.row, invoiceUrl(request)));
  };
  /**
   * Every order request: a replay answers the first order (uncounted, so
   * without rate-limit headers); a new one is counted, and so is one billing
   * did not confirm (502 with `order_id`).
   */
  const orderResponses = (orderConflicts: Parameters<typeof conflicts>) => ({
    200: jsonResponse(OrderSchema, 'The same order sent again with the same Idempotency-Key: the first order', IdempotentReplayedHeader),
    201: jsonResponse(OrderSchema, 'The order, recorded and placed with billing', RateLimitHeaders),
    ...problemResponses(
      400,
      401,
      refused('read_only_key', 'insufficient_role', 'billing_account_required', 'project_not_ready'),
      404,
      conflicts(...orderConflicts),
      [429, { headers: RateLimitedHeaders }],
      [
        502,
        {
          description:
            'Billing failed or did not answer. When the order was recorded all the same (`order_id`, status `unknown`), poll it instead of ordering again; ' +
            'that answer was counted and carries the rate-limit headers',
          headers: RateLimitHeaders,
        },
      ],
      503,
    ),
  });
  // Reading needs a project that is set up; billing is asked where it says so.
  const readRefused = refused('project_not_ready');
  const deleting = conflicts('project_deleting');

  app.post(
    '/projects/:project_slug/servers/',
    {
      schema: {
        operationId: 'orderServer',
        tags,
        summary: 'Order a server',
        description: 'Paid from the project owner’s credit when it covers the invoice; otherwise the order waits for the invoice to be paid in the console.',
        params: ProjectParams,
        headers: IdempotencyHeaders,
        body: OrderServerBody,
        response: orderResponses(['idempotency_key_reused', 'project_deleting']),
      },
    },
    async (request, reply) => {
      const slug = request.params.project_slug;
      return answer(request, reply, await orders.orderServer(request.actor, slug, request.body, context(request, request.headers['idempotency-key'], `/projects/${slug}/servers`)));
    },
  );

  app.get(
    '/projects/:project_slug/servers/:server_id/upgrade-options/',
    {
      schema: {
        operationId: 'listServerUpgradeOptions',
        tags,
        summary: 'Products the server can be upgraded to',
        params: ServerParams,
        response: { 200: UpgradeOptionListSchema, ...problemResponses(401, readRefused, 404, deleting, 502, 503) },
      },
    },
    (request) => orders.upgradeOptions(request.actor, request.params.project_slug, request.params.server_id),
  );

  app.post(
    '/projects/:project_slug/servers/:server_id/upgrade/',
    {
      schema: {
        operationId: 'orderServerUpgrade',
        tags,
        summary: 'Order an upgrade',
        description: 'The server keeps its billing cycle; the invoice is the price difference for the rest of the term. A server whose billing service cannot be matched is 409 conflict.',
        params: ServerParams,
        headers: IdempotencyHeaders,
        body: UpgradeBody,
        response: orderResponses(['conflict', 'idempotency_key_reused', 'project_deleting']),
      },
    },
    async (request, reply) => {
      const { project_slug: slug, server_id: serverId } = request.params;
      return answer(request, reply, await orders.orderUpgrade(request.actor, slug, serverId, request.body, context(request, request.headers['idempotency-key'], `/projects/${slug}/servers/${serverId}/upgrade`)));
    },
  );

  app.post(
    '/projects/:project_slug/servers/:server_id/bandwidth/',
    {
      schema: {
        operationId: 'orderServerBandwidth',
        tags,
        summary: 'Order extra bandwidth',
        params: ServerParams,
        headers: IdempotencyHeaders,
        body: BandwidthBody,
        response: orderResponses(['idempotency_key_reused', 'project_deleting']),
      },
    },
    async (request, reply) => {
      const { project_slug: slug, server_id: serverId } = request.params;
      return answer(request, reply, await orders.orderBandwidth(request.actor, slug, serverId, request.body, context(request, request.headers['idempotency-key'], `/projects/${slug}/servers/${serverId}/bandwidth`)));
    },
  );

  app.get(
    '/projects/:project_slug/orders/',
    {
      schema: {
        operationId: 'listOrders',
        tags,
        summary: "The project's orders, newest first, as last recorded",
        params: ProjectParams,
        response: { 200: OrderListSchema, ...problemResponses(401, readRefused, 404, deleting) },
      },
    },
    async (request) => (await orders.list(request.actor, request.params.project_slug)).map((row) => repo.toOrder(row, invoiceUrl(request))),
  );

  app.get(
    '/projects/:project_slug/orders/:order_id/',
    {
      schema: {
        operationId: 'getOrder',
        tags,
        summary: 'An order, checked against billing first',
        params: OrderParams,
        response: { 200: OrderSchema, ...problemResponses(401, readRefused, 404, deleting, 502, 503) },
      },
    },
    async (request) => repo.toOrder(await orders.get(request.actor, request.params.project_slug, request.params.order_id), invoiceUrl(request)),
  );
};
