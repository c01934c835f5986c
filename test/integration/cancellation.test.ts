// Server cancellation over HTTP (spec "Cancellation request on a server",
// "Cancel body", the POST /cancel/ row, Errors; DESIGN D2, D10 and the
// operator clock): end_of_term runs to 00:00 UTC of the next due date and is
// then deleted by a durable job that checks again when it runs; immediate
// deletes now (actions, addresses and PTRs go; orders, invoices, billing
// service and snapshots stay); the first request 202, an identical repeat
// 200, the other kind 409; body rules; who may; billing faults (503 records
// nothing, 502 is completed by sending the request again).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, type CallResult, type TestApp } from '../helpers/build.ts';
import { assertProblem, assertFieldError } from '../helpers/problems.ts';
import { addMember, buildWorld, placeServer, setFault } from '../helpers/world.ts';

type Json = Record<string, any>;

const DAY_SECONDS = 86_400;

async function getServer(app: TestApp, key: string, slug: string, id: string): Promise<Json> {
  const response = await app.api(`/projects/${slug}/servers/${id}/`, { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

function cancel(app: TestApp, key: string, slug: string, id: string, body: unknown): Promise<CallResult> {
  return app.api(`/projects/${slug}/servers/${id}/cancel/`, { method: 'POST', key, body });
}

async function advance(app: TestApp, seconds: number): Promise<Date> {
  const response = await app.admin('/clock/advance', { method: 'POST', body: { seconds } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return new Date(response.body.now);
}

/** Moves the operator clock to `seconds` past 00:00 UTC of `date` (YYYY-MM-DD); never backwards. */
async function advancePast(app: TestApp, date: string, seconds: number): Promise<void> {
  const now = await advance(app, 0);
  const target = Date.parse(`${date}T00:00:00Z`) + seconds * 1000;
  assert.ok(target > now.getTime(), `${date} + ${seconds}s is still ahead of the clock (${now.toISOString()})`);
  await advance(app, (target - now.getTime()) / 1000);
}

async function waitUntilGone(app: TestApp, key: string, slug: string, id: string): Promise<void> {
  await eventually(async () => (await app.api(`/projects/${slug}/servers/${id}/`, { key })).status === 404);
}

/** Runs every job that is due now (as the worker would); the server must still be there afterwards. */
async function assertStillThere(app: TestApp, key: string, slug: string, id: string): Promise<Json> {
  assert.ok(app.app.runner, 'the app runs a worker');
  await app.app.runner.runDueJobs();
  return getServer(app, key, slug, id);
}

async function serviceOf(app: TestApp, serviceId: number) {
  const service = await app.app.upstreams.backOffice.billing.getService(serviceId);
  assert.ok(service, `billing service ${serviceId}`);
  return service;
}

async function cancellationColumn(app: TestApp, serverId: string): Promise<unknown> {
  const row = await app.app.database.db.selectFrom('servers').select('cancellation').where('id', '=', serverId).executeTakeFirst();
  assert.ok(row, `server ${serverId} row`);
  return row.cancellation;
}

async function cancellationJobs(app: TestApp, serverId: string) {
  const rows = await app.app.database.db.selectFrom('jobs').selectAll().where('type', '=', 'cancellation.end_of_term').execute();
  return rows.filter((row) => JSON.stringify(row.payload).includes(serverId));
}

const addressesOf = (server: Json): string[] => server.network.ipv4.map((entry: Json) => entry.address);

/** The world of each test: an owner with credit and a ready project (`const { app, slug, ...owner } = await buildWorld(...)`). */
const CANCEL_WORLD = { credit: '100.00', project: 'Cancel' };

test('end_of_term: Pending Cancellation, the server runs on; deleted once the clock passes next_due_date, its addresses reused', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  // The server to cancel, then a pooled neighbour in the same location, so the freed addresses are the lowest free ones.
  const doomed = await placeServer({ app, slug }, { hostname: 'doomed', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 1, ipv6: true });
  const neighbour = await placeServer({ app, slug }, { hostname: 'neighbour', product_id: 2, location: 'fsn1', image: 'debian-12' });
  await app.admin(`/servers/${doomed.id}/bandwidth-usage`, { method: 'PUT', body: { used_gb: 300 } });
  await app.admin(`/servers/${neighbour.id}/bandwidth-usage`, { method: 'PUT', body: { used_gb: 40 } });
  assert.deepEqual((await getServer(app, owner.key, slug, neighbour.id)).bandwidth.pool, { allocated_gb: 40000, extra_gb: 0, used_gb: 340 });
  const dueDate: string = doomed.billing.next_due_date;

  const first = await cancel(app, owner.key, slug, doomed.id, { when: 'end_of_term', reason: 'moving to a bigger plan' });
  assert.equal(first.status, 202, JSON.stringify(first.body));
  assert.deepEqual(first.body, { status: 'cancellation_requested', when: 'end_of_term' });

  const pending = await getServer(app, owner.key, slug, doomed.id);
  assert.equal(pending.billing.status, 'Pending Cancellation');
  assert.equal(pending.status, 'running', 'the server keeps running until the end of the term');
  assert.equal((await serviceOf(app, doomed.billing.service_id)).status, 'Pending Cancellation');

  // The same request again: 200, nothing changes (no second job either).
  const repeat = await cancel(app, owner.key, slug, doomed.id, { when: 'end_of_term', reason: 'moving to a bigger plan' });
  assert.equal(repeat.status, 200, JSON.stringify(repeat.body));
  assert.deepEqual(repeat.body, { status: 'cancellation_requested', when: 'end_of_term' });
  assert.equal((await cancellationJobs(app, doomed.id)).length, 1);
  // The other kind, or the same kind with another reason: a server keeps one request.
  assertProblem(await cancel(app, owner.key, slug, doomed.id, { when: 'immediate' }), 409, 'conflict');
  assertProblem(await cancel(app, owner.key, slug, doomed.id, { when: 'end_of_term', reason: 'another reason' }), 409, 'conflict');
  assert.equal((await getServer(app, owner.key, slug, doomed.id)).billing.status, 'Pending Cancellation');

  // A day before the date (and right up to its last second) the server is still there.
  await advancePast(app, dueDate, -DAY_SECONDS);
  await assertStillThere(app, owner.key, slug, doomed.id);
  await advancePast(app, dueDate, -1);
  await assertStillThere(app, owner.key, slug, doomed.id);

  // Past 00:00 UTC of next_due_date: deleted, billing Cancelled.
  await advancePast(app, dueDate, 60);
  await waitUntilGone(app, owner.key, slug, doomed.id);
  assert.equal((await serviceOf(app, doomed.billing.service_id)).status, 'Cancelled');
  const list = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
  assert.deepEqual(list.body.results.map((entry: Json) => entry.id), [neighbour.id]);
  // The pool no longer counts it.
  assert.deepEqual((await getServer(app, owner.key, slug, neighbour.id)).bandwidth.pool, { allocated_gb: 20000, extra_gb: 0, used_gb: 40 });
  // Once carried out the server is gone: a repeat answers 404.
  assertProblem(await cancel(app, owner.key, slug, doomed.id, { when: 'end_of_term', reason: 'moving to a bigger plan' }), 404, 'not_found');

  // Its addresses and /64 are free again: the next server in fsn1 gets them.
  const successor = await placeServer({ app, slug }, { hostname: 'successor', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 1, ipv6: true });
  assert.deepEqual(addressesOf(successor).sort(), addressesOf(doomed).sort());
  assert.equal(successor.network.ipv6[0].subnet, doomed.network.ipv6[0].subnet);
  const jobs = await cancellationJobs(app, doomed.id);
  assert.deepEqual(jobs.map((job) => job.status), ['done']);
});

test('end_of_term: the job checks again when it runs — a later due date in billing waits, a withdrawn request does nothing', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const renewed = await placeServer({ app, slug }, { hostname: 'renewed', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const withdrawn = await placeServer({ app, slug }, { hostname: 'withdrawn', product_id: 4, location: 'nbg1', image: 'debian-12' });
  for (const server of [renewed, withdrawn]) {
    assert.equal((await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: 'done with it' })).status, 202);
  }
  const firstDue: string = renewed.billing.next_due_date;
  // Billing moves one due date a month on; the other request is taken back.
  const laterDue = new Date(Date.parse(`${firstDue}T00:00:00Z`) + 30 * DAY_SECONDS * 1000).toISOString().slice(0, 10);
  await app.app.changes.commit('billing', (trx) => trx.updateTable('billing_services').set({ next_due_date: laterDue }).where('id', '=', renewed.billing.service_id).execute());
  await app.app.database.db.updateTable('servers').set({ cancellation: null as never }).where('id', '=', withdrawn.id).execute();

  await advancePast(app, firstDue, 60);
  // Both jobs ran: one is waiting for the new date, the other finished without deleting anything.
  await eventually(async () => {
    const [job] = await cancellationJobs(app, renewed.id);
    return job?.status === 'queued' && /the term ends/.test(job.last_error ?? '') ? job : null;
  });
  await eventually(async () => (await cancellationJobs(app, withdrawn.id))[0]?.status === 'done');
  assert.equal((await getServer(app, owner.key, slug, renewed.id)).billing.status, 'Pending Cancellation');
  const kept = await getServer(app, owner.key, slug, withdrawn.id);
  assert.equal(kept.billing.status, 'Pending Cancellation', 'billing is left as it is; only the request here was withdrawn');

  await advancePast(app, laterDue, 60);
  await waitUntilGone(app, owner.key, slug, renewed.id);
  assert.equal((await serviceOf(app, renewed.billing.service_id)).status, 'Cancelled');
  await assertStillThere(app, owner.key, slug, withdrawn.id);
});

test('end_of_term: billing down when the term ends — the server waits, and goes once billing answers again', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const server = await placeServer({ app, slug }, { hostname: 'patient', product_id: 4, location: 'nbg1', image: 'debian-12' });
  assert.equal((await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: 'no longer needed' })).status, 202);

  await setFault(app, 'billing', 'down');
  await advancePast(app, server.billing.next_due_date, 60);
  await eventually(async () => /billing/.test((await cancellationJobs(app, server.id))[0]?.last_error ?? ''));
  assert.notEqual(await cancellationColumn(app, server.id), null, 'still there, its request kept');
  await setFault(app, 'billing', 'ok');
  assert.equal((await serviceOf(app, server.billing.service_id)).status, 'Pending Cancellation');

  await advance(app, 60);
  await waitUntilGone(app, owner.key, slug, server.id);
  assert.equal((await serviceOf(app, server.billing.service_id)).status, 'Cancelled');
});

