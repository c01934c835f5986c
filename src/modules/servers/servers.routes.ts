import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { conflicts, problemResponses, refused } from '../../schemas/common.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../schemas/pagination.ts';
import { ProjectParams } from '../projects/index.ts';
import { RenameServerBody, ServerParams, ServerSchema, ServerSummarySchema } from './servers.schemas.ts';
import type { ServerService } from './servers.service.ts';

export const serverRoutes: FastifyPluginAsyncTypebox<{ servers: ServerService; publicUrl: string | undefined }> = async (app, { servers, publicUrl }) => {
  const tags = ['servers'];
  // Servers live in a project that is set up; billing and the firewall are read too, but a failure there leaves only their field null.
  const notReady = refused('project_not_ready');
  const deleting = conflicts('project_deleting');

  app.get(
    '/projects/:project_slug/servers/',
    {
      schema: {
        operationId: 'listServers',
        tags,
        summary: "The project's servers",
        params: ProjectParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(ServerSummarySchema), ...problemResponses(400, 401, notReady, 404, deleting) },
      },
    },
    async (request) => {
      const pageRequest = readPageRequest(request.query);
      const { count, servers: results } = await servers.list(request.actor, request.params.project_slug, { limit: pageRequest.pageSize, offset: pageRequest.offset });
      return buildPage(request, publicUrl, pageRequest, count, results);
    },
  );

  app.get(
    '/projects/:project_slug/servers/:server_id/',
    {
      schema: {
        operationId: 'getServer',
        tags,
        summary: 'A server',
        description: 'When billing or the firewall cannot be read, the server is still answered, with `billing` or `firewall_groups` null.',
        params: ServerParams,
        response: { 200: ServerSchema, ...problemResponses(401, notReady, 404, deleting) },
      },
    },
    (request) => servers.get(request.actor, request.params.project_slug, request.params.server_id),
  );

  app.patch(
    '/projects/:project_slug/servers/:server_id/',
    {
      // No body at all is a body without hostname: it changes nothing.
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
      schema: {
        operationId: 'renameServer',
        tags,
        summary: 'Rename a server (only hostname changes)',
        params: ServerParams,
        body: RenameServerBody,
        response: { 200: ServerSchema, ...problemResponses(400, 401, refused('read_only_key', 'project_not_ready'), 404, deleting) },
      },
    },
    (request) => servers.rename(request.actor, request.params.project_slug, request.params.server_id, request.body.hostname),
  );
};
