// Who may use the legacy account API (legacy-api.md "Authentication",
// "Errors"; DESIGN D3, D13): 401 for missing, malformed, unknown, revoked and
// expired tokens; 403 for a user without legacy access and for changes with a
// read-only key; unknown paths, wrong methods and malformed bodies — every
// answer JSON, every failure in the failure envelope, nothing changed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertFailure } from '../helpers/legacy.ts';
import { build, type CallResult, type TestApp } from '../helpers/build.ts';
import { countedServices } from '../helpers/counting.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';

const DEPLOY = { product: '1', location: 'fsn1', billing: 'monthly', image: 'debian-12', hostname: 'web-1' };

function assertSuccess(response: CallResult, label = ''): any {
  const context = `${label ? `${label}: ` : ''}${response.status} ${JSON.stringify(response.body)}`;
  assert.equal(response.status, 200, context);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/, context);
  assert.deepEqual(Object.keys(response.body).sort(), ['data', 'result'], context);
  assert.equal(response.body.result, 'success', context);
  return response.body.data;
}

async function creditOf(app: TestApp, key: string): Promise<string> {
  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  return me.body.billing_account.credit_balance;
}

async function projectCount(app: TestApp, key: string): Promise<number> {
  const projects = await app.api('/projects/', { key });
  assert.equal(projects.status, 200, JSON.stringify(projects.body));
  return projects.body.count;
}

/** Changing calls of every kind, with valid bodies. */
const CHANGES: [string, string, unknown][] = [
  ['POST', '/api/v1/deploy', DEPLOY],
  ['POST', '/api/v1/keys', { description: 'laptop', type: 'sshkey', value: ed25519Key() }],
  ['DELETE', '/api/v1/keys/1', undefined],
  ['POST', '/api/v1/servers/1/boot', undefined],
  ['POST', '/api/v1/servers/1/shutdown', undefined],
  ['POST', '/api/v1/servers/1/reboot', undefined],
  ['PUT', '/api/v1/servers/1/upgrade', { product: '2' }],
  ['PUT', '/api/v1/servers/1/cancel', { reason: 'no longer needed' }],
  ['POST', '/api/v1/servers/1/cancel', { reason: 'no longer needed', immediate: true }],
];

const READS = ['/api/v1/products', '/api/v1/products?prices', '/api/v1/servers', '/api/v1/servers/1', '/api/v1/servers/1/status', '/api/v1/keys', '/api/v1/keys/1'];

test('401 for a missing token, a malformed header and an unknown token, on reads and changes', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true });
  const malformed = ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', `Token ${key}`, `Bearer ${key} extra`, key];
  for (const path of ['/api/v1/servers', '/api/v1/keys', '/api/v1/servers/1/status']) {
    const missing = await app.legacy(path, { key: null });
    assertFailure(missing, 401, `no token ${path}`);
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer/);
    for (const header of malformed) {
      assertFailure(await app.legacy(path, { key: null, headers: { authorization: header } }), 401, `header "${header}" ${path}`);
    }
    assertFailure(await app.legacy(path, { key: 'cp_0_not-a-real-token' }), 401, `unknown token ${path}`);
    assertFailure(await app.legacy(path, { key: `${key}x` }), 401, `altered token ${path}`);
  }
  for (const [method, path, body] of CHANGES) {
    assertFailure(await app.legacy(path, { method, body, key: null }), 401, `no token ${method} ${path}`);
    assertFailure(await app.legacy(path, { method, body, key: 'cp_0_not-a-real-token' }), 401, `unknown token ${method} ${path}`);
  }
  // The same key, sent properly, works (lowercase scheme included).
  assertSuccess(await app.legacy('/api/v1/servers', { key }));
  assertSuccess(await app.legacy('/api/v1/servers', { key: null, headers: { authorization: `bearer ${key}` } }));
});

