// Authentication and authorisation of the project API (spec "Authentication",
// DESIGN D1–D3) and of the operator API: every kind of bad key gets the same
// 401, read-only keys are refused every change before anything else, roles
// gate project changes, and another user's project does not exist.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, OPERATOR_TOKEN, type CallResult, type TestApp } from '../helpers/build.ts';
import { assertProblem } from '../helpers/problems.ts';

function assertUnauthenticated(response: CallResult, label: string): void {
  assert.equal(response.status, 401, `${label}: ${JSON.stringify(response.body)}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/, label);
  assert.equal(response.headers.get('www-authenticate'), 'Bearer', label);
  assert.equal(response.body.code, 'unauthenticated', label);
  assert.equal(response.body.status, 401, label);
  assert.equal(typeof response.body.detail, 'string', label);
  assert.equal(typeof response.body.title, 'string', label);
  assert.equal(typeof response.body.type, 'string', label);
}


/** The same token with one character of its secret part replaced; the shape stays valid. */
function withOneCharacterChanged(token: string): string {
  const index = token.length - 10;
  const replacement = token[index] === 'A' ? 'B' : 'A';
  return token.slice(0, index) + replacement + token.slice(index + 1);
}

async function projectSlugs(app: TestApp, key: string): Promise<string[]> {
  const list = await app.api('/projects/?page_size=100', { key });
  assert.equal(list.status, 200);
  return list.body.results.map((project: { slug: string }) => project.slug);
}

test('a valid key reaches the API and its token has the documented shape', async (t) => {
  const app = await build(t);
  const { key, userId } = await app.createUser();
  assert.match(key, /^cp_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200);
  assert.equal(me.body.id, userId);
});

test('missing, malformed, unknown, altered, revoked and expired keys all get the same 401', async (t) => {
  const app = await build(t);
  const { userId, key } = await app.createUser();
  const revoked = await app.createKey(userId);
  const expired = await app.createKey(userId, { expiresAt: new Date(Date.now() - 60_000).toISOString() });

  // The revoked key works until it is revoked.
  assert.equal((await app.api('/me/', { key: revoked.key })).status, 200);
  const revocation = await app.admin(`/api-keys/${revoked.keyId}`, { method: 'DELETE' });
  assert.equal(revocation.status, 204);
  assert.equal(revocation.body, null);

  const lookupId = key.split('_')[1]!;
  const attempts: Array<[string, Promise<CallResult>]> = [
    ['no Authorization header', app.api('/me/', { key: null })],
    ['Basic scheme', app.api('/me/', { key: null, headers: { authorization: 'Basic x' } })],
    ['Basic with credentials', app.api('/me/', { key: null, headers: { authorization: `Basic ${Buffer.from(`u:${key}`).toString('base64')}` } })],
    ['Bearer without a token', app.api('/me/', { key: null, headers: { authorization: 'Bearer' } })],
    ['the token without a scheme', app.api('/me/', { key: null, headers: { authorization: key } })],
    ['two tokens', app.api('/me/', { key: null, headers: { authorization: `Bearer ${key} ${key}` } })],
    ['not a token', app.api('/me/', { key: 'not-a-token' })],
    ['unknown token of the right shape', app.api('/me/', { key: `cp_${'0123456789abcdef'}_${'A'.repeat(43)}` })],
    ['known lookup id, wrong secret', app.api('/me/', { key: `cp_${lookupId}_${'A'.repeat(43)}` })],
    ['one character changed', app.api('/me/', { key: withOneCharacterChanged(key) })],
    ['the token truncated', app.api('/me/', { key: key.slice(0, -1) })],
    ['the token extended', app.api('/me/', { key: `${key}x` })],
    ['revoked key', app.api('/me/', { key: revoked.key })],
    ['expired key', app.api('/me/', { key: expired.key })],
    ['the operator token', app.api('/me/', { key: OPERATOR_TOKEN })],
    ['a change without a key', app.api('/projects/', { method: 'POST', key: null, body: { name: 'Sneaky' } })],
    ['an invalid change without a key', app.api('/projects/', { method: 'POST', key: null, body: { name: 5 } })],
    ['another project route without a key', app.api('/projects/anything/', { key: null })],
  ];
  const responses = await Promise.all(attempts.map(async ([label, response]) => [label, await response] as const));
  const [, first] = responses[0]!;
  for (const [label, response] of responses) {
    assertUnauthenticated(response, label);
    assert.deepEqual(response.body, first.body, `${label}: same body as every other 401`);
  }

  // Nothing was created by the refused change, and the good key still works.
  assert.deepEqual(await projectSlugs(app, key), []);
  assert.equal((await app.api('/me/', { key })).status, 200);
});

test('revoking an unknown key answers 404 and revoking twice keeps the key revoked', async (t) => {
  const app = await build(t);
  const { keyId, key } = await app.createUser();
  assertProblem(await app.admin('/api-keys/999999', { method: 'DELETE' }), 404, 'not_found');
  assert.equal((await app.admin(`/api-keys/${keyId}`, { method: 'DELETE' })).status, 204);
  assertUnauthenticated(await app.api('/me/', { key }), 'revoked');
  const again = await app.admin(`/api-keys/${keyId}`, { method: 'DELETE' });
  assert.ok(again.status === 204 || again.status === 404, `repeat revoke answered ${again.status}`);
  assertUnauthenticated(await app.api('/me/', { key }), 'still revoked');
});

test('a key expiring in the future works; a past expiry is refused', async (t) => {
  const app = await build(t);
  const { userId } = await app.createUser();
  const future = await app.createKey(userId, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  const past = await app.createKey(userId, { expiresAt: '2020-01-01T00:00:00Z' });
  const me = await app.api('/me/', { key: future.key });
  assert.equal(me.status, 200);
  assert.equal(me.body.id, userId);
  assertUnauthenticated(await app.api('/me/', { key: past.key }), 'expired in 2020');
  assertUnauthenticated(await app.api('/projects/', { key: past.key }), 'expired in 2020, list');
});

test('a key expires when the operator clock passes its expiry', async (t) => {
  const app = await build(t);
  const { userId, key: lastingKey } = await app.createUser();
  const expiresAt = new Date(Date.now() + 60_000).toISOString();
  const created = await app.admin(`/users/${userId}/api-keys`, { method: 'POST', body: { name: 'short-lived', expires_at: expiresAt } });
  assert.equal(created.status, 201);
  assert.equal(new Date(created.body.expires_at).getTime(), new Date(expiresAt).getTime());
  const shortLived = created.body.token as string;

  assert.equal((await app.api('/me/', { key: shortLived })).status, 200);
  const advanced = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 120 } });
  assert.equal(advanced.status, 200);
  assert.ok(new Date(advanced.body.now).getTime() > new Date(expiresAt).getTime(), 'the clock moved past the expiry');

  const refused = await app.api('/me/', { key: shortLived });
  assertUnauthenticated(refused, 'expired by the clock');
  assert.deepEqual(refused.body, (await app.api('/me/', { key: null })).body, 'same body as a missing key');
  // A key without an expiry is unaffected.
  assert.equal((await app.api('/me/', { key: lastingKey })).status, 200);
});

test('a read-only key reads but is refused every change with 403 read_only_key', async (t) => {
  const app = await build(t);
  const { userId, key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Read Only Target', 'ro-target');
  const { key: readOnly } = await app.createKey(userId, { readOnly: true });

  const me = await app.api('/me/', { key: readOnly });
  assert.equal(me.status, 200);
  assert.deepEqual(me.body.projects, [{ slug, name: 'Read Only Target', role: 'owner' }]);
  assert.equal((await app.api('/projects/', { key: readOnly })).status, 200);
  assert.equal((await app.api(`/projects/${slug}/`, { key: readOnly })).status, 200);
  assert.equal((await app.api(`/projects/${slug}/products/`, { key: readOnly })).status, 200);

  assertProblem(await app.api('/projects/', { method: 'POST', key: readOnly, body: { name: 'Not Allowed' } }), 403, 'read_only_key', 'create');
  // Refused before the body is looked at: an invalid body gets the same answer.
  assertProblem(await app.api('/projects/', { method: 'POST', key: readOnly, body: { name: 5 } }), 403, 'read_only_key', 'create, invalid body');
  assertProblem(
    await app.api('/projects/', { method: 'POST', key: readOnly, rawBody: '{"name":', headers: { 'content-type': 'application/json' } }),
    403,
    'read_only_key',
    'create, malformed JSON',
  );
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'PATCH', key: readOnly, body: { name: 'Renamed' } }), 403, 'read_only_key', 'patch');
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'PUT', key: readOnly, body: { name: 'Renamed' } }), 403, 'read_only_key', 'put');
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'DELETE', key: readOnly }), 403, 'read_only_key', 'delete');

  // Nothing changed.
  assert.deepEqual(await projectSlugs(app, key), [slug]);
  const project = await app.api(`/projects/${slug}/`, { key });
  assert.equal(project.body.name, 'Read Only Target');
  assert.equal(project.body.status, 'ready');
});

test('read-only is checked before the role: a member with a read-only key gets read_only_key', async (t) => {
  const app = await build(t);
  const owner = await app.createUser();
  const slug = await app.createReadyProject(owner.key, 'Shared', 'shared');
  const member = await app.createUser({ readOnly: true });
  const membership = await app.admin(`/projects/${slug}/members/${member.userId}`, { method: 'PUT', body: { role: 'member' } });
  assert.equal(membership.status, 200);

  assert.equal((await app.api(`/projects/${slug}/`, { key: member.key })).body.role, 'member');
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'PATCH', key: member.key, body: { name: 'X' } }), 403, 'read_only_key', 'patch');
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'PUT', key: member.key, body: { name: 'X' } }), 403, 'read_only_key', 'put');
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'DELETE', key: member.key }), 403, 'read_only_key', 'delete');

  // The same member with a writable key meets the role check instead.
  const { key: writable } = await app.createKey(member.userId);
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'PATCH', key: writable, body: { name: 'X' } }), 403, 'insufficient_role', 'patch, writable');
  assert.equal((await app.api(`/projects/${slug}/`, { key: owner.key })).body.name, 'Shared');
});

test('a membership the service keeps follows every change at once: role, rename, removal, deletion, a new project under the old slug', async (t) => {
  const app = await build(t);
  const owner = await app.createUser();
  const member = await app.createUser();
  const slug = await app.createReadyProject(owner.key, 'Kept', 'kept');
  const seen = () => app.api(`/projects/${slug}/`, { key: member.key });

  assert.equal((await app.admin(`/projects/${slug}/members/${member.userId}`, { method: 'PUT', body: { role: 'member' } })).status, 200);
  assert.equal((await seen()).body.role, 'member');
  assert.equal((await seen()).body.role, 'member', 'asked twice: the second answer comes from what was kept');

  assert.equal((await app.admin(`/projects/${slug}/members/${member.userId}`, { method: 'PUT', body: { role: 'admin' } })).status, 200);
  assert.equal((await seen()).body.role, 'admin', 'the new role at once');
  assert.equal((await app.api(`/projects/${slug}/`, { method: 'PATCH', key: member.key, body: { name: 'Kept Renamed' } })).status, 200);
  assert.equal((await app.api(`/projects/${slug}/`, { key: owner.key })).body.name, 'Kept Renamed', 'the owner sees the new name at once');

  assert.equal((await app.admin(`/projects/${slug}/members/${member.userId}`, { method: 'DELETE' })).status, 204);
  assertProblem(await seen(), 404, 'not_found', 'removed');
  assertProblem(await app.api(`/projects/${slug}/products/`, { key: member.key }), 404, 'not_found', 'removed, products');

  // Deleted and made again by someone else under the same slug: the old owner keeps nothing of it.
  assert.equal((await app.api(`/projects/${slug}/`, { key: owner.key })).status, 200);
  assert.equal((await app.api(`/projects/${slug}/`, { method: 'DELETE', key: owner.key })).status, 204);
  assertProblem(await app.api(`/projects/${slug}/`, { key: owner.key }), 404, 'not_found', 'deleted');
  const again = await app.api('/projects/', { method: 'POST', key: member.key, body: { name: 'Kept Again', slug } });
  assert.equal(again.status, 201, JSON.stringify(again.body));
  assertProblem(await app.api(`/projects/${slug}/`, { key: owner.key }), 404, 'not_found', "someone else's project under the old slug");
  assert.equal((await seen()).body.role, 'owner');
});

test('roles: members read, admins rename, only the owner deletes', async (t) => {
  const app = await build(t);
  const owner = await app.createUser();
  const member = await app.createUser();
  const admin = await app.createUser();
  const slug = await app.createReadyProject(owner.key, 'Team Project', 'team');

  for (const [user, role] of [
    [member, 'member'],
    [admin, 'admin'],
  ] as const) {
    const set = await app.admin(`/projects/${slug}/members/${user.userId}`, { method: 'PUT', body: { role } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.role, role);
    assert.equal(set.body.user_id, user.userId);
  }

  // Member: reads, cannot change.
  const seenByMember = await app.api(`/projects/${slug}/`, { key: member.key });
  assert.equal(seenByMember.status, 200);
  assert.equal(seenByMember.body.role, 'member');
  assert.deepEqual((await app.api('/me/', { key: member.key })).body.projects, [{ slug, name: 'Team Project', role: 'member' }]);
  assert.deepEqual(await projectSlugs(app, member.key), [slug]);
  assert.equal((await app.api(`/projects/${slug}/products/`, { key: member.key })).status, 200);
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'PATCH', key: member.key, body: { name: 'By Member' } }), 403, 'insufficient_role', 'member patch');
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'PUT', key: member.key, body: { name: 'By Member' } }), 403, 'insufficient_role', 'member put');
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'DELETE', key: member.key }), 403, 'insufficient_role', 'member delete');
  assert.equal((await app.api(`/projects/${slug}/`, { key: owner.key })).body.name, 'Team Project');

  // Admin: renames, cannot delete.
  assert.equal((await app.api(`/projects/${slug}/`, { key: admin.key })).body.role, 'admin');
  const patched = await app.api(`/projects/${slug}/`, { method: 'PATCH', key: admin.key, body: { name: 'By Admin' } });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  assert.equal(patched.body.name, 'By Admin');
  assert.equal(patched.body.role, 'admin');
  const replaced = await app.api(`/projects/${slug}/`, { method: 'PUT', key: admin.key, body: { name: 'Replaced By Admin' } });
  assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
  assert.equal(replaced.body.name, 'Replaced By Admin');
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'DELETE', key: admin.key }), 403, 'insufficient_role', 'admin delete');
  const afterAdmin = await app.api(`/projects/${slug}/`, { key: owner.key });
  assert.equal(afterAdmin.body.name, 'Replaced By Admin');
  assert.equal(afterAdmin.body.status, 'ready');

  // Owner: deletes; the project is then gone for everyone.
  const deleted = await app.api(`/projects/${slug}/`, { method: 'DELETE', key: owner.key });
  assert.equal(deleted.status, 204, JSON.stringify(deleted.body));
  assert.equal(deleted.body, null);
  for (const user of [owner, member, admin]) {
    assertProblem(await app.api(`/projects/${slug}/`, { key: user.key }), 404, 'not_found');
    assert.deepEqual(await projectSlugs(app, user.key), []);
    assert.deepEqual((await app.api('/me/', { key: user.key })).body.projects, []);
  }
});

test("another user's project does not exist for a non-member", async (t) => {
  const app = await build(t);
  const owner = await app.createUser();
  const stranger = await app.createUser();
  const slug = await app.createReadyProject(owner.key, 'Private', 'private');
  assert.equal((await app.api(`/projects/${slug}/products/`, { key: owner.key })).status, 200);

  const attempts: Array<[string, string, unknown]> = [
    ['GET', `/projects/${slug}/`, undefined],
    ['PATCH', `/projects/${slug}/`, { name: 'Taken Over' }],
    ['PUT', `/projects/${slug}/`, { name: 'Taken Over' }],
    ['DELETE', `/projects/${slug}/`, undefined],
    ['GET', `/projects/${slug}/products/`, undefined],
  ];
  for (const [method, path, body] of attempts) {
    const response = await app.api(path, { method, key: stranger.key, body });
    assertProblem(response, 404, 'not_found', `${method} ${path}`);
    // Indistinguishable from a project that does not exist at all.
    const missing = await app.api(path.replace(slug, 'no-such-project'), { method, key: stranger.key, body });
    assert.deepEqual(response.body, missing.body, `${method} ${path}: same answer as a missing project`);
  }

  assert.deepEqual(await projectSlugs(app, stranger.key), []);
  const list = await app.api('/projects/', { key: stranger.key });
  assert.equal(list.body.count, 0);
  assert.deepEqual((await app.api('/me/', { key: stranger.key })).body.projects, []);

  // The owner's project is untouched.
  const project = await app.api(`/projects/${slug}/`, { key: owner.key });
  assert.equal(project.status, 200);
  assert.equal(project.body.name, 'Private');
  assert.equal(project.body.status, 'ready');
});

test('the operator API needs the operator token', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const attempts: Array<[string, Promise<CallResult>]> = [
    ['no token', app.admin('/faults', { key: null })],
    ['wrong token', app.admin('/faults', { key: 'wrong-token' })],
    ['operator token with one character changed', app.admin('/faults', { key: `${OPERATOR_TOKEN.slice(0, -1)}X` })],
    ['Basic scheme', app.admin('/faults', { key: null, headers: { authorization: `Basic ${OPERATOR_TOKEN}` } })],
    ['a user API key', app.admin('/faults', { key })],
    ['a change without a token', app.admin('/users', { method: 'POST', key: null, body: { email: 'intruder@example.com' } })],
  ];
  for (const [label, pending] of attempts) assertUnauthenticated(await pending, label);
  assert.equal((await app.admin('/faults')).status, 200);
  // The refused user creation did not happen: the address is still free.
  const created = await app.admin('/users', { method: 'POST', body: { email: 'intruder@example.com' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
});

test('the secret of an API key is not stored', async (t) => {
  const app = await build(t);
  const { userId } = await app.createUser();
  const created = await app.admin(`/users/${userId}/api-keys`, { method: 'POST', body: { name: 'inspect me', read_only: true } });
  assert.equal(created.status, 201);
  assert.equal(created.body.read_only, true);
  const token: string = created.body.token;
  const secret = token.split('_').slice(2).join('_');
  assert.equal(secret.length, 43);

  const rows = await app.app.database.db.selectFrom('api_keys').selectAll().execute();
  assert.ok(rows.length >= 2);
  const row = rows.find((candidate) => candidate.id === created.body.id);
  assert.ok(row, 'the key has a row');
  for (const candidate of rows) {
    for (const [column, value] of Object.entries(candidate)) {
      const text = String(value);
      assert.ok(!text.includes(token), `api_keys.${column} holds the token`);
      assert.ok(!text.includes(secret), `api_keys.${column} holds the secret`);
    }
  }
  // The token is still accepted, so what is stored is enough to check it.
  assert.equal((await app.api('/me/', { key: token })).status, 200);
});
