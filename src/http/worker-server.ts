// What a `cloudplane worker` answers when WORKER_METRICS_PORT is set: its own
// /metrics (the process, and the metrics sampler's rounds when it runs them)
// and /healthz, for Prometheus and a supervisor. A worker has no API: any
// other path is a 404 problem. Without it, the rounds of a sampler that runs
// in a worker process would be seen nowhere but in its job row.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { CLOUDPLANE_VERSION } from '../version.ts';
import { clientErrorHandler, installProblemDetails, problemForStatus } from './plugins/problem-details.ts';
import { fastifyOptions } from './server.ts';

export function buildWorkerServer(options: { logger: FastifyBaseLogger; metrics: Registry }): FastifyInstance {
  const app = Fastify(fastifyOptions(options.logger, clientErrorHandler('application/problem+json', problemForStatus)));
  installProblemDetails(app);
  const health = { status: 'ok', version: CLOUDPLANE_VERSION };
  app.get('/healthz', async () => health);
  app.get('/metrics', async (_request, reply) => reply.type(options.metrics.contentType).send(await options.metrics.metrics()));
  return app;
}
