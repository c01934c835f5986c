// build(t): a cloudplane on a fresh database, listening on free ports,
// closed (and its database dropped) when the test ends. Every response the
// test sees is also checked against the route's declared schema.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import pino, { type Logger } from 'pino';
import { createApplication, type Application } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import type { HostResolver } from '../../src/modules/webhooks/index.ts';
import type { ContractViolation } from '../../src/http/plugins/response-contract.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789';

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Sent as is, not JSON-encoded. */
  rawBody?: string;
  key?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult<Body = any> {
  status: number;
  headers: Headers;
  body: Body;
}

export interface TestApp {
  app: Application;
  database: TestDatabase;
  /** http://127.0.0.1:port */
  baseUrl: string;
  legacyUrl: string;
  /** A call to the project API; paths are relative to /api/v1. */
  api<Body = any>(path: string, options?: CallOptions): Promise<CallResult<Body>>;
  /** A call to the operator API with the operator token; paths relative to /admin/v1. */
  admin<Body = any>(path: string, options?: CallOptions): Promise<CallResult<Body>>;
  /** A call to any URL path on the main listener. */
  raw<Body = any>(path: string, options?: CallOptions): Promise<CallResult<Body>>;
  legacy<Body = any>(path: string, options?: CallOptions): Promise<CallResult<Body>>;
  /** A user (through the operator API) with an API key. */
  createUser(options?: { email?: string; password?: string; credit?: string; billing?: boolean; readOnly?: boolean; legacy?: boolean }): Promise<{ userId: number; key: string; keyId: number; email: string }>;
  createKey(userId: number, options?: { readOnly?: boolean; expiresAt?: string }): Promise<{ key: string; keyId: number }>;
  /** Creates a project and waits (bounded) until the provisioning system has confirmed it. */
  createReadyProject(key: string, name: string, slug?: string): Promise<string>;
  contractViolations: ContractViolation[];
}

export interface BuildOptions {
  config?: Partial<Config>;
  /** Run the in-process worker (default true). */
  worker?: boolean;
  jobLeaseMs?: number;
  /** Reuse a database from an earlier app (restart tests); it is then not dropped by this app. */
  database?: TestDatabase;
  /** How webhook hosts resolve (names without DNS); absent: the system's resolver. */
  webhookResolver?: HostResolver;
  /** The app's logger (a test that reads the logs); absent: silent unless TEST_LOG_LEVEL. */
  logger?: Logger;
  /** How long close() waits for in-flight requests; absent: the service's own grace. */
  shutdownGraceMs?: number;
}

let emailCounter = 0;

/** One HTTP call as the helpers make it: JSON in and out, the key as a Bearer token. */
export async function call(url: string, options: CallOptions, defaultKey: string | null): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? defaultKey : options.key;
  if (key) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON (metrics): keep the text.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Polls `check` until it returns a truthy value, at most `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

type Caller = (path: string, options?: CallOptions) => Promise<CallResult>;

/** How a test sets up users, keys and projects, over the project and operator APIs of any running service (in-process or a child process). */
export function worldCalls(api: Caller, admin: Caller): Pick<TestApp, 'createKey' | 'createUser' | 'createReadyProject'> {
  const calls: Pick<TestApp, 'createKey' | 'createUser' | 'createReadyProject'> = {
    async createKey(userId, keyOptions = {}) {
      const created = await admin(`/users/${userId}/api-keys`, {
        method: 'POST',
        body: { name: 'test key', read_only: keyOptions.readOnly ?? false, expires_at: keyOptions.expiresAt ?? null },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return { key: created.body.token, keyId: created.body.id };
    },
    async createUser(userOptions = {}) {
      emailCounter += 1;
      const email = userOptions.email ?? `user${emailCounter}-${Date.now()}@example.com`;
      const user = await admin('/users', {
        method: 'POST',
        body: {
          email,
          ...(userOptions.password ? { password: userOptions.password } : {}),
          first_name: 'Test',
          last_name: `User ${emailCounter}`,
          billing_account: userOptions.billing === false ? null : { currency: 'EUR', credit_balance: userOptions.credit ?? '50.00' },
          legacy_api_access: userOptions.legacy ?? false,
        },
      });
      assert.equal(user.status, 201, JSON.stringify(user.body));
      const { key, keyId } = await calls.createKey(user.body.id, { readOnly: userOptions.readOnly });
      return { userId: user.body.id, key, keyId, email: email.toLowerCase() };
    },
    async createReadyProject(key, name, slug) {
      const created = await api('/projects/', { method: 'POST', key, body: slug ? { name, slug } : { name } });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      await eventually(async () => (await api(`/projects/${created.body.slug}/`, { key })).body.status === 'ready');
      return created.body.slug as string;
    },
  };
  return calls;
}

export async function build(t: TestContext, options: BuildOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config: Config = {
    port: 0,
    legacyPort: 0,
    host: '127.0.0.1',
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    adminToken: OPERATOR_TOKEN,
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
    ...options.config,
  };
  const contractViolations: ContractViolation[] = [];
  const app = await createApplication({
    config,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    http: true,
    worker: options.worker ?? true,
    demo: false,
    jobPollIntervalMs: 20,
    jobLeaseMs: options.jobLeaseMs,
    onContractViolation: (violation) => contractViolations.push(violation),
    webhookResolver: options.webhookResolver,
    shutdownGraceMs: options.shutdownGraceMs,
  });
  const { mainUrl, legacyUrl } = await app.listen();
  t.after(async () => {
    await app.close();
    if (!options.database) await database.drop();
    assert.deepEqual(contractViolations, [], 'every response matches its declared schema');
  });

  const testApp: TestApp = {
    app,
    database,
    baseUrl: mainUrl,
    legacyUrl,
    contractViolations,
    api: (path, callOptions = {}) => call(`${mainUrl}/api/v1${path}`, callOptions, null),
    admin: (path, callOptions = {}) => call(`${mainUrl}/admin/v1${path}`, callOptions, OPERATOR_TOKEN),
    raw: (path, callOptions = {}) => call(`${mainUrl}${path}`, callOptions, null),
    legacy: (path, callOptions = {}) => call(`${legacyUrl}${path}`, callOptions, null),
    ...worldCalls((path, callOptions) => testApp.api(path, callOptions), (path, callOptions) => testApp.admin(path, callOptions)),
  };
  return testApp;
}
