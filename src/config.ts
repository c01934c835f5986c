// Every environment variable cloudplane reads, parsed once at start.
// A bad value stops the process with a message naming the variable.
import { DURATION_UNITS, parseDuration } from './duration.ts';
import { CRASH_POINTS, isCrashPointName, type CrashPointName } from './crash-points.ts';

export interface Config {
  port: number;
  legacyPort: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminToken: string | undefined;
  publicUrl: string | undefined;
  simScale: number;
  /** How many jobs one worker runs at once. */
  workerConcurrency: number;
  /**
   * Whether `serve` runs jobs beside its listeners (CLOUDPLANE_SERVE_JOBS, on
   * by default). Off, it only answers requests, and `cloudplane worker`
   * processes run every job: the metrics sampler's rounds, above all, then
   * take no time from the API's event loop. Left out, on.
   */
  serveJobs?: boolean;
  /**
   * Where `cloudplane worker` serves its own /metrics and /healthz
   * (WORKER_METRICS_PORT); unset, a worker listens nowhere.
   */
  workerMetricsPort?: number;
  testClock: boolean;
  logLevel: string;
  /** How long a console session lasts without a request (CLOUDPLANE_SESSION_IDLE). */
  sessionIdleMs: number;
  /** How long a server's console stays open without a byte either way (CLOUDPLANE_SERVER_CONSOLE_IDLE, D24). */
  serverConsoleIdleMs: number;
  /** Where PTR records live: the built-in store, or a PowerDNS server through its HTTP API. */
  rdns: RdnsConfig;
  /** The crash point this process kills itself at (`CLOUDPLANE_CRASH_AT`, for crash tests), or null. */
  crashAt: CrashPointName | null;
  /** What runs the servers: the built-in simulator, or libvirt domains (D19). */
  provisioning: ProvisioningConfig;
  /**
   * Where firewall rulesets go: recorded only, or also loaded with nft onto
   * the servers' taps (D12, D19). loadConfig always sets it; left out (a
   * Config built by hand, as the test helper does), it is the built-in one.
   */
  firewall?: FirewallConfig;
  /**
   * How often the worker samples the counters of running servers for their
   * metrics (METRICS_INTERVAL, seconds); with METRICS_BACKEND=prometheus, how
   * often Prometheus scrapes them. loadConfig always sets it; left out (a
   * Config built by hand), it is 60 s.
   */
  metricsIntervalMs?: number;
  /**
   * Where server metrics are read from: cloudplane's own store of the
   * sampler's rows, or a Prometheus server that scrapes the counters
   * (METRICS_BACKEND, D25). loadConfig always sets it; left out, the built-in store.
   */
  metrics?: MetricsConfig;
  /**
   * How long server metrics are kept at each resolution: raw samples
   * (METRICS_RAW_RETENTION_HOURS, 24), 5-minute rollups (METRICS_5M_RETENTION_DAYS,
   * 7) and hourly ones (METRICS_1H_RETENTION_DAYS, 90). Left out, those defaults.
   */
  metricsRetention?: { rawMs: number; fiveMinuteMs: number; hourlyMs: number };
  /** How long events are kept before the pruning job deletes them (CLOUDPLANE_EVENT_RETENTION_DAYS, at least 7); left out, 7 days. */
  eventRetentionMs?: number;
  /** How long audit entries are kept before the retention job deletes them (CLOUDPLANE_AUDIT_RETENTION_DAYS, 30 to 3650); left out, 400 days. */
  auditRetentionMs?: number;
  /**
   * Whether webhooks may be sent to loopback, private, link-local and other
   * internal addresses (CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE=1): off by default,
   * so a customer cannot make the service call into the operator's network.
   */
  webhookAllowPrivate?: boolean;
}

export type FirewallConfig =
  | { backend: 'builtin' }
  | {
      backend: 'nftables';
      /** The command that runs nft where the taps are, and its leading arguments (`['ip', 'netns', 'exec', 'hv', 'nft']`). */
      nftCommand: string[];
    };

