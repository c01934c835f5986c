// `npm run bench`: cloudplane against a bare Fastify hello-world on the same
// machine, so the result is a ratio that survives a change of hardware: the
// demo world's /me/ and products, then servers (one, a page of a big project,
// a page of a small one, reboots) on a world seeded through the operator API.
// Embedded SQLite always; PostgreSQL too when BENCH_DATABASE_URL points at a
// server. Prints a table, writes bench/results/latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import pg from 'pg';
import { freePort, startNode, stop, stopAll, waitForHttp } from './processes.ts';
import { seedServers, type ServersWorld } from './seed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = positiveInteger('BENCH_SECONDS', 10);
const connections = positiveInteger('BENCH_CONNECTIONS', 50);
// Long enough for V8 to optimise the hot paths and the database to warm its cache.
const warmUpSeconds = Math.min(3, seconds);
const adminToken = 'bench-operator-token-0123456789';
const TARGET_RATIO = 0.5;
// Servers world: a big project (BENCH_SERVERS servers, placed 16 at a time) and a small one.
const bigProjectServers = positiveInteger('BENCH_SERVERS', 10_000);
const smallProjectServers = 100;
const seedConcurrency = 16;
const PAGE_SIZE = 50;
const SERVER_GET_TARGET_RATIO = 0.4;
const PAGE_COST_TARGET = 3;

interface Measurement {
  engine: 'none' | 'sqlite' | 'postgres';
  target: string;
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  ratio?: number;
  /** Responses per HTTP status, for targets where more than one status is expected. */
  statusCounts?: Record<string, number>;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

type Load = Pick<AutocannonOptions, 'url' | 'headers' | 'requests'>;

/**
 * A warm-up run (discarded), then the measured run. Any non-2xx other than
 * the `alsoExpected` statuses, or any socket error, fails the bench: a fast
 * 401 is not a result.
 */
async function measure(engine: Measurement['engine'], target: string, load: Load, alsoExpected: number[] = []): Promise<Measurement> {
  process.stdout.write(`  ${target.padEnd(40)} `);
  await autocannon({ ...load, connections, duration: warmUpSeconds });
  const result = await autocannon({ ...load, connections, duration: seconds });
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]));
  const expectedNon2xx = alsoExpected.reduce((sum, status) => sum + (statusCounts[status] ?? 0), 0);
  if (result.non2xx !== expectedNon2xx || result.errors !== 0 || result.timeouts !== 0) {
    throw new Error(`${target}: statuses ${JSON.stringify(statusCounts)}, ${result.errors} errors, ${result.timeouts} timeouts out of ${result.requests.total}`);
  }
  const measurement: Measurement = { engine, target, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, requests: result.requests.total };
  if (alsoExpected.length > 0) measurement.statusCounts = statusCounts;
  process.stdout.write(`${Math.round(measurement.requestsPerSecond)} req/s${alsoExpected.length > 0 ? ` ${JSON.stringify(statusCounts)}` : ''}\n`);
  return measurement;
}

/**
 * Reboots, each on the next server of the project in turn: one running action
 * per server is the rule, so hitting one server would measure 409s. The turn
 * carries over from warm-up to the measured run; a 409 means the rotation came
 * back to a server before its last reboot had finished.
 */
function rotatingReboots(slug: string, serverIds: string[]): AutocannonOptions['requests'] {
  let turn = 0;
  return [{ method: 'POST', setupRequest: (request) => ({ ...request, path: `/api/v1/projects/${slug}/servers/${serverIds[turn++ % serverIds.length]}/actions/reboot/` }) }];
}