test('immediate: deleted now with its actions and addresses; billing service and snapshots stay', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const server = await placeServer({ app, slug }, { hostname: 'gone-now', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 2, ipv6: true });
  const keeper = await placeServer({ app, slug }, { hostname: 'keeper', product_id: 1, location: 'fsn1', image: 'debian-12' });

  // An action and a snapshot of the server.
  const started = await app.api(`/projects/${slug}/servers/${server.id}/actions/create_snapshot/`, { method: 'POST', key: owner.key, body: { name: 'before-cancel' } });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const action = await eventually(async () => {
    const read = await app.api(`/projects/${slug}/actions/${started.body.id}/`, { key: owner.key });
    return read.body.status === 'success' ? read.body : null;
  });
  const snapshotId: number = action.result.snapshot_id;
  // A PTR on one of its addresses.
  const rdns = app.app.upstreams.rdns;
  const [primary] = addressesOf(server);
  await rdns.setPtr(primary!, 'gone-now.example.com');

  const answer = await cancel(app, owner.key, slug, server.id, { when: 'immediate', reason: 'cleaning up' });
  assert.equal(answer.status, 202, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { status: 'cancellation_requested', when: 'immediate' });

  assertProblem(await app.api(`/projects/${slug}/servers/${server.id}/`, { key: owner.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/actions/${started.body.id}/`, { key: owner.key }), 404, 'not_found');
  const actions = await app.api(`/projects/${slug}/actions/?resource_id=${server.id}`, { key: owner.key });
  assert.equal(actions.body.count, 0, JSON.stringify(actions.body));
  // Once carried out the server is gone: a repeat, or the other kind, answers 404.
  assertProblem(await cancel(app, owner.key, slug, server.id, { when: 'immediate', reason: 'cleaning up' }), 404, 'not_found');
  assertProblem(await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: 'x' }), 404, 'not_found');

  // What stays: the snapshot (still naming the server), the order, the billing service (Cancelled).
  const snapshot = await app.api(`/projects/${slug}/snapshots/${snapshotId}/`, { key: owner.key });
  assert.equal(snapshot.status, 200, JSON.stringify(snapshot.body));
  assert.equal(snapshot.body.server_id, server.id);
  assert.equal((await serviceOf(app, server.billing.service_id)).status, 'Cancelled');
  // The pool counts the keeper only.
  assert.deepEqual((await getServer(app, owner.key, slug, keeper.id)).bandwidth.pool, { allocated_gb: 20000, extra_gb: 0, used_gb: 0 });
  // No job waits for a server that is already gone.
  assert.deepEqual(await cancellationJobs(app, server.id), []);

  // Its addresses are free again.
  const next = await placeServer({ app, slug }, { hostname: 'next', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 2, ipv6: true });
  assert.deepEqual(addressesOf(next).sort(), addressesOf(server).sort());
  assert.equal(next.network.ipv6[0].subnet, server.network.ipv6[0].subnet);

  assert.equal((await rdns.getPtrs([primary!])).get(primary!), undefined, 'the PTR of the freed address is removed');
});

test('an ordered server cancelled immediately: its order and invoice stay', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const placed = await app.api(`/projects/${slug}/servers/`, {
    method: 'POST',
    key: owner.key,
    headers: { 'idempotency-key': 'order-to-cancel' },
    body: { hostname: 'ordered', product_id: 4, location: 'nbg1', image: 'debian-12' },
  });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const order = await eventually(async () => {
    const read = await app.api(`/projects/${slug}/orders/${placed.body.id}/`, { key: owner.key });
    return read.body.status === 'completed' ? read.body : null;
  });
  const server = await getServer(app, owner.key, slug, order.server_id);

  assert.equal((await cancel(app, owner.key, slug, server.id, { when: 'immediate' })).status, 202);
  assertProblem(await app.api(`/projects/${slug}/servers/${server.id}/`, { key: owner.key }), 404, 'not_found');
  const after = await app.api(`/projects/${slug}/orders/${order.id}/`, { key: owner.key });
  assert.equal(after.status, 200, JSON.stringify(after.body));
  assert.equal(after.body.status, 'completed');
  assert.equal(after.body.server_id, server.id);
  const listed = await app.api(`/projects/${slug}/orders/`, { key: owner.key });
  assert.deepEqual(listed.body.map((entry: Json) => entry.id), [order.id]);
  if (order.invoice) {
    const invoice = await app.app.upstreams.backOffice.billing.getInvoice(order.invoice.id);
    assert.equal(invoice?.status, 'paid', 'the invoice stays as it was');
  }
  assert.equal((await serviceOf(app, server.billing.service_id)).status, 'Cancelled');
});

test('immediate: a reverse DNS system that fails does not stop the deletion', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const server = await placeServer({ app, slug }, { hostname: 'ptr-fault', product_id: 4, location: 'nbg1', image: 'debian-12' });
  await setFault(app, 'rdns', 'down');
  const answer = await cancel(app, owner.key, slug, server.id, { when: 'immediate' });
  assert.equal(answer.status, 202, JSON.stringify(answer.body));
  assertProblem(await app.api(`/projects/${slug}/servers/${server.id}/`, { key: owner.key }), 404, 'not_found');
});

test('the body: when is required and one of two; end_of_term needs a reason; reason up to 1000 characters — nothing changes on a 400', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const server = await placeServer({ app, slug }, { hostname: 'body-rules', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const other = await placeServer({ app, slug }, { hostname: 'body-rules-2', product_id: 4, location: 'nbg1', image: 'debian-12' });

  assertFieldError(await cancel(app, owner.key, slug, server.id, {}), 'when');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { reason: 'no when' }), 'when');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { when: 'tomorrow', reason: 'x' }), 'when');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { when: 'IMMEDIATE' }), 'when');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { when: 42 }), 'when');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { when: 'end_of_term' }), 'reason');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: null }), 'reason');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: '' }), 'reason');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: '   ' }), 'reason');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: 'x'.repeat(1001) }), 'reason');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { when: 'immediate', reason: 'x'.repeat(1001) }), 'reason');
  assertFieldError(await cancel(app, owner.key, slug, server.id, { when: 'immediate', reason: 7 }), 'reason');
  assertProblem(await app.api(`/projects/${slug}/servers/${server.id}/cancel/`, { method: 'POST', key: owner.key }), 400, 'validation_error');
  assertProblem(await app.api(`/projects/${slug}/servers/${server.id}/cancel/`, { method: 'POST', key: owner.key, body: ['immediate'] }), 400, 'validation_error');

  // Nothing changed: the server runs, billing Active, no request recorded, no job.
  const unchanged = await getServer(app, owner.key, slug, server.id);
  assert.equal(unchanged.billing.status, 'Active');
  assert.equal(await cancellationColumn(app, server.id), null);
  assert.deepEqual(await cancellationJobs(app, server.id), []);

  // 1000 characters is fine, and this is still the first request.
  const longest = 'y'.repeat(1000);
  const accepted = await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: longest });
  assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
  assert.equal((await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: longest })).status, 200);
  // immediate needs no reason; null is no reason.
  assert.equal((await cancel(app, owner.key, slug, other.id, { when: 'immediate', reason: null })).status, 202);
});

test('who may: admin and owner; members 403 insufficient_role; read-only keys 403 read_only_key; other projects and strangers 404', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const server = await placeServer({ app, slug }, { hostname: 'guarded', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const member = await app.createUser();
  const admin = await app.createUser();
  const stranger = await app.createUser();
  await addMember(app, slug, member.userId, 'member');
  await addMember(app, slug, admin.userId, 'admin');
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  const theirs = await app.createReadyProject(stranger.key, 'Theirs');
  const foreign = await placeServer({ app, slug: theirs }, { hostname: 'foreign', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const body = { when: 'end_of_term', reason: 'tidying up' };

  assertProblem(await cancel(app, member.key, slug, server.id, body), 403, 'insufficient_role');
  assertProblem(await cancel(app, member.key, slug, server.id, { when: 'immediate' }), 403, 'insufficient_role');
  assertProblem(await cancel(app, readOnly.key, slug, server.id, body), 403, 'read_only_key');
  // Another project's server through this project, this project's server by a stranger, no such server: 404.
  assertProblem(await cancel(app, owner.key, slug, foreign.id, body), 404, 'not_found');
  assertProblem(await cancel(app, stranger.key, slug, server.id, body), 404, 'not_found');
  assertProblem(await cancel(app, owner.key, 'no-such-project', server.id, body), 404, 'not_found');
  assertProblem(await cancel(app, owner.key, slug, '0123456789abcdef', body), 404, 'not_found');
  assertProblem(await cancel(app, owner.key, slug, 'not-a-server-id', body), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/servers/${server.id}/cancel/`, { method: 'POST', key: null, body }), 401, 'unauthenticated');
  for (const id of [server.id, foreign.id]) {
    assert.equal(await cancellationColumn(app, id), null, 'nothing recorded');
  }
  assert.equal((await getServer(app, stranger.key, theirs, foreign.id)).billing.status, 'Active');
  assert.equal((await getServer(app, owner.key, slug, server.id)).billing.status, 'Active');

  // An admin may; the member still may read the result.
  assert.equal((await cancel(app, admin.key, slug, server.id, body)).status, 202);
  assert.equal((await getServer(app, member.key, slug, server.id)).billing.status, 'Pending Cancellation');
  assert.equal((await cancel(app, owner.key, slug, server.id, body)).status, 200, 'the owner repeating the admin\'s request');
});

