// Where webhooks may not go (SSRF), with internal receivers not allowed (the
// default): every internal address class refused when the URL is set, names
// that resolve to one refused too, and the check made again before every
// attempt, before any connection: a name that starts resolving to loopback
// after creation is refused with no connection made. Then, with internal
// receivers allowed: a name is connected to at the address that was checked,
// with its Host kept; a redirect is a failure and its Location is not
// fetched; answers are read only up to the excerpt's bound, within a time limit.
//
// No test here lets the service connect anywhere but loopback: refused URLs
// are refused before any connection, and names resolve through the test's
// own resolver (no DNS), to loopback or to nothing.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { eventually } from '../helpers/build.ts';
import { assertFieldError } from '../helpers/problems.ts';
import { createWebhook, deliveriesOf, renameServer, serviceNow, startReceiver, verifyDelivery } from '../helpers/webhook-receiver.ts';
import { buildWorld, placeServer } from '../helpers/world.ts';
import { sendWebhook } from '../../src/modules/webhooks/index.ts';

/** The test's DNS: names it knows resolve as it says (it may change its mind); any other name does not resolve. */
function testResolver() {
  const names = new Map<string, string[]>();
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<string[]> => {
    asked.push(hostname);
    const addresses = names.get(hostname);
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };
  return { names, asked, resolve };
}

const REFUSED_ADDRESSES: [string, string][] = [
  ['http://127.0.0.1/', 'loopback'],
  ['http://127.8.9.10:8080/hook', 'loopback'],
  ['http://[::1]/', 'loopback'],
  ['http://0x7f.1/', 'loopback, written in hex'],
  ['http://2130706433/', 'loopback, written as one number'],
  ['http://10.0.0.1/', 'private (RFC 1918)'],
  ['http://172.16.5.4/', 'private (RFC 1918)'],
  ['http://192.168.1.1/', 'private (RFC 1918)'],
  ['http://[fc00::1]/', 'unique local'],
  ['http://[fd12:3456::1]/', 'unique local'],
  ['http://169.254.169.254/latest/meta-data/', 'link-local: the metadata service'],
  ['http://169.254.1.1/', 'link-local'],
  ['http://[fe80::1]/', 'link-local'],
  ['http://100.64.0.1/', 'shared (CGNAT)'],
  ['http://100.127.255.254/', 'shared (CGNAT)'],
  ['http://0.0.0.0/', 'unspecified'],
  ['http://[::]/', 'unspecified'],
  ['http://224.0.0.1/', 'multicast'],
  ['http://[ff02::1]/', 'multicast'],
  ['http://255.255.255.255/', 'broadcast'],
  ['http://192.0.2.10/', 'reserved (documentation)'],
  ['http://198.18.0.1/', 'reserved (benchmarking)'],
  ['http://240.0.0.1/', 'reserved (class E)'],
  ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
  ['http://[::ffff:10.0.0.1]/', 'IPv4-mapped private'],
  ['http://[::ffff:169.254.169.254]/', 'IPv4-mapped metadata'],
  ['http://[::127.0.0.1]/', 'IPv4-compatible loopback'],
  ['http://[64:ff9b::7f00:1]/', 'NAT64 of loopback'],
  ['http://[2002:7f00:1::]/', '6to4 of loopback'],
  ['http://localhost/', 'localhost'],
  ['http://LOCALHOST.:8080/', 'localhost, with a trailing dot'],
  ['http://api.localhost/', 'a name under localhost'],
  ['http://printer.local/', 'an mDNS name'],
  ['http://metadata.google.internal/', 'a cloud-internal name'],
  ['http://intranet/', 'a name of one label'],
];

