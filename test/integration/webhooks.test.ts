// Webhooks over HTTP: create (the secret shown once), read, list, change,
// rotate and delete; bad input refused with nothing changed; who may (owners
// and admins; read-only keys read only; members not at all) and another
// project's webhook is 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { createWebhook } from '../helpers/webhook-receiver.ts';
import { addMemberWithKey, buildWorld, otherProject, type World } from '../helpers/world.ts';

// Never connected to: the tests here make no event a webhook wants (a public address would be refused by the machine anyway).
const RECEIVER = 'https://hooks.example.com/cloudplane?team=ops';
const ALLOW_PRIVATE = { config: { webhookAllowPrivate: true } };
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const webhooksPath = (w: World) => `/projects/${w.slug}/webhooks/`;
const webhookPath = (w: World, id: number) => `/projects/${w.slug}/webhooks/${id}/`;

/** A resolver for the test's names (no DNS): every name here resolves to a public address no test connects to. */
const resolveNothing = async (hostname: string): Promise<string[]> => {
  throw Object.assign(new Error(`${hostname}: no DNS in tests`), { code: 'ENOTFOUND' });
};

async function listed(w: World): Promise<any> {
  const response = await w.app.api(webhooksPath(w), { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

test('an owner creates a webhook and sees its secret once; reads, lists and changes never show it; delete removes it', async (t) => {
  const w = await buildWorld(t, { build: { ...ALLOW_PRIVATE, webhookResolver: resolveNothing } });
  const created = await createWebhook(w, { url: RECEIVER, event_types: ['server.renamed', 'action.finished', 'server.renamed'], description: '  chat relay  ' });
  assert.match(created.secret, /^whsec_[A-Za-z0-9+/]+={0,2}$/);
  assert.equal(Buffer.from(created.secret.slice('whsec_'.length), 'base64').length, 32, '32 random bytes');
  assert.equal(created.url, RECEIVER);
  assert.deepEqual(created.event_types, ['server.renamed', 'action.finished'], 'repeats dropped');
  assert.equal(created.description, 'chat relay');
  assert.equal(created.enabled, true);
  assert.equal(created.disabled_reason, null);
  assert.equal(created.failing_since, null);
  assert.equal(created.previous_secret_expires_at, null);
  assert.match(created.created_at, ISO_UTC);

  // A secret in the body is not one the service would make: it is refused, like any member the body does not have, and nothing is made.
  assertFieldError(await w.app.api(webhooksPath(w), { method: 'POST', key: w.key, body: { url: 'http://127.0.0.1:9/', secret: 'whsec_AAAA' } }), 'secret');
  assert.equal((await listed(w)).count, 1);
  const everything = await createWebhook(w, { url: 'http://127.0.0.1:9/' });
  assert.deepEqual(everything.event_types, [], 'no types: every type');
  assert.equal(everything.description, '');
  assert.notEqual(everything.secret, created.secret);

  const one = await w.app.api(webhookPath(w, created.id), { key: w.key });
  assert.equal(one.status, 200);
  const { secret, ...shown } = created;
  assert.deepEqual(one.body, shown);
  const page = await listed(w);
  assert.equal(page.count, 2);
  assert.deepEqual(
    page.results.map((webhook: any) => webhook.id),
    [created.id, everything.id],
  );

  const changed = await w.app.api(webhookPath(w, created.id), { method: 'PATCH', key: w.key, body: { url: 'https://other.example.com/in', event_types: [], description: 'all of it' } });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  assert.equal(changed.body.url, 'https://other.example.com/in');
  assert.deepEqual(changed.body.event_types, []);
  assert.equal(changed.body.description, 'all of it');

  const rotated = await w.app.api(`${webhookPath(w, created.id)}rotate-secret/`, { method: 'POST', key: w.key });
  assert.equal(rotated.status, 200);
  assert.match(rotated.body.secret, /^whsec_/);
  assert.notEqual(rotated.body.secret, secret);
  assert.match(rotated.body.previous_secret_expires_at, ISO_UTC);

  const answers = [
    JSON.stringify((await w.app.api(webhookPath(w, created.id), { key: w.key })).body),
    JSON.stringify(await listed(w)),
    JSON.stringify(changed.body),
    JSON.stringify((await w.app.api(`${webhookPath(w, created.id)}deliveries/`, { key: w.key })).body),
  ];
  for (const answer of answers) {
    assert.ok(!answer.includes('"secret"'), answer);
    for (const value of [secret, rotated.body.secret, everything.secret]) assert.ok(!answer.includes(value), 'no secret in a read');
  }

  const deleted = await w.app.api(webhookPath(w, created.id), { method: 'DELETE', key: w.key });
  assert.equal(deleted.status, 204);
  assertProblem(await w.app.api(webhookPath(w, created.id), { key: w.key }), 404, 'not_found');
  assertProblem(await w.app.api(webhookPath(w, created.id), { method: 'DELETE', key: w.key }), 404, 'not_found');
  assert.equal((await listed(w)).count, 1);
});

test('bad input is refused with a clear error, and nothing changes', async (t) => {
  const w = await buildWorld(t, { build: { ...ALLOW_PRIVATE, webhookResolver: resolveNothing } });
  const refusedUrls: [string, RegExp][] = [
    ['ftp://files.example.com/in', /http or https/],
    ['/relative/path', /absolute/],
    ['not a url', /absolute/],
    ['https://user:password@hooks.example.com/', /user name or password/],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, /2048|characters/],
  ];
  for (const [url, message] of refusedUrls) {
    const response = await w.app.api(webhooksPath(w), { method: 'POST', key: w.key, body: { url } });
    assertFieldError(response, 'url', url);
    assert.match(response.body.detail, message, url);
  }
  assertFieldError(await w.app.api(webhooksPath(w), { method: 'POST', key: w.key, body: { url: RECEIVER, event_types: ['server.exploded'] } }), 'event_types[0]');
  assertProblem(await w.app.api(webhooksPath(w), { method: 'POST', key: w.key, body: { url: RECEIVER, description: 'x'.repeat(256) } }), 400, 'validation_error');
  assertProblem(await w.app.api(webhooksPath(w), { method: 'POST', key: w.key, body: { event_types: [] } }), 400, 'validation_error');
  assert.equal((await listed(w)).count, 0);

  const webhook = await createWebhook(w, { url: RECEIVER });
  assertFieldError(await w.app.api(webhookPath(w, webhook.id), { method: 'PATCH', key: w.key, body: { url: 'gopher://hooks.example.com/' } }), 'url');
  assertProblem(await w.app.api(webhookPath(w, webhook.id), { method: 'PATCH', key: w.key, body: { enabled: 'yes' } }), 400, 'validation_error');
  const { secret, ...unchanged } = webhook;
  assert.ok(secret);
  assert.deepEqual((await w.app.api(webhookPath(w, webhook.id), { key: w.key })).body, unchanged);
  assertProblem(await w.app.api(`/projects/${w.slug}/webhooks/abc/`, { key: w.key }), 404, 'not_found', 'not an id');
  assertProblem(await w.app.api(`/projects/${w.slug}/webhooks/?page=9`, { key: w.key }), 404, 'not_found');
});

test('a project has at most 20 webhooks', async (t) => {
  const w = await buildWorld(t, { build: { ...ALLOW_PRIVATE, webhookResolver: resolveNothing } });
  for (let index = 0; index < 20; index += 1) await createWebhook(w, { url: `${RECEIVER}&n=${index}` });
  const refused = await w.app.api(webhooksPath(w), { method: 'POST', key: w.key, body: { url: RECEIVER } });
  assertProblem(refused, 409, 'conflict');
  assert.match(refused.body.detail, /at most 20/);
  assert.equal((await listed(w)).count, 20);
});

test('owners and admins only: members are refused, read-only keys read but change nothing, another project and a stranger get 404', async (t) => {
  const w = await buildWorld(t, { build: { ...ALLOW_PRIVATE, webhookResolver: resolveNothing } });
  const webhook = await createWebhook(w, { url: RECEIVER });
  const base = webhookPath(w, webhook.id);
  const changes = [
    { name: 'create', method: 'POST', path: webhooksPath(w), body: { url: RECEIVER } },
    { name: 'change', method: 'PATCH', path: base, body: { description: 'x' } },
    { name: 'rotate', method: 'POST', path: `${base}rotate-secret/` },
    { name: 'redeliver', method: 'POST', path: `${base}deliveries/1/redeliver/` },
    { name: 'delete', method: 'DELETE', path: base },
  ];
  const reads = [
    { name: 'list', path: webhooksPath(w) },
    { name: 'get', path: base },
    { name: 'deliveries', path: `${base}deliveries/` },
  ];

  const member = await addMemberWithKey(w.app, w.slug, 'member');
  for (const call of [...reads.map((read) => ({ ...read, method: 'GET', body: undefined })), ...changes]) {
    assertProblem(await w.app.api(call.path, { method: call.method, key: member.key, body: call.body }), 403, 'insufficient_role', `member: ${call.name}`);
  }

  const admin = await addMemberWithKey(w.app, w.slug, 'admin');
  const byAdmin = await w.app.api(webhooksPath(w), { method: 'POST', key: admin.key, body: { url: RECEIVER, description: 'the admin’s' } });
  assert.equal(byAdmin.status, 201, JSON.stringify(byAdmin.body));
  assert.equal((await w.app.api(webhookPath(w, byAdmin.body.id), { method: 'PATCH', key: admin.key, body: { enabled: false } })).status, 200);

  const readOnly = await w.app.createKey(w.userId, { readOnly: true });
  for (const read of reads) assert.equal((await w.app.api(read.path, { key: readOnly.key })).status, 200, `read-only key: ${read.name}`);
  for (const call of changes) {
    assertProblem(await w.app.api(call.path, { method: call.method, key: readOnly.key, body: call.body }), 403, 'read_only_key', `read-only key: ${call.name}`);
  }

  // The same user's other project: the webhook is not there.
  const other = await otherProject(w, 'Other');
  for (const path of [webhookPath(other, webhook.id), `${webhookPath(other, webhook.id)}deliveries/`]) {
    assertProblem(await w.app.api(path, { key: w.key }), 404, 'not_found', path);
  }
  for (const call of [
    { method: 'PATCH', path: webhookPath(other, webhook.id), body: { description: 'x' } },
    { method: 'POST', path: `${webhookPath(other, webhook.id)}rotate-secret/` },
    { method: 'DELETE', path: webhookPath(other, webhook.id) },
  ]) {
    assertProblem(await w.app.api(call.path, { method: call.method, key: w.key, body: call.body }), 404, 'not_found', call.path);
  }
  assert.equal((await listed(other)).count, 0);

  const stranger = await w.app.createUser();
  for (const call of [...reads.map((read) => ({ ...read, method: 'GET', body: undefined })), ...changes]) {
    assertProblem(await w.app.api(call.path, { method: call.method, key: stranger.key, body: call.body }), 404, 'not_found', `stranger: ${call.name}`);
  }

  // Nothing any refused call did: the webhook as it was.
  const { secret, ...unchanged } = webhook;
  assert.ok(secret);
  assert.deepEqual((await w.app.api(base, { key: w.key })).body, unchanged);
});
