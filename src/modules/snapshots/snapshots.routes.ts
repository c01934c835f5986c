import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { conflicts, NoContent, problemResponses, refused } from '../../schemas/common.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../schemas/pagination.ts';
import { ProjectParams } from '../projects/index.ts';
import { SnapshotParams, SnapshotSchema } from './snapshots.schemas.ts';
import type { SnapshotService } from './snapshots.service.ts';

export const snapshotRoutes: FastifyPluginAsyncTypebox<{ snapshots: SnapshotService; publicUrl: string | undefined }> = async (app, { snapshots, publicUrl }) => {
  const tags = ['snapshots'];

  app.get(
    '/projects/:project_slug/snapshots/',
    {
      schema: {
        operationId: 'listSnapshots',
        tags,
        summary: "The project's snapshots, newest first",
        params: ProjectParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(SnapshotSchema), ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const pageRequest = readPageRequest(request.query);
      const page = { limit: pageRequest.pageSize, offset: pageRequest.offset };
      const { count, snapshots: results } = await snapshots.list(request.actor, request.params.project_slug, page);
      return buildPage(request, publicUrl, pageRequest, count, results);
    },
  );

  app.get(
    '/projects/:project_slug/snapshots/:snapshot_id/',
    { schema: { operationId: 'getSnapshot', tags, summary: 'A snapshot', params: SnapshotParams, response: { 200: SnapshotSchema, ...problemResponses(401, 404) } } },
    (request) => snapshots.get(request.actor, request.params.project_slug, request.params.snapshot_id),
  );

  app.delete(
    '/projects/:project_slug/snapshots/:snapshot_id/',
    {
      schema: {
        operationId: 'deleteSnapshot',
        tags,
        summary: 'Delete a snapshot that is not being created',
        params: SnapshotParams,
        response: { 204: NoContent, ...problemResponses(401, refused('read_only_key', 'project_not_ready'), 404, conflicts('snapshot_not_ready', 'project_deleting')) },
      },
    },
    async (request, reply) => {
      await snapshots.delete(request.actor, request.params.project_slug, request.params.snapshot_id);
      return reply.code(204).send(null);
    },
  );
};
