// GET /me/: the key's user, their billing account (read from billing, which
// may fail) and exactly the projects they belong to; the operator's credit
// adjustments as /me/ sees them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, type CallResult, type TestApp } from '../helpers/build.ts';
import { assertProblem } from '../helpers/problems.ts';
import { addMember, setFault } from '../helpers/world.ts';


async function credit(app: TestApp, userId: number, amount: string): Promise<CallResult> {
  return app.admin(`/users/${userId}/credit`, { method: 'POST', body: { amount } });
}

test('GET /me/ shows the user, the billing account and the projects with roles', async (t) => {
  const app = await build(t);
  const created = await app.admin('/users', {
    method: 'POST',
    body: { email: 'Ada.Lovelace@Example.com', first_name: 'Ada', last_name: 'Lovelace', billing_account: { currency: 'EUR', credit_balance: '50.00' } },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { key } = await app.createKey(created.body.id);
  const other = await app.createUser();

  const empty = await app.api('/me/', { key });
  assert.equal(empty.status, 200);
  assert.deepEqual(empty.body, {
    id: created.body.id,
    email: 'ada.lovelace@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    billing_account: { exists: true, credit_balance: '50.00', currency: 'EUR' },
    projects: [],
  });

  const own = await app.createReadyProject(key, 'Analytical Engine');
  const theirs = await app.createReadyProject(other.key, 'Difference Engine');
  const unrelated = await app.createReadyProject(other.key, 'Not Hers');
  await addMember(app, theirs, created.body.id, 'member');
  await app.api(`/projects/${own}/`, { method: 'PATCH', key, body: { name: 'Analytical Engine v2' } });

  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200);
  assert.deepEqual(Object.keys(me.body).sort(), ['billing_account', 'email', 'first_name', 'id', 'last_name', 'projects']);
  assert.deepEqual(me.body.projects, [
    { slug: own, name: 'Analytical Engine v2', role: 'owner' },
    { slug: theirs, name: 'Difference Engine', role: 'member' },
  ]);
  assert.ok(!me.body.projects.some((project: { slug: string }) => project.slug === unrelated));

  const otherMe = await app.api('/me/', { key: other.key });
  assert.equal(otherMe.body.id, other.userId);
  assert.deepEqual(otherMe.body.projects, [
    { slug: theirs, name: 'Difference Engine', role: 'owner' },
    { slug: unrelated, name: 'Not Hers', role: 'owner' },
  ]);
  // A read-only key reads /me/ too.
  const readOnly = await app.createKey(created.body.id, { readOnly: true });
  assert.deepEqual((await app.api('/me/', { key: readOnly.key })).body, me.body);
});

test('GET /me/ without a valid key answers 401 unauthenticated', async (t) => {
  const app = await build(t);
  for (const key of [null, 'not-a-key', 'cp_0123456789abcdef_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
    const response = await app.api('/me/', { key });
    assertProblem(response, 401, 'unauthenticated');
    assert.equal(response.headers.get('www-authenticate'), 'Bearer');
  }
});

test('a user without a billing account: exists false, balance and currency null', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ billing: false });
  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200);
  assert.deepEqual(me.body.billing_account, { exists: false, credit_balance: null, currency: null });
});

