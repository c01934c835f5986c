import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { conflicts, NoContent, problemResponses, refused } from '../../schemas/common.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../schemas/pagination.ts';
import { CreateProjectBody, ProjectParams, ProjectSchema, ReplaceProjectBody, UpdateProjectBody } from './projects.schemas.ts';
import type { ProjectService } from './projects.service.ts';

export const projectRoutes: FastifyPluginAsyncTypebox<{ projects: ProjectService; publicUrl: string | undefined }> = async (
  app,
  { projects, publicUrl },
) => {
  const tags = ['projects'];
  // Renaming needs admin or owner of a project that is not being deleted.
  const renameResponses = { 200: ProjectSchema, ...problemResponses(400, 401, refused('read_only_key', 'insufficient_role'), 404, conflicts('project_deleting')) };

  app.get(
    '/projects/',
    {
      schema: {
        operationId: 'listProjects',
        tags,
        summary: 'Projects the key can reach',
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(ProjectSchema), ...problemResponses(400, 401, 404) },
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
    {
      schema: {
        operationId: 'createProject',
        tags,
        summary: 'Create a project',
        description: 'The project is `setting_up` until the provisioning system confirms it; the creator becomes its owner.',
        body: CreateProjectBody,
        response: { 201: ProjectSchema, ...problemResponses(400, 401, refused('read_only_key'), conflicts('slug_taken')) },
      },
    },
    async (request, reply) => reply.code(201).send(await projects.create(request.actor, request.body)),
  );

  app.get(
    '/projects/:project_slug/',
    { schema: { operationId: 'getProject', tags, summary: 'A project', params: ProjectParams, response: { 200: ProjectSchema, ...problemResponses(401, 404) } } },
    (request) => projects.get(request.actor, request.params.project_slug),
  );

  app.put(
    '/projects/:project_slug/',
    { schema: { operationId: 'replaceProject', tags, summary: 'Replace a project', params: ProjectParams, body: ReplaceProjectBody, response: renameResponses } },
    (request) => projects.rename(request.actor, request.params.project_slug, request.body.name),
  );

  app.patch(
    '/projects/:project_slug/',
    { schema: { operationId: 'updateProject', tags, summary: 'Update a project', params: ProjectParams, body: UpdateProjectBody, response: renameResponses } },
    (request) => projects.rename(request.actor, request.params.project_slug, request.body.name),
  );

  app.delete(
    '/projects/:project_slug/',
    {
      schema: {
        operationId: 'deleteProject',
        tags,
        summary: 'Delete an empty project',
        description: 'Only the owner may. A project with servers or SSH keys is refused; the project is deleted in the provisioning system first, then here.',
        params: ProjectParams,
        response: { 204: NoContent, ...problemResponses(401, refused('read_only_key', 'insufficient_role'), 404, conflicts('project_not_empty'), 502, 503) },
      },
    },
    async (request, reply) => {
      await projects.delete(request.actor, request.params.project_slug);
      return reply.code(204).send(null);
    },
  );
};
