// cloudplane's own metrics store, the default MetricsBackend: rates made
// from the samples the sampler stored and the rollups made from them
// (server-metrics.jobs.ts, server-metrics.rollups.ts).
//
// A graph reads one resolution (server-metrics.resolutions.ts) up to the
// moment it is rolled up, and the finer ones after that: a 30-day graph
// reads hourly rows, then the 5-minute rows of the hour not rolled up yet,
// then the raw samples of the last minutes. Usages add up the same way at
// every resolution (server-metrics.usage.ts), so the newest point is as
// fresh as the last sample. The database adds them up per step, in one
// statement (`stepTotals`), so a graph brings one row a point into the
// process, whatever it spans.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { MetricsBackend, RatePoint, SeriesAnswer, SeriesName, SeriesRequest } from '../../upstreams/metrics/port.ts';
import * as repo from './server-metrics.repo.ts';
import { resolutionFor, resolutions, type MetricsRetention, type Resolution } from './server-metrics.resolutions.ts';
import { GAP_INTERVALS, rateOf, type Counter } from './server-metrics.usage.ts';

/** The counter each series is made from. */
const COUNTER_OF: Record<SeriesName, Counter> = {
  cpu: 'cpuTimeNs',
  'disk.bytes.read': 'diskReadBytes',
  'disk.bytes.write': 'diskWriteBytes',
  'network.bytes.in': 'networkRxBytes',
  'network.bytes.out': 'networkTxBytes',
};

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
    // Coarsest first: each rollup answers up to the moment it is rolled up to, the next finer one from there.
    const rollups = this.resolutions
      .slice(1, this.resolutions.indexOf(resolution) + 1)
      .reverse()
      .map((level) => ({ name: level.name, table: level.table! }));
    const steps = await repo.stepTotals(this.deps.db, {
      serverId: request.serverId,
      startMs: request.startMs,
      endMs: request.endMs,
      stepMs,
      rollups,
      maxGapMs: GAP_INTERVALS * this.deps.intervalMs,
    });
    const series: SeriesAnswer['series'] = {};
    for (const name of request.series) {
      series[name] = steps.map(({ index, usage }): RatePoint => [(request.startMs + index * stepMs) / 1000, rateOf(usage, COUNTER_OF[name])]);
    }
    return { stepSeconds: stepMs / 1000, series };
  }
}
