// Issue 47, point 6: a provider's day, measured on a running service whose
// big project is seeded (100,000 servers by default), with an API load on it
// (`GET /api/v1/me/` and the project's server list, autocannon, half the
// connections each):
//
// 1. The API without sampling: the sampler's job row held back (in the
//    database, bench/day-storage.ts), warm-up, then BENCH_SECONDS.
// 2. The API with sampling: the same load while the sampler runs ROUNDS
//    rounds back to back. The service's clock is the operator's test clock
//    (CLOUDPLANE_TEST_CLOCK=1): the bench moves it to each minute boundary in
//    turn, once the round before has finished, rollups included. The rounds
//    start at hh:49, so 15 of them include three 5-minute rollups and an
//    hourly one. Each round's lag (boundary → last sample stored) is read
//    from the service's own histogram on /metrics
//    (cloudplane_metrics_round_lag_seconds: the sum's step over one round).
// 3. A minute of the day: the API load and two graph loads (a 24-hour graph
//    at step=60, a 30-day one at step=3600, over a few servers whose history
//    the bench wrote into the database first) for 60 s, with one round in it,
//    as each minute has.
// The resident memory of every process of the service is read each second
// throughout; the peak of each counts.
//
// The day runs once per layout (BENCH_DAY_LAYOUTS, bench/day-report.ts) on
// the same seeded storage: `serve + worker` (npm start with
// CLOUDPLANE_SERVE_JOBS=0 beside a `cloudplane worker`, whose own /metrics
// has the rounds) keeps the issue's verdict ids; `one process` (npm start as
// it comes) is judged under ids ending in `_one_process`.
//
// As a module: `measureDayLayouts` on a seeded storage (the engine run calls
// it last, on its own), `dayVerdicts` for its
// verdicts (bench/day-report.ts, with the targets). Alone: `npx tsx bench/day.ts` builds, and on each engine
// (BENCH_DAY_ENGINES, default sqlite,postgres) seeds BENCH_SERVERS servers
// through the operator API on a fresh storage, starts `npm start` on it with
// the test clock, measures the day (BENCH_DAY_ROUNDS rounds, 15), prints a
// table and writes bench/results/day-latest.json. BENCH_DAY_PROFILE=<dir>
// has that service, and its worker, write a CPU profile into the directory.
import { positiveInteger } from './env.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { runFor, startLoad, watchMemory, type LoadFigure, type Target } from './day-loads.ts';
import { DAY_LAYOUTS, dayVerdicts, GRAPH_CONNECTIONS, GRAPHS, printDay, type ApiFigures, type DayLayout, type DayReport, type GraphName, type RoundFigure } from './day-report.ts';
import { DayStorage } from './day-storage.ts';
import type { Engine } from './engine.ts';
import type { LoadSettings } from './load.ts';
import { postgresServer, withFreshDatabase, type PostgresServer } from './postgres.ts';
import { stop, stopAll } from './processes.ts';
import { seedServers, type SeededProject } from './seed.ts';
import { ADMIN_TOKEN, loggedErrors, npmStartRuntime, prepareService, startService, startWorker, type RunningService, type RunningWorker, type ServiceCommand, type ServiceStorage } from './service.ts';

export { dayVerdicts, printDay, type DayReport } from './day-report.ts';

/** What the service must be started with: the operator's clock, which the bench moves from boundary to boundary. */
export const DAY_SERVICE_ENV: NodeJS.ProcessEnv = { CLOUDPLANE_TEST_CLOCK: '1' };
export const DEFAULT_ROUNDS = 15;
/** Servers whose graphs are read: each graph's load goes round them. */
const GRAPH_SERVERS = 4;
/** The minute of the day, with its one round, which starts this long after the loads. */
const MINUTE_OF_LOAD_SECONDS = 60;
const MINUTE_ROUND_DELAY_MS = 2000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** The first measured round's minute past the hour: 15 rounds then cross three 5-minute boundaries and an hour. */
const FIRST_ROUND_MINUTE = 49;
/** How long one round (rollups included) may take before the bench gives up on it. */
const ROUND_BOUND_MS = 10 * 60_000;
const SEED_CONCURRENCY = 16;
const SERIES = ['cpu', 'disk.bytes.read', 'disk.bytes.write', 'network.bytes.in', 'network.bytes.out'];

