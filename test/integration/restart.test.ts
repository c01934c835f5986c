// Real processes: `cloudplane serve | worker | migrate` started as children on
// a fresh database, killed (SIGKILL) or stopped (SIGTERM), and started again.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/db/client.ts';
import { eventually } from '../helpers/build.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_TOKEN = 'restart-test-operator-token-0123456789';
const DEMO_EMAIL = 'demo@cloudplane.local';
const START_TIMEOUT_MS = 30_000;

interface Cli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
}

interface Started {
  cli: Cli;
  baseUrl: string;
  legacyUrl: string;
}

/** A port nobody listens on right now (PORT=0 would work, but the child does not report the port in a parseable way). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Children of one test, killed when it ends, failed or not; then the test's
 * own cleanups (`children.cleanups`, e.g. a database connection) run, then the database is dropped.
 */
function processes(t: TestContext, database: TestDatabase | null): Cli[] & { cleanups: (() => unknown)[] } {
  const children = Object.assign([] as Cli[], { cleanups: [] as (() => unknown)[] });
  t.after(async () => {
    for (const cli of children) {
      if (cli.running()) cli.child.kill('SIGKILL');
      await cli.exited;
    }
    for (const cleanup of children.cleanups) await cleanup();
    await database?.drop();
  });
  return children;
}

function storageEnv(database: TestDatabase): NodeJS.ProcessEnv {
  return database.databaseUrl ? { DATABASE_URL: database.databaseUrl, DATA_DIR: database.dataDir } : { DATABASE_URL: '', DATA_DIR: database.dataDir };
}

function runCli(children: Cli[], command: string, env: NodeJS.ProcessEnv): Cli {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', command], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      CLOUDPLANE_ADMIN_TOKEN: ADMIN_TOKEN,
      CLOUDPLANE_SIM_SCALE: '1',
      CLOUDPLANE_TEST_CLOCK: '',
      CLOUDPLANE_PUBLIC_URL: '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  const cli: Cli = { child, stdout: () => stdout, stderr: () => stderr, exited, running: () => !done };
  children.push(cli);
  return cli;
}

