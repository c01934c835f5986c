// One engine's part of the bench, on one seeded world:
// 1. a first `serve` on empty storage; the world is seeded through its
//    operator API (the placement figures; on PostgreSQL then placements on
//    it and on a second process alternated, bench/placements.ts), then it stops;
// 2. restarts on the populated storage, timed from spawn to the first 200 of
//    /healthz: the direct command, then `npm start`;
// 3. the targets, on the `npm start` service (a clean start), each between
//    two runs of the bare Fastify route, beside the references
//    (bench/reference-route.ts) in a process of their own: the issue's
//    hand-written ceiling of each hot path on the same data, first checked to
//    answer what the service answers, byte for byte. Each read and its ceiling
//    alternate READ_ROUNDS times; the reboot and its ceiling are measured as
//    finished actions a second; and the bare route plus one read of the same
//    storage says what any route that reads it can reach here;
// 4. PostgreSQL only: the same reads on two `serve` processes at once;
// 5. the resident memory of the `npm start` process tree, after all that.
// A failure stops only what depends on it; it is recorded and the verdicts
// it touches fail.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Options as AutocannonOptions } from 'autocannon';
import { BareAlternation, warmUpProcess, type BareRoute, type Load, type LoadSettings, type RunRecord } from './load.ts';
import { freePort, startNode, stop, treeMemory, type ProcessMemory } from './processes.ts';
import { BENCH_PLACEMENT_ROUNDS, BENCH_PLACEMENTS_PER_RUN, placementsOnTwoProcesses } from './placements.ts';
import { RebootRotation, type RotationSend } from './reboot-rotation.ts';
import { seedServers, type Seeding, type ServersWorld } from './seed.ts';
import { loggedErrors, npmStartRuntime, startService, ADMIN_TOKEN, type RunningService, type ServiceCommand, type ServiceStorage } from './service.ts';

export type Engine = 'sqlite' | 'postgres';
export const PAGE_SIZE = 50;
/** Each read and its ceiling are measured this many times, alternately; their shares' median is the figure. */
export const READ_ROUNDS = 3;
export const SMALL_PROJECT_SERVERS = 100;
const SEED_CONCURRENCY = 16;
/** How long the worker may take to finish the reboots a run of the service started. */
const DRAIN_BOUND_MS = 120_000;
/**
 * The same after the reboot's ceiling: it starts thousands a second on
 * PostgreSQL, several times what the worker finishes, so tens of thousands
 * can be waiting after its run.
 */
const CEILING_DRAIN_BOUND_MS = 300_000;

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
  | 'ceiling_me'
  | 'ceiling_server_get'
  | 'ceiling_products'
  | 'ceiling_small_last_page'
  | 'ceiling_big_last_page'
  | 'ceiling_legacy_servers'
  | 'ceiling_reboot';

/** The service's targets that have a hand-written ceiling (bench/reference-route.ts), and its target id. */
export const CEILING_OF = {
  me: 'ceiling_me',
  server_get: 'ceiling_server_get',
  products: 'ceiling_products',
  small_last_page: 'ceiling_small_last_page',
  big_last_page: 'ceiling_big_last_page',
  legacy_servers: 'ceiling_legacy_servers',
  reboot: 'ceiling_reboot',
} as const satisfies Partial<Record<TargetId, TargetId>>;
export type CeiledTargetId = keyof typeof CEILING_OF;

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
  /** A ceiling's: how its answer compared with the service's before the load (a mismatch is also one of its problems). */
  byteCheck?: string;
  /**
   * A read measured in rounds (READ_ROUNDS, each beside the same round of its
   * ceiling or its service): each round's figures, in order. The figures
   * above are then the rounds' medians, and its share is the median of the
   * rounds' shares.
   */
  rounds?: { requestsPerSecond: number; p99Ms: number; ratio: number }[];
  /**
   * A reboot run's: seconds from the end of its run until the worker had
   * finished every action it started, and the actions it started a second of
   * that whole time (202 answers ÷ (run + drain)): what the reboot's share is
   * taken of, so a ceiling that leaves its work to the worker pays for it too.
   */
  drainSeconds?: number;
  finishedPerSecond?: number;
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
  /**
   * Run last on the engine's seeded storage, once the measured service has
   * stopped (bench/run.ts measures issue 47's day there: it moves the clock
   * and writes rows, so nothing may come after it).
   */
  last?: (context: { engine: Engine; storage: ServiceStorage; world: ServersWorld }) => Promise<void>;
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