export interface DaySettings {
  engine: Engine;
  layout: DayLayout;
  /** Started with DAY_SERVICE_ENV. */
  service: RunningService;
  /** With `serve + worker`: the worker that runs the jobs, whose /metrics has the sampler's rounds. */
  worker?: RunningWorker;
  storage: ServiceStorage;
  /** The project whose servers are listed and graphed (the bench's big one). */
  project: SeededProject;
  load: LoadSettings;
  rounds: number;
  log: (line: string) => void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** The machine's load average (1, 5, 15 min): other work on it shows here. */
const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));

// ---- the service's clock and its sampler's histogram ----

async function adminCall<T>(base: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as T };
}

async function advanceClock(base: string, seconds: number): Promise<number> {
  const answer = await adminCall<{ now: string }>(base, 'POST', '/admin/v1/clock/advance', { seconds });
  if (answer.status !== 200) throw new Error(`POST /admin/v1/clock/advance: HTTP ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)} (was the service started with CLOUDPLANE_TEST_CLOCK=1?)`);
  return Date.parse(answer.body.now);
}

/** Moves the service's clock to `targetMs` (or a few ms past it: the move takes a request); answers the clock after. */
async function moveClockTo(base: string, targetMs: number): Promise<number> {
  const now = await advanceClock(base, 0);
  const readAt = performance.now();
  if (now >= targetMs) return now;
  // The clock runs on while the second request travels: aim at the target plus what has passed since the first answer.
  return advanceClock(base, Math.max(0, targetMs - now - (performance.now() - readAt) + 2) / 1000);
}

const nextBoundary = (nowMs: number) => Math.floor(nowMs / MINUTE_MS) * MINUTE_MS + MINUTE_MS;

interface RoundSeries {
  count: number;
  sum: number;
  servers: number;
}

async function roundSeries(base: string): Promise<RoundSeries> {
  const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(30_000) })).text();
  const value = (name: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
    return line === undefined ? Number.NaN : Number(line.slice(name.length + 1));
  };
  return { count: value('cloudplane_metrics_round_lag_seconds_count'), sum: value('cloudplane_metrics_round_lag_seconds_sum'), servers: value('cloudplane_metrics_round_servers') };
}

// ---- the day ----

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function apiTargets(settings: DaySettings): Target[] {
  const { base } = settings.service;
  const { slug, token } = settings.project;
  return [
    { url: `${base}/api/v1/me/`, headers: bearer(token) },
    { url: `${base}/api/v1/projects/${slug}/servers/`, headers: bearer(token) },
  ];
}

/** One graph over `endMs`, going round the servers, a request each. */
function graphTarget(settings: DaySettings, name: GraphName, serverIds: readonly string[], endMs: number): Target {
  const graph = GRAPHS[name];
  const query = new URLSearchParams({ type: 'cpu,disk,network', start: new Date(endMs - graph.rangeMs).toISOString(), end: new Date(endMs).toISOString(), step: String(graph.step) });
  const paths = serverIds.map((id) => `/api/v1/projects/${settings.project.slug}/servers/${id}/metrics/?${query}`);
  let next = 0;
  return {
    url: `${settings.service.base}${paths[0]}`,
    headers: bearer(settings.project.token),
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  };
}

