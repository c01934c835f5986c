// Prometheus text at /metrics: request counts and latency by route and status.
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Counts every request `app` answers; `listener` tells the project and legacy listeners apart. */
export function instrument(app: FastifyInstance, registry: Registry, listener: string): void {
  const labelNames = ['listener', 'method', 'route', 'status_code'] as const;
  const requests =
    (registry.getSingleMetric('http_requests_total') as Counter<(typeof labelNames)[number]> | undefined) ??
    new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration =
    (registry.getSingleMetric('http_request_duration_seconds') as Histogram<(typeof labelNames)[number]> | undefined) ??
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests',
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the path, keeps the label set small; unmatched paths share one label.
    const labels = {
      listener,
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