/**
 * The Host every page request sends, to the service and to its ceiling alike:
 * a page's links are built from it, and the two listen on different ports.
 */
const PAGE_HOST = 'cloudplane.bench';

function lastPageTarget(id: TargetId, project: ServersWorld['big'], servers: number): TargetDefinition {
  const page = lastPage(servers);
  const expected = servers - PAGE_SIZE * (page - 1);
  return {
    id,
    label: `GET …/servers/?page=${page}&page_size=${PAGE_SIZE} of ${servers}`,
    load: (service) => ({
      url: `${service.base}/api/v1/projects/${project.slug}/servers/?page=${page}&page_size=${PAGE_SIZE}`,
      headers: { ...bearer(project.token), host: PAGE_HOST },
      expectedStatus: 200,
    }),
    wrongAnswer: (body) => {
      const answer = body as { count?: number; results?: unknown[] };
      return answer.count === servers && answer.results?.length === expected ? undefined : `expected ${expected} of ${servers} servers, got ${answer.results?.length} of ${answer.count}`;
    },
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Idempotency keys sent so far by this process: each reboot sends a new one, whichever rotation and process it goes to. */
let idempotencyKeys = 0;
const freshIdempotencyKey = () => `${process.pid}-${++idempotencyKeys}`;

/**
 * Reboots, each on the next server of the rotation (bench/reboot-rotation.ts):
 * one running action per server is the rule, so the rotation sends to a
 * server only once it has seen its last reboot finish, when it is given a
 * reader of the database to see it with, and goes round the servers in turn
 * when it is not (the main target: its rotation is the big project, longer
 * than a run reaches). Each sends a fresh Idempotency-Key, as clients do
 * (the service then records it too).
 */
export function rotatingReboots(slug: string, serverIds: string[], rotation = new RebootRotation(serverIds)): AutocannonOptions['requests'] {
  return [
    {
      method: 'POST',
      setupRequest: (request, context: { send?: RotationSend }) => {
        const send = rotation.next();
        context.send = send;
        return {
          ...request,
          path: `/api/v1/projects/${slug}/servers/${send.serverId}/actions/reboot/`,
          headers: { ...request.headers, 'idempotency-key': freshIdempotencyKey() },
        };
      },
      onResponse: (status, _body, context: { send?: RotationSend }) => {
        if (context.send) rotation.answered(context.send, status);
      },
    },
  ];
}

/**
 * The big project's servers the reboots go round: all but the two kept out
 * of the rotation for the byte check of the reboot's ceiling (one for the
 * service's probe, one for the ceiling's: one running action per server). A
 * run must not come back to a server before the worker has finished its last
 * reboot (else 409): the ceiling starts reboots faster than the worker
 * finishes them, so the rotation is as long as the project, enough for a
 * warm-up and a run of 10 s at several thousand a second with 100,000
 * servers (a short run on a small project can come back: its 409s then fail
 * the reboot's verdicts).
 */
function rebootServers(world: ServersWorld): { rotation: string[]; probes: [string, string] } {
  const ids = world.big.serverIds;
  return { rotation: ids.slice(0, -2), probes: [ids.at(-2)!, ids.at(-1)!] };
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
      label: `POST …/actions/reboot/ over ${rebootServers(world).rotation.length} servers`,
      load: (service) => ({ url: service.base, headers: bearer(big.token), requests: rotatingReboots(big.slug, rebootServers(world).rotation), expectedStatus: 202 }),
    },
  ];
}

