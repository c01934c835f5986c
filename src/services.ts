// Builds every service once, with its dependencies passed in. The HTTP
// layers (project, legacy, operator) and the worker all use these.
import type { Kysely } from 'kysely';
import type { Clock } from './clock.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import { TimePartitions } from './db/partitions.ts';
import type { Database } from './db/schema.ts';
import { BillingOutbox, billingJobs } from './modules/billing/index.ts';
import { FirewallInspection, firewallJobs, FirewallService } from './modules/firewall/index.ts';
import { BackOfficeService } from './modules/operator/index.ts';
import type { JobRunner } from './jobs/runner.ts';
import { AccountService } from './modules/account/index.ts';
import { ApiKeyService } from './modules/api-keys/index.ts';
import { CatalogueCache, CatalogueService } from './modules/catalogue/index.ts';
import { MemberService, ProjectAccess, projectJobs, ProjectService } from './modules/projects/index.ts';
import { UserService } from './modules/users/index.ts';
import { SshKeyService } from './modules/ssh-keys/index.ts';
import { snapshotJobs, SnapshotService } from './modules/snapshots/index.ts';
import {
  DEFAULT_METRICS_INTERVAL_MS,
  ensureServerMetricsSampling,
  externalMetricsJobs,
  ptrRemovalJobs,
  serverJobs,
  serverMetricsJobs,
  ServerMetricsService,
  DatabaseMetricsStore,
  DEFAULT_METRICS_RETENTION,
  type MetricsRetention,
  ServerService,
  ServerView,
  type SamplingRoundObserver,
} from './modules/servers/index.ts';
import { HostService } from './modules/hosts/index.ts';
import { DriftChecks, ensureHostDriftChecks, hostDriftJobs, HostDriftService } from './modules/host-drift/index.ts';
import { actionJobs, ActionService } from './modules/actions/index.ts';
import { cancellationJobs, CancellationService } from './modules/cancellation/index.ts';
import { orderJobs, OrderService } from './modules/orders/index.ts';
import { ReverseDnsService } from './modules/reverse-dns/index.ts';
import type { Engine } from './db/client.ts';
import { ConsoleSessionService, ENDED_SESSION_RETENTION_MS, SignInService } from './modules/console-sessions/index.ts';
import { paymentJobs, PaymentService } from './modules/payments/index.ts';
import type { Upstreams } from './upstreams/index.ts';
import type { MetricsBackend } from './upstreams/metrics/port.ts';
import pino, { type Logger } from 'pino';
import { DEFAULT_EVENT_RETENTION_MS, ensureEventPruning, EventHub, eventJobs, EventService } from './modules/events/index.ts';
import { AuditService } from './modules/audit/index.ts';
import { SERVER_CONSOLE_SESSION_RETENTION_MS, ServerConsoleService } from './modules/server-consoles/index.ts';
import { ensureRetentionPruning, retentionJobs } from './modules/retention/index.ts';
import { IDEMPOTENCY_WINDOW_MS, pruneIdempotencyKeys } from './modules/idempotency/index.ts';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './config.ts';
import { DURATION_UNITS } from './duration.ts';
import {
  DELIVERY_RETENTION_MS,
  ensureWebhookPruning,
  type HostResolver,
  systemResolver,
  WebhookAddressGuard,
  WebhookDispatcher,
  webhookJobs,
  WebhookService,
} from './modules/webhooks/index.ts';

export interface Services {
  apiKeys: ApiKeyService;
  users: UserService;
  account: AccountService;
  access: ProjectAccess;
  projects: ProjectService;
  members: MemberService;
  catalogue: CatalogueService;
  sshKeys: SshKeyService;
  snapshots: SnapshotService;
  servers: ServerService;
  serverMetrics: ServerMetricsService;
  hosts: HostService;
  hostDrift: HostDriftService;
  /** Each host's drift check job, started with the host. */
  driftChecks: DriftChecks;
  actions: ActionService;
  cancellation: CancellationService;
  orders: OrderService;
  catalogueCache: CatalogueCache;
  firewall: FirewallService;
  reverseDns: ReverseDnsService;
  backOffice: BackOfficeService;
  firewallInspection: FirewallInspection;
  consoleSessions: ConsoleSessionService;
  signIn: SignInService;
  payments: PaymentService;
  events: EventService;
  audit: AuditService;
  webhooks: WebhookService;
  serverConsoles: ServerConsoleService;
}

