// Operator placements a second on one `serve` process and on two against one
// PostgreSQL database (issue 47, point 4): the same placements as the
// seeding's (bench/seed.ts), 16 at a time, each run into a project of its
// own, the runs alternated one process, two, one, two, so the machine's drift
// falls on both; the figures are each count's mean. With two processes each
// takes every other request. The operator's placements into one project is
// the case that contends most: every placement of the project takes its
// server count, its bandwidth pool and the location's address cursor.
//
// Hosts: with `hosts` set, that many hypervisor hosts are registered in the
// location first, with room for exactly the servers the runs place, so the
// placements choose and lock a host each; afterwards no host may hold more
// than its capacity, and one more placement must be refused.
//
// Run alone: `npx tsx bench/placements.ts` (BENCH_PLACEMENTS servers a run,
// 1000; BENCH_PLACEMENT_ROUNDS, 2; BENCH_PLACEMENT_HOSTS, 0), on a fresh
// database of BENCH_DATABASE_URL or the throwaway server of
// scripts/test-postgres.sh. `npm run bench` measures it on PostgreSQL after
// the seeding.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresServer, withFreshDatabase } from './postgres.ts';
import { stop, stopAll } from './processes.ts';
import { call, createReadyProject, createUser, LOCATION, placeServers, widenAddressPools, type PlacementRun, type PlacementScaleOut } from './seed.ts';
import { ADMIN_TOKEN, prepareService, startService, type ServiceCommand, type ServiceStorage } from './service.ts';

/** As the seeding's: the figure the one-process verdict has always been judged on. */
export const PLACEMENT_CONCURRENCY = 16;
const PLACEMENT_USER = 'bench-placements@cloudplane.example';
/**
 * Through both processes before the measured runs, 500 each. The second
 * process is new: after 100 placements each, the first run on two was still
 * 15-20 % below the next (266 against 321 a second): its code was not warm yet.
 */
const WARM_UP_PLACEMENTS = 1000;
/** What `npm run bench` places a run, and how many rounds of one process and two it alternates. */
export const BENCH_PLACEMENTS_PER_RUN = 1000;
export const BENCH_PLACEMENT_ROUNDS = 2;
/** The demo catalogue's CX22, what each placement holds of its host. */
const CX22 = { cpu_cores: 2, ram_mb: 4096, disk_gb: 40 };

const message = (error: unknown) => (error as Error).message ?? String(error);

interface HostUse {
  name: string;
  cpu_cores: number;
  ram_mb: number;
  disk_gb: number;
  used: { servers: number; cpu_cores: number; ram_mb: number; disk_gb: number };
}

/** `count` hosts in the location with room for `servers` CX22 servers between them (the first ones one more when it does not divide). */
async function registerHosts(base: string, count: number, servers: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const room = Math.floor(servers / count) + (index < servers % count ? 1 : 0);
    const name = `bench-host-${index + 1}`;
    const body = { name, location: LOCATION, uri: `qemu+ssh://root@${name}.bench.example/system`, cpu_cores: room * CX22.cpu_cores, ram_mb: room * CX22.ram_mb, disk_gb: room * CX22.disk_gb };
    await call(base, ADMIN_TOKEN, 'POST', '/admin/v1/hosts', body, 201);
  }
}

