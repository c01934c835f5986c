// cloudplane as real processes (`cloudplane serve | worker`: the bundle of
// the sources as they are now, helpers/bundle.ts, or as `npm start` runs it:
// bin/cloudplane.js and dist/) on one test database, each stopped when the
// test or suite that started it ends.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, eventually, OPERATOR_TOKEN, type CallOptions, type CallResult } from './build.ts';
import { testBundle } from './bundle.ts';
import type { TestDatabase } from './database.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 15_000;
/** How often a serve process is started again when a port it was given was taken meanwhile. */
const PORT_ATTEMPTS = 3;

export interface CloudplaneProcess {
  name: string;
  child: ChildProcess;
  /** What it wrote so far (stdout and stderr), to show when something fails. */
  output(): string;
  running(): boolean;
  /** SIGTERM, then SIGKILL after a grace period; resolves with how it exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServeProcess extends CloudplaneProcess {
  baseUrl: string;
  legacyUrl: string;
  /** The project API; paths relative to /api/v1. */
  api<Body = any>(pathname: string, options?: CallOptions): Promise<CallResult<Body>>;
  /** The operator API with the operator token; paths relative to /admin/v1. */
  admin<Body = any>(pathname: string, options?: CallOptions): Promise<CallResult<Body>>;
  /** Any path on the legacy listener (its API is under /api/v1). */
  legacy<Body = any>(pathname: string, options?: CallOptions): Promise<CallResult<Body>>;
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts processes on `database`; `stopAll` stops every one still running (call it when the test or suite ends). */
export function cloudplaneProcesses(database: TestDatabase, extraEnv: NodeJS.ProcessEnv = {}, runs: 'sources' | 'build' = 'sources') {
  const started: CloudplaneProcess[] = [];
  const entry = async () => (runs === 'sources' ? await testBundle() : 'bin/cloudplane.js');

  async function run(name: string, command: 'serve' | 'worker', env: NodeJS.ProcessEnv): Promise<CloudplaneProcess> {
    const child = spawn(process.execPath, [await entry(), command], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: database.databaseUrl ?? '',
        DATA_DIR: database.dataDir,
        CLOUDPLANE_ADMIN_TOKEN: OPERATOR_TOKEN,
        CLOUDPLANE_TEST_CLOCK: '1',
        CLOUDPLANE_SIM_SCALE: '0.01',
        CLOUDPLANE_PUBLIC_URL: '',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...extraEnv,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      child.once('exit', (code, signal) => {
        exit = { code, signal };
        resolve(exit);
      });
    });
    const cloudplane: CloudplaneProcess = {
      name,
      child,
      output: () => output,
      running: () => exit === null,
      async stop() {
        if (exit) return exit;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        try {
          return await exited;
        } finally {
          clearTimeout(timer);
        }
      },
    };
    started.push(cloudplane);
    return cloudplane;
  }

  async function untilStarted(cloudplane: CloudplaneProcess, ready: () => Promise<boolean>): Promise<void> {
    try {
      await eventually(async () => {
        if (!cloudplane.running()) throw new Error('it exited');
        return ready();
      }, START_TIMEOUT_MS, 50);
    } catch (error) {
      throw new Error(`${cloudplane.name} did not start: ${(error as Error).message}\n--- its output ---\n${cloudplane.output()}`, { cause: error });
    }
  }

  /**
   * `cloudplane serve` on ports free a moment ago. Another test's process,
   * running side by side, can take one of them before this one listens; the
   * process then exits with EADDRINUSE and is started again on other ports.
   */
  async function startServing(name: string, env: NodeJS.ProcessEnv): Promise<{ cloudplane: CloudplaneProcess; port: number; legacyPort: number }> {
    for (let attempt = 1; ; attempt += 1) {
      const [port, legacyPort] = [await freePort(), await freePort()];
      const cloudplane = await run(name, 'serve', { ...env, PORT: String(port), LEGACY_PORT: String(legacyPort) });
      try {
        await untilStarted(cloudplane, async () => cloudplane.output().includes('cloudplane is running'));
        return { cloudplane, port, legacyPort };
      } catch (error) {
        if (attempt >= PORT_ATTEMPTS || cloudplane.running() || !cloudplane.output().includes('EADDRINUSE')) throw error;
      }
    }
  }

  return {
    /** `cloudplane serve` on free ports (with `env` besides the set's own), resolved once it prints that it is running (both listeners are up then). */
    async serve(name: string, env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
      const { cloudplane, port, legacyPort } = await startServing(name, env);
      const baseUrl = `http://127.0.0.1:${port}`;
      const legacyUrl = `http://127.0.0.1:${legacyPort}`;
      return {
        ...cloudplane,
        baseUrl,
        legacyUrl,
        api: (pathname, options = {}) => call(`${baseUrl}/api/v1${pathname}`, options, null),
        admin: (pathname, options = {}) => call(`${baseUrl}/admin/v1${pathname}`, options, OPERATOR_TOKEN),
        legacy: (pathname, options = {}) => call(`${legacyUrl}${pathname}`, options, null),
      };
    },

    /** `cloudplane worker` (with `env` besides the set's own), resolved once it says it started (it logs that at info level, so it runs with LOG_LEVEL=info). */
    async worker(name: string, env: NodeJS.ProcessEnv = {}): Promise<CloudplaneProcess> {
      const cloudplane = await run(name, 'worker', { LOG_LEVEL: 'info', ...env });
      await untilStarted(cloudplane, async () => cloudplane.output().includes('worker started'));
      return cloudplane;
    },

    async stopAll(): Promise<void> {
      await Promise.all(started.map((cloudplane) => cloudplane.stop()));
    },
  };
}