export interface ServiceDependencies {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  /** How a change made through one process reaches the caches of the others. */
  changes: ChangeFeed;
  upstreams: Upstreams;
  simScale: number;
  /** How long a console session lasts without a request. */
  sessionIdleMs: number;
  /** Nudges the local worker after a job was enqueued; a no-op where none runs. */
  wakeWorker: () => void;
  /** How often running servers' counters are sampled for their metrics (METRICS_INTERVAL); absent: 60 s. */
  metricsIntervalMs?: number;
  /** How long each resolution of server metrics is kept; absent: DEFAULT_METRICS_RETENTION. */
  metricsRetention?: MetricsRetention;
  /**
   * Where server metrics are read from (METRICS_BACKEND); absent: cloudplane's own store in the database. A
   * backend given here keeps its own counters (Prometheus scrapes them), so the sampler does not run.
   */
  metricsBackend?: MetricsBackend;
  /** Told of each metrics sampling round (the /metrics of a process that serves it); absent: nothing is. */
  samplingRounds?: SamplingRoundObserver;
  /** How long events are kept (CLOUDPLANE_EVENT_RETENTION_DAYS); absent: 7 days. */
  eventRetentionMs?: number;
  /** How long audit entries are kept; left out, DEFAULT_AUDIT_RETENTION_DAYS. */
  auditRetentionMs?: number;
  /** Whether webhooks may go to internal addresses (CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE); absent: no. */
  webhookAllowPrivate?: boolean;
  /** How webhook hosts are resolved (tests give names without DNS); absent: the system's resolver. */
  webhookResolver?: HostResolver;
  /** For the parts that run by themselves (the event hub); absent: silent. */
  logger?: Logger;
}

