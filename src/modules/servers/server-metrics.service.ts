// A server's metrics: rates over a range, made from the cumulative counters
// the sampler stored (server-metrics.jobs.ts).
//
// Each pair of consecutive samples gives what the server did between them
// (CPU time, bytes); the pair counts in the step its later sample falls in,
// and a step's value is what its pairs add up to over the time they span:
// CPU time as a share of the plan's vCPUs over that time, bytes per second.
// A counter lower than the one before started again from zero (the machine
// was started again), so the later value alone is what happened since. Two
// samples further apart than a few intervals span a time the server was not
// running (or not sampled) and give nothing: a gap in the graph, not a
// made-up average.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { validationError } from '../../errors.ts';
import type { Actor } from '../api-keys/index.ts';
import * as repo from './server-metrics.repo.ts';
import { DEFAULT_POINTS, MAX_POINTS, MAX_RANGE_SECONDS, type MetricPoint, type MetricType, type ServerMetrics, type ServerMetricsRequest } from './server-metrics.schemas.ts';
import type { ServerService } from './servers.service.ts';

export interface ServerMetricsDependencies {
  db: Kysely<Database>;
  /** The server GET's access checks (requireServer). */
  servers: ServerService;
  /** How often the sampler reads the counters (METRICS_INTERVAL). */
  intervalMs: number;
}

/** Consecutive samples further apart than this many intervals span a gap. */
const GAP_INTERVALS = 5;

type Counter = 'cpuTimeNs' | 'networkRxBytes' | 'networkTxBytes' | 'diskReadBytes' | 'diskWriteBytes';
const COUNTERS: readonly Counter[] = ['cpuTimeNs', 'networkRxBytes', 'networkTxBytes', 'diskReadBytes', 'diskWriteBytes'];

/** The series each type answers with, and the counter each is made from. */
const SERIES: Record<MetricType, readonly (readonly [keyof ServerMetrics['time_series'], Counter])[]> = {
  cpu: [['cpu', 'cpuTimeNs']],
  disk: [
    ['disk.bytes.read', 'diskReadBytes'],
    ['disk.bytes.write', 'diskWriteBytes'],
  ],
  network: [
    ['network.bytes.in', 'networkRxBytes'],
    ['network.bytes.out', 'networkTxBytes'],
  ],
};

interface Range {
  types: MetricType[];
  startMs: number;
  endMs: number;
  stepSeconds: number;
}

/** What one step adds up: the time its pairs of samples span, and each counter's increase over them. */
interface Step {
  elapsedMs: number;
  increase: Record<Counter, number>;
}

function parseMoment(field: 'start' | 'end', text: string): number {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw validationError(field, 'must be a date and time in ISO 8601, such as 2025-03-01T12:00:00Z');
  return ms;
}

/** The query's rules beyond its shape, checked before anything is looked up (like a schema's). */
function checkedRange(query: ServerMetricsRequest, intervalMs: number): Range {
  const types = [...new Set(query.type.split(','))] as MetricType[];
  const startMs = parseMoment('start', query.start);
  const endMs = parseMoment('end', query.end);
  if (endMs <= startMs) throw validationError('end', 'must be after start');
  const rangeSeconds = (endMs - startMs) / 1000;
  if (rangeSeconds > MAX_RANGE_SECONDS) throw validationError('end', 'must be at most 31 days after start');
  if (query.step === undefined) {
    return { types, startMs, endMs, stepSeconds: Math.max(Math.ceil(intervalMs / 1000), Math.ceil(rangeSeconds / DEFAULT_POINTS)) };
  }
  if (Math.ceil(rangeSeconds / query.step) > MAX_POINTS) {
    throw validationError('step', `must be at least ${Math.ceil(rangeSeconds / MAX_POINTS)} seconds for this range (at most ${MAX_POINTS} points)`);
  }
  return { types, startMs, endMs, stepSeconds: query.step };
}

/** How much a counter grew from one sample to the next; a counter that went down started again from zero. */
function increase(before: number, after: number): number {
  return after >= before ? after - before : after;
}

/** The steps that have pairs of samples, by index from the range's start. */
function stepsOf(samples: readonly repo.MetricSample[], range: Range, maxGapMs: number): Map<number, Step> {
  const stepMs = range.stepSeconds * 1000;
  const lastIndex = Math.ceil((range.endMs - range.startMs) / stepMs) - 1;
  const steps = new Map<number, Step>();
  for (let index = 1; index < samples.length; index += 1) {
    const before = samples[index - 1]!;
    const after = samples[index]!;
    const atMs = Date.parse(after.at);
    const elapsedMs = atMs - Date.parse(before.at);
    if (atMs < range.startMs || elapsedMs <= 0 || elapsedMs > maxGapMs) continue;
    // A sample exactly at the end closes the last step.
    const stepIndex = Math.min(lastIndex, Math.floor((atMs - range.startMs) / stepMs));
    let step = steps.get(stepIndex);
    if (!step) {
      step = { elapsedMs: 0, increase: { cpuTimeNs: 0, networkRxBytes: 0, networkTxBytes: 0, diskReadBytes: 0, diskWriteBytes: 0 } };
      steps.set(stepIndex, step);
    }
    step.elapsedMs += elapsedMs;
    for (const counter of COUNTERS) step.increase[counter] += increase(before[counter], after[counter]);
  }
  return steps;
}

/** A value as the API writes it: a decimal string with at most two decimals. */
function decimal(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A step's value of one counter: CPU in percent of the vCPUs, bytes per second. */
function valueOf(step: Step, counter: Counter, cpuCores: number): number {
  const seconds = step.elapsedMs / 1000;
  if (counter === 'cpuTimeNs') return Math.min(100, (step.increase.cpuTimeNs / (seconds * 1e9 * cpuCores)) * 100);
  return step.increase[counter] / seconds;
}

export class ServerMetricsService {
  constructor(private readonly deps: ServerMetricsDependencies) {}

  /** The server's metrics of the types asked for over the range; any member may read them, read-only keys too. */
  async read(actor: Actor, slug: string, serverId: string, query: ServerMetricsRequest): Promise<ServerMetrics> {
    const range = checkedRange(query, this.deps.intervalMs);
    const { server } = await this.deps.servers.requireServer(actor, slug, serverId);
    const maxGapMs = GAP_INTERVALS * this.deps.intervalMs;
    // From one gap before the start: the pair that ends in the first step begins before it.
    const samples = await repo.listSamples(this.deps.db, server.id, new Date(range.startMs - maxGapMs).toISOString(), new Date(range.endMs).toISOString());
    const steps = [...stepsOf(samples, range, maxGapMs)].sort(([a], [b]) => a - b);
    const cpuCores = Math.max(1, server.plan.cpu_cores ?? 1);
    const timeSeries: ServerMetrics['time_series'] = {};
    for (const type of range.types) {
      for (const [name, counter] of SERIES[type]) {
        const values = steps.map(([index, step]): MetricPoint => [(range.startMs + index * range.stepSeconds * 1000) / 1000, decimal(valueOf(step, counter, cpuCores))]);
        timeSeries[name] = { values };
      }
    }
    return { start: new Date(range.startMs).toISOString(), end: new Date(range.endMs).toISOString(), step: range.stepSeconds, time_series: timeSeries };
  }
}
