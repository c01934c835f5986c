import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

test('defaults follow DESIGN.md', () => {
  const config = loadConfig({});
  assert.equal(config.port, 8080);
  assert.equal(config.legacyPort, 8081);
  assert.equal(config.dataDir, './data');
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.simScale, 1);
  assert.equal(config.workerConcurrency, 128, 'embedded SQLite');
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://db.example.com/cloudplane' }).workerConcurrency, 128, 'PostgreSQL, the same');
  assert.equal(config.testClock, false);
  assert.equal(config.serveJobs, true, 'serve runs jobs too');
  assert.equal(config.workerMetricsPort, undefined, 'a worker listens nowhere');
  assert.deepEqual(config.rdns, { backend: 'builtin' });
  assert.equal(config.crashAt, null, 'no crash point is armed');
  assert.deepEqual(config.provisioning, { backend: 'builtin' });
});

test('every variable is read', () => {
  const config = loadConfig({
    PORT: '9000',
    LEGACY_PORT: '9001',
    HOST: '0.0.0.0',
    DATABASE_URL: 'postgres://u:p@db:5432/cloud',
    DATA_DIR: '/var/lib/cloudplane',
    CLOUDPLANE_ADMIN_TOKEN: 'a-long-operator-token',
    CLOUDPLANE_PUBLIC_URL: 'https://cloud.example.com/',
    CLOUDPLANE_SIM_SCALE: '0.01',
    CLOUDPLANE_WORKER_CONCURRENCY: '8',
    CLOUDPLANE_SERVE_JOBS: '0',
    WORKER_METRICS_PORT: '9100',
    CLOUDPLANE_TEST_CLOCK: '1',
    LOG_LEVEL: 'warn',
    RDNS_BACKEND: 'powerdns',
    PDNS_API_URL: 'http://127.0.0.1:8081/',
    PDNS_API_KEY: 'pdns-secret',
    PDNS_SERVER_ID: 'ns1',
    PDNS_TIMEOUT_MS: '2000',
    CLOUDPLANE_SESSION_IDLE: '30m',
    CLOUDPLANE_CRASH_AT: 'order.after-record',
    PROVISIONING_BACKEND: 'libvirt',
    LIBVIRT_URI: 'qemu+ssh://root@hv1/system',
    LIBVIRT_DOMAIN_TYPE: 'qemu',
    LIBVIRT_POOL: 'servers',
    LIBVIRT_POOL_DIR: '/srv/servers',
    LIBVIRT_BRIDGE_PREFIX: 'br-',
    LIBVIRT_SHUTDOWN_TIMEOUT: '30',
    FIREWALL_BACKEND: 'nftables',
    FIREWALL_NFT_COMMAND: 'ip netns exec hv1 nft',
    METRICS_INTERVAL: '30',
    METRICS_RAW_RETENTION_HOURS: '48',
    METRICS_5M_RETENTION_DAYS: '14',
    METRICS_1H_RETENTION_DAYS: '365',
    METRICS_BACKEND: 'prometheus',
    PROMETHEUS_URL: 'http://prometheus:9090/',
    PROMETHEUS_TIMEOUT_MS: '3000',
    CLOUDPLANE_EVENT_RETENTION_DAYS: '30',
    CLOUDPLANE_AUDIT_RETENTION_DAYS: '90',
    CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE: '1',
  });
  assert.deepEqual(config, {
    port: 9000,
    legacyPort: 9001,
    host: '0.0.0.0',
    databaseUrl: 'postgres://u:p@db:5432/cloud',
    dataDir: '/var/lib/cloudplane',
    adminToken: 'a-long-operator-token',
    publicUrl: 'https://cloud.example.com',
    simScale: 0.01,
    workerConcurrency: 8,
    serveJobs: false,
    workerMetricsPort: 9100,
    testClock: true,
    logLevel: 'warn',
    sessionIdleMs: 30 * 60 * 1000,
    serverConsoleIdleMs: 15 * 60 * 1000,
    rdns: { backend: 'powerdns', apiUrl: 'http://127.0.0.1:8081', apiKey: 'pdns-secret', serverId: 'ns1', timeoutMs: 2000 },
    crashAt: 'order.after-record',
    provisioning: { backend: 'libvirt', uri: 'qemu+ssh://root@hv1/system', domainType: 'qemu', pool: 'servers', poolDirectory: '/srv/servers', bridgePrefix: 'br-', shutdownTimeoutMs: 30_000 },
    firewall: { backend: 'nftables', nftCommand: ['ip', 'netns', 'exec', 'hv1', 'nft'] },
    metricsIntervalMs: 30_000,
    metricsRetention: { rawMs: 48 * 3_600_000, fiveMinuteMs: 14 * 86_400_000, hourlyMs: 365 * 86_400_000 },
    metrics: { backend: 'prometheus', url: 'http://prometheus:9090', timeoutMs: 3000 },
    eventRetentionMs: 30 * 24 * 60 * 60 * 1000,
    auditRetentionMs: 90 * 24 * 60 * 60 * 1000,
    webhookAllowPrivate: true,
  });
});

