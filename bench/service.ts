// How the bench runs cloudplane: as production does, from the build
// (`node dist/main.js serve`), and through `npm start`, each in its own
// process group with its log in a file. Until the build produces
// dist/main.js, the TypeScript sources run through tsx instead, and the
// report says so.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { freePort, millisecondsUntilHealthy, startLogged, stop, type Child } from './processes.ts';

export const ADMIN_TOKEN = 'bench-operator-token-0123456789';
/**
 * Simulated work at 1/100 of its usual length: a reboot takes tens of
 * milliseconds, so the worker can finish actions as fast as the reboot target
 * starts them and the rotation finds its servers free again.
 */
const SIM_SCALE = '0.01';

export interface ServiceCommand {
  /** The direct command, as the report shows it. */
  description: string;
  command: string;
  args: string[];
  /** `npm start`'s script in package.json at the time of the run, as the report shows it. */
  npmStart: string;
  /** Why the direct command is not `node dist/main.js serve`, when it is not. */
  fallback?: string;
}

/**
 * Builds the service (`npm run build`, which always builds, so the bench runs
 * the code in the tree) and says how the bench will run it.
 */
export function prepareService(root: string, log: (line: string) => void): ServiceCommand {
  const npmStart = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts?.start ?? '(none)';
  let buildProblem = '';
  try {
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  } catch (error) {
    buildProblem = `: ${(error as Error).message}`;
  }
  if (!buildProblem && fs.existsSync(path.join(root, 'dist', 'main.js'))) {
    return { description: 'node dist/main.js serve', command: process.execPath, args: ['dist/main.js', 'serve'], npmStart };
  }
  const fallback = `npm run build did not produce dist/main.js${buildProblem}; the sources run through tsx`;
  log(`warning: ${fallback}`);
  return { description: 'node --import tsx src/cli/main.ts serve', command: process.execPath, args: ['--import', 'tsx', 'src/cli/main.ts', 'serve'], npmStart, fallback };
}

export interface RunningService {
  child: Child;
  /** Its stdout and stderr: the service's log, at its default level. */
  logFile: string;
  /** Project and operator APIs, and the legacy listener. */
  base: string;
  legacyBase: string;
  /** From spawn to the first 2xx of /healthz. */
  msUntilHealthy: number;
  /** How it was started. */
  how: 'direct' | 'npm start';
}

export interface ServiceStorage {
  root: string;
  dataDir: string;
  /** Empty: embedded SQLite in dataDir. */
  databaseUrl: string;
}

/**
 * One `serve` on the storage, started directly or through `npm start`, ready
 * when /healthz answers. The log level is the service's default: LOG_LEVEL is
 * removed from the environment, as the issue measures with it.
 */
export async function startService(
  how: 'direct' | 'npm start',
  name: string,
  command: ServiceCommand,
  storage: ServiceStorage,
  /**
   * Settings a figure needs on top of the bench's, or instead of them (CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE for a
   * receiver on loopback, CLOUDPLANE_TEST_CLOCK for the day's rounds: bench/day.ts).
   */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RunningService> {
  const [port, legacyPort] = [await freePort(), await freePort()];
  const env = serviceEnv(storage, { PORT: String(port), LEGACY_PORT: String(legacyPort), ...extraEnv });
  const logFile = path.join(storage.dataDir, `${name.replace(/\W+/g, '-')}.log`);
  const spawnedAt = performance.now();
  const child = how === 'npm start' ? startLogged(name, 'npm', ['start'], { cwd: storage.root, env, logFile }) : startLogged(name, command.command, command.args, { cwd: storage.root, env, logFile });
  const base = `http://127.0.0.1:${port}`;
  let msUntilHealthy: number;
  try {
    msUntilHealthy = await millisecondsUntilHealthy(`${base}/healthz`, spawnedAt, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { child, logFile, base, legacyBase: `http://127.0.0.1:${legacyPort}`, msUntilHealthy, how };
}

/** The environment of a service process on `storage`: the bench's settings, then `extraEnv`; the service's default log level. */
function serviceEnv(storage: ServiceStorage, extraEnv: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl, // empty means embedded SQLite, even if the caller's shell sets one
    CLOUDPLANE_ADMIN_TOKEN: ADMIN_TOKEN,
    CLOUDPLANE_TEST_CLOCK: '',
    CLOUDPLANE_SIM_SCALE: SIM_SCALE,
    ...extraEnv,
  };
  delete env.LOG_LEVEL;
  return env;
}

export interface RunningWorker {
  child: Child;
  logFile: string;
  /** Its own listener (WORKER_METRICS_PORT): /metrics and /healthz. */
  base: string;
}

/**
 * One `cloudplane worker` on the storage, the same build and settings as the
 * service (`command` with `worker` for `serve`), with its /metrics on a free
 * port; ready when its /healthz answers.
 */
export async function startWorker(name: string, command: ServiceCommand, storage: ServiceStorage, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningWorker> {
  const port = await freePort();
  const env = serviceEnv(storage, { WORKER_METRICS_PORT: String(port), ...extraEnv });
  const logFile = path.join(storage.dataDir, `${name.replace(/\W+/g, '-')}.log`);
  const args = command.args.map((arg) => (arg === 'serve' ? 'worker' : arg));
  const spawnedAt = performance.now();
  const child = startLogged(name, command.command, args, { cwd: storage.root, env, logFile });
  const base = `http://127.0.0.1:${port}`;
  try {
    await millisecondsUntilHealthy(`${base}/healthz`, spawnedAt, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { child, logFile, base };
}

const ERROR_LEVEL = 50; // pino's "error"; "fatal" is 60

/**
 * The distinct errors a service logged (pino lines at level error or above),
 * at most `limit`, so a failed target's report says what went wrong inside.
 */
export async function loggedErrors(logFile: string, limit = 5): Promise<string[]> {
  const found = new Set<string>();
  const lines = readline.createInterface({ input: fs.createReadStream(logFile, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.includes('"level":5') && !line.includes('"level":6')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string; stack?: string } };
      if ((entry.level ?? 0) < ERROR_LEVEL) continue;
      found.add([entry.msg, entry.err?.stack?.split('\n').slice(0, 2).join(' ') ?? entry.err?.message].filter(Boolean).join(': '));
    } catch {
      // Not a log line (npm's banner, a stack trace printed raw).
    }
    if (found.size >= limit) break;
  }
  lines.close();
  return [...found];
}

/**
 * The node flags and environment `npm start` runs the service with (its
 * script: `VAR=value … exec node --flag … bin/cloudplane.js serve`), for the
 * ceilings: they run under the same V8 settings as the service, so a share of
 * a ceiling measures cloudplane's code, not the memory settings `npm start`
 * chose (docs/performance.md: `--optimize-for-size` alone costs /me/ a
 * sixth of its speed on SQLite and a third on PostgreSQL, in both processes alike).
 */
export function npmStartRuntime(npmStart: string): { nodeFlags: string[]; env: Record<string, string> } {
  const words = npmStart.split(/\s+/).filter((word) => word !== '');
  const env: Record<string, string> = {};
  const nodeFlags: string[] = [];
  let afterNode = false;
  for (const word of words) {
    if (!afterNode) {
      const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
      if (assignment) env[assignment[1]!] = assignment[2]!;
      if (word === 'node') afterNode = true;
    } else if (word.startsWith('--')) nodeFlags.push(word);
    else break;
  }
  return { nodeFlags, env };
}