/** The server targets, on a world seeded through the APIs (seeding time included). */
async function benchServers(engine: 'sqlite' | 'postgres', base: string): Promise<{ rows: Measurement[]; seeding: ServersWorld['seeding'] }> {
  console.log(`  seeding ${bigProjectServers} + ${smallProjectServers} servers through the operator API, ${seedConcurrency} at a time`);
  const world = await seedServers(base, adminToken, { big: bigProjectServers, small: smallProjectServers, concurrency: seedConcurrency, log: console.log });
  const { seeding } = world;
  console.log(`  seeded ${seeding.servers} servers in ${seeding.seconds.toFixed(1)} s (${seeding.msPerPlacement.toFixed(2)} ms per placement)`);
  const headers = { authorization: `Bearer ${world.token}` };
  const projects = `${base}/api/v1/projects`;
  const middlePage = Math.max(1, Math.round(bigProjectServers / PAGE_SIZE / 2));
  const oneServer = world.big.serverIds[Math.floor(bigProjectServers / 2)];
  const rows = [
    await measure(engine, `cloudplane ${engine} GET server`, { url: `${projects}/${world.big.slug}/servers/${oneServer}/`, headers }),
    await measure(engine, `cloudplane ${engine} GET servers p${middlePage}/${bigProjectServers}`, {
      url: `${projects}/${world.big.slug}/servers/?page=${middlePage}&page_size=${PAGE_SIZE}`,
      headers,
    }),
    await measure(engine, `cloudplane ${engine} GET servers p1/${smallProjectServers}`, { url: `${projects}/${world.small.slug}/servers/?page=1&page_size=${PAGE_SIZE}`, headers }),
    await measure(engine, `cloudplane ${engine} POST reboot`, { url: base, headers, requests: rotatingReboots(world.big.slug, world.big.serverIds) }, [409]),
  ];
  return { rows, seeding };
}

async function benchHelloWorld(): Promise<Measurement> {
  const port = await freePort();
  const { child } = await startNode('hello-world', ['bench/hello-world.ts'], { cwd: root, env: { ...process.env, PORT: String(port) }, ready: /listening/ });
  try {
    return await measure('none', 'hello-world GET /', { url: `http://127.0.0.1:${port}/` });
  } finally {
    await stop(child);
  }
}

