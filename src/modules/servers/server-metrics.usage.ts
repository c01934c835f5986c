// What a server did between samples: the arithmetic every resolution shares.
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

/** Consecutive samples further apart than this many intervals span a gap. */
export const GAP_INTERVALS = 5;

export type Counter = 'cpuTimeNs' | 'networkRxBytes' | 'networkTxBytes' | 'diskReadBytes' | 'diskWriteBytes';
export const COUNTERS: readonly Counter[] = ['cpuTimeNs', 'networkRxBytes', 'networkTxBytes', 'diskReadBytes', 'diskWriteBytes'];

export interface Usage {
  /** The time the pairs span, in milliseconds. */
  elapsedMs: number;
  /** Each counter's increase over that time. */
  increase: Record<Counter, number>;
}

/** A usage at a moment: a pair's later sample, or a rollup bucket's start. */
export interface TimedUsage {
  atMs: number;
  usage: Usage;
}

export function emptyUsage(): Usage {
  return { elapsedMs: 0, increase: { cpuTimeNs: 0, networkRxBytes: 0, networkTxBytes: 0, diskReadBytes: 0, diskWriteBytes: 0 } };
}

/** Adds `usage` into `total`. */
export function addUsage(total: Usage, usage: Usage): void {
  total.elapsedMs += usage.elapsedMs;
  for (const counter of COUNTERS) total.increase[counter] += usage.increase[counter];
}

/**
 * How much a counter grew from one sample to the next; a counter that went
 * down started again from zero. The 5-minute rollup makes the same pairs in
 * SQL (`rollUpSamples` in server-metrics.repo.ts, with this rule and
 * GAP_INTERVALS): a change here is a change there, or a graph read from the
 * rollups stops agreeing with one read from the raw samples (the rollup test
 * compares them).
 */
function increase(before: number, after: number): number {
  return after >= before ? after - before : after;
}

/**
 * The usage of each pair of consecutive samples of one server (oldest
 * first) whose later sample is at or after `fromMs`.
 */
export function pairsOf(samples: readonly ({ atMs: number } & Record<Counter, number>)[], fromMs: number, maxGapMs: number): TimedUsage[] {
  const pairs: TimedUsage[] = [];
  for (let index = 1; index < samples.length; index += 1) {
    const before = samples[index - 1]!;
    const after = samples[index]!;
    const elapsedMs = after.atMs - before.atMs;
    if (after.atMs < fromMs || elapsedMs <= 0 || elapsedMs > maxGapMs) continue;
    const usage = emptyUsage();
    usage.elapsedMs = elapsedMs;
    for (const counter of COUNTERS) usage.increase[counter] = increase(before[counter], after[counter]);
    pairs.push({ atMs: after.atMs, usage });
  }
  return pairs;
}

/** A usage's rate of one counter: CPU seconds a second for the CPU time (kept in nanoseconds), per second for the rest. */
export function rateOf(usage: Usage, counter: Counter): number {
  const perSecond = usage.increase[counter] / (usage.elapsedMs / 1000);
  return counter === 'cpuTimeNs' ? perSecond / 1e9 : perSecond;
}