/** Waits for `exited` at most `timeoutMs`. */
async function exitWithin(cli: Cli, timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`did not exit within ${timeoutMs} ms; stderr: ${cli.stderr()}`)), timeoutMs);
  });
  try {
    return await Promise.race([cli.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts `serve` and waits until /healthz answers and the start banner is printed. */
async function startServe(children: Cli[], database: TestDatabase): Promise<Started> {
  const [port, legacyPort] = [await freePort(), await freePort()];
  const cli = runCli(children, 'serve', { ...storageEnv(database), PORT: String(port), LEGACY_PORT: String(legacyPort) });
  const baseUrl = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    if (!cli.running()) throw new Error(`serve exited early: ${cli.stderr()}`);
    try {
      return (await fetch(`${baseUrl}/healthz`)).status === 200;
    } catch {
      return false; // not listening yet
    }
  }, START_TIMEOUT_MS, 50);
  // The banner (with the one-time secrets) is written right after both listeners are up.
  await eventually(async () => cli.stdout().includes('cloudplane is running'), 5_000, 10);
  return { cli, baseUrl, legacyUrl: `http://127.0.0.1:${legacyPort}` };
}

function demoKeyFrom(stdout: string): string {
  const line = stdout.split('\n').find((text) => text.includes('demo API key'));
  assert.ok(line, `the first start prints the demo API key:\n${stdout}`);
  const match = /demo API key\s+(\S+)/.exec(line);
  assert.ok(match, line);
  return match[1]!;
}

/** Signs in to the console with the printed password; the session cookie, or null when refused. */
async function consoleSession(baseUrl: string, password: string): Promise<string | null> {
  const login = await fetch(`${baseUrl}/console/login`);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await login.text())?.[1] ?? '';
  const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const signedIn = await fetch(`${baseUrl}/console/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ _csrf: csrf, email: DEMO_EMAIL, password }).toString(),
  });
  return signedIn.status === 303 ? (signedIn.headers.getSetCookie()[0]?.split(';')[0] ?? null) : null;
}

async function api(baseUrl: string, key: string, pathname: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseUrl}/api/v1${pathname}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${key}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function killHard(cli: Cli): Promise<void> {
  cli.child.kill('SIGKILL');
  const { signal } = await exitWithin(cli, 10_000);
  assert.equal(signal, 'SIGKILL');
}

test('after SIGKILL during a project setup, a restart keeps the demo key and finishes the setup', async (t) => {
  const database = await createTestDatabase();
  const children = processes(t, database);

  const first = await startServe(children, database);
  const key = demoKeyFrom(first.cli.stdout());
  const me = await api(first.baseUrl, key, '/me/');
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.email, DEMO_EMAIL);
  const password = /demo console .* with password (\S+)/.exec(first.cli.stdout())?.[1];
  assert.ok(password, `the first start prints the demo user's console password:\n${first.cli.stdout()}`);
  assert.match(first.cli.stdout(), new RegExp(`console\\s+${first.baseUrl}/console/`));
  assert.ok(await consoleSession(first.baseUrl, password), 'the printed password signs in to the console');

  const created = await api(first.baseUrl, key, '/projects/', { method: 'POST', body: { name: 'Survives Restart' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.slug, 'survives-restart');
  assert.equal(created.body.status, 'setting_up');
  // The setup job is due about a second from now: the process dies before it could finish it.
  await killHard(first.cli);

  const second = await startServe(children, database);
  assert.doesNotMatch(second.cli.stdout(), /demo API key|demo console/, 'the demo key and password are shown only on the first start');
  assert.ok(await consoleSession(second.baseUrl, password), 'the password still signs in after the restart');
  const again = await api(second.baseUrl, key, '/me/');
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.equal(again.body.email, DEMO_EMAIL);

  const ready = await eventually(async () => {
    const project = await api(second.baseUrl, key, '/projects/survives-restart/');
    assert.equal(project.status, 200, JSON.stringify(project.body));
    return project.body.status === 'ready' ? project.body : null;
  }, 30_000, 100);
  assert.equal(ready.name, 'Survives Restart');
});

test('SIGTERM stops serve with exit code 0, and it starts again ready', async (t) => {
  const database = await createTestDatabase();
  const children = processes(t, database);

  const first = await startServe(children, database);
  const key = demoKeyFrom(first.cli.stdout());
  assert.equal((await api(first.baseUrl, key, '/me/')).status, 200);
  first.cli.child.kill('SIGTERM');
  const { code, signal } = await exitWithin(first.cli, 15_000);
  assert.equal(signal, null, first.cli.stderr());
  assert.equal(code, 0, first.cli.stderr());

  const second = await startServe(children, database);
  const ready = await fetch(`${second.baseUrl}/readyz`);
  assert.equal(ready.status, 200);
  assert.equal(((await ready.json()) as { status: string }).status, 'ready');
  assert.equal((await api(second.baseUrl, key, '/me/')).status, 200);
});

test('migrate applies the migrations once, then reports nothing to do', async (t) => {
  // A fresh DATA_DIR, or a fresh PostgreSQL database when TEST_DATABASE_URL is set.
  const database = await createTestDatabase();
  const children = processes(t, database);

  const first = runCli(children, 'migrate', storageEnv(database));
  const firstExit = await exitWithin(first, START_TIMEOUT_MS);
  assert.equal(firstExit.code, 0, first.stderr());
  assert.match(first.stdout(), /^applied: 0001-foundation/m);
  if (!database.databaseUrl) assert.ok(fs.existsSync(path.join(database.dataDir, 'cloudplane.db')), 'the database file exists');

  const second = runCli(children, 'migrate', storageEnv(database));
  const secondExit = await exitWithin(second, START_TIMEOUT_MS);
  assert.equal(secondExit.code, 0, second.stderr());
  assert.equal(second.stdout().trim(), 'already up to date');
});

test('migrate stops with a clear message on a bad DATABASE_URL', async (t) => {
  const children = processes(t, null);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-test-'));
  children.cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const cli = runCli(children, 'migrate', { DATABASE_URL: 'mysql://nope', DATA_DIR: dataDir });
  const { code } = await exitWithin(cli, START_TIMEOUT_MS);
  assert.equal(code, 1);
  assert.match(cli.stderr(), /configuration: DATABASE_URL must start with postgres:\/\//);
});

test('a worker process alone finishes a job left queued by a killed serve', async (t) => {
  const database = await createTestDatabase();
  const children = processes(t, database);

  const serve = await startServe(children, database);
  const key = demoKeyFrom(serve.cli.stdout());
  const created = await api(serve.baseUrl, key, '/projects/', { method: 'POST', body: { name: 'Worker Only' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await killHard(serve.cli);

  const worker = runCli(children, 'worker', storageEnv(database));
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  children.cleanups.push(() => handle.close());

  const projectStatus = async () =>
    (await handle.db.selectFrom('projects').select('status').where('slug', '=', 'worker-only').executeTakeFirstOrThrow()).status;
  assert.equal(await projectStatus(), 'setting_up');

  await eventually(async () => {
    // A worker that exits has stopped working, whatever its exit code says.
    if (!worker.running()) {
      const { code, signal } = await worker.exited;
      throw new Error(`the worker process exited (code ${code}, signal ${signal}) with the project still ${await projectStatus()}; stderr: ${worker.stderr()}`);
    }
    return (await projectStatus()) === 'ready';
  }, 30_000, 100);
  const job = await handle.db.selectFrom('jobs').select(['status', 'attempts']).where('type', '=', 'project.setup').executeTakeFirstOrThrow();
  assert.equal(job.status, 'done');

  worker.child.kill('SIGTERM');
  const { code } = await exitWithin(worker, 15_000);
  assert.equal(code, 0, worker.stderr());
});
