// Operator rows of the firewall: what a server runs, and whether a new
// connection would be let through by the rules the controller applied.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../schemas/common.ts';
import { ServerId } from '../servers/index.ts';
import type { FirewallInspection } from './firewall-inspection.service.ts';

const Params = Type.Object({ server_id: ServerId });
const EvaluateBody = Type.Object({
  direction: Type.Union([Type.Literal('ingress'), Type.Literal('egress')]),
  protocol: Type.Union([Type.Literal('tcp'), Type.Literal('udp'), Type.Literal('icmp')]),
  remote_address: Type.String({ minLength: 2, maxLength: 45 }),
  port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
});

export const firewallOperatorRoutes: FastifyPluginAsyncTypebox<{ inspection: FirewallInspection }> = async (app, { inspection }) => {
  const hide = true;

  app.get(
    '/servers/:server_id/firewall',
    {
      schema: {
        hide,
        operationId: 'operatorGetServerFirewall',
        params: Params,
        response: {
          200: Type.Object({ generation: Type.Integer(), applied_generation: Type.Integer(), ruleset: Type.String() }),
          ...errorResponses,
        },
      },
    },
    (request) => inspection.applied(request.params.server_id),
  );

  app.post(
    '/servers/:server_id/firewall/evaluate',
    {
      schema: {
        hide,
        operationId: 'operatorEvaluateServerFirewall',
        params: Params,
        body: EvaluateBody,
        response: { 200: Type.Object({ allowed: Type.Boolean(), rule_ids: Type.Array(Type.Integer()) }), ...errorResponses },
      },
    },
    (request) => inspection.evaluate(request.params.server_id, request.body),
  );
};