test('every internal address class, and names for internal hosts, are refused when a webhook is created or changed', async (t) => {
  const dns = testResolver();
  const w = await buildWorld(t, { build: { webhookResolver: dns.resolve } });
  for (const [url, what] of REFUSED_ADDRESSES) {
    const response = await w.app.api(`/projects/${w.slug}/webhooks/`, { method: 'POST', key: w.key, body: { url } });
    assertFieldError(response, 'url', `${url} (${what})`);
    assert.match(response.body.detail, /may not receive webhooks|internal host/, url);
  }
  assert.deepEqual(dns.asked, [], 'refused before anything was resolved');
  assert.equal((await w.app.api(`/projects/${w.slug}/webhooks/`, { key: w.key })).body.count, 0);

  // A name that does not resolve yet is let through (every attempt checks again); changing its URL to an internal one is refused.
  const webhook = await createWebhook(w, { url: 'https://hooks.example.test/in' });
  for (const [url] of REFUSED_ADDRESSES.slice(0, 12)) {
    assertFieldError(await w.app.api(`/projects/${w.slug}/webhooks/${webhook.id}/`, { method: 'PATCH', key: w.key, body: { url } }), 'url', url);
  }
  assert.equal((await w.app.api(`/projects/${w.slug}/webhooks/${webhook.id}/`, { key: w.key })).body.url, 'https://hooks.example.test/in');
});

test('a name that resolves to an internal address is refused, even when only one of its addresses is', async (t) => {
  const dns = testResolver();
  dns.names.set('loopback.example.test', ['127.0.0.1']);
  dns.names.set('v6-loopback.example.test', ['::1']);
  dns.names.set('metadata.example.test', ['169.254.169.254']);
  dns.names.set('private.example.test', ['10.1.2.3']);
  dns.names.set('mapped.example.test', ['::ffff:192.168.0.1']);
  // The first address public, the second not: which one a connection would use is not the service's to guess.
  dns.names.set('mixed.example.test', ['93.184.216.34', '10.0.0.1']);
  const w = await buildWorld(t, { build: { webhookResolver: dns.resolve } });
  for (const name of dns.names.keys()) {
    const response = await w.app.api(`/projects/${w.slug}/webhooks/`, { method: 'POST', key: w.key, body: { url: `https://${name}/hook` } });
    assertFieldError(response, 'url', name);
    assert.match(response.body.detail, new RegExp(`${name} resolves to`), name);
  }
  assert.equal((await w.app.api(`/projects/${w.slug}/webhooks/`, { key: w.key })).body.count, 0);
});

test('the address is checked before every attempt: a name that starts resolving to loopback is refused, and no connection is made', async (t) => {
  const dns = testResolver();
  const w = await buildWorld(t, { build: { webhookResolver: dns.resolve } });
  const receiver = await startReceiver(t);
  // Not resolvable when it is set (allowed then), then resolving to the receiver's loopback address: DNS rebinding.
  const webhook = await createWebhook(w, { url: `http://rebind.example.test:${receiver.port}/hook`, event_types: ['server.renamed'] });
  dns.names.set('rebind.example.test', ['127.0.0.1']);
  const server = await placeServer(w);
  await renameServer(w, server.id, 'web-2');

  const delivery = await eventually(async () => (await deliveriesOf(w, webhook.id)).find((found) => found.attempt_count === 1));
  const [attempt] = delivery.attempts;
  assert.equal(attempt.succeeded, false);
  assert.equal(attempt.status_code, null);
  assert.match(attempt.error, /^address refused: rebind\.example\.test resolves to 127\.0\.0\.1, a loopback address/);
  assert.equal(attempt.response_excerpt, '');
  assert.equal(delivery.status, 'pending', 'retried later, as any failure');
  assert.equal(receiver.connections(), 0, 'no connection was made');
  assert.ok(dns.asked.filter((name) => name === 'rebind.example.test').length >= 2, 'resolved at creation and again for the attempt');

  // A name that resolves to nothing: the attempt fails with what went wrong.
  const unresolved = await createWebhook(w, { url: 'https://gone.example.test/hook', event_types: ['server.renamed'] });
  await renameServer(w, server.id, 'web-3');
  const failed = await eventually(async () => (await deliveriesOf(w, unresolved.id)).find((found) => found.attempt_count === 1));
  assert.match(failed.attempts[0].error, /gone\.example\.test could not be resolved \(ENOTFOUND\)/);
  assert.equal(receiver.connections(), 0);
});

