import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContent } from '../../http/common.schemas.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../http/pagination.ts';
import { CreateProjectBody, ProjectParams, ProjectSchema, ReplaceProjectBody, UpdateProjectBody } from './projects.schemas.ts';
import type { ProjectService } from './projects.service.ts';

export const projectRoutes: FastifyPluginAsyncTypebox<{ projects: ProjectService; publicUrl: string | undefined }> = async (
  app,
  { projects, publicUrl },
) => {
  const tags = ['projects'];
  app.get(
    '/projects/',
    {
      schema: {
        tags,
        summary: 'Projects the key can reach',
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(ProjectSchema), ...errorResponses },
      },
    },
    async (request) => {
      const pageRequest = readPageRequest(request.query);
      const { count, projects: results } = await projects.list(request.actor, { limit: pageRequest.pageSize, offset: pageRequest.offset });
      return buildPage(request, publicUrl, pageRequest, count, results);
    },
  );

  app.post(
    '/projects/',
    { schema: { tags, summary: 'Create a project', body: CreateProjectBody, response: { 201: ProjectSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await projects.create(request.actor, request.body)),
  );

  app.get(
    '/projects/:project_slug/',
    { schema: { tags, summary: 'A project', params: ProjectParams, response: { 200: ProjectSchema, ...errorResponses } } },
    (request) => projects.get(request.actor, request.params.project_slug),
  );

  app.put(
    '/projects/:project_slug/',
    { schema: { tags, summary: 'Replace a project', params: ProjectParams, body: ReplaceProjectBody, response: { 200: ProjectSchema, ...errorResponses } } },
    (request) => projects.rename(request.actor, request.params.project_slug, request.body.name),
  );

  app.patch(
    '/projects/:project_slug/',
    { schema: { tags, summary: 'Update a project', params: ProjectParams, body: UpdateProjectBody, response: { 200: ProjectSchema, ...errorResponses } } },
    (request) => projects.rename(request.actor, request.params.project_slug, request.body.name),
  );

  app.delete(
    '/projects/:project_slug/',
    { schema: { tags, summary: 'Delete an empty project', params: ProjectParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      await projects.delete(request.actor, request.params.project_slug);
      return reply.code(204).send(null);
    },
  );
};
