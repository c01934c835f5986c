import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContent } from '../../http/common.schemas.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../http/pagination.ts';
import { ServerParams } from '../servers/servers.schemas.ts';
import { ReverseDnsAddressParams, ReverseDnsEntrySchema, SetPtrBody } from './reverse-dns.schemas.ts';
import type { ReverseDnsService } from './reverse-dns.service.ts';

export const reverseDnsRoutes: FastifyPluginAsyncTypebox<{ reverseDns: ReverseDnsService; publicUrl: string | undefined }> = async (app, { reverseDns, publicUrl }) => {
  const tags = ['reverse-dns'];

  app.get(
    '/projects/:project_slug/servers/:server_id/reverse-dns/',
    {
      schema: {
        tags,
        summary: "Reverse DNS of the server's IPv4 addresses, primary first (PTRs set inside IPv6 subnets are not listed)",
        params: ServerParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(ReverseDnsEntrySchema), ...errorResponses },
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
        tags,
        summary: "The PTR name of one of the server's addresses: an IPv4 address, or any address in one of its IPv6 subnets (also those not listed)",
        params: ReverseDnsAddressParams,
        response: { 200: ReverseDnsEntrySchema, ...errorResponses },
      },
    },
    (request) => reverseDns.get(request.actor, request.params.project_slug, request.params.server_id, request.params.address),
  );

  app.put(
    '/projects/:project_slug/servers/:server_id/reverse-dns/:address/',
    {
      schema: {
        tags,
        summary: 'Set the PTR name of one of the server\'s addresses (replaces any earlier one)',
        params: ReverseDnsAddressParams,
        body: SetPtrBody,
        response: { 200: ReverseDnsEntrySchema, ...errorResponses },
      },
    },
    (request) => reverseDns.set(request.actor, request.params.project_slug, request.params.server_id, request.params.address, request.body.ptr),
  );

  app.delete(
    '/projects/:project_slug/servers/:server_id/reverse-dns/:address/',
    {
      schema: {
        tags,
        summary: 'Remove the PTR name of one of the server\'s addresses (204 also when none was set)',
        params: ReverseDnsAddressParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await reverseDns.delete(request.actor, request.params.project_slug, request.params.server_id, request.params.address);
      return reply.code(204).send(null);
    },
  );
};