test('operator credit moves the balance exactly; deducting more than the balance is refused and changes nothing', async (t) => {
  const app = await build(t);
  const { userId, key } = await app.createUser({ credit: '50.00' });

  const added = await credit(app, userId, '25.50');
  assert.equal(added.status, 200, JSON.stringify(added.body));
  assert.deepEqual(added.body, { exists: true, credit_balance: '75.50', currency: 'EUR' });
  const deducted = await credit(app, userId, '-10.25');
  assert.equal(deducted.status, 200, JSON.stringify(deducted.body));
  assert.deepEqual(deducted.body, { exists: true, credit_balance: '65.25', currency: 'EUR' });
  assert.deepEqual((await app.api('/me/', { key })).body.billing_account, { exists: true, credit_balance: '65.25', currency: 'EUR' });

  // Amounts that floating point would get wrong add up exactly.
  for (const amount of ['0.10', '0.20', '-0.30']) assert.equal((await credit(app, userId, amount)).status, 200);
  assert.equal((await app.api('/me/', { key })).body.billing_account.credit_balance, '65.25');

  const tooMuch = await credit(app, userId, '-65.26');
  assertProblem(tooMuch, 400, 'validation_error');
  assert.deepEqual(tooMuch.body.errors.map((entry: { field: string }) => entry.field), ['amount']);
  assert.equal((await app.api('/me/', { key })).body.billing_account.credit_balance, '65.25');

  const malformed = await credit(app, userId, '1.234');
  assertProblem(malformed, 400, 'validation_error');
  assert.deepEqual(malformed.body.errors.map((entry: { field: string }) => entry.field), ['amount']);
  assertProblem(await credit(app, userId, 'ten'), 400, 'validation_error');
  assert.equal((await app.api('/me/', { key })).body.billing_account.credit_balance, '65.25');

  // Down to exactly zero is allowed.
  const zero = await credit(app, userId, '-65.25');
  assert.equal(zero.status, 200);
  assert.equal(zero.body.credit_balance, '0.00');
  assert.equal((await app.api('/me/', { key })).body.billing_account.credit_balance, '0.00');

  // Every movement is in the ledger, and the ledger's last balance is the account's.
  const ledger = await app.app.database.db
    .selectFrom('credit_ledger')
    .select(['amount', 'balance_after'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  assert.deepEqual(
    ledger.map((row) => [row.amount, row.balance_after]),
    [[5000, 5000], [2550, 7550], [-1025, 6525], [10, 6535], [20, 6555], [-30, 6525], [-6525, 0]],
  );
});

test('operator credit for an unknown user or one without a billing account answers 404', async (t) => {
  const app = await build(t);
  const { userId } = await app.createUser({ billing: false });
  assertProblem(await credit(app, userId, '10.00'), 404, 'not_found');
  assertProblem(await credit(app, 999_999, '10.00'), 404, 'not_found');
});

test('billing down: /me/ still answers, with billing_account null and the projects', async (t) => {
  const app = await build(t);
  const { key, userId } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Still Listed');
  await setFault(app, 'billing', { mode: 'down' });

  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.id, userId);
  assert.equal(me.body.billing_account, null);
  assert.deepEqual(me.body.projects, [{ slug, name: 'Still Listed', role: 'owner' }]);

  await setFault(app, 'billing', { mode: 'error' });
  const failing = await app.api('/me/', { key });
  assert.equal(failing.status, 200);
  assert.equal(failing.body.billing_account, null);

  await setFault(app, 'billing', { mode: 'timeout' });
  const timingOut = await app.api('/me/', { key });
  assert.equal(timingOut.status, 200);
  assert.equal(timingOut.body.billing_account, null);

  await setFault(app, 'billing', { mode: 'ok' });
  assert.deepEqual((await app.api('/me/', { key })).body.billing_account, { exists: true, credit_balance: '50.00', currency: 'EUR' });
});

test('a billing fault with count 1 clears after one call', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ credit: '12.34' });
  await setFault(app, 'billing', { mode: 'down', count: 1 });
  assert.equal((await app.admin('/faults')).body.billing.count, 1);

  const first = await app.api('/me/', { key });
  assert.equal(first.status, 200);
  assert.equal(first.body.billing_account, null);

  const faults = await app.admin('/faults');
  assert.deepEqual(faults.body.billing, { system: 'billing', mode: 'ok', count: null, committed: false });
  const second = await app.api('/me/', { key });
  assert.deepEqual(second.body.billing_account, { exists: true, credit_balance: '12.34', currency: 'EUR' });
});
