// Assembles cloudplane from its configuration: the database, the systems
// behind the API, the services, the two listeners and the worker, each
// optional so that `serve`, `worker` and the tests pick what they need.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AdjustableClock, systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { openChangeFeed, type ChangeFeed } from './db/change-feed.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildMainServer } from './http/server.ts';
import { buildWorkerServer } from './http/worker-server.ts';
import { createMetricsRegistry } from './http/plugins/metrics.ts';
import { measureSamplingRounds } from './http/plugins/sampler-metrics.ts';
import type { ContractViolation } from './http/plugins/response-contract.ts';
import { JobRunner } from './jobs/runner.ts';
import { buildLegacyServer } from './legacy/server.ts';
import { ensureCatalogue, ensureDemoWorld, ensureOperatorToken, type DemoCredentials } from './bootstrap.ts';
import { createServices, createWebhookDispatcher, registerJobs, type Services } from './services.ts';
import type { HostResolver, WebhookDispatcher } from './modules/webhooks/index.ts';
import { DEFAULT_METRICS_INTERVAL_MS } from './modules/servers/index.ts';
import { createUpstreams, type Upstreams } from './upstreams/index.ts';
import type { MetricsBackend } from './upstreams/metrics/port.ts';
import { PrometheusMetricsBackend } from './upstreams/metrics/prometheus.ts';

export interface ApplicationOptions {
  config: Config;
  logger: Logger;
  http: boolean;
  worker: boolean;
  /** Create the demo user, project and key on an empty database. */
  demo: boolean;
  jobPollIntervalMs?: number;
  jobLeaseMs?: number;
  onContractViolation?: (violation: ContractViolation) => void;
  /** How webhook hosts are resolved; absent: the system's resolver. Tests name hosts without DNS. */
  webhookResolver?: HostResolver;
  /** How long close() lets in-flight requests finish before it cuts their connections; SHUTDOWN_GRACE_MS when absent. */
  shutdownGraceMs?: number;
}

/**
 * How long a shutdown waits for the requests in flight. Past it their
 * connections are cut: a client that stopped reading a response, or never
 * sends the rest of its body, must not keep the process from stopping (or a
 * deploy from rolling on). Streams (events, the serial console) are ended
 * before this by their own preClose hooks.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Stops a listener: no new connections, in-flight requests finish or are cut after the grace. */
async function closeListener(listener: FastifyInstance, graceMs: number): Promise<void> {
  const cut = setTimeout(() => listener.server.closeAllConnections(), graceMs);
  try {
    await listener.close();
  } finally {
    clearTimeout(cut);
  }
}

export interface Application {
  database: DatabaseHandle;
  changes: ChangeFeed;
  clock: Clock;
  upstreams: Upstreams;
  services: Services;
  runner: JobRunner | null;
  /** Turns events into webhook deliveries where jobs run; null elsewhere. */
  webhookDispatcher: WebhookDispatcher | null;
  main: FastifyInstance | null;
  legacy: FastifyInstance | null;
  /** A worker's own /metrics and /healthz (WORKER_METRICS_PORT); null elsewhere. */
  workerListener: FastifyInstance | null;
  /** Printed once on first start. */
  firstStart: { demo: DemoCredentials | null; operatorToken: string | null };
  listen(): Promise<{ mainUrl: string; legacyUrl: string; workerUrl: string }>;
  close(): Promise<void>;
}

/** Where server metrics are read from: undefined for cloudplane's own store (services.ts makes it), or Prometheus. */
function metricsBackend(config: Config): MetricsBackend | undefined {
  if (config.metrics?.backend !== 'prometheus') return undefined;
  return new PrometheusMetricsBackend({ url: config.metrics.url, timeoutMs: config.metrics.timeoutMs, scrapeIntervalMs: config.metricsIntervalMs ?? DEFAULT_METRICS_INTERVAL_MS });
}

