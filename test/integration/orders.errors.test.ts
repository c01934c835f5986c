// Server orders over HTTP, what is refused (spec: "Order a server, body
// fields", Errors, Limits; DESIGN D7, D8): every body rule refused on its
// field with nothing bought, and the per-key rate limit.
// The orders tests: orders.errors (body rules, rate limit), orders.access,
// orders.happy, orders.idempotency, orders.faults (billing faults); after
// every test that moves money, the ledger adds up to the balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { assertFieldError, assertLedgerBalances, assertOrderShape, balance, BASE_ORDER, completedSnapshot, listOrders, orderServer, waitForOrder } from '../helpers/orders.ts';
import { assertProblem } from '../helpers/problems.ts';
import { addSshKey, createWorld, otherProject, type World } from '../helpers/world.ts';

/** A snapshot that is not completed (still being made, or failed), as the action leaves it. */
async function unfinishedSnapshot(w: World, name: string, status: 'creating' | 'failed'): Promise<number> {
  const { db } = w.app.app.database;
  const project = await db.selectFrom('projects').select('id').where('slug', '=', w.slug).executeTakeFirstOrThrow();
  const { snapshots } = w.app.app.services;
  const id = await snapshots.start(db, { projectId: project.id, serverId: '0123456789abcdef', name, now: new Date().toISOString() });
  if (status === 'failed') await snapshots.fail(db, id);
  return id;
}

// ---------------------------------------------------------------- body rules

