// The audit log over HTTP: a project's log for its owners and admins (project
// API), and every entry for the operator (operator API), who can also export
// a range as JSON lines.
import { Readable } from 'node:stream';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, problemResponses, refused } from '../../schemas/common.ts';
import { buildPage, PaginatedSchema, readPageRequest } from '../../schemas/pagination.ts';
import { AuditEntrySchema, AuditExportQuery, AuditLogQuery, OperatorAuditLogQuery, ProjectAuditParams } from './audit.schemas.ts';
import type { AuditFilters, AuditService } from './audit.service.ts';

/** The filters among a request's query parameters (the rest are the page's). */
function filtersOf(query: AuditFilters & { page?: string; page_size?: string }): AuditFilters {
  const { actor, resource_type, resource_id, since, until } = query;
  return { actor, resource_type, resource_id, since, until };
}

export const auditRoutes: FastifyPluginAsyncTypebox<{ audit: AuditService; publicUrl: string | undefined }> = async (app, { audit, publicUrl }) => {
  app.get(
    '/projects/:project_slug/audit-log/',
    {
      schema: {
        operationId: 'listAuditLog',
        tags: ['audit'],
        summary: "Who changed what in the project, newest first (owners and admins)",
        description:
          'Every change made in the project through the project API, the legacy API, the console and the operator API: who (the user, the API key ' +
          'and its name, the console session, or the operator), from which address, the route and the resource it named, the outcome (status and, ' +
          'when refused, the problem `code`) and the request id. Reads are not recorded, and an entry never holds a request body, a header, a ' +
          'token or a secret. Owners and admins may read it (a read-only key too); a member is refused with 403.',
        params: ProjectAuditParams,
        querystring: AuditLogQuery,
        response: { 200: PaginatedSchema(AuditEntrySchema), ...problemResponses(400, 401, refused('insufficient_role'), 404) },
      },
    },
    async (request) => {
      const pageRequest = readPageRequest(request.query);
      const page = { limit: pageRequest.pageSize, offset: pageRequest.offset };
      const { count, entries } = await audit.listForProject(request.actor, request.params.project_slug, filtersOf(request.query), page);
      return buildPage(request, publicUrl, pageRequest, count, entries);
    },
  );
};

export const auditOperatorRoutes: FastifyPluginAsyncTypebox<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/audit-log',
    {
      schema: {
        hide: true,
        operationId: 'operatorListAuditLog',
        tags: ['audit'],
        querystring: OperatorAuditLogQuery,
        response: { 200: PaginatedSchema(AuditEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const pageRequest = readPageRequest(request.query);
      const page = { limit: pageRequest.pageSize, offset: pageRequest.offset };
      const { count, entries } = await audit.listAll({ ...filtersOf(request.query), project: request.query.project }, page);
      // The operator's links are relative to the listener the operator reached.
      return buildPage(request, undefined, pageRequest, count, entries);
    },
  );

  // Before the retention deletes them (CLOUDPLANE_AUDIT_RETENTION_DAYS), the operator keeps a range elsewhere:
  // one entry per line, oldest first, streamed as it is read.
  app.get(
    '/audit-log/export',
    {
      schema: {
        hide: true,
        operationId: 'operatorExportAuditLog',
        tags: ['audit'],
        querystring: AuditExportQuery,
        response: { 200: Type.String({ description: 'One audit entry (as the log lists it) per line, oldest first' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const entries = await audit.exportRange(request.query);
      const lines = Readable.from((async function* () {
        for await (const entry of entries) yield `${JSON.stringify(entry)}\n`;
      })());
      return reply.type('application/x-ndjson; charset=utf-8').header('content-disposition', 'attachment; filename="audit-log.jsonl"').send(lines as never); // a stream, which Fastify sends as it is rather than serialise
    },
  );
};