test('with internal receivers allowed, a name is connected to at the address checked, with its Host kept', async (t) => {
  const dns = testResolver();
  dns.names.set('receiver.example.test', ['127.0.0.1']);
  const w = await buildWorld(t, { build: { config: { webhookAllowPrivate: true }, webhookResolver: dns.resolve } });
  const receiver = await startReceiver(t);
  const webhook = await createWebhook(w, { url: `http://receiver.example.test:${receiver.port}/named`, event_types: ['server.renamed'] });
  const server = await placeServer(w);
  await renameServer(w, server.id, 'web-2');
  await eventually(async () => receiver.requests.length === 1);
  const [request] = receiver.requests;
  assert.equal(request!.headers.host, `receiver.example.test:${receiver.port}`);
  assert.equal(request!.path, '/named');
  assert.equal(verifyDelivery(webhook.secret, request!, serviceNow(w.app)).data.data.hostname, 'web-2');
  // Even allowed, some addresses are never a receiver.
  assertFieldError(await w.app.api(`/projects/${w.slug}/webhooks/`, { method: 'POST', key: w.key, body: { url: 'http://0.0.0.0:8080/' } }), 'url');
  assertFieldError(await w.app.api(`/projects/${w.slug}/webhooks/`, { method: 'POST', key: w.key, body: { url: 'http://224.0.0.1/' } }), 'url');
});

test('a redirect is a failed attempt, recorded with its status, and its Location is not fetched', async (t) => {
  const w = await buildWorld(t, { build: { config: { webhookAllowPrivate: true } } });
  const receiver = await startReceiver(t);
  receiver.answer = (request) =>
    request.path === '/moved' ? { status: 302, body: 'moved', headers: { location: receiver.url('/elsewhere') } } : { status: 200, body: 'fetched the redirect' };
  const webhook = await createWebhook(w, { url: receiver.url('/moved'), event_types: ['server.renamed'] });
  const server = await placeServer(w);
  await renameServer(w, server.id, 'web-2');
  const delivery = await eventually(async () => (await deliveriesOf(w, webhook.id)).find((found) => found.attempt_count === 1));
  const [attempt] = delivery.attempts;
  assert.equal(attempt.status_code, 302);
  assert.equal(attempt.succeeded, false);
  assert.equal(attempt.response_excerpt, 'moved');
  assert.match(attempt.error, /redirects are not followed/);
  assert.equal(delivery.status, 'pending');
  await w.app.app.runner!.runDueJobs();
  assert.deepEqual(
    receiver.requests.map((request) => request.path),
    ['/moved'],
    'the Location was not fetched',
  );
});

test('an answer is read only up to the excerpt bound, and an attempt that gets no answer ends at its time limit', async (t) => {
  let bytesSent = 0;
  const talkative = http.createServer((request, response) => {
    request.resume();
    response.writeHead(500, { 'content-type': 'text/plain' });
    // An answer that never ends: the sender must stop reading it.
    const chunk = 'é'.repeat(8192);
    const more = () => {
      while (response.write(chunk)) bytesSent += Buffer.byteLength(chunk);
      bytesSent += Buffer.byteLength(chunk);
    };
    response.on('drain', more);
    more();
  });
  const silent = http.createServer(() => {
    // Takes the request and never answers.
  });
  for (const server of [talkative, silent]) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => {
      server.closeAllConnections();
      if (server.listening) server.close();
    });
  }
  const port = (server: http.Server) => (server.address() as AddressInfo).port;
  const to = { address: '127.0.0.1', family: 4 as const };

  const long = await sendWebhook({ url: new URL(`http://127.0.0.1:${port(talkative)}/`), to, headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 5_000 });
  assert.equal(long.status, 500);
  assert.equal(long.error, null);
  assert.equal(long.excerpt, 'é'.repeat(1000), 'the first 1000 characters, whole');
  assert.ok(bytesSent < 10_000_000, `the rest was not read (${bytesSent} bytes written before the connection closed)`);

  const started = Date.now();
  const none = await sendWebhook({ url: new URL(`http://127.0.0.1:${port(silent)}/`), to, headers: {}, body: '{}', timeoutMs: 300 });
  assert.equal(none.status, null);
  assert.match(none.error!, /no answer within 0\.3 s/);
  assert.ok(Date.now() - started < 3_000, 'ended at the time limit');

  // Nothing listening any more: the connection's own error.
  const gone = port(silent);
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  const refused = await sendWebhook({ url: new URL(`http://127.0.0.1:${gone}/`), to, headers: {}, body: '{}', timeoutMs: 1_000 });
  assert.equal(refused.status, null);
  assert.match(refused.error!, /ECONNREFUSED/);
});
