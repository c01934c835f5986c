// Stopping the service while requests are in flight: a request that finishes
// during the grace gets its answer; one whose client stalls is cut when the
// grace ends, so a stalled client cannot keep the process from stopping.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { test } from 'node:test';
import { buildWorld } from '../helpers/world.ts';

const GRACE_MS = 500;

const BODY = JSON.stringify({ name: 'made while stopping' });

/** A project order whose body's first byte only is sent: the service waits for the rest. */
function partialRequest(baseUrl: string, key: string): { socket: net.Socket; received: () => string } {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const headers = [`POST /api/v1/projects/ HTTP/1.1`, `Host: ${hostname}`, `Authorization: Bearer ${key}`, 'Content-Type: application/json', `Content-Length: ${BODY.length}`];
  socket.write(`${headers.join('\r\n')}\r\n\r\n${BODY.slice(0, 1)}`);
  return { socket, received: () => received };
}

test('close() lets a request that completes within the grace finish, and cuts one that stalls', { timeout: 30_000 }, async (t) => {
  const { app, key } = await buildWorld(t, { build: { shutdownGraceMs: GRACE_MS } });
  const listener = app.app.main!.server;

  const requestsSeen = (count: number) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      const onRequest = () => {
        if (++seen < count) return;
        listener.off('request', onRequest);
        resolve();
      };
      listener.on('request', onRequest);
    });
  const bothInFlight = requestsSeen(2);
  const finishing = partialRequest(app.baseUrl, key);
  const stalled = partialRequest(app.baseUrl, key);
  await bothInFlight;

  const closed = app.app.close();
  // The first client sends the rest of its body while the service is stopping: it is answered, not cut.
  finishing.socket.write(BODY.slice(1));
  const stalledEnded = once(stalled.socket, 'close');
  await closed;
  await stalledEnded;

  assert.match(finishing.received(), /^HTTP\/1\.1 201 /, 'the request that completed during the grace got its answer');
  assert.equal(stalled.received(), '', 'the stalled request was cut, not answered');
  finishing.socket.destroy();
});
