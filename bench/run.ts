// `npm run bench`: issue 14's benchmark, in one run, on embedded SQLite and
// on PostgreSQL, measured from outside: the service runs as production runs
// it (`npm start`, the build), autocannon loads it from this process, and a
// bare Fastify 5 route in its own process is measured before and after each
// target, so each figure is a ratio to what the machine could do at that
// moment (information). Each hot path is judged as a share of its
// hand-written ceiling (bench/reference-route.ts), measured in the same run
// on the same engine once its answer is checked to be the service's, byte for
// byte. bench/engine.ts says what happens per engine, bench/verdicts.ts
// what must hold; the firewall figure comes from bench/firewall.ts, and
// issue 31's (event stream, webhooks, the writes' cost on a reboot) from
// bench/events.ts (BENCH_EVENTS=0 skips them), and issue 32's (`cloudplane
// servers list` end to end beside `node -e 0`) from bench/cli.ts (BENCH_CLI=0).
// Issue 47's footprint of server metrics (1,000 servers through 8 days of the
// test clock, bytes a server) comes from bench/metrics-footprint.ts
// (BENCH_FOOTPRINT=0 skips it: some 25 minutes an engine on a busy 2 cores),
// and its day (sampling rounds under the API load, graphs, memory) from
// bench/day.ts, last in each engine's run (BENCH_DAY=0 skips it).
//
// BENCH_SECONDS (10) per run, BENCH_CONNECTIONS (50), BENCH_SERVERS (100000)
// in the big project; BENCH_DATABASE_URL, else the throwaway server of
// scripts/test-postgres.sh (stopped afterwards if the bench started it).
// Prints tables and verdicts, writes bench/results/latest.json; exits 1
// when a target fails.
import { positiveInteger } from './env.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_SIZE, READ_ROUNDS, runEngine, SMALL_PROJECT_SERVERS, type EngineReport } from './engine.ts';
import { benchCli, cliVerdicts, printCli, type CliBenchReport } from './cli.ts';
import { benchEvents, eventsVerdicts, type EventsBenchReport } from './events.ts';
import { benchFootprint, footprintBenchVerdicts, type FootprintBench } from './metrics-footprint.ts';
import { DEFAULT_ROUNDS, dayLayouts, dayVerdicts, measureDayLayouts, printDay, type DayReport } from './day.ts';
import { benchFirewall, type FirewallBenchReport } from './firewall.ts';
import type { BareRoute, LoadSettings } from './load.ts';
import { postgresServer, withFreshDatabase, type PostgresServer } from './postgres.ts';
import { freePort, startNode, stop, stopAll, type Child } from './processes.ts';
import { prepareService } from './service.ts';
import { firewallVerdicts, judgeEngine, MIN_SHARE_OF_CEILING, shareOfCeiling, type Verdict } from './verdicts.ts';
import type { CeiledTargetId, EngineSettings } from './engine.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(line);


const seconds = positiveInteger('BENCH_SECONDS', 10);
const load: LoadSettings = {
  seconds,
  connections: positiveInteger('BENCH_CONNECTIONS', 50),
  // Long enough for V8 to optimise a target's paths and the database to warm its cache.
  warmUpSeconds: Math.min(3, seconds),
};
const bigProjectServers = positiveInteger('BENCH_SERVERS', 100_000);
const eventsBench = process.env.BENCH_EVENTS !== '0';
const cliBench = process.env.BENCH_CLI !== '0';
const footprintBench = process.env.BENCH_FOOTPRINT !== '0';
const dayBench = process.env.BENCH_DAY !== '0';

function machine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    memoryGb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

/** The commit measured, and whether the working tree differs from it (other work in progress is measured too). */
function commit() {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    return { head: git('rev-parse', 'HEAD'), uncommittedChanges: git('status', '--porcelain', '--untracked-files=no') !== '' };
  } catch {
    return { head: 'unknown', uncommittedChanges: true };
  }
}

const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));

function printEngine(report: EngineReport): void {
  const line = (cells: string[]) => `${cells[0]!.padEnd(54)}${cells.slice(1).map((cell) => cell.padStart(9)).join('')}`;
  console.log(`\n${report.engine} (${report.storage})`);
  console.log(line(['target', 'req/s', 'p99 ms', 'ratio', 'bare:', 'before', 'after']));
  for (const target of report.targets) {
    const figures =
      target.requestsPerSecond === undefined
        ? ['—', '—', '—', '', '—', '—']
        : [target.requestsPerSecond.toFixed(0), String(target.p99Ms), `${(target.ratio! * 100).toFixed(1)}%`, '', target.bareBefore!.toFixed(0), target.bareAfter!.toFixed(0)];
    console.log(line([target.label, ...figures]) + (target.problems.length > 0 ? '  (problems)' : ''));
  }
  for (const error of report.errors) console.log(`  error: ${error.split('\n')[0]}`);
  for (const error of report.serviceErrors ?? []) console.log(`  the service logged: ${error}`);
  printShares(report);
}

