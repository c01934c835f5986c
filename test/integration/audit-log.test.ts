// Issue 31, the audit log: a change through each interface (project API,
// legacy API, console, operator API) leaves one entry saying who, from where,
// what and with what outcome; reads leave none; sign-ins (with two-factor
// codes too), failed sign-ins and key creations are named; no entry holds a token, a password, a session
// cookie, a secret or a request body. Reading the log (filters, pages, who
// may) is in audit-log.reading.test.ts.
//
// Entries are written after the answer has left, so a test waits (bounded)
// for the entry it expects.
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from '../../src/secrets.ts';
import { eventually, OPERATOR_TOKEN, type TestApp } from '../helpers/build.ts';
import { consoleClient, visibleText } from '../helpers/console.ts';
import { assertProblem } from '../helpers/problems.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { addMember, buildWorld } from '../helpers/world.ts';
import { SESSION_COOKIE } from '../../src/console/console.plugin.ts';

const PASSWORD = 'correct horse battery staple';

type Row = Record<string, unknown>;

/** Every stored entry, oldest first, as the database holds it. */
async function auditRows(app: TestApp): Promise<Row[]> {
  return app.app.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
}

/**
 * The entry matching `fields` once it has been written and completed with its answer's status (an entry commits with
 * its change, and is completed just after the answer); fails when there is none within the bound or more than one.
 */
async function entryLike(app: TestApp, fields: Row): Promise<Row> {
  const matching = (rows: Row[]) => rows.filter((row) => row.status_code !== null && Object.entries(fields).every(([name, value]) => row[name] === value));
  const found = await eventually(async () => matching(await auditRows(app)).length > 0 && matching(await auditRows(app))).catch(async () => {
    throw new Error(`no audit entry like ${JSON.stringify(fields)}; stored: ${JSON.stringify(await auditRows(app), null, 1)}`);
  });
  assert.equal(found.length, 1, `one entry like ${JSON.stringify(fields)}: ${JSON.stringify(found)}`);
  return found[0]!;
}

/** No stored entry, every column of every row, holds any of `secrets` (tokens, passwords, cookies, bodies the test sent). */
async function assertLogHoldsNone(app: TestApp, secrets: string[]): Promise<void> {
  const stored = JSON.stringify(await auditRows(app));
  secrets.forEach((secret, index) => {
    assert.ok(secret.length >= 6, `secret ${index} is long enough to look for`);
    assert.ok(!stored.includes(secret), `the log holds secret ${index} (${secret.length} characters)`);
  });
}

/** The secret part of an API key, `cp_<16 hex digits>_<secret>` (the secret's base64url may itself hold `_`). */
function keySecret(token: string): string {
  return token.slice('cp_'.length + 16 + 1);
}

async function projectId(app: TestApp, slug: string): Promise<number> {
  const row = await app.app.database.db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return Number(row.id);
}

