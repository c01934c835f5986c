// The client's event stream and its waits against the real service, over
// HTTP: while an order and actions run, every event arrives once, in order,
// exactly as the event log's pages hold it; a connection cut before any event
// and again in the middle resumes with Last-Event-ID and misses nothing
// committed while it was down; waitForAction and waitForOrder listen instead
// of polling, and poll (with the same answers) where no stream can be had;
// another project's events are 404, a read-only member may follow them.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { CloudplaneError, type Action, type CloudplaneClient, type EventReconnect, type Order, type ProjectEvent } from '../../src/client/index.ts';
import { succeeded } from '../helpers/actions.ts';
import { build, eventually, type TestApp } from '../helpers/build.ts';
import { BASE_ORDER } from '../helpers/orders.ts';
import { addMemberWithKey, createWorld, placeServer, setFault, type World } from '../helpers/world.ts';
import { requestsTo, testClient, type RecordedRequest } from './client-world.ts';

/** Every event the project's log holds after `after`, page after page (the JSON form of the same route). */
async function loggedEvents(app: TestApp, w: World, after = 0): Promise<ProjectEvent[]> {
  const events: ProjectEvent[] = [];
  for (let cursor = after; ; ) {
    const page = await app.api(`/projects/${w.slug}/events/?after=${cursor}&page_size=500`, { key: w.key });
    assert.equal(page.status, 200, JSON.stringify(page.body));
    events.push(...page.body.results);
    cursor = page.body.last_id;
    if (!page.body.has_more) return events;
  }
}

/** Starts reading `stream` into an array at once; `done` settles when the loop ends. */
function collect<T>(stream: AsyncIterable<T>): { items: T[]; done: Promise<void> } {
  const items: T[] = [];
  const done = (async () => {
    for await (const item of stream) items.push(item);
  })();
  return { items, done };
}

/**
 * The abort that ends a test's streams, run when the test ends before the app
 * closes (after-hooks run in the order they were added, and closing waits for
 * open connections): a failing test fails instead of hanging.
 */
function streamsEndFirst(t: TestContext): AbortController {
  const stop = new AbortController();
  t.after(() => stop.abort());
  return stop;
}

/** The answer with a body the test can break off, as a dropped connection does (the reader sees the read fail). */
function cuttableBody(response: Response): { cuttable: Response; cut: () => void } {
  const source = response.body!.getReader();
  let cut = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      cut = () => {
        controller.error(new TypeError('terminated'));
        void source.cancel().catch(() => undefined);
      };
    },
    async pull(controller) {
      const chunk = await source.read().catch(() => ({ done: true as const, value: undefined }));
      try {
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      } catch {
        // Cut meanwhile: the stream is already errored.
      }
    },
    cancel: () => source.cancel(),
  });
  return { cuttable: new Response(body, { status: response.status, headers: response.headers }), cut: () => cut() };
}

const streamRequests = (requests: RecordedRequest[]) => requests.filter((request) => request.accept === 'text/event-stream');

async function startReboot(w: World, serverId: string): Promise<number> {
  const started = await w.app.api(`/projects/${w.slug}/servers/${serverId}/actions/reboot/`, { method: 'POST', key: w.key });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  return started.body.id;
}

test('while an order and an action run, every event arrives once and in order, as the log holds it; the waits listen', { timeout: 60_000 }, async (t) => {
  const stop = streamsEndFirst(t);
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Client Events' });
  // A check read only after a minute of quiet: within this test, every read but the first is an event's doing.
  const { client, requests } = testClient(w, { poll: { streamCheckIntervalMs: 60_000 } });
  const everything = collect(client.events(w.slug, { after: 0, signal: stop.signal }));
  const finishedOnly = collect(client.events(w.slug, { after: 0, types: ['action.finished'], signal: stop.signal }));

  const placed = await client.placeOrder(w.slug, { ...BASE_ORDER, hostname: 'events-1' });
  const order = await client.waitForOrder(w.slug, placed.order.id);
  assert.equal(order.status, 'completed', JSON.stringify(order));
  const action = await client.call(
    client.raw.POST('/projects/{project_slug}/servers/{server_id}/actions/reboot/', { params: { path: { project_slug: w.slug, server_id: order.server_id! } } }),
  );
  requests.length = 0;
  const rebooted = await client.waitForAction(w.slug, action.id);
  assert.equal(rebooted.status, 'success', JSON.stringify(rebooted));

  const logged = await loggedEvents(app, w);
  const lastId = logged.at(-1)!.id;
  await eventually(async () => everything.items.at(-1)?.id === lastId, 10_000);
  stop.abort();
  await Promise.all([everything.done, finishedOnly.done]);

  assert.deepEqual(everything.items, logged, 'the stream sends the log as it is: each event once, in order, the same JSON');
  assert.ok(logged.every((event, index) => index === 0 || event.id > logged[index - 1]!.id), 'ids increase');
  const types = new Set(logged.map((event) => event.type));
  for (const type of ['order.created', 'order.status_changed', 'server.created', 'action.started', 'action.finished'] as const) assert.ok(types.has(type), `${type} among ${[...types].join(', ')}`);
  const orderStatuses = logged.filter((event) => event.type === 'order.status_changed' && event.resource.id === String(order.id)).map((event) => (event.data as { status: string }).status);
  assert.equal(orderStatuses.at(-1), 'completed', orderStatuses.join(' → '));
  assert.deepEqual(finishedOnly.items, logged.filter((event) => event.type === 'action.finished'), 'a types filter sends those types only');

  // waitForAction opened a stream of action.finished, read the action once, and took its end from the event.
  const actionReads = requestsTo(requests, 'GET', `/actions/${action.id}/`);
  assert.equal(actionReads.length, 1, JSON.stringify(requests));
  assert.deepEqual(
    streamRequests(requests).map((request) => [request.path, request.search, request.status]),
    [[`/api/v1/projects/${w.slug}/events/`, '?types=action.finished', 200]],
  );
  const finished = logged.find((event) => event.type === 'action.finished' && event.resource.id === String(action.id));
  assert.deepEqual(rebooted, finished?.data, 'the answer is the action as the event carried it');
});

