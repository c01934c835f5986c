// Several processes on one database behave as one service: two real `serve`
// processes (A and B) and a `worker` process, requests alternating between
// them. A change made through one process is in force in the others within
// the change window (db/change-feed.ts): a replaced catalogue, a revoked key
// (operator API and console), a fault, the test clock, a console sign-out, a
// membership or a project changed, billing (an account's credit, a service's
// status) and a server's firewall groups.
// Idempotency keys, the order rate limit and the job queue are shared.
//
// Each window is measured by polling the other process: the first request
// that starts after the window must see the change. It runs on both engines:
// PostgreSQL is the configuration for several API processes, and SQLite
// supports them on one file as well (WAL, a write lock shared by every
// process, change notices through change_versions).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { eventually, type CallResult } from '../helpers/build.ts';
import { consoleClient } from '../helpers/console.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { BASE_ORDER } from '../helpers/orders.ts';
import { cloudplaneProcesses, type CloudplaneProcess, type ServeProcess } from '../helpers/processes.ts';
import { openStream } from '../helpers/sse.ts';

/** How soon a change made through one process is in force in every other (docs/architecture.md, "Several processes, one service"). */
const CHANGE_WINDOW_MS = 100;
const PASSWORD = 'multi-process-password';

/**
 * Polls `check` (a request to another process) until it holds. The first
 * request that starts more than CHANGE_WINDOW_MS after `changedAt` must see
 * the change; answers how long after the change the request that saw it began.
 */
async function seenWithinWindow(what: string, changedAt: number, check: () => Promise<boolean>): Promise<number> {
  for (;;) {
    const startedAt = performance.now();
    if (await check()) return startedAt - changedAt;
    const waited = startedAt - changedAt;
    if (waited > CHANGE_WINDOW_MS) assert.fail(`${what}: a request ${waited.toFixed(1)} ms after the change still did not see it (the window is ${CHANGE_WINDOW_MS} ms)`);
  }
}

function expectStatus(response: CallResult, status: number, what: string): void {
  assert.equal(response.status, status, `${what}: ${JSON.stringify(response.body)}`);
}

