// Where a server's metrics are read from: cloudplane's own store (the
// sampler's rows and their rollups, the default) or a time-series engine
// that scrapes the hosts (METRICS_BACKEND=prometheus). Both answer the same
// question in the same units, so the API's answer does not depend on the
// backend: per step, CPU as cores busy (CPU seconds a second) and bytes a
// second. The service turns these into the API's percent and decimals.

/** The series a metrics answer can hold, named as the API names them. */
export const SERIES_NAMES = ['cpu', 'disk.bytes.read', 'disk.bytes.write', 'network.bytes.in', 'network.bytes.out'] as const;
export type SeriesName = (typeof SERIES_NAMES)[number];

export interface SeriesRequest {
  serverId: string;
  series: readonly SeriesName[];
  /** The range, in milliseconds since the epoch: start inclusive, end exclusive. */
  startMs: number;
  endMs: number;
  /** The step asked for, in seconds, already widened to at most MAX_POINTS points. */
  stepSeconds: number;
  /**
   * Whether the step asked for was finer than MAX_POINTS allows, so `stepSeconds`
   * is a floor rather than a wish: a backend may then widen it a little further,
   * to a resolution it keeps, rather than read a finer one to answer it.
   */
  widened: boolean;
}

/**
 * One point: the step's start (seconds since the epoch) and its value:
 * for `cpu` the CPU seconds the server used per second of the step (0.5 is
 * half of one vCPU), for the others bytes per second.
 */
export type RatePoint = readonly [number, number];

export interface SeriesAnswer {
  /** The step the points are at: the one asked for, or wider when the backend's resolution for the range is coarser. */
  stepSeconds: number;
  /** Each series asked for, oldest point first; a step without data (the server was not running) has no point. */
  series: Partial<Record<SeriesName, RatePoint[]>>;
}

export interface MetricsBackend {
  /** The series asked for over the range; an error when the backend cannot be reached (the API answers 503). */
  read(request: SeriesRequest): Promise<SeriesAnswer>;
}