test('a bad value stops the start with a message naming the variable', () => {
  const cases: Record<string, string>[] = [
    { PORT: 'eighty' },
    { PORT: '70000' },
    { PORT: '9000', LEGACY_PORT: '9000' },
    { DATABASE_URL: 'mysql://x' },
    { CLOUDPLANE_PUBLIC_URL: 'not a url' },
    { CLOUDPLANE_SIM_SCALE: '0' },
    { CLOUDPLANE_WORKER_CONCURRENCY: '0' },
    { CLOUDPLANE_SERVE_JOBS: 'no' },
    { WORKER_METRICS_PORT: '70000' },
    { FIREWALL_BACKEND: 'iptables' },
    { METRICS_INTERVAL: '5' },
    { METRICS_RAW_RETENTION_HOURS: '0' },
    { METRICS_RAW_RETENTION_HOURS: '48', METRICS_5M_RETENTION_DAYS: '1' },
    { METRICS_5M_RETENTION_DAYS: '30', METRICS_1H_RETENTION_DAYS: '20' },
    { CLOUDPLANE_TEST_CLOCK: 'yes' },
    { CLOUDPLANE_CRASH_AT: 'orders.after-nowhere' },
    { PROVISIONING_BACKEND: 'xen' },
    { PROVISIONING_BACKEND: 'libvirt', LIBVIRT_DOMAIN_TYPE: 'lxc' },
    { PROVISIONING_BACKEND: 'libvirt', LIBVIRT_POOL_DIR: 'relative/dir' },
    { PROVISIONING_BACKEND: 'libvirt', LIBVIRT_SHUTDOWN_TIMEOUT: '0' },
    { LOG_LEVEL: 'verbose' },
    { CLOUDPLANE_ADMIN_TOKEN: 'short' },
    { CLOUDPLANE_SESSION_IDLE: '12 hours' },
    { CLOUDPLANE_SESSION_IDLE: '30s' },
    { CLOUDPLANE_SESSION_IDLE: '31d' },
    { CLOUDPLANE_EVENT_RETENTION_DAYS: '6' },
    { CLOUDPLANE_AUDIT_RETENTION_DAYS: '29' },
    { RDNS_BACKEND: 'bind' },
    { RDNS_BACKEND: 'powerdns', PDNS_API_KEY: 'k', PDNS_API_URL: 'ftp://x' },
    { RDNS_BACKEND: 'powerdns', PDNS_API_URL: 'http://127.0.0.1:8081', PDNS_API_KEY: '' },
    { RDNS_BACKEND: 'powerdns', PDNS_API_URL: 'http://127.0.0.1:8081', PDNS_API_KEY: 'k', PDNS_TIMEOUT_MS: '0' },
  ];
  for (const env of cases) {
    const variable = Object.keys(env).at(-1)!;
    assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && error.message.includes(variable), JSON.stringify(env));
  }
});

test('the console session idle time reads seconds or a number with s, m, h or d, and defaults to 12 hours', () => {
  assert.equal(loadConfig({}).sessionIdleMs, 12 * 60 * 60 * 1000);
  assert.equal(loadConfig({ CLOUDPLANE_SESSION_IDLE: '43200' }).sessionIdleMs, 12 * 60 * 60 * 1000);
  assert.equal(loadConfig({ CLOUDPLANE_SESSION_IDLE: '12h' }).sessionIdleMs, 12 * 60 * 60 * 1000);
  assert.equal(loadConfig({ CLOUDPLANE_SESSION_IDLE: '1d' }).sessionIdleMs, 24 * 60 * 60 * 1000);
});

test("a server console's idle time reads the same way, from 5 seconds to a day, and defaults to 15 minutes", () => {
  assert.equal(loadConfig({}).serverConsoleIdleMs, 15 * 60 * 1000);
  assert.equal(loadConfig({ CLOUDPLANE_SERVER_CONSOLE_IDLE: '5s' }).serverConsoleIdleMs, 5000);
  assert.equal(loadConfig({ CLOUDPLANE_SERVER_CONSOLE_IDLE: '30m' }).serverConsoleIdleMs, 30 * 60 * 1000);
  for (const refused of ['4s', '2d', 'soon']) {
    assert.throws(() => loadConfig({ CLOUDPLANE_SERVER_CONSOLE_IDLE: refused }), (error: unknown) => error instanceof ConfigError && error.message.includes('CLOUDPLANE_SERVER_CONSOLE_IDLE'), refused);
  }
});
