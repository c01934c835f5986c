// The client's event reader (src/client/events.ts) against a small SSE server
// of the test's own on 127.0.0.1, which answers each connection as the test
// scripts it: messages cut at any byte, comments, `retry:`, a stream that
// ends, one that goes silent, refusals. What the reader must do with each:
// yield whole typed events in order, reconnect with Last-Event-ID after the
// last one delivered (or after where the stream began), wait what the service
// asked, and end only on the caller's abort or a refusal that cannot mend;
// a wait closes the stream it opened when it ends. (test/client/events.test.ts
// runs the reader against the real service.)
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, type TestContext } from 'node:test';
import { CloudplaneConnectionError, CloudplaneError, createClient, EventStreamUnavailableError, type EventReconnect, type ProjectEvent } from '../../src/client/index.ts';

interface Connection {
  url: URL;
  headers: http.IncomingHttpHeaders;
  response: http.ServerResponse;
  /** Resolves when the client went away. */
  closed: Promise<void>;
}

/** An SSE server answering connection `index` with `answer`; closed when the test ends. */
async function sseServer(t: TestContext, answer: (connection: Connection, index: number) => void) {
  const connections: Connection[] = [];
  const server = http.createServer((request, response) => {
    const closed = new Promise<void>((resolve) => response.once('close', () => resolve()));
    const connection = { url: new URL(request.url ?? '/', 'http://127.0.0.1'), headers: request.headers, response, closed };
    connections.push(connection);
    answer(connection, connections.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, connections };
}

function openStream(connection: Connection, headers: Record<string, string> = {}): void {
  connection.response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...headers });
  connection.response.flushHeaders();
}

function event(id: number, type = 'action.finished', data: Record<string, unknown> = {}): ProjectEvent {
  return {
    id,
    type: type as ProjectEvent['type'],
    project: 'demo',
    resource: { type: 'action', id: String(id * 10) },
    data: { id: id * 10, status: 'success', ...data },
    created_at: '2030-01-01T00:00:00.000Z',
  };
}

function message(sent: ProjectEvent): string {
  return `id: ${sent.id}\nevent: ${sent.type}\ndata: ${JSON.stringify(sent)}\n\n`;
}