test('order body rules: each refusal is a 400 on its field, with no order recorded and no credit taken', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '500.00', project: 'Rules' });
  const other = await otherProject(w, 'Elsewhere');
  const ownKey = await addSshKey(w, 'own');
  const foreignKey = await addSshKey(other, 'foreign');
  const ownSnapshot = await completedSnapshot(w, 'own');
  const foreignSnapshot = await completedSnapshot(other, 'foreign');
  const creatingSnapshot = await unfinishedSnapshot(w, 'creating', 'creating');
  const failedSnapshot = await unfinishedSnapshot(w, 'failed', 'failed');
  const before = await balance(app, w.key);

  const withoutField = (field: keyof typeof BASE_ORDER) => Object.fromEntries(Object.entries(BASE_ORDER).filter(([name]) => name !== field));
  const cases: Array<{ label: string; body: unknown; fields: string[]; code?: string }> = [
    { label: 'no hostname', body: withoutField('hostname'), fields: ['hostname'] },
    { label: 'hostname starting with a hyphen', body: { ...BASE_ORDER, hostname: '-web' }, fields: ['hostname'] },
    { label: 'one-character hostname', body: { ...BASE_ORDER, hostname: 'a' }, fields: ['hostname'] },
    { label: 'hostname with an empty label', body: { ...BASE_ORDER, hostname: 'web..example' }, fields: ['hostname'] },
    { label: 'hostname of 65 characters', body: { ...BASE_ORDER, hostname: `${'a'.repeat(32)}.${'b'.repeat(32)}` }, fields: ['hostname'] },
    { label: 'hostname label of 64 characters', body: { ...BASE_ORDER, hostname: 'a'.repeat(64) }, fields: ['hostname'] },
    { label: 'hostname with an underscore', body: { ...BASE_ORDER, hostname: 'web_1' }, fields: ['hostname'] },
    { label: 'hostname as a number', body: { ...BASE_ORDER, hostname: 42 }, fields: ['hostname'] },
    { label: 'no product_id', body: withoutField('product_id'), fields: ['product_id'] },
    { label: 'unknown product_id', body: { ...BASE_ORDER, product_id: 999 }, fields: ['product_id'] },
    { label: 'product_id as a string', body: { ...BASE_ORDER, product_id: '1' }, fields: ['product_id'] },
    { label: 'product_id not an integer', body: { ...BASE_ORDER, product_id: 1.5 }, fields: ['product_id'] },
    { label: 'no location', body: withoutField('location'), fields: ['location'] },
    { label: 'unknown location', body: { ...BASE_ORDER, location: 'xyz1' }, fields: ['location'] },
    { label: 'location no product is offered in (sin)', body: { ...BASE_ORDER, location: 'sin' }, fields: ['location'] },
    { label: 'product 4 not offered in hel1', body: { ...BASE_ORDER, product_id: 4, location: 'hel1' }, fields: ['location'] },
    { label: 'product 2 sold out in ash', body: { ...BASE_ORDER, product_id: 2, location: 'ash' }, fields: ['location'] },
    { label: 'product 3 sold out in hel1', body: { ...BASE_ORDER, product_id: 3, location: 'hel1' }, fields: ['location'] },
    { label: 'product 5 sold out in nbg1', body: { ...BASE_ORDER, product_id: 5, location: 'nbg1' }, fields: ['location'] },
    { label: 'unknown image', body: { ...BASE_ORDER, image: 'windows-11' }, fields: ['image'] },
    { label: 'image product 6 does not offer', body: { ...BASE_ORDER, product_id: 6, image: 'debian-13' }, fields: ['image'] },
    { label: 'image and snapshot_id', body: { ...BASE_ORDER, snapshot_id: ownSnapshot }, fields: ['image', 'snapshot_id'] },
    { label: 'neither image nor snapshot_id', body: withoutField('image'), fields: ['image', 'snapshot_id'] },
    { label: 'snapshot still being created', body: { ...withoutField('image'), snapshot_id: creatingSnapshot }, fields: ['snapshot_id'] },
    { label: 'failed snapshot', body: { ...withoutField('image'), snapshot_id: failedSnapshot }, fields: ['snapshot_id'] },
    { label: "another project's snapshot", body: { ...withoutField('image'), snapshot_id: foreignSnapshot }, fields: ['snapshot_id'] },
    { label: 'unknown snapshot', body: { ...withoutField('image'), snapshot_id: 987654 }, fields: ['snapshot_id'] },
    { label: 'snapshot_id as a string', body: { ...withoutField('image'), snapshot_id: String(ownSnapshot) }, fields: ['snapshot_id'] },
    { label: "another project's SSH key", body: { ...BASE_ORDER, ssh_keys: [foreignKey] }, fields: ['ssh_keys'] },
    { label: 'an unknown SSH key next to an own one', body: { ...BASE_ORDER, ssh_keys: [ownKey, 987654] }, fields: ['ssh_keys'] },
    { label: 'ssh_keys not an array', body: { ...BASE_ORDER, ssh_keys: ownKey }, fields: ['ssh_keys'] },
    { label: 'ssh_keys of strings', body: { ...BASE_ORDER, ssh_keys: [String(ownKey)] }, fields: ['ssh_keys', 'ssh_keys[0]'] },
    { label: 'quarterly for product 6', body: { ...BASE_ORDER, product_id: 6, billing_cycle: 'quarterly' }, fields: ['billing_cycle'] },
    { label: 'unknown billing cycle', body: { ...BASE_ORDER, billing_cycle: 'weekly' }, fields: ['billing_cycle'] },
    { label: 'unknown promo code', body: { ...BASE_ORDER, promo_code: 'FREESTUFF' }, fields: ['promo_code'] },
    { label: 'empty promo code', body: { ...BASE_ORDER, promo_code: '' }, fields: ['promo_code'] },
    { label: 'promo code as a number', body: { ...BASE_ORDER, promo_code: 10 }, fields: ['promo_code'] },
    { label: 'user_data #cloud-config', body: { ...BASE_ORDER, user_data: '#cloud-config\npackages: [nginx]\n' }, fields: ['user_data'], code: 'feature_unavailable' },
    { label: 'user_data script', body: { ...BASE_ORDER, user_data: '#!/bin/sh\necho hi\n' }, fields: ['user_data'], code: 'feature_unavailable' },
    { label: 'negative ipv4_additional', body: { ...BASE_ORDER, ipv4_additional: -1 }, fields: ['ipv4_additional'] },
    { label: 'ipv4_additional as a string', body: { ...BASE_ORDER, ipv4_additional: '2' }, fields: ['ipv4_additional'] },
    { label: 'ipv4_additional not an integer', body: { ...BASE_ORDER, ipv4_additional: 1.5 }, fields: ['ipv4_additional'] },
    { label: 'ipv6 as a string', body: { ...BASE_ORDER, ipv6: 'yes' }, fields: ['ipv6'] },
    { label: 'private_network as a number', body: { ...BASE_ORDER, private_network: 1 }, fields: ['private_network'] },
    { label: 'private network on product 6, which cannot join it', body: { ...BASE_ORDER, product_id: 6, private_network: true }, fields: ['private_network'] },
    { label: 'location as a number', body: { ...BASE_ORDER, location: 1 }, fields: ['location'] },
    { label: 'billing_cycle as a number', body: { ...BASE_ORDER, billing_cycle: 1 }, fields: ['billing_cycle'] },
    { label: 'a body that is an array', body: [BASE_ORDER], fields: ['body'] },
  ];

  for (const entry of cases) {
    // A fresh key for each case: refused orders may count against the per-key rate limit.
    const { key } = await app.createKey(w.userId);
    const response = await orderServer(w, entry.body, { key, idempotencyKey: `rule-${entry.label}` });
    assertFieldError(response, entry.code ?? 'validation_error', entry.fields, entry.label);
  }
  const { key } = await app.createKey(w.userId);
  const notJson = await app.api(`/projects/${w.slug}/servers/`, { method: 'POST', key, rawBody: '{"hostname": ', headers: { 'content-type': 'application/json' } });
  assertProblem(notJson, 400, 'validation_error', 'a body that is not JSON');

  assert.deepEqual(await listOrders(w), [], 'no refused order is recorded');
  assert.deepEqual(await listOrders(other), []);
  assert.equal(await balance(app, w.key), before, 'no credit is taken by a refused order');

  // The refusals were not the key's fault: the same bodies made valid are accepted, user_data null included.
  const nullUserData = await orderServer(w, { ...BASE_ORDER, user_data: null, promo_code: null }, { key });
  assert.equal(nullUserData.status, 201, JSON.stringify(nullUserData.body));
  assertOrderShape(nullUserData.body);
  assert.equal(nullUserData.body.request.has_user_data, false);
  assert.equal(nullUserData.body.request.promo_code, null);

  const fromSnapshot = await orderServer(w, { ...withoutField('image'), hostname: 'restored', snapshot_id: ownSnapshot, ssh_keys: [ownKey] }, { key });
  assert.equal(fromSnapshot.status, 201, JSON.stringify(fromSnapshot.body));
  assert.equal(fromSnapshot.body.request.image, null);
  assert.equal(fromSnapshot.body.request.snapshot_id, ownSnapshot);
  const restored = await waitForOrder(w, fromSnapshot.body.id, ['completed']);
  const server = (await app.api(`/projects/${w.slug}/servers/${restored.server_id}/`, { key })).body;
  assert.equal(server.hostname, 'restored');
  assert.deepEqual(server.ssh_keys, [ownKey]);
  assert.equal(server.image.name, null, 'a server made from a snapshot has no image name');

  await assertLedgerBalances(app);
});