test('a change through the project API is recorded with who, from where, what and the outcome; reads are not', async (t) => {
  const w = await buildWorld(t);
  const { app, slug } = w;
  const owner = await app.createKey(w.userId);
  const id = await projectId(app, slug);

  const publicKey = ed25519Key('laptop');
  const created = await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key: owner.key, body: { name: 'laptop', public_key: publicKey } });
  assert.equal(created.status, 201);
  const entry = await entryLike(app, { method: 'POST', route: '/api/v1/projects/:project_slug/ssh-keys/' });
  const varying = new Set(['id', 'created_at', 'request_id']);
  assert.deepEqual(
    Object.fromEntries(Object.entries(entry).filter(([name]) => !varying.has(name))),
    {
      project_id: id,
      interface: 'project',
      actor_type: 'api_key',
      user_id: w.userId,
      api_key_id: owner.keyId,
      api_key_name: 'test key',
      session_ref: null,
      client_ip: '127.0.0.1',
      method: 'POST',
      route: '/api/v1/projects/:project_slug/ssh-keys/',
      operation: null,
      resource_type: null,
      resource_id: null,
      status_code: 201,
      problem_code: null,
      details: null,
    },
  );
  assert.match(String(entry.request_id), /\S/);
  assert.ok(Date.parse(String(entry.created_at)) > 0);

  // The resource named in the path; a refusal keeps its problem code; the query never reaches the route.
  const renamed = await app.api(`/projects/${slug}/ssh-keys/${created.body.id}/?note=secret-looking-query`, { method: 'PATCH', key: owner.key, body: { name: 'desk' } });
  assert.equal(renamed.status, 200);
  const rename = await entryLike(app, { method: 'PATCH' });
  assert.deepEqual([rename.route, rename.resource_type, rename.resource_id, rename.status_code], ['/api/v1/projects/:project_slug/ssh-keys/:ssh_key_id/', 'ssh_key', String(created.body.id), 200]);
  assertProblem(await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key: owner.key, body: { name: '' } }), 400, 'validation_error');
  const refused = await entryLike(app, { method: 'POST', status_code: 400 });
  assert.equal(refused.problem_code, 'validation_error');

  // Reads: lists, single resources, the log itself, a HEAD.
  for (const path of [`/projects/${slug}/ssh-keys/`, `/projects/${slug}/ssh-keys/${created.body.id}/`, `/projects/${slug}/audit-log/`, '/projects/']) {
    assert.equal((await app.api(path, { key: owner.key })).status, 200, path);
  }
  assert.equal((await app.api(`/projects/${slug}/`, { method: 'HEAD', key: owner.key })).status, 200);
  // A change after the reads: once its entry is there, any entry for the reads before it would be too.
  assert.equal((await app.api(`/projects/${slug}/ssh-keys/${created.body.id}/`, { method: 'DELETE', key: owner.key })).status, 204);
  await entryLike(app, { method: 'DELETE', resource_id: String(created.body.id) });
  const methods = new Set((await auditRows(app)).map((row) => row.method));
  assert.ok(!methods.has('GET') && !methods.has('HEAD'), `no read recorded: ${[...methods].join(', ')}`);

  // A refused key is nobody known; a read-only key's refusal names the key.
  assertProblem(await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key: 'cp_0000000000000000_not-a-key', body: {} }), 401, 'unauthenticated');
  const anonymous = await entryLike(app, { status_code: 401 });
  assert.deepEqual([anonymous.actor_type, anonymous.user_id, anonymous.api_key_id, anonymous.project_id], ['anonymous', null, null, null]);
  const readOnly = await app.createKey(w.userId, { readOnly: true });
  assertProblem(await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key: readOnly.key, body: {} }), 403, 'read_only_key');
  const readOnlyEntry = await entryLike(app, { problem_code: 'read_only_key' });
  assert.deepEqual([readOnlyEntry.actor_type, readOnlyEntry.api_key_id, readOnlyEntry.project_id], ['api_key', readOnly.keyId, id]);

  // Neither the keys, nor a body, nor a query.
  const secrets = [owner.key, readOnly.key, w.key, 'cp_0000000000000000_not-a-key', 'not-a-key', publicKey.split(' ')[1]!, 'secret-looking-query'];
  await assertLogHoldsNone(app, [...secrets, ...[owner.key, readOnly.key, w.key].map(keySecret)]);
});

test("a change to another project is not filed under that project: a guess at its slug is the operator's to see", async (t) => {
  const w = await buildWorld(t);
  const stranger = await w.app.createUser();
  assertProblem(await w.app.api(`/projects/${w.slug}/ssh-keys/`, { method: 'POST', key: stranger.key, body: { name: 'x', public_key: ed25519Key() } }), 404, 'not_found');
  const entry = await entryLike(w.app, { user_id: stranger.userId, method: 'POST', route: '/api/v1/projects/:project_slug/ssh-keys/' });
  assert.deepEqual([entry.project_id, entry.problem_code, entry.api_key_id], [null, 'not_found', stranger.keyId]);
});

