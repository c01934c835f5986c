import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../http/common.schemas.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../http/pagination.ts';
import { ProjectParams } from '../projects/projects.schemas.ts';
import { RenameServerBody, ServerParams, ServerSchema, ServerSummarySchema } from './servers.schemas.ts';
import type { ServerService } from './servers.service.ts';

export const serverRoutes: FastifyPluginAsyncTypebox<{ servers: ServerService; publicUrl: string | undefined }> = async (app, { servers, publicUrl }) => {
  const tags = ['servers'];
  app.get(
    '/projects/:project_slug/servers/',
    {
      schema: {
        tags,
        summary: "The project's servers",
        params: ProjectParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(ServerSummarySchema), ...errorResponses },
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
    { schema: { tags, summary: 'A server', params: ServerParams, response: { 200: ServerSchema, ...errorResponses } } },
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
        tags,
        summary: 'Rename a server (only hostname changes)',
        params: ServerParams,
        body: RenameServerBody,
        response: { 200: ServerSchema, ...errorResponses },
      },
    },
    (request) => servers.rename(request.actor, request.params.project_slug, request.params.server_id, request.body.hostname),
  );
};
