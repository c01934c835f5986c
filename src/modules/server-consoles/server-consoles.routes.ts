import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { conflicts, jsonResponse, problemResponses, refused, UnavailableRetryAfter } from '../../schemas/common.ts';
import { requestBaseUrl } from '../../schemas/pagination.ts';
import { ServerParams } from '../servers/index.ts';
import { CONSOLE_STREAM_PREFIX, type ServerConsoleService } from './server-consoles.service.ts';
import { ServerConsoleSchema } from './server-consoles.schemas.ts';

/** The WebSocket address of a token, on the listener the client reached (or the public address): ws for http, wss for https. */
export function consoleStreamUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}${CONSOLE_STREAM_PREFIX}${token}`;
}

export const serverConsoleRoutes: FastifyPluginAsyncTypebox<{ consoles: ServerConsoleService; publicUrl: string | undefined }> = async (app, { consoles, publicUrl }) => {
  app.post(
    '/projects/:project_slug/servers/:server_id/console/',
    {
      schema: {
        operationId: 'openServerConsole',
        tags: ['servers'],
        summary: "Open the server's serial console",
        description:
          "The way in when SSH is not: a WebSocket to the server's serial console. Any member may ask (not a read-only key), for a running server. " +
          'The answer is a `ws://` or `wss://` URL on this listener holding a single-use token: open a WebSocket to it within 60 seconds (`expires_at`); ' +
          'it needs no other credentials. Binary frames carry the console\'s raw bytes both ways (keystrokes in, output out), nothing else; ' +
          'a text frame `{"type":"resize","cols":C,"rows":R}` may tell the terminal\'s size (a serial line carries none: the guest asks the terminal). ' +
          'Press Enter for the login prompt. A server has one session at a time: a new one takes over, and the old one is closed with code 4000. ' +
          'A session ends after 15 minutes without a byte either way (4001), when the server stops or is deleted (4002), when the member leaves the project or the key is revoked (4003), ' +
          'or when the console ends (4004); a frame over 64 KiB closes it (1009). A used, expired or unknown token is refused with 401 before anything reaches the server; ' +
          'a token made in the web console is refused (403) unless its WebSocket comes from the console\'s own origin. Opening and closing are in the audit log; opening is the `console.opened` event.',
        params: ServerParams,
        response: {
          201: jsonResponse(ServerConsoleSchema, 'Where to open the WebSocket, and until when'),
          ...problemResponses(
            401,
            refused('read_only_key', 'project_not_ready'),
            404,
            conflicts('conflict', 'project_deleting'),
            502,
            [503, { codes: ['upstream_unavailable'], headers: UnavailableRetryAfter }],
          ),
        },
      },
    },
    async (request, reply) => {
      const { token, expires_at } = await consoles.request(request.actor, request.params.project_slug, request.params.server_id, {
        interface: 'project',
        clientIp: request.ip,
        sessionRef: null,
      });
      return reply.code(201).send({ url: consoleStreamUrl(requestBaseUrl(request, publicUrl), token), expires_at });
    },
  );
};
