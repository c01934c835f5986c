// One engine's part of the bench, on one seeded world:
// 1. a first `serve` on empty storage; the world is seeded through its
//    operator API (the placement figures), then it stops;
// 2. restarts on the populated storage, timed from spawn to the first 200 of
//    /healthz: the direct command, then `npm start`;
// 3. the targets, on the `npm start` service (a clean start), each between
//    two runs of the bare Fastify route;
//    then the references (bench/reference-route.ts): the bare route plus one
//    read of the same storage, what any route that reads it can reach here,
//    and the issue's hand-written ceiling for GET /me/ on the same data;
// 4. PostgreSQL only: the same reads on two `serve` processes at once;
// 5. the resident memory of the `npm start` process tree, after all that.
// A failure stops only what depends on it; it is recorded and the verdicts
// it touches fail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Options as AutocannonOptions } from 'autocannon';
import { BareAlternation, type BareRoute, type Load, type LoadSettings, type RunRecord } from './load.ts';
import { freePort, startNode, stop, treeMemory, type ProcessMemory } from './processes.ts';
import { seedServers, type Seeding, type ServersWorld } from './seed.ts';
import { loggedErrors, startService, ADMIN_TOKEN, type RunningService, type ServiceCommand, type ServiceStorage } from './service.ts';

export type Engine = 'sqlite' | 'postgres';
export const PAGE_SIZE = 50;
export const SMALL_PROJECT_SERVERS = 100;
const SEED_CONCURRENCY = 16;
/** Reboots go round this many of the big project's servers, one each in turn. */
const REBOOT_ROTATION = 10_000;
const DRAIN_BOUND_MS = 120_000;

export type TargetId =
  | 'me'
  | 'server_get'
  | 'products'
  | 'small_last_page'
  | 'big_last_page'
  | 'legacy_servers'
  | 'reboot'
  | 'me_two_processes'
  | 'server_get_two_processes'
  | 'reference_read'
  | 'ceiling_me';

export interface TargetResult {
  id: TargetId;
  label: string;
  /** Absent when the target could not be measured (see problems). */
  requestsPerSecond?: number;
  p99Ms?: number;
  requests?: number;
  statusCounts?: Record<string, number>;
  /** req/s ÷ the mean of the two bare runs around it. */
  ratio?: number;
  bareBefore?: number;
  bareAfter?: number;
  /** Unexpected statuses, errors, timeouts, a wrong answer, or why it was not measured. Any problem fails its verdicts. */
  problems: string[];
}

export interface EngineReport {
  engine: Engine;
  storage: string;
  seeding?: Seeding;
  /** Spawn to the first 200 of /healthz on the populated storage. */
  startup: { directMs?: number; npmStartMs?: number };
  /** How the measured service was started: `npm start`, or the direct command when npm start failed. */
  measuredService?: 'npm start' | 'direct';
  targets: TargetResult[];
  /** After the reboot run, until no reboot was running any more. */
  rebootDrainSeconds?: number;
  /** VmRSS of each process of the measured service's tree, after the bench. */
  memory?: { processes: ProcessMemory[]; totalMb: number };
  /** Every load run in order, bare ones included. */
  runs: RunRecord[];
  /** What stopped a part of this engine's run. */
  errors: string[];
  /** When something failed: the distinct errors the services logged, for a first look at why. */
  serviceErrors?: string[];
}

export interface EngineSettings {
  root: string;
  bigProjectServers: number;
  load: LoadSettings;
  bare: BareRoute;
  service: ServiceCommand;
  log: (line: string) => void;
}

type ServiceAddresses = Pick<RunningService, 'base' | 'legacyBase'>;

interface TargetDefinition {
  id: TargetId;
  label: string;
  /** Only the service's addresses: a reference process answers the same request at its own. */
  load: (service: ServiceAddresses) => Load;
  /** What a right answer looks like (checked once before the load): a description of what is wrong, or undefined. */
  wrongAnswer?: (body: unknown) => string | undefined;
}

