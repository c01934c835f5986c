// Every log that grows has a retention (D25, docs/retention.md): the audit
// log (400 days unless CLOUDPLANE_AUDIT_RETENTION_DAYS says otherwise, here
// 30), server console sessions (30 days once over), idempotency records
// (their 24-hour window) and ended console sign-in sessions (7 days), pruned
// by one recurring job in batches; the operator exports a range of the audit
// log as JSON lines before it goes. Events and webhook deliveries have their
// own tests (events.test.ts, webhooks.delivery.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TimePartitions } from '../../src/db/partitions.ts';
import { serverMetricKey } from '../../src/modules/servers/index.ts';
import { eventually, OPERATOR_TOKEN } from '../helpers/build.ts';
import { consoleClient } from '../helpers/console.ts';
import { BASE_ORDER, orderServer, waitForOrder } from '../helpers/orders.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { buildWorld } from '../helpers/world.ts';

const DAY_S = 24 * 60 * 60;
const PASSWORD = 'retention password';

test('each log that grows is pruned once its retention has passed, and not before', async (t) => {
  const w = await buildWorld(t, { project: 'Kept', credit: '100.00', build: { config: { testClock: true, auditRetentionMs: 30 * DAY_S * 1000 } } });
  const { app } = w;
  const db = app.app.database.db;
  const count = async (table: 'audit_log' | 'idempotency_keys' | 'server_console_sessions' | 'console_sessions') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

  // Something in each: audit entries, an idempotency record (the order's), a console token never used, a sign-in session ended.
  const key = await app.api(`/projects/${w.slug}/ssh-keys/`, { method: 'POST', key: w.key, body: { name: 'kept', public_key: ed25519Key('kept') } });
  assert.equal(key.status, 201);
  const group = await app.api(`/projects/${w.slug}/firewall-groups/`, { method: 'POST', key: w.key, body: { name: 'kept', direction: 'ingress' } });
  assert.equal(group.status, 201);
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  assert.equal((await browser.signIn(user.email, PASSWORD)).status, 303);
  await browser.get('/console/account');
  assert.equal((await browser.post('/console/logout', {})).status, 303, 'signed out');
  const order = await orderServer(w, BASE_ORDER, { idempotencyKey: 'kept-1' });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  const { server_id: serverId } = await waitForOrder(w, order.body.id, ['completed'], 20_000);
  assert.equal((await app.api(`/projects/${w.slug}/servers/${serverId}/console/`, { method: 'POST', key: w.key })).status, 201, 'a console token');
  const entries = await eventually(async () => ((await count('audit_log')) >= 5 ? count('audit_log') : null));
  assert.equal(await count('idempotency_keys') > 0, true, 'an idempotency record');
  assert.equal(await count('console_sessions') > 0, true, 'a sign-in session');

  // The operator exports them first: every entry, oldest first, one per line.
  const since = '2000-01-01T00:00:00Z';
  const until = '2100-01-01T00:00:00Z';
  const exported = await fetch(`${app.baseUrl}/admin/v1/audit-log/export?since=${since}&until=${until}`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
  assert.equal(exported.status, 200);
  assert.match(exported.headers.get('content-type') ?? '', /^application\/x-ndjson/);
  const lines = (await exported.text()).split('\n');
  assert.equal(lines.pop(), '', 'each line ends with a newline');
  const exportedEntries = lines.map((line) => JSON.parse(line) as { id: number; route: string; status: number | null });
  assert.ok(exportedEntries.length >= entries, `${exportedEntries.length} entries exported`);
  assert.deepEqual(exportedEntries.map((entry) => entry.id), [...exportedEntries.map((entry) => entry.id)].sort((a, b) => a - b), 'oldest first');
  const listed = await app.admin('/audit-log?page_size=100');
  const listedById = new Map(listed.body.results.map((entry: { id: number }) => [entry.id, entry]));
  for (const entry of exportedEntries) if (listedById.has(entry.id)) assert.deepEqual(entry, listedById.get(entry.id), 'an exported entry is the entry the log lists');
  // A project's range, and what is refused.
  const ofProject = await fetch(`${app.baseUrl}/admin/v1/audit-log/export?since=${since}&until=${until}&project=${w.slug}`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
  assert.ok((await ofProject.text()).split('\n').filter(Boolean).every((line) => JSON.parse(line).project === w.slug));
  assert.equal((await app.admin(`/audit-log/export?since=${since}`)).status, 400, 'a range has two ends');
  assert.equal((await app.admin(`/audit-log/export?since=yesterday&until=${until}`)).status, 400);
  assert.equal((await app.admin(`/audit-log/export?since=${since}&until=${until}&project=nope`)).status, 404);
  assert.equal((await app.raw(`/admin/v1/audit-log/export?since=${since}&until=${until}`, { key: w.key })).status, 401, "the operator's token only");

  // Twenty days on: the audit log and the server console's sessions are kept; the idempotency record and the ended
  // sign-in session are gone (a day and a week).
  const auditBefore = await count('audit_log');
  const consoleSessionsBefore = await count('server_console_sessions');
  assert.equal((await app.admin('/clock/advance', { method: 'POST', body: { seconds: 20 * DAY_S } })).status, 200);
  await eventually(async () => (await count('idempotency_keys')) === 0 && (await count('console_sessions')) === 0, 15_000);
  assert.ok((await count('audit_log')) >= auditBefore, 'the audit log is kept for its 30 days');
  assert.equal(await count('server_console_sessions'), consoleSessionsBefore, 'console sessions are kept for 30 days');

  // Eleven more: everything older than 30 days is gone; what was made since stays.
  assert.equal((await app.admin('/clock/advance', { method: 'POST', body: { seconds: 11 * DAY_S } })).status, 200);
  const oldest = await eventually(async () => {
    const rows = await db.selectFrom('audit_log').select(['id', 'created_at']).orderBy('id').execute();
    return rows.length > 0 && rows.every((row) => row.id > exportedEntries.at(-1)!.id) ? rows : null;
  }, 15_000);
  assert.ok(oldest.length >= 1, 'the clock advances are entries of their own, made since');
  assert.equal(await count('server_console_sessions'), 0, 'the unused console token is gone');
});

test("servers' raw metric samples older than a day are pruned by the sampler, more than one batch of them", async (t) => {
  const w = await buildWorld(t, { project: 'Sampled', build: { config: { testClock: true } } });
  const db = w.app.app.database.db;
  const now = w.app.app.clock.now().getTime();
  const at = (msAgo: number, index: number) => now - msAgo - index * 1000;
  const sample = (when: number, index: number) => ({ server_key: serverMetricKey(index.toString(16).padStart(16, '0')), at: when, cpu_time_ns: 1, network_rx_bytes: 1, network_tx_bytes: 1, disk_read_bytes: 1, disk_write_bytes: 1 });
  // Twice a batch and more, eight days old; and ten from the last hour.
  const old = Array.from({ length: 1_100 }, (_, index) => sample(at(8 * DAY_S * 1000, index), index));
  const recent = Array.from({ length: 10 }, (_, index) => sample(at(60 * 60 * 1000, index), index));
  // On PostgreSQL the samples go into day partitions (dropped whole once past), made as the sampler makes them.
  await new TimePartitions(db, w.app.app.database.engine).ensure('server_metric_samples', [...old, ...recent].map((row) => row.at));
  for (let start = 0; start < old.length; start += 200) await db.insertInto('server_metric_samples').values(old.slice(start, start + 200)).execute();
  await db.insertInto('server_metric_samples').values(recent).execute();

  // The sampler's round at the next five-minute boundary prunes what is past the day (and the hour of slack).
  // To the next five-minute boundary and a little past it: rounds prune every five minutes.
  const toBoundary = 300 - Math.floor(now / 1000) % 300 + 1;
  assert.equal((await w.app.admin('/clock/advance', { method: 'POST', body: { seconds: toBoundary } })).status, 200);
  const count = async () => Number((await db.selectFrom('server_metric_samples').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  await eventually(async () => (await count()) === recent.length, 15_000);
});
