import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../http/common.schemas.ts';
import { requestBaseUrl } from '../../http/pagination.ts';
import { IdempotencyHeaders } from '../actions/actions.routes.ts';
import { hashRequest } from '../idempotency/idempotency.ts';
import { ProjectParams } from '../projects/projects.schemas.ts';
import { ServerParams } from '../servers/servers.schemas.ts';
import * as repo from './orders.repo.ts';
import { BandwidthBody, OrderParams, OrderSchema, OrderServerBody, UpgradeBody, UpgradeOptionSchema } from './orders.schemas.ts';
import type { OrderContext, OrderOutcome, OrderService } from './orders.service.ts';
import { rateLimitHeaders } from './rate-limit.ts';

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
  const orderResponses = { 200: OrderSchema, 201: OrderSchema, ...errorResponses };

  app.post(
    '/projects/:project_slug/servers/',
    { schema: { tags, summary: 'Order a server', params: ProjectParams, headers: IdempotencyHeaders, body: OrderServerBody, response: orderResponses } },
    async (request, reply) => {
      const slug = request.params.project_slug;
      return answer(request, reply, await orders.orderServer(request.actor, slug, request.body, context(request, request.headers['idempotency-key'], `/projects/${slug}/servers`)));
    },
  );

  app.get(
    '/projects/:project_slug/servers/:server_id/upgrade-options/',
    { schema: { tags, summary: 'Products the server can be upgraded to', params: ServerParams, response: { 200: Type.Array(UpgradeOptionSchema), ...errorResponses } } },
    (request) => orders.upgradeOptions(request.actor, request.params.project_slug, request.params.server_id),
  );

  app.post(
    '/projects/:project_slug/servers/:server_id/upgrade/',
    { schema: { tags, summary: 'Order an upgrade', params: ServerParams, headers: IdempotencyHeaders, body: UpgradeBody, response: orderResponses } },
    async (request, reply) => {
      const { project_slug: slug, server_id: serverId } = request.params;
      return answer(request, reply, await orders.orderUpgrade(request.actor, slug, serverId, request.body, context(request, request.headers['idempotency-key'], `/projects/${slug}/servers/${serverId}/upgrade`)));
    },
  );

  app.post(
    '/projects/:project_slug/servers/:server_id/bandwidth/',
    { schema: { tags, summary: 'Order extra bandwidth', params: ServerParams, headers: IdempotencyHeaders, body: BandwidthBody, response: orderResponses } },
    async (request, reply) => {
      const { project_slug: slug, server_id: serverId } = request.params;
      return answer(request, reply, await orders.orderBandwidth(request.actor, slug, serverId, request.body, context(request, request.headers['idempotency-key'], `/projects/${slug}/servers/${serverId}/bandwidth`)));
    },
  );

  app.get(
    '/projects/:project_slug/orders/',
    { schema: { tags, summary: "The project's orders, newest first, as last recorded", params: ProjectParams, response: { 200: Type.Array(OrderSchema), ...errorResponses } } },
    async (request) => (await orders.list(request.actor, request.params.project_slug)).map((row) => repo.toOrder(row, invoiceUrl(request))),
  );

  app.get(
    '/projects/:project_slug/orders/:order_id/',
    { schema: { tags, summary: 'An order, checked against billing first', params: OrderParams, response: { 200: OrderSchema, ...errorResponses } } },
    async (request) => repo.toOrder(await orders.get(request.actor, request.params.project_slug, request.params.order_id), invoiceUrl(request)),
  );
};
