// What the day's bench (bench/day.ts) reports: its figures, the targets of
// issue 47 point 6 they are judged on, the verdicts in bench/verdicts.ts's
// shape (for bench/run.ts to include) and the table it prints.
import type { Engine } from './engine.ts';
import type { LoadFigure, ProcessPeak } from './day-loads.ts';
import type { HistoryWritten } from './day-storage.ts';
import type { Verdict } from './verdicts.ts';

export const MAX_ROUND_LAG_SECONDS = 10;
/** The API's p99 with sampling running, against the same load without: at most this many times. */
export const MAX_P99_FACTOR_WITH_SAMPLING = 1.5;
export const MAX_PROCESS_RSS_MB = 300;
export const MAX_GRAPH_P99_MS = 50;
/** Connections of each graph's load, beside the API's. */
export const GRAPH_CONNECTIONS = 2;

const HOUR_MS = 3_600_000;
/**
 * The two graphs, and what each must answer: the step it is widened to (at
 * most 500 points, then to the next bucket kept when that is at most twice
 * as wide) and about how many points a series has (24 h at 300 s from the
 * 5-minute rollups: 288; 30 days at 7,200 s from the hourly ones: 360).
 */
export const GRAPHS = {
  day: { id: 'day_graph_24h_p99', label: '24-hour graph, step=60', rangeMs: 24 * HOUR_MS, step: 60, answeredStep: 300, points: [280, 289] },
  month: { id: 'day_graph_30d_p99', label: '30-day graph, step=3600', rangeMs: 30 * 24 * HOUR_MS, step: 3600, answeredStep: 7200, points: [350, 361] },
} as const;
export type GraphName = keyof typeof GRAPHS;

export interface ApiFigures {
  me: LoadFigure;
  serverList: LoadFigure;
}

export interface RoundFigure {
  /** The boundary it sampled at (the service's clock). */
  boundary: string;
  /** From the boundary to its last sample stored, as the service measured it. */
  lagSeconds?: number;
  servers?: number;
  /** From the clock's move to the round's end, rollups and pruning included, as the bench saw it (50 ms polls). */
  roundSeconds: number;
  /** The job's own words (jobs.last_error). */
  outcome: string | null;
}

export type GraphFigure = LoadFigure & { answeredStep?: number; points?: number };

/**
 * How the service runs: `one process` is `npm start` as it comes (serve runs
 * the jobs, the sampler among them); `serve + worker` is `npm start` with
 * CLOUDPLANE_SERVE_JOBS=0 beside a `cloudplane worker` that runs them, as
 * README advises for many servers.
 */
export type DayLayout = 'serve + worker' | 'one process';
export const DAY_LAYOUTS: readonly DayLayout[] = ['serve + worker', 'one process'];

export interface DayReport {
  engine: Engine;
  layout: DayLayout;
  /** The machine's load average (1, 5, 15 min) as this engine's day began and ended. */
  loadAverage: { start: number[]; end: number[] };
  runningServers?: number;
  /** The standalone run's seeding: the servers asked for, how long it took, and why it stopped short. */
  seeding?: { asked: number; seconds?: number; error?: string };
  history?: HistoryWritten;
  rounds: RoundFigure[];
  api: { withoutSampling?: ApiFigures; withSampling?: ApiFigures; aMinute?: ApiFigures };
  graphs: Partial<Record<GraphName, GraphFigure>>;
  /** The round inside the minute of graphs. */
  minuteRound?: RoundFigure;
  /** Peak VmRSS of each process of the service over the whole day. */
  memory: ProcessPeak[];
  problems: string[];
  serviceErrors?: string[];
}

