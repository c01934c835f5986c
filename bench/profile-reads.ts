// What a read costs the service in CPU, beside its hand-written ceiling: the
// process's CPU time (user + system, every thread, /proc/<pid>/stat) per
// request answered under load, which the machine's noise moves less than
// req/s, and optionally a CPU profile of the service under that load.
//
//   npx tsx bench/profile-reads.ts
//
// One seeded world (as the bench seeds it, through the operator API), the
// service run as `npm start` runs it (its node flags and environment), the ceilings of bench/reference-route.ts
// under the same node flags. For each round, each read target on the service,
// then on its ceiling; the medians of the rounds are printed.
//
// PROFILE_TARGETS (me,products): of me, server_get, products and small_last_page.
// PROFILE_SECONDS (8) per run, PROFILE_ROUNDS (3),
// PROFILE_SERVERS (1000) in the big project. PROFILE_DATABASE_URL: a
// PostgreSQL server to make a fresh database on (else embedded SQLite).
// PROFILE_CPU=1: the service and the ceilings run with --cpu-prof (their CPU
// figures then include the profiler's own cost); the profiles are summarised
// at the end (bench/cpu-profile.ts) and kept in bench/results/.
// PROFILE_BASELINE=<ref> with PROFILE_BASELINE_PATHS: a third process, this
// tree with those paths as <ref> has them (prepareBaseline below).
// PROFILE_HEAP=1: what each process allocates a request, by function, garbage
// included (bench/allocation-profile.ts), sampled over each run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { allocationsBy, Inspector } from './allocation-profile.ts';
import { printSummary, summariseProfile } from './cpu-profile.ts';
import { withFreshDatabase } from './postgres.ts';
import { freePort, startNode, stop, stopAll, type Child } from './processes.ts';
import { seedServers } from './seed.ts';
import { ADMIN_TOKEN, npmStartRuntime, prepareService, startService, type ServiceStorage } from './service.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(line);
const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
const rounds = Number(process.env.PROFILE_ROUNDS ?? 3);
const servers = Number(process.env.PROFILE_SERVERS ?? 1000);
const targets = (process.env.PROFILE_TARGETS ?? 'me,products').split(',');
const profiling = process.env.PROFILE_CPU === '1';
const heapProfiling = process.env.PROFILE_HEAP === '1';
const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
const CLOCK_TICKS_PER_SECOND = 100;

/** The process's CPU time so far, user and system, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

interface Run {
  requestsPerSecond: number;
  cpuMicrosecondsPerRequest: number;
}

async function measure(url: string, headers: Record<string, string>, pid: number, duration: number): Promise<Run> {
  const before = cpuSeconds(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  const cpu = cpuSeconds(pid) - before;
  const bad = result.non2xx + result.errors;
  if (bad > 0) throw new Error(`${url}: ${bad} answers not 2xx or errors`);
  return { requestsPerSecond: result.requests.average, cpuMicrosecondsPerRequest: (cpu * 1e6) / result.requests.total };
}

/** A process measured: the service of this tree, the baseline's, or the ceilings. */
interface Side {
  name: string;
  base: string;
  child: Child;
  inspector?: Inspector;
}

/**
 * PROFILE_BASELINE: a git ref. This tree with the files that differ from it
 * in the given paths (PROFILE_BASELINE_PATHS, space-separated) put back as
 * they are there, built in a worktree of its own and run beside this tree's
 * service on the same storage, so a change is measured against what it
 * replaces in the same rounds (what other work in the tree does stays in both).
 */