test('a wait whose reads fail for a while (billing down) reads again as soon as a poll would, not after a quiet minute', { timeout: 60_000 }, async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Client Billing Down' });
  const { client, requests } = testClient(w, { poll: { streamCheckIntervalMs: 60_000 } });
  const placed = await client.placeOrder(w.slug, { ...BASE_ORDER, hostname: 'down-1' });
  // Reading an order asks billing first: while billing is down, every read is a 503 (a failure that passes).
  await setFault(app, 'billing', 'down');
  const reads = () => requestsTo(requests, 'GET', `/orders/${placed.order.id}/`);
  const waiting = client.waitForOrder(w.slug, placed.order.id);
  await eventually(async () => reads().filter((read) => read.status === 503).length >= 10, 10_000);
  await setFault(app, 'billing', 'ok');
  const recoveredAt = Date.now();
  const done = await waiting;
  assert.equal(done.status, 'completed', JSON.stringify(done));
  assert.ok(Date.now() - recoveredAt < 5_000, `answered ${Date.now() - recoveredAt} ms after billing came back`);
  assert.equal(reads().at(-1)?.status, 200);
});

test('a connection cut before any event, and again later, resumes with Last-Event-ID: nothing committed meanwhile is missed, nothing repeated', { timeout: 60_000 }, async (t) => {
  const stop = streamsEndFirst(t);
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Client Resume' });
  const server = await placeServer(w);
  const startedAfter = (await loggedEvents(app, w)).at(-1)?.id ?? 0;

  const connections: (() => void)[] = [];
  const reconnects: EventReconnect[] = [];
  // What the test does while the client waits to reconnect: the changes a disconnected client must not miss.
  let whileDisconnected: (() => Promise<void>) | undefined;
  const { client, requests } = testClient(w, {
    wrapFetch: (fetch) => async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      if (request.headers.get('accept') !== 'text/event-stream') return response;
      const { cuttable, cut } = cuttableBody(response);
      connections.push(cut);
      return cuttable;
    },
    onWait: async () => {
      const change = whileDisconnected;
      whileDisconnected = undefined;
      await change?.();
    },
  });
  const rebootIds: number[] = [];
  const rebootWhileDisconnected = () => {
    whileDisconnected = async () => {
      const id = await startReboot(w, server.id);
      rebootIds.push(id);
      await succeeded(w, id);
    };
  };

  const stream = collect(client.events(w.slug, { signal: stop.signal, onReconnect: (reconnect) => reconnects.push(reconnect) }));
  await eventually(async () => streamRequests(requests).length === 1);
  // Cut before any event came: the stream resumes where it began (the answer's Last-Event-ID), not "now".
  rebootWhileDisconnected();
  connections[0]!();
  await eventually(async () => stream.items.some((event) => event.type === 'action.finished'), 10_000);
  const beforeSecondCut = stream.items.at(-1)!.id;
  rebootWhileDisconnected();
  connections[1]!();
  await eventually(async () => stream.items.filter((event) => event.type === 'action.finished').length === 2, 10_000);
  const logged = await loggedEvents(app, w, startedAfter);
  await eventually(async () => stream.items.at(-1)?.id === logged.at(-1)!.id);
  stop.abort();
  await stream.done;

  assert.deepEqual(stream.items, logged, 'every event committed after the stream began, once, in order');
  assert.deepEqual(
    logged.filter((event) => event.type.startsWith('action.')).map((event) => [event.type, Number(event.resource.id)]),
    rebootIds.flatMap((id) => [
      ['action.started', id],
      ['action.finished', id],
    ]),
    'both reboots, each committed while the client was disconnected',
  );
  assert.deepEqual(
    streamRequests(requests).map((request) => request.lastEventId),
    [null, String(startedAfter), String(beforeSecondCut)],
    'each reconnection resumed after the last event delivered (or where the stream began)',
  );
  assert.equal(reconnects.length, 2);
  assert.ok(reconnects.every((reconnect) => reconnect.attempt === 1 && /^the connection failed/.test(reconnect.reason)), JSON.stringify(reconnects));
});

