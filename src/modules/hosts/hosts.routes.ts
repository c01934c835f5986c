// The operator's hypervisor hosts (/admin/v1/hosts): register, list with
// their use, read, drain or change, remove. Hidden from the documents, like
// the rest of the operator API.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContent } from '../../schemas/common.ts';
import type { HostService } from './hosts.service.ts';
import * as schemas from './hosts.schemas.ts';

export const hostRoutes: FastifyPluginAsyncTypebox<{ hosts: HostService }> = async (app, { hosts }) => {
  const hide = true;
  const hostResponse = { 200: schemas.HostSchema, ...errorResponses };

  app.post('/hosts', { schema: { hide, operationId: 'operatorCreateHost', body: schemas.CreateHostBody, response: { 201: schemas.HostSchema, ...errorResponses } } }, async (request, reply) =>
    reply.code(201).send(await hosts.create(request.body)),
  );

  app.get('/hosts', { schema: { hide, operationId: 'operatorListHosts', querystring: schemas.HostListQuery, response: { 200: Type.Array(schemas.HostSchema), ...errorResponses } } }, (request) =>
    hosts.list(request.query.location),
  );

  app.get('/hosts/:host_id', { schema: { hide, operationId: 'operatorGetHost', params: schemas.HostIdParams, response: hostResponse } }, (request) => hosts.get(request.params.host_id));

  app.patch('/hosts/:host_id', { schema: { hide, operationId: 'operatorUpdateHost', params: schemas.HostIdParams, body: schemas.UpdateHostBody, response: hostResponse } }, (request) =>
    hosts.update(request.params.host_id, request.body),
  );

  app.delete('/hosts/:host_id', { schema: { hide, operationId: 'operatorDeleteHost', params: schemas.HostIdParams, response: { 204: NoContent, ...errorResponses } } }, async (request, reply) => {
    await hosts.remove(request.params.host_id);
    return reply.code(204).send(null);
  });
};
