// `npm run bench`: cloudplane's read path against a bare Fastify hello-world
// on the same machine, so the result is a ratio that survives a change of
// hardware. Embedded SQLite always; PostgreSQL too when BENCH_DATABASE_URL
// points at a server. Prints a table, writes bench/results/latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startNode, stop, stopAll, waitForHttp } from './processes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = positiveInteger('BENCH_SECONDS', 10);
const connections = positiveInteger('BENCH_CONNECTIONS', 50);
// Long enough for V8 to optimise the hot paths and the database to warm its cache.
const warmUpSeconds = Math.min(3, seconds);
const adminToken = 'bench-operator-token-0123456789';
const TARGET_RATIO = 0.5;

interface Measurement {
  engine: 'none' | 'sqlite' | 'postgres';
  target: string;
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  ratio?: number;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** A warm-up run (discarded), then the measured run. Any non-2xx or socket error fails the bench: a fast 401 is not a result. */
async function measure(engine: Measurement['engine'], target: string, url: string, headers: Record<string, string> = {}): Promise<Measurement> {
  process.stdout.write(`  ${target.padEnd(32)} `);
  await autocannon({ url, headers, connections, duration: warmUpSeconds });
  const result = await autocannon({ url, headers, connections, duration: seconds });
  if (result.non2xx !== 0 || result.errors !== 0 || result.timeouts !== 0) {
    throw new Error(`${target}: ${result.non2xx} non-2xx responses, ${result.errors} errors, ${result.timeouts} timeouts out of ${result.requests.total}`);
  }
  const measurement = { engine, target, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, requests: result.requests.total };
  process.stdout.write(`${Math.round(measurement.requestsPerSecond)} req/s\n`);
  return measurement;
}

async function benchHelloWorld(): Promise<Measurement> {
  const port = await freePort();
  const { child } = await startNode('hello-world', ['bench/hello-world.ts'], { cwd: root, env: { ...process.env, PORT: String(port) }, ready: /listening/ });
  try {
    return await measure('none', 'hello-world GET /', `http://127.0.0.1:${port}/`);
  } finally {
    await stop(child);
  }
}

/** One cloudplane `serve` on a fresh data directory (and database, if given), measured on the demo world it creates. */
async function benchCloudplane(engine: 'sqlite' | 'postgres', databaseUrl: string): Promise<Measurement[]> {
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
    LOG_LEVEL: 'warn',
  };
  try {
    const { child, match } = await startNode(`cloudplane (${engine})`, ['src/cli/main.ts', 'serve'], { cwd: root, env, ready: /demo API key\s+(\S+)/ });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForHttp(`${base}/healthz`);
      const headers = { authorization: `Bearer ${match[1]}` };
      return [
        await measure(engine, `cloudplane ${engine} GET /me/`, `${base}/api/v1/me/`, headers),
        await measure(engine, `cloudplane ${engine} GET products`, `${base}/api/v1/projects/demo/products/`, headers),
      ];
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
  const line = (cells: string[]) => `${cells[0]!.padEnd(34)}${cells.slice(1).map((cell) => cell.padStart(12)).join('')}`;
  console.log(`\n${line(['target', 'req/s', 'p99 ms', 'vs hello'])}`);
  for (const row of rows) {
    console.log(line([row.target, row.requestsPerSecond.toFixed(0), row.p99Ms.toFixed(1), row.ratio === undefined ? '' : `${(row.ratio * 100).toFixed(1)}%`]));
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
  const rows = [hello, ...(await benchCloudplane('sqlite', ''))];
  if (serverUrl) rows.push(...(await withFreshPostgresDatabase(serverUrl, (databaseUrl) => benchCloudplane('postgres', databaseUrl))));
  for (const row of rows) row.ratio = row.requestsPerSecond / hello.requestsPerSecond;

  printTable(rows);
  const me = rows.find((row) => row.engine === 'sqlite' && row.target.endsWith('/me/'))!;
  const pass = me.ratio! >= TARGET_RATIO;
  const verdict = `/me/ ≥ ${TARGET_RATIO * 100}% of hello-world req/s on the embedded database: ${pass ? 'PASS' : 'FAIL'} (${(me.ratio! * 100).toFixed(1)}%)`;
  console.log(`\n${verdict}`);

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
    results: rows,
    verdict: { target: 'me_vs_hello_world_sqlite', threshold: TARGET_RATIO, ratio: me.ratio, pass },
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
