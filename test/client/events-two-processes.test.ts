// The client's event stream across two `cloudplane serve` processes on one
// database (PostgreSQL with TEST_DATABASE_URL, else one SQLite file), through
// a proxy that first sends it to A, then cuts the stream and sends what comes
// next to B, as a restart behind a load balancer would. Changes are made
// through both processes, one while the client is disconnected: the client
// resumes on B with Last-Event-ID and gets every event once, in order, as the
// log holds it, whichever process committed it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient, type ProjectEvent } from '../../src/client/index.ts';
import { eventually } from '../helpers/build.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { cloudplaneProcesses, type ServeProcess } from '../helpers/processes.ts';
import { recordingProxy } from '../helpers/recording-proxy.ts';

test('a stream cut on one process resumes on another: every event once, in order, whichever process committed it', { timeout: 180_000 }, async (t) => {
  // After-hooks run in the order they are added: the stream ends before the processes stop.
  const stop = new AbortController();
  t.after(() => stop.abort());
  const database = await createTestDatabase();
  const processes = cloudplaneProcesses(database);
  t.after(async () => {
    await processes.stopAll();
    await database.drop();
  });
  // A first: it migrates the empty database; then B joins it.
  const a = await processes.serve('serve A');
  const b = await processes.serve('serve B');

  const user = await a.admin('/users', {
    method: 'POST',
    body: { email: `events-${Date.now()}@example.com`, first_name: 'Two', last_name: 'Processes', billing_account: { currency: 'EUR', credit_balance: '100.00' } },
  });
  assert.equal(user.status, 201, JSON.stringify(user.body));
  const key: string = (await a.admin(`/users/${user.body.id}/api-keys`, { method: 'POST', body: { name: 'events' } })).body.token;
  const project = await a.api('/projects/', { method: 'POST', key, body: { name: 'Two Processes' } });
  assert.equal(project.status, 201, JSON.stringify(project.body));
  const slug: string = project.body.slug;
  await eventually(async () => (await a.api(`/projects/${slug}/`, { key })).body.status === 'ready', 30_000);
  const placed = await a.admin(`/projects/${slug}/servers`, { method: 'POST', body: { hostname: 'two-1', product_id: 1, location: 'fsn1', image: 'debian-12' } });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const serverId: string = placed.body.id;

  const rebootThrough = async (process: ServeProcess): Promise<number> => {
    const started = await process.api(`/projects/${slug}/servers/${serverId}/actions/reboot/`, { method: 'POST', key });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    await eventually(async () => (await process.api(`/projects/${slug}/actions/${started.body.id}/`, { key })).body.status === 'success', 10_000);
    return started.body.id;
  };
  const loggedAfter = async (after: number): Promise<ProjectEvent[]> => {
    const page = await b.api(`/projects/${slug}/events/?after=${after}&page_size=500`, { key });
    assert.equal(page.status, 200, JSON.stringify(page.body));
    return page.body.results;
  };
  const startedAfter = (await loggedAfter(0)).at(-1)?.id ?? 0;

  const proxy = await recordingProxy(a.baseUrl);
  t.after(() => proxy.close());
  // The client's only wait here is before reconnecting: the change made then is one it must not miss.
  let whileDisconnected: (() => Promise<unknown>) | undefined;
  const client = createClient({
    baseUrl: `${proxy.url}/api/v1`,
    token: key,
    sleep: async () => {
      const change = whileDisconnected;
      whileDisconnected = undefined;
      await change?.();
    },
  });
  const received: ProjectEvent[] = [];
  const reading = (async () => {
    for await (const event of client.events(slug, { signal: stop.signal })) received.push(event);
  })();
  const finished = (actionId: number) => eventually(async () => received.some((event) => event.type === 'action.finished' && event.resource.id === String(actionId)), 10_000);

  await eventually(async () => proxy.openStreams() === 1, 10_000);
  const throughA = await rebootThrough(a);
  await finished(throughA);
  const beforeCut = received.at(-1)!.id;
  let whileCut = 0;
  whileDisconnected = async () => (whileCut = await rebootThrough(b));
  proxy.cutStreams(b.baseUrl);
  await eventually(async () => whileCut > 0, 10_000);
  await finished(whileCut);
  // Now on B: a change committed by A still reaches it (PostgreSQL's NOTIFY, or SQLite's shared file).
  const laterThroughA = await rebootThrough(a);
  await finished(laterThroughA);
  const logged = await loggedAfter(startedAfter);
  await eventually(async () => received.at(-1)?.id === logged.at(-1)!.id, 10_000);
  stop.abort();
  await reading;

  assert.deepEqual(received, logged, 'every event once, in order, as the log holds it');
  assert.deepEqual(
    logged.filter((event) => event.type === 'action.finished').map((event) => Number(event.resource.id)),
    [throughA, whileCut, laterThroughA],
  );
  assert.deepEqual(
    proxy.forwarded.filter((request) => request.accept === 'text/event-stream').map((request) => [request.target, request.lastEventId]),
    [
      [a.baseUrl, undefined],
      [b.baseUrl, String(beforeCut)],
    ],
    'the second connection went to B and resumed after the last event delivered',
  );
});
