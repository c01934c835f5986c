// `cloudplane serve | worker | migrate`: the service itself. Loaded only when
// one of these runs, so the user commands (`cloudplane servers list`) never
// pay for Fastify, the database drivers or the job runner at start-up.
import pino from 'pino';
import { createApplication, type Application } from '../app.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { armCrashPoint } from '../crash-points.ts';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DEMO_EMAIL } from '../bootstrap.ts';

function createLogger(config: Config) {
  // Keys and tokens never reach the log: request lines carry method and URL only, and the header is redacted anyway.
  // Written asynchronously: lines logged while a write is under way go out together in the next one,
  // so a busy service makes one write per batch rather than per line; pino flushes what is left on exit.
  const destination = pino.destination({ dest: 1, sync: false });
  return pino({ level: config.logLevel, redact: ['req.headers.authorization', 'headers.authorization'] }, destination);
}

function describeStorage(config: Config): string {
  if (!config.databaseUrl) return `SQLite in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

function printFirstStart(app: Application, urls: { mainUrl: string; legacyUrl: string }, config: Config): void {
  const lines = [
    '',
    'cloudplane is running',
    `  project API   ${urls.mainUrl}/api/v1`,
    `  legacy API    ${urls.legacyUrl}/api/v1`,
    `  operator API  ${urls.mainUrl}/admin/v1`,
    `  console       ${urls.mainUrl}/console/`,
    `  API reference ${urls.mainUrl}/docs  (legacy: ${urls.legacyUrl}/docs)`,
    `  storage       ${describeStorage(config)}`,
  ];
  // Nothing queued would ever run without a worker: say so where the operator looks.
  if (!app.runner) lines.push('  jobs          not run here (CLOUDPLANE_SERVE_JOBS=0): start `cloudplane worker` processes on the same database');
  if (app.firstStart.demo) {
    lines.push(`  demo API key  ${app.firstStart.demo.key}    (shown once; user ${DEMO_EMAIL}, project "demo")`);
    lines.push(`  demo console  sign in at ${urls.mainUrl}/console/ as ${DEMO_EMAIL} with password ${app.firstStart.demo.password}    (shown once)`);
  }
  if (app.firstStart.operatorToken) lines.push(`  operator token ${app.firstStart.operatorToken}    (shown once; set CLOUDPLANE_ADMIN_TOKEN to choose your own)`);
  lines.push('');
  // Printed on the terminal, never logged: this is the one time the secrets are shown.
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** SIGTERM/SIGINT: stop accepting, finish in-flight requests and jobs, then exit. */
function stopOnSignal(app: Application, logger: pino.Logger): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

export async function serve(): Promise<void> {
  const config = loadConfig();
  armCrashPoint(config.crashAt);
  const logger = createLogger(config);
  const app = await createApplication({ config, logger, http: true, worker: config.serveJobs ?? true, demo: true });
  stopOnSignal(app, logger);
  const urls = await app.listen();
  printFirstStart(app, urls, config);
}

export async function worker(): Promise<void> {
  const config = loadConfig();
  armCrashPoint(config.crashAt);
  const logger = createLogger(config);
  const app = await createApplication({ config, logger, http: false, worker: true, demo: false });
  stopOnSignal(app, logger);
  const { workerUrl } = await app.listen();
  logger.info({ workerId: app.runner?.workerId, metrics: workerUrl ? `${workerUrl}/metrics` : undefined }, 'worker started');
}

export async function migrate(): Promise<void> {
  const config = loadConfig();
  const handle = openDatabase(config);
  try {
    const applied = await migrateToLatest(handle);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'already up to date\n');
  } finally {
    await handle.close();
  }
}

/** How a failure of the service commands is printed: a configuration mistake as one line, anything else with its stack. */
export function describeServiceFailure(error: unknown): string {
  return error instanceof ConfigError ? `configuration: ${error.message}` : ((error as Error).stack ?? String(error));
}
