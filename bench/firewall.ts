// `npm run bench:firewall`: the firewall's two costs (issue 5).
// 1. Compile: one server's ruleset from 10 groups × 100 rules, in-process.
// 2. Propagation: one rule change to 1,000 attached servers, on a real `serve`
//    child on embedded SQLite, timed from the PATCH's answer until every
//    server's applied_generation equals its generation (operator API).
// Prints a table, writes bench/results/firewall.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { compileRuleset } from '../src/modules/firewall/nft-compiler.ts';
import type { EffectiveGroup, FirewallRule, Protocol } from '../src/modules/firewall/firewall.types.ts';
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
const CATCH_UP_BOUND_MS = 5 * 60_000;

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

async function benchPropagation() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-bench-fw-'));
  const [port, legacyPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    LEGACY_PORT: String(legacyPort),
    CLOUDPLANE_ADMIN_TOKEN: adminToken,
    CLOUDPLANE_TEST_CLOCK: '',
    CLOUDPLANE_SIM_SCALE: '0.001',
    LOG_LEVEL: 'warn',
  };
  try {
    const { child } = await startNode('cloudplane (sqlite)', ['src/cli/main.ts', 'serve'], { cwd: root, env, ready: /demo API key\s+(\S+)/ });
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

      // The change: the one rule's port. Every server's generation must move past what it had.
      const patchStarted = performance.now();
      await call(base, token, 'PATCH', `/api/v1/projects/${slug}/firewall-groups/${group.id}/rules/${rule.id}/`, { port_min: 8080 }, 200);
      const patchAnswered = performance.now();
      const floors = new Map([...initial.generations].map(([id, generation]) => [id, generation + 1]));
      const change = await waitCaughtUp(base, serverIds, floors, CATCH_UP_BOUND_MS);
      // Check that the new port is what the servers run (one sample).
      const sample = await call<{ ruleset: string }>(base, adminToken, 'GET', `/admin/v1/servers/${serverIds[serverIds.length - 1]}/firewall`, undefined, 200);
      if (!sample.ruleset.includes('8080')) throw new Error('the caught-up ruleset does not contain the new port 8080');
      return {
        engine: 'sqlite',
        servers: serverIds.length,
        seedSeconds: world.seeding.seconds,
        attachSeconds,
        initialCatchUpSeconds: initial.seconds,
        patchMs: patchAnswered - patchStarted,
        catchUpSeconds: change.seconds,
        serversPerSecond: serverIds.length / change.seconds,
        pollSweeps: change.sweeps,
        pollConcurrency: POLL_CONCURRENCY,
      };
    } finally {
      await stop(child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const runStarted = performance.now();
  console.log(`cloudplane firewall bench: node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}`);
  console.log(`  compiling ${GROUPS} groups × ${RULES_PER_GROUP} rules, ${COMPILE_ITERATIONS} times`);
  const compile = benchCompile();
  const propagation = await benchPropagation();
  const runSeconds = (performance.now() - runStarted) / 1000;

  const line = (a: string, b: string) => `${a.padEnd(48)}${b.padStart(16)}`;
  console.log(`\n${line('measure', 'value')}`);
  console.log(line(`compile ${GROUPS}×${RULES_PER_GROUP} rules, mean`, `${compile.meanMs.toFixed(3)} ms`));
  console.log(line(`compile ${GROUPS}×${RULES_PER_GROUP} rules, p99`, `${compile.p99Ms.toFixed(3)} ms`));
  console.log(line('ruleset size', `${compile.rulesetBytes} bytes`));
  console.log(line(`attach group to ${propagation.servers} servers (PUT ×${ATTACH_CONCURRENCY})`, `${propagation.attachSeconds.toFixed(2)} s`));
  console.log(line('initial rollout catch-up after last PUT', `${propagation.initialCatchUpSeconds.toFixed(2)} s`));
  console.log(line('PATCH rule answered in', `${propagation.patchMs.toFixed(1)} ms`));
  console.log(line(`1 rule change → ${propagation.servers} servers caught up`, `${propagation.catchUpSeconds.toFixed(2)} s`));
  console.log(line('propagation throughput', `${propagation.serversPerSecond.toFixed(1)} servers/s`));
  console.log(`run time ${runSeconds.toFixed(1)} s`);

  const out = path.join(root, 'bench', 'results', 'firewall.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg()[0], runSeconds, compile, propagation }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(root, out)}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