test('a server whose billing service cannot be matched: 409 conflict, nothing changes', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const db = app.app.database.db;
  const unbilled = await placeServer({ app, slug }, { hostname: 'unbilled', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const orphaned = await placeServer({ app, slug }, { hostname: 'orphaned', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const mismatched = await placeServer({ app, slug }, { hostname: 'mismatched', product_id: 4, location: 'nbg1', image: 'debian-12' });
  await db.updateTable('servers').set({ billing_service_id: null }).where('id', '=', unbilled.id).execute();
  // Gone from billing as billing itself would drop it: with the notice that drops every process's kept copy.
  await app.app.changes.commit('billing', (trx) => trx.deleteFrom('billing_services').where('id', '=', orphaned.billing.service_id).execute());
  // Pointing at another server's service.
  await db.updateTable('servers').set({ billing_service_id: unbilled.billing.service_id }).where('id', '=', mismatched.id).execute();

  for (const server of [unbilled, orphaned, mismatched]) {
    assertProblem(await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: 'x' }), 409, 'conflict');
    assertProblem(await cancel(app, owner.key, slug, server.id, { when: 'immediate' }), 409, 'conflict');
    await getServer(app, owner.key, slug, server.id);
    assert.equal(await cancellationColumn(app, server.id), null);
  }
  assert.equal((await serviceOf(app, unbilled.billing.service_id)).status, 'Active', "another server's service is left alone");
});

test('billing down: 503 upstream_unavailable and nothing recorded; a later request is the first', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const server = await placeServer({ app, slug }, { hostname: 'billing-down', product_id: 4, location: 'nbg1', image: 'debian-12' });
  await setFault(app, 'billing', 'down');
  assertProblem(await cancel(app, owner.key, slug, server.id, { when: 'end_of_term', reason: 'x' }), 503, 'upstream_unavailable');
  assertProblem(await cancel(app, owner.key, slug, server.id, { when: 'immediate' }), 503, 'upstream_unavailable');
  await setFault(app, 'billing', 'ok');

  assert.equal(await cancellationColumn(app, server.id), null);
  assert.deepEqual(await cancellationJobs(app, server.id), []);
  assert.equal((await getServer(app, owner.key, slug, server.id)).billing.status, 'Active');
  // Either kind may still be asked for: nothing was recorded.
  assert.equal((await cancel(app, owner.key, slug, server.id, { when: 'immediate' })).status, 202);
  assertProblem(await app.api(`/projects/${slug}/servers/${server.id}/`, { key: owner.key }), 404, 'not_found');
});

