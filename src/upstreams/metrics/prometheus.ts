// Server metrics read from a Prometheus server (METRICS_BACKEND=prometheus)
// that scrapes the per-server counters: prometheus-libvirt-exporter on each
// hypervisor host, or cloudplane's own counters endpoint for the simulator
// (both name them as libvirt-exporter.ts says). One query_range request
// answers every series asked for: per series, the rate of its counter summed
// over the domain's disks or interfaces, labelled with the series' name so
// the answers can be told apart.
//
// Steps: Prometheus evaluates a range query at instants, and `rate(x[w])` at
// an instant T looks back over (T − w, T]. The built-in store's step k is what
// happened in [start + k·step, start + (k+1)·step), so the query is evaluated
// at the end of each step and each point is labelled with its step's start.
// The window is the step plus one scrape interval (METRICS_INTERVAL): like
// the built-in store's pair of samples that straddles a step's start, it
// takes the last sample before the step in, so a step as fine as the scrape
// interval still holds the two samples a rate needs. A step without two
// samples (the server was not running) has no point.
//
// Failures map onto the other ports': Prometheus unreachable (or answering
// 503 while it starts) → unavailable (the API's 503 with Retry-After), no
// answer within the timeout → timeout, any other error → failed (502).
import { timedOut, unavailable, UpstreamError } from '../errors.ts';
import { EXPORTER_COUNTERS } from './libvirt-exporter.ts';
import { SERIES_NAMES, type MetricsBackend, type RatePoint, type SeriesAnswer, type SeriesName, type SeriesRequest } from './port.ts';

export interface PrometheusSettings {
  /** Base URL of the server, such as http://prometheus:9090 (a path prefix included, when it is served under one). */
  url: string;
  /** How often Prometheus scrapes the counters (METRICS_INTERVAL), which widens each step's window by one scrape. */
  scrapeIntervalMs: number;
  timeoutMs: number;
}

/** The label each series of the answer carries its name in. */
const SERIES_LABEL = 'cloudplane_series';

/** A string literal in PromQL: JSON's escaping is PromQL's for every character a server id or series name holds. */
const literal = (text: string) => JSON.stringify(text);

/** The PromQL for the series asked for, of one domain, with a window of `windowSeconds`. */
export function seriesQuery(serverId: string, series: readonly SeriesName[], windowSeconds: number): string {
  return series
    .map((name) => {
      const rate = `sum(rate(${EXPORTER_COUNTERS[name].name}{domain=${literal(serverId)}}[${windowSeconds}s]))`;
      return `label_replace(${rate}, ${literal(SERIES_LABEL)}, ${literal(name)}, "", "")`;
    })
    .join(' or ');
}

interface MatrixAnswer {
  status: 'success' | 'error';
  error?: string;
  data?: { resultType: string; result: { metric: Record<string, string>; values: [number, string][] }[] };
}

/** Prometheus answered, but not with the series: the port's `failed`, with what it said (for the log; the API says 502). */
const refused = (status: number, reason: string) => new UpstreamError('metrics', 'failed', `Prometheus answered ${status}: ${reason}`);

export class PrometheusMetricsBackend implements MetricsBackend {
  private readonly queryRangeUrl: string;

  constructor(private readonly settings: PrometheusSettings) {
    this.queryRangeUrl = `${settings.url.replace(/\/+$/, '')}/api/v1/query_range`;
  }

  async read(request: SeriesRequest): Promise<SeriesAnswer> {
    const series: SeriesAnswer['series'] = {};
    if (request.series.length === 0) return { stepSeconds: request.stepSeconds, series };
    const stepMs = request.stepSeconds * 1000;
    const steps = Math.ceil((request.endMs - request.startMs) / stepMs);
    const windowSeconds = request.stepSeconds + Math.ceil(this.settings.scrapeIntervalMs / 1000);
    const answer = await this.queryRange({
      query: seriesQuery(request.serverId, request.series, windowSeconds),
      // The end of the first step to the end of the last: the instants whose look-back is each step.
      start: String((request.startMs + stepMs) / 1000),
      end: String((request.startMs + steps * stepMs) / 1000),
      step: String(request.stepSeconds),
    });
    for (const name of request.series) series[name] = [];
    for (const result of answer) {
      const name = result.metric[SERIES_LABEL] as SeriesName | undefined;
      if (!name || !SERIES_NAMES.includes(name) || !series[name]) continue;
      series[name] = result.values.flatMap(([at, value]): RatePoint[] => {
        const rate = Number(value);
        if (!Number.isFinite(rate)) return [];
        // The step that ends at `at`, counted from the request's start (as the store labels it: exact, not `at − step` in floating point).
        const index = Math.round((at * 1000 - request.startMs) / stepMs) - 1;
        return index >= 0 && index < steps ? [[(request.startMs + index * stepMs) / 1000, rate]] : [];
      });
    }
    return { stepSeconds: request.stepSeconds, series };
  }

  /** One query_range call: the matrix it answers. Unreachable, silent and refusing are thrown here. */
  private async queryRange(parameters: Record<string, string>): Promise<NonNullable<MatrixAnswer['data']>['result']> {
    let response: Response;
    let text: string;
    try {
      // POST with a form body, as the API allows: a query for five series is long for a URL behind a proxy.
      response = await fetch(this.queryRangeUrl, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(parameters).toString(),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') throw timedOut('metrics');
      throw unavailable('metrics');
    }
    // 503: Prometheus is up but not ready (replaying its write-ahead log after a start): the same as not there yet.
    if (response.status === 503) throw unavailable('metrics');
    let answer: MatrixAnswer;
    try {
      answer = JSON.parse(text) as MatrixAnswer;
    } catch {
      // Not JSON: something else answers at that address (a proxy's error page, not Prometheus at all).
      throw refused(response.status, 'an answer that is not JSON');
    }
    if (!response.ok || answer.status !== 'success') throw refused(response.status, answer.error ?? 'no reason given');
    if (answer.data?.resultType !== 'matrix') throw refused(response.status, `a ${answer.data?.resultType ?? 'missing'} result`);
    return answer.data.result;
  }
}
