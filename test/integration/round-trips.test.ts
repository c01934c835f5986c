// What the hot requests send to the database, counted at the drivers (issue
// 33): statements a PostgreSQL connection receives, statements SQLite runs,
// for one request once the caches it may use are warm (the API key, the
// catalogue, billing's and the firewall's copies). A change that adds a
// statement to one of these fails here, on either engine, however fast the
// machine. CI runs this file on both engines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Server } from 'node:http';
import { eventually, type CallResult } from '../helpers/build.ts';
import { statementsOf } from '../helpers/round-trips.ts';
import { buildWorld, placeServer, SERVER_DEFAULTS, type World } from '../helpers/world.ts';

type Mark = Record<string, string>;

/**
 * The reboot's statements, not counting BEGIN, COMMIT and SQLite's
 * savepoints (several SQLite transactions share a commit, so those vary).
 * First one read: the server, whether it is busy, the Idempotency-Key's
 * record and (PostgreSQL) the new action's id. Then its writes
 * (db/write-batch.ts): on PostgreSQL one statement, with no transaction
 * around it; on SQLite, where a statement is a call inside the process and
 * not a round trip, one statement per write in a transaction: the action,
 * the guard that the server may still start it, its key, its job and its
 * event (two). Then, on both, the audit log's entry, which commits with the
 * change (D26, db/commit-companion.ts): in the same transaction on SQLite;
 * on PostgreSQL in a transaction made around the one statement and it. Its
 * completion after the answer is a batch of its own
 * (modules/audit/audit-writer.ts), outside the request.
 */
const REBOOT_STATEMENTS = { sqlite: 8, postgres: 3 };
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** Until no job is due or running: the world's setup (billing's services, the project) has settled and changes no cache under the counts. */
async function settled(w: World): Promise<void> {
  await eventually(async () => {
    const busy = await w.app.app.database.db
      .selectFrom('jobs')
      .select('id')
      .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', new Date().toISOString())])]))
      .executeTakeFirst();
    return busy === undefined;
  });
}

test('the hot requests each send at most their budget of statements to the database', async (t) => {
  const w = await buildWorld(t, { legacy: true });
  const servers = [];
  for (const hostname of ['web-1', 'web-2', 'web-3']) servers.push(await placeServer(w, { hostname }));
  const server = servers[0];
  await settled(w);
  const main = w.app.app.main!.server;
  const engine = w.app.database.engine;
  const legacy = w.app.app.legacy!.server;
  const project = (path: string, mark: Mark, options: { method?: string } = {}) => w.app.api(`/projects/${w.slug}${path}`, { key: w.key, headers: mark, ...options });

  const budgets: { name: string; server: Server; budget: number; send: (mark: Mark) => Promise<CallResult>; status: number }[] = [
    { name: 'GET /me/', server: main, budget: 1, status: 200, send: (mark) => w.app.api('/me/', { key: w.key, headers: mark }) },
    { name: 'GET a server', server: main, budget: 1, status: 200, send: (mark) => project(`/servers/${server.id}/`, mark) },
    { name: 'GET the first page of servers', server: main, budget: 1, status: 200, send: (mark) => project('/servers/?page=1&page_size=2', mark) },
    // Nearer the newest end: cut from that end, in the same statement.
    { name: 'GET the last page of servers', server: main, budget: 1, status: 200, send: (mark) => project('/servers/?page=2&page_size=2', mark) },
    { name: 'GET the products', server: main, budget: 0, status: 200, send: (mark) => project('/products/', mark) },
    {
      name: 'legacy GET /api/v1/servers',
      server: legacy,
      budget: 1,
      status: 200,
      send: (mark) => w.app.legacy('/api/v1/servers', { key: w.key, headers: { ...mark, accept: 'application/json' } }),
    },
  ];
  for (const request of budgets) {
    // The first request fills the caches; the second is counted.
    assert.equal((await request.send({})).status, request.status, request.name);
    const { result, statements } = await statementsOf(request.server, request.send);
    assert.equal(result.status, request.status, `${request.name}: ${JSON.stringify(result.body)}`);
    // On SQLite a read asked for while a group of other transactions holds uncommitted writes (a job's, say) commits
    // that group first, in the read's own context: the COMMIT is the group's, not the request's. On PostgreSQL a read
    // has no transaction control to send, so every statement counts there.
    const counted = engine === 'sqlite' ? statements.filter((text) => !TRANSACTION_CONTROL.test(text)) : statements;
    assert.ok(counted.length <= request.budget, `${request.name} sent ${counted.length} statements (budget ${request.budget}):\n${statements.join('\n')}`);
  }

  // The page's count and cut agree with what the statement read.
  const lastPage = await project('/servers/?page=2&page_size=2', {});
  assert.equal(lastPage.body.count, 3);
  assert.deepEqual(lastPage.body.results.map((entry: { id: string }) => entry.id), [servers[2].id]);

  const reboot = (mark: Mark) => project(`/servers/${server.id}/actions/reboot/`, { ...mark, 'idempotency-key': `reboot-${Object.values(mark).join('') || 'warm'}` }, { method: 'POST' });
  assert.equal((await reboot({})).status, 202);
  await eventually(async () => (await project('/actions/?status=running', {})).body.count === 0);
  await settled(w);
  const { result, statements } = await statementsOf(main, reboot);
  assert.equal(result.status, 202, JSON.stringify(result.body));
  const counted = statements.filter((text) => !TRANSACTION_CONTROL.test(text));
  assert.ok(counted.length <= REBOOT_STATEMENTS[engine], `a reboot sent ${counted.length} statements besides transaction control (budget ${REBOOT_STATEMENTS[engine]}):\n${statements.join('\n')}`);
});

