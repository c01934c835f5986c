import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { conflicts, problemResponses, refused } from '../../schemas/common.ts';
import { ServerMetricsQuery, ServerMetricsSchema } from './server-metrics.schemas.ts';
import type { ServerMetricsService } from './server-metrics.service.ts';
import { ServerParams } from './servers.schemas.ts';

export const serverMetricsRoutes: FastifyPluginAsyncTypebox<{ serverMetrics: ServerMetricsService }> = async (app, { serverMetrics }) => {
  app.get(
    '/projects/:project_slug/servers/:server_id/metrics/',
    {
      schema: {
        operationId: 'getServerMetrics',
        tags: ['servers'],
        summary: "A server's metrics: CPU, disk and network over time",
        description:
          'Rates made from the counters the provisioning system reports for the server, sampled every minute (METRICS_INTERVAL) while it runs: ' +
          'the samples themselves are kept for 24 hours, 5-minute rollups for 7 days and hourly rollups for 90 days (each configurable). ' +
          'An answer reads the coarsest of these that is fine enough for its step, and never has more than 500 points a series: a step too fine for the range is widened, and `step` says the one used. ' +
          'Each point is `[timestamp, value]`: the start of its step as a Unix timestamp, and the value over the step as a decimal string. ' +
          'A step without samples (the server was stopped, or is younger) has no point. ' +
          'Where the provider keeps metrics in Prometheus instead (METRICS_BACKEND=prometheus), the answer is the same; Prometheus unreachable is 503, an error from it or no answer in time 502.',
        params: ServerParams,
        querystring: ServerMetricsQuery,
        response: { 200: ServerMetricsSchema, ...problemResponses(400, 401, refused('project_not_ready'), 404, conflicts('project_deleting'), 502, [503, { codes: ['upstream_unavailable', 'service_unavailable'] }]) },
      },
    },
    async (request, reply) => {
      const metrics = await serverMetrics.read(request.actor, request.params.project_slug, request.params.server_id, request.query);
      // Up to 2,500 points, each a number and a decimal string the service wrote. The schema's serializer
      // checks every value against both kinds of a point (its anyOf): half of the 1.2 MB a 24-hour graph
      // allocated. JSON.stringify writes the same bytes (the tests check each answer against the schema).
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send(metrics);
    },
  );
};