/** Each hot path beside its hand-written ceiling, same run: the service's share of it, and the share it must reach. */
function printShares(report: EngineReport): void {
  const line = (cells: string[]) => `${cells[0]!.padEnd(54)}${cells.slice(1).map((cell) => cell.padStart(9)).join('')}`;
  console.log(`\n${report.engine}: the service beside its ceilings`);
  console.log(line(['path', 'service', 'p99 ms', 'ceiling', 'p99 ms', 'share', 'target']));
  for (const id of Object.keys(MIN_SHARE_OF_CEILING) as CeiledTargetId[]) {
    const { service, ceiling, share, shares, minimum } = shareOfCeiling(report, id);
    const figure = (result: typeof service) => (result?.requestsPerSecond === undefined ? ['—', '—'] : [result.requestsPerSecond.toFixed(0), String(result.p99Ms)]);
    const problems = (service?.problems.length ?? 0) + (ceiling?.problems.length ?? 0) > 0 ? '  (problems)' : '';
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    // A read's rounds, or the reboot's finished actions a second, which its share is taken of.
    const how = shares
      ? `  rounds ${shares.map(percent).join(' ')}`
      : service?.finishedPerSecond !== undefined && ceiling?.finishedPerSecond !== undefined
        ? `  finished a second ${service.finishedPerSecond.toFixed(0)} vs ${ceiling.finishedPerSecond.toFixed(0)}`
        : '';
    console.log(line([service?.label ?? id, ...figure(service), ...figure(ceiling), share === undefined ? '—' : percent(share), `≥ ${(minimum * 100).toFixed(0)}%`]) + how + problems);
  }
}

function printVerdicts(verdicts: Verdict[]): void {
  console.log('\nverdicts');
  for (const verdict of verdicts) {
    const mark = verdict.pass === null ? 'info' : verdict.pass ? 'PASS' : 'FAIL';
    console.log(`  ${mark.padEnd(5)} ${verdict.engine.padEnd(9)} ${verdict.target}: ${verdict.figure}`);
    for (const problem of verdict.problems ?? []) console.log(`          ${problem.split('\n')[0]}`);
  }
}

/** bench/hello-world.ts in its own process, started again (and warmed up again) if it has ended when a bare run is due. */
async function startBareRoute(): Promise<BareRoute & { stop: () => Promise<void> }> {
  let child: Child | undefined;
  const route: BareRoute & { stop: () => Promise<void> } = {
    load: { url: '', expectedStatus: 200 },
    warmedUp: false,
    ensureRunning: async () => {
      if (child && child.process.exitCode === null && child.process.signalCode === null) return;
      if (child) log('  bare Fastify had ended: starting it again');
      const port = await freePort();
      child = (await startNode('bare Fastify', ['bench/hello-world.ts'], { cwd: root, env: { ...process.env, PORT: String(port) }, ready: /listening/ })).child;
      route.load = { url: `http://127.0.0.1:${port}/`, expectedStatus: 200 };
      route.warmedUp = false;
    },
    stop: async () => {
      if (child) await stop(child);
    },
  };
  await route.ensureRunning!();
  return route;
}

