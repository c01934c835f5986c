// `npm run bench:firewall`: the firewall's two costs (issues 5 and 14).
// 1. Compile: one server's ruleset from 10 groups × 100 rules, in-process.
// 2. Propagation: one rule change to 1,000 attached servers, on a real `serve`
//    child, once on embedded SQLite and once on PostgreSQL, timed from the
//    PATCH's answer until every server's applied generation equals its
//    generation. Target: ≤ 1 s on each engine, judged on the first figure
//    below. Timed twice, one change each:
//    - in the database: the bench reads the servers' generations and the
//      built-in controller's applied ones every few milliseconds (one query,
//      no HTTP), so the figure is when the last server caught up, give or
//      take a few milliseconds;
//    - through the operator API, as a client would see it: each server's
//      GET /admin/v1/servers/{id}/firewall until all agree. A sweep over
//      1,000 servers has a cost of its own (printed: one sweep with nothing
//      to wait for; seconds on a busy 2-core machine), and this figure is
//      never below one sweep.
// PostgreSQL: the server at BENCH_DATABASE_URL, else the throwaway one
// scripts/test-postgres.sh starts (a fresh database either way, dropped
// after). BENCH_FIREWALL_ENGINES=sqlite (or postgres) runs one engine only.
// Prints a table, writes bench/results/firewall.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { compileRuleset } from '../src/upstreams/firewall/nft-compiler.ts';
import type { EffectiveGroup, FirewallRule, Protocol } from '../src/upstreams/firewall/rules.ts';
import { postgresServer, withFreshDatabase } from './postgres.ts';
import { freePort, startNode, stop, stopAll, waitForHttp } from './processes.ts';
import { seedServers } from './seed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminToken = 'bench-operator-token-0123456789';
const GROUPS = 10;
const RULES_PER_GROUP = 100;
const COMPILE_ITERATIONS = 200;
const SERVERS = Number(process.env.BENCH_FIREWALL_SERVERS || 1000);
const SEED_CONCURRENCY = 16;
const ATTACH_CONCURRENCY = 16;
const POLL_CONCURRENCY = 32;
// How often the database is asked how many servers are behind.
const DATABASE_POLL_MS = 2;
const CATCH_UP_BOUND_MS = 5 * 60_000;
const CATCH_UP_TARGET_SECONDS = 1;