export type ProvisioningConfig =
  | { backend: 'builtin' }
  | {
      backend: 'libvirt';
      /** `qemu:///system`, or a remote host's `qemu+ssh://root@host/system`. */
      uri: string;
      /** `kvm` where the host has it; `qemu` (software emulation) elsewhere. */
      domainType: 'kvm' | 'qemu';
      /** The storage pool of the servers' disks and seeds, made (a directory pool) when missing. */
      pool: string;
      poolDirectory: string;
      /** A location's servers join the bridge `${bridgePrefix}${location}` (at most 15 characters). */
      bridgePrefix: string;
      /** How long a shutdown waits for the guest before it powers the server off. */
      shutdownTimeoutMs: number;
    };

export type MetricsConfig = { backend: 'builtin' } | { backend: 'prometheus'; url: string; timeoutMs: number };

export type RdnsConfig =
  | { backend: 'builtin' }
  | { backend: 'powerdns'; apiUrl: string; apiKey: string; serverId: string; timeoutMs: number };

export class ConfigError extends Error {}

/** How long audit entries are kept unless the operator says otherwise (CLOUDPLANE_AUDIT_RETENTION_DAYS): past a year, as audits ask. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 400;

function integerIn(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a number above 0, got "${raw}"`);
  return value;
}

function databaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  return raw;
}

function httpUrl(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function rdns(env: NodeJS.ProcessEnv): RdnsConfig {
  const backend = env.RDNS_BACKEND || 'builtin';
  if (backend === 'builtin') return { backend };
  if (backend !== 'powerdns') throw new ConfigError(`RDNS_BACKEND must be builtin or powerdns, got "${backend}"`);
  const apiUrl = httpUrl('PDNS_API_URL', env.PDNS_API_URL);
  if (!apiUrl) throw new ConfigError('PDNS_API_URL is required with RDNS_BACKEND=powerdns (such as http://127.0.0.1:8081)');
  if (!env.PDNS_API_KEY) throw new ConfigError('PDNS_API_KEY is required with RDNS_BACKEND=powerdns');
  return {
    backend,
    apiUrl,
    apiKey: env.PDNS_API_KEY,
    serverId: env.PDNS_SERVER_ID || 'localhost',
    timeoutMs: integerIn('PDNS_TIMEOUT_MS', env.PDNS_TIMEOUT_MS, 5000, 100, 120_000),
  };
}

function metrics(env: NodeJS.ProcessEnv): MetricsConfig {
  const backend = env.METRICS_BACKEND || 'builtin';
  if (backend === 'builtin') return { backend };
  if (backend !== 'prometheus') throw new ConfigError(`METRICS_BACKEND must be builtin or prometheus, got "${backend}"`);
  const url = httpUrl('PROMETHEUS_URL', env.PROMETHEUS_URL);
  if (!url) throw new ConfigError('PROMETHEUS_URL is required with METRICS_BACKEND=prometheus (such as http://127.0.0.1:9090)');
  return { backend, url, timeoutMs: integerIn('PROMETHEUS_TIMEOUT_MS', env.PROMETHEUS_TIMEOUT_MS, 5000, 100, 120_000) };
}

/** `43200` (seconds), `30m`, `12h` or `1d`. */
function duration(name: string, raw: string | undefined, fallbackMs: number, bounds = { min: 60_000, max: 30 * DURATION_UNITS.d!, said: '1 minute to 30 days' }): number {
  if (raw === undefined || raw === '') return fallbackMs;
  const ms = parseDuration(raw);
  if (!(ms >= bounds.min && ms <= bounds.max)) {
    throw new ConfigError(`${name} must be a duration from ${bounds.said} such as 43200, 30m or 12h, got "${raw}"`);
  }
  return ms;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'info';
  if (!LOG_LEVELS.includes(raw)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return raw;
}

function flag(name: string, raw: string | undefined, fallback = false): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(`${name} must be 1 (on) or 0 (off), got "${raw}"`);
}

