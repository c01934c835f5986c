// cloudplane's own metrics store, the default MetricsBackend: rates made
// from the cumulative counters the sampler stored (server-metrics.jobs.ts).
//
// Each pair of consecutive samples gives what the server did between them
// (CPU time, bytes); the pair counts in the step its later sample falls in,
// and a step's value is what its pairs add up to over the time they span.
// A counter lower than the one before started again from zero (the machine
// was started again), so the later value alone is what happened since. Two
// samples further apart than a few intervals span a time the server was not
// running (or not sampled) and give nothing: a gap in the graph, not a
// made-up average.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MetricsBackend, RatePoint, SeriesAnswer, SeriesName, SeriesRequest } from '../../upstreams/metrics/port.ts';
import * as repo from './server-metrics.repo.ts';

/** Consecutive samples further apart than this many intervals span a gap. */
export const GAP_INTERVALS = 5;

export type Counter = 'cpuTimeNs' | 'networkRxBytes' | 'networkTxBytes' | 'diskReadBytes' | 'diskWriteBytes';
export const COUNTERS: readonly Counter[] = ['cpuTimeNs', 'networkRxBytes', 'networkTxBytes', 'diskReadBytes', 'diskWriteBytes'];

/** The counter each series is made from. */
const COUNTER_OF: Record<SeriesName, Counter> = {
  cpu: 'cpuTimeNs',
  'disk.bytes.read': 'diskReadBytes',
  'disk.bytes.write': 'diskWriteBytes',
  'network.bytes.in': 'networkRxBytes',
  'network.bytes.out': 'networkTxBytes',
};

/** What some pairs of samples add up to: the time they span, and each counter's increase over it. */
export interface Usage {
  elapsedMs: number;
  increase: Record<Counter, number>;
}

/** How much a counter grew from one sample to the next; a counter that went down started again from zero. */
function increase(before: number, after: number): number {
  return after >= before ? after - before : after;
}

/**
 * The usage of each pair of consecutive samples (oldest first) whose later
 * sample is at or after `fromMs`, with the moment of that later sample.
 */
export function pairsOf(samples: readonly repo.MetricSample[], fromMs: number, maxGapMs: number): { atMs: number; usage: Usage }[] {
  const pairs: { atMs: number; usage: Usage }[] = [];
  for (let index = 1; index < samples.length; index += 1) {
    const before = samples[index - 1]!;
    const after = samples[index]!;
    const atMs = Date.parse(after.at);
    const elapsedMs = atMs - Date.parse(before.at);
    if (atMs < fromMs || elapsedMs <= 0 || elapsedMs > maxGapMs) continue;
    const usage: Usage = { elapsedMs, increase: { cpuTimeNs: 0, networkRxBytes: 0, networkTxBytes: 0, diskReadBytes: 0, diskWriteBytes: 0 } };
    for (const counter of COUNTERS) usage.increase[counter] = increase(before[counter], after[counter]);
    pairs.push({ atMs, usage });
  }
  return pairs;
}

/** Adds usages up by the step their moment falls in; a moment exactly at the range's end closes the last step. */
function stepsOf(usages: readonly { atMs: number; usage: Usage }[], request: SeriesRequest, stepSeconds: number): [number, Usage][] {
  const stepMs = stepSeconds * 1000;
  const lastIndex = Math.ceil((request.endMs - request.startMs) / stepMs) - 1;
  const steps = new Map<number, Usage>();
  for (const { atMs, usage } of usages) {
    if (atMs < request.startMs || atMs > request.endMs) continue;
    const index = Math.min(lastIndex, Math.floor((atMs - request.startMs) / stepMs));
    const step = steps.get(index);
    if (!step) {
      steps.set(index, { elapsedMs: usage.elapsedMs, increase: { ...usage.increase } });
      continue;
    }
    step.elapsedMs += usage.elapsedMs;
    for (const counter of COUNTERS) step.increase[counter] += usage.increase[counter];
  }
  return [...steps].sort(([a], [b]) => a - b);
}

/** A step's rate of one counter: CPU seconds a second for the CPU time (kept in nanoseconds), per second for the rest. */
function rateOf(usage: Usage, counter: Counter): number {
  const perSecond = usage.increase[counter] / (usage.elapsedMs / 1000);
  return counter === 'cpuTimeNs' ? perSecond / 1e9 : perSecond;
}

export interface MetricsStoreDependencies {
  db: Kysely<Database>;
  /** How often the sampler reads the counters (METRICS_INTERVAL). */
  intervalMs: number;
}

export class DatabaseMetricsStore implements MetricsBackend {
  constructor(private readonly deps: MetricsStoreDependencies) {}

  async read(request: SeriesRequest): Promise<SeriesAnswer> {
    const maxGapMs = GAP_INTERVALS * this.deps.intervalMs;
    // From one gap before the start: the pair that ends in the first step begins before it.
    const samples = await repo.listSamples(this.deps.db, request.serverId, new Date(request.startMs - maxGapMs).toISOString(), new Date(request.endMs).toISOString());
    const steps = stepsOf(pairsOf(samples, request.startMs, maxGapMs), request, request.stepSeconds);
    const series: SeriesAnswer['series'] = {};
    for (const name of request.series) {
      series[name] = steps.map(([index, usage]): RatePoint => [(request.startMs + index * request.stepSeconds * 1000) / 1000, rateOf(usage, COUNTER_OF[name])]);
    }
    return { stepSeconds: request.stepSeconds, series };
  }
}
