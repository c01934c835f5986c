// The operator API (/admin/v1): users, API keys, memberships, faults and the
// test clock — the back office, and how every other test sets up its world.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, type CallResult, type TestApp } from '../helpers/build.ts';
import { assertProblem } from '../helpers/problems.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;


function fieldsOf(response: CallResult): string[] {
  return (response.body?.errors ?? []).map((entry: { field: string }) => entry.field);
}

async function rolesOf(app: TestApp, key: string): Promise<Record<string, string>> {
  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  return Object.fromEntries(me.body.projects.map((project: { slug: string; role: string }) => [project.slug, project.role]));
}

test('POST /users: 201 with defaults; duplicate e-mail 409; invalid input 400', async (t) => {
  const app = await build(t);
  const created = await app.admin('/users', { method: 'POST', body: { email: 'Grace@Example.org' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.ok(Number.isInteger(created.body.id));
  assert.equal(created.body.email, 'grace@example.org');
  assert.equal(created.body.first_name, '');
  assert.equal(created.body.last_name, '');
  assert.equal(created.body.legacy_api_access, false);
  assert.deepEqual(created.body.billing_account, { exists: true, credit_balance: '0.00', currency: 'EUR' });
  assert.match(created.body.created_at, ISO_UTC);
  assert.ok(!('password' in created.body) && !('password_hash' in created.body));

  const full = await app.admin('/users', {
    method: 'POST',
    body: {
      email: 'alan@example.org',
      first_name: 'Alan',
      last_name: 'Turing',
      password: 'correct horse battery staple',
      billing_account: { currency: 'GBP', credit_balance: '12.5' },
      legacy_api_access: true,
    },
  });
  assert.equal(full.status, 201, JSON.stringify(full.body));
  assert.equal(full.body.legacy_api_access, true);
  assert.deepEqual(full.body.billing_account, { exists: true, credit_balance: '12.50', currency: 'GBP' });
  assert.ok(!JSON.stringify(full.body).includes('correct horse'));
  const fetched = await app.admin(`/users/${full.body.id}`);
  assert.equal(fetched.status, 200);
  assert.deepEqual(fetched.body, full.body);

  const none = await app.admin('/users', { method: 'POST', body: { email: 'nobill@example.org', billing_account: null } });
  assert.equal(none.status, 201);
  assert.deepEqual(none.body.billing_account, { exists: false, credit_balance: null, currency: null });

  for (const email of ['grace@example.org', 'GRACE@EXAMPLE.ORG']) {
    const duplicate = await app.admin('/users', { method: 'POST', body: { email } });
    assert.equal(duplicate.status, 409, JSON.stringify(duplicate.body));
    assert.deepEqual(fieldsOf(duplicate), ['email']);
  }

  for (const email of ['not-an-email', '', 'a@', `${'x'.repeat(250)}@example.org`]) {
    const invalid = await app.admin('/users', { method: 'POST', body: { email } });
    assertProblem(invalid, 400, 'validation_error');
    assert.deepEqual(fieldsOf(invalid), ['email'], `${email}: ${JSON.stringify(invalid.body)}`);
  }
  assertProblem(await app.admin('/users', { method: 'POST', body: {} }), 400, 'validation_error');
  const badBalance = await app.admin('/users', { method: 'POST', body: { email: 'neg@example.org', billing_account: { currency: 'EUR', credit_balance: '-1.00' } } });
  assertProblem(badBalance, 400, 'validation_error');
  const badPassword = await app.admin('/users', { method: 'POST', body: { email: 'short@example.org', password: 'short' } });
  assertProblem(badPassword, 400, 'validation_error');
  assert.deepEqual(fieldsOf(badPassword), ['password']);

  const users = await app.app.database.db.selectFrom('users').select('email').orderBy('id').execute();
  assert.deepEqual(users.map((user) => user.email), ['grace@example.org', 'alan@example.org', 'nobill@example.org']);

  assertProblem(await app.admin('/users/999999'), 404, 'not_found');
  assertProblem(await app.admin('/users', { method: 'POST', key: null, body: { email: 'x@example.org' } }), 401, 'unauthenticated');
});

test('POST /users/{id}/api-keys: token shown once and working; read_only and expires_at echoed', async (t) => {
  const app = await build(t);
  const user = (await app.admin('/users', { method: 'POST', body: { email: 'keys@example.org' } })).body;

  const created = await app.admin(`/users/${user.id}/api-keys`, { method: 'POST', body: { name: 'laptop' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(Object.keys(created.body).sort(), ['expires_at', 'id', 'name', 'read_only', 'token']);
  assert.equal(created.body.name, 'laptop');
  assert.equal(created.body.read_only, false);
  assert.equal(created.body.expires_at, null);
  assert.equal(typeof created.body.token, 'string');
  const me = await app.api('/me/', { key: created.body.token });
  assert.equal(me.status, 200);
  assert.equal(me.body.id, user.id);
  // Only a hash is kept: the token is nowhere in the database.
  const stored = await app.app.database.db.selectFrom('api_keys').selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow();
  const secret = /^cp_[0-9a-f]{16}_(.+)$/.exec(created.body.token)?.[1];
  assert.ok(secret, created.body.token);
  assert.ok(!Object.values(stored).some((value) => typeof value === 'string' && value.includes(secret)));

  const expiresAt = new Date(Date.now() + 30 * 86400_000).toISOString();
  const readOnly = await app.admin(`/users/${user.id}/api-keys`, { method: 'POST', body: { name: 'ci', read_only: true, expires_at: expiresAt } });
  assert.equal(readOnly.status, 201, JSON.stringify(readOnly.body));
  assert.equal(readOnly.body.read_only, true);
  assert.equal(readOnly.body.expires_at, expiresAt);
  assert.notEqual(readOnly.body.token, created.body.token);
  assert.equal((await app.api('/me/', { key: readOnly.body.token })).status, 200);
  assertProblem(await app.api('/projects/', { method: 'POST', key: readOnly.body.token, body: { name: 'Nope' } }), 403, 'read_only_key');

  // A time with an offset is kept as the same instant, in UTC.
  const offset = await app.admin(`/users/${user.id}/api-keys`, { method: 'POST', body: { name: 'offset', expires_at: '2031-06-01T14:00:00+02:00' } });
  assert.equal(offset.status, 201);
  assert.equal(offset.body.expires_at, '2031-06-01T12:00:00.000Z');

  const past = await app.admin(`/users/${user.id}/api-keys`, { method: 'POST', body: { name: 'old', expires_at: '2020-01-01T00:00:00Z' } });
  assert.equal(past.status, 201);
  assertProblem(await app.api('/me/', { key: past.body.token }), 401, 'unauthenticated');

  assertProblem(await app.admin('/users/999999/api-keys', { method: 'POST', body: { name: 'ghost' } }), 404, 'not_found');
  const noName = await app.admin(`/users/${user.id}/api-keys`, { method: 'POST', body: {} });
  assertProblem(noName, 400, 'validation_error');
  assert.deepEqual(fieldsOf(noName), ['name']);
  const badExpiry = await app.admin(`/users/${user.id}/api-keys`, { method: 'POST', body: { name: 'x', expires_at: 'tomorrow' } });
  assertProblem(badExpiry, 400, 'validation_error');
  assert.deepEqual(fieldsOf(badExpiry), ['expires_at']);
});

// Without a worker: its polls re-read the clock offset, and a re-read racing
// an advance can briefly undo it (see 'concurrent clock advances add up').
test('a key expires when the test clock passes its expiry', async (t) => {
  const app = await build(t, { worker: false });
  const { userId } = await app.createUser();
  const { key } = await app.createKey(userId, { expiresAt: new Date(Date.now() + 3600_000).toISOString() });
  assert.equal((await app.api('/me/', { key })).status, 200);
  const advanced = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 7200 } });
  assert.equal(advanced.status, 200);
  assertProblem(await app.api('/me/', { key }), 401, 'unauthenticated');
});

test('DELETE /api-keys/{id}: 204 and the key stops working; unknown 404', async (t) => {
  const app = await build(t);
  const { userId, key, keyId } = await app.createUser();
  const spare = await app.createKey(userId);
  assert.equal((await app.api('/me/', { key })).status, 200);

  const revoked = await app.admin(`/api-keys/${keyId}`, { method: 'DELETE' });
  assert.equal(revoked.status, 204);
  assert.equal(revoked.body, null);
  const refused = await app.api('/me/', { key });
  assertProblem(refused, 401, 'unauthenticated');
  assert.equal(refused.headers.get('www-authenticate'), 'Bearer');
  // Other keys of the user keep working.
  assert.equal((await app.api('/me/', { key: spare.key })).status, 200);

  assertProblem(await app.admin('/api-keys/999999', { method: 'DELETE' }), 404, 'not_found');
  assertProblem(await app.admin('/api-keys/not-a-number', { method: 'DELETE' }), 404, 'not_found');
});

test('members: PUT adds and changes roles, validation and unknown ids', async (t) => {
  const app = await build(t);
  const owner = await app.createUser();
  const helper = await app.createUser();
  const slug = await app.createReadyProject(owner.key, 'Team Work');

  const added = await app.admin(`/projects/${slug}/members/${helper.userId}`, { method: 'PUT', body: { role: 'member' } });
  assert.equal(added.status, 200, JSON.stringify(added.body));
  assert.deepEqual(added.body, { project: slug, user_id: helper.userId, role: 'member' });
  assert.deepEqual(await rolesOf(app, helper.key), { [slug]: 'member' });

  const promoted = await app.admin(`/projects/${slug}/members/${helper.userId}`, { method: 'PUT', body: { role: 'admin' } });
  assert.equal(promoted.status, 200);
  assert.deepEqual(await rolesOf(app, helper.key), { [slug]: 'admin' });
  // Setting the same role again changes nothing.
  assert.equal((await app.admin(`/projects/${slug}/members/${helper.userId}`, { method: 'PUT', body: { role: 'admin' } })).status, 200);
  assert.deepEqual(await rolesOf(app, helper.key), { [slug]: 'admin' });

  for (const body of [{ role: 'superuser' }, { role: 'Owner' }, {}, { role: null }]) {
    const invalid = await app.admin(`/projects/${slug}/members/${helper.userId}`, { method: 'PUT', body });
    assertProblem(invalid, 400, 'validation_error');
    assert.deepEqual(fieldsOf(invalid), ['role'], JSON.stringify(invalid.body));
  }
  assert.deepEqual(await rolesOf(app, helper.key), { [slug]: 'admin' });

  assertProblem(await app.admin(`/projects/no-such-project/members/${helper.userId}`, { method: 'PUT', body: { role: 'member' } }), 404, 'not_found');
  assertProblem(await app.admin(`/projects/${slug}/members/999999`, { method: 'PUT', body: { role: 'member' } }), 404, 'not_found');
  assertProblem(await app.admin(`/projects/no-such-project/members/${helper.userId}`, { method: 'DELETE' }), 404, 'not_found');
  const stranger = await app.createUser();
  assertProblem(await app.admin(`/projects/${slug}/members/${stranger.userId}`, { method: 'DELETE' }), 404, 'not_found');
  assert.deepEqual(await rolesOf(app, stranger.key), {});
});

test('members: a new owner demotes the old one to admin; the owner cannot be removed or demoted', async (t) => {
  const app = await build(t);
  const first = await app.createUser();
  const second = await app.createUser();
  const slug = await app.createReadyProject(first.key, 'Handover');

  const demote = await app.admin(`/projects/${slug}/members/${first.userId}`, { method: 'PUT', body: { role: 'admin' } });
  assertProblem(demote, 409, 'owner_required');
  assertProblem(await app.admin(`/projects/${slug}/members/${first.userId}`, { method: 'DELETE' }), 409, 'owner_required');
  assert.deepEqual(await rolesOf(app, first.key), { [slug]: 'owner' });

  // Naming a user who is not yet a member as owner works in one step.
  const handover = await app.admin(`/projects/${slug}/members/${second.userId}`, { method: 'PUT', body: { role: 'owner' } });
  assert.equal(handover.status, 200, JSON.stringify(handover.body));
  assert.deepEqual(await rolesOf(app, second.key), { [slug]: 'owner' });
  assert.deepEqual(await rolesOf(app, first.key), { [slug]: 'admin' });
  const owners = await app.app.database.db.selectFrom('project_members').select('user_id').where('role', '=', 'owner').execute();
  assert.deepEqual(owners.map((row) => row.user_id), [second.userId]);

  // The new owner is the one who may delete; the old one may not.
  assertProblem(await app.api(`/projects/${slug}/`, { method: 'DELETE', key: first.key }), 403, 'insufficient_role');
  assertProblem(await app.admin(`/projects/${slug}/members/${second.userId}`, { method: 'DELETE' }), 409, 'owner_required');
  assertProblem(await app.admin(`/projects/${slug}/members/${second.userId}`, { method: 'PUT', body: { role: 'member' } }), 409, 'owner_required');

  // The old owner, now admin, can be removed: the project disappears from their /me/.
  const removed = await app.admin(`/projects/${slug}/members/${first.userId}`, { method: 'DELETE' });
  assert.equal(removed.status, 204);
  assert.equal(removed.body, null);
  assert.deepEqual(await rolesOf(app, first.key), {});
  assertProblem(await app.api(`/projects/${slug}/`, { key: first.key }), 404, 'not_found');
  assert.deepEqual(await rolesOf(app, second.key), { [slug]: 'owner' });
  assertProblem(await app.admin(`/projects/${slug}/members/${first.userId}`, { method: 'DELETE' }), 404, 'not_found');
});

// Two operators handing a project over at the same moment must still leave
// exactly one owner: the owner is the account the project bills.
test('members: concurrent owner handovers leave exactly one owner', async (t) => {
  const app = await build(t);
  const original = await app.createUser();
  for (let round = 0; round < 3; round += 1) {
    const slug = await app.createReadyProject(original.key, `Contested ${round}`);
    const candidates = await Promise.all([1, 2, 3, 4].map(() => app.createUser()));
    const answers = await Promise.all(
      candidates.map((candidate) => app.admin(`/projects/${slug}/members/${candidate.userId}`, { method: 'PUT', body: { role: 'owner' } })),
    );
    for (const answer of answers) assert.ok(answer.status === 200 || answer.status === 409, JSON.stringify(answer.body));
    const members = await app.app.database.db
      .selectFrom('project_members')
      .innerJoin('projects', 'projects.id', 'project_members.project_id')
      .select(['project_members.user_id', 'project_members.role'])
      .where('projects.slug', '=', slug)
      .execute();
    const owners = members.filter((member) => member.role === 'owner').map((member) => member.user_id);
    assert.equal(owners.length, 1, `round ${round}: owners ${JSON.stringify(owners)}`);
    assert.ok(candidates.some((candidate) => candidate.userId === owners[0]));
    // Everyone else who was owner at some point is an admin now.
    assert.equal((await rolesOf(app, original.key))[slug], 'admin');
  }
});

test('faults: GET shows all five systems; PUT sets and validates', async (t) => {
  const app = await build(t);
  const initial = await app.admin('/faults');
  assert.equal(initial.status, 200);
  assert.deepEqual(initial.body, {
    billing: { system: 'billing', mode: 'ok', count: null, committed: false },
    provisioning: { system: 'provisioning', mode: 'ok', count: null, committed: false },
    rdns: { system: 'rdns', mode: 'ok', count: null, committed: false },
    firewall: { system: 'firewall', mode: 'ok', count: null, committed: false },
    payments: { system: 'payments', mode: 'ok', count: null, committed: false },
  });

  const set = await app.admin('/faults/rdns', { method: 'PUT', body: { mode: 'timeout', count: 3, committed: true } });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  assert.deepEqual(set.body, { system: 'rdns', mode: 'timeout', count: 3, committed: true });
  const firewall = await app.admin('/faults/firewall', { method: 'PUT', body: { mode: 'down' } });
  assert.deepEqual(firewall.body, { system: 'firewall', mode: 'down', count: null, committed: false });
  const listed = await app.admin('/faults');
  assert.deepEqual(listed.body.rdns, set.body);
  assert.deepEqual(listed.body.firewall, firewall.body);
  assert.deepEqual(listed.body.billing, initial.body.billing);

  const cleared = await app.admin('/faults/rdns', { method: 'PUT', body: { mode: 'ok' } });
  assert.equal(cleared.status, 200);
  assert.deepEqual((await app.admin('/faults')).body.rdns, { system: 'rdns', mode: 'ok', count: null, committed: false });

  const unknownSystem = await app.admin('/faults/dns', { method: 'PUT', body: { mode: 'down' } });
  assert.ok(unknownSystem.status === 404 || unknownSystem.status === 400, JSON.stringify(unknownSystem.body));
  for (const body of [{ mode: 'down', count: 0 }, { mode: 'down', count: -1 }, { mode: 'down', count: 1.5 }, { mode: 'broken' }, {}, { mode: 'error', committed: 'yes' }]) {
    const invalid = await app.admin('/faults/billing', { method: 'PUT', body });
    assertProblem(invalid, 400, 'validation_error');
  }
  const zero = await app.admin('/faults/billing', { method: 'PUT', body: { mode: 'down', count: 0 } });
  assert.deepEqual(fieldsOf(zero), ['count']);
  // Nothing invalid took effect.
  assert.deepEqual((await app.admin('/faults')).body.billing, initial.body.billing);
});

test('clock advance returns a later now, and moves on from there', async (t) => {
  // Without a worker, for the reason given above the key expiry test.
  const app = await build(t, { worker: false });
  const before = Date.now();
  const first = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 3600 } });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.match(first.body.now, ISO_UTC);
  const firstNow = Date.parse(first.body.now);
  assert.ok(firstNow >= before + 3600_000, `${first.body.now} is not an hour ahead`);
  assert.ok(firstNow < Date.now() + 3600_000 + 60_000);

  const second = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 86400 } });
  assert.ok(Date.parse(second.body.now) >= firstNow + 86400_000);
  const zero = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 0 } });
  assert.equal(zero.status, 200);
  assert.ok(Date.parse(zero.body.now) >= Date.parse(second.body.now));

  // New records carry the moved time.
  const { key } = await app.createUser();
  const project = await app.api('/projects/', { method: 'POST', key, body: { name: 'Future' } });
  assert.ok(Date.parse(project.body.created_at) >= Date.parse(second.body.now));

  for (const body of [{ seconds: -1 }, {}, { seconds: 'soon' }]) {
    assertProblem(await app.admin('/clock/advance', { method: 'POST', body }), 400, 'validation_error');
  }
});