test('where no stream can be had (an older service, a proxy that drops Accept), the waits poll and answer the same', { timeout: 60_000 }, async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Client No Stream' });
  const server = await placeServer(w);
  const withoutStreams = {
    'an older service': (_request: Request) =>
      Promise.resolve(new Response(JSON.stringify({ status: 404, code: 'not_found', detail: 'Not found' }), { status: 404, headers: { 'content-type': 'application/problem+json' } })),
    'a proxy that drops Accept': (request: Request, fetch: typeof globalThis.fetch) => {
      const headers = new Headers(request.headers);
      headers.delete('accept');
      return fetch(new Request(request, { headers }));
    },
  };
  for (const [what, answer] of Object.entries(withoutStreams)) {
    const { client, requests } = testClient(w, {
      wrapFetch: (fetch) => (input, init) => {
        const request = new Request(input, init);
        return request.headers.get('accept') === 'text/event-stream' ? answer(request, fetch) : fetch(request);
      },
    });
    const actionId = await startReboot(w, server.id);
    const done = await client.waitForAction(w.slug, actionId);
    assert.equal(done.status, 'success', `${what}: ${JSON.stringify(done)}`);
    assert.deepEqual(done, await client.getAction(w.slug, actionId), `${what}: the action as the API shows it`);
    assert.equal(streamRequests(requests).length, 0, `${what}: the stream's request never reached the service as a stream`);
    assert.ok(requestsTo(requests, 'GET', `/actions/${actionId}/`).length >= 2, `${what}: polled`);
  }
});

test("another project's events are 404, a wrong key 401; a read-only member may follow the project's events", { timeout: 60_000 }, async (t) => {
  const stop = streamsEndFirst(t);
  const app = await build(t);
  const w = await createWorld(app, { project: 'Client Events Access' });
  const stranger = await createWorld(app, { project: 'Someone Else' });
  const { client } = testClient(w);
  const refusal = async (stream: AsyncIterable<unknown>) => {
    for await (const _event of stream) assert.fail('no event of a project the key does not reach');
    assert.fail('the stream is refused');
  };

  const hidden = await refusal(client.events(stranger.slug)).catch((error: unknown) => error);
  assert.ok(hidden instanceof CloudplaneError, String(hidden));
  assert.equal(hidden.status, 404);
  assert.equal(hidden.code, 'not_found');
  const wrongKey = await refusal(testClient(w, { token: 'cp_not_a_key' }).client.events(w.slug)).catch((error: unknown) => error);
  assert.ok(wrongKey instanceof CloudplaneError && wrongKey.code === 'unauthenticated', String(wrongKey));

  const reader = await addMemberWithKey(app, w.slug, 'member', { readOnly: true });
  const stream = collect(testClient({ app, key: reader.key }).client.events(w.slug, { after: 0, signal: stop.signal, types: ['server.created'] }));
  const server = await placeServer(w, { hostname: 'seen-1' });
  await eventually(async () => stream.items.length === 1);
  stop.abort();
  await stream.done;
  const [created] = stream.items;
  assert.equal(created?.type, 'server.created');
  assert.deepEqual(created?.resource, { type: 'server', id: server.id });
  assert.equal(created?.project, w.slug);
});

// The events are typed by their type, and `types` narrows them: a mistake is a type error,
// which `npm test`'s type check (tsc over test/) reports. Never run, only checked.
export async function eventsAreTypedByType(client: CloudplaneClient, signal: AbortSignal): Promise<void> {
  for await (const event of client.events('demo', { types: ['action.finished', 'order.status_changed'], signal })) {
    if (event.type === 'action.finished') {
      const status: Action['status'] = event.data.status;
      void status;
    } else {
      const order: Order = event.data;
      void order;
    }
    // @ts-expect-error: only the types asked for come
    if (event.type === 'server.created') return;
  }
  for await (const event of client.events('demo', { signal })) {
    // @ts-expect-error: an invoice's data has no name in the client: unknown until narrowed
    if (event.type === 'invoice.paid') void event.data.total;
  }
}