function provisioning(env: NodeJS.ProcessEnv): ProvisioningConfig {
  const backend = env.PROVISIONING_BACKEND || 'builtin';
  if (backend === 'builtin') return { backend };
  if (backend !== 'libvirt') throw new ConfigError(`PROVISIONING_BACKEND must be builtin or libvirt, got "${backend}"`);
  const domainType = env.LIBVIRT_DOMAIN_TYPE || 'kvm';
  if (domainType !== 'kvm' && domainType !== 'qemu') throw new ConfigError(`LIBVIRT_DOMAIN_TYPE must be kvm or qemu, got "${domainType}"`);
  const pool = env.LIBVIRT_POOL || 'cloudplane';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(pool)) throw new ConfigError(`LIBVIRT_POOL must be 1 to 64 letters, digits, dots, dashes or underscores, got "${pool}"`);
  const poolDirectory = env.LIBVIRT_POOL_DIR || '/var/lib/libvirt/images/cloudplane';
  if (!poolDirectory.startsWith('/')) throw new ConfigError(`LIBVIRT_POOL_DIR must be an absolute path, got "${poolDirectory}"`);
  const bridgePrefix = env.LIBVIRT_BRIDGE_PREFIX ?? 'cpbr-';
  if (!/^[A-Za-z0-9_-]{0,10}$/.test(bridgePrefix)) throw new ConfigError(`LIBVIRT_BRIDGE_PREFIX must be up to 10 letters, digits, dashes or underscores, got "${bridgePrefix}"`);
  return {
    backend,
    uri: env.LIBVIRT_URI || 'qemu:///system',
    domainType,
    pool,
    poolDirectory,
    bridgePrefix,
    shutdownTimeoutMs: integerIn('LIBVIRT_SHUTDOWN_TIMEOUT', env.LIBVIRT_SHUTDOWN_TIMEOUT, 60, 1, 3600) * 1000,
  };
}

function firewall(env: NodeJS.ProcessEnv): FirewallConfig {
  const backend = env.FIREWALL_BACKEND || 'builtin';
  if (backend === 'builtin') return { backend };
  if (backend !== 'nftables') throw new ConfigError(`FIREWALL_BACKEND must be builtin or nftables, got "${backend}"`);
  // Split on spaces, as the variable documents: no shell runs it, so no quoting.
  const nftCommand = (env.FIREWALL_NFT_COMMAND || 'nft').split(/\s+/).filter(Boolean);
  if (nftCommand.length === 0) throw new ConfigError('FIREWALL_NFT_COMMAND must name a command (such as nft, or ip netns exec NAME nft)');
  return { backend, nftCommand };
}

function crashAt(raw: string | undefined): CrashPointName | null {
  if (raw === undefined || raw === '') return null;
  if (!isCrashPointName(raw)) throw new ConfigError(`CLOUDPLANE_CRASH_AT must name a crash point (${Object.keys(CRASH_POINTS).join(', ')}), got "${raw}"`);
  return raw;
}

