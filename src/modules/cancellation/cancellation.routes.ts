import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { conflicts, jsonResponse, problemResponses, refused } from '../../schemas/common.ts';
import { ServerParams } from '../servers/index.ts';
import { CancelBody, CancellationAnswerSchema } from './cancellation.schemas.ts';
import type { CancellationService } from './cancellation.service.ts';

export const cancellationRoutes: FastifyPluginAsyncTypebox<{ cancellation: CancellationService }> = async (app, { cancellation }) => {
  app.post(
    '/projects/:project_slug/servers/:server_id/cancel/',
    {
      schema: {
        operationId: 'cancelServer',
        tags: ['servers'],
        summary: 'Request the cancellation of a server (admin or owner)',
        description:
          'A server keeps one cancellation request. The first request answers 202, the same request again 200 and changes nothing; ' +
          'a request of the other kind answers 409 conflict. A 502 upstream_error means the request may not have been recorded: send it again.',
        params: ServerParams,
        body: CancelBody,
        response: {
          200: jsonResponse(CancellationAnswerSchema, 'The same request was made before; nothing changed'),
          202: jsonResponse(CancellationAnswerSchema, 'The cancellation is requested (immediate: carried out)'),
          // Billing is asked for the server's service and told of the cancellation; an immediate one also removes the server's reverse DNS.
          ...problemResponses(400, 401, refused('read_only_key', 'insufficient_role', 'project_not_ready'), 404, conflicts('conflict', 'project_deleting'), 502, 503),
        },
      },
    },
    async (request, reply) => {
      const { answer, created } = await cancellation.request(request.actor, request.params.project_slug, request.params.server_id, request.body);
      return reply.code(created ? 202 : 200).send(answer);
    },
  );
};