/** A client of the test server whose waits are recorded and take no real time. */
function streamClient(baseUrl: string, options: { maxAttempts?: number } = {}) {
  const waits: number[] = [];
  const reconnects: EventReconnect[] = [];
  const client = createClient({
    baseUrl,
    token: 'cp_test_key',
    retry: { maxAttempts: options.maxAttempts ?? 5 },
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { client, waits, reconnects, onReconnect: (reconnect: EventReconnect) => reconnects.push(reconnect) };
}

/** The first `count` events the stream yields; the loop is left (and the connection closed) after them. */
async function take<T>(stream: AsyncIterable<T>, count: number): Promise<T[]> {
  const taken: T[] = [];
  if (count === 0) return taken;
  for await (const item of stream) {
    taken.push(item);
    if (taken.length === count) break;
  }
  return taken;
}

test('messages cut at any byte are parsed whole, in order; comments and retry: are not events', async (t) => {
  const sent = [event(1), event(2, 'order.status_changed', { note: 'été ✓' }), event(3, 'server.renamed')];
  const server = await sseServer(t, (connection) => {
    openStream(connection, { 'last-event-id': '0' });
    const bytes = Buffer.from(`retry: 1234\n\n: heartbeat\n\n${sent.map(message).join(': heartbeat\n\n')}`);
    // One byte per write, each in its own turn of the event loop: lines, fields and UTF-8 sequences arrive cut.
    void (async () => {
      for (const byte of bytes) {
        connection.response.write(Buffer.from([byte]));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
  });
  const { client } = streamClient(server.baseUrl);

  const received = await take(client.events('demo', { types: ['action.finished', 'order.status_changed', 'server.renamed'] }), 3);
  assert.deepEqual(received, sent);
  const [connection] = server.connections;
  assert.equal(connection!.url.pathname, '/api/v1/projects/demo/events/');
  assert.equal(connection!.url.searchParams.get('types'), 'action.finished,order.status_changed,server.renamed');
  assert.equal(connection!.url.searchParams.get('after'), null, 'without `after`, the stream starts with the next event');
  assert.equal(connection!.headers.accept, 'text/event-stream');
  assert.equal(connection!.headers.authorization, 'Bearer cp_test_key');
  assert.equal(connection!.headers['last-event-id'], undefined);
  // Leaving the loop closes the connection: the service does not keep a stream nobody reads.
  await connection!.closed;
  assert.equal(server.connections.length, 1, 'no reconnection after the caller left');
});

test('a stream that ends: reconnects after retry: with Last-Event-ID of the last event, and goes on without a repeat', async (t) => {
  const server = await sseServer(t, (connection, index) => {
    openStream(connection, { 'last-event-id': index === 0 ? '0' : String(connection.headers['last-event-id']) });
    if (index === 0) {
      connection.response.end(`retry: 1500\n\n${message(event(1))}${message(event(2))}`);
      return;
    }
    const after = Number(connection.headers['last-event-id']);
    connection.response.write(message(event(after + 1)));
  });
  const { client, waits, reconnects, onReconnect } = streamClient(server.baseUrl);

  const received = await take(client.events('demo', { onReconnect }), 3);
  assert.deepEqual(received.map((item) => item.id), [1, 2, 3], 'each event once, in order');
  assert.equal(server.connections[1]!.headers['last-event-id'], '2');
  assert.equal(server.connections[1]!.url.searchParams.get('after'), null, 'Last-Event-ID is the cursor once an id is known');
  assert.equal(reconnects.length, 1);
  assert.deepEqual({ ...reconnects[0], delayMs: undefined }, { attempt: 1, delayMs: undefined, lastEventId: '2', reason: 'the service ended the stream' });
  assert.ok(reconnects[0]!.delayMs >= 1500, `waited ${reconnects[0]!.delayMs} ms, at least the retry: asked for`);
  assert.deepEqual(waits, [reconnects[0]!.delayMs]);
});

test('a drop before any event resumes where the stream began (its Last-Event-ID header), or after `after` with a service that sends none', async (t) => {
  const server = await sseServer(t, (connection, index) => {
    if (index === 0) {
      openStream(connection, { 'last-event-id': '41' });
      connection.response.end('retry: 10\n\n');
      return;
    }
    openStream(connection);
    connection.response.write(message(event(42)));
  });
  const { client } = streamClient(server.baseUrl);
  assert.deepEqual((await take(client.events('demo'), 1)).map((item) => item.id), [42]);
  assert.equal(server.connections[1]!.headers['last-event-id'], '41', 'not "from now": events committed while disconnected would be lost');

  const older = await sseServer(t, (connection, index) => {
    openStream(connection);
    if (index === 0) connection.response.end();
    else connection.response.write(message(event(8)));
  });
  const { client: olderClient } = streamClient(older.baseUrl);
  assert.deepEqual((await take(olderClient.events('demo', { after: 7 }), 1)).map((item) => item.id), [8]);
  assert.deepEqual(older.connections.map((connection) => [connection.url.searchParams.get('after'), connection.headers['last-event-id']]), [
    ['7', undefined],
    ['7', undefined],
  ]);
});

test('a connection that stays silent past the timeout is dropped and replaced', async (t) => {
  const server = await sseServer(t, (connection, index) => {
    openStream(connection, { 'last-event-id': '5' });
    // The first connection says nothing after its headers: no heartbeat, no event (a half-open socket looks the same).
    if (index > 0) connection.response.write(message(event(6)));
  });
  const { client, reconnects, onReconnect } = streamClient(server.baseUrl);
  const started = Date.now();
  assert.deepEqual((await take(client.events('demo', { onReconnect, silenceTimeoutMs: 300 }), 1)).map((item) => item.id), [6]);
  assert.ok(Date.now() - started >= 300, 'not before the silence lasted its time');
  assert.equal(reconnects[0]?.reason, 'nothing came for 300 ms');
  await server.connections[0]!.closed;
  assert.equal(server.connections[1]!.headers['last-event-id'], '5');
});

test('a refused reconnection: 503 waits its Retry-After and tries again; 404 ends the stream with the problem', async (t) => {
  const problem = (status: number, code: string) => JSON.stringify({ type: 'about:blank', title: 'Refused', status, code, detail: `refused: ${code}` });
  const server = await sseServer(t, (connection, index) => {
    if (index === 1) {
      connection.response.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '7' }).end(problem(503, 'upstream_unavailable'));
      return;
    }
    openStream(connection, { 'last-event-id': '0' });
    connection.response.end(message(event(index + 1)));
  });
  const { client, waits, reconnects, onReconnect } = streamClient(server.baseUrl);
  assert.deepEqual((await take(client.events('demo', { onReconnect }), 2)).map((item) => item.id), [1, 3]);
  assert.deepEqual(
    reconnects.map((reconnect) => [reconnect.attempt, reconnect.reason]),
    [
      [1, 'the service ended the stream'],
      [2, 'the service answered 503 (upstream_unavailable)'],
    ],
  );
  assert.ok(waits[1]! >= 7000, `waited ${waits[1]} ms after a Retry-After of 7 s`);

  const gone = await sseServer(t, (connection, index) => {
    if (index === 0) {
      openStream(connection, { 'last-event-id': '0' });
      connection.response.end(message(event(1)));
      return;
    }
    connection.response.writeHead(404, { 'content-type': 'application/problem+json' }).end(problem(404, 'not_found'));
  });
  const { client: goneClient } = streamClient(gone.baseUrl);
  const received: number[] = [];
  const error = await (async () => {
    for await (const item of goneClient.events('demo')) received.push(item.id);
  })().then(
    () => assert.fail('a 404 cannot mend: the stream ends with it'),
    (failure: unknown) => failure,
  );
  assert.deepEqual(received, [1]);
  assert.ok(error instanceof CloudplaneError, String(error));
  assert.equal(error.status, 404);
  assert.equal(error.code, 'not_found');
  assert.equal(error.path, '/api/v1/projects/demo/events/');
  assert.equal(gone.connections.length, 2);
});

test('the first connection is a read like any other: a refusal is thrown, a page instead of a stream too, no answer is retried', async (t) => {
  const server = await sseServer(t, (connection) => {
    if (connection.url.pathname.includes('/projects/other/')) {
      connection.response.writeHead(404, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ status: 404, code: 'not_found', detail: 'No such project' }));
      return;
    }
    // A proxy that dropped the Accept header: the service answered a page of JSON.
    connection.response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [], last_id: 0, has_more: false }));
  });
  const { client } = streamClient(server.baseUrl);
  const refused = await take(client.events('other'), 1).catch((error: unknown) => error);
  assert.ok(refused instanceof CloudplaneError, String(refused));
  assert.equal(refused.code, 'not_found');
  const page = await take(client.events('demo'), 1).catch((error: unknown) => error);
  assert.ok(page instanceof EventStreamUnavailableError, String(page));
  assert.match(page.message, /answered 200 application\/json instead of an event stream/);

  // Nobody listens on this port (it was just closed): no answer, retried as any read, then CloudplaneConnectionError.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const unreachable = streamClient(`http://127.0.0.1:${port}/api/v1`, { maxAttempts: 3 });
  const lost = await take(unreachable.client.events('demo'), 1).catch((error: unknown) => error);
  assert.ok(lost instanceof CloudplaneConnectionError, String(lost));
  assert.equal(lost.attempts, 3);
  assert.equal(unreachable.waits.length, 2);
});