test('a change through the legacy API is filed under the project it acted in, with the key that made it', async (t) => {
  const w = await buildWorld(t, { legacy: true });
  const { app } = w;
  const made = await app.legacy('/api/v1/keys', { method: 'POST', key: w.key, body: { description: 'laptop', type: 'sshkey', value: ed25519Key('laptop') } });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  const entry = await entryLike(app, { interface: 'legacy', method: 'POST' });
  const defaultProject = await app.app.database.db.selectFrom('users').select('default_project_id').where('id', '=', w.userId).executeTakeFirstOrThrow();
  assert.deepEqual(
    [entry.route, entry.actor_type, entry.user_id, entry.api_key_name, entry.status_code, entry.project_id],
    ['/api/v1/keys', 'api_key', w.userId, 'test key', 200, Number(defaultProject.default_project_id)],
  );

  // A refusal: the envelope has no code, the entry keeps the one the project API would answer.
  const readOnly = await app.createKey(w.userId, { readOnly: true });
  assert.equal((await app.legacy(`/api/v1/keys/${made.body.data.key.id}`, { method: 'DELETE', key: readOnly.key })).status, 403);
  const refused = await entryLike(app, { interface: 'legacy', method: 'DELETE' });
  assert.deepEqual([refused.problem_code, refused.resource_type, refused.resource_id, refused.api_key_id], ['read_only_key', 'ssh_key', String(made.body.data.key.id), readOnly.keyId]);
  assert.equal((await app.legacy('/api/v1/keys', { key: w.key })).status, 200);
  assert.equal((await auditRows(app)).filter((row) => row.interface === 'legacy').length, 2, 'the legacy read left no entry');
  await assertLogHoldsNone(app, [w.key, readOnly.key, keySecret(w.key), keySecret(readOnly.key)]);
});