// ---------------------------------------------------------------- rate limit

test('rate limit: 10 order requests a minute per key, then 429 with Retry-After; replays are free; each key has its own; the window moves on', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '1000.00', project: 'Limits' });

  // A body refused by its schema never reaches the order service: it does not count.
  const schemaRefused = await orderServer(w, { ...BASE_ORDER, hostname: 42 });
  assertProblem(schemaRefused, 400, 'validation_error');
  assert.equal(schemaRefused.headers.get('ratelimit-remaining'), null);

  // What counts: every order that is recorded (not a replay). A choice the order's own rules refuse (400)
  // records nothing and is not counted. 10 orders fill the minute.
  const refusedChoice = await orderServer(w, { ...BASE_ORDER, promo_code: 'NOPE0' });
  assertFieldError(refusedChoice, 'validation_error', ['promo_code'], 'a refused choice');
  const remaining: number[] = [];
  for (let index = 1; index <= 10; index += 1) {
    const response = await orderServer(w, { ...BASE_ORDER, hostname: `rl-${index}` }, { idempotencyKey: `rl-${index}` });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.headers.get('ratelimit-limit'), '10');
    const reset = Number(response.headers.get('ratelimit-reset'));
    assert.ok(Number.isInteger(reset) && reset >= 1 && reset <= 60, `RateLimit-Reset ${reset}`);
    remaining.push(Number(response.headers.get('ratelimit-remaining')));
  }
  assert.deepEqual(remaining, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);

  const limited = await orderServer(w, { ...BASE_ORDER, hostname: 'rl-11' }, { idempotencyKey: 'rl-11' });
  assertProblem(limited, 429, 'rate_limited', 'the 11th order request in a minute');
  const retryAfter = limited.headers.get('retry-after');
  assert.match(retryAfter ?? '', /^\d+$/, `Retry-After is whole seconds: ${retryAfter}`);
  assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60, `Retry-After ${retryAfter}`);
  assert.equal(limited.headers.get('ratelimit-limit'), '10');
  assert.equal(limited.headers.get('ratelimit-remaining'), '0');
  const reset = Number(limited.headers.get('ratelimit-reset'));
  assert.ok(Number.isInteger(reset) && reset >= 1 && reset <= 60, `RateLimit-Reset ${reset}`);
  assert.equal((await listOrders(w)).length, 10, 'a limited request records nothing');

  // A replay of a used key is not an order request: it still answers, and a wrong body still says 409.
  const replay = await orderServer(w, { ...BASE_ORDER, hostname: 'rl-3' }, { idempotencyKey: 'rl-3' });
  assert.equal(replay.status, 200, JSON.stringify(replay.body));
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assertProblem(await orderServer(w, { ...BASE_ORDER, hostname: 'other' }, { idempotencyKey: 'rl-3' }), 409, 'idempotency_key_reused');

  // Another key of the same user has its own minute.
  const second = await app.createKey(w.userId);
  const fromSecond = await orderServer(w, { ...BASE_ORDER, hostname: 'second-key' }, { key: second.key });
  assert.equal(fromSecond.status, 201, JSON.stringify(fromSecond.body));
  assert.equal(fromSecond.headers.get('ratelimit-remaining'), '9');

  // A minute later the first key may order again; the key of the limited request was never recorded.
  const advanced = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 61 } });
  assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
  const later = await orderServer(w, { ...BASE_ORDER, hostname: 'rl-11' }, { idempotencyKey: 'rl-11' });
  assert.equal(later.status, 201, JSON.stringify(later.body));
  assert.equal(later.headers.get('idempotent-replayed'), null);
  assert.equal(later.headers.get('ratelimit-remaining'), '9');
  assert.equal((await listOrders(w)).length, 12);
  await assertLedgerBalances(app);
});
