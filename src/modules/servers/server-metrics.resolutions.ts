// The resolutions server metrics are kept at, and for how long (D25): the
// raw samples at the sampling interval, 5-minute rollups and hourly ones.
// The sampler's job writes and prunes them; a graph reads the coarsest one
// that is fine enough for its step.
import type { RollupTable } from './server-metrics.repo.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long each resolution is kept (METRICS_RAW_RETENTION_HOURS, METRICS_5M_RETENTION_DAYS, METRICS_1H_RETENTION_DAYS). */
export interface MetricsRetention {
  rawMs: number;
  fiveMinuteMs: number;
  hourlyMs: number;
}

export const DEFAULT_METRICS_RETENTION: MetricsRetention = { rawMs: 24 * HOUR_MS, fiveMinuteMs: 7 * DAY_MS, hourlyMs: 90 * DAY_MS };

/**
 * Rows are pruned this long after their retention, and a graph still reads a
 * resolution for a range starting that much before it: "the last 24 hours"
 * asked a moment ago starts a little before now − 24 h.
 */
export const RETENTION_SLACK_MS = HOUR_MS;

export interface Resolution {
  name: 'raw' | '5m' | '1h';
  /** A bucket's length (the raw samples': the sampling interval). */
  sizeMs: number;
  keepMs: number;
  /** Where its rows are; the raw samples are `server_metric_samples`. */
  table: RollupTable | null;
}

/** The resolutions from the finest to the coarsest. */
export function resolutions(intervalMs: number, retention: MetricsRetention): readonly Resolution[] {
  return [
    { name: 'raw', sizeMs: intervalMs, keepMs: retention.rawMs, table: null },
    { name: '5m', sizeMs: 5 * 60_000, keepMs: retention.fiveMinuteMs, table: 'server_metric_rollups_5m' },
    { name: '1h', sizeMs: HOUR_MS, keepMs: retention.hourlyMs, table: 'server_metric_rollups_1h' },
  ];
}

/**
 * The resolution a graph reads, and the step it answers at. Of the
 * resolutions that still hold the range's start, the coarsest whose bucket
 * fits in the step (fewest rows to read); when the step is finer than all
 * of them, the finest, and the step widens to its bucket. The step is then
 * rounded up to a whole number of buckets, so each point adds up the same
 * number of them. A range older than every retention reads the coarsest.
 *
 * A step the point cap had to widen (`widened`) is a floor, not a wish: when a
 * coarser bucket is at most twice that floor, the graph takes that bucket as
 * its step. A day asked at one minute is answered at 5 minutes from the
 * 5-minute rollups (288 rows read) rather than at 3 minutes from the raw
 * samples (1,440 rows).
 */
export function resolutionFor(all: readonly Resolution[], startMs: number, stepMs: number, nowMs: number, widened = false): { resolution: Resolution; stepMs: number } {
  const holding = all.filter((resolution) => startMs >= nowMs - resolution.keepMs - RETENTION_SLACK_MS);
  const candidates = holding.length > 0 ? holding : [all[all.length - 1]!];
  const nextBucket = widened ? candidates.find((resolution) => resolution.sizeMs >= stepMs && resolution.sizeMs <= 2 * stepMs) : undefined;
  if (nextBucket) return { resolution: nextBucket, stepMs: nextBucket.sizeMs };
  const fitting = candidates.filter((resolution) => resolution.sizeMs <= stepMs);
  const resolution = fitting.length > 0 ? fitting[fitting.length - 1]! : candidates[0]!;
  return { resolution, stepMs: Math.ceil(stepMs / resolution.sizeMs) * resolution.sizeMs };
}
