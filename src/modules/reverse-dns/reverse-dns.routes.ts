import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { conflicts, NoContent, problemResponses, refused, RetryAfterHeader, type ProblemSpec } from '../../schemas/common.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../schemas/pagination.ts';
import { ServerParams } from '../servers/index.ts';
import { ReverseDnsAddressParams, ReverseDnsEntrySchema, SetPtrBody } from './reverse-dns.schemas.ts';
import { RDNS_RETRY_AFTER_SECONDS, type ReverseDnsService } from './reverse-dns.service.ts';

/** Every endpoint asks the reverse DNS service: down or silent, it is this 503 (spec "Reverse DNS"); an error answer is 502. */
const reverseDnsFailures: ProblemSpec[] = [
  502,
  [503, { codes: ['reverse_dns_unavailable'], headers: { 'Retry-After': RetryAfterHeader(RDNS_RETRY_AFTER_SECONDS, `Always ${RDNS_RETRY_AFTER_SECONDS}: seconds to wait before trying again`) } }],
];
/** Servers live in a project that is set up and not being deleted. */
const serverAccess: ProblemSpec[] = [404, conflicts('project_deleting')];

export const reverseDnsRoutes: FastifyPluginAsyncTypebox<{ reverseDns: ReverseDnsService; publicUrl: string | undefined }> = async (app, { reverseDns, publicUrl }) => {
  const tags = ['reverse-dns'];
  const readRefused = refused('project_not_ready');
  const changeRefused = refused('read_only_key', 'project_not_ready');

  app.get(
    '/projects/:project_slug/servers/:server_id/reverse-dns/',
    {
      schema: {
        operationId: 'listServerReverseDns',
        tags,
        summary: "Reverse DNS of the server's IPv4 addresses, primary first (PTRs set inside IPv6 subnets are not listed)",
        params: ServerParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(ReverseDnsEntrySchema), ...problemResponses(400, 401, readRefused, ...serverAccess, ...reverseDnsFailures) },
      },
    },
    async (request) => {
      const pageRequest = readPageRequest(request.query);
      const page = { limit: pageRequest.pageSize, offset: pageRequest.offset };
      const { count, entries } = await reverseDns.list(request.actor, request.params.project_slug, request.params.server_id, page);
      return buildPage(request, publicUrl, pageRequest, count, entries);
    },
  );

  app.get(
    '/projects/:project_slug/servers/:server_id/reverse-dns/:address/',
    {
      schema: {
        operationId: 'getServerReverseDns',
        tags,
        summary: "The PTR name of one of the server's addresses: an IPv4 address, or any address in one of its IPv6 subnets (also those not listed)",
        params: ReverseDnsAddressParams,
        response: { 200: ReverseDnsEntrySchema, ...problemResponses(401, readRefused, ...serverAccess, ...reverseDnsFailures) },
      },
    },
    (request) => reverseDns.get(request.actor, request.params.project_slug, request.params.server_id, request.params.address),
  );

  app.put(
    '/projects/:project_slug/servers/:server_id/reverse-dns/:address/',
    {
      schema: {
        operationId: 'setServerReverseDns',
        tags,
        summary: "Set the PTR name of one of the server's addresses (replaces any earlier one)",
        params: ReverseDnsAddressParams,
        body: SetPtrBody,
        response: { 200: ReverseDnsEntrySchema, ...problemResponses(400, 401, changeRefused, ...serverAccess, ...reverseDnsFailures) },
      },
    },
    (request) => reverseDns.set(request.actor, request.params.project_slug, request.params.server_id, request.params.address, request.body.ptr),
  );

  app.delete(
    '/projects/:project_slug/servers/:server_id/reverse-dns/:address/',
    {
      schema: {
        operationId: 'deleteServerReverseDns',
        tags,
        summary: "Remove the PTR name of one of the server's addresses (204 also when none was set)",
        params: ReverseDnsAddressParams,
        response: { 204: NoContent, ...problemResponses(401, changeRefused, ...serverAccess, ...reverseDnsFailures) },
      },
    },
    async (request, reply) => {
      await reverseDns.delete(request.actor, request.params.project_slug, request.params.server_id, request.params.address);
      return reply.code(204).send(null);
    },
  );
};