/** One cloudplane `serve` on a fresh data directory (and database, if given), measured on the demo world it creates. */
async function benchCloudplane(engine: 'sqlite' | 'postgres', databaseUrl: string): Promise<{ rows: Measurement[]; seeding: ServersWorld['seeding'] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-bench-'));
  const [port, legacyPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl, // empty means embedded SQLite, even if the caller's shell sets one
    PORT: String(port),
    LEGACY_PORT: String(legacyPort),
    CLOUDPLANE_ADMIN_TOKEN: adminToken,
    CLOUDPLANE_TEST_CLOCK: '',
    // Simulated actions take milliseconds (a reboot ~5 ms), so the reboot rotation finds its servers free again.
    CLOUDPLANE_SIM_SCALE: '0.001',
    LOG_LEVEL: 'warn',
  };
  try {
    const { child, match } = await startNode(`cloudplane (${engine})`, ['src/cli/main.ts', 'serve'], { cwd: root, env, ready: /demo API key\s+(\S+)/ });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForHttp(`${base}/healthz`);
      const headers = { authorization: `Bearer ${match[1]}` };
      const demoRows = [
        await measure(engine, `cloudplane ${engine} GET /me/`, { url: `${base}/api/v1/me/`, headers }),
        await measure(engine, `cloudplane ${engine} GET products`, { url: `${base}/api/v1/projects/demo/products/`, headers }),
      ];
      const servers = await benchServers(engine, base);
      return { rows: [...demoRows, ...servers.rows], seeding: servers.seeding };
    } finally {
      await stop(child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A new, empty database on the server (as the test helper does), dropped afterwards. */
async function withFreshPostgresDatabase<T>(serverUrl: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `cloudplane_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

function printTable(rows: Measurement[]): void {
  const line = (cells: string[]) => `${cells[0]!.padEnd(42)}${cells.slice(1).map((cell) => cell.padStart(12)).join('')}`;
  console.log(`\n${line(['target', 'req/s', 'p99 ms', 'vs hello'])}`);
  for (const row of rows) {
    const statuses = row.statusCounts ? `  ${Object.entries(row.statusCounts).map(([status, count]) => `${status}: ${count}`).join(', ')}` : '';
    console.log(line([row.target, row.requestsPerSecond.toFixed(0), row.p99Ms.toFixed(1), row.ratio === undefined ? '' : `${(row.ratio * 100).toFixed(1)}%`]) + statuses);
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL || '';
  // Other work on the machine skews every figure; the load average at the start tells a reader how far to trust them.
  const loadAverage = os.loadavg()[0]!;
  console.log(
    `cloudplane bench: ${seconds} s per target (after ${warmUpSeconds} s warm-up), ${connections} connections, node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage.toFixed(2)}`,
  );

  const hello = await benchHelloWorld();
  const engines = { sqlite: await benchCloudplane('sqlite', '') };
  const postgres = serverUrl ? await withFreshPostgresDatabase(serverUrl, (databaseUrl) => benchCloudplane('postgres', databaseUrl)) : undefined;
  const rows = [hello, ...engines.sqlite.rows, ...(postgres?.rows ?? [])];
  for (const row of rows) row.ratio = row.requestsPerSecond / hello.requestsPerSecond;

  printTable(rows);
  const find = (engine: string, target: RegExp) => rows.find((row) => row.engine === engine && target.test(row.target));
  const verdicts: { target: string; engine: string; threshold: number; value: number; pass: boolean; text: string }[] = [];
  const judge = (target: string, engine: string, threshold: number, value: number, pass: boolean, text: string) =>
    verdicts.push({ target, engine, threshold, value, pass, text: `${text}: ${pass ? 'PASS' : 'FAIL'}` });
  const me = find('sqlite', /\/me\/$/)!;
  judge('me_vs_hello_world', 'sqlite', TARGET_RATIO, me.ratio!, me.ratio! >= TARGET_RATIO, `/me/ ≥ ${TARGET_RATIO * 100}% of hello-world req/s on sqlite (${(me.ratio! * 100).toFixed(1)}%)`);
  for (const engine of postgres ? ['sqlite', 'postgres'] : ['sqlite']) {
    const server = find(engine, /GET server$/)!;
    const ratio = server.ratio!;
    // The target is set on SQLite; PostgreSQL is judged by the same bar for information.
    judge('server_get_vs_hello_world', engine, SERVER_GET_TARGET_RATIO, ratio, ratio >= SERVER_GET_TARGET_RATIO, `server GET ≥ ${SERVER_GET_TARGET_RATIO * 100}% of hello-world req/s on ${engine} (${(ratio * 100).toFixed(1)}%)`);
    // Cost is time per request (1 / req/s): how many times dearer a page of a big project is than a page of a small one.
    const costRatio = find(engine, /p1\/\d+$/)!.requestsPerSecond / find(engine, /GET servers p\d+\/\d+$/)!.requestsPerSecond;
    judge('big_page_vs_small_page_cost', engine, PAGE_COST_TARGET, costRatio, costRatio <= PAGE_COST_TARGET, `page of ${PAGE_SIZE} out of ${bigProjectServers} ≤ ${PAGE_COST_TARGET}× the cost of one out of ${smallProjectServers} on ${engine} (${costRatio.toFixed(2)}×)`);
  }
  console.log(`\n${verdicts.map((verdict) => verdict.text).join('\n')}`);

  const resultsDir = path.join(root, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage,
    seconds,
    warmUpSeconds,
    connections,
    seeding: { sqlite: engines.sqlite.seeding, ...(postgres ? { postgres: postgres.seeding } : {}) },
    results: rows,
    verdicts,
  };
  fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`results: ${path.relative(root, path.join(resultsDir, 'latest.json'))}`);
}

try {
  await main();
} catch (error) {
  console.error(`\nbench failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