/** PostgreSQL's part: a fresh database on the server, or a report of why there was none. */
async function runPostgres(server: PostgresServer | Error, settings: Parameters<typeof runEngine>[2]): Promise<EngineReport> {
  const failed = (error: Error): EngineReport => ({ engine: 'postgres', storage: 'PostgreSQL', startup: {}, targets: [], runs: [], errors: [`no PostgreSQL: ${error.message}`] });
  if (server instanceof Error) return failed(server);
  try {
    return await withFreshDatabase(server.url, (databaseUrl) => runEngine('postgres', databaseUrl, settings));
  } catch (error) {
    return failed(error as Error);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadAverage();
  log(
    `cloudplane bench: ${load.seconds} s per run (each process warmed on every read for ${load.warmUpSeconds} s, then each target after ${load.warmUpSeconds} s warm-up), ${load.connections} connections, ` +
      `${SMALL_PROJECT_SERVERS} and ${bigProjectServers} servers; node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAtStart.join(' ')}`,
  );
  const service = prepareService(root, log);

  const bare = await startBareRoute();
  // Issue 47's day, last on each engine's seeded storage, on services of its own with the test clock, in each layout.
  const days: DayReport[] = [];
  const last: EngineSettings['last'] = dayBench
    ? async ({ engine, storage, world }) => {
        log('');
        days.push(...(await measureDayLayouts({ engine, command: service, storage, project: world.big, load, rounds: DEFAULT_ROUNDS, log }, dayLayouts())));
      }
    : undefined;
  const settings = { root, bigProjectServers, load, bare, service, log, last };

  const engines: EngineReport[] = [await runEngine('sqlite', '', settings)];
  const postgres = await postgresServer(root).catch((error: Error) => error);
  let firewall: FirewallBenchReport | { error: string };
  let events: EventsBenchReport | { error: string } | { skipped: string } = { skipped: 'BENCH_EVENTS=0' };
  let cli: CliBenchReport | { error: string } | { skipped: string } = { skipped: 'BENCH_CLI=0' };
  let footprint: FootprintBench = { skipped: 'BENCH_FOOTPRINT=0' };
  try {
    engines.push(await runPostgres(postgres, settings));
    await bare.stop();
    log('');
    firewall = await benchFirewall().catch((error: Error) => ({ error: error.message }));
    if (eventsBench) {
      log('');
      events = await benchEvents({ root, service, postgres, engines: ['sqlite', 'postgres'], load, log }).catch((error: Error) => ({ error: error.message }));
    }
    if (cliBench) {
      log('');
      cli = await benchCli({ root, service, log }).catch((error: Error) => ({ error: error.message }));
    }
    if (footprintBench) {
      log('');
      footprint = await benchFootprint({ postgresUrl: postgres instanceof Error ? null : postgres.url, log });
    }
  } finally {
    if (!(postgres instanceof Error)) postgres.release();
  }

  const context = { bigProjectServers, npmStart: service.npmStart, direct: service.description };
  const verdicts = [...engines.flatMap((report) => judgeEngine(report, context)), ...firewallVerdicts(firewall, ['sqlite', 'postgres']), ...eventsVerdicts(events), ...cliVerdicts(cli), ...footprintBenchVerdicts(footprint), ...days.flatMap(dayVerdicts)];
  for (const report of engines) printEngine(report);
  if ('commands' in cli) printCli(cli);
  if (days.length > 0) printDay(days);
  printVerdicts(verdicts);
  const failed = verdicts.filter((verdict) => verdict.pass === false).length;
  const durationSeconds = Math.round((performance.now() - started) / 1000);
  log(`\n${failed} of ${verdicts.filter((verdict) => verdict.pass !== null).length} targets failed; the bench took ${Math.floor(durationSeconds / 60)} min ${durationSeconds % 60} s`);

  const report = {
    date: new Date().toISOString(),
    durationSeconds,
    commit: commit(),
    machine: machine(),
    loadAverage: { start: loadAtStart, end: loadAverage() },
    method: {
      secondsPerRun: load.seconds,
      warmUpSeconds: load.warmUpSeconds,
      connections: load.connections,
      bigProjectServers,
      smallProjectServers: SMALL_PROJECT_SERVERS,
      pageSize: PAGE_SIZE,
      bare: 'Fastify 5, GET / answering {"hello":"world"}, in its own process (bench/hello-world.ts), measured before and after each target',
      ceilings:
        'bench/reference-route.ts in its own process on the same storage: per hot path a hand-written route (key from a cache, one prepared statement, one transaction for the reboot, a response schema, one log line), ' +
        'its answer first compared with the service\'s byte for byte (the reboot with id, started_at and resource.id masked); targets are the service\'s req/s as a share of it: ' +
        `for a read the median of ${READ_ROUNDS} rounds' shares, the read and its ceiling alternated; for the reboot, of finished actions a second (accepted ÷ the run and the wait until the worker finished them)`,
      service: { direct: service.description, npmStart: service.npmStart, ...(service.fallback ? { fallback: service.fallback } : {}), logLevel: 'the default (LOG_LEVEL unset)' },
      postgres: postgres instanceof Error ? `none: ${postgres.message}` : postgres.origin,
    },
    verdicts,
    engines: Object.fromEntries(engines.map((engine) => [engine.engine, engine])),
    firewall,
    events,
    cli,
    footprint,
    days,
  };
  const out = path.join(root, 'bench', 'results', 'latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  log(`results: ${path.relative(root, out)}`);
  if (failed > 0) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`\nbench failed: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
