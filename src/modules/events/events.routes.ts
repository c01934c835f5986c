import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../schemas/common.ts';
import { ACCESS_CHECK_INTERVAL_MS, readLastEventId, startEventStream, wantsStream } from './event-stream.ts';
import { EventPageSchema, EventsHeaders, EventsQuery, ProjectEventsParams } from './events.schemas.ts';
import type { EventService } from './events.service.ts';
import { AppError } from '../../errors.ts';
import { bearerToken } from '../../routing/bearer-token.ts';
import type { ApiKeyService } from '../api-keys/index.ts';

export const eventRoutes: FastifyPluginAsyncTypebox<{ events: EventService; apiKeys: ApiKeyService }> = async (app, { events, apiKeys }) => {
  // A closing server ends the streams first; clients reconnect with Last-Event-ID elsewhere, or here once it is back.
  app.addHook('preClose', async () => events.closeStreams());
  app.get(
    '/projects/:project_slug/events/',
    {
      schema: {
        operationId: 'listEvents',
        tags: ['events'],
        summary: "The project's events: a stream, or a page after an id",
        description:
          'With `Accept: text/event-stream`, a Server-Sent Events stream: each event as `id:` (its id), `event:` (its type) and `data:` (the event as JSON), ' +
          'a `: heartbeat` comment every 15 s, and no end. It resumes after `Last-Event-ID` (what EventSource sends on reconnecting), else after `after`, ' +
          'else with the next event committed; the header `Last-Event-ID` of the answer says which id it starts after, so a client can resume from there even before any event came. Without it, a page of events after `after`, oldest first; ask again with `after=last_id` until `has_more` is false. ' +
          'Ids increase per project in the order the changes committed, so a client that resumes after the last id it saw misses nothing and gets nothing twice. ' +
          'Events are kept for 7 days (the operator may keep them longer). Any member may read them, with a read-only key too.',
        params: ProjectEventsParams,
        querystring: EventsQuery,
        headers: EventsHeaders,
        response: {
          200: {
            description: 'A page of events, or (asked for with Accept) the stream',
            content: {
              'application/json': { schema: EventPageSchema },
              'text/event-stream': { schema: { type: 'string', maxLength: 1_000_000_000, description: `A stream of events; each data line is an Event as JSON` } },
            },
          },
          ...problemResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { project_slug: slug } = request.params;
      // HEAD answers as a page would: a stream that sends no body would never end.
      if (request.method !== 'GET' || !wantsStream(request.headers.accept)) return events.page(request.actor, slug, request.query);
      const cursor = await events.open(request.actor, slug, request.query.types);
      const resumeAfter = readLastEventId(request.headers['last-event-id']) ?? (request.query.after === undefined ? undefined : Number(request.query.after));
      const startAfter = resumeAfter ?? (await events.lastId(cursor.projectId));
      reply.hijack();
      const stream = startEventStream(reply.raw, request.id, events, cursor, request.log, startAfter);
      const token = bearerToken(request);
      stream.checkAccessEvery(ACCESS_CHECK_INTERVAL_MS, async () => {
        const actor = await apiKeys.authenticate(token);
        if (!actor) return false;
        try {
          return (await events.open(actor, slug, undefined)).projectId === cursor.projectId;
        } catch (error) {
          if (error instanceof AppError) return false;
          throw error;
        }
      });
      return reply;
    },
  );
};
