import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../http/common.schemas.ts';
import { buildPage, PaginatedSchema, readPageRequest } from '../../http/pagination.ts';
import { hashRequest } from '../idempotency/idempotency.ts';
import { ServerParams } from '../servers/servers.schemas.ts';
import { ActionBodies, ActionListQuery, ActionParams, ActionSchema, ACTION_NAMES } from './actions.schemas.ts';
import type { ActionService } from './actions.service.ts';

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Repeat a request safely: the same key and body answer the first result' })),
});

export const actionRoutes: FastifyPluginAsyncTypebox<{ actions: ActionService; publicUrl: string | undefined }> = async (app, { actions, publicUrl }) => {
  const tags = ['actions'];
  app.get(
    '/projects/:project_slug/actions/',
    {
      schema: {
        tags,
        summary: "The project's actions, newest first",
        params: Type.Object({ project_slug: ActionParams.properties.project_slug }),
        querystring: ActionListQuery,
        response: { 200: PaginatedSchema(ActionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const pageRequest = readPageRequest({ page, page_size });
      const { count, actions: results } = await actions.list(request.actor, request.params.project_slug, filters, { limit: pageRequest.pageSize, offset: pageRequest.offset });
      return buildPage(request, publicUrl, pageRequest, count, results);
    },
  );

  app.get(
    '/projects/:project_slug/actions/:action_id/',
    { schema: { tags, summary: 'An action', params: ActionParams, response: { 200: ActionSchema, ...errorResponses } } },
    (request) => actions.get(request.actor, request.params.project_slug, Number(request.params.action_id)),
  );

  for (const name of ACTION_NAMES) {
    const body = ActionBodies[name];
    app.post(
      `/projects/:project_slug/servers/:server_id/actions/${name}/`,
      {
        schema: {
          tags,
          summary: `Start server.${name}`,
          params: ServerParams,
          headers: IdempotencyHeaders,
          ...(body ? { body } : {}),
          response: { 202: ActionSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { project_slug: slug, server_id: serverId } = request.params;
        const key = request.headers['idempotency-key'];
        const requestBody = (request.body ?? {}) as Record<string, unknown>;
        const idempotency = key
          ? { userId: request.actor.userId, scope: `POST /projects/${slug}/servers/${serverId}/actions/${name}`, key, requestHash: hashRequest(body ? requestBody : {}) }
          : null;
        const { action, replayed } = await actions.start(request.actor, slug, serverId, name, requestBody, idempotency);
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(202).send(action);
      },
    );
  }
};
