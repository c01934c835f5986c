// What a server did between samples: the rules every resolution shares.
//
// Each pair of consecutive samples gives what the server did between them
// (CPU time, bytes): its usage, counted at the moment of its later sample. A
// counter lower than the one before started again from zero (the machine
// was started again), so the later value alone is what happened since. Two
// samples further apart than a few intervals span a time the server was not
// running (or not sampled) and give nothing: a gap in the graph, not a
// made-up average. Usages add up: a rollup row is the sum of the pairs in
// its bucket, and a graph's step the sum of whatever falls in it, so its
// value (increase ÷ time spanned) is the same whichever resolution it was
// read from.
//
// The database makes the pairs and adds them up, for the 5-minute rollup
// (`rollUpSamples`) and for a graph (`stepTotals`, both in
// server-metrics.repo.ts, with its `pairIncrease`): a change to these rules
// is a change there, and the rollup test compares a graph read from the
// rollups with one read from the raw samples.

/** Consecutive samples further apart than this many intervals span a gap. */
export const GAP_INTERVALS = 5;

export type Counter = 'cpuTimeNs' | 'networkRxBytes' | 'networkTxBytes' | 'diskReadBytes' | 'diskWriteBytes';

export interface Usage {
  /** The time the pairs span, in milliseconds. */
  elapsedMs: number;
  /** Each counter's increase over that time. */
  increase: Record<Counter, number>;
}

/** A usage's rate of one counter: CPU seconds a second for the CPU time (kept in nanoseconds), per second for the rest. */
export function rateOf(usage: Usage, counter: Counter): number {
  const perSecond = usage.increase[counter] / (usage.elapsedMs / 1000);
  return counter === 'cpuTimeNs' ? perSecond / 1e9 : perSecond;
}