/** One request of each graph before its load: 200, the widened step, and about the number of points asked for. */
async function checkGraph(settings: DaySettings, name: GraphName, serverIds: readonly string[], endMs: number): Promise<{ answeredStep?: number; points?: number; problems: string[] }> {
  const graph = GRAPHS[name];
  const problems: string[] = [];
  let answeredStep: number | undefined;
  let points: number | undefined;
  for (const serverId of serverIds) {
    const target = graphTarget(settings, name, [serverId], endMs);
    const response = await fetch(target.url, { headers: target.headers, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    if (response.status !== 200) {
      problems.push(`${graph.label} of ${serverId}: HTTP ${response.status}: ${text.slice(0, 300)}`);
      continue;
    }
    const body = JSON.parse(text) as { step: number; time_series: Record<string, { values: unknown[] }> };
    answeredStep = body.step;
    if (body.step !== graph.answeredStep) problems.push(`${graph.label} of ${serverId}: step ${body.step}, expected ${graph.answeredStep}`);
    for (const series of SERIES) {
      const count = body.time_series[series]?.values.length ?? 0;
      points = Math.min(points ?? count, count);
      if (count < graph.points[0] || count > graph.points[1]) problems.push(`${graph.label} of ${serverId}: ${count} points of ${series}, expected ${graph.points[0]}–${graph.points[1]}`);
    }
  }
  return { answeredStep, points, problems };
}

/**
 * Moves the clock to the next boundary and waits until the round there has
 * finished (its job row queued again for a later boundary); its lag and
 * servers from the service's histogram.
 */
async function runRound(settings: DaySettings, storage: DayStorage, problems: string[]): Promise<RoundFigure> {
  const { base } = settings.service;
  // The rounds are measured where they run.
  const roundsBase = settings.worker?.base ?? base;
  const before = await roundSeries(roundsBase);
  const boundary = nextBoundary(await advanceClock(base, 0));
  const movedAt = performance.now();
  await moveClockTo(base, boundary);
  // Done once queued for the next boundary (the runner adds the wait to its own reading of the clock, so the row
  // is due a few ms after a boundary; before the round it is due at this one).
  let row = await storage.samplerRow();
  while (!row || row.status !== 'queued' || row.runAtMs < boundary + MINUTE_MS / 2) {
    if (performance.now() - movedAt > ROUND_BOUND_MS) throw new Error(`the round at ${new Date(boundary).toISOString()} had not finished after ${ROUND_BOUND_MS / 1000} s`);
    await sleep(50);
    row = await storage.samplerRow();
  }
  const roundSeconds = (performance.now() - movedAt) / 1000;
  const after = await roundSeries(roundsBase);
  const figure: RoundFigure = { boundary: new Date(boundary).toISOString(), roundSeconds: Number(roundSeconds.toFixed(2)), outcome: row.lastError };
  if (after.count - before.count === 1) {
    figure.lagSeconds = Number((after.sum - before.sum).toFixed(3));
    figure.servers = after.servers;
  } else problems.push(`the round at ${figure.boundary}: ${after.count - before.count} rounds on /metrics (expected 1; is the worker in this process?)`);
  return figure;
}

function logApi(settings: DaySettings, label: string, api: ApiFigures): void {
  const one = (name: string, figure: LoadFigure) => `${name} ${figure.requestsPerSecond.toFixed(0)} req/s p99 ${figure.p99Ms} ms${figure.problems.length > 0 ? ` (${figure.problems.join('; ')})` : ''}`;
  settings.log(`  ${label}: ${one('/me/', api.me)}; ${one('server list', api.serverList)}`);
}

/** The day on a running, seeded service started with DAY_SERVICE_ENV: see the top of this file. */
export async function measureDay(settings: DaySettings): Promise<DayReport> {
  const { service, log } = settings;
  const report: DayReport = { engine: settings.engine, layout: settings.layout, loadAverage: { start: loadAverage(), end: [] }, rounds: [], api: {}, graphs: {}, memory: [], problems: [] };
  const memory = [service, ...(settings.worker ? [settings.worker] : [])].map(watchMemory);
  const storage = DayStorage.open(settings.storage);
  const half = Math.max(1, Math.floor(settings.load.connections / 2));
  try {
    report.runningServers = await storage.runningServers();
    const ids = settings.project.serverIds;
    const graphServers = Array.from({ length: Math.min(GRAPH_SERVERS, ids.length) }, (_, index) => ids[Math.floor((index * ids.length) / GRAPH_SERVERS)]!);

    // The sampler held back, the clock at hh:48, and the graphs' history up to there.
    log(`  the day on ${settings.engine}, ${settings.layout}: ${report.runningServers} running servers; holding the sampler back`);
    await storage.holdSamplerBack(ROUND_BOUND_MS);
    const now = await advanceClock(service.base, 0);
    let start = Math.floor(now / HOUR_MS) * HOUR_MS + (FIRST_ROUND_MINUTE - 1) * MINUTE_MS;
    if (start <= now) start += HOUR_MS;
    const historyEnd = await moveClockTo(service.base, start);
    report.history = await storage.writeGraphHistory(graphServers, Math.floor(historyEnd / MINUTE_MS) * MINUTE_MS);
    log(`  graph history of ${graphServers.length} servers up to ${new Date(historyEnd).toISOString()}: ${report.history.samples} samples, ${report.history.fiveMinuteRows} 5-minute and ${report.history.hourlyRows} hourly rows`);

    // 1. Without sampling.
    const api = apiTargets(settings);
    await runFor(api, [half, half], settings.load.warmUpSeconds);
    const [me, serverList] = await runFor(api, [half, half], settings.load.seconds);
    report.api.withoutSampling = { me: me!, serverList: serverList! };
    logApi(settings, 'API without sampling', report.api.withoutSampling);

    // 2. With sampling: rounds back to back under the same load.
    await storage.resumeSamplerAt(nextBoundary(await advanceClock(service.base, 0)));
    const loads = api.map((target) => startLoad(target, half));
    try {
      await sleep(1000);
      for (let round = 0; round < settings.rounds; round += 1) {
        const figure = await runRound(settings, storage, report.problems);
        report.rounds.push(figure);
        log(`  round ${round + 1}/${settings.rounds} at ${figure.boundary}: lag ${figure.lagSeconds?.toFixed(2) ?? '?'} s, ${figure.servers ?? '?'} servers, done after ${figure.roundSeconds.toFixed(1)} s (${figure.outcome})`);
      }
    } finally {
      const [meWith, listWith] = await Promise.all(loads.map((load) => load.stop()));
      report.api.withSampling = { me: meWith!, serverList: listWith! };
    }
    logApi(settings, 'API with sampling', report.api.withSampling);

    // 3. A minute of the day: the API and the graphs, one round in it.
    const graphEnd = Math.floor((await advanceClock(service.base, 0)) / MINUTE_MS) * MINUTE_MS;
    for (const name of Object.keys(GRAPHS) as GraphName[]) {
      const check = await checkGraph(settings, name, graphServers, graphEnd);
      report.graphs[name] = { requestsPerSecond: 0, p50Ms: 0, p99Ms: 0, requests: 0, answeredStep: check.answeredStep, points: check.points, problems: check.problems };
      log(`  ${GRAPHS[name].label} over ${new Date(graphEnd - GRAPHS[name].rangeMs).toISOString()} – ${new Date(graphEnd).toISOString()}: step ${check.answeredStep}, ${check.points} points${check.problems.length > 0 ? `; PROBLEMS: ${check.problems.join('; ')}` : ''}`);
    }
    const minuteTargets = [...api, graphTarget(settings, 'day', graphServers, graphEnd), graphTarget(settings, 'month', graphServers, graphEnd)];
    const connections = [half, half, GRAPH_CONNECTIONS, GRAPH_CONNECTIONS];
    await runFor(minuteTargets, connections, settings.load.warmUpSeconds);
    const minuteLoads = minuteTargets.map((target, index) => startLoad(target, connections[index]!));
    const minuteStarted = performance.now();
    try {
      // The round a little after the start, so that the next boundary (60 s after it) comes after the loads' end.
      await sleep(MINUTE_ROUND_DELAY_MS);
      report.minuteRound = await runRound(settings, storage, report.problems);
      log(`  the minute's round: lag ${report.minuteRound.lagSeconds?.toFixed(2) ?? '?'} s, done after ${report.minuteRound.roundSeconds.toFixed(1)} s`);
      await sleep(Math.max(0, MINUTE_OF_LOAD_SECONDS * 1000 - (performance.now() - minuteStarted)));
    } finally {
      const [meMinute, listMinute, day, month] = await Promise.all(minuteLoads.map((load) => load.stop()));
      report.api.aMinute = { me: meMinute!, serverList: listMinute! };
      report.graphs.day = { ...report.graphs.day, ...day!, problems: [...(report.graphs.day?.problems ?? []), ...day!.problems] };
      report.graphs.month = { ...report.graphs.month, ...month!, problems: [...(report.graphs.month?.problems ?? []), ...month!.problems] };
    }
    logApi(settings, 'API in the minute of graphs', report.api.aMinute);
    for (const name of Object.keys(GRAPHS) as GraphName[]) log(`  ${GRAPHS[name].label}: ${report.graphs[name]!.requestsPerSecond.toFixed(0)} req/s, p99 ${report.graphs[name]!.p99Ms} ms`);
  } catch (error) {
    report.problems.push(message(error));
    log(`  the day on ${settings.engine} stopped: ${message(error)}`);
  } finally {
    report.memory = memory.flatMap((watched) => watched.stop());
    report.loadAverage.end = loadAverage();
    await storage.close();
  }
  if (report.problems.length > 0) {
    const logs = [service.logFile, ...(settings.worker ? [settings.worker.logFile] : [])];
    report.serviceErrors = (await Promise.all(logs.map((logFile) => loggedErrors(logFile).catch(() => [])))).flat();
  }
  return report;
}

// ---- the layouts: the service as it runs the day ----

/**
 * `npm start` with the test clock (and, with `serve + worker`, with
 * CLOUDPLANE_SERVE_JOBS=0); with BENCH_DAY_PROFILE=<dir>, node itself with
 * `npm start`'s flags and environment and `--cpu-prof`, which node refuses in
 * NODE_OPTIONS: its profile is written there when it stops (bench/cpu-profile.ts reads it).
 */
function startDayService(engine: Engine, layout: DayLayout, command: ServiceCommand, storage: ServiceStorage): Promise<RunningService> {
  const env = { ...DAY_SERVICE_ENV, ...(layout === 'serve + worker' ? { CLOUDPLANE_SERVE_JOBS: '0' } : {}) };
  if (!process.env.BENCH_DAY_PROFILE) return startService('npm start', `cloudplane ${engine} day (${layout})`, command, storage, env);
  const runtime = npmStartRuntime(command.npmStart);
  const profiled: ServiceCommand = { ...command, args: [...runtime.nodeFlags, ...profileFlags(), ...command.args] };
  return startService('direct', `cloudplane ${engine} day (${layout}, profiled)`, profiled, storage, { ...runtime.env, ...env });
}

/** The worker of `serve + worker`: the same build, with `npm start`'s node flags and environment (and `--cpu-prof` with BENCH_DAY_PROFILE). */
function startDayWorker(engine: Engine, command: ServiceCommand, storage: ServiceStorage): Promise<RunningWorker> {
  const runtime = npmStartRuntime(command.npmStart);
  return startWorker(`cloudplane ${engine} day (worker)`, { ...command, args: [...runtime.nodeFlags, ...profileFlags(), ...command.args] }, storage, { ...runtime.env, ...DAY_SERVICE_ENV });
}

/** Node's flags for a CPU profile written into BENCH_DAY_PROFILE when the process stops; none without it. */
function profileFlags(): string[] {
  const profileDir = process.env.BENCH_DAY_PROFILE;
  return profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
}

/** Which layouts the day measures (BENCH_DAY_LAYOUTS: `split`, `one`, or both, comma-separated; default both, the advised one first). */
export function dayLayouts(): DayLayout[] {
  const names: Record<string, DayLayout> = { split: 'serve + worker', one: 'one process' };
  const asked = (process.env.BENCH_DAY_LAYOUTS || 'split,one').split(',');
  return asked.map((name) => {
    const layout = names[name.trim()];
    if (!layout) throw new Error(`BENCH_DAY_LAYOUTS: unknown layout "${name}" (split, one)`);
    return layout;
  });
}

export interface DayRun {
  engine: Engine;
  command: ServiceCommand;
  /** Seeded: the big project's servers are running. */
  storage: ServiceStorage;
  project: SeededProject;
  load: LoadSettings;
  rounds: number;
  log: (line: string) => void;
}

/** The day once per layout on the same seeded storage, each on services of its own, stopped after it. */
export async function measureDayLayouts(run: DayRun, layouts: readonly DayLayout[] = DAY_LAYOUTS): Promise<DayReport[]> {
  const reports: DayReport[] = [];
  for (const layout of layouts) {
    const service = await startDayService(run.engine, layout, run.command, run.storage);
    let worker: RunningWorker | undefined;
    try {
      if (layout === 'serve + worker') worker = await startDayWorker(run.engine, run.command, run.storage);
      reports.push(await measureDay({ ...run, layout, service, worker }));
    } finally {
      if (worker) await stop(worker.child);
      await stop(service.child);
    }
  }
  return reports;
}

// ---- alone: a service per engine, seeded, then the day ----

interface StandaloneSettings {
  root: string;
  command: ServiceCommand;
  postgres: PostgresServer | Error;
  servers: number;
  rounds: number;
  load: LoadSettings;
  layouts: DayLayout[];
  log: (line: string) => void;
}

async function standaloneEngine(engine: Engine, settings: StandaloneSettings): Promise<DayReport[]> {
  const { log } = settings;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-bench-day-'));
  const failed = (error: unknown, extra: Partial<DayReport> = {}): DayReport => ({ engine, layout: settings.layouts[0]!, loadAverage: { start: [], end: loadAverage() }, rounds: [], api: {}, graphs: {}, memory: [], problems: [message(error)], ...extra });
  try {
    const run = async (databaseUrl: string): Promise<DayReport[]> => {
      const storage: ServiceStorage = { root: settings.root, dataDir, databaseUrl };
      log(`\n${engine}: seeding ${settings.servers} servers through the operator API, ${SEED_CONCURRENCY} at a time`);
      const seeding: DayReport['seeding'] = { asked: settings.servers };
      const seeder = await startService('direct', `cloudplane ${engine} day (seeding)`, settings.command, storage);
      let project: SeededProject;
      const seedStarted = performance.now();
      try {
        project = (await seedServers(seeder.base, ADMIN_TOKEN, { big: settings.servers, small: 0, concurrency: SEED_CONCURRENCY, log })).big;
        seeding.seconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
      } catch (error) {
        // How far it got, and why it stopped: the servers placed are in the database.
        const held = DayStorage.open(storage);
        const running = await held.runningServers().catch(() => undefined);
        await held.close();
        return [failed(`seeding stopped at ${running ?? '?'} of ${settings.servers} servers: ${message(error)}`, { runningServers: running, seeding: { ...seeding, error: message(error) } })];
      } finally {
        await stop(seeder.child);
      }
      log(`  placed ${settings.servers} in ${seeding.seconds} s`);
      const reports = await measureDayLayouts({ engine, command: settings.command, storage, project, load: settings.load, rounds: settings.rounds, log }, settings.layouts);
      return reports.map((report) => ({ ...report, seeding }));
    };
    if (engine === 'sqlite') return await run('');
    if (settings.postgres instanceof Error) return [failed(`no PostgreSQL: ${settings.postgres.message}`)];
    return await withFreshDatabase(settings.postgres.url, run);
  } catch (error) {
    return [failed(error)];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}


if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const engines = (process.env.BENCH_DAY_ENGINES || 'sqlite,postgres').split(',').map((name) => {
    if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_DAY_ENGINES: unknown engine "${name}" (sqlite, postgres)`);
    return name;
  });
  const seconds = positiveInteger('BENCH_SECONDS', 10);
  const load: LoadSettings = { seconds, connections: positiveInteger('BENCH_CONNECTIONS', 50), warmUpSeconds: Math.min(3, seconds) };
  const log = (line: string) => console.log(line);
  const started = { at: new Date().toISOString(), loadAverage: loadAverage(), performance: performance.now() };
  const servers = positiveInteger('BENCH_SERVERS', 100_000);
  const rounds = positiveInteger('BENCH_DAY_ROUNDS', DEFAULT_ROUNDS);
  const layouts = dayLayouts();
  log(`cloudplane's day: ${engines.join(', ')}; ${layouts.join(', ')}; ${servers} servers, ${rounds} rounds, ${load.connections} connections; load average ${started.loadAverage.join(' ')}`);
  const command = prepareService(root, log);
  const postgres = engines.includes('postgres') ? await postgresServer(root).catch((error: Error) => error) : new Error('not asked for');
  try {
    const reports: DayReport[] = [];
    for (const engine of engines) reports.push(...(await standaloneEngine(engine, { root, command, postgres, servers, rounds, load, layouts, log })));
    const verdicts = reports.flatMap(dayVerdicts);
    printDay(reports);
    console.log('\nverdicts');
    for (const verdict of verdicts) {
      console.log(`  ${(verdict.pass === null ? 'info' : verdict.pass ? 'PASS' : 'FAIL').padEnd(5)} ${verdict.engine.padEnd(9)} ${verdict.target}: ${verdict.figure}`);
      for (const problem of verdict.problems ?? []) console.log(`          ${problem.split('\n')[0]}`);
    }
    const out = path.join(root, 'bench', 'results', 'day-latest.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    const result = {
      date: started.at,
      commit: { head: git('rev-parse', 'HEAD'), uncommittedChanges: git('status', '--porcelain', '--untracked-files=no') !== '' },
      durationSeconds: Math.round((performance.now() - started.performance) / 1000),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', memoryGb: Number((os.totalmem() / 2 ** 30).toFixed(1)), node: process.version },
      loadAverage: { start: started.loadAverage, end: loadAverage() },
      method: { service: `npm start (${command.npmStart}) with CLOUDPLANE_TEST_CLOCK=1`, layouts, servers, rounds, connections: load.connections, secondsPerRun: load.seconds, warmUpSeconds: load.warmUpSeconds, graphServers: GRAPH_SERVERS, graphConnections: GRAPH_CONNECTIONS, postgres: postgres instanceof Error ? `none: ${postgres.message}` : postgres.origin },
      verdicts,
      engines: reports,
    };
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    log(`results: ${path.relative(root, out)}`);
    if (verdicts.some((verdict) => verdict.pass === false)) process.exitCode = 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    if (!(postgres instanceof Error)) postgres.release();
    await stopAll();
  }
}
