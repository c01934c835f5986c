// Who may order a server over HTTP (spec: Order, Errors; DESIGN D2): the
// owner and admins, billed to the owner; members and read-only keys are 403,
// strangers 404; no billing account of the owner, or a project still being
// set up, is 403 with nothing recorded.
// The orders tests: orders (body rules, rate limit), orders.access,
// orders.happy, orders.idempotency, orders.faults (billing faults); after
// every test that moves money, the ledger adds up to the balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { assertLedgerBalances, balance, BASE_ORDER, listOrders, minor, orderServer, waitForOrder } from '../helpers/orders.ts';
import { assertProblem } from '../helpers/problems.ts';
import { addMember, createWorld, setFault } from '../helpers/world.ts';

test('who may order: admin and owner; member, read-only key, owner without billing, unready project and strangers are refused', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Roles' });
  const member = await app.createUser({ credit: '100.00' });
  const admin = await app.createUser({ credit: '100.00' });
  const stranger = await app.createUser({ credit: '100.00' });
  await addMember(app, w.slug, member.userId, 'member');
  await addMember(app, w.slug, admin.userId, 'admin');
  const readOnly = await app.createKey(w.userId, { readOnly: true });

  assertProblem(await orderServer(w, BASE_ORDER, { key: member.key }), 403, 'insufficient_role', 'member');
  assertProblem(await orderServer(w, BASE_ORDER, { key: readOnly.key }), 403, 'read_only_key', 'read-only key of the owner');
  const memberReadOnly = await app.createKey(member.userId, { readOnly: true });
  assertProblem(await orderServer(w, BASE_ORDER, { key: memberReadOnly.key }), 403, 'read_only_key', 'read-only key is checked before the role');
  assertProblem(await orderServer(w, BASE_ORDER, { key: stranger.key }), 404, 'not_found', 'not a member');
  assertProblem(await orderServer(w, BASE_ORDER, { key: w.key, slug: 'no-such-project' }), 404, 'not_found', 'no such project');
  assert.deepEqual(await listOrders(w), []);

  // Any member and a read-only key may read orders; a stranger may not.
  assert.deepEqual(await listOrders(w, member.key), []);
  assert.deepEqual(await listOrders(w, readOnly.key), []);
  assertProblem(await app.api(`/projects/${w.slug}/orders/`, { key: stranger.key }), 404, 'not_found');

  // An admin orders; the owner pays.
  const ownerBefore = await balance(app, w.key);
  const adminBefore = await balance(app, admin.key);
  const byAdmin = await orderServer(w, BASE_ORDER, { key: admin.key });
  assert.equal(byAdmin.status, 201, JSON.stringify(byAdmin.body));
  assert.equal(byAdmin.body.status, 'provisioning');
  assert.equal(await balance(app, w.key), ownerBefore - minor(byAdmin.body.invoice.total), "billed to the project owner's credit");
  assert.equal(await balance(app, admin.key), adminBefore, "the admin's own credit is untouched");
  assertProblem(await app.api(`/projects/${w.slug}/orders/${byAdmin.body.id}/`, { key: stranger.key }), 404, 'not_found');
  assert.equal((await app.api(`/projects/${w.slug}/orders/${byAdmin.body.id}/`, { key: member.key })).status, 200);

  // An owner without a billing account cannot order, nor can an admin of that owner's project.
  const unbilled = await app.createUser({ billing: false });
  const unbilledSlug = await app.createReadyProject(unbilled.key, 'No Billing');
  const unbilledWorld = { ...w, key: unbilled.key, userId: unbilled.userId, slug: unbilledSlug };
  assertProblem(await orderServer(unbilledWorld, BASE_ORDER), 403, 'billing_account_required', 'owner without billing account');
  await addMember(app, unbilledSlug, admin.userId, 'admin');
  assertProblem(await orderServer(unbilledWorld, BASE_ORDER, { key: admin.key }), 403, 'billing_account_required', 'admin in a project whose owner has no billing account');
  assert.deepEqual(await listOrders(unbilledWorld), []);

  await waitForOrder(w, byAdmin.body.id, ['completed']);

  // A project still being set up.
  await setFault(app, 'provisioning', 'down');
  const created = await app.api('/projects/', { method: 'POST', key: w.key, body: { name: 'Not Yet' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal((await app.api(`/projects/${created.body.slug}/`, { key: w.key })).body.status, 'setting_up');
  assertProblem(await orderServer(w, BASE_ORDER, { slug: created.body.slug }), 403, 'project_not_ready', 'unready project');
  assertProblem(await app.api(`/projects/${created.body.slug}/orders/`, { key: w.key }), 403, 'project_not_ready');
  assertProblem(await orderServer(w, BASE_ORDER, { key: stranger.key, slug: created.body.slug }), 404, 'not_found', 'a stranger learns nothing about an unready project');
  await setFault(app, 'provisioning', 'ok');
  await assertLedgerBalances(app);
});
