// An audit entry commits with its change on every interface (D26,
// docs/audit-log.md): a real `cloudplane serve` armed at audit.after-commit
// dies once a change and its entry are committed, before the entry is
// completed with the answer's status. Killed that way once per interface (the
// legacy API, the operator API, a console form and a console sign-in; the
// project API is the crash test's own scenario), the service must
// hold each change and, for each, its entry: the right interface, actor and
// route, and no status. The process that set the world up serves the checks.
// A refusal commits nothing, so it never reaches the
// point, and still gets its entry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openDatabase } from '../../src/db/client.ts';
import { eventually, worldCalls } from '../helpers/build.ts';
import { consoleClient } from '../helpers/console.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { cloudplaneProcesses, type ServeProcess } from '../helpers/processes.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';

const PASSWORD = 'audit crash password';
const CRASH_BOUND_MS = 20_000;

test('a crash after a change commits leaves the change with its audit entry, on every interface', async (t) => {
  const database = await createTestDatabase();
  const processes = cloudplaneProcesses(database);
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  t.after(async () => {
    await processes.stopAll();
    await handle.close();
    await database.drop();
  });

  const setup = await processes.serve('set-up');
  const calls = worldCalls(
    (pathname, options) => setup.api(pathname, options),
    (pathname, options) => setup.admin(pathname, options),
  );
  const user = await calls.createUser({ password: PASSWORD, legacy: true });
  const slug = await calls.createReadyProject(user.key, 'Audited');
  // A console session made before the crashes: stored in the database, it stays signed in across the processes.
  const browser = consoleClient(setup);
  assert.equal((await browser.signIn(user.email, PASSWORD)).status, 303, 'signed in');

  /** Starts a process armed at the point, sends it the change, and expects it to die there (with its answer out or not). */
  async function crashOn(what: string, change: (p: ServeProcess) => Promise<unknown>): Promise<void> {
    const armed = await processes.serve(`armed: ${what}`, { CLOUDPLANE_CRASH_AT: 'audit.after-commit' });
    void change(armed).catch(() => null);
    const exit = await eventually(async () => (armed.running() ? null : armed.stop()), CRASH_BOUND_MS, 20).catch(() => {
      throw new Error(`the process did not die after ${what}\n--- its output ---\n${armed.output()}`);
    });
    assert.equal(exit.signal, 'SIGKILL', `${what}: killed by itself:\n${armed.output()}`);
    assert.match(armed.output(), /crash point audit\.after-commit reached/, `${what}: at the point`);
  }

  // Each in a process of its own, all at once: they share the database as serve processes do.
  await Promise.all([
    crashOn('a key added through the legacy API', (p) =>
      p.legacy('/api/v1/keys', { method: 'POST', key: user.key, body: { description: 'legacy crash', type: 'sshkey', value: ed25519Key('legacy') } }),
    ),
    crashOn('a user made through the operator API', (p) => p.admin('/users', { method: 'POST', body: { email: 'made-by-operator@example.com' } })),
    crashOn('a firewall group made in the console', async (p) => {
      const signedIn = consoleClient(p);
      for (const [name, value] of browser.cookies) signedIn.cookies.set(name, value);
      assert.equal((await signedIn.get(`/console/projects/${slug}/firewalls`)).status, 200, 'the page with the form');
      return signedIn.post(`/console/projects/${slug}/firewalls`, { name: 'console-crash', direction: 'ingress' });
    }),
    crashOn('a sign-in to the console', (p) => consoleClient(p).signIn(user.email, PASSWORD)),
  ]);

  // What the dead processes committed, read through one that lives on (a restart would read the same database).
  const survivor = setup;
  // A refusal commits nothing: it does not reach the point, and its entry is written whole after the answer.
  const refused = await survivor.legacy('/api/v1/keys', { method: 'POST', key: user.key, body: { description: 'bad', type: 'sshkey', value: 'not a key' } });
  assert.equal(refused.status, 422, 'a key refused');

  // The changes, each made once.
  // The legacy API adds keys to the user's default project.
  const legacyKeys = await handle.db.selectFrom('ssh_keys').select('name').where('name', '=', 'legacy crash').execute();
  assert.equal(legacyKeys.length, 1, "the legacy API's key");
  const users = await handle.db.selectFrom('users').select('email').where('email', '=', 'made-by-operator@example.com').execute();
  assert.equal(users.length, 1, "the operator's user");
  const groups = await survivor.api(`/projects/${slug}/firewall-groups/`, { key: user.key });
  assert.deepEqual(groups.body.results.map((group: { name: string }) => group.name), ['console-crash'], "the console's group");
  const sessions = await handle.db.selectFrom('console_sessions').select('id_hash').where('user_id', '=', user.userId).execute();
  assert.equal(sessions.length, 2, 'the session made before, and the one the crashed sign-in made');

  // Their entries: committed with them, never completed.
  const columns = ['interface', 'actor_type', 'user_id', 'route', 'operation', 'status_code', 'problem_code'] as const;
  const entries = await eventually(async () => {
    const rows = await handle.db
      .selectFrom('audit_log')
      .select(columns)
      .where('route', 'in', ['/api/v1/keys', '/admin/v1/users', '/console/projects/:slug/firewalls', '/console/login'])
      .where('method', '=', 'POST')
      .execute();
    // The refusal's entry is written after its answer.
    return rows.some((row) => row.status_code === 422) ? rows : null;
  }, 10_000);
  // The four processes died in an order of their own: the entries are compared in the order of their routes.
  const inOrder = (rows: typeof entries) => [...rows].sort((a, b) => `${a.route} ${a.status_code}`.localeCompare(`${b.route} ${b.status_code}`));
  assert.deepEqual(
    inOrder(entries),
    inOrder([
      // The set-up's user and sign-in: answered and completed.
      { interface: 'operator', actor_type: 'operator', user_id: null, route: '/admin/v1/users', operation: null, status_code: 201, problem_code: null },
      { interface: 'console', actor_type: 'user', user_id: user.userId, route: '/console/login', operation: 'sign_in', status_code: 303, problem_code: null },
      // A sign-in's first write (its failures forgotten) comes before the handler knows it as one, or whose it is.
      { interface: 'console', actor_type: 'anonymous', user_id: null, route: '/console/login', operation: null, status_code: null, problem_code: null },
      { interface: 'legacy', actor_type: 'api_key', user_id: user.userId, route: '/api/v1/keys', operation: null, status_code: null, problem_code: null },
      { interface: 'legacy', actor_type: 'api_key', user_id: user.userId, route: '/api/v1/keys', operation: null, status_code: 422, problem_code: 'validation_error' },
      { interface: 'operator', actor_type: 'operator', user_id: null, route: '/admin/v1/users', operation: null, status_code: null, problem_code: null },
      { interface: 'console', actor_type: 'user', user_id: user.userId, route: '/console/projects/:slug/firewalls', operation: null, status_code: null, problem_code: null },
    ]),
  );

  // Readers see an entry once it is completed; one whose completion is a minute overdue is shown as it is.
  // (Only the four crashed changes' routes: the clock's own move is an entry made just before the clock moved, and
  // its completion may still be on its way.)
  const crashedRoutes = new Set(['/api/v1/keys', '/admin/v1/users', '/console/projects/:slug/firewalls', '/console/login']);
  const unanswered = async () => {
    const log = await survivor.admin('/audit-log?page_size=100');
    assert.equal(log.status, 200);
    return log.body.results.filter((entry: { status: number | null; route: string }) => entry.status === null && crashedRoutes.has(entry.route)).length;
  };
  assert.equal(await unanswered(), 0, 'not yet: their completion may still come');
  assert.equal((await survivor.admin('/clock/advance', { method: 'POST', body: { seconds: 61 } })).status, 200);
  assert.equal(await unanswered(), 4, 'four changes whose answer the log never saw');
});
