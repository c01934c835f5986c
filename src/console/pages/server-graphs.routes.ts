// A server's graphs: CPU, network traffic and disk over the last 24 hours,
// 7 days or 30 days, read through ServerMetricsService as the API's
// GET …/metrics/ is (the month from the hourly rollups).
//
// The page (server-graphs.eta) carries no data in a script: charts.js, the
// console's own file, fetches the series as JSON from `…/graphs/data` and
// draws them with uPlot (served by cloudplane). The page itself states the
// average and the peak of each series in a table, which is what a screen
// reader reads, and what a browser without scripts shows.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { ServerMetrics } from '../../modules/servers/index.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { sendPage } from '../console-page.ts';
import { moment, serverUrl, type Moment } from './display.ts';
import { plural } from './labels.ts';
import { serverFrame } from './server-page.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The ranges offered, by their name in the query (`?range=7d`). */
const RANGES = {
  '24h': { text: 'Last 24 hours', ms: 24 * HOUR_MS },
  '7d': { text: 'Last 7 days', ms: 7 * 24 * HOUR_MS },
  '30d': { text: 'Last 30 days', ms: 30 * 24 * HOUR_MS },
} as const;
type RangeName = keyof typeof RANGES;

/** The range asked for; anything else (or nothing) is the last 24 hours. */
function rangeOf(query: unknown): RangeName {
  const asked = (query as { range?: unknown } | undefined)?.range;
  return typeof asked === 'string' && Object.hasOwn(RANGES, asked) ? (asked as RangeName) : '24h';
}

type SeriesName = keyof ServerMetrics['time_series'];
type Unit = 'percent' | 'bytes_per_second';

/** The charts, each with its series (as the API names them) and how the page words them. */
const CHARTS: { id: string; title: string; unit: Unit; series: { name: SeriesName; label: string }[] }[] = [
  { id: 'cpu', title: 'CPU', unit: 'percent', series: [{ name: 'cpu', label: 'CPU use' }] },
  {
    id: 'network',
    title: 'Network traffic',
    unit: 'bytes_per_second',
    series: [
      { name: 'network.bytes.in', label: 'Received' },
      { name: 'network.bytes.out', label: 'Sent' },
    ],
  },
  {
    id: 'disk',
    title: 'Disk',
    unit: 'bytes_per_second',
    series: [
      { name: 'disk.bytes.read', label: 'Read' },
      { name: 'disk.bytes.write', label: 'Written' },
    ],
  },
];

/** What charts.js draws: per chart, uPlot's data (the step times, then one column per series; null where the server was not measured). */
export interface ChartData {
  id: string;
  title: string;
  unit: Unit;
  labels: string[];
  data: (number | null)[][];
}

/** What the page says of one series. */
interface SeriesSummary {
  chart: string;
  label: string;
  average: string;
  peak: string;
  peakAt: Moment | null;
}

/** 1234567 → "1.23 MB/s"; percentages with one decimal. charts.js words its axes the same way; change both together. */
export function formatValue(value: number, unit: Unit): string {
  if (unit === 'percent') return `${value.toFixed(1)} %`;
  const prefixes = ['', 'k', 'M', 'G', 'T'];
  let scaled = value;
  let index = 0;
  while (scaled >= 1000 && index < prefixes.length - 1) {
    scaled /= 1000;
    index += 1;
  }
  return `${index === 0 ? Math.round(scaled) : scaled.toFixed(scaled < 10 ? 2 : 1)} ${prefixes[index]}B/s`;
}

/** Every step of the range, with each series' value at it (null: no measurement), in uPlot's columns. */
function chartsOf(metrics: ServerMetrics): ChartData[] {
  const startMs = Date.parse(metrics.start);
  const steps = Math.ceil((Date.parse(metrics.end) - startMs) / (metrics.step * 1000));
  // The service's own arithmetic for a step's start, so each point lands on its step.
  const times = Array.from({ length: steps }, (_, index) => (startMs + index * metrics.step * 1000) / 1000);
  const column = (name: SeriesName) => {
    const values = new Map((metrics.time_series[name]?.values ?? []).map(([time, value]) => [Number(time), Number(value)]));
    return times.map((time) => values.get(time) ?? null);
  };
  return CHARTS.map((chart) => ({ id: chart.id, title: chart.title, unit: chart.unit, labels: chart.series.map((series) => series.label), data: [times, ...chart.series.map((series) => column(series.name))] }));
}

function summariesOf(metrics: ServerMetrics): SeriesSummary[] {
  const summaries: SeriesSummary[] = [];
  for (const chart of CHARTS) {
    for (const series of chart.series) {
      const points = (metrics.time_series[series.name]?.values ?? []).map(([time, value]) => ({ time: Number(time), value: Number(value) }));
      if (points.length === 0) continue;
      const peak = points.reduce((highest, point) => (point.value > highest.value ? point : highest));
      const average = points.reduce((sum, point) => sum + point.value, 0) / points.length;
      summaries.push({
        chart: chart.title,
        label: series.label,
        average: formatValue(average, chart.unit),
        peak: formatValue(peak.value, chart.unit),
        peakAt: moment(new Date(peak.time * 1000).toISOString()),
      });
    }
  }
  return summaries;
}

/** 432 → "7 minutes": how long one point of the graphs covers. */
function stepText(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second');
  if (seconds < 2 * HOUR_MS / 1000) return plural(Math.round(seconds / 60), 'minute');
  return plural(Math.round(seconds / 3600), 'hour');
}

interface ServerPath {
  slug: string;
  id: string;
}

export async function serverGraphPages(app: FastifyInstance, { services, clock }: { services: Services; clock: Clock }): Promise<void> {
  /** The server's metrics over the range ending now, as the API's metrics route answers them. */
  async function readMetrics(userId: number, path: ServerPath, range: RangeName): Promise<ServerMetrics> {
    // Whole seconds, so every step starts on a whole second.
    const end = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
    const start = new Date(end.getTime() - RANGES[range].ms);
    return services.serverMetrics.read(consoleActor({ id: userId }), path.slug, path.id, { type: 'cpu,network,disk', start: start.toISOString(), end: end.toISOString() });
  }

  app.get('/projects/:slug/servers/:id/graphs', async (request, reply) => {
    const path = request.params as ServerPath;
    const actor = consoleActor(request.consoleUser);
    const server = await services.servers.get(actor, path.slug, path.id);
    const project = await services.projects.get(actor, path.slug);
    const range = rangeOf(request.query);
    const metrics = await readMetrics(request.consoleUser.id, path, range);
    const base = `${serverUrl(project.slug, server.id)}/graphs`;
    return sendPage(request, reply, 'server-graphs', {
      ...serverFrame(project, server, 'graphs'),
      charts: true,
      range: { name: range, text: RANGES[range].text },
      ranges: Object.entries(RANGES).map(([name, entry]) => ({ text: entry.text, url: `${base}?range=${name}`, current: name === range })),
      dataUrl: `${base}/data?range=${range}`,
      chartBoxes: CHARTS.map((chart) => ({ id: chart.id, title: chart.title })),
      summaries: summariesOf(metrics),
      stepText: stepText(metrics.step),
    });
  });

  // The series for charts.js: JSON, read with the page's session like the page.
  app.get('/projects/:slug/servers/:id/graphs/data', async (request, reply) => {
    const path = request.params as ServerPath;
    const range = rangeOf(request.query);
    const metrics = await readMetrics(request.consoleUser.id, path, range);
    return reply.type('application/json; charset=utf-8').send({ range, start: metrics.start, end: metrics.end, step: metrics.step, charts: chartsOf(metrics) });
  });
}