test('an abort ends the loop without an error: while reading, and while waiting to reconnect', async (t) => {
  const server = await sseServer(t, (connection, index) => {
    openStream(connection, { 'last-event-id': '0' });
    if (index === 0) connection.response.write(message(event(1)));
    else connection.response.end(message(event(index + 1)));
  });
  const { client } = streamClient(server.baseUrl);
  const reading = new AbortController();
  const received: number[] = [];
  for await (const item of client.events('demo', { signal: reading.signal })) {
    received.push(item.id);
    reading.abort();
  }
  assert.deepEqual(received, [1]);
  await server.connections[0]!.closed;

  // The second connection ends after one event; the abort comes while the reader waits to reconnect.
  const waiting = new AbortController();
  const later: number[] = [];
  for await (const item of client.events('demo', { signal: waiting.signal, onReconnect: () => waiting.abort() })) later.push(item.id);
  assert.deepEqual(later, [2]);
  assert.equal(server.connections.length, 2, 'no connection after the abort');

  // A real wait (no injected sleep) is cut short too: the program is not kept alive by its timer.
  const real = createClient({ baseUrl: server.baseUrl, token: 'cp_test_key' });
  const aborted = new AbortController();
  const started = Date.now();
  for await (const item of real.events('demo', { signal: aborted.signal, onReconnect: () => setTimeout(() => aborted.abort(), 50) })) later.push(item.id);
  assert.ok(Date.now() - started < 1500, 'the 2 s reconnection wait ended with the abort');
});

test('a wait that ends closes its stream: read first and final, or ended by its event', async (t) => {
  const action = (status: string) => ({ id: 1, type: 'server.reboot', status, resource: { type: 'server', id: 'abc' } });
  let status = 'success';
  const server = await sseServer(t, (connection) => {
    if (connection.url.pathname.endsWith('/events/')) {
      openStream(connection, { 'last-event-id': '0' });
      // Its event follows at once: the read made after the stream opened may see it running or ended.
      connection.response.write(message({ ...event(1), resource: { type: 'action', id: '1' }, data: action('success') }));
      return;
    }
    connection.response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(action(status)));
  });
  const { client } = streamClient(server.baseUrl);
  assert.equal((await client.waitForAction('demo', 1)).status, 'success', 'final at the first read');
  await server.connections[0]!.closed;

  status = 'running';
  assert.equal((await client.waitForAction('demo', 1)).status, 'success', 'final by its event');
  const stream = server.connections.filter((connection) => connection.url.pathname.endsWith('/events/'))[1]!;
  assert.equal(stream.url.searchParams.get('types'), 'action.finished');
  await stream.closed;
});