const lastPage = (servers: number) => Math.max(1, Math.ceil(servers / PAGE_SIZE));

function lastPageTarget(id: TargetId, project: ServersWorld['big'], servers: number): TargetDefinition {
  const page = lastPage(servers);
  const expected = servers - PAGE_SIZE * (page - 1);
  return {
    id,
    label: `GET …/servers/?page=${page}&page_size=${PAGE_SIZE} of ${servers}`,
    load: (service) => ({ url: `${service.base}/api/v1/projects/${project.slug}/servers/?page=${page}&page_size=${PAGE_SIZE}`, headers: bearer(project.token), expectedStatus: 200 }),
    wrongAnswer: (body) => {
      const answer = body as { count?: number; results?: unknown[] };
      return answer.count === servers && answer.results?.length === expected ? undefined : `expected ${expected} of ${servers} servers, got ${answer.results?.length} of ${answer.count}`;
    },
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Reboots, each on the next server of the rotation in turn: one running
 * action per server is the rule, so the rotation must come back to a server
 * only after its last reboot has finished. A 409 says it had not.
 */
export function rotatingReboots(slug: string, serverIds: string[]): AutocannonOptions['requests'] {
  let turn = 0;
  return [{ method: 'POST', setupRequest: (request) => ({ ...request, path: `/api/v1/projects/${slug}/servers/${serverIds[turn++ % serverIds.length]}/actions/reboot/` }) }];
}

function targetDefinitions(world: ServersWorld, bigProjectServers: number): TargetDefinition[] {
  const { big, small } = world;
  const oneServer = big.serverIds[Math.floor(big.serverIds.length / 2)]!;
  const projects = (service: ServiceAddresses) => `${service.base}/api/v1/projects`;
  return [
    {
      id: 'me',
      label: 'GET /api/v1/me/',
      load: (service) => ({ url: `${service.base}/api/v1/me/`, headers: bearer(big.token), expectedStatus: 200 }),
      wrongAnswer: (body) => ((body as { email?: string }).email === 'bench@cloudplane.example' ? undefined : `not the bench user: ${JSON.stringify(body).slice(0, 200)}`),
    },
    {
      id: 'server_get',
      label: 'GET …/servers/{id}/',
      load: (service) => ({ url: `${projects(service)}/${big.slug}/servers/${oneServer}/`, headers: bearer(big.token), expectedStatus: 200 }),
      wrongAnswer: (body) => ((body as { id?: string }).id === oneServer ? undefined : `not server ${oneServer}: ${JSON.stringify(body).slice(0, 200)}`),
    },
    {
      id: 'products',
      label: 'GET …/products/',
      load: (service) => ({ url: `${projects(service)}/${big.slug}/products/`, headers: bearer(big.token), expectedStatus: 200 }),
      wrongAnswer: (body) => (Array.isArray(body) && body.length > 0 ? undefined : `no products: ${JSON.stringify(body).slice(0, 200)}`),
    },
    lastPageTarget('small_last_page', small, SMALL_PROJECT_SERVERS),
    lastPageTarget('big_last_page', big, bigProjectServers),
    {
      id: 'legacy_servers',
      label: `legacy GET /api/v1/servers (${SMALL_PROJECT_SERVERS} servers)`,
      load: (service) => ({ url: `${service.legacyBase}/api/v1/servers`, headers: { ...bearer(small.token), accept: 'application/json' }, expectedStatus: 200 }),
      wrongAnswer: (body) => {
        const answer = body as { result?: string; data?: { servers?: unknown[] } };
        const listed = answer.data?.servers?.length;
        return answer.result === 'success' && listed === SMALL_PROJECT_SERVERS ? undefined : `expected ${SMALL_PROJECT_SERVERS} servers, got ${listed}: ${JSON.stringify(body).slice(0, 200)}`;
      },
    },
    {
      id: 'reboot',
      label: `POST …/actions/reboot/ over ${Math.min(REBOOT_ROTATION, big.serverIds.length)} servers`,
      load: (service) => ({ url: service.base, headers: bearer(big.token), requests: rotatingReboots(big.slug, big.serverIds.slice(0, REBOOT_ROTATION)), expectedStatus: 202 }),
    },
  ];
}

/** One request before the load: the status and the answer must be the right ones, or the load would measure a fast error. */
async function wrongAnswerOf(definition: Pick<TargetDefinition, 'wrongAnswer'>, load: Load): Promise<string | undefined> {
  if (!definition.wrongAnswer) return undefined;
  try {
    const response = await fetch(load.url, { headers: load.headers, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    if (response.status !== load.expectedStatus) return `probe: HTTP ${response.status} (expected ${load.expectedStatus}): ${text.slice(0, 300)}`;
    const wrong = definition.wrongAnswer(JSON.parse(text));
    return wrong === undefined ? undefined : `probe: ${wrong}`;
  } catch (error) {
    return `probe: ${(error as Error).message}`;
  }
}

/** `loads`: the target's load on each process it is spread over. */
async function measureTarget(alternation: BareAlternation, definition: Omit<TargetDefinition, 'load'>, loads: Load[], settle?: () => Promise<void>): Promise<TargetResult> {
  const wrong = await wrongAnswerOf(definition, loads[0]!);
  if (wrong) return { id: definition.id, label: definition.label, problems: [wrong] };
  const measured = await alternation.measure(definition.label, loads, settle);
  const { result } = measured;
  return {
    id: definition.id,
    label: definition.label,
    requestsPerSecond: result.requestsPerSecond,
    p99Ms: result.p99Ms,
    requests: result.requests,
    statusCounts: result.statusCounts,
    ratio: Number(measured.ratio.toPrecision(4)),
    bareBefore: measured.bareBefore,
    bareAfter: measured.bareAfter,
    problems: result.problems,
  };
}

/** Seconds until the big project has no running action, polled every 100 ms; undefined if that did not happen within the bound. */
export async function secondsUntilActionsFinish(service: RunningService, world: ServersWorld): Promise<number | undefined> {
  const started = performance.now();
  const url = `${service.base}/api/v1/projects/${world.big.slug}/actions/?status=running&page_size=1`;
  while (performance.now() - started < DRAIN_BOUND_MS) {
    try {
      const response = await fetch(url, { headers: bearer(world.big.token), signal: AbortSignal.timeout(10_000) });
      const body = (await response.json()) as { count?: number };
      if (response.ok && body.count === 0) return (performance.now() - started) / 1000;
    } catch {
      // A slow or failed poll is retried within the bound; a service that stays down fails the target there.
    }
    await sleep(100);
  }
  return undefined;
}

const message = (error: unknown) => (error as Error).message ?? String(error);

async function seedWorld(engine: Engine, settings: EngineSettings, storage: ServiceStorage): Promise<ServersWorld> {
  const { log } = settings;
  const service = await startService('direct', `cloudplane ${engine} (seeding)`, settings.service, storage);
  try {
    log(`  seeding ${SMALL_PROJECT_SERVERS} + ${settings.bigProjectServers} servers through the operator API, ${SEED_CONCURRENCY} at a time`);
    const world = await seedServers(service.base, ADMIN_TOKEN, { big: settings.bigProjectServers, small: SMALL_PROJECT_SERVERS, concurrency: SEED_CONCURRENCY, log });
    const { seeding } = world;
    log(
      `  placed ${seeding.servers} in ${seeding.seconds.toFixed(1)} s: ${seeding.placementsPerSecond.toFixed(0)}/s; ` +
        `first ${seeding.window} at ${seeding.firstWindowPerSecond.toFixed(0)}/s, last ${seeding.window} at ${seeding.lastWindowPerSecond.toFixed(0)}/s`,
    );
    return world;
  } finally {
    await stop(service.child);
  }
}

/** The direct start is timed and stopped; the `npm start` one is timed and kept for the targets (the direct one if npm start fails). */
async function startMeasuredService(engine: Engine, settings: EngineSettings, storage: ServiceStorage, report: EngineReport): Promise<RunningService> {
  const { log } = settings;
  try {
    const direct = await startService('direct', `cloudplane ${engine} (direct start)`, settings.service, storage);
    report.startup.directMs = direct.msUntilHealthy;
    await stop(direct.child);
    log(`  ${settings.service.description}: /healthz answered ${direct.msUntilHealthy.toFixed(0)} ms after spawn`);
  } catch (error) {
    report.errors.push(`direct start: ${message(error)}`);
  }
  try {
    const service = await startService('npm start', `cloudplane ${engine} (npm start)`, settings.service, storage);
    report.startup.npmStartMs = service.msUntilHealthy;
    report.measuredService = 'npm start';
    log(`  npm start (${settings.service.npmStart}): /healthz answered ${service.msUntilHealthy.toFixed(0)} ms after spawn`);
    return service;
  } catch (error) {
    report.errors.push(`npm start: ${message(error)}`);
    log(`  npm start failed; the targets run on the direct command`);
    report.measuredService = 'direct';
    return startService('direct', `cloudplane ${engine} (direct)`, settings.service, storage);
  }
}

/**
 * The references of bench/reference-route.ts, in their own process on the
 * storage the service runs on, measured like targets: the bare route plus one
 * read, and the issue's hand-written GET /me/ (answering what the service
 * answers, for the same key).
 */
async function measureReferences(engine: Engine, settings: EngineSettings, storage: ServiceStorage, alternation: BareAlternation, world: ServersWorld): Promise<TargetResult[]> {
  const port = await freePort();
  const storageEnv = engine === 'postgres' ? { REFERENCE_DATABASE_URL: storage.databaseUrl } : { REFERENCE_SQLITE_FILE: path.join(storage.dataDir, 'cloudplane.db') };
  const env = { ...process.env, ...storageEnv, PORT: String(port), REFERENCE_LOG_FILE: path.join(storage.dataDir, `reference-${engine}.log`) };
  const { child } = await startNode(`reference (${engine})`, ['bench/reference-route.ts'], { cwd: settings.root, env, ready: /listening/ });
  const storageName = engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
  try {
    const oneRead = {
      id: 'reference_read' as const,
      label: `reference: bare route + one ${storageName} read`,
      wrongAnswer: (body: unknown) => ((body as { read?: { value?: unknown } }).read?.value === 1 ? undefined : `no read: ${JSON.stringify(body).slice(0, 200)}`),
    };
    const me = targetDefinitions(world, settings.bigProjectServers).find((definition) => definition.id === 'me')!;
    const ceiling = { id: 'ceiling_me' as const, label: `ceiling: the issue's hand-written GET /me/ on ${storageName}`, wrongAnswer: me.wrongAnswer };
    return [
      await measureTarget(alternation, oneRead, [{ url: `http://127.0.0.1:${port}/`, expectedStatus: 200 }]),
      await measureTarget(alternation, ceiling, [me.load({ base: `http://127.0.0.1:${port}`, legacyBase: '' })]),
    ];
  } finally {
    await stop(child);
  }
}

/** PostgreSQL's scale-out figure: the same reads, spread over two `serve` processes on one database. */
async function measureTwoProcesses(engine: Engine, settings: EngineSettings, storage: ServiceStorage, alternation: BareAlternation, first: RunningService, world: ServersWorld) {
  const second = await startService('direct', `cloudplane ${engine} (second process)`, settings.service, storage);
  try {
    const reads = targetDefinitions(world, settings.bigProjectServers).filter((definition) => definition.id === 'me' || definition.id === 'server_get');
    const results: TargetResult[] = [];
    for (const definition of reads) {
      const twoProcesses: TargetDefinition = { ...definition, id: `${definition.id}_two_processes` as TargetId, label: `${definition.label} on 2 processes` };
      results.push(await measureTarget(alternation, twoProcesses, [first, second].map((service) => twoProcesses.load(service))));
    }
    return results;
  } finally {
    await stop(second.child);
  }
}

export async function runEngine(engine: Engine, databaseUrl: string, settings: EngineSettings): Promise<EngineReport> {
  const { log } = settings;
  const storage: ServiceStorage = { root: settings.root, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-bench-')), databaseUrl };
  // Keys in the order a reader of latest.json wants them: the long list of runs last.
  const report: EngineReport = {
    engine,
    storage: databaseUrl ? 'PostgreSQL' : 'embedded SQLite',
    seeding: undefined,
    startup: {},
    measuredService: undefined,
    targets: [],
    rebootDrainSeconds: undefined,
    memory: undefined,
    errors: [],
    serviceErrors: undefined,
    runs: [],
  };
  const alternation = new BareAlternation(settings.bare, settings.load, log);
  log(`\n${engine}`);
  try {
    const world = await seedWorld(engine, settings, storage);
    report.seeding = world.seeding;
    const service = await startMeasuredService(engine, settings, storage, report);
    try {
      for (const definition of targetDefinitions(world, settings.bigProjectServers)) {
        // The bare run after the reboots must not share the machine with reboots still under way.
        let drained = true;
        const settle =
          definition.id === 'reboot'
            ? async () => {
                report.rebootDrainSeconds = await secondsUntilActionsFinish(service, world);
                drained = report.rebootDrainSeconds !== undefined;
                log(drained ? `    reboots all finished ${report.rebootDrainSeconds!.toFixed(1)} s after the run` : `    reboots still running ${DRAIN_BOUND_MS / 1000} s after the run`);
              }
            : undefined;
        const target = await measureTarget(alternation, definition, [definition.load(service)], settle);
        if (!drained) target.problems.push(`reboots still running ${DRAIN_BOUND_MS / 1000} s after the run`);
        report.targets.push(target);
      }
      try {
        report.targets.push(...(await measureReferences(engine, settings, storage, alternation, world)));
      } catch (error) {
        report.errors.push(`reference: ${message(error)}`);
      }
      if (engine === 'postgres') {
        try {
          report.targets.push(...(await measureTwoProcesses(engine, settings, storage, alternation, service, world)));
        } catch (error) {
          report.errors.push(`two processes: ${message(error)}`);
        }
      }
      const processes = treeMemory(service.child.process.pid!);
      report.memory = { processes, totalMb: Number((processes.reduce((sum, entry) => sum + entry.rssKb, 0) / 1024).toFixed(1)) };
      log(`  resident memory of the ${report.measuredService} tree after the bench: ${report.memory.totalMb.toFixed(0)} MB (${processes.map((entry) => `${entry.command.split(' ')[0]!.split('/').at(-1)} ${(entry.rssKb / 1024).toFixed(0)}`).join(', ')})`);
    } finally {
      await stop(service.child);
    }
  } catch (error) {
    report.errors.push(message(error));
    log(`  ${engine} stopped: ${message(error)}`);
  } finally {
    report.runs = alternation.runs;
    if (report.errors.length > 0 || report.targets.some((target) => target.problems.length > 0)) {
      const logs = fs.readdirSync(storage.dataDir).filter((file) => file.endsWith('.log'));
      report.serviceErrors = [...new Set((await Promise.all(logs.map((file) => loggedErrors(path.join(storage.dataDir, file))))).flat())];
    }
    fs.rmSync(storage.dataDir, { recursive: true, force: true });
  }
  return report;
}
