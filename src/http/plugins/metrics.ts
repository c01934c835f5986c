// Every answered request is counted and timed for Prometheus (/metrics) and
// logged once, on completion: one line per request with what an operator
// needs (method, URL, status, time), instead of Fastify's two lines (received
// and completed). Keys never reach the log: the line carries no headers.
import { CONSOLE_STREAM_PREFIX, CONSOLE_STREAM_ROUTE } from '../../modules/server-consoles/index.ts';
import type { HostDriftService } from '../../modules/host-drift/index.ts';
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry, collectDefaultMetrics, type Metric } from 'prom-client';

export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

type Label = 'listener' | 'method' | 'route' | 'status_code';
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** One listener, method, route and status: its requests, and their durations by bucket (not cumulative; the last is +Inf). */
interface Series {
  labels: Record<Label, string>;
  count: number;
  sum: number;
  buckets: number[];
}

/**
 * The requests every listener of a registry answered, by series. prom-client
 * finds a series by hashing its labels into a text on every observation, even
 * through a kept handle; here a request finds its series through three maps
 * keyed by what it already has (route pattern, method, status), and the
 * labels are written out only when /metrics is read.
 */
class RequestSeries {
  private readonly byListener = new Map<string, Map<string, Map<string, Map<number, Series>>>>();

  observe(listener: string, route: string, method: string, statusCode: number, seconds: number): void {
    let routes = this.byListener.get(listener);
    if (!routes) this.byListener.set(listener, (routes = new Map<string, Map<string, Map<number, Series>>>()));
    let methods = routes.get(route);
    if (!methods) routes.set(route, (methods = new Map<string, Map<number, Series>>()));
    let statuses = methods.get(method);
    if (!statuses) methods.set(method, (statuses = new Map<number, Series>()));
    let series = statuses.get(statusCode);
    if (!series) {
      series = { labels: { listener, method, route, status_code: String(statusCode) }, count: 0, sum: 0, buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0) };
      statuses.set(statusCode, series);
    }
    series.count++;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    series.buckets[bucket]!++;
  }

  *all(): Generator<Series> {
    for (const routes of this.byListener.values()) for (const methods of routes.values()) for (const statuses of methods.values()) yield* statuses.values();
  }

  reset(): void {
    this.byListener.clear();
  }
}

/** What a registry reads of a metric (prom-client's Metric, as its Counter and Histogram answer it): written from RequestSeries. */
abstract class RequestMetric {
  readonly aggregator = 'sum';
  abstract readonly type: 'counter' | 'histogram';

  constructor(
    readonly name: string,
    readonly help: string,
    readonly series: RequestSeries,
  ) {}

  protected abstract values(): { labels: Record<string, string | number>; value: number; metricName?: string }[];

  async get() {
    return { name: this.name, help: this.help, type: this.type, values: this.values(), aggregator: this.aggregator };
  }

  reset(): void {
    this.series.reset();
  }
}

class RequestCounter extends RequestMetric {
  readonly type = 'counter';

  protected values() {
    return [...this.series.all()].map((series) => ({ value: series.count, labels: series.labels }));
  }
}

class RequestDurations extends RequestMetric {
  readonly type = 'histogram';

  protected values() {
    return [...this.series.all()].flatMap((series) => {
      let cumulative = 0;
      const buckets = series.buckets.map((count, index) => {
        cumulative += count;
        return { labels: { le: DURATION_BUCKETS[index] ?? '+Inf', ...series.labels }, value: cumulative, metricName: `${this.name}_bucket` };
      });
      return [...buckets, { labels: series.labels, value: series.sum, metricName: `${this.name}_sum` }, { labels: series.labels, value: series.count, metricName: `${this.name}_count` }];
    });
  }
}

/** The request series of `registry`, registered as http_requests_total and http_request_duration_seconds on first use. */
function requestSeriesOf(registry: Registry): RequestSeries {
  const registered = registry.getSingleMetric('http_requests_total') as unknown as RequestMetric | undefined;
  if (registered) return registered.series;
  const series = new RequestSeries();
  registry.registerMetric(new RequestCounter('http_requests_total', 'HTTP requests answered', series) as unknown as Metric);
  registry.registerMetric(new RequestDurations('http_request_duration_seconds', 'Time to answer HTTP requests', series) as unknown as Metric);
  return series;
}

/** Counts, times and logs every request `app` answers; `listener` tells the project and legacy listeners apart. */
export function instrument(app: FastifyInstance, registry: Registry, listener: string): void {
  const series = requestSeriesOf(registry);
  // A callback hook, not an async one: nothing here waits, and Fastify then has no promise to settle per request.
  app.addHook('onResponse', (request, reply, done) => {
    const elapsedMs = reply.elapsedTime;
    // The route pattern, not the path, keeps the label set small; unmatched paths share one label.
    series.observe(listener, request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, elapsedMs / 1000);
    request.log.info({ method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, responseTime: elapsedMs }, 'request completed');
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