/** The nearest-rank percentile: with fewer than 100 values, p99 is the largest. */
function percentile(values: number[], share: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

const lags = (report: DayReport) => report.rounds.flatMap((round) => (round.lagSeconds === undefined ? [] : [round.lagSeconds]));

export function roundLagP99(report: DayReport): number | undefined {
  return percentile(lags(report), 0.99);
}

/** The day's verdicts, in bench/verdicts.ts's shape: a problem fails its figure whatever the figure. */
export function dayVerdicts(report: DayReport): Verdict[] {
  const { engine } = report;
  // The advised layout keeps the issue's ids; the single process's figures are judged under ids of their own.
  const suffix = report.layout === 'one process' ? '_one_process' : '';
  const judged = (baseId: string, baseTarget: string, value: number | undefined, threshold: number, figure: (value: number) => string, problems: string[]): Verdict => {
    const [id, target] = [`${baseId}${suffix}`, `${baseTarget} (${report.layout})`];
    if (value === undefined || Number.isNaN(value)) return { engine, id, target, figure: 'not measured', pass: false, problems: problems.length > 0 ? problems : report.problems.length > 0 ? report.problems : ['not measured'] };
    return { engine, id, target, figure: figure(value), value: Number(value.toPrecision(4)), threshold, pass: value <= threshold && problems.length === 0, ...(problems.length > 0 ? { problems } : {}) };
  };
  const verdicts: Verdict[] = [];

  const sampled = report.rounds.map((round) => round.servers ?? 0);
  const shortRounds = report.rounds.filter((round) => round.servers !== undefined && report.runningServers !== undefined && round.servers < report.runningServers);
  const roundProblems = [...report.problems.filter((problem) => problem.includes('round')), ...shortRounds.map((round) => `the round at ${round.boundary} sampled ${round.servers} of ${report.runningServers} running servers`)];
  verdicts.push(
    judged(
      'day_round_lag_p99',
      `a sampling round's last sample ≤ ${MAX_ROUND_LAG_SECONDS} s after its boundary, p99 over ${report.rounds.length} rounds of ${report.runningServers ?? '?'} running servers under the API load`,
      roundLagP99(report),
      MAX_ROUND_LAG_SECONDS,
      (value) => `${value.toFixed(2)} s (p50 ${percentile(lags(report), 0.5)?.toFixed(2)} s; ${Math.min(...sampled)}–${Math.max(...sampled)} servers a round)`,
      roundProblems,
    ),
  );

  const { withoutSampling, withSampling } = report.api;
  for (const [key, id, label] of [['me', 'day_me_p99_with_sampling', 'GET /api/v1/me/'], ['serverList', 'day_server_list_p99_with_sampling', 'GET /api/v1/projects/{slug}/servers/']] as const) {
    const [without, under] = [withoutSampling?.[key], withSampling?.[key]];
    const factor = without && under && without.p99Ms > 0 ? under.p99Ms / without.p99Ms : undefined;
    verdicts.push(
      judged(
        id,
        `${label} p99 with sampling ≤ ${MAX_P99_FACTOR_WITH_SAMPLING}× its p99 without, same load, same run`,
        factor,
        MAX_P99_FACTOR_WITH_SAMPLING,
        (value) => `×${value.toFixed(2)} (p99 ${under!.p99Ms} ms with, ${without!.p99Ms} ms without; ${under!.requestsPerSecond.toFixed(0)} vs ${without!.requestsPerSecond.toFixed(0)} req/s)`,
        [...(without?.problems ?? []).map((problem) => `without: ${problem}`), ...(under?.problems ?? []).map((problem) => `with: ${problem}`)],
      ),
    );
  }

  const largest = report.memory.reduce<ProcessPeak | undefined>((top, entry) => (!top || entry.peakMb > top.peakMb ? entry : top), undefined);
  verdicts.push(
    judged(
      'day_process_rss_mb',
      `every process of the service ≤ ${MAX_PROCESS_RSS_MB} MB RSS through the day (its peak, read each second)`,
      largest?.peakMb,
      MAX_PROCESS_RSS_MB,
      (value) => `${value.toFixed(0)} MB (${report.memory.map((entry) => `${entry.command.split(' ')[0]!.split('/').at(-1)} ${entry.peakMb.toFixed(0)}`).join(', ')})`,
      [],
    ),
  );

  for (const name of Object.keys(GRAPHS) as GraphName[]) {
    const graph = report.graphs[name];
    verdicts.push(
      judged(
        GRAPHS[name].id,
        `${GRAPHS[name].label} (type=cpu,disk,network) p99 ≤ ${MAX_GRAPH_P99_MS} ms under the API load, in a minute with its round`,
        graph && graph.requests > 0 ? graph.p99Ms : undefined,
        MAX_GRAPH_P99_MS,
        (value) => `${value} ms (${graph!.requestsPerSecond.toFixed(0)} req/s on ${GRAPH_CONNECTIONS} connections; step ${graph!.answeredStep}, ${graph!.points} points)`,
        graph?.problems ?? [],
      ),
    );
  }
  return verdicts;
}

/** One column per engine and layout. */
export function printDay(reports: DayReport[]): void {
  const line = (cells: string[]) => `${cells[0]!.padEnd(50)}${cells.slice(1).map((cell) => cell.padStart(22)).join('')}`;
  const column = (pick: (report: DayReport) => string | undefined) => reports.map((report) => pick(report) ?? '—');
  const p99 = (figure: LoadFigure | undefined) => figure && `${figure.p99Ms} ms (${figure.requestsPerSecond.toFixed(0)}/s)`;
  const seconds = (value: number | undefined) => value?.toFixed(2).concat(' s');
  console.log(`\n${line(["a provider's day", ...reports.map((report) => `${report.engine}, ${report.layout}`)])}`);
  console.log(line(['running servers', ...column((report) => report.runningServers?.toLocaleString('en'))]));
  console.log(line(['round lag (boundary → last sample), p99', ...column((report) => seconds(roundLagP99(report)))]));
  console.log(line(['  p50', ...column((report) => seconds(percentile(lags(report), 0.5)))]));
  console.log(line(['round with rollups and pruning, longest', ...column((report) => seconds(percentile(report.rounds.map((round) => round.roundSeconds), 1)))]));
  console.log(line(['/me/ p99 without sampling', ...column((report) => p99(report.api.withoutSampling?.me))]));
  console.log(line(['/me/ p99 with sampling', ...column((report) => p99(report.api.withSampling?.me))]));
  console.log(line(['server list p99 without sampling', ...column((report) => p99(report.api.withoutSampling?.serverList))]));
  console.log(line(['server list p99 with sampling', ...column((report) => p99(report.api.withSampling?.serverList))]));
  console.log(line(['24-hour graph p99 (a minute, one round)', ...column((report) => p99(report.graphs.day))]));
  console.log(line(['30-day graph p99', ...column((report) => p99(report.graphs.month))]));
  console.log(line(['/me/ p99 in that minute', ...column((report) => p99(report.api.aMinute?.me))]));
  console.log(line(['server list p99 in that minute', ...column((report) => p99(report.api.aMinute?.serverList))]));
  console.log(line(["that minute's round: lag", ...column((report) => seconds(report.minuteRound?.lagSeconds))]));
  console.log(line(['load average (1 min) at the start, at the end', ...column((report) => `${report.loadAverage.start[0] ?? '?'}, ${report.loadAverage.end[0] ?? '?'}`)]));
  console.log(line(['largest process RSS, peak', ...column((report) => (report.memory.length > 0 ? `${Math.max(...report.memory.map((entry) => entry.peakMb)).toFixed(0)} MB` : undefined))]));
  for (const report of reports) for (const problem of report.problems) console.log(`  problem (${report.engine}, ${report.layout}): ${problem.split('\n')[0]}`);
  for (const report of reports) for (const error of report.serviceErrors ?? []) console.log(`  the ${report.engine} service (${report.layout}) logged: ${error}`);
}