test('billing error or no answer: 502 upstream_error; sending the request again completes it', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const later = await placeServer({ app, slug }, { hostname: 'retry-later', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const now = await placeServer({ app, slug }, { hostname: 'retry-now', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const lost = await placeServer({ app, slug }, { hostname: 'answer-lost', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const lostNow = await placeServer({ app, slug }, { hostname: 'answer-lost-now', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const endOfTerm = { when: 'end_of_term', reason: 'try again' };

  await setFault(app, 'billing', 'error');
  assertProblem(await cancel(app, owner.key, slug, later.id, endOfTerm), 502, 'upstream_error');
  assertProblem(await cancel(app, owner.key, slug, now.id, { when: 'immediate' }), 502, 'upstream_error');
  await setFault(app, 'billing', 'timeout');
  assertProblem(await cancel(app, owner.key, slug, later.id, endOfTerm), 502, 'upstream_error');
  await setFault(app, 'billing', 'ok');
  await getServer(app, owner.key, slug, now.id);

  // Sent again: the first that goes through answers 202, then 200.
  assert.equal((await cancel(app, owner.key, slug, later.id, endOfTerm)).status, 202);
  assert.equal((await cancel(app, owner.key, slug, later.id, endOfTerm)).status, 200);
  assert.equal((await getServer(app, owner.key, slug, later.id)).billing.status, 'Pending Cancellation');
  assert.equal((await cancellationJobs(app, later.id)).length, 1);
  assert.equal((await cancel(app, owner.key, slug, now.id, { when: 'immediate' })).status, 202);
  assertProblem(await app.api(`/projects/${slug}/servers/${now.id}/`, { key: owner.key }), 404, 'not_found');

  // Billing did the change but its answer never came back (what the client saw as a 502):
  // the request sent again finds billing already there and completes.
  const billing = app.app.upstreams.backOffice.billing;
  await billing.setServiceStatus(lost.billing.service_id, 'Pending Cancellation');
  assert.equal((await cancel(app, owner.key, slug, lost.id, endOfTerm)).status, 202);
  assert.equal((await cancellationJobs(app, lost.id)).length, 1);
  await billing.setServiceStatus(lostNow.billing.service_id, 'Cancelled');
  assert.equal((await cancel(app, owner.key, slug, lostNow.id, { when: 'immediate' })).status, 202);
  assertProblem(await app.api(`/projects/${slug}/servers/${lostNow.id}/`, { key: owner.key }), 404, 'not_found');
  // A service billing already cancelled cannot be cancelled at the end of its term.
  const cancelledElsewhere = await placeServer({ app, slug }, { hostname: 'cancelled-elsewhere', product_id: 4, location: 'nbg1', image: 'debian-12' });
  await billing.setServiceStatus(cancelledElsewhere.billing.service_id, 'Cancelled');
  assertProblem(await cancel(app, owner.key, slug, cancelledElsewhere.id, endOfTerm), 409, 'conflict');

  // An error that leaves billing in whatever state it reached: the repeat completes.
  await setFault(app, 'billing', { mode: 'error', committed: true });
  const committed = await placeServer({ app, slug }, { hostname: 'committed', product_id: 4, location: 'nbg1', image: 'debian-12' });
  assertProblem(await cancel(app, owner.key, slug, committed.id, endOfTerm), 502, 'upstream_error');
  await setFault(app, 'billing', 'ok');
  assert.equal((await cancel(app, owner.key, slug, committed.id, endOfTerm)).status, 202);
  assert.equal((await cancel(app, owner.key, slug, committed.id, endOfTerm)).status, 200);
});

test('two identical requests at the same moment: one 202, one 200, one job; immediate racing end_of_term leaves one outcome', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, CANCEL_WORLD);
  const server = await placeServer({ app, slug }, { hostname: 'racing', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const body = { when: 'end_of_term', reason: 'both at once' };
  const answers = await Promise.all([cancel(app, owner.key, slug, server.id, body), cancel(app, owner.key, slug, server.id, body)]);
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 202], JSON.stringify(answers.map((answer) => answer.body)));
  assert.equal((await cancellationJobs(app, server.id)).length, 1);

  const contested = await placeServer({ app, slug }, { hostname: 'contested', product_id: 4, location: 'nbg1', image: 'debian-12' });
  const [endOfTerm, immediate] = await Promise.all([
    cancel(app, owner.key, slug, contested.id, { when: 'end_of_term', reason: 'later' }),
    cancel(app, owner.key, slug, contested.id, { when: 'immediate' }),
  ]);
  const service = await serviceOf(app, contested.billing.service_id);
  if (immediate.status === 202) {
    assert.ok([404, 409].includes(endOfTerm.status), JSON.stringify(endOfTerm.body));
    assertProblem(await app.api(`/projects/${slug}/servers/${contested.id}/`, { key: owner.key }), 404, 'not_found');
    assert.equal(service.status, 'Cancelled');
  } else {
    assert.equal(endOfTerm.status, 202, JSON.stringify(endOfTerm.body));
    assertProblem(immediate, 409, 'conflict');
    assert.equal((await getServer(app, owner.key, slug, contested.id)).billing.status, 'Pending Cancellation');
  }
});

test('a project still being set up: 403 project_not_ready', async (t) => {
  const { app, ...owner } = await buildWorld(t, CANCEL_WORLD);
  await setFault(app, 'provisioning', 'down');
  const created = await app.api('/projects/', { method: 'POST', key: owner.key, body: { name: 'Not yet' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.status, 'setting_up');
  const server = await placeServer({ app, slug: created.body.slug }, { hostname: 'early', product_id: 4, location: 'nbg1', image: 'debian-12' });
  assertProblem(await cancel(app, owner.key, created.body.slug, server.id, { when: 'immediate' }), 403, 'project_not_ready');
  await setFault(app, 'provisioning', 'ok');
});