test('a revoked key is refused with 401; the user’s other keys still work', async (t) => {
  const app = await build(t, { worker: false });
  const { userId, key, keyId } = await app.createUser({ legacy: true });
  const other = await app.createKey(userId);
  assert.deepEqual(assertSuccess(await app.legacy('/api/v1/keys', { key })), { keys: [] });

  const revoked = await app.admin(`/api-keys/${keyId}`, { method: 'DELETE' });
  assert.equal(revoked.status, 204, JSON.stringify(revoked.body));
  assertFailure(await app.legacy('/api/v1/keys', { key }), 401, 'revoked, GET');
  assertFailure(await app.legacy('/api/v1/keys', { key, method: 'POST', body: { description: 'x', type: 'sshkey', value: ed25519Key() } }), 401, 'revoked, POST');
  assertFailure(await app.legacy('/api/v1/deploy', { key, method: 'POST', body: DEPLOY }), 401, 'revoked, deploy');
  // Nothing was made by the refused calls.
  assert.deepEqual(assertSuccess(await app.legacy('/api/v1/keys', { key: other.key })), { keys: [] });
  assert.deepEqual(assertSuccess(await app.legacy('/api/v1/servers', { key: other.key })), { servers: [] });
  assert.equal(await projectCount(app, other.key), 0);
});

test('an expired key is refused with 401: expired when made, and expiring as the clock passes', async (t) => {
  const app = await build(t, { worker: false });
  const { userId } = await app.createUser({ legacy: true });
  const past = await app.createKey(userId, { expiresAt: '2020-01-01T00:00:00Z' });
  assertFailure(await app.legacy('/api/v1/servers', { key: past.key }), 401, 'expired in the past');
  assertFailure(await app.legacy('/api/v1/keys', { key: past.key, method: 'POST', body: { description: 'x', type: 'sshkey', value: ed25519Key() } }), 401);

  const now = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 0 } });
  assert.equal(now.status, 200, JSON.stringify(now.body));
  const soon = await app.createKey(userId, { expiresAt: new Date(Date.parse(now.body.now) + 3_600_000).toISOString() });
  assertSuccess(await app.legacy('/api/v1/servers', { key: soon.key }), 'before expiry');
  const advanced = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 7200 } });
  assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
  assertFailure(await app.legacy('/api/v1/servers', { key: soon.key }), 401, 'after expiry');
  assertFailure(await app.legacy('/api/v1/products', { key: soon.key }), 401, 'after expiry, products');
});

test('403 for a user without legacy access on every endpoint, reads and changes; nothing is made', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ credit: '100.00' });
  for (const path of READS) assertFailure(await app.legacy(path, { key: user.key }), 403, `GET ${path}`);
  for (const [method, path, body] of CHANGES) assertFailure(await app.legacy(path, { method, body, key: user.key }), 403, `${method} ${path}`);
  // Even a body that would fail validation: access is refused first.
  assertFailure(await app.legacy('/api/v1/deploy', { method: 'POST', body: {}, key: user.key }), 403, 'empty deploy body');
  assertFailure(await app.legacy('/api/v1/keys', { method: 'POST', rawBody: '{"broken', headers: { 'content-type': 'application/json' }, key: user.key }), 403, 'malformed body');

  // No default project, no charge: the project API still works for this user and shows nothing new.
  assert.equal(await projectCount(app, user.key), 0);
  assert.equal(await creditOf(app, user.key), '100.00');
  // The same user granted access elsewhere does not matter: a legacy user's key works.
  const legacy = await app.createUser({ legacy: true });
  assertSuccess(await app.legacy('/api/v1/servers', { key: legacy.key }));
});

test('a user\'s legacy access is read once per process, granted or not; a user that does not exist yet is asked again', async (t) => {
  const app = await build(t, { worker: false });
  const { services, cost } = countedServices(app);
  const granted = await app.createUser({ legacy: true });
  const refused = await app.createUser();
  for (const [user, expected] of [[granted, true], [refused, false]] as const) {
    assert.equal(await services.users.hasLegacyAccess(user.userId), expected);
    // Fixed when the operator creates the user: the second answer needs no statement.
    assert.deepEqual(await cost(async () => assert.equal(await services.users.hasLegacyAccess(user.userId), expected)), { statements: 0, calls: {} });
  }
  // Nothing is kept for an id no user has: the user made with it next is read, with access.
  const unknownId = Math.max(granted.userId, refused.userId) + 1;
  assert.equal(await services.users.hasLegacyAccess(unknownId), false);
  const next = await app.createUser({ legacy: true });
  assert.equal(next.userId, unknownId);
  assert.equal(await services.users.hasLegacyAccess(unknownId), true);
  assertSuccess(await app.legacy('/api/v1/servers', { key: next.key }));
});

