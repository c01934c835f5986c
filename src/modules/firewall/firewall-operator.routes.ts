// Operator rows of the firewall: what a server runs, and whether a new
// connection would be let through by the rules the controller applied.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import ipaddr from 'ipaddr.js';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../db/schema.ts';
import { errorResponses } from '../../http/common.schemas.ts';
import { notFound, validationError } from '../../errors.ts';
import type { FirewallPort } from '../../upstreams/firewall/port.ts';
import { ServerId } from '../servers/servers.schemas.ts';
import type { EffectiveGroup } from './firewall.types.ts';
import { evaluateConnection } from './nft-compiler.ts';

const Params = Type.Object({ server_id: ServerId });
const EvaluateBody = Type.Object({
  direction: Type.Union([Type.Literal('ingress'), Type.Literal('egress')]),
  protocol: Type.Union([Type.Literal('tcp'), Type.Literal('udp'), Type.Literal('icmp')]),
  remote_address: Type.String({ minLength: 2, maxLength: 45 }),
  port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
});

export const firewallOperatorRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<Database>; firewall: FirewallPort }> = async (app, { db, firewall }) => {
  const hide = true;
  const generationOf = async (serverId: string) => {
    const server = await db.selectFrom('servers').select('firewall_generation').where('id', '=', serverId).executeTakeFirst();
    if (!server) throw notFound('server');
    return server.firewall_generation;
  };

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
    async (request) => {
      const generation = await generationOf(request.params.server_id);
      const applied = await firewall.getApplied(request.params.server_id);
      return { generation, applied_generation: applied?.generation ?? 0, ruleset: applied?.ruleset ?? '' };
    },
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
    async (request) => {
      await generationOf(request.params.server_id);
      const { protocol, port, remote_address: address } = request.body;
      if (protocol === 'icmp' && port !== undefined) throw validationError('port', 'must be left out for icmp');
      if (protocol !== 'icmp' && port === undefined) throw validationError('port', `is required for ${protocol}`);
      if (address.includes('%') || !(ipaddr.IPv6.isValid(address) || ipaddr.IPv4.isValidFourPartDecimal(address))) {
        throw validationError('remote_address', 'must be an IPv4 or IPv6 address');
      }
      // Only what the controller applied counts: a change still propagating is not in force yet.
      const applied = await firewall.getApplied(request.params.server_id);
      const groups = (applied?.rules ?? []) as EffectiveGroup[];
      return evaluateConnection(groups, { ...request.body, remote_address: address });
    },
  );
};