test('the console: sign-ins, failed sign-ins, a form that changes something, a key made, signing out', async (t) => {
  const w = await buildWorld(t);
  const { app, slug } = w;
  const user = await app.createUser({ password: PASSWORD });
  await addMember(app, slug, user.userId, 'admin');

  const browser = consoleClient(app);
  const signedIn = await browser.signIn(user.email, PASSWORD);
  assert.equal(signedIn.status, 303, visibleText(signedIn.html));
  const sessionCookie = browser.cookies.get(SESSION_COOKIE)!;
  const signIn = await entryLike(app, { operation: 'sign_in' });
  assert.deepEqual(
    [signIn.interface, signIn.actor_type, signIn.user_id, signIn.route, signIn.status_code, signIn.project_id, signIn.api_key_id],
    ['console', 'user', user.userId, '/console/login', 303, null, null],
  );
  assert.match(String(signIn.session_ref), /^[0-9a-f]{16}$/);

  // A wrong password names the account its e-mail belongs to; an unknown e-mail names nobody.
  const wrong = await consoleClient(app).signIn(user.email, 'not the password');
  assert.equal(wrong.status, 401);
  const failed = await entryLike(app, { operation: 'sign_in_failed', user_id: user.userId });
  assert.deepEqual([failed.actor_type, failed.session_ref, failed.problem_code, failed.status_code], ['user', null, 'unauthenticated', 401]);
  assert.equal((await consoleClient(app).signIn('nobody@example.com', PASSWORD)).status, 401);
  const unknown = await entryLike(app, { operation: 'sign_in_failed', actor_type: 'anonymous' });
  assert.equal(unknown.user_id, null);

  // A form POST in the project: filed under it, with the session that sent it.
  await browser.get(`/console/projects/${slug}/ssh-keys`);
  const added = await browser.post(`/console/projects/${slug}/ssh-keys`, { name: 'laptop', public_key: ed25519Key('laptop') });
  assert.equal(added.status, 303, visibleText(added.html));
  const change = await entryLike(app, { interface: 'console', route: '/console/projects/:slug/ssh-keys' });
  assert.deepEqual(
    [change.actor_type, change.user_id, change.session_ref, change.project_id, change.method, change.status_code],
    ['user', user.userId, signIn.session_ref, await projectId(app, slug), 'POST', 303],
  );

  // A key made in the console: the key's id and name, never its token.
  const profile = await browser.get('/console/profile');
  const formToken = /name="form_token" value="([^"]+)"/.exec(profile.html)?.[1];
  const keyPage = await browser.post('/console/profile/keys', { name: 'deploy bot', expires: '30', password: PASSWORD, form_token: formToken ?? '' });
  assert.equal(keyPage.status, 201, visibleText(keyPage.html));
  const madeKey = await app.app.database.db.selectFrom('api_keys').select('id').where('user_id', '=', user.userId).where('name', '=', 'deploy bot').executeTakeFirstOrThrow();
  const keyEntry = await entryLike(app, { operation: 'api_key.created', user_id: user.userId });
  assert.deepEqual(
    [keyEntry.interface, keyEntry.actor_type, keyEntry.resource_type, keyEntry.resource_id, keyEntry.api_key_id, keyEntry.api_key_name, keyEntry.session_ref],
    ['console', 'user', 'api_key', String(madeKey.id), Number(madeKey.id), 'deploy bot', signIn.session_ref],
  );
  const listed = await app.api(`/projects/${slug}/audit-log/?resource_type=api_key`, { key: w.key });
  assert.equal(listed.status, 200);
  assert.deepEqual(listed.body.results, [], 'a key made outside the project is not in its log');

  // Signing out ends the session before the answer; the entry still names who.
  const out = await browser.post('/console/logout', {});
  assert.equal(out.status, 303);
  const signOut = await entryLike(app, { route: '/console/logout' });
  assert.deepEqual([signOut.actor_type, signOut.user_id, signOut.session_ref], ['user', user.userId, signIn.session_ref]);

  // The session cookie, its stored hash, the passwords and the key's token are nowhere in the log.
  const token = /<code id="new-token" class="token">([^<]*)<\/code>/.exec(keyPage.html)?.[1];
  assert.ok(token, 'the new token was shown');
  await assertLogHoldsNone(app, [sessionCookie, hashToken(sessionCookie), PASSWORD, 'not the password', token, keySecret(token), browser.csrfToken!, formToken!, user.key]);
});

/** The code an authenticator app shows now by cloudplane's clock. */
function codeFor(app: TestApp, secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: app.app.clock.now().getTime() });
}

test('two-factor sign-in: the password step, a wrong code and the right one each say so, for the account', async (t) => {
  const w = await buildWorld(t);
  const { app } = w;
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  assert.equal((await browser.signIn(user.email, PASSWORD)).status, 303);
  const setup = await browser.get('/console/account/two-factor');
  const secret = /<code id="totp-secret"[^>]*>([^<]+)<\/code>/.exec(setup.html)?.[1]?.replace(/\s+/g, '');
  assert.ok(secret, 'the key is on the page');
  const enabled = await browser.post('/console/account/two-factor/enable', { code: codeFor(app, secret), password: PASSWORD });
  assert.equal(enabled.status, 201, visibleText(enabled.html));
  const recoveryCodes = [...enabled.html.matchAll(/<li class="col"><code>([0-9A-Z-]+)<\/code><\/li>/g)].map((match) => match[1]!);
  assert.equal(recoveryCodes.length, 10);

  const second = consoleClient(app);
  const passwordStep = await second.signIn(user.email, PASSWORD);
  assert.equal(passwordStep.location, '/console/login/code');
  const pending = await entryLike(app, { operation: 'sign_in_code_required' });
  assert.deepEqual([pending.actor_type, pending.user_id, pending.session_ref, pending.status_code], ['user', user.userId, null, 303]);

  await second.get('/console/login/code');
  const wrong = codeFor(app, secret) === '000000' ? '000001' : '000000';
  assert.equal((await second.post('/console/login/code', { code: wrong })).status, 401);
  const wrongCode = await entryLike(app, { operation: 'sign_in_failed', route: '/console/login/code' });
  assert.deepEqual([wrongCode.actor_type, wrongCode.user_id, wrongCode.problem_code], ['user', user.userId, 'unauthenticated']);

  // The enabling code's step is used up: the next step's code signs in.
  assert.equal((await app.admin('/clock/advance', { method: 'POST', body: { seconds: 30 } })).status, 200);
  const code = codeFor(app, secret);
  assert.equal((await second.post('/console/login/code', { code })).status, 303);
  const signIn = await entryLike(app, { operation: 'sign_in', route: '/console/login/code' });
  assert.equal(signIn.user_id, user.userId);
  assert.match(String(signIn.session_ref), /^[0-9a-f]{16}$/);

  await assertLogHoldsNone(app, [secret, code, ...recoveryCodes, PASSWORD, second.cookies.get(SESSION_COOKIE)!, browser.cookies.get(SESSION_COOKIE)!]);
});

