import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { conflicts, IdempotentReplayedHeader, jsonResponse, problemResponses, refused, Text, UnavailableRetryAfter } from '../../schemas/common.ts';
import { buildPage, PaginatedSchema, readPageRequest } from '../../schemas/pagination.ts';
import { hashRequest } from '../idempotency/index.ts';
import { ServerParams } from '../servers/index.ts';
import { ActionBodies, ActionListQuery, ActionParams, ActionSchema, actionOperationName, ACTION_NAMES, type ActionName } from './actions.schemas.ts';
import type { ActionService } from './actions.service.ts';

/** What an action does to the machine, where a client must know before it asks (D23: which stops are soft). */
const ACTION_EFFECTS: Partial<Record<ActionName, string>> = {
  reboot:
    'A soft reboot: the guest is asked to shut down (its guest agent, or ACPI), then started again; pending plan changes are applied in between. A guest that has not shut down within the provider\'s timeout is powered off instead, and the result says `forced_power_off: true`.',
  shutdown: 'Asks the guest to shut down (its guest agent, or ACPI); powered off after the provider\'s timeout, said by `forced_power_off: true` in the result.',
  power_off: 'Cuts the power at once, as pulling the plug: what the guest has not written to disk is lost. Use shutdown or reboot for a clean stop.',
  enable_ipv6: 'A running server goes through a soft reboot to configure the address, as reboot does.',
  enable_private_network: 'A running server goes through a soft reboot to join the network, as reboot does.',
};

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Text(255, { minLength: 1, description: 'Repeat a request safely: the same key and body answer the first result' })),
});

/** Starts that check their body against the catalogue, which billing serves: only these can meet billing's failure. */
const READS_CATALOGUE: ReadonlySet<ActionName> = new Set(['reinstall', 'mount_iso']);

export const actionRoutes: FastifyPluginAsyncTypebox<{ actions: ActionService; publicUrl: string | undefined }> = async (app, { actions, publicUrl }) => {
  const tags = ['actions'];
  app.get(
    '/projects/:project_slug/actions/',
    {
      schema: {
        operationId: 'listActions',
        tags,
        summary: "The project's actions, newest first",
        params: Type.Object({ project_slug: ActionParams.properties.project_slug }),
        querystring: ActionListQuery,
        response: { 200: PaginatedSchema(ActionSchema), ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const pageRequest = readPageRequest({ page, page_size });
      const { count, actions: results } = await actions.list(request.actor, request.params.project_slug, filters, { limit: pageRequest.pageSize, offset: pageRequest.offset });
      return buildPage(request, publicUrl, pageRequest, count, results);
    },
  );

  app.get(
    '/projects/:project_slug/actions/:action_id/',
    { schema: { operationId: 'getAction', tags, summary: 'An action', params: ActionParams, response: { 200: ActionSchema, ...problemResponses(401, 404) } } },
    (request) => actions.get(request.actor, request.params.project_slug, Number(request.params.action_id)),
  );

  for (const name of ACTION_NAMES) {
    const body = ActionBodies[name];
    app.post(
      `/projects/:project_slug/servers/:server_id/actions/${name}/`,
      {
        schema: {
          operationId: `startServer${actionOperationName(name)}`,
          tags,
          summary: `Start server.${name}`,
          description:
            (ACTION_EFFECTS[name] ? `${ACTION_EFFECTS[name]} ` : '') +
            'Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. ' +
            'With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). ' +
            'When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.',
          params: ServerParams,
          headers: IdempotencyHeaders,
          ...(body ? { body } : {}),
          response: {
            202: jsonResponse(ActionSchema, 'The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now)', IdempotentReplayedHeader),
            ...problemResponses(
              400,
              401,
              refused('read_only_key', 'project_not_ready'),
              404,
              conflicts('conflict', 'idempotency_key_reused', 'project_deleting'),
              ...(READS_CATALOGUE.has(name) ? [502 as const] : []),
              [503, { codes: ['upstream_unavailable'], headers: UnavailableRetryAfter }],
            ),
          },
        },
      },
      async (request, reply) => {
        const { project_slug: slug, server_id: serverId } = request.params;
        const key = request.headers['idempotency-key'];
        const requestBody = (request.body ?? {}) as Record<string, unknown>;
        const idempotency = key
          ? { userId: request.actor.userId, scope: `POST /projects/${slug}/servers/${serverId}/actions/${name}`, key, requestHash: hashRequest(body ? requestBody : {}) }
          : null;
        const { action, replayed } = await actions.start(request.actor, slug, serverId, name, requestBody, idempotency);
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(202).send(action);
      },
    );
  }
};