type Engine = 'sqlite' | 'postgres';
const ENGINES: Engine[] = (process.env.BENCH_FIREWALL_ENGINES || 'sqlite,postgres').split(',').map((name) => {
  if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_FIREWALL_ENGINES: unknown engine "${name}" (sqlite, postgres)`);
  return name;
});

// ---------- 1. compile ----------

function syntheticGroups(): EffectiveGroup[] {
  const protocols: Protocol[] = ['tcp', 'udp', 'icmp', 'any'];
  let id = 1;
  return Array.from({ length: GROUPS }, (_, g) => {
    const direction = g % 2 === 0 ? 'ingress' : 'egress';
    const rules: FirewallRule[] = Array.from({ length: RULES_PER_GROUP }, (_, r) => {
      const protocol = protocols[r % protocols.length]!;
      const ported = protocol === 'tcp' || protocol === 'udp';
      const portMin = ported ? 1 + ((g * RULES_PER_GROUP + r) * 37) % 60000 : null;
      const portMax = ported && r % 3 === 0 ? portMin! + 100 : null;
      // A mix: IPv4 networks, IPv6 networks, single addresses, and "any".
      const kind = r % 5;
      const cidr =
        kind === 0 ? null
        : kind === 1 ? `10.${g}.${r}.0/24`
        : kind === 2 ? `2001:db8:${g.toString(16)}:${r.toString(16)}::/64`
        : kind === 3 ? `192.0.2.${r % 256}/32`
        : `2001:db8::${(g * RULES_PER_GROUP + r).toString(16)}/128`;
      return {
        id: id++,
        protocol,
        port_min: portMin,
        port_max: portMax,
        source_cidr: direction === 'ingress' ? cidr : null,
        destination_cidr: direction === 'egress' ? cidr : null,
        priority: 1 + r,
        comment: null,
      };
    });
    return { id: g + 1, direction, rules };
  });
}

function benchCompile() {
  const groups = syntheticGroups();
  const serverId = '0123456789abcdef';
  let ruleset = '';
  for (let i = 0; i < 20; i++) ruleset = compileRuleset(serverId, i + 1, groups); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < COMPILE_ITERATIONS; i++) {
    const started = performance.now();
    ruleset = compileRuleset(serverId, 100 + i, groups);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  return {
    groups: GROUPS,
    rulesPerGroup: RULES_PER_GROUP,
    iterations: COMPILE_ITERATIONS,
    meanMs: mean,
    p50Ms: samples[Math.floor(samples.length * 0.5)]!,
    p99Ms: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.99) - 1)]!,
    maxMs: samples[samples.length - 1]!,
    rulesetBytes: Buffer.byteLength(ruleset),
    rulesetLines: ruleset.split('\n').length,
  };
}

// ---------- 2. propagation ----------

async function call<T>(base: string, token: string, method: string, urlPath: string, body: unknown, expected: number): Promise<T> {
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${urlPath}: HTTP ${response.status}, expected ${expected}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Polls every server until applied_generation == generation (≥ minGeneration each); returns seconds and the number of full sweeps. */
async function waitCaughtUp(base: string, ids: string[], minGeneration: Map<string, number> | null, boundMs: number) {
  const started = performance.now();
  let pending = [...ids];
  let sweeps = 0;
  const generations = new Map<string, number>();
  while (pending.length > 0) {
    if (performance.now() - started > boundMs) throw new Error(`${pending.length} of ${ids.length} servers not caught up after ${boundMs / 1000} s`);
    sweeps++;
    const still: string[] = [];
    await pool(pending, POLL_CONCURRENCY, async (id) => {
      const row = await call<{ generation: number; applied_generation: number }>(base, adminToken, 'GET', `/admin/v1/servers/${id}/firewall`, undefined, 200);
      const floor = minGeneration?.get(id) ?? 0;
      if (row.applied_generation === row.generation && row.generation >= floor) generations.set(id, row.generation);
      else still.push(id);
    });
    pending = still;
    if (pending.length > 0) await sleep(50);
  }
  return { seconds: (performance.now() - started) / 1000, sweeps, generations };
}

/**
 * Counts, straight from the database, the servers with `groupId` attached
 * whose applied generation (the built-in controller's table) is behind their
 * firewall generation. Read-only, and one query, so watching costs the
 * server under test next to nothing.
 */
interface BehindCounter {
  behind(groupId: number): Promise<number>;
  close(): Promise<void>;
}

const BEHIND_SQL = `
  select count(*) as behind
  from server_firewall_groups attached
  join servers on servers.id = attached.server_id
  left join firewall_applied applied on applied.server_id = attached.server_id
  where attached.group_id = $1 and (applied.generation is null or applied.generation < servers.firewall_generation)`;

async function openBehindCounter(engine: Engine, dataDir: string, databaseUrl: string): Promise<BehindCounter> {
  if (engine === 'sqlite') {
    const database = new SqliteDatabase(path.join(dataDir, 'cloudplane.db'), { readonly: true, fileMustExist: true });
    database.pragma('busy_timeout = 5000');
    const statement = database.prepare(BEHIND_SQL.replace('$1', '?'));
    return {
      behind: async (groupId) => Number((statement.get(groupId) as { behind: number }).behind),
      close: async () => {
        database.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    behind: async (groupId) => Number((await client.query<{ behind: string }>(BEHIND_SQL, [groupId])).rows[0]!.behind),
    close: () => client.end(),
  };
}

/** Seconds until no server of the group is behind, asked every DATABASE_POLL_MS; and how many times it asked. */
async function waitCaughtUpInDatabase(counter: BehindCounter, groupId: number, boundMs: number) {
  const started = performance.now();
  let queries = 0;
  for (;;) {
    queries++;
    const behind = await counter.behind(groupId);
    if (behind === 0) return { seconds: (performance.now() - started) / 1000, queries };
    if (performance.now() - started > boundMs) throw new Error(`${behind} servers not caught up after ${boundMs / 1000} s`);
    await sleep(DATABASE_POLL_MS);
  }
}

export interface PropagationResult {
  engine: Engine;
  servers: number;
  seedSeconds: number;
  attachSeconds: number;
  initialCatchUpSeconds: number;
  /** The first change: answer time of its PATCH, and seconds from that answer until the database shows every server caught up. */
  patchMs: number;
  catchUpSeconds: number;
  serversPerSecond: number;
  databasePolls: number;
  /** The second change: the same, seen through the operator API (one GET per server per sweep). */
  apiPatchMs: number;
  apiObservedCatchUpSeconds: number;
  pollSweeps: number;
  /** One sweep over every server when all are caught up already: the cost of looking, with nothing to wait for. */
  idleSweepSeconds: number;
  pollConcurrency: number;
}

/** One `serve` child on a fresh data directory and `databaseUrl` (empty: embedded SQLite). */
async function benchPropagation(engine: Engine, databaseUrl: string): Promise<PropagationResult> {
  console.log(`propagation on ${engine}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-bench-fw-'));
  const [port, legacyPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl, // empty means embedded SQLite, even if the caller's shell sets one
    PORT: String(port),
    LEGACY_PORT: String(legacyPort),
    CLOUDPLANE_ADMIN_TOKEN: adminToken,
    CLOUDPLANE_TEST_CLOCK: '',
    CLOUDPLANE_SIM_SCALE: '0.001',
    LOG_LEVEL: 'warn',
  };
  try {
    const { child } = await startNode(`cloudplane (${engine})`, ['src/cli/main.ts', 'serve'], { cwd: root, env, ready: /demo API key\s+(\S+)/ });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForHttp(`${base}/healthz`);
      console.log(`  seeding ${SERVERS} servers through the operator API, ${SEED_CONCURRENCY} at a time`);
      const world = await seedServers(base, adminToken, { big: SERVERS, small: 0, concurrency: SEED_CONCURRENCY, log: console.log });
      const { token } = world;
      const { slug, serverIds } = world.big;
      console.log(`  seeded in ${world.seeding.seconds.toFixed(1)} s`);

      const group = await call<{ id: number }>(base, token, 'POST', `/api/v1/projects/${slug}/firewall-groups/`, { name: 'bench-web', direction: 'ingress' }, 201);
      const rule = await call<{ id: number }>(base, token, 'POST', `/api/v1/projects/${slug}/firewall-groups/${group.id}/rules/`, { protocol: 'tcp', port_min: 80, source_cidr: '198.51.100.0/24' }, 201);

      const attachStarted = performance.now();
      await pool(serverIds, ATTACH_CONCURRENCY, async (id) => {
        await call(base, token, 'PUT', `/api/v1/projects/${slug}/servers/${id}/firewall-groups/`, { firewall_groups: [group.id] }, 200);
      });
      const attachSeconds = (performance.now() - attachStarted) / 1000;
      console.log(`  attached to ${serverIds.length} servers in ${attachSeconds.toFixed(1)} s; waiting for the initial rollout`);
      const initial = await waitCaughtUp(base, serverIds, null, CATCH_UP_BOUND_MS);
      console.log(`  initial rollout caught up ${initial.seconds.toFixed(2)} s after the last PUT`);

      // Two changes of the one rule's port; every server's generation moves past what it had each time.
      const patchRule = async (port: number) => {
        const started = performance.now();
        await call(base, token, 'PATCH', `/api/v1/projects/${slug}/firewall-groups/${group.id}/rules/${rule.id}/`, { port_min: port }, 200);
        return performance.now() - started;
      };
      const runsPort = async (port: number) => {
        // The first and the last placed run the changed rule, each in its own table.
        for (const id of [serverIds[0]!, serverIds[serverIds.length - 1]!]) {
          const sample = await call<{ ruleset: string }>(base, adminToken, 'GET', `/admin/v1/servers/${id}/firewall`, undefined, 200);
          if (!sample.ruleset.includes(`tcp dport ${port}`) || !sample.ruleset.includes(`cloudplane_${id}`)) throw new Error(`server ${id}: the caught-up ruleset is not the changed rule's (port ${port}), for this server`);
        }
      };

      // Change 1, watched in the database.
      const counter = await openBehindCounter(engine, dataDir, databaseUrl);
      const patchMs = await patchRule(8080).catch(async (error: unknown) => {
        await counter.close();
        throw error;
      });
      const inDatabase = await waitCaughtUpInDatabase(counter, group.id, CATCH_UP_BOUND_MS).finally(() => counter.close());
      console.log(`  change 1: caught up on ${serverIds.length} servers ${inDatabase.seconds.toFixed(3)} s after the PATCH answered (database, ${inDatabase.queries} queries)`);
      await runsPort(8080);

      // A sweep with nothing left to propagate: what one look at every server costs, the floor of the API-observed figure.
      const idleSweep = await waitCaughtUp(base, serverIds, null, CATCH_UP_BOUND_MS);
      console.log(`  one sweep of ${serverIds.length} GETs with nothing to wait for: ${idleSweep.seconds.toFixed(2)} s`);

      // Change 2, watched through the operator API.
      const floors = new Map([...idleSweep.generations].map(([id, generation]) => [id, generation + 1]));
      const apiPatchMs = await patchRule(8081);
      const throughApi = await waitCaughtUp(base, serverIds, floors, CATCH_UP_BOUND_MS);
      console.log(`  change 2: caught up on ${serverIds.length} servers ${throughApi.seconds.toFixed(2)} s after the PATCH answered (operator API, ${throughApi.sweeps} sweep(s))`);
      await runsPort(8081);
      return {
        engine,
        servers: serverIds.length,
        seedSeconds: world.seeding.seconds,
        attachSeconds,
        initialCatchUpSeconds: initial.seconds,
        patchMs,
        catchUpSeconds: inDatabase.seconds,
        serversPerSecond: serverIds.length / inDatabase.seconds,
        databasePolls: inDatabase.queries,
        apiPatchMs,
        apiObservedCatchUpSeconds: throughApi.seconds,
        pollSweeps: throughApi.sweeps,
        idleSweepSeconds: idleSweep.seconds,
        pollConcurrency: POLL_CONCURRENCY,
      };
    } finally {
      await stop(child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface FirewallBenchReport {
  date: string;
  node: string;
  cpus: number;
  loadAverage: number;
  runSeconds: number;
  compile: ReturnType<typeof benchCompile>;
  /** One entry per engine run, in ENGINES order. */
  propagation: PropagationResult[];
  verdicts: { target: string; engine: Engine; threshold: number; value: number; pass: boolean; text: string }[];
}

/** The whole firewall bench: prints its table and writes bench/results/firewall.json; answers the report. */
export async function benchFirewall(): Promise<FirewallBenchReport> {
  const runStarted = performance.now();
  const loadAverage = os.loadavg()[0]!;
  console.log(`cloudplane firewall bench: node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage.toFixed(2)}, engines ${ENGINES.join(', ')}`);
  console.log(`  compiling ${GROUPS} groups × ${RULES_PER_GROUP} rules, ${COMPILE_ITERATIONS} times`);
  const compile = benchCompile();
  const propagation: PropagationResult[] = [];
  for (const engine of ENGINES) {
    if (engine === 'sqlite') {
      propagation.push(await benchPropagation('sqlite', ''));
      continue;
    }
    const server = await postgresServer(root);
    try {
      propagation.push(await withFreshDatabase(server.url, (url) => benchPropagation('postgres', url)));
    } finally {
      server.release();
    }
  }
  const runSeconds = (performance.now() - runStarted) / 1000;

  const line = (a: string, b: string) => `${a.padEnd(56)}${b.padStart(16)}`;
  console.log(`\n${line('measure', 'value')}`);
  console.log(line(`compile ${GROUPS}×${RULES_PER_GROUP} rules, mean`, `${compile.meanMs.toFixed(3)} ms`));
  console.log(line(`compile ${GROUPS}×${RULES_PER_GROUP} rules, p99`, `${compile.p99Ms.toFixed(3)} ms`));
  console.log(line('ruleset size', `${compile.rulesetBytes} bytes`));
  for (const result of propagation) {
    const on = (text: string) => `${result.engine}: ${text}`;
    console.log(line(on(`attach group to ${result.servers} servers (PUT ×${ATTACH_CONCURRENCY})`), `${result.attachSeconds.toFixed(2)} s`));
    console.log(line(on('initial rollout catch-up after last PUT'), `${result.initialCatchUpSeconds.toFixed(2)} s`));
    console.log(line(on('PATCH rule answered in'), `${result.patchMs.toFixed(1)} ms`));
    console.log(line(on(`1 rule change → ${result.servers} servers caught up`), `${result.catchUpSeconds.toFixed(3)} s`));
    console.log(line(on('propagation throughput'), `${result.serversPerSecond.toFixed(0)} servers/s`));
    console.log(line(on(`the same, seen through the operator API`), `${result.apiObservedCatchUpSeconds.toFixed(2)} s`));
    console.log(line(on(`  (one sweep of ${result.servers} GETs, nothing to wait for)`), `${result.idleSweepSeconds.toFixed(2)} s`));
  }
  // The target is on the event (every server's applied generation caught up), so it is judged on the
  // database figure; the API-observed one adds a sweep of GETs, shown above for a client's view.
  const verdicts = propagation.map((result) => {
    const pass = result.catchUpSeconds <= CATCH_UP_TARGET_SECONDS;
    return {
      target: 'firewall_change_catch_up_seconds',
      engine: result.engine,
      threshold: CATCH_UP_TARGET_SECONDS,
      value: result.catchUpSeconds,
      pass,
      text: `1 rule change reaches ${result.servers} servers in ≤ ${CATCH_UP_TARGET_SECONDS} s on ${result.engine} (${result.catchUpSeconds.toFixed(3)} s): ${pass ? 'PASS' : 'FAIL'}`,
    };
  });
  console.log(`\n${verdicts.map((verdict) => verdict.text).join('\n')}`);
  console.log(`run time ${runSeconds.toFixed(1)} s`);

  const report: FirewallBenchReport = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAverage, runSeconds, compile, propagation, verdicts };
  const out = path.join(root, 'bench', 'results', 'firewall.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`wrote ${path.relative(root, out)}`);
  return report;
}

// Run alone (`npm run bench:firewall`), or imported by another bench that calls benchFirewall().
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchFirewall()
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => stopAll());
}