test('the operator API: changes, key creations and a refused token', async (t) => {
  const w = await buildWorld(t);
  const { app, slug } = w;
  const member = await app.createUser();
  await addMember(app, slug, member.userId, 'member');
  const entry = await entryLike(app, { interface: 'operator', method: 'PUT' });
  assert.deepEqual(
    [entry.route, entry.actor_type, entry.user_id, entry.resource_type, entry.resource_id, entry.project_id, entry.status_code],
    ['/admin/v1/projects/:project_slug/members/:user_id', 'operator', null, 'member', String(member.userId), await projectId(app, slug), 200],
  );

  // createUser made the member's key through the operator API.
  const keyEntry = await entryLike(app, { operation: 'api_key.created', resource_id: String(member.keyId) });
  assert.deepEqual(
    [keyEntry.interface, keyEntry.actor_type, keyEntry.route, keyEntry.resource_type, keyEntry.api_key_id, keyEntry.api_key_name, keyEntry.status_code],
    ['operator', 'operator', '/admin/v1/users/:user_id/api-keys', 'api_key', member.keyId, 'test key', 201],
  );

  const refused = await app.raw('/admin/v1/users', { method: 'POST', key: 'not-the-operator-token', body: { email: 'x@example.com' } });
  assertProblem(refused, 401, 'unauthenticated');
  const anonymous = await entryLike(app, { interface: 'operator', status_code: 401 });
  assert.deepEqual([anonymous.actor_type, anonymous.route, anonymous.problem_code], ['anonymous', '/admin/v1/users', 'unauthenticated']);

  // Every token this test made, and the operator's, is nowhere in the log.
  await assertLogHoldsNone(app, [OPERATOR_TOKEN, 'not-the-operator-token', w.key, member.key, keySecret(w.key), keySecret(member.key)]);
});

test('a client that hangs up before the answer still leaves its entry: no change escapes the log', async (t) => {
  const w = await buildWorld(t, { project: 'Hang Up' });
  const db = w.app.app.database.db;
  const url = new URL(w.app.baseUrl);
  const made = 5;
  for (let index = 0; index < made; index += 1) {
    const body = JSON.stringify({ name: `hung-up-${index}`, direction: 'ingress' });
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/projects/${w.slug}/firewall-groups/ HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${w.key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    socket.destroy();
  }
  // Each request the service took is a group; each group is an entry, committed with it and completed with the answer's
  // status once the answer was settled, although nobody was there to take it.
  const groups = await eventually(async () => {
    const rows = await db.selectFrom('firewall_groups').select('id').execute();
    const entries = await db.selectFrom('audit_log').select('status_code').where('route', '=', '/api/v1/projects/:project_slug/firewall-groups/').execute();
    return rows.length > 0 && entries.length === rows.length && entries.every((entry) => entry.status_code !== null) ? { rows, entries } : null;
  });
  assert.ok(groups.rows.length <= made);
  assert.deepEqual(groups.entries.map((entry) => entry.status_code), groups.rows.map(() => 201));
});
