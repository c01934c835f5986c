// Issue 47's footprint of server metrics: BENCH_FOOTPRINT_SERVERS (1,000)
// running servers sampled through BENCH_FOOTPRINT_DAYS (9) days of the test
// clock, by the service's own sampler job with its rollups and pruning, in
// this process (createApplication, as `serve` builds it, its
// job runner driven by hand: advance a minute, run what is due). At the end
// of each day it reads the database's bytes in use and divides by the
// servers: at steady state, with every resolution kept (raw samples a day,
// 5-minute rollups a week, hourly ones 90 days), it must be at most 600 KB a
// server and flat from day 8 on: day 9 adds at most 1 % to day 8 (only the
// hourly rows still grow, by 24 a day). Day 8 is the first day every
// resolution but the hourly one is at its steady state: the 5-minute rows
// reach a week and the retention's hour of slack during it, and on
// PostgreSQL a day's partition of them goes only once all of it is past.
//
// The days start at midnight UTC (the clock is moved there first), so every
// run measures at the same moment of the day, where partitions by the day
// hold the most: the oldest day of 5-minute rows is past its week and the
// hour of slack only an hour later.
//
// The last three days are sampled each minute, as the service does (so the
// raw samples of the last two, with their hour of slack, are all a minute
// apart, and day 9 is compared with a day like it). The days before are
// sampled every four minutes, which is four times faster to run
// and leaves the same rows behind by then: their raw samples are pruned
// before the end, and each of their 5-minute buckets still holds a pair of
// samples (four minutes apart, within the gap of five intervals), so the
// rollups have a row a bucket as they would. The 12,960 rounds of nine
// days a minute apart would take over half an hour a engine here.
//
// Then SQLite's pruning in batches is timed on a backlog: an hour of rounds
// missed, pruned as the job does, and the longest batch statement (how long
// it holds the one write lock) must be at most 50 ms. On PostgreSQL the raw
// samples are partitioned by the hour and the figure is a partition's DROP.
//
// Bytes in use: SQLite's pages less its free list (the file keeps freed
// pages for reuse rather than shrinking); PostgreSQL's database size
// (pg_database_size, the catalogue included).
import { positiveInteger } from './env.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import { createApplication, type Application } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { deleteInBatches } from '../src/db/pruning.ts';
import { postgresServer, withFreshDatabase } from './postgres.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_TOKEN = 'bench-footprint-operator-token';
const MINUTE_S = 60;
const DAY_MS = 86_400_000;
export const MAX_BYTES_PER_SERVER = 600 * 1024;
/** "Flat": a day adds at most this share once every resolution is at its steady state (the hourly rows still add 24 a day until day 90, about 0.6 %). */
export const MAX_DAILY_GROWTH = 0.01;
export const MAX_PRUNE_BATCH_MS = 50;

export interface FootprintReport {
  engine: 'sqlite' | 'postgres';
  servers: number;
  days: number;
  /** Bytes a server at the end of each day, day 1 first. */
  bytesPerServerByDay: number[];
  /** Rows a server in each table at the end. */
  rowsPerServer: Record<string, number>;
  /** Bytes a server in each table at the end, its indexes included (SQLite: 0 where its build has no dbstat). */
  tableBytesPerServer: Record<string, number>;
  /** Wall seconds each simulated day took (360 rounds, then 1,440 for the last three). */
  secondsPerDay: number[];
  /** The longest statement of the pruning of an hour's backlog (SQLite: a batch of 500 rows; PostgreSQL: dropping a day). */
  longestPruneMs: number;
  pruneStatements: number;
}