export function createServices(deps: ServiceDependencies): Services {
  const { db, clock, upstreams } = deps;
  const access = new ProjectAccess({ db, clock, changes: deps.changes });
  const catalogueCache = new CatalogueCache({ billing: upstreams.billing, changes: deps.changes });
  const sshKeys = new SshKeyService({ db, clock, access });
  const snapshots = new SnapshotService({ db, clock, access });
  // The operator's: the catalogue its locations are checked against is read from billing's back office.
  // A host registered starts its drift checks in the same transaction.
  const driftChecks = new DriftChecks({ db, clock });
  const hosts = new HostService({ db, clock, billing: upstreams.backOffice.billing, watch: driftChecks, changes: deps.changes });
  const servers = new ServerService({
    db,
    clock,
    access,
    view: new ServerView({ db, billing: upstreams.billing, firewall: upstreams.firewall }),
    // The operator's answers read the back office's systems, so faults neither hide fields nor get used up.
    operatorView: new ServerView({ db, billing: upstreams.backOffice.billing, firewall: upstreams.backOffice.firewall }),
    backOffice: upstreams.backOffice.billing,
    // Unwrapped: a read of the power state must neither be refused by nor use up a fault meant for the work.
    provisioning: upstreams.backOffice.provisioning,
    sshKeys,
    hosts,
  });
  const firewall = new FirewallService({ db, clock, changes: deps.changes, access, servers, billing: upstreams.billing, firewall: upstreams.firewall, wakeWorker: deps.wakeWorker });
  const projects = new ProjectService({ db, clock, changes: deps.changes, access, provisioning: upstreams.provisioning, firewall, wakeWorker: deps.wakeWorker });
  const orders = new OrderService({
    db,
    engine: deps.engine,
    clock,
    access,
    servers,
    billing: upstreams.billing,
    provisioning: upstreams.provisioning,
    catalogue: catalogueCache,
    snapshots,
    sshKeys,
    hosts,
    wakeWorker: deps.wakeWorker,
  });
  const actions = new ActionService({ db, clock, access, servers, billing: upstreams.billing, provisioning: upstreams.provisioning, snapshots, sshKeys, wakeWorker: deps.wakeWorker });
  const apiKeys = new ApiKeyService({ db, clock, changes: deps.changes });
  const audit = new AuditService({ db, clock, access });
  const hub = new EventHub({ db, engine: deps.engine, changes: deps.changes, logger: deps.logger ?? pino({ enabled: false }) });
  const events = new EventService({ db, access, hub });
  return {
    apiKeys,
    users: new UserService({
      db,
      clock,
      billing: upstreams.backOffice.billing,
      outbox: new BillingOutbox({ db, clock, billing: upstreams.backOffice.billing }),
      changes: deps.changes,
    }),
    account: new AccountService({ db, billing: upstreams.billing }),
    access,
    projects,
    members: new MemberService({ db, clock, changes: deps.changes }),
    catalogue: new CatalogueService({ access, billing: upstreams.billing }),
    sshKeys,
    snapshots,
    servers,
    serverMetrics: new ServerMetricsService({
      servers,
      backend:
        deps.metricsBackend ??
        new DatabaseMetricsStore({ db, clock, intervalMs: deps.metricsIntervalMs ?? DEFAULT_METRICS_INTERVAL_MS, retention: deps.metricsRetention ?? DEFAULT_METRICS_RETENTION }),
      intervalMs: deps.metricsIntervalMs ?? DEFAULT_METRICS_INTERVAL_MS,
    }),
    hosts,
    hostDrift: new HostDriftService({ db, clock, hosts, checks: driftChecks, wakeWorker: deps.wakeWorker }),
    driftChecks,
    actions,
    cancellation: new CancellationService({ db, clock, servers, actions, billing: upstreams.billing, rdns: upstreams.rdns, provisioning: upstreams.backOffice.provisioning, firewall: upstreams.backOffice.firewall, wakeWorker: deps.wakeWorker }),
    orders,
    catalogueCache,
    firewall,
    reverseDns: new ReverseDnsService({ db, clock, servers, rdns: upstreams.rdns }),
    // The operator's view of what the controller applied: read unwrapped, like the rest of the back office.
    firewallInspection: new FirewallInspection({ db, firewall: upstreams.backOffice.firewall }),
    backOffice: new BackOfficeService({ billing: upstreams.backOffice.billing, provisioning: upstreams.backOffice.provisioning, orders }),
    consoleSessions: new ConsoleSessionService({ db, clock, idleMs: deps.sessionIdleMs }),
    signIn: new SignInService({ db, clock }),
    payments: new PaymentService({ db, clock, billing: upstreams.billing, payments: upstreams.payments, orders, wakeWorker: deps.wakeWorker }),
    events,
    audit,
    // The console is asked through the wrapped port: a fault on provisioning reaches it like any call.
    serverConsoles: new ServerConsoleService({ db, clock, changes: deps.changes, access, servers, apiKeys, provisioning: upstreams.provisioning, audit }),
    webhooks: new WebhookService({ db, changes: deps.changes, clock, access, events, guard: webhookGuard(deps), wakeWorker: deps.wakeWorker }),
  };
}

