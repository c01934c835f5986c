// A server's metrics over a range: the query's rules (the range, the step
// and its widening to at most MAX_POINTS points), the access checks, and
// the API's units. The numbers come from a MetricsBackend: cloudplane's own
// store (server-metrics.store.ts) or a time-series engine.
import { validationError } from '../../errors.ts';
import type { MetricsBackend, RatePoint, SeriesName } from '../../upstreams/metrics/port.ts';
import type { Actor } from '../api-keys/index.ts';
import { DEFAULT_POINTS, MAX_POINTS, MAX_RANGE_SECONDS, type MetricPoint, type MetricType, type ServerMetrics, type ServerMetricsRequest } from './server-metrics.schemas.ts';
import type { ServerService } from './servers.service.ts';

export interface ServerMetricsDependencies {
  /** The server GET's access checks (requireServer). */
  servers: ServerService;
  backend: MetricsBackend;
  /** How often the sampler reads the counters (METRICS_INTERVAL): the finest step worth answering by default. */
  intervalMs: number;
}

/** The series each type answers with. */
const SERIES: Record<MetricType, readonly SeriesName[]> = {
  cpu: ['cpu'],
  disk: ['disk.bytes.read', 'disk.bytes.write'],
  network: ['network.bytes.in', 'network.bytes.out'],
};

interface Range {
  types: MetricType[];
  startMs: number;
  endMs: number;
  stepSeconds: number;
  /** The step asked for made more than MAX_POINTS points. */
  widened: boolean;
}

function parseMoment(field: 'start' | 'end', text: string): number {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw validationError(field, 'must be a date and time in ISO 8601, such as 2025-03-01T12:00:00Z');
  return ms;
}

/**
 * The query's rules beyond its shape, checked before anything is looked up
 * (like a schema's). A step too fine for the range is widened, as Hetzner's
 * graphs are, rather than refused: a client that asks a month at one minute
 * gets the month, at the finest step that keeps MAX_POINTS points, and the
 * answer's `step` says which.
 */
function checkedRange(query: ServerMetricsRequest, intervalMs: number): Range {
  const types = [...new Set(query.type.split(','))] as MetricType[];
  const startMs = parseMoment('start', query.start);
  const endMs = parseMoment('end', query.end);
  if (endMs <= startMs) throw validationError('end', 'must be after start');
  const rangeSeconds = (endMs - startMs) / 1000;
  if (rangeSeconds > MAX_RANGE_SECONDS) throw validationError('end', 'must be at most 31 days after start');
  const asked = query.step ?? Math.max(Math.ceil(intervalMs / 1000), Math.ceil(rangeSeconds / DEFAULT_POINTS));
  const fewest = Math.ceil(rangeSeconds / MAX_POINTS);
  return { types, startMs, endMs, stepSeconds: Math.max(asked, fewest), widened: asked < fewest };
}

/** A value as the API writes it: a decimal string with at most two decimals. */
function decimal(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A point in the API's units: CPU in percent of the plan's vCPUs (at most 100), bytes per second as they are. */
function apiPoint(name: SeriesName, [at, rate]: RatePoint, cpuCores: number): MetricPoint {
  return [at, decimal(name === 'cpu' ? Math.min(100, (rate / cpuCores) * 100) : rate)];
}

export class ServerMetricsService {
  constructor(private readonly deps: ServerMetricsDependencies) {}

  /** The server's metrics of the types asked for over the range; any member may read them, read-only keys too. */
  async read(actor: Actor, slug: string, serverId: string, query: ServerMetricsRequest): Promise<ServerMetrics> {
    const range = checkedRange(query, this.deps.intervalMs);
    const { server } = await this.deps.servers.requireServer(actor, slug, serverId);
    const names = range.types.flatMap((type) => SERIES[type]);
    const answer = await this.deps.backend.read({ serverId: server.id, series: names, startMs: range.startMs, endMs: range.endMs, stepSeconds: range.stepSeconds, widened: range.widened });
    const cpuCores = Math.max(1, server.plan.cpu_cores ?? 1);
    const timeSeries: ServerMetrics['time_series'] = {};
    for (const name of names) timeSeries[name] = { values: (answer.series[name] ?? []).map((point) => apiPoint(name, point, cpuCores)) };
    return { start: new Date(range.startMs).toISOString(), end: new Date(range.endMs).toISOString(), step: answer.stepSeconds, time_series: timeSeries };
  }
}