async function call<T = unknown>(app: Application, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = ADMIN_TOKEN): Promise<T> {
  const response = await app.main!.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/** A user, a ready project, and `count` running servers placed by the operator. */
async function seed(app: Application, count: number): Promise<void> {
  // Room for the servers: the demo catalogue's pools are small documentation ranges.
  const catalogue = await call<{ locations: { code: string; ipv4_pool?: string; ipv6_pool?: string }[] }>(app, 'GET', '/admin/v1/catalogue');
  Object.assign(catalogue.locations.find((location) => location.code === 'fsn1') ?? {}, { ipv4_pool: '10.64.0.0/14', ipv6_pool: '2001:db8:100::/40' });
  await call(app, 'PUT', '/admin/v1/catalogue', catalogue);
  const user = await call<{ id: number }>(app, 'POST', '/admin/v1/users', { email: 'footprint@example.com', billing_account: { currency: 'EUR', credit_balance: '1000000.00' } });
  const { token } = await call<{ token: string }>(app, 'POST', `/admin/v1/users/${user.id}/api-keys`, { name: 'bench' });
  const project = await call<{ slug: string }>(app, 'POST', '/api/v1/projects/', { name: 'Footprint' }, token);
  for (let attempt = 0; (await call<{ status: string }>(app, 'GET', `/api/v1/projects/${project.slug}/`, undefined, token)).status !== 'ready'; attempt += 1) {
    if (attempt > 500) throw new Error('the project never became ready');
    await app.runner!.runDueJobs();
  }
  for (let start = 0; start < count; start += 16) {
    await Promise.all(
      Array.from({ length: Math.min(16, count - start) }, (_, index) =>
        call(app, 'POST', `/admin/v1/projects/${project.slug}/servers`, { hostname: `metrics-${start + index}`, product_id: 1, location: 'fsn1', image: 'debian-12' }),
      ),
    );
  }
}

async function bytesInUse(app: Application): Promise<number> {
  const { db, engine } = app.database;
  if (engine === 'postgres') {
    const { rows } = await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return Number(rows[0]!.bytes);
  }
  const pragma = async (name: string) => Number(Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0]);
  return ((await pragma('page_count')) - (await pragma('freelist_count'))) * (await pragma('page_size'));
}

/** Bytes a server in each metric table, its indexes included (SQLite: its dbstat pages; PostgreSQL: its partitions' total size). */
async function tableBytesPerServer(app: Application, servers: number): Promise<Record<string, number>> {
  const { db, engine } = app.database;
  const bytes: Record<string, number> = {};
  for (const table of ['server_metric_samples', 'server_metric_rollups_5m', 'server_metric_rollups_1h']) {
    const { rows } =
      engine === 'postgres'
        ? await sql<{ bytes: string | null }>`select sum(pg_total_relation_size(inhrelid)) as bytes from pg_inherits join pg_class parent on parent.oid = inhparent where parent.relname = ${table}`.execute(db)
        : // dbstat names each b-tree; sqlite_master says which belong to the table (the table's own, its indexes').
          await sql<{ bytes: string | null }>`select sum(pgsize) as bytes from dbstat where name in (select name from sqlite_master where tbl_name = ${table})`.execute(db).catch(() => ({ rows: [{ bytes: null }] }));
    bytes[table] = Math.round(Number(rows[0]?.bytes ?? 0) / servers);
  }
  return bytes;
}

async function rowsPerServer(app: Application, servers: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['server_metric_samples', 'server_metric_rollups_5m', 'server_metric_rollups_1h'] as const) {
    const row = await app.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Math.round(Number(row.n) / servers);
  }
  return counts;
}

/** Advances the clock and runs what is due: one round of the sampler (and whatever else is due then). */
async function minutes(app: Application, count: number): Promise<void> {
  await call(app, 'POST', '/admin/v1/clock/advance', { seconds: count * MINUTE_S });
  await app.runner!.runDueJobs();
}

