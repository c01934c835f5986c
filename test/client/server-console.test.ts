// client.openConsole against a real app on the simulator: the answer is the
// WebSocket's single-use URL and its expiry, the URL opens the console (the
// login prompt comes), the opening is a typed `console.opened` event, and the
// refusals are thrown as every call's are (read-only key, another project's
// server, a stopped server, the provisioning system down).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CloudplaneError, type ConsoleOpened } from '../../src/client/index.ts';
import { startOk, waitFor } from '../helpers/actions.ts';
import { build } from '../helpers/build.ts';
import { connectConsole } from '../helpers/console-socket.ts';
import { BASE_ORDER, orderServer, waitForOrder } from '../helpers/orders.ts';
import { setFault, type World } from '../helpers/world.ts';
import { requestsTo, testClient } from './client-world.ts';

/** The CloudplaneError a call must throw. */
async function refusal(call: Promise<unknown>): Promise<CloudplaneError> {
  const error = await call.then(
    (value) => assert.fail(`expected a CloudplaneError, got ${JSON.stringify(value)}`),
    (failure: unknown) => failure,
  );
  assert.ok(error instanceof CloudplaneError, String(error));
  return error;
}

async function orderedServer(w: World, hostname: string): Promise<string> {
  const ordered = await orderServer(w, { ...BASE_ORDER, hostname });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  return (await waitForOrder(w, ordered.body.id, ['completed'])).server_id;
}

test('openConsole answers a single-use ws:// URL and its expiry; the URL opens the console, once, and the opening is a typed event', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const w: World = { app, key: owner.key, userId: owner.userId, slug: await app.createReadyProject(owner.key, 'Client Console') };
  const serverId = await orderedServer(w, 'client-console-1');
  const { client, requests } = testClient(w);

  const asked = Date.now();
  const opened = await client.openConsole(w.slug, serverId);
  assert.deepEqual(Object.keys(opened).sort(), ['expires_at', 'url'], 'the body as the API answers it');
  const url = new URL(opened.url);
  assert.equal(url.protocol, 'ws:');
  assert.equal(url.host, new URL(app.baseUrl).host, 'on the listener the client talks to');
  const lifetime = Date.parse(opened.expires_at) - asked;
  assert.ok(lifetime > 50_000 && lifetime <= 61_000, `valid about 60 s (${lifetime} ms)`);
  assert.deepEqual(
    requestsTo(requests, 'POST', `/servers/${serverId}/console/`).map((request) => [request.status, request.idempotencyKey]),
    [[201, null]],
    'one POST, without an Idempotency-Key (it starts no action)',
  );

  const attempt = await connectConsole(opened.url);
  assert.ok(attempt.opened, `the URL opens the console: ${JSON.stringify(!attempt.opened && attempt.body)}`);
  t.after(() => attempt.console.close());
  await attempt.console.waitFor(/client-console-1 login: $/);
  const again = await connectConsole(opened.url);
  assert.equal(!again.opened && again.status, 401, 'single-use: the same URL opens nothing a second time');

  const stop = new AbortController();
  let event: ConsoleOpened | undefined;
  for await (const received of client.events(w.slug, { types: ['console.opened'], after: 0, signal: stop.signal })) {
    assert.deepEqual(received.resource, { type: 'server', id: serverId });
    // Typed by the event's type: no cast needed to read the session's fields.
    event = received.data;
    stop.abort();
  }
  assert.ok(event);
  assert.equal(event.server_id, serverId);
  assert.equal(event.interface, 'project');
  assert.equal(event.user_id, owner.userId);
  assert.equal(event.api_key_id, owner.keyId);
  assert.ok(Number.isInteger(event.console_session_id));
});

test('openConsole throws the refusals as CloudplaneError: read_only_key, not_found, conflict naming the status, upstream_unavailable', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  const w: World = { app, key: owner.key, userId: owner.userId, slug: await app.createReadyProject(owner.key, 'Client Console Refusals') };
  const serverId = await orderedServer(w, 'client-console-2');

  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  const refusedKey = await refusal(testClient(w, { token: readOnly.key }).client.openConsole(w.slug, serverId));
  assert.equal(refusedKey.status, 403);
  assert.equal(refusedKey.code, 'read_only_key');
  assert.equal(refusedKey.message, `${refusedKey.detail} (read_only_key)\nThis API key is read-only: use a key that may make changes.`);
  assert.equal(refusedKey.method, 'POST');
  assert.equal(refusedKey.path, `/api/v1/projects/${w.slug}/servers/${serverId}/console/`);

  const outsider = await app.createUser();
  const outsiders = await app.createReadyProject(outsider.key, 'Elsewhere');
  const elsewhere = await refusal(testClient({ app, key: outsider.key }).client.openConsole(outsiders, serverId));
  assert.equal(elsewhere.status, 404, "another project's server is not found");
  assert.equal(elsewhere.code, 'not_found');

  // The provisioning system down: 503 is retried (Retry-After honoured, the injected sleep makes it free), then thrown.
  const { client, requests, retries } = testClient(w, { retry: { maxAttempts: 2 } });
  await setFault(app, 'provisioning', 'down');
  const down = await refusal(client.openConsole(w.slug, serverId));
  await setFault(app, 'provisioning', 'ok');
  assert.equal(down.status, 503);
  assert.equal(down.code, 'upstream_unavailable');
  assert.equal(requestsTo(requests, 'POST', '/console/').length, 2, 'sent again once: a 503 refused it before anything was done');
  assert.equal(retries.length, 1);

  const stop = await startOk(w, serverId, 'power_off');
  await waitFor(w, stop.id, ['success']);
  const stopped = await refusal(client.openConsole(w.slug, serverId));
  assert.equal(stopped.status, 409);
  assert.equal(stopped.code, 'conflict');
  assert.match(stopped.detail, /stopped/, 'the detail names the status');
});
