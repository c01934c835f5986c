// The operator's drift reports (/admin/v1/hosts/{id}/drift). Hidden from the
// documents, like the rest of the operator API.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Id, errorResponses } from '../../schemas/common.ts';
import type { HostDriftService } from './host-drift.service.ts';
import { HostDriftReportSchema } from './host-drift.schemas.ts';

const HostIdParams = Type.Object({ host_id: Id() });

export const hostDriftRoutes: FastifyPluginAsyncTypebox<{ drift: HostDriftService }> = async (app, { drift }) => {
  const hide = true;

  app.get(
    '/hosts/:host_id/drift',
    { schema: { hide, operationId: 'operatorGetHostDrift', params: HostIdParams, response: { 200: HostDriftReportSchema, ...errorResponses } } },
    (request) => drift.report(request.params.host_id),
  );

  app.post(
    '/hosts/:host_id/drift/check',
    { schema: { hide, operationId: 'operatorCheckHostDrift', params: HostIdParams, response: { 202: HostDriftReportSchema, ...errorResponses } } },
    async (request, reply) => reply.code(202).send(await drift.requestCheck(request.params.host_id)),
  );
};