export async function measureFootprint(engine: 'sqlite' | 'postgres', databaseUrl: string | undefined, options: { servers: number; days: number; log: (line: string) => void }): Promise<FootprintReport> {
  // Bytes are what is measured, not speed: the SQLite file lives in memory where there is a tmpfs, so 11,520 rounds
  // of commits do not wait on the disk's flushes.
  const dataDir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'cloudplane-footprint-'));
  const config: Config = {
    port: 0,
    legacyPort: 0,
    host: '127.0.0.1',
    databaseUrl,
    dataDir,
    adminToken: ADMIN_TOKEN,
    publicUrl: undefined,
    simScale: 0.01,
    workerConcurrency: 4,
    testClock: true,
    logLevel: 'silent',
    sessionIdleMs: 12 * 60 * 60 * 1000,
    serverConsoleIdleMs: 15 * 60 * 1000,
    rdns: { backend: 'builtin' },
    crashAt: null,
    provisioning: { backend: 'builtin' },
  };
  // The runner is driven by hand (runDueJobs), never by its own poll.
  const app = await createApplication({ config, logger: pino({ level: 'silent' }), http: true, worker: true, demo: false, jobPollIntervalMs: 3_600_000 });
  try {
    await seed(app, options.servers);
    options.log(`  ${engine}: ${options.servers} servers placed; sampling ${options.days} days of the test clock`);
    // To the next midnight UTC in one step (one round there), where the days start.
    const sinceMidnightMs = app.clock.now().getTime() % DAY_MS;
    await minutes(app, Math.ceil((DAY_MS - sinceMidnightMs) / 60_000));
    const bytesPerServerByDay: number[] = [];
    const secondsPerDay: number[] = [];
    for (let day = 1; day <= options.days; day += 1) {
      const startedAt = performance.now();
      const roundMinutes = day > options.days - 3 ? 1 : 4;
      for (let round = 0; round < DAY_MS / 60_000 / roundMinutes; round += 1) await minutes(app, roundMinutes);
      secondsPerDay.push((performance.now() - startedAt) / 1000);
      bytesPerServerByDay.push((await bytesInUse(app)) / options.servers);
      options.log(`  ${engine}: day ${day}: ${(bytesPerServerByDay.at(-1)! / 1024).toFixed(1)} KB a server (${secondsPerDay.at(-1)!.toFixed(0)} s)`);
    }
    const rows = await rowsPerServer(app, options.servers);
    const tableBytes = await tableBytesPerServer(app, options.servers);

    // An hour of rounds missed, then the pruning of its backlog, timed statement by statement.
    await call(app, 'POST', '/admin/v1/clock/advance', { seconds: 3600 });
    let longestPruneMs = 0;
    let pruneStatements = 0;
    const nowMs = app.clock.now().getTime();
    if (engine === 'sqlite') {
      await deleteInBatches(app.database.db, 'server_metric_samples', sql`at < ${nowMs - DAY_MS - 3_600_000}`, (_rows, ms) => {
        longestPruneMs = Math.max(longestPruneMs, ms);
        pruneStatements += 1;
      });
    } else {
      const { rows: partitions } = await sql<{ name: string }>`select child.relname as name from pg_inherits join pg_class child on child.oid = inhrelid join pg_class parent on parent.oid = inhparent where parent.relname = 'server_metric_samples' order by child.relname limit 1`.execute(app.database.db);
      for (const { name } of partitions) {
        const startedAt = performance.now();
        await sql`alter table server_metric_samples detach partition ${sql.table(name)} concurrently`.execute(app.database.db);
        await sql`drop table ${sql.table(name)}`.execute(app.database.db);
        longestPruneMs = Math.max(longestPruneMs, performance.now() - startedAt);
        pruneStatements += 1;
      }
    }
    return { engine, servers: options.servers, days: options.days, bytesPerServerByDay, rowsPerServer: rows, tableBytesPerServer: tableBytes, secondsPerDay, longestPruneMs, pruneStatements };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface FootprintVerdict {
  engine: 'sqlite' | 'postgres';
  id: string;
  target: string;
  figure: string;
  /** null: information (the issue's bound on a pruning statement is SQLite's write lock). */
  pass: boolean | null;
}

/** The first day of the steady state: every resolution but the hourly one at its full count (see the top of this file). */
const STEADY_FROM_DAY = 8;

export function footprintVerdicts(report: FootprintReport): FootprintVerdict[] {
  const last = report.bytesPerServerByDay.at(-1)!;
  const before = report.bytesPerServerByDay.at(-2) ?? last;
  const growth = last / before - 1;
  const steady = report.bytesPerServerByDay.slice(STEADY_FROM_DAY - 1);
  const most = Math.max(...(steady.length > 0 ? steady : [last]));
  return [
    {
      engine: report.engine,
      id: 'metrics_bytes_per_server',
      target: `database bytes a server from day ${STEADY_FROM_DAY} on (the most of days ${STEADY_FROM_DAY}–${report.days}) ≤ ${MAX_BYTES_PER_SERVER / 1024} KB`,
      figure: `${(most / 1024).toFixed(1)} KB`,
      pass: report.days >= STEADY_FROM_DAY && most <= MAX_BYTES_PER_SERVER,
    },
    {
      engine: report.engine,
      id: 'metrics_bytes_flat',
      target: `day ${report.days} adds ≤ ${MAX_DAILY_GROWTH * 100} % to day ${report.days - 1} (flat from day ${STEADY_FROM_DAY} on)`,
      figure: `${(growth * 100).toFixed(2)} %`,
      pass: report.days > STEADY_FROM_DAY && growth <= MAX_DAILY_GROWTH,
    },
    report.engine === 'sqlite'
      ? {
          engine: report.engine,
          id: 'metrics_prune_statement',
          target: `the longest pruning statement of an hour's backlog (the write lock's hold) ≤ ${MAX_PRUNE_BATCH_MS} ms`,
          figure: `${report.longestPruneMs.toFixed(1)} ms over ${report.pruneStatements} statement(s)`,
          pass: report.pruneStatements > 0 && report.longestPruneMs <= MAX_PRUNE_BATCH_MS,
        }
      : {
          engine: report.engine,
          id: 'metrics_prune_statement',
          target: 'information: dropping the oldest hour of raw samples (detached first, so it blocks no reader of the table)',
          figure: `${report.longestPruneMs.toFixed(1)} ms`,
          pass: null,
        },
  ];
}

export function printFootprint(report: FootprintReport, log: (line: string) => void): void {
  log(`Metrics footprint, ${report.engine}: ${report.servers} servers, ${report.days} days`);
  log(`  KB a server by day: ${report.bytesPerServerByDay.map((bytes) => (bytes / 1024).toFixed(1)).join(' | ')}`);
  log(`  rows a server: ${Object.entries(report.rowsPerServer).map(([table, rows]) => `${table} ${rows}`).join(', ')}`);
  log(`  KB a server by table: ${Object.entries(report.tableBytesPerServer).map(([table, bytes]) => `${table} ${(bytes / 1024).toFixed(1)}`).join(', ')}`);
  log(`  seconds a simulated day (360 rounds; 1,440 for the last three): ${report.secondsPerDay.map((seconds) => seconds.toFixed(0)).join(' | ')}`);
}

export type FootprintBench = { reports: FootprintReport[]; errors: string[] } | { skipped: string };

/** Both engines' footprint, for `npm run bench` (bench/run.ts): PostgreSQL on the bench's server, in a fresh database. */
export async function benchFootprint(options: { postgresUrl: string | null; log: (line: string) => void }): Promise<FootprintBench> {
  const servers = positiveInteger('BENCH_FOOTPRINT_SERVERS', 1_000);
  const days = positiveInteger('BENCH_FOOTPRINT_DAYS', 9);
  options.log(`Metrics footprint: ${servers} servers through ${days} days of the test clock, on each engine`);
  const reports: FootprintReport[] = [];
  const errors: string[] = [];
  await measureFootprint('sqlite', undefined, { servers, days, log: options.log }).then((report) => reports.push(report), (error: Error) => errors.push(`sqlite: ${error.message}`));
  if (options.postgresUrl) {
    await withFreshDatabase(options.postgresUrl, (url) => measureFootprint('postgres', url, { servers, days, log: options.log })).then(
      (report) => reports.push(report),
      (error: Error) => errors.push(`postgres: ${error.message}`),
    );
  } else errors.push('postgres: no PostgreSQL server');
  for (const report of reports) printFootprint(report, options.log);
  return { reports, errors };
}

/** The verdicts of the footprint part; a part that could not run fails its figures. */
export function footprintBenchVerdicts(bench: FootprintBench): FootprintVerdict[] {
  if ('skipped' in bench) return [];
  const failed = bench.errors.map((error): FootprintVerdict => ({ engine: error.startsWith('postgres') ? 'postgres' : 'sqlite', id: 'metrics_footprint', target: 'the footprint bench runs', figure: error, pass: false }));
  return [...bench.reports.flatMap(footprintVerdicts), ...failed];
}

async function main(): Promise<void> {
  const log = (line: string) => console.log(line);
  const servers = positiveInteger('BENCH_FOOTPRINT_SERVERS', 1_000);
  const days = positiveInteger('BENCH_FOOTPRINT_DAYS', 9);
  const engines = (process.env.BENCH_FOOTPRINT_ENGINES ?? 'sqlite,postgres').split(',');
  const reports: FootprintReport[] = [];
  if (engines.includes('sqlite')) reports.push(await measureFootprint('sqlite', undefined, { servers, days, log }));
  if (engines.includes('postgres')) {
    const server = await postgresServer(root);
    try {
      reports.push(await withFreshDatabase(server.url, (url) => measureFootprint('postgres', url, { servers, days, log })));
    } finally {
      server.release();
    }
  }
  let failed = false;
  for (const report of reports) {
    printFootprint(report, log);
    for (const verdict of footprintVerdicts(report)) {
      log(`  ${verdict.pass === null ? 'INFO' : verdict.pass ? 'PASS' : 'FAIL'} ${verdict.id}: ${verdict.figure} (${verdict.target})`);
      failed ||= verdict.pass === false;
    }
  }
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench', 'results', 'footprint-latest.json'), JSON.stringify({ reports, verdicts: reports.flatMap(footprintVerdicts) }, null, 2));
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