/** An answer as bytes, with what the byte check compares besides them. */
export interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * One request through node:http rather than fetch: fetch will not send a
 * Host header of the caller's (the page targets send one).
 */
export function requestAnswer(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within 30 s`)));
    request.on('error', reject);
    request.end();
  });
}

/** One request before the load: the status and the answer must be the right ones, or the load would measure a fast error. */
async function wrongAnswerOf(definition: Pick<TargetDefinition, 'wrongAnswer'>, load: Load): Promise<string | undefined> {
  if (!definition.wrongAnswer) return undefined;
  try {
    const answer = await requestAnswer(load.url, { headers: load.headers });
    const text = answer.body.toString('utf8');
    if (answer.status !== load.expectedStatus) return `probe: HTTP ${answer.status} (expected ${load.expectedStatus}): ${text.slice(0, 300)}`;
    const wrong = definition.wrongAnswer(JSON.parse(text));
    return wrong === undefined ? undefined : `probe: ${wrong}`;
  } catch (error) {
    return `probe: ${(error as Error).message}`;
  }
}

/** Where two texts first differ, with 80 characters either side of each. */
function firstDifference(service: Buffer, ceiling: Buffer): string {
  let offset = 0;
  while (offset < service.length && offset < ceiling.length && service[offset] === ceiling[offset]) offset++;
  const around = (bytes: Buffer) => JSON.stringify(bytes.subarray(Math.max(0, offset - 80), offset + 80).toString('utf8'));
  return `bodies differ at byte ${offset} (service ${service.length} bytes, ceiling ${ceiling.length}): service …${around(service)}… ceiling …${around(ceiling)}…`;
}

/**
 * The ceiling's answer against the service's: the status, the content type
 * and the body as bytes. `masked`: fields whose values must differ (the
 * reboot's action id and time), set to the same placeholder in both before
 * comparing; the keys, their order and every other value must still match.
 * A description of the difference, or undefined when there is none.
 */
export function answerDifference(service: Answer, ceiling: Answer, masked: readonly string[] = []): string | undefined {
  if (service.status !== ceiling.status) return `status ${ceiling.status}, the service's ${service.status}: ${ceiling.body.toString('utf8').slice(0, 200)}`;
  if (service.contentType !== ceiling.contentType) return `content-type "${ceiling.contentType}", the service's "${service.contentType}"`;
  let [left, right] = [service.body, ceiling.body];
  if (masked.length > 0) {
    const mask = (body: Buffer) => {
      const value = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      for (const path of masked) {
        const keys = path.split('.');
        let holder: Record<string, unknown> | undefined = value;
        for (const key of keys.slice(0, -1)) holder = holder?.[key] as Record<string, unknown> | undefined;
        if (holder && keys.at(-1)! in holder) holder[keys.at(-1)!] = '(masked)';
      }
      return Buffer.from(JSON.stringify(value));
    };
    try {
      [left, right] = [mask(left), mask(right)];
    } catch (error) {
      return `not JSON: ${(error as Error).message}`;
    }
  }
  return left.equals(right) ? undefined : firstDifference(left, right);
}