export async function createApplication(options: ApplicationOptions): Promise<Application> {
  const { config, logger } = options;
  const database = openDatabase(config);
  await migrateToLatest(database);
  const { db, engine } = database;
  const changes = await openChangeFeed(database, { databaseUrl: config.databaseUrl, logger });

  const adjustable = config.testClock ? new AdjustableClock(db, changes) : null;
  await adjustable?.refresh();
  const clock = adjustable ?? systemClock;
  const upstreams = createUpstreams(db, clock, changes, config.simScale, config.rdns, config.provisioning, config.firewall);

  const runner = options.worker
    ? new JobRunner({
        db,
        engine,
        clock,
        logger,
        pollIntervalMs: options.jobPollIntervalMs,
        leaseMs: options.jobLeaseMs,
        concurrency: config.workerConcurrency,
        beforePoll: adjustable ? () => adjustable.refresh() : undefined,
      })
    : null;
  const wakeWorker = () => runner?.wake();
  if (adjustable) {
    // Another process moved the clock: read the offset again, and let this process's worker run what became due.
    changes.subscribe('clock', () => {
      adjustable.refresh().then(wakeWorker, (error: unknown) => logger.error({ err: error }, 'reading the moved clock failed'));
    });
  }
  const serviceDependencies = { db, engine, clock, changes, upstreams, simScale: config.simScale, sessionIdleMs: config.sessionIdleMs, metricsIntervalMs: config.metricsIntervalMs, metricsBackend: metricsBackend(config), metricsRetention: config.metricsRetention, eventRetentionMs: config.eventRetentionMs, auditRetentionMs: config.auditRetentionMs, webhookAllowPrivate: config.webhookAllowPrivate, webhookResolver: options.webhookResolver, logger, wakeWorker };
  const services = createServices(serviceDependencies);
  // Made before the jobs are registered: the sampler's rounds are measured there too, where /metrics is served (the
  // listeners, or a worker's own listener).
  const workerListens = !options.http && runner !== null && config.workerMetricsPort !== undefined;
  const metrics = options.http || workerListens ? createMetricsRegistry() : null;
  if (runner) registerJobs(runner, { ...serviceDependencies, samplingRounds: metrics ? measureSamplingRounds(metrics) : undefined }, services);
  const webhookDispatcher = runner ? createWebhookDispatcher(serviceDependencies, services) : null;

  await ensureCatalogue(upstreams);
  // Ordering checks against this copy, so it is loaded before the first order.
  await services.catalogueCache.get().catch(() => undefined);
  // Only the process that serves the operator API makes (and prints) the token.
  const operatorToken = options.http ? await ensureOperatorToken(db, config.adminToken) : { hash: '', generated: null };
  const demo = options.demo ? await ensureDemoWorld(db, services) : null;

  let main: FastifyInstance | null = null;
  let legacy: FastifyInstance | null = null;
  const workerListener = workerListens && metrics ? buildWorkerServer({ logger, metrics }) : null;
  if (options.http && metrics) {
    main = await buildMainServer({
      logger,
      db,
      services,
      operator: { upstreams, testClock: adjustable, wakeWorker },
      operatorTokenHash: operatorToken.hash,
      metrics,
      publicUrl: config.publicUrl,
      clock,
      changes,
      serverConsoleIdleMs: config.serverConsoleIdleMs,
      onContractViolation: options.onContractViolation,
    });
    // Console links from the legacy API point at the main listener: the host the client used, on the port main listens on.
    const listening = main;
    const mainPort = () => (listening.server.address() as { port: number } | null)?.port ?? config.port;
    legacy = await buildLegacyServer({ logger, metrics, db, services, upstreams, clock, wakeWorker, publicUrl: config.publicUrl, mainPort, onContractViolation: options.onContractViolation });
  }

  let closing: Promise<void> | null = null;
  return {
    database,
    changes,
    clock,
    upstreams,
    services,
    runner,
    webhookDispatcher,
    main,
    legacy,
    workerListener,
    firstStart: { demo, operatorToken: operatorToken.generated },
    async listen() {
      runner?.start();
      webhookDispatcher?.start();
      const mainUrl = main ? await main.listen({ port: config.port, host: config.host }) : '';
      const legacyUrl = legacy ? await legacy.listen({ port: config.legacyPort, host: config.host }) : '';
      const workerUrl = workerListener ? await workerListener.listen({ port: config.workerMetricsPort, host: config.host }) : '';
      return { mainUrl, legacyUrl, workerUrl };
    },
    /** Stops accepting, lets in-flight requests finish (within the grace), stops the worker, closes the database. */
    close() {
      const graceMs = options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS;
      closing ??= (async () => {
        const listeners = [main, legacy, workerListener].filter((listener) => listener !== null);
        await Promise.all(listeners.map((listener) => closeListener(listener, graceMs)));
        await webhookDispatcher?.stop();
        await runner?.stop();
        services.events.hub.close();
        await changes.close();
        await database.close();
      })();
      return closing;
    },
  };
}