// The offset is read, added to and written back as three steps, so advances
// that overlap (two operators, two API processes, or one client sending
// several at once) lose all but one of their seconds.
test('concurrent clock advances add up', async (t) => {
  const app = await build(t);
  const start = Date.parse((await app.admin('/clock/advance', { method: 'POST', body: { seconds: 0 } })).body.now);
  const answers = await Promise.all([1, 2, 3, 4, 5].map(() => app.admin('/clock/advance', { method: 'POST', body: { seconds: 1000 } })));
  for (const answer of answers) assert.equal(answer.status, 200);
  const returned = answers.map((answer) => Date.parse(answer.body.now)).sort((a, b) => a - b);
  // Each advance answers a time at least its own 1000 s beyond the previous one.
  returned.forEach((now, index) => assert.ok(now >= start + (index + 1) * 1000_000, `advance ${index + 1} answered ${new Date(now).toISOString()}`));
  const final = Date.parse((await app.admin('/clock/advance', { method: 'POST', body: { seconds: 0 } })).body.now);
  assert.ok(final >= start + 5000_000, `five advances of 1000 s moved the clock by ${Math.round((final - start) / 1000)} s`);
  assert.ok(final < start + 5000_000 + 60_000);
});

test('without the test clock, POST /clock/advance answers 404', async (t) => {
  const app = await build(t, { config: { testClock: false } });
  const response = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 60 } });
  assertProblem(response, 404, 'not_found');
  // The rest of the operator API is there.
  assert.equal((await app.admin('/faults')).status, 200);
});
