// The loads of the day's bench (bench/day.ts): autocannon runs side by side,
// each until stopped (the load with sampling lasts as long as its rounds),
// each with its own figures, since each endpoint's p99 is a target of its
// own; and the service's resident memory, read each second throughout.
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import { treeMemory } from './processes.ts';
import type { RunningService } from './service.ts';

/** Seconds an answer may take before it counts as a timeout (and a problem of its load). */
const REQUEST_TIMEOUT_SECONDS = 10;
/** A load started without an end runs until stopped, but never longer than this. */
const LONGEST_LOAD_SECONDS = 24 * 3600;

export interface Target {
  url: string;
  headers: Record<string, string>;
  /** For a load going round several paths (autocannon's setupRequest). */
  requests?: AutocannonOptions['requests'];
}

export interface LoadFigure {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Anything but a 200, errors, timeouts: each a problem of the figure's verdict. */
  problems: string[];
}

export interface RunningLoad {
  /** Ends the load (within autocannon's one-second tick) and answers its figures. */
  stop(): Promise<LoadFigure>;
}

/** A process's peak resident memory over the day. */
export interface ProcessPeak {
  pid: number;
  command: string;
  peakMb: number;
}

function figureOf(result: autocannon.Result): LoadFigure {
  const problems: string[] = [];
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (status !== '200' && (stats.count ?? 0) > 0) problems.push(`${stats.count} × HTTP ${status}`);
  }
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts (> ${REQUEST_TIMEOUT_SECONDS} s)`);
  if (result.errors > result.timeouts) problems.push(`${result.errors - result.timeouts} connection errors`);
  if (result.requests.total === 0) problems.push('no answer at all');
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, requests: result.requests.total, problems };
}

/** A load of `connections` on `target`, until stopped. */
export function startLoad(target: Target, connections: number): RunningLoad {
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      { url: target.url, headers: target.headers, requests: target.requests, connections, duration: LONGEST_LOAD_SECONDS, timeout: REQUEST_TIMEOUT_SECONDS },
      (error: Error | null, result: autocannon.Result) => (error ? reject(error) : resolve(result)),
    );
  });
  return {
    stop: async () => {
      instance!.stop();
      return figureOf(await finished);
    },
  };
}

/** The targets side by side, each with its connections, for `seconds`: their figures in the same order. */
export async function runFor(targets: Target[], connections: number[], seconds: number): Promise<LoadFigure[]> {
  const loads = targets.map((target, index) => startLoad(target, connections[index]!));
  await sleep(seconds * 1000);
  return Promise.all(loads.map((load) => load.stop()));
}

/** Peak VmRSS of each process of the service's tree, read each second until stopped. */
export function watchMemory(service: Pick<RunningService, 'child'>): { stop(): ProcessPeak[] } {
  const peaks = new Map<number, ProcessPeak>();
  const read = () => {
    for (const process_ of treeMemory(service.child.process.pid!)) {
      const mb = process_.rssKb / 1024;
      const known = peaks.get(process_.pid);
      if (!known || known.peakMb < mb) peaks.set(process_.pid, { pid: process_.pid, command: process_.command, peakMb: Number(mb.toFixed(1)) });
    }
  };
  read();
  const timer = setInterval(read, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      return [...peaks.values()];
    },
  };
}