describe('several processes on one database', () => {
  let database: TestDatabase;
  let started: ReturnType<typeof cloudplaneProcesses>;
  let a: ServeProcess;
  let b: ServeProcess;
  let worker: CloudplaneProcess;
  let handle: DatabaseHandle;
  let owner: { userId: number; email: string; key: string };
  let slug: string;
  /** Each measured window, reported at the end. */
  const windows: string[] = [];

  /** A new key of the owner, made through A's operator API. */
  async function newKey(expiresAt: string | null = null): Promise<{ id: number; token: string }> {
    const created = await a.admin(`/users/${owner.userId}/api-keys`, { method: 'POST', body: { name: 'multi-process', expires_at: expiresAt } });
    expectStatus(created, 201, 'a new key');
    return { id: created.body.id, token: created.body.token };
  }

  async function measured(what: string, changedAt: number, check: () => Promise<boolean>): Promise<void> {
    const elapsed = await seenWithinWindow(what, changedAt, check);
    windows.push(`${what}: ${elapsed.toFixed(1)} ms`);
  }

  before(async () => {
    database = await createTestDatabase();
    started = cloudplaneProcesses(database);
    // A first: it migrates and sets up the empty database; then B and the worker join it.
    a = await started.serve('serve A');
    [b, worker] = await Promise.all([started.serve('serve B'), started.worker('worker')]);
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });

    const email = `multi-${Date.now()}@example.com`;
    const user = await a.admin('/users', {
      method: 'POST',
      body: { email, password: PASSWORD, first_name: 'Multi', last_name: 'Process', billing_account: { currency: 'EUR', credit_balance: '1000.00' }, legacy_api_access: true },
    });
    expectStatus(user, 201, 'the owner');
    owner = { userId: user.body.id, email, key: '' };
    owner.key = (await newKey()).token;
    // Made through B, ready as seen through A.
    const project = await b.api('/projects/', { method: 'POST', key: owner.key, body: { name: 'Multi Process' } });
    expectStatus(project, 201, 'the project');
    slug = project.body.slug;
    await eventually(async () => (await a.api(`/projects/${slug}/`, { key: owner.key })).body.status === 'ready', 30_000);
  });

  after(async () => {
    await started?.stopAll();
    await handle?.close();
    await database?.drop();
  });

  test('a catalogue replaced through A: B\'s operator API shows it at once, its project API within the window', async (t) => {
    const products = () => b.api(`/projects/${slug}/products/`, { key: owner.key });
    const current = await a.admin('/catalogue');
    expectStatus(current, 200, 'the catalogue');
    // Both keep copies now (and every route used below has answered once).
    expectStatus(await products(), 200, 'B lists products');
    expectStatus(await a.api(`/projects/${slug}/products/`, { key: owner.key }), 200, 'A lists products');
    expectStatus(await b.admin('/catalogue'), 200, "B's operator catalogue");
    const renamed = structuredClone(current.body);
    renamed.products[0].name = `${renamed.products[0].name} renamed`;

    expectStatus(await a.admin('/catalogue', { method: 'PUT', body: renamed }), 200, 'A replaces the catalogue');
    const changedAt = performance.now();
    const [onA, onB] = await Promise.all([
      a.api(`/projects/${slug}/products/`, { key: owner.key }),
      b.admin('/catalogue'),
      measured('catalogue on B', changedAt, async () => (await products()).body[0]?.name === renamed.products[0].name),
    ]);
    assert.equal(onA.body[0].name, renamed.products[0].name, 'A, which made the change, answers with it at once');
    assert.deepEqual(onB.body, renamed, "B's operator API reads the catalogue as it is now");
    t.diagnostic(windows.at(-1)!);
  });

  test('a key revoked through A (operator API, then console) is refused by B on both APIs within the window', async (t) => {
    const revokedByOperator = await newKey();
    expectStatus(await a.api('/me/', { key: revokedByOperator.token }), 200, 'A accepts the key');
    expectStatus(await b.api('/me/', { key: revokedByOperator.token }), 200, 'B accepts the key');
    expectStatus(await b.legacy('/api/v1/keys', { key: revokedByOperator.token }), 200, "B's legacy API accepts the key");
    expectStatus(await a.admin(`/api-keys/${revokedByOperator.id}`, { method: 'DELETE' }), 204, 'A revokes the key');
    const changedAt = performance.now();
    const [onA] = await Promise.all([
      a.api('/me/', { key: revokedByOperator.token }),
      measured('operator revocation on B', changedAt, async () => (await b.api('/me/', { key: revokedByOperator.token })).status === 401),
    ]);
    expectStatus(onA, 401, 'A, which revoked it, refuses at once');
    expectStatus(await b.legacy('/api/v1/keys', { key: revokedByOperator.token }), 401, "B's legacy API refuses it too");

    const revokedInConsole = await newKey();
    expectStatus(await b.api('/me/', { key: revokedInConsole.token }), 200, 'B accepts the second key');
    const browser = consoleClient(a);
    assert.equal((await browser.signIn(owner.email, PASSWORD)).status, 303, 'signed in to the console on A');
    assert.equal((await browser.get('/console/profile')).status, 200);
    const revoked = await browser.post(`/console/profile/keys/${revokedInConsole.id}/revoke`, {});
    assert.ok([200, 303].includes(revoked.status), `the console revokes the key: ${revoked.status}`);
    const revokedAt = performance.now();
    await measured('console revocation on B', revokedAt, async () => (await b.api('/me/', { key: revokedInConsole.token })).status === 401);
    t.diagnostic(windows.slice(-2).join('; '));
  });

  test("a member's role changed or removed through A, and a project renamed, are what B answers within the window", async (t) => {
    const email = `member-${Date.now()}@example.com`;
    const user = await a.admin('/users', { method: 'POST', body: { email, first_name: 'Member', last_name: 'Process' } });
    expectStatus(user, 201, 'the member');
    const created = await a.admin(`/users/${user.body.id}/api-keys`, { method: 'POST', body: { name: 'member' } });
    const key = created.body.token as string;
    const project = () => b.api(`/projects/${slug}/`, { key });
    const rename = (name: string) => b.api(`/projects/${slug}/`, { method: 'PATCH', key, body: { name } });

    expectStatus(await a.admin(`/projects/${slug}/members/${user.body.id}`, { method: 'PUT', body: { role: 'member' } }), 200, 'A adds the member');
    // B finds the membership and keeps it: a member may not rename the project.
    expectStatus(await project(), 200, 'B lets the member in');
    expectStatus(await rename('Renamed By Admin'), 403, 'B refuses a member a rename');

    expectStatus(await a.admin(`/projects/${slug}/members/${user.body.id}`, { method: 'PUT', body: { role: 'admin' } }), 200, 'A makes them admin');
    await measured('role raised, on B', performance.now(), async () => (await rename('Renamed By Admin')).status === 200);

    expectStatus(await a.api(`/projects/${slug}/`, { method: 'PATCH', key: owner.key, body: { name: 'Renamed Through A' } }), 200, 'A renames the project');
    await measured('project renamed, on B', performance.now(), async () => (await project()).body.name === 'Renamed Through A');

    expectStatus(await a.admin(`/projects/${slug}/members/${user.body.id}`, { method: 'DELETE' }), 204, 'A removes the member');
    await measured('member removed, on B', performance.now(), async () => (await project()).status === 404);
    expectStatus(await b.api(`/projects/${slug}/servers/`, { key }), 404, 'nothing of the project is reachable through B');
    t.diagnostic(windows.slice(-3).join('; '));
  });

  test('a fault set through A applies to an order placed through B', async (t) => {
    const products = () => b.api(`/projects/${slug}/products/`, { key: owner.key });
    const ordersBefore = (await b.api(`/projects/${slug}/orders/`, { key: owner.key })).body.length;
    expectStatus(await products(), 200, 'billing answers through B');
    expectStatus(await b.admin('/faults'), 200, "B's operator faults");
    try {
      expectStatus(await a.admin('/faults/billing', { method: 'PUT', body: { mode: 'down' } }), 200, 'A sets billing down');
      const changedAt = performance.now();
      const [faults] = await Promise.all([b.admin('/faults'), measured('fault set, on B', changedAt, async () => (await products()).status === 503)]);
      assert.equal(faults.body.billing.mode, 'down', "B's operator API reads the faults as they are now");
      const order = await b.api(`/projects/${slug}/servers/`, { method: 'POST', key: owner.key, body: { ...BASE_ORDER, hostname: 'refused-1' } });
      expectStatus(order, 503, 'an order through B while billing is down');
      assert.equal((await b.api(`/projects/${slug}/orders/`, { key: owner.key })).body.length, ordersBefore, 'nothing was ordered');
    } finally {
      expectStatus(await a.admin('/faults/billing', { method: 'PUT', body: { mode: 'ok' } }), 200, 'A clears the fault');
    }
    const clearedAt = performance.now();
    await measured('fault cleared, on B', clearedAt, async () => (await products()).status === 200);
    t.diagnostic(windows.slice(-2).join('; '));
  });

  test('a console sign-out through A ends the session on B', async (t) => {
    const onA = consoleClient(a);
    assert.equal((await onA.signIn(owner.email, PASSWORD)).status, 303, 'signed in on A');
    const onB = consoleClient(b);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    assert.equal((await onB.get('/console/profile')).status, 200, 'the session works on B');

    assert.equal((await onA.get('/console/profile')).status, 200);
    assert.equal((await onA.post('/console/logout', {})).status, 303, 'signed out on A');
    const changedAt = performance.now();
    await measured('sign-out on B', changedAt, async () => {
      const page = await onB.get('/console/profile');
      return page.status === 303 && (page.location ?? '').startsWith('/console/login');
    });
    t.diagnostic(windows.at(-1)!);
  });

  test("billing changed through A (a user's credit, a server's service) is what B answers within the window", async (t) => {
    const user = await a.admin('/users', {
      method: 'POST',
      body: { email: `credit-${Date.now()}@example.com`, first_name: 'Credit', last_name: 'Process', billing_account: { currency: 'EUR', credit_balance: '50.00' } },
    });
    expectStatus(user, 201, 'the user');
    const created = await a.admin(`/users/${user.body.id}/api-keys`, { method: 'POST', body: { name: 'credit' } });
    expectStatus(created, 201, "the user's key");
    const key = created.body.token as string;
    const credit = async (serve: ServeProcess) => {
      const me = await serve.api('/me/', { key });
      expectStatus(me, 200, `/me/ through ${serve.name}`);
      return me.body.billing_account?.credit_balance as string | undefined;
    };
    const adjust = async (amount: string, balance: string) => {
      const adjusted = await a.admin(`/users/${user.body.id}/credit`, { method: 'POST', body: { amount, reason: 'multi-process' } });
      expectStatus(adjusted, 200, `A moves the credit by ${amount}`);
      assert.equal(adjusted.body.credit_balance, balance);
    };
    // B keeps the account now: the change has to drop that copy.
    assert.equal(await credit(b), '50.00', 'B reads the opening balance');

    await adjust('12.34', '62.34');
    const creditedAt = performance.now();
    const [onA] = await Promise.all([credit(a), measured('credit added, on B', creditedAt, async () => (await credit(b)) === '62.34')]);
    assert.equal(onA, '62.34', 'A, which made the change, answers with it at once');
    // Again, after B kept the new balance: every change drops the copy, not only the first.
    await adjust('-2.34', '60.00');
    await measured('credit deducted, on B', performance.now(), async () => (await credit(b)) === '60.00');

    // The server's billing comes from B's copy of the service.
    const placed = await a.admin(`/projects/${slug}/servers`, { method: 'POST', body: { ...BASE_ORDER, hostname: 'billing-mp' } });
    expectStatus(placed, 201, 'a placed server');
    const serviceStatus = async () => {
      const server = await b.api(`/projects/${slug}/servers/${placed.body.id}/`, { key: owner.key });
      expectStatus(server, 200, 'the server through B');
      return server.body.billing?.status as string | undefined;
    };
    assert.equal(await serviceStatus(), 'Active', "B reads the server's service");
    expectStatus(await a.admin(`/servers/${placed.body.id}/suspend`, { method: 'POST' }), 200, 'A suspends the server');
    await measured('service suspended, on B', performance.now(), async () => (await serviceStatus()) === 'Suspended');
    t.diagnostic(windows.slice(-3).join('; '));
  });

  test("a server's firewall groups replaced through A are what B's server GET answers within the window", async (t) => {
    const placed = await a.admin(`/projects/${slug}/servers`, { method: 'POST', body: { ...BASE_ORDER, hostname: 'firewall-mp' } });
    expectStatus(placed, 201, 'a placed server');
    const group = await a.api(`/projects/${slug}/firewall-groups/`, { method: 'POST', key: owner.key, body: { name: 'multi-process', direction: 'ingress' } });
    expectStatus(group, 201, 'a firewall group');
    const serverPath = `/projects/${slug}/servers/${placed.body.id}/`;
    const groupsOn = async (serve: ServeProcess) => {
      const server = await serve.api(serverPath, { key: owner.key });
      expectStatus(server, 200, `the server through ${serve.name}`);
      return server.body.firewall_groups as number[] | null;
    };
    const replace = async (groups: number[]) => {
      const replaced = await a.api(`${serverPath}firewall-groups/`, { method: 'PUT', key: owner.key, body: { firewall_groups: groups } });
      expectStatus(replaced, 200, `A attaches [${groups.join(', ')}]`);
      assert.deepEqual(replaced.body.firewall_groups, groups);
    };
    // B keeps the server's groups (none) now: the change has to drop that copy.
    assert.deepEqual(await groupsOn(b), [], 'B reads the server with no groups');

    await replace([group.body.id]);
    const attachedAt = performance.now();
    const [onA] = await Promise.all([
      groupsOn(a),
      measured('firewall group attached, on B', attachedAt, async () => isDeepStrictEqual(await groupsOn(b), [group.body.id])),
    ]);
    assert.deepEqual(onA, [group.body.id], 'A, which made the change, answers with it at once');
    // And back, after B kept the attached group.
    await replace([]);
    await measured('firewall group detached, on B', performance.now(), async () => isDeepStrictEqual(await groupsOn(b), []));
    t.diagnostic(windows.slice(-2).join('; '));
  });

  test('the same Idempotency-Key through A, then B, then both at once makes one order', async () => {
    const order = (serve: ServeProcess) =>
      serve.api(`/projects/${slug}/servers/`, { method: 'POST', key: owner.key, body: { ...BASE_ORDER, hostname: 'idem-1' }, headers: { 'idempotency-key': 'multi-process-order' } });
    const first = await order(a);
    expectStatus(first, 201, 'the first order, through A');
    const again = await order(b);
    expectStatus(again, 200, 'the same request through B');
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.id, first.body.id);
    const both = await Promise.all([order(a), order(b)]);
    for (const response of both) assert.equal(response.body.id, first.body.id, JSON.stringify(response.body));
    const orders = (await a.api(`/projects/${slug}/orders/`, { key: owner.key })).body as { id: number; request: { hostname: string } }[];
    assert.deepEqual(
      orders.filter((entry) => entry.request.hostname === 'idem-1').map((entry) => entry.id),
      [first.body.id],
      'one order',
    );
  });

  test('the order rate limit counts the requests made through every process', async () => {
    const key = (await newKey()).token;
    for (let index = 0; index < 10; index += 1) {
      const serve = index % 2 === 0 ? a : b;
      const placed = await serve.api(`/projects/${slug}/servers/`, { method: 'POST', key, body: { ...BASE_ORDER, hostname: `limited-${index}` } });
      expectStatus(placed, 201, `order ${index + 1} of 10 through ${serve.name}`);
    }
    for (const serve of [a, b]) {
      const refused = await serve.api(`/projects/${slug}/servers/`, { method: 'POST', key, body: { ...BASE_ORDER, hostname: 'limited-over' } });
      expectStatus(refused, 429, `the 11th order request through ${serve.name}`);
    }
  });

  test('every job runs once, whichever process (A, B or the worker) claims it', async (t) => {
    const servers: string[] = [];
    for (let index = 0; index < 24; index += 1) {
      const serve = index % 2 === 0 ? a : b;
      const placed = await serve.admin(`/projects/${slug}/servers`, { method: 'POST', body: { ...BASE_ORDER, hostname: `job-${index}` } });
      expectStatus(placed, 201, 'a placed server');
      servers.push(placed.body.id);
    }
    const lastJobBefore = (await handle.db.selectFrom('jobs').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0;

    // Which processes claim the jobs, seen by sampling the running ones.
    const claimers = new Set<string>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const running = await handle.db.selectFrom('jobs').select('locked_by').where('status', '=', 'running').where('id', '>', Number(lastJobBefore)).execute();
        for (const row of running) if (row.locked_by) claimers.add(row.locked_by.split('-')[0]!);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    const actions = await Promise.all(
      servers.map(async (serverId, index) => {
        const serve = index % 2 === 0 ? b : a;
        const started_ = await serve.api(`/projects/${slug}/servers/${serverId}/actions/reboot/`, { method: 'POST', key: owner.key });
        expectStatus(started_, 202, `a reboot through ${serve.name}`);
        return started_.body.id as number;
      }),
    );
    try {
      await eventually(async () => {
        const states = await Promise.all(actions.map((id, index) => (index % 2 === 0 ? a : b).api(`/projects/${slug}/actions/${id}/`, { key: owner.key })));
        return states.every((state) => state.body.status === 'success');
      }, 60_000, 50);
    } finally {
      sampling = false;
      await sampler;
    }

    const actionJobs = () => handle.db.selectFrom('jobs').select(['id', 'status', 'attempts']).where('type', '=', 'action.run').where('id', '>', Number(lastJobBefore)).execute();
    // An action reads `success` as soon as its handler's transaction commits; the runner marks the job done just after.
    await eventually(async () => (await actionJobs()).every((job) => job.status === 'done'), 10_000, 20);
    const jobs = await actionJobs();
    assert.equal(jobs.length, actions.length, 'one job per action');
    // A job given back to wait (RetryLater) returns its attempt, so a job run once per turn ends with attempts 1; two workers claiming it at once would leave 2.
    for (const job of jobs) assert.deepEqual({ status: job.status, attempts: job.attempts }, { status: 'done', attempts: 1 }, `job ${job.id}`);
    const pids = new Map([
      [String(a.child.pid), 'A'],
      [String(b.child.pid), 'B'],
      [String(worker.child.pid), 'worker'],
    ]);
    const names = [...claimers].map((pid) => pids.get(pid) ?? `unknown process ${pid}`);
    t.diagnostic(`claimed by: ${names.join(', ')}`);
    assert.ok(names.length >= 2, `the jobs were claimed by more than one process: ${names.join(', ')}`);
  });

  test('events: a stream on B has every change made through A once and in order, and a reconnect to A with Last-Event-ID misses nothing', async (t) => {
    const key = (await newKey()).token;
    const ordered = await a.api(`/projects/${slug}/servers/`, { method: 'POST', key, body: { ...BASE_ORDER, hostname: 'events-mp' } });
    expectStatus(ordered, 201, 'an order through A');
    const serverId = await eventually(async () => {
      const order = await b.api(`/projects/${slug}/orders/${ordered.body.id}/`, { key });
      return order.body.status === 'completed' ? (order.body.server_id as string) : null;
    }, 30_000);
    const eventsUrl = (process: ServeProcess) => `${process.baseUrl}/api/v1/projects/${slug}/events/`;
    const onB = await openStream(eventsUrl(b), key);
    const startedAfter = Number(onB.headers.get('last-event-id'));
    const renames = ['events-mp-1', 'events-mp-2', 'events-mp-3'];
    const changedAt = performance.now();
    for (const hostname of renames) {
      expectStatus(await a.api(`/projects/${slug}/servers/${serverId}/`, { method: 'PATCH', key, body: { hostname } }), 200, `rename to ${hostname} through A`);
    }
    const seen = await onB.waitFor(renames.length, 10_000);
    windows.push(`three renames through A on B's stream: ${(performance.now() - changedAt).toFixed(1)} ms`);
    onB.close();
    assert.deepEqual(seen.map((event) => event.data.data.hostname), renames);
    assert.deepEqual(seen.map((event) => event.id), [startedAfter + 1, startedAfter + 2, startedAfter + 3]);

    // While no stream is open, changes through both processes.
    const reboot = await b.api(`/projects/${slug}/servers/${serverId}/actions/reboot/`, { method: 'POST', key });
    expectStatus(reboot, 202, 'a reboot through B');
    expectStatus(await a.api(`/projects/${slug}/servers/${serverId}/`, { method: 'PATCH', key, body: { hostname: 'events-mp-4' } }), 200, 'a rename through A');
    const onA = await openStream(eventsUrl(a), key, { 'last-event-id': String(seen.at(-1)!.id) });
    t.after(() => onA.close());
    const resumed = await onA.waitFor((events) => events.some((event) => event.event === 'action.finished'), 30_000);
    const paged = await a.api(`/projects/${slug}/events/?after=${startedAfter}`, { key });
    assert.deepEqual(
      [...seen, ...resumed].map((event) => event.id),
      paged.body.results.slice(0, seen.length + resumed.length).map((event: { id: number }) => event.id),
      'the two streams together sent each event once, in order',
    );
    assert.deepEqual(resumed.map((event) => event.event).filter((type) => type !== 'server.status_changed'), ['action.started', 'server.renamed', 'action.finished']);
    t.diagnostic(windows.at(-1)!);
  });

  // Last: the clock moves for every later test too.
  test('the test clock advanced through A is the clock of B within the window', async (t) => {
    const expiring = await newKey(new Date(Date.now() + 60 * 60 * 1000).toISOString());
    expectStatus(await b.api('/me/', { key: expiring.token }), 200, 'B accepts the key before it expires');
    const advanced = await a.admin('/clock/advance', { method: 'POST', body: { seconds: 2 * 60 * 60 } });
    expectStatus(advanced, 200, 'A moves the clock two hours on');
    const changedAt = performance.now();
    const [onA] = await Promise.all([
      a.api('/me/', { key: expiring.token }),
      measured('clock on B', changedAt, async () => (await b.api('/me/', { key: expiring.token })).status === 401),
    ]);
    expectStatus(onA, 401, 'on A the key has expired at once');
    t.diagnostic(windows.at(-1)!);
  });

  test('every process stops cleanly on SIGTERM', async (t) => {
    t.diagnostic(`windows measured: ${windows.join('; ')}`);
    for (const cloudplane of [a, b, worker]) {
      const exit = await cloudplane.stop();
      assert.deepEqual(exit, { code: 0, signal: null }, `${cloudplane.name} exits with 0:\n${cloudplane.output()}`);
    }
  });
});