test('a kept legacy access is read again once a change is committed under the users topic, in the process that made it', async (t) => {
  const app = await build(t, { worker: false });
  const refused = await app.createUser();
  // Kept as refused, by the service the legacy routes ask.
  assertFailure(await app.legacy('/api/v1/servers', { key: refused.key }), 403, 'before the grant');
  // No operator route changes legacy access today; a future one commits its write like this.
  await app.app.changes.commit('users', (trx) => trx.updateTable('users').set({ legacy_api_access: true }).where('id', '=', refused.userId).execute());
  // A copy kept past the change would still refuse.
  assertSuccess(await app.legacy('/api/v1/servers', { key: refused.key }));
});

test('a read-only key reads everything and is refused every change with 403, before its body is read', async (t) => {
  const app = await build(t, { worker: false });
  const { userId, key: readOnly } = await app.createUser({ legacy: true, readOnly: true, credit: '100.00' });
  const writable = await app.createKey(userId);

  assert.ok(Array.isArray(assertSuccess(await app.legacy('/api/v1/products', { key: readOnly })).products));
  assert.deepEqual(assertSuccess(await app.legacy('/api/v1/servers', { key: readOnly })), { servers: [] });
  assert.deepEqual(assertSuccess(await app.legacy('/api/v1/keys', { key: readOnly })), { keys: [] });
  // Reads of something that is not there are 404, not 403.
  assertFailure(await app.legacy('/api/v1/servers/1', { key: readOnly }), 404, 'unknown server');
  assertFailure(await app.legacy('/api/v1/keys/1', { key: readOnly }), 404, 'unknown key');

  for (const [method, path, body] of CHANGES) assertFailure(await app.legacy(path, { method, body, key: readOnly }), 403, `read-only ${method} ${path}`);
  assertFailure(await app.legacy('/api/v1/keys', { method: 'POST', rawBody: '{"broken', headers: { 'content-type': 'application/json' }, key: readOnly }), 403, 'malformed body');
  assertFailure(await app.legacy('/api/v1/deploy', { method: 'POST', body: { product: 'x' }, key: readOnly }), 403, 'invalid body');

  // Nothing was made: no key, no project, no charge.
  assert.deepEqual(assertSuccess(await app.legacy('/api/v1/keys', { key: writable.key })), { keys: [] });
  assert.equal(await projectCount(app, writable.key), 0);
  assert.equal(await creditOf(app, writable.key), '100.00');

  // A key the user's writable key made is readable with the read-only one.
  const value = ed25519Key();
  const created = await app.legacy('/api/v1/keys', { method: 'POST', key: writable.key, body: { description: 'laptop', type: 'sshkey', value } });
  const key = assertSuccess(created).key;
  assert.deepEqual(assertSuccess(await app.legacy(`/api/v1/keys/${key.id}`, { key: readOnly })), { key: { id: key.id, type: 'sshkey', description: 'laptop', value } });
  assertFailure(await app.legacy(`/api/v1/keys/${key.id}`, { method: 'DELETE', key: readOnly }), 403, 'delete with read-only');
  assert.equal(assertSuccess(await app.legacy('/api/v1/keys', { key: readOnly })).keys.length, 1);
});

test('unknown paths answer 404 and wrong methods 405, in the JSON failure envelope', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true });
  for (const path of ['/', '/api', '/api/v1', '/api/v1/nothing', '/api/v2/servers', '/api/v1/servers/1/explode', '/api/v1/keys/1/2']) {
    assertFailure(await app.legacy(path, { key }), 404, `GET ${path}`);
    assertFailure(await app.legacy(path, { key: null }), 404, `GET ${path} without a token`);
  }
  const wrongMethods: [string, string, string][] = [
    ['DELETE', '/api/v1/servers', 'GET'],
    ['POST', '/api/v1/products', 'GET'],
    ['GET', '/api/v1/deploy', 'POST'],
    ['PUT', '/api/v1/deploy', 'POST'],
    ['GET', '/api/v1/servers/1/boot', 'POST'],
    ['GET', '/api/v1/servers/1/upgrade', 'PUT'],
    ['POST', '/api/v1/servers/1/upgrade', 'PUT'],
    ['PATCH', '/api/v1/keys/1', 'DELETE'],
    ['DELETE', '/api/v1/servers/1/cancel', 'POST'],
  ];
  for (const [method, path, allowed] of wrongMethods) {
    const response = await app.legacy(path, { method, key });
    assertFailure(response, 405, `${method} ${path}`);
    const allow = (response.headers.get('allow') ?? '').split(',').map((entry) => entry.trim());
    assert.ok(allow.includes(allowed), `${method} ${path}: Allow ${response.headers.get('allow')} includes ${allowed}`);
  }
  // Both cancel methods are routes.
  const allow = (await app.legacy('/api/v1/servers/1/cancel', { method: 'DELETE', key })).headers.get('allow') ?? '';
  assert.ok(allow.includes('PUT') && allow.includes('POST'), allow);
});