/** Every host within its capacity, and full: one more placement is refused on `location`. */
async function hostProblems(base: string, slug: string): Promise<string[]> {
  const problems: string[] = [];
  const hosts = await call<HostUse[]>(base, ADMIN_TOKEN, 'GET', `/admin/v1/hosts?location=${LOCATION}`, undefined, 200);
  for (const host of hosts) {
    const over = (['cpu_cores', 'ram_mb', 'disk_gb'] as const).filter((field) => host.used[field] > host[field]);
    if (over.length > 0) problems.push(`host ${host.name} overfilled: ${over.map((field) => `${field} ${host.used[field]} of ${host[field]}`).join(', ')}`);
  }
  const response = await fetch(`${base}/admin/v1/projects/${slug}/servers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ hostname: `${slug}-past-the-last-room`, product_id: 1, location: LOCATION, image: 'debian-12' }),
  });
  if (response.status !== 400) problems.push(`a placement past the hosts' last room answered ${response.status}, not 400: ${(await response.text()).slice(0, 300)}`);
  return problems;
}

/**
 * Placements a second through one process (`bases[0]`) and through both,
 * alternated over `rounds` rounds of `servers` placements each; the bases
 * are two `serve` processes on one database whose catalogue has the bench's
 * address pools (widenAddressPools).
 */
export async function measurePlacementScaleOut(
  bases: [string, string],
  options: { servers: number; rounds: number; hosts: number; log: (line: string) => void },
): Promise<PlacementScaleOut> {
  const { servers, rounds, hosts, log } = options;
  const figures: PlacementScaleOut = { servers, concurrency: PLACEMENT_CONCURRENCY, hosts, runs: [], problems: [] };
  const token = await createUser(bases[0], ADMIN_TOKEN, PLACEMENT_USER, false);
  if (hosts > 0) await registerHosts(bases[0], hosts, WARM_UP_PLACEMENTS + servers * rounds * 2);
  log(`  placements, ${servers} a run, ${PLACEMENT_CONCURRENCY} at a time${hosts > 0 ? `, ${hosts} hosts with room for all of them` : ''}: one process, two, one, two…`);
  // Each process's code warmed on placements first (a second process is new), on a project of its own, not measured.
  await createReadyProject(bases[0], token, 'bench-placements-warm-up');
  await placeServers(bases, ADMIN_TOKEN, 'bench-placements-warm-up', WARM_UP_PLACEMENTS, PLACEMENT_CONCURRENCY, () => {});
  let slug = '';
  for (let round = 1; round <= rounds; round++) {
    for (const processes of [1, 2] as const) {
      slug = `bench-placements-${processes}-${round}`;
      await createReadyProject(bases[0], token, slug);
      const placed = await placeServers(bases.slice(0, processes), ADMIN_TOKEN, slug, servers, PLACEMENT_CONCURRENCY, () => {});
      const run: PlacementRun = { processes, servers, seconds: placed.seconds, perSecond: servers / placed.seconds };
      figures.runs.push(run);
      log(`    ${processes === 1 ? 'one process' : 'two processes'}: ${servers} in ${run.seconds.toFixed(1)} s, ${run.perSecond.toFixed(0)}/s`);
    }
  }
  const mean = (processes: 1 | 2) => {
    const runs = figures.runs.filter((run) => run.processes === processes);
    return runs.reduce((sum, run) => sum + run.perSecond, 0) / runs.length;
  };
  figures.onePerSecond = mean(1);
  figures.twoPerSecond = mean(2);
  figures.factor = figures.twoPerSecond / figures.onePerSecond;
  if (hosts > 0) figures.problems.push(...(await hostProblems(bases[0], slug)));
  return figures;
}

/** Two `serve` processes on `storage` (the first already running at `first`, when given), measured, the second (or both) stopped. */
export async function placementsOnTwoProcesses(
  command: ServiceCommand,
  storage: ServiceStorage,
  first: string,
  options: { servers: number; rounds: number; hosts: number; log: (line: string) => void },
): Promise<PlacementScaleOut> {
  const second = await startService('direct', 'cloudplane postgres (second process, placements)', command, storage);
  try {
    return await measurePlacementScaleOut([first, second.base], options);
  } catch (error) {
    return { servers: options.servers, concurrency: PLACEMENT_CONCURRENCY, hosts: options.hosts, runs: [], problems: [message(error)] };
  } finally {
    await stop(second.child);
  }
}

// Run alone: builds this tree, a fresh database on BENCH_DATABASE_URL or the throwaway server.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const number = (name: string, fallback: number) => Number(process.env[name] || fallback);
  const options = { servers: number('BENCH_PLACEMENTS', BENCH_PLACEMENTS_PER_RUN), rounds: number('BENCH_PLACEMENT_ROUNDS', BENCH_PLACEMENT_ROUNDS), hosts: number('BENCH_PLACEMENT_HOSTS', 0), log: (line: string) => console.log(line) };
  const loadAtStart = os.loadavg().map((value) => value.toFixed(2));
  const service = prepareService(root, options.log);
  const server = await postgresServer(root);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-bench-placements-'));
  try {
    const figures = await withFreshDatabase(server.url, async (databaseUrl) => {
      const storage: ServiceStorage = { root, dataDir, databaseUrl };
      const first = await startService('direct', 'cloudplane postgres (placements)', service, storage);
      try {
        await widenAddressPools(first.base, ADMIN_TOKEN);
        return await placementsOnTwoProcesses(service, storage, first.base, options);
      } finally {
        await stop(first.child);
      }
    });
    const rate = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(0)}/s`);
    console.log(`\nplacements on PostgreSQL, ${figures.servers} a run, ${figures.concurrency} at a time${figures.hosts ? `, ${figures.hosts} hosts` : ''}; load average ${loadAtStart.join(' ')} → ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    console.log(`  one process   ${rate(figures.onePerSecond)}  (${figures.runs.filter((run) => run.processes === 1).map((run) => run.perSecond.toFixed(0)).join(', ')})`);
    console.log(`  two processes ${rate(figures.twoPerSecond)}  (${figures.runs.filter((run) => run.processes === 2).map((run) => run.perSecond.toFixed(0)).join(', ')})`);
    console.log(`  two ÷ one     ${figures.factor === undefined ? '—' : `×${figures.factor.toFixed(2)}`}`);
    for (const problem of figures.problems) console.log(`  problem: ${problem}`);
    if (figures.problems.length > 0) process.exitCode = 1;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    server.release();
    await stopAll();
  }
}