/** Every background job type, registered on a runner (in `serve` or a `worker` process). */
export function registerJobs(runner: JobRunner, deps: ServiceDependencies, services: Services): void {
  runner.registerJobs(projectJobs, { db: deps.db, clock: deps.clock, changes: deps.changes, provisioning: deps.upstreams.provisioning, firewall: services.firewall });
  runner.registerJobs(actionJobs, { db: deps.db, clock: deps.clock, provisioning: deps.upstreams.provisioning, snapshots: services.snapshots, simScale: deps.simScale });
  runner.registerJobs(cancellationJobs, { ...services.cancellation.deps, cancellations: services.cancellation });
  // The operator's import calls billing unwrapped (the back office); so does its safety net.
  runner.registerJobs(serverJobs, { db: deps.db, billing: deps.upstreams.backOffice.billing, provisioning: deps.upstreams.backOffice.provisioning, firewall: deps.upstreams.backOffice.firewall });
  if (deps.metricsBackend) {
    // Prometheus scrapes the counters itself (D25): no sampling. A sampler's row left by a run with the built-in store finishes at its next run.
    runner.registerJobs(externalMetricsJobs, {});
  } else {
    // Sampling reads provisioning unwrapped, as a server's GET reads its power state: faults are meant for the actions.
    runner.registerJobs(serverMetricsJobs, {
      db: deps.db,
      clock: deps.clock,
      provisioning: deps.upstreams.backOffice.provisioning,
      partitions: new TimePartitions(deps.db, deps.engine),
      intervalMs: deps.metricsIntervalMs ?? DEFAULT_METRICS_INTERVAL_MS,
      retention: deps.metricsRetention ?? DEFAULT_METRICS_RETENTION,
      rounds: deps.samplingRounds,
    });
    // The sampler is one recurring job row for the whole service, made by the first worker that starts (this
    // function is synchronous, so it is made in the background: the worker's next poll finds it). Should it fail
    // (the database went away as the process started), the next start makes it.
    void ensureServerMetricsSampling(deps.db, deps.clock).catch(() => undefined);
  }
  // Drift checks read provisioning unwrapped too; each host's job is made with the host, and again here should it be gone.
  runner.registerJobs(hostDriftJobs, { db: deps.db, clock: deps.clock, provisioning: deps.upstreams.backOffice.provisioning, hosts: services.hosts, servers: services.servers, logger: deps.logger });
  void ensureHostDriftChecks(services.driftChecks, services.hosts).catch(() => undefined);
  runner.registerJobs(eventJobs, { db: deps.db, clock: deps.clock, retentionMs: deps.eventRetentionMs ?? DEFAULT_EVENT_RETENTION_MS });
  void ensureEventPruning(deps.db, deps.clock).catch(() => undefined);
  runner.registerJobs(webhookJobs, {
    db: deps.db,
    clock: deps.clock,
    guard: webhookGuard(deps),
    logger: deps.logger,
    retentionMs: DELIVERY_RETENTION_MS,
  });
  void ensureWebhookPruning(deps.db, deps.clock).catch(() => undefined);
  runner.registerJobs(retentionJobs, {
    clock: deps.clock,
    logs: [
      { what: 'audit entries', keptMs: deps.auditRetentionMs ?? DEFAULT_AUDIT_RETENTION_DAYS * DURATION_UNITS.d!, prune: (before) => services.audit.pruneBefore(before) },
      { what: 'server console sessions', keptMs: SERVER_CONSOLE_SESSION_RETENTION_MS, prune: (before) => services.serverConsoles.pruneBefore(before) },
      { what: 'idempotency records', keptMs: IDEMPOTENCY_WINDOW_MS, prune: (before) => pruneIdempotencyKeys(deps.db, before) },
      { what: 'ended console sessions', keptMs: ENDED_SESSION_RETENTION_MS, prune: (before) => services.consoleSessions.pruneEnded(before) },
    ],
  });
  void ensureRetentionPruning(deps.db, deps.clock).catch(() => undefined);
  runner.registerJobs(firewallJobs, { db: deps.db, clock: deps.clock, firewall: deps.upstreams.firewall });
  runner.registerJobs(snapshotJobs, { provisioning: deps.upstreams.provisioning });
  runner.registerJobs(ptrRemovalJobs, { db: deps.db, rdns: deps.upstreams.rdns });
  runner.registerJobs(billingJobs, { billing: deps.upstreams.billing });
  runner.registerJobs(paymentJobs, { db: deps.db, clock: deps.clock, billing: deps.upstreams.billing, payments: deps.upstreams.payments, orders: services.orders });
  runner.registerJobs(orderJobs, {
    db: deps.db,
    clock: deps.clock,
    billing: deps.upstreams.billing,
    outbox: new BillingOutbox({ db: deps.db, clock: deps.clock, billing: deps.upstreams.billing }),
    access: services.access,
    orders: services.orders,
    provisioning: deps.upstreams.backOffice.provisioning,
    firewall: deps.upstreams.backOffice.firewall,
    rdns: deps.upstreams.rdns,
    actions: services.actions,
    sshKeys: services.sshKeys,
    hosts: services.hosts,
    simScale: deps.simScale,
  });
}

/** Where webhooks may be sent: checked when a URL is set and before every attempt, with the same rules. */
function webhookGuard(deps: ServiceDependencies): WebhookAddressGuard {
  return new WebhookAddressGuard({ allowPrivate: deps.webhookAllowPrivate ?? false, resolve: deps.webhookResolver ?? systemResolver });
}

/** Turns new events into webhook deliveries; runs where jobs run (serve, worker), started and stopped with the worker. */
export function createWebhookDispatcher(deps: ServiceDependencies, services: Services): WebhookDispatcher {
  return new WebhookDispatcher({ db: deps.db, changes: deps.changes, clock: deps.clock, events: services.events, logger: deps.logger ?? pino({ enabled: false }), wakeWorker: deps.wakeWorker });
}