/** Each resolution of server metrics kept at least as long as the finer one, so a graph always finds a resolution for its range. */
function metricsRetention(env: NodeJS.ProcessEnv): { rawMs: number; fiveMinuteMs: number; hourlyMs: number } {
  const rawHours = integerIn('METRICS_RAW_RETENTION_HOURS', env.METRICS_RAW_RETENTION_HOURS, 24, 1, 24 * 31);
  const fiveMinuteDays = integerIn('METRICS_5M_RETENTION_DAYS', env.METRICS_5M_RETENTION_DAYS, 7, 1, 366);
  const hourlyDays = integerIn('METRICS_1H_RETENTION_DAYS', env.METRICS_1H_RETENTION_DAYS, 90, 1, 3650);
  if (fiveMinuteDays * 24 < rawHours) throw new ConfigError('METRICS_5M_RETENTION_DAYS must keep 5-minute rollups at least as long as METRICS_RAW_RETENTION_HOURS keeps raw samples');
  if (hourlyDays < fiveMinuteDays) throw new ConfigError('METRICS_1H_RETENTION_DAYS must keep hourly rollups at least as long as METRICS_5M_RETENTION_DAYS keeps 5-minute ones');
  return { rawMs: rawHours * DURATION_UNITS.h!, fiveMinuteMs: fiveMinuteDays * DURATION_UNITS.d!, hourlyMs: hourlyDays * DURATION_UNITS.d! };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const adminToken = env.CLOUDPLANE_ADMIN_TOKEN;
  if (adminToken !== undefined && adminToken !== '' && adminToken.length < 16) {
    throw new ConfigError('CLOUDPLANE_ADMIN_TOKEN must be at least 16 characters');
  }
  const port = integerIn('PORT', env.PORT, 8080, 0, 65535);
  const legacyPort = integerIn('LEGACY_PORT', env.LEGACY_PORT, 8081, 0, 65535);
  if (port !== 0 && port === legacyPort) throw new ConfigError(`PORT and LEGACY_PORT must differ (both ${port})`);
  const postgresUrl = databaseUrl(env.DATABASE_URL);
  return {
    port,
    legacyPort,
    host: env.HOST || '127.0.0.1',
    databaseUrl: postgresUrl,
    dataDir: env.DATA_DIR || './data',
    adminToken: adminToken || undefined,
    publicUrl: httpUrl('CLOUDPLANE_PUBLIC_URL', env.CLOUDPLANE_PUBLIC_URL),
    simScale: positiveNumber('CLOUDPLANE_SIM_SCALE', env.CLOUDPLANE_SIM_SCALE, 1),
    // Jobs mostly wait on the systems behind the API and on the database, not the CPU: a worker runs many at once so
    // it keeps up with the API. Its statements queue for the database beside the API's (SQLite's one connection, whose
    // commits up to 128 transactions share; PostgreSQL's pool of 10), so its share follows how many jobs it has under
    // way: with 32 on PostgreSQL the API started reboots faster than the worker finished them and answered 409s.
    workerConcurrency: integerIn('CLOUDPLANE_WORKER_CONCURRENCY', env.CLOUDPLANE_WORKER_CONCURRENCY, 128, 1, 1000),
    serveJobs: flag('CLOUDPLANE_SERVE_JOBS', env.CLOUDPLANE_SERVE_JOBS, true),
    workerMetricsPort: env.WORKER_METRICS_PORT ? integerIn('WORKER_METRICS_PORT', env.WORKER_METRICS_PORT, 0, 0, 65535) : undefined,
    testClock: flag('CLOUDPLANE_TEST_CLOCK', env.CLOUDPLANE_TEST_CLOCK),
    logLevel: logLevel(env.LOG_LEVEL),
    sessionIdleMs: duration('CLOUDPLANE_SESSION_IDLE', env.CLOUDPLANE_SESSION_IDLE, 12 * DURATION_UNITS.h!),
    serverConsoleIdleMs: duration('CLOUDPLANE_SERVER_CONSOLE_IDLE', env.CLOUDPLANE_SERVER_CONSOLE_IDLE, 15 * DURATION_UNITS.m!, { min: 5_000, max: DURATION_UNITS.d!, said: '5 seconds to 1 day' }),
    rdns: rdns(env),
    crashAt: crashAt(env.CLOUDPLANE_CRASH_AT),
    provisioning: provisioning(env),
    firewall: firewall(env),
    metricsIntervalMs: integerIn('METRICS_INTERVAL', env.METRICS_INTERVAL, 60, 10, 3600) * 1000,
    metrics: metrics(env),
    metricsRetention: metricsRetention(env),
    eventRetentionMs: integerIn('CLOUDPLANE_EVENT_RETENTION_DAYS', env.CLOUDPLANE_EVENT_RETENTION_DAYS, 7, 7, 3650) * DURATION_UNITS.d!,
    auditRetentionMs: integerIn('CLOUDPLANE_AUDIT_RETENTION_DAYS', env.CLOUDPLANE_AUDIT_RETENTION_DAYS, DEFAULT_AUDIT_RETENTION_DAYS, 30, 3650) * DURATION_UNITS.d!,
    webhookAllowPrivate: flag('CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE', env.CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE),
  };
}