test('statements are counted per request: a request that reads nothing counts none, one that reads counts its own', async (t) => {
  const w = await buildWorld(t);
  const main = w.app.app.main!.server;
  const health = await statementsOf(main, (mark) => w.app.raw('/healthz', { headers: mark }));
  assert.equal(health.result.status, 200);
  const unknownKey = await statementsOf(main, (mark) => w.app.api('/me/', { key: 'cp_0123456789abcdef_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', headers: mark }));
  assert.equal(unknownKey.result.status, 401);
  // An unknown key is looked up (a guess is never kept), and counted.
  assert.ok(unknownKey.statements.length >= 1, 'the key lookup is counted');
  // On SQLite a group commit may send its COMMIT for other work from inside this request: transaction control is no read of its own.
  assert.ok(unknownKey.statements.filter((text) => !TRANSACTION_CONTROL.test(text)).every((text) => /api_keys/.test(text)), unknownKey.statements.join('\n'));
});

/**
 * An operator's import (issue 47, point 4: placements a second), all of its
 * statements, BEGIN and COMMIT included, on PostgreSQL: the settle job with
 * the request's audit entry (one statement: db/companion-statement.ts);
 * billing's new service, unless the server has one (one statement); the
 * placement's transaction (BEGIN, the address cursor, the one last statement
 * that also withdraws the settle job, COMMIT); the answer's server with its
 * details, and its firewall groups. The project, its owner, their billing
 * account, the location's hosts and the new billing service are kept by the
 * process. On SQLite, statements besides transaction control, where each
 * write of the placement's batch is a statement of its own (the server, its
 * address, the bandwidth pool, the event's sequence and the event, the job
 * withdrawn): 12.
 */
const IMPORT_STATEMENTS = { sqlite: 12, postgres: 8 };

test("an operator's import sends at most its budget of statements, once the project and its owner are kept", async (t) => {
  const w = await buildWorld(t);
  for (const hostname of ['warm-1', 'warm-2']) await placeServer(w, { hostname });
  await settled(w);
  const main = w.app.app.main!.server;
  const engine = w.app.database.engine;
  const { result, statements } = await statementsOf(main, (mark) =>
    w.app.admin(`/projects/${w.slug}/servers`, { method: 'POST', body: { ...SERVER_DEFAULTS, hostname: 'counted' }, headers: mark }),
  );
  assert.equal(result.status, 201, JSON.stringify(result.body));
  const counted = engine === 'sqlite' ? statements.filter((text) => !TRANSACTION_CONTROL.test(text)) : statements;
  assert.ok(counted.length <= IMPORT_STATEMENTS[engine], `the import sent ${counted.length} statements (budget ${IMPORT_STATEMENTS[engine]}):\n${statements.join('\n')}`);
  // The settle job went with the placement, and the audit entry was completed with the answer.
  const db = w.app.app.database.db;
  assert.deepEqual(await db.selectFrom('jobs').select('id').where('type', '=', 'server.import.settle').execute(), []);
  await eventually(async () => {
    const entry = await db.selectFrom('audit_log').select('status_code').where('route', '=', '/admin/v1/projects/:project_slug/servers').orderBy('id', 'desc').executeTakeFirst();
    return entry?.status_code === 201;
  });
});
