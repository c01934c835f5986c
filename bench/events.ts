// Issue 31's evidence, on each engine, with the service run as the bench
// runs it (`node dist/main.js serve`, the build), in one run:
// 1. change committed → SSE client has it, with 100 streams open, and
// 2. webhook deliveries a second to a local receiver (bench/events-delivery.ts),
//    on one service, on fresh storage;
// 3. what the event and audit writes cost a reboot, this tree against the
//    tree before issue 31, alternated (bench/events-reboots.ts).
// The three are figures to read, not targets; a failed check (an event
// missing, twice or out of order, a delivery missing or unverified, a reboot
// answered other than 202, save a 409 to one that had to wait because every
// server of the rotation was busy: bench/reboot-rotation.ts) is a problem,
// reported with its engine, and fails the `events_checks` verdict of
// `npm run bench`.
//
// Run alone: `npx tsx bench/events.ts` (BENCH_SECONDS per reboot run, 5 at
// most; BENCH_EVENTS_ENGINES=sqlite or postgres for one engine). Prints a
// table and writes bench/results/events.json; `npm run bench` calls it too
// (BENCH_EVENTS=0 skips it) and puts the report in latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Engine } from './engine.ts';
import {
  CHANGES,
  DELIVERIES,
  measureStream,
  measureWebhooks,
  message,
  RENAME_CONCURRENCY,
  STREAMS,
  WARM_UP_CHANGES,
  WEBHOOK_ENV,
  type StreamFigures,
  type WebhookFigures,
} from './events-delivery.ts';
import { BEFORE_COMMIT, BEFORE_TREE, MAX_REBOOT_SECONDS, measureReboots, prepareBeforeTree, REBOOT_SERVERS, removeBeforeTree, type FreshStorage, type RebootFigures } from './events-reboots.ts';
import type { LoadSettings } from './load.ts';
import { postgresServer, withFreshDatabase, type PostgresServer } from './postgres.ts';
import { stop, stopAll } from './processes.ts';
import { seedServers } from './seed.ts';
import { ADMIN_TOKEN, loggedErrors, prepareService, startService, type ServiceCommand } from './service.ts';
import type { Verdict } from './verdicts.ts';

const SEED_CONCURRENCY = 16;

export interface EventsEngineReport {
  engine: Engine;
  stream?: StreamFigures;
  webhooks?: WebhookFigures;
  reboot?: RebootFigures;
  /** Failed checks and parts that could not be measured. */
  problems: string[];
  serviceErrors?: string[];
}

export interface EventsBenchReport {
  date: string;
  method: {
    service: string;
    before: string;
    streams: number;
    changes: number;
    warmUpChanges: number;
    deliveries: number;
    renameConcurrency: number;
    rebootServers: number;
  };
  /** The machine's load average (1, 5, 15 min) when the bench started and ended: other work on it shows here. */
  loadAverage: { start: number[]; end: number[] };
  engines: EventsEngineReport[];
}

export interface EventsSettings {
  root: string;
  service: ServiceCommand;
  /** The server PostgreSQL's part runs on (a fresh database for each service), or why there is none. */
  postgres: PostgresServer | Error;
  engines: Engine[];
  load: LoadSettings;
  log: (line: string) => void;
}

const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));