/** The loads of the read targets (every target but the reboot, which would start actions) at `addresses`, to warm a process with. */
function readLoads(world: ServersWorld, settings: EngineSettings, addresses: ServiceAddresses): Load[] {
  return targetDefinitions(world, settings.bigProjectServers)
    .filter((definition) => definition.id !== 'reboot')
    .map((definition) => definition.load(addresses));
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
export async function secondsUntilActionsFinish(service: RunningService, world: ServersWorld, boundMs = DRAIN_BOUND_MS): Promise<number | undefined> {
  const started = performance.now();
  const url = `${service.base}/api/v1/projects/${world.big.slug}/actions/?status=running&page_size=1`;
  while (performance.now() - started < boundMs) {
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
    // The scale-out of placements: this process and a second one on the same database, in projects of their own.
    if (engine === 'postgres') {
      seeding.twoProcesses = await placementsOnTwoProcesses(settings.service, storage, service.base, { servers: BENCH_PLACEMENTS_PER_RUN, rounds: BENCH_PLACEMENT_ROUNDS, hosts: 0, log });
      const { onePerSecond, twoPerSecond, factor } = seeding.twoProcesses;
      if (factor !== undefined) log(`  placements: one process ${onePerSecond!.toFixed(0)}/s, two ${twoPerSecond!.toFixed(0)}/s (×${factor.toFixed(2)})`);
    }
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
 * The byte check of a ceiling, before its load: the same request to the
 * service and to the ceiling, the answers compared as bytes. The reboot
 * starts an action on each, on two servers kept out of the rotation, and its
 * bodies are compared with the fields that must differ masked: the action's
 * id and started_at, and resource.id (the two servers).
 */
async function ceilingByteCheck(definition: TargetDefinition, service: RunningService, ceiling: ServiceAddresses, world: ServersWorld): Promise<{ problem?: string; result: string }> {
  try {
    if (definition.id === 'reboot') {
      const masked = ['id', 'started_at', 'resource.id'];
      const [servicesServer, ceilingsServer] = rebootServers(world).probes;
      const reboot = (base: string, serverId: string) =>
        requestAnswer(`${base}/api/v1/projects/${world.big.slug}/servers/${serverId}/actions/reboot/`, {
          method: 'POST',
          headers: { ...bearer(world.big.token), 'idempotency-key': freshIdempotencyKey() },
        });
      const [fromService, fromCeiling] = [await reboot(service.base, servicesServer), await reboot(ceiling.base, ceilingsServer)];
      const difference = answerDifference(fromService, fromCeiling, masked);
      if (difference === undefined && fromService.status !== 202) return { problem: `byte check: both answered ${fromService.status}`, result: `both answered ${fromService.status}` };
      return difference === undefined
        ? { result: `identical but for ${masked.join(', ')} (${fromService.body.length} bytes)` }
        : { problem: `byte check: ${difference}`, result: difference };
    }
    const [serviceLoad, ceilingLoad] = [definition.load(service), definition.load(ceiling)];
    const [fromService, fromCeiling] = [await requestAnswer(serviceLoad.url, { headers: serviceLoad.headers }), await requestAnswer(ceilingLoad.url, { headers: ceilingLoad.headers })];
    const difference = answerDifference(fromService, fromCeiling);
    if (difference === undefined && fromService.status !== serviceLoad.expectedStatus) return { problem: `byte check: both answered ${fromService.status}`, result: `both answered ${fromService.status}` };
    return difference === undefined ? { result: `identical (${fromService.body.length} bytes)` } : { problem: `byte check: ${difference}`, result: difference };
  } catch (error) {
    return { problem: `byte check: ${message(error)}`, result: message(error) };
  }
}

/** The references' process (bench/reference-route.ts) on the service's storage, warmed on every read. */
interface ReferenceProcess {
  addresses: ServiceAddresses;
  stop: () => Promise<void>;
}

async function startReference(engine: Engine, settings: EngineSettings, storage: ServiceStorage, world: ServersWorld): Promise<ReferenceProcess> {
  const port = await freePort();
  const storageEnv = engine === 'postgres' ? { REFERENCE_DATABASE_URL: storage.databaseUrl } : { REFERENCE_SQLITE_FILE: path.join(storage.dataDir, 'cloudplane.db') };
  const runtime = npmStartRuntime(settings.service.npmStart);
  const env = { ...process.env, ...runtime.env, ...storageEnv, PORT: String(port), REFERENCE_LOG_FILE: path.join(storage.dataDir, `reference-${engine}.log`) };
  const { child } = await startNode(`reference (${engine})`, ['bench/reference-route.ts'], { cwd: settings.root, env, ready: /listening/, nodeFlags: runtime.nodeFlags });
  const addresses: ServiceAddresses = { base: `http://127.0.0.1:${port}`, legacyBase: `http://127.0.0.1:${port}` };
  try {
    await warmUpProcess(readLoads(world, settings, addresses), settings.load);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { addresses, stop: () => stop(child) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Several runs of one target as one result: the medians of their figures, each round kept, every problem of any. */
function combinedRounds(definition: Pick<TargetDefinition, 'id' | 'label'>, rounds: TargetResult[]): TargetResult {
  const problems = rounds.flatMap((round, index) => round.problems.map((problem) => `round ${index + 1}: ${problem}`));
  const measured = rounds.filter((round) => round.requestsPerSecond !== undefined);
  if (measured.length < rounds.length) return { id: definition.id, label: definition.label, problems };
  const statusCounts: Record<string, number> = {};
  for (const round of measured) for (const [status, count] of Object.entries(round.statusCounts ?? {})) statusCounts[status] = (statusCounts[status] ?? 0) + count;
  return {
    id: definition.id,
    label: definition.label,
    requestsPerSecond: median(measured.map((round) => round.requestsPerSecond!)),
    p99Ms: median(measured.map((round) => round.p99Ms!)),
    requests: measured.reduce((sum, round) => sum + (round.requests ?? 0), 0),
    statusCounts,
    ratio: Number(median(measured.map((round) => round.ratio!)).toPrecision(4)),
    bareBefore: measured[0]!.bareBefore,
    bareAfter: measured.at(-1)!.bareAfter,
    problems,
    rounds: measured.map((round) => ({ requestsPerSecond: round.requestsPerSecond!, p99Ms: round.p99Ms!, ratio: round.ratio! })),
  };
}

/**
 * A read and its ceiling, READ_ROUNDS times each, alternately (service,
 * ceiling, service, …), each run between two bare ones as every target is:
 * a moment of a busy machine then touches one round of each, and the median
 * of the rounds' shares leaves it out. Without a reference process, the
 * service's rounds alone.
 */
async function measureReadWithCeiling(
  alternation: BareAlternation,
  definition: TargetDefinition,
  service: RunningService,
  reference: ReferenceProcess | undefined,
  world: ServersWorld,
  log: (line: string) => void,
): Promise<TargetResult[]> {
  const check = reference ? await ceilingByteCheck(definition, service, reference.addresses, world) : undefined;
  if (check) log(`  byte check of the ceiling of ${definition.label}: ${check.problem ? `MISMATCH: ${check.result}` : check.result}`);
  const ceilingDefinition = { id: CEILING_OF[definition.id as CeiledTargetId], label: `ceiling: ${definition.label}`, wrongAnswer: definition.wrongAnswer };
  const [own, theirs]: [TargetResult[], TargetResult[]] = [[], []];
  for (let round = 0; round < READ_ROUNDS; round++) {
    own.push(await measureTarget(alternation, definition, [definition.load(service)]));
    if (reference) theirs.push(await measureTarget(alternation, ceilingDefinition, [definition.load(reference.addresses)]));
  }
  if (!reference) return [combinedRounds(definition, own)];
  const ceiling = combinedRounds(ceilingDefinition, theirs);
  if (check?.problem) ceiling.problems.unshift(check.problem);
  ceiling.byteCheck = check?.result;
  return [combinedRounds(definition, own), ceiling];
}

/**
 * A reboot run, on the service or on the reboot's ceiling (whose actions
 * the service's worker finishes, as it finishes the service's own): after
 * the warm-up and after the run, the wait until the big project has no
 * running action, so the run starts with no backlog and its figure counts
 * the time its own actions took to finish: finished actions a second.
 */
async function measureReboots(
  alternation: BareAlternation,
  definition: Omit<TargetDefinition, 'load'>,
  load: Load,
  service: RunningService,
  world: ServersWorld,
  settings: Pick<EngineSettings, 'load' | 'log'>,
  boundMs: number,
): Promise<TargetResult> {
  const { log } = settings;
  let drainSeconds: number | undefined;
  let undrained = 0;
  const settle = async () => {
    drainSeconds = await secondsUntilActionsFinish(service, world, boundMs);
    if (drainSeconds === undefined) undrained++;
    log(drainSeconds === undefined ? `    reboots still running ${boundMs / 1000} s after the run` : `    reboots all finished ${drainSeconds.toFixed(1)} s after the run`);
  };
  const target = await measureTarget(alternation, definition, [load], settle);
  if (undrained > 0) target.problems.push(`reboots still running ${boundMs / 1000} s after a run`);
  // Only the 202s started an action: a 409 (the rotation back on a server still rebooting) is already a problem.
  const accepted = target.statusCounts?.['202'];
  if (accepted !== undefined && drainSeconds !== undefined) {
    target.drainSeconds = Number(drainSeconds.toFixed(2));
    target.finishedPerSecond = accepted / (settings.load.seconds + drainSeconds);
  }
  return target;
}

/** PostgreSQL's scale-out figure: the same reads, spread over two `serve` processes on one database. */
async function measureTwoProcesses(engine: Engine, settings: EngineSettings, storage: ServiceStorage, alternation: BareAlternation, first: RunningService, world: ServersWorld) {
  // Started as the first one was (npm start), so the two processes differ in nothing but being two.
  const second = await startService(first.how, `cloudplane ${engine} (second process)`, settings.service, storage);
  try {
    await warmUpProcess(readLoads(world, settings, second), settings.load);
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
      await warmUpProcess(readLoads(world, settings, service), settings.load);
      // The references' process runs beside the service from here on, so each read alternates with its ceiling.
      let reference: ReferenceProcess | undefined;
      try {
        reference = await startReference(engine, settings, storage, world);
      } catch (error) {
        report.errors.push(`reference: ${message(error)}`);
      }
      try {
        const definitions = targetDefinitions(world, settings.bigProjectServers);
        for (const definition of definitions.filter((entry) => entry.id !== 'reboot')) {
          report.targets.push(...(await measureReadWithCeiling(alternation, definition, service, reference, world, log)));
        }
        const reboot = definitions.find((entry) => entry.id === 'reboot')!;
        const serviceReboots = await measureReboots(alternation, reboot, reboot.load(service), service, world, settings, DRAIN_BOUND_MS);
        report.rebootDrainSeconds = serviceReboots.drainSeconds;
        report.targets.push(serviceReboots);
        if (reference) {
          const storageName = engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
          const oneRead = {
            id: 'reference_read' as const,
            label: `reference: bare route + one ${storageName} read`,
            wrongAnswer: (body: unknown) => ((body as { read?: { value?: unknown } }).read?.value === 1 ? undefined : `no read: ${JSON.stringify(body).slice(0, 200)}`),
          };
          report.targets.push(await measureTarget(alternation, oneRead, [{ url: `${reference.addresses.base}/`, expectedStatus: 200 }]));
          const check = await ceilingByteCheck(reboot, service, reference.addresses, world);
          log(`  byte check of the ceiling of ${reboot.label}: ${check.problem ? `MISMATCH: ${check.result}` : check.result}`);
          const ceilingReboots = await measureReboots(alternation, { id: 'ceiling_reboot', label: `ceiling: ${reboot.label}` }, reboot.load(reference.addresses), service, world, settings, CEILING_DRAIN_BOUND_MS);
          if (check.problem) ceilingReboots.problems.unshift(check.problem);
          ceilingReboots.byteCheck = check.result;
          report.targets.push(ceilingReboots);
        }
      } finally {
        await reference?.stop();
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
    await settings.last?.({ engine, storage, world }).catch((error: unknown) => {
      report.errors.push(`the last part: ${message(error)}`);
    });
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