function prepareBaseline(): string | undefined {
  const ref = process.env.PROFILE_BASELINE;
  if (!ref) return undefined;
  const paths = (process.env.PROFILE_BASELINE_PATHS ?? '').split(/\s+/).filter(Boolean);
  if (paths.length === 0) throw new Error('PROFILE_BASELINE_PATHS: the paths to take from the baseline');
  const tree = path.join(os.tmpdir(), 'cloudplane-profile-baseline');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  if (fs.existsSync(tree)) git('worktree', 'remove', '--force', tree);
  git('worktree', 'add', '--detach', tree, 'HEAD');
  // The working tree as it is (others' work in progress included), then the given paths as the baseline has them.
  execFileSync('sh', ['-c', `tar -C "${root}" --exclude=./.git --exclude=./node_modules --exclude=./dist --exclude=./bench/results -cf - . | tar -C "${tree}" -xf -`]);
  execFileSync('git', ['checkout', ref, '--', ...paths], { cwd: tree, stdio: 'inherit' });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: tree, stdio: 'inherit' });
  return tree;
}

function removeBaseline(tree: string | undefined): void {
  if (tree) execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'inherit' });
}

const baselineTree = prepareBaseline();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function profileOn(databaseUrl: string): Promise<void> {
  const service = prepareService(root, log);
  const storage: ServiceStorage = { root, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-profile-')), databaseUrl };
  const profileDir = path.join(storage.dataDir, 'profiles');
  try {
    const seeding = await startService('direct', 'cloudplane (seeding)', service, storage);
    let world: Awaited<ReturnType<typeof seedServers>>;
    try {
      world = await seedServers(seeding.base, ADMIN_TOKEN, { big: servers, small: 100, concurrency: 16, log });
    } finally {
      await stop(seeding.child);
    }
    // What `npm start` runs, without npm in front (node takes --cpu-prof on its command line only).
    const runtime = npmStartRuntime(service.npmStart);
    const profileFlags = profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const sides: Side[] = [];
    const startServiceFrom = async (name: string, tree: string) => {
      const inspectorPort = await freePort();
      const flags = [...runtime.nodeFlags, ...profileFlags, ...(heapProfiling ? [`--inspect=127.0.0.1:${inspectorPort}`] : [])];
      const command = { ...service, command: process.execPath, args: [...flags, path.join(tree, 'bin', 'cloudplane.js'), 'serve'] };
      // The sampler of server metrics runs once an hour (METRICS_INTERVAL): its round over every running server would
      // otherwise land in one process's figures or another's, by chance.
      const running = await startService('direct', `cloudplane (${name})`, command, storage, { ...runtime.env, METRICS_INTERVAL: process.env.METRICS_INTERVAL ?? '3600' });
      sides.push({ name, base: running.base, child: running.child, inspector: heapProfiling ? await Inspector.connect(inspectorPort) : undefined });
    };
    await startServiceFrom('service', root);
    if (baselineTree) await startServiceFrom('baseline', baselineTree);
    const port = await freePort();
    const inspectorPort = await freePort();
    const storageEnv = databaseUrl ? { REFERENCE_DATABASE_URL: databaseUrl } : { REFERENCE_SQLITE_FILE: path.join(storage.dataDir, 'cloudplane.db') };
    const { child: ceiling } = await startNode('reference', ['bench/reference-route.ts'], {
      cwd: root,
      env: { ...process.env, ...runtime.env, ...storageEnv, PORT: String(port), REFERENCE_LOG_FILE: path.join(storage.dataDir, 'reference.log') },
      ready: /listening/,
      nodeFlags: [...runtime.nodeFlags, ...profileFlags, ...(heapProfiling ? [`--inspect=127.0.0.1:${inspectorPort}`] : [])],
    });
    sides.push({ name: 'ceiling', base: `http://127.0.0.1:${port}`, child: ceiling, inspector: heapProfiling ? await Inspector.connect(inspectorPort) : undefined });

    const middle = world.big.serverIds[Math.floor(world.big.serverIds.length / 2)]!;
    const paths: Record<string, { path: string; token: string; host?: string }> = {
      me: { path: '/api/v1/me/', token: world.big.token },
      server_get: { path: `/api/v1/projects/${world.big.slug}/servers/${middle}/`, token: world.big.token },
      products: { path: `/api/v1/projects/${world.big.slug}/products/`, token: world.big.token },
      small_last_page: { path: `/api/v1/projects/${world.small.slug}/servers/?page=2&page_size=50`, token: world.small.token, host: 'cloudplane.bench' },
    };
    const request = (target: string) => {
      const found = paths[target];
      if (!found) throw new Error(`unknown target ${target}`);
      return { path: found.path, headers: { authorization: `Bearer ${found.token}`, ...(found.host ? { host: found.host } : {}) } };
    };
    const figures = new Map<string, Run[]>();
    for (const side of sides) {
      for (const target of targets) await measure(`${side.base}${request(target).path}`, request(target).headers, side.child.process.pid!, WARM_UP_SECONDS);
    }
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        for (const side of sides) {
          const url = `${side.base}${request(target).path}`;
          let run: Run | undefined;
          const load = async () => void (run = await measure(url, request(target).headers, side.child.process.pid!, seconds));
          if (side.inspector) {
            const allocations = allocationsBy(await side.inspector.sampleAllocations(load), Number(process.env.PROFILE_TOP ?? 12));
            const requests = run!.requestsPerSecond * seconds;
            log(`  round ${round} ${target} ${side.name}: ${(allocations.totalBytes / requests / 1024).toFixed(1)} KB allocated a request; by function (bytes a request):`);
            for (const entry of allocations.byFunction) log(`    ${(entry.bytes / requests).toFixed(0).padStart(6)}  ${entry.name}`);
            log('    by file or package:');
            for (const entry of allocations.byFile) log(`    ${(entry.bytes / requests).toFixed(0).padStart(6)}  ${entry.name}`);
          } else await load();
          if (!run) throw new Error('no run');
          figures.set(`${target} ${side.name}`, [...(figures.get(`${target} ${side.name}`) ?? []), run]);
          log(`  round ${round} ${target.padEnd(16)} ${side.name.padEnd(8)} ${run.requestsPerSecond.toFixed(0).padStart(7)} req/s ${run.cpuMicrosecondsPerRequest.toFixed(1).padStart(7)} µs CPU a request`);
        }
      }
    }
    for (const side of sides) side.inspector?.close();
    for (const side of sides) await stop(side.child);
    log(`\nmedians of ${rounds} rounds (${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${seconds} s runs, load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')})`);
    for (const target of targets) {
      const ceilingRuns = figures.get(`${target} ceiling`)!;
      const cells = sides.map((side) => {
        const own = figures.get(`${target} ${side.name}`)!;
        const share = side.name === 'ceiling' ? '' : `, share ${(median(own.map((run, index) => run.requestsPerSecond / ceilingRuns[index]!.requestsPerSecond)) * 100).toFixed(1)} %`;
        return `${side.name} ${median(own.map((run) => run.requestsPerSecond)).toFixed(0)} req/s, ${median(own.map((run) => run.cpuMicrosecondsPerRequest)).toFixed(1)} µs${share}`;
      });
      log(`  ${target.padEnd(16)} ${cells.join('; ')}`);
    }
    if (profiling) {
      for (const side of sides) {
        const pid = side.child.process.pid!;
        const file = fs.readdirSync(profileDir).find((name) => name.includes(`.${pid}.`));
        if (!file) throw new Error(`no profile of process ${pid} in ${profileDir}`);
        const kept = path.join(root, 'bench', 'results', `reads-${databaseUrl ? 'postgres' : 'sqlite'}-${side.name}.cpuprofile`);
        fs.mkdirSync(path.dirname(kept), { recursive: true });
        fs.copyFileSync(path.join(profileDir, file), kept);
        log(`\nthe ${side.name}'s profile (${path.relative(root, kept)}):`);
        printSummary(summariseProfile(JSON.parse(fs.readFileSync(kept, 'utf8')) as Parameters<typeof summariseProfile>[0], 25), log);
      }
    }
  } finally {
    fs.rmSync(storage.dataDir, { recursive: true, force: true });
  }
}

try {
  const serverUrl = process.env.PROFILE_DATABASE_URL;
  if (serverUrl) await withFreshDatabase(serverUrl, profileOn);
  else await profileOn('');
} catch (error) {
  console.error(`profile failed: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  removeBaseline(baselineTree);
}