test('a URL over 8192 characters is 414 in the failure envelope, before the token is looked at; nothing is made', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true, credit: '100.00' });
  const filler = `?filler=${'a'.repeat(9000)}`;
  assertFailure(await app.legacy(`/api/v1/servers${filler}`, { key }), 414, 'GET with a key');
  assertFailure(await app.legacy(`/api/v1/servers${filler}`, { key: null }), 414, 'GET without a token');
  assertFailure(await app.legacy(`/api/v1/keys${filler}`, { method: 'POST', key, body: { description: 'long' } }), 414, 'POST');
  assert.deepEqual(assertSuccess(await app.legacy(`/api/v1/keys?filler=${'a'.repeat(100)}`, { key })), { keys: [] });
});

test('a malformed JSON body is 422 with errors; nothing is made', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true, credit: '100.00' });
  const headers = { 'content-type': 'application/json' };
  for (const rawBody of ['{"description": ', '{description: "x"}', '[1, 2', 'not json']) {
    assertFailure(await app.legacy('/api/v1/keys', { method: 'POST', key, rawBody, headers }), 422, `keys ${rawBody}`);
    assertFailure(await app.legacy('/api/v1/deploy', { method: 'POST', key, rawBody, headers }), 422, `deploy ${rawBody}`);
    assertFailure(await app.legacy('/api/v1/servers/1/cancel', { method: 'PUT', key, rawBody, headers }), 422, `cancel ${rawBody}`);
  }
  // A body that is JSON but not an object is a validation failure too.
  assertFailure(await app.legacy('/api/v1/keys', { method: 'POST', key, body: ['description'] }), 422, 'array body');
  assertFailure(await app.legacy('/api/v1/deploy', { method: 'POST', key, body: 'deploy' }), 422, 'string body');
  assertFailure(await app.legacy('/api/v1/keys', { method: 'POST', key }), 422, 'no body');

  assert.deepEqual(assertSuccess(await app.legacy('/api/v1/keys', { key })), { keys: [] });
  assert.deepEqual(assertSuccess(await app.legacy('/api/v1/servers', { key })), { servers: [] });
  assert.equal(await creditOf(app, key), '100.00');
});

test('every answer is JSON: successes, each failure status, with and without a token', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true });
  const noAccess = await app.createUser();
  const calls: [string, Parameters<TestApp['legacy']>[1]][] = [
    ['/api/v1/products', { key }],
    ['/api/v1/servers', { key }],
    ['/api/v1/keys', { key }],
    ['/api/v1/servers', { key: null }],
    ['/api/v1/servers', { key: noAccess.key }],
    ['/api/v1/servers/99', { key }],
    ['/api/v1/servers/abc', { key }],
    ['/api/v1/nothing', { key }],
    ['/api/v1/deploy', { key }],
    ['/api/v1/keys', { key, method: 'POST', body: {} }],
  ];
  for (const [path, options] of calls) {
    const response = await app.legacy(path, options);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/, `${options?.method ?? 'GET'} ${path}: ${response.status}`);
    assert.equal(typeof response.body, 'object', `${path}: a parsed JSON body`);
    assert.ok(response.body.result === 'success' || response.body.result === 'error', `${path}: ${JSON.stringify(response.body)}`);
    if (response.status >= 400) {
      assert.equal(response.body.result, 'error');
      assert.equal(typeof response.body.message, 'string');
      assert.equal('errors' in response.body, response.status === 422, `${path}: errors only on 422 (${response.status})`);
    }
  }
});

test('a body that is not JSON is refused with 415 in the failure envelope (a status the routes declare); nothing is made', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true });
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  assertFailure(await app.legacy('/api/v1/keys', { method: 'POST', key, rawBody: 'description=x&type=sshkey', headers: form }), 415, 'form body');
  assertFailure(await app.legacy('/api/v1/deploy', { method: 'POST', key, rawBody: 'product=1', headers: { 'content-type': 'text/plain' } }), 415, 'text body');
  assert.deepEqual(assertSuccess(await app.legacy('/api/v1/keys', { key })), { keys: [] });
  // build(t) checks, when the test ends, that each answer's status is one the route declares.
});
