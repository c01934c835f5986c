// Every answered request is counted and timed for Prometheus (/metrics) and
// logged once, on completion: one line per request with what an operator
// needs (method, URL, status, time), instead of Fastify's two lines (received
// and completed). Keys never reach the log: the line carries no headers.
import { CONSOLE_STREAM_PREFIX, CONSOLE_STREAM_ROUTE } from '../../modules/server-consoles/index.ts';
import type { HostDriftService } from '../../modules/host-drift/index.ts';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

const labelNames = ['listener', 'method', 'route', 'status_code'] as const;
type Label = (typeof labelNames)[number];

/** The two series of one listener, method, route and status: looked up once, then reused by every request like it. */
interface SeriesHandles {
  requests: ReturnType<Counter<Label>['labels']>;
  duration: ReturnType<Histogram<Label>['labels']>;
}

/** Counts, times and logs every request `app` answers; `listener` tells the project and legacy listeners apart. */
export function instrument(app: FastifyInstance, registry: Registry, listener: string): void {
  const requests =
    (registry.getSingleMetric('http_requests_total') as Counter<Label> | undefined) ??
    new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration =
    (registry.getSingleMetric('http_request_duration_seconds') as Histogram<Label> | undefined) ??
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests',
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
  // Finding a labelled series hashes its labels; with the handles kept, a request only adds to them.
  const handles = new Map<string, SeriesHandles>();
  const seriesOf = (method: string, route: string, statusCode: number): SeriesHandles => {
    const key = `${method} ${statusCode} ${route}`;
    let series = handles.get(key);
    if (!series) {
      const labels = { listener, method, route, status_code: String(statusCode) };
      series = { requests: requests.labels(labels), duration: duration.labels(labels) };
      handles.set(key, series);
    }
    return series;
  };

  // A callback hook, not an async one: nothing here waits, and Fastify then has no promise to settle per request.
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the path, keeps the label set small; unmatched paths share one label.
    const series = seriesOf(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    series.requests.inc();
    series.duration.observe(reply.elapsedTime / 1000);
    request.log.info({ method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

/**
 * `cloudplane_host_drift_items{host,kind}`: the differences each host's
 * drift report names now (D26), zeros included. Read from the database at
 * each scrape, so every process answers the same whichever worker checked.
 */
export function measureHostDrift(registry: Registry, drift: HostDriftService): void {
  if (registry.getSingleMetric('cloudplane_host_drift_items')) return;
  new Gauge({
    name: 'cloudplane_host_drift_items',
    help: "Differences between a hypervisor host and cloudplane's rows, by host and kind, as its drift report names them now",
    labelNames: ['host', 'kind'] as const,
    registers: [registry],
    async collect() {
      // The database not answering keeps the last values rather than failing the whole scrape.
      const counts = await drift.counts().catch(() => null);
      if (!counts) return;
      // A host removed since the last scrape leaves no series behind.
      this.reset();
      for (const count of counts) this.set({ host: count.host, kind: count.kind }, count.items);
    },
  });
}

/** The URL as the log keeps it: a console token is a credential, so a request naming one is logged by the route's pattern. */
function loggedUrl(url: string): string {
  return url.startsWith(CONSOLE_STREAM_PREFIX) ? CONSOLE_STREAM_ROUTE : url;
}
