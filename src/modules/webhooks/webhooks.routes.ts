import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { conflicts, NoContent, problemResponses, refused } from '../../schemas/common.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../schemas/pagination.ts';
import { ProjectParams } from '../projects/index.ts';
import { CreateWebhookBody, DeliveryParams, DeliverySchema, UpdateWebhookBody, WebhookParams, WebhookSchema, WebhookWithSecretSchema } from './webhooks.schemas.ts';
import type { WebhookService } from './webhooks.service.ts';

const SIGNING =
  'Each delivery is a POST of `{"type", "timestamp", "data"}` (`data`: the event as the event stream sends it) following Standard Webhooks 1.0: ' +
  '`webhook-id` (the same on every attempt of a delivery), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature` ' +
  '(`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the bytes of the secret after `whsec_`; two signatures, space-separated, for a day after a rotation). ' +
  'A 2xx answer within 10 s is a success; anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h, until 24 h after the delivery was made. ' +
  'Redirects are not followed.';

export const webhookRoutes: FastifyPluginAsyncTypebox<{ webhooks: WebhookService; publicUrl: string | undefined }> = async (app, { webhooks, publicUrl }) => {
  const tags = ['webhooks'];
  // Owners and admins only; changes need a writable key.
  const readRefused = refused('insufficient_role');
  const changeRefused = refused('read_only_key', 'insufficient_role');

  app.get(
    '/projects/:project_slug/webhooks/',
    {
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: "The project's webhooks, oldest first (owners and admins)",
        params: ProjectParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(WebhookSchema), ...problemResponses(400, 401, readRefused, 404) },
      },
    },
    async (request) => {
      const pageRequest = readPageRequest(request.query);
      const { count, webhooks: results } = await webhooks.list(request.actor, request.params.project_slug, { limit: pageRequest.pageSize, offset: pageRequest.offset });
      return buildPage(request, publicUrl, pageRequest, count, results);
    },
  );

  app.post(
    '/projects/:project_slug/webhooks/',
    {
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: "Send the project's events to a URL",
        description: `The answer holds the signing \`secret\`, shown this once. The webhook gets the events committed from now on. ${SIGNING} At most 20 webhooks per project.`,
        params: ProjectParams,
        body: CreateWebhookBody,
        response: { 201: WebhookWithSecretSchema, ...problemResponses(400, 401, changeRefused, 404, conflicts('conflict', 'project_deleting')) },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(request.actor, request.params.project_slug, request.body)),
  );

  app.get(
    '/projects/:project_slug/webhooks/:webhook_id/',
    {
      schema: {
        operationId: 'getWebhook',
        tags,
        summary: 'A webhook (never its secret)',
        params: WebhookParams,
        response: { 200: WebhookSchema, ...problemResponses(401, readRefused, 404) },
      },
    },
    (request) => webhooks.get(request.actor, request.params.project_slug, request.params.webhook_id),
  );

  app.patch(
    '/projects/:project_slug/webhooks/:webhook_id/',
    {
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary: 'Change a webhook, or turn it off or on',
        params: WebhookParams,
        body: UpdateWebhookBody,
        response: { 200: WebhookSchema, ...problemResponses(400, 401, changeRefused, 404, conflicts('project_deleting')) },
      },
    },
    (request) => webhooks.update(request.actor, request.params.project_slug, request.params.webhook_id, request.body),
  );

  app.delete(
    '/projects/:project_slug/webhooks/:webhook_id/',
    {
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Delete a webhook with its deliveries',
        params: WebhookParams,
        response: { 204: NoContent, ...problemResponses(401, changeRefused, 404, conflicts('project_deleting')) },
      },
    },
    async (request, reply) => {
      await webhooks.delete(request.actor, request.params.project_slug, request.params.webhook_id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/projects/:project_slug/webhooks/:webhook_id/rotate-secret/',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary: 'Replace the signing secret',
        description: 'The answer holds the new `secret`, shown this once. For 24 hours every delivery carries two signatures, by the new secret and by the one it replaced, so receivers can switch without losing a delivery.',
        params: WebhookParams,
        response: { 200: WebhookWithSecretSchema, ...problemResponses(401, changeRefused, 404, conflicts('project_deleting')) },
      },
    },
    (request) => webhooks.rotateSecret(request.actor, request.params.project_slug, request.params.webhook_id),
  );

  app.get(
    '/projects/:project_slug/webhooks/:webhook_id/deliveries/',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: "A webhook's deliveries, newest first, each with its latest attempts",
        description: 'Finished deliveries are kept as long as events are (7 days unless the operator keeps them longer).',
        params: WebhookParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(DeliverySchema), ...problemResponses(400, 401, readRefused, 404) },
      },
    },
    async (request) => {
      const pageRequest = readPageRequest(request.query);
      const page = { limit: pageRequest.pageSize, offset: pageRequest.offset };
      const { count, deliveries } = await webhooks.listDeliveries(request.actor, request.params.project_slug, request.params.webhook_id, page);
      return buildPage(request, publicUrl, pageRequest, count, deliveries);
    },
  );

  app.post(
    '/projects/:project_slug/webhooks/:webhook_id/deliveries/:delivery_id/redeliver/',
    {
      schema: {
        operationId: 'redeliverWebhookDelivery',
        tags,
        summary: 'Send a finished delivery again',
        description:
          'The same body and `webhook-id`, newly signed. The delivery is pending again and retried as any delivery is until 24 h after it was first made (an older one gets one attempt). ' +
          'A delivery still pending, or a webhook turned off, is refused with 409 conflict.',
        params: DeliveryParams,
        response: { 202: DeliverySchema, ...problemResponses(401, changeRefused, 404, conflicts('conflict', 'project_deleting')) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await webhooks.redeliver(request.actor, request.params.project_slug, request.params.webhook_id, request.params.delivery_id)),
  );
};