/** A new data directory, and on PostgreSQL a new database, for each service: no run sees another's rows. */
function freshStorage(engine: Engine, postgres: PostgresServer | Error): FreshStorage {
  return async (root, use) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-bench-events-'));
    try {
      if (engine === 'sqlite') return await use({ root, dataDir, databaseUrl: '' });
      if (postgres instanceof Error) throw postgres;
      return await withFreshDatabase(postgres.url, (databaseUrl) => use({ root, dataDir, databaseUrl }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

async function benchEngine(engine: Engine, settings: EventsSettings, before: ServiceCommand | Error): Promise<EventsEngineReport> {
  const report: EventsEngineReport = { engine, problems: [] };
  const logs: string[] = [];
  const fresh = freshStorage(engine, settings.postgres);
  settings.log(`events on ${engine}`);
  try {
    await fresh(settings.root, async (storage) => {
      const service = await startService('direct', `cloudplane ${engine} events`, settings.service, storage, WEBHOOK_ENV);
      try {
        const world = await seedServers(service.base, ADMIN_TOKEN, { big: RENAME_CONCURRENCY, small: 0, concurrency: SEED_CONCURRENCY, log: () => {} });
        const { slug, serverIds, token } = world.big;
        try {
          report.stream = await measureStream(service.base, token, slug, serverIds[0]!, report.problems, settings.log);
        } catch (error) {
          report.problems.push(`stream: ${message(error)}`);
        }
        try {
          report.webhooks = await measureWebhooks(service.base, token, slug, serverIds, report.problems, settings.log);
        } catch (error) {
          report.problems.push(`webhooks: ${message(error)}`);
        }
      } finally {
        await stop(service.child);
        if (report.problems.length > 0) logs.push(...(await loggedErrors(service.logFile)));
      }
    });
  } catch (error) {
    report.problems.push(message(error));
  }
  const load: LoadSettings = { ...settings.load, seconds: Math.min(settings.load.seconds, MAX_REBOOT_SECONDS) };
  report.reboot = await measureReboots(engine, { service: settings.service, root: settings.root, before, load, fresh, log: settings.log }, report.problems);
  if (logs.length > 0) report.serviceErrors = logs;
  return report;
}

function printTable(report: EventsBenchReport): void {
  const engines = report.engines;
  const line = (cells: string[]) => `${cells[0]!.padEnd(58)}${cells.slice(1).map((cell) => cell.padStart(12)).join('')}`;
  const figure = (pick: (engine: EventsEngineReport) => number | undefined, format: (value: number) => string) =>
    engines.map((engine) => {
      const value = pick(engine);
      return value === undefined || Number.isNaN(value) ? '—' : format(value);
    });
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\n${line(['events, webhooks, audit', ...engines.map((engine) => engine.engine)])}`);
  console.log(line([`change → SSE client, ${STREAMS} streams open: p50`, ...figure((e) => e.stream?.p50Ms, ms)]));
  console.log(line(['  p99', ...figure((e) => e.stream?.p99Ms, ms)]));
  console.log(line(['  max', ...figure((e) => e.stream?.maxMs, ms)]));
  console.log(line(['  the PATCH alone, p50', ...figure((e) => e.stream?.patchP50Ms, ms)]));
  console.log(line([`webhook deliveries a second (${DELIVERIES} renames, ${RENAME_CONCURRENCY} at a time)`, ...figure((e) => e.webhooks?.deliveriesPerSecond, (v) => `${v.toFixed(0)}/s`)]));
  console.log(line(['  the renames alone, a second', ...figure((e) => e.webhooks?.renamesPerSecond, (v) => `${v.toFixed(0)}/s`)]));
  console.log(line(['  last delivery after the last rename', ...figure((e) => e.webhooks?.lagAfterLastChangeMs, ms)]));
  console.log(line([`reboots over ${REBOOT_SERVERS} servers, this tree: accepted/s`, ...figure((e) => e.reboot?.after?.requestsPerSecond, (v) => v.toFixed(0))]));
  console.log(line([`  before issue 31 (${BEFORE_COMMIT}): accepted/s`, ...figure((e) => e.reboot?.before?.requestsPerSecond, (v) => v.toFixed(0))]));
  console.log(line(['  after ÷ before', ...figure((e) => e.reboot?.ratio, (v) => `${(v * 100).toFixed(1)}%`)]));
  console.log(line(['  p99, this tree', ...figure((e) => e.reboot?.after?.p99Ms, ms)]));
  console.log(line(['  p99, before', ...figure((e) => e.reboot?.before?.p99Ms, ms)]));
  console.log(line(['  finished a second (API and worker), this tree', ...figure((e) => e.reboot?.after?.finishedPerSecond, (v) => v.toFixed(0))]));
  console.log(line(['  finished a second, before', ...figure((e) => e.reboot?.before?.finishedPerSecond, (v) => v.toFixed(0))]));
  console.log(line(['  after ÷ before', ...figure((e) => e.reboot?.finishedRatio, (v) => `${(v * 100).toFixed(1)}%`)]));
  console.log(line(['  reboots that waited for a free server, this tree', ...figure((e) => e.reboot?.after?.waits, (v) => v.toFixed(0))]));
  console.log(line(['  reboots that waited for a free server, before', ...figure((e) => e.reboot?.before?.waits, (v) => v.toFixed(0))]));
  for (const engine of engines) for (const problem of engine.problems) console.log(`  problem (${engine.engine}): ${problem}`);
}

/** The whole events bench on each engine of `settings.engines`: prints its table, writes bench/results/events.json, answers the report. */
export async function benchEvents(settings: EventsSettings): Promise<EventsBenchReport> {
  const loadAtStart = loadAverage();
  settings.log(`cloudplane events bench: engines ${settings.engines.join(', ')}; load average ${loadAtStart.join(' ')}`);
  const before = prepareBeforeTree(settings.root, settings.service, settings.log);
  const report: EventsBenchReport = {
    date: new Date().toISOString(),
    method: {
      service: settings.service.description,
      before: before instanceof Error ? `none: ${before.message}` : `${before.description}, a git worktree in ${BEFORE_TREE} with this tree's node_modules`,
      streams: STREAMS,
      changes: CHANGES,
      warmUpChanges: WARM_UP_CHANGES,
      deliveries: DELIVERIES,
      renameConcurrency: RENAME_CONCURRENCY,
      rebootServers: REBOOT_SERVERS,
    },
    loadAverage: { start: loadAtStart, end: [] },
    engines: [],
  };
  try {
    for (const engine of settings.engines) report.engines.push(await benchEngine(engine, settings, before));
  } finally {
    removeBeforeTree(settings.root);
  }
  report.loadAverage.end = loadAverage();
  printTable(report);
  const out = path.join(settings.root, 'bench', 'results', 'events.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  settings.log(`wrote ${path.relative(settings.root, out)}`);
  return report;
}

function rebootFigure({ after, before, ratio, finishedRatio }: RebootFigures): string | undefined {
  if (!after || !before || ratio === undefined) return undefined;
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const api = `API ${percent(ratio)} (${after.requestsPerSecond.toFixed(0)} ÷ ${before.requestsPerSecond.toFixed(0)} req/s)`;
  if (finishedRatio === undefined) return api;
  return `${api}, finished ${percent(finishedRatio)} (${after.finishedPerSecond!.toFixed(0)} ÷ ${before.finishedPerSecond!.toFixed(0)} a second)`;
}

/** For run.ts's verdicts: the figures as information, and one check per engine that fails on any problem. */
export function eventsVerdicts(report: EventsBenchReport | { error: string } | { skipped: string }): Verdict[] {
  if ('skipped' in report) return [];
  if ('error' in report) return [{ engine: 'sqlite', id: 'events_checks', target: 'the events bench ran', figure: 'not measured', pass: false, problems: [report.error] }];
  return report.engines.flatMap((engine): Verdict[] => {
    const { stream, webhooks, reboot } = engine;
    const info = (id: string, target: string, figure: string | undefined): Verdict[] => (figure === undefined ? [] : [{ engine: engine.engine, id, target, figure, pass: null }]);
    return [
      ...info('event_stream_latency', `change → SSE client, ${STREAMS} streams open`, stream && `p50 ${stream.p50Ms.toFixed(1)} ms, p99 ${stream.p99Ms.toFixed(1)} ms (the PATCH alone: p50 ${stream.patchP50Ms.toFixed(1)} ms)`),
      ...info('webhook_deliveries_per_second', 'webhook deliveries a second to a local receiver', webhooks && `${webhooks.deliveriesPerSecond.toFixed(0)}/s (${webhooks.received} in ${webhooks.seconds.toFixed(2)} s)`),
      ...info('reboot_after_before', 'reboots with event and audit writes ÷ before issue 31', reboot && rebootFigure(reboot)),
      {
        engine: engine.engine,
        id: 'events_checks',
        target: 'every stream read every event once, in order; every delivery arrived once and verified; every reboot of a free server answered 202',
        figure: engine.problems.length === 0 ? 'all held' : `${engine.problems.length} problems`,
        pass: engine.problems.length === 0,
        ...(engine.problems.length > 0 ? { problems: engine.problems } : {}),
      },
    ];
  });
}

// Run alone: builds this tree, uses BENCH_DATABASE_URL or the throwaway PostgreSQL server.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const engines = (process.env.BENCH_EVENTS_ENGINES || 'sqlite,postgres').split(',').map((name) => {
    if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_EVENTS_ENGINES: unknown engine "${name}" (sqlite, postgres)`);
    return name;
  });
  const seconds = Number(process.env.BENCH_SECONDS || MAX_REBOOT_SECONDS);
  const load: LoadSettings = { seconds, connections: Number(process.env.BENCH_CONNECTIONS || 50), warmUpSeconds: Math.min(3, seconds) };
  const log = (line: string) => console.log(line);
  const service = prepareService(root, log);
  const postgres = engines.includes('postgres') ? await postgresServer(root).catch((error: Error) => error) : new Error('not asked for');
  try {
    const report = await benchEvents({ root, service, postgres, engines, load, log });
    if (report.engines.some((engine) => engine.problems.length > 0)) process.exitCode = 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    if (!(postgres instanceof Error)) postgres.release();
    await stopAll();
  }
}
