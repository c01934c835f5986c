// cloudplane's own metrics store, the default MetricsBackend: rates made
// from the samples the sampler stored and the rollups made from them
// (server-metrics.jobs.ts, server-metrics.rollups.ts).
//
// A graph reads one resolution (server-metrics.resolutions.ts) up to the
// moment it is rolled up, and the finer ones after that: a 30-day graph
// reads hourly rows, then the 5-minute rows of the hour not rolled up yet,
// then the raw samples of the last minutes. Usages add up the same way at
// every resolution (server-metrics.usage.ts), so the newest point is as
// fresh as the last sample. Each usage counts in the step its moment falls
// in: a pair of samples by its later sample, a rollup row by its bucket's
// start.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { MetricsBackend, RatePoint, SeriesAnswer, SeriesName, SeriesRequest } from '../../upstreams/metrics/port.ts';
import * as repo from './server-metrics.repo.ts';
import { resolutionFor, resolutions, type MetricsRetention, type Resolution } from './server-metrics.resolutions.ts';
import { addUsage, emptyUsage, GAP_INTERVALS, pairsOf, rateOf, type Counter, type TimedUsage, type Usage } from './server-metrics.usage.ts';

/** The counter each series is made from. */
const COUNTER_OF: Record<SeriesName, Counter> = {
  cpu: 'cpuTimeNs',
  'disk.bytes.read': 'diskReadBytes',
  'disk.bytes.write': 'diskWriteBytes',
  'network.bytes.in': 'networkRxBytes',
  'network.bytes.out': 'networkTxBytes',
};

/** Adds usages up by the step their moment falls in; a moment exactly at the range's end closes the last step. */
function stepsOf(usages: readonly TimedUsage[], startMs: number, endMs: number, stepMs: number): [number, Usage][] {
  const lastIndex = Math.ceil((endMs - startMs) / stepMs) - 1;
  const steps = new Map<number, Usage>();
  for (const { atMs, usage } of usages) {
    if (atMs < startMs || atMs > endMs) continue;
    const index = Math.min(lastIndex, Math.floor((atMs - startMs) / stepMs));
    let step = steps.get(index);
    if (!step) steps.set(index, (step = emptyUsage()));
    addUsage(step, usage);
  }
  return [...steps].sort(([a], [b]) => a - b);
}

export interface MetricsStoreDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** How often the sampler reads the counters (METRICS_INTERVAL). */
  intervalMs: number;
  retention: MetricsRetention;
}

export class DatabaseMetricsStore implements MetricsBackend {
  private readonly resolutions: readonly Resolution[];

  constructor(private readonly deps: MetricsStoreDependencies) {
    this.resolutions = resolutions(deps.intervalMs, deps.retention);
  }

  async read(request: SeriesRequest): Promise<SeriesAnswer> {
    const { resolution, stepMs } = resolutionFor(this.resolutions, request.startMs, request.stepSeconds * 1000, this.deps.clock.now().getTime(), request.widened);
    const usages = await this.usagesOf(request.serverId, resolution, request.startMs, request.endMs);
    const steps = stepsOf(usages, request.startMs, request.endMs, stepMs);
    const series: SeriesAnswer['series'] = {};
    for (const name of request.series) {
      series[name] = steps.map(([index, usage]): RatePoint => [(request.startMs + index * stepMs) / 1000, rateOf(usage, COUNTER_OF[name])]);
    }
    return { stepSeconds: stepMs / 1000, series };
  }

  /** The server's usages over [startMs, endMs]: from `resolution` as far as it is rolled up, then from each finer one. */
  private async usagesOf(serverId: string, resolution: Resolution, startMs: number, endMs: number): Promise<TimedUsage[]> {
    const { db } = this.deps;
    const progress = resolution.table ? await repo.allRollupProgress(db) : new Map<string, number>();
    const usages: TimedUsage[] = [];
    let fromMs = startMs;
    // Coarsest first: each rollup answers up to the moment it is rolled up to, the next finer one from there.
    for (const level of this.resolutions.slice(1, this.resolutions.indexOf(resolution) + 1).reverse()) {
      const throughMs = progress.get(level.name);
      if (throughMs === undefined || throughMs <= fromMs) continue;
      const untilMs = Math.min(throughMs, endMs + 1);
      usages.push(...(await repo.listRollups(db, level.table!, serverId, fromMs, untilMs)));
      fromMs = untilMs;
    }
    if (fromMs > endMs) return usages;
    // The raw samples: from one gap before, as the pair that ends at `fromMs` begins before it.
    const maxGapMs = GAP_INTERVALS * this.deps.intervalMs;
    const samples = await repo.listSamples(db, [serverId], fromMs - maxGapMs, endMs + 1);
    usages.push(...pairsOf(samples, fromMs, maxGapMs));
    return usages;
  }
}
