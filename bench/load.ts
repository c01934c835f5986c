// Load from outside (autocannon in this process, the servers in their own),
// and the issue's method of comparing it: a bare Fastify route measured right
// before and right after each target, so a target's ratio is taken against
// the machine as it was during that target and not minutes earlier.
//
// Nothing here throws on a bad answer: an unexpected status, an error or a
// timeout (warm-up included) is recorded as a problem of that run, the figure
// is kept, and the verdict fails. A fast 401 is not a result.
import autocannon, { type Options as AutocannonOptions } from 'autocannon';

export interface LoadSettings {
  seconds: number;
  connections: number;
  /** Before a target's measured run; the bare route is warmed once, on its first run. */
  warmUpSeconds: number;
}

export interface Load {
  url: string;
  headers?: Record<string, string>;
  /** For targets whose every request differs (the reboot rotation). */
  requests?: AutocannonOptions['requests'];
  /** The one status every answer must have. */
  expectedStatus: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  /** Answers per HTTP status in the measured run. */
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  /** What makes this run fail, warm-up included; empty when every answer was the expected one. */
  problems: string[];
}

/** Seconds an answer may take before it counts as a timeout (and fails the run). */
const REQUEST_TIMEOUT_SECONDS = 10;

async function fire(load: Load, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url: load.url, headers: load.headers, requests: load.requests, connections, duration: seconds, timeout: REQUEST_TIMEOUT_SECONDS });
}

function problemsOf(result: autocannon.Result, expectedStatus: number, phase: string): string[] {
  const problems: string[] = [];
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (Number(status) !== expectedStatus && (stats.count ?? 0) > 0) problems.push(`${phase}: ${stats.count} × HTTP ${status} (expected ${expectedStatus})`);
  }
  if (result.timeouts > 0) problems.push(`${phase}: ${result.timeouts} timeouts (> ${REQUEST_TIMEOUT_SECONDS} s)`);
  if (result.errors > result.timeouts) problems.push(`${phase}: ${result.errors - result.timeouts} connection errors`);
  // A warm-up may end before a cold process's first answers; a measured run may not.
  if (result.requests.total === 0 && phase !== 'warm-up') problems.push(`${phase}: no answer at all`);
  return problems;
}

function summarise(results: autocannon.Result[], expectedStatus: number, warmUpProblems: string[]): LoadResult {
  const statusCounts: Record<string, number> = {};
  for (const result of results) {
    for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[status] = (statusCounts[status] ?? 0) + (stats.count ?? 0);
  }
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    // Of runs side by side, the worst p99: the figure a client of either process could see.
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    requests: results.reduce((sum, result) => sum + result.requests.total, 0),
    statusCounts,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
    problems: [...warmUpProblems, ...results.flatMap((result) => problemsOf(result, expectedStatus, 'measured run'))],
  };
}

/**
 * One load run, or several side by side (one per process of a scaled-out
 * service), sharing `connections` between them and summed: the same offered
 * load as one run, spread over the processes.
 */
export async function runLoad(loads: Load[], settings: LoadSettings, options: { warmUp: boolean; afterWarmUp?: () => Promise<void> }): Promise<LoadResult> {
  const connections = Math.max(1, Math.floor(settings.connections / loads.length));
  const expectedStatus = loads[0]!.expectedStatus;
  const warmUpProblems: string[] = [];
  if (options.warmUp && settings.warmUpSeconds > 0) {
    const warmUps = await Promise.all(loads.map((load) => fire(load, connections, settings.warmUpSeconds)));
    warmUpProblems.push(...warmUps.flatMap((result) => problemsOf(result, expectedStatus, 'warm-up')));
    await options.afterWarmUp?.();
  }
  const results = await Promise.all(loads.map((load) => fire(load, connections, settings.seconds)));
  return summarise(results, expectedStatus, warmUpProblems);
}

/**
 * Warms a process just started on every read it is to be measured on, one
 * after another, for the warm-up's length each. A process's first seconds
 * under load run code V8 has not optimised yet, and the service has far more
 * of it than a ceiling: without this, whichever target came first after a
 * start (GET /me/) was measured half-warm (4,373 req/s in its first 4 s
 * after the start against 6,768 in its third 4 s, in one trial). Answers are
 * not judged here; each target's own warm-up and run are.
 */
export async function warmUpProcess(loads: Load[], settings: LoadSettings): Promise<void> {
  for (const load of loads) await fire(load, settings.connections, settings.warmUpSeconds);
}

export interface Measured {
  label: string;
  result: LoadResult;
  /** req/s of the bare route right before and right after. */
  bareBefore: number;
  bareAfter: number;
  /** The target's req/s ÷ the mean of its two bare neighbours. */
  ratio: number;
}

/** The bare Fastify process, shared by every alternation of the bench: warmed up once, on its first run. */
export interface BareRoute {
  load: Load;
  warmedUp: boolean;
  /**
   * Starts the process again if something ended it: the runs around the death
   * have already failed with their problems, and the rest of the bench needs
   * a bare figure again.
   */
  ensureRunning?: () => Promise<void>;
}

/** One run in the order it happened: the bare route's and the targets'. */
export interface RunRecord {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  problems: string[];
}

/**
 * bare, target, bare, target, …, bare: each target's two bare neighbours are
 * the runs just before and after it. Start a new alternation whenever the
 * machine has done something else in between (seeding, a restart), so the
 * first target gets a fresh bare run before it.
 */
export class BareAlternation {
  readonly runs: RunRecord[] = [];
  private lastBare: LoadResult | undefined;

  constructor(
    private readonly bare: BareRoute,
    private readonly settings: LoadSettings,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * `settle` runs between the target and the bare run after it: work the
   * target left behind (a worker's backlog) is the target's cost, and must
   * not lower the bare figure it is compared with. The same runs between the
   * warm-up and the measured run, so the run does not inherit the warm-up's.
   */
  async measure(label: string, loads: Load[], settle?: () => Promise<void>): Promise<Measured> {
    const before = this.lastBare ?? (await this.runBare());
    const result = await runLoad(loads, this.settings, { warmUp: true, afterWarmUp: settle });
    this.record(label, result);
    await settle?.();
    const after = await this.runBare();
    const bareMean = (before.requestsPerSecond + after.requestsPerSecond) / 2;
    const bareProblems = [...before.problems, ...after.problems].map((problem) => `bare neighbour: ${problem}`);
    const measured: Measured = {
      label,
      result: { ...result, problems: [...result.problems, ...bareProblems] },
      bareBefore: before.requestsPerSecond,
      bareAfter: after.requestsPerSecond,
      ratio: bareMean > 0 ? result.requestsPerSecond / bareMean : 0,
    };
    this.log(`    → ${(measured.ratio * 100).toFixed(1)}% of bare${measured.result.problems.length > 0 ? `; PROBLEMS: ${measured.result.problems.join('; ')}` : ''}`);
    return measured;
  }

  private async runBare(): Promise<LoadResult> {
    await this.bare.ensureRunning?.();
    const result = await runLoad([this.bare.load], this.settings, { warmUp: !this.bare.warmedUp });
    this.bare.warmedUp = true;
    this.record('bare Fastify', result);
    this.lastBare = result;
    return result;
  }

  private record(label: string, result: LoadResult): void {
    this.runs.push({ label, requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms, problems: result.problems });
    this.log(`  ${label.padEnd(52)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(result.p99Ms).padStart(4)} ms`);
  }
}
