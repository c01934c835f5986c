// Crash points (D20, docs/durable-intent.md): for every named point, a real
// `cloudplane serve` armed with CLOUDPLANE_CRASH_AT is sent the request that
// reaches it and kills itself there with SIGKILL; `serve` is started again on
// the same database, and the request's outcome must be settled and visible
// within a bound, a retry with the same Idempotency-Key (or the same form)
// must answer that outcome, and nothing may be made twice (one order, one
// invoice, one charge, one server, one action), with billing's books exact.
// For webhooks, a receiver on loopback (the processes run with
// CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE) must get every event the project recorded,
// each delivery must be recorded as delivered, and a send repeated after the
// crash must carry the webhook-id of the first.
//
// The list comes from the code: SCENARIOS is typed by the crash points, so a
// point added to src/crash-points.ts without a scenario here does not
// compile, and the first test checks each point is really placed in the code.
// The libvirt backend's points are the exception: they need a hypervisor and a
// real guest, and their scenarios are in test/guest/crash.test.ts, typed the
// same way.
//
// Each scenario runs three processes on its own database: one unarmed to set
// up the world (which may itself pass the point, e.g. a user's billing
// account goes through the billing outbox), the armed one that dies, and the
// one that recovers. After the restart the test clock is moved past every
// safety net (the longest waits 60 s), so nothing waits for real time but the
// work itself. The webhook scenarios are the exception (see their
// `clockAdvanceSeconds`).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CRASH_POINTS, type CrashPointName, type LibvirtCrashPointName } from '../../src/crash-points.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { eventually, worldCalls, type CallResult } from '../helpers/build.ts';
import { consoleClient } from '../helpers/console.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { BASE_ORDER, minor } from '../helpers/orders.ts';
import { cloudplaneProcesses, type ServeProcess } from '../helpers/processes.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { startReceiver, verifyDelivery, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const SOURCE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const PASSWORD = 'crash point password';
const CARD = { card_number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
/** Past every safety net and lease: the longest (a payment's, reverse DNS removal's) waits 60 s. */
const CLOCK_ADVANCE_SECONDS = 65;
/** How long, in real time after the clock moved, an outcome may take to settle. */
const SETTLE_BOUND_MS = 20_000;
const CRASH_BOUND_MS = 20_000;

interface Owner {
  userId: number;
  key: string;
  email: string;
  slug: string;
  /** Credit at the start, in minor units. */
  credit: number;
}

interface Arranged {
  owner: Owner;
  /** Whatever else the scenario made before the crash: a server, an invoice, a group. */
  [name: string]: unknown;
}

interface Scenario {
  /** In an unarmed process: the world the request needs (`t` for what lives in the test's own process, such as a webhook receiver). */
  arrange(p: ServeProcess, t: TestContext): Promise<Arranged>;
  /** In the armed process: the request that reaches the point (its answer, when one comes before the crash). */
  act(p: ServeProcess, arranged: Arranged): Promise<unknown>;
  /** In the restarted process, after the clock moved (unless the scenario keeps it): the outcome settled, the retry answered, nothing twice. */
  check(p: ServeProcess, arranged: Arranged, db: DatabaseHandle['db']): Promise<void>;
  /** How far the clock is moved after the restart; absent: CLOCK_ADVANCE_SECONDS, 0: not at all. */
  clockAdvanceSeconds?: number;
}

// ---- the world, over the APIs ------------------------------------------------

const worldOf = (p: ServeProcess) =>
  worldCalls(
    (pathname, options) => p.api(pathname, options),
    (pathname, options) => p.admin(pathname, options),
  );

async function owner(p: ServeProcess, credit: string): Promise<Owner> {
  const calls = worldOf(p);
  const user = await calls.createUser({ credit, password: PASSWORD });
  const slug = await calls.createReadyProject(user.key, 'Crash');
  return { userId: user.userId, key: user.key, email: user.email, slug, credit: minor(credit) };
}

async function placedServer(p: ServeProcess, o: Owner): Promise<string> {
  const placed = await p.admin(`/projects/${o.slug}/servers`, { method: 'POST', body: BASE_ORDER });
  expect(placed, 201, 'a placed server');
  return placed.body.id as string;
}

function expect(response: CallResult, status: number, what: string): void {
  assert.equal(response.status, status, `${what}: ${JSON.stringify(response.body)}`);
}

/** A request whose connection the crash cuts: the answer if one came (for points passed after the answer), else null. */
async function sent(request: Promise<CallResult>): Promise<CallResult | null> {
  try {
    return await request;
  } catch {
    return null;
  }
}

const orderServer = (p: ServeProcess, o: Owner, idempotencyKey: string) =>
  p.api(`/projects/${o.slug}/servers/`, { method: 'POST', key: o.key, body: BASE_ORDER, headers: { 'idempotency-key': idempotencyKey } });

const startAction = (p: ServeProcess, o: Owner, serverId: string, name: string, idempotencyKey: string) =>
  p.api(`/projects/${o.slug}/servers/${serverId}/actions/${name}/`, { method: 'POST', key: o.key, headers: { 'idempotency-key': idempotencyKey } });

const cancelNow = (p: ServeProcess, o: Owner, serverId: string) =>
  p.api(`/projects/${o.slug}/servers/${serverId}/cancel/`, { method: 'POST', key: o.key, body: { when: 'immediate' } });

const attachGroup = (p: ServeProcess, o: Owner, serverId: string, groupId: number) =>
  p.api(`/projects/${o.slug}/servers/${serverId}/firewall-groups/`, { method: 'PUT', key: o.key, body: { firewall_groups: [groupId] } });

async function settled<T>(what: string, check: () => Promise<T | null | undefined | false>): Promise<T> {
  try {
    return await eventually(check, SETTLE_BOUND_MS, 100);
  } catch (error) {
    throw new Error(`${what} was not settled within ${SETTLE_BOUND_MS} ms of the restart`, { cause: error });
  }
}

// ---- what must hold afterwards, read from the database ----------------------

async function count(db: DatabaseHandle['db'], table: 'orders' | 'invoices' | 'servers' | 'actions' | 'gateway_charges' | 'payments' | 'provisioning_servers', where: [string, unknown][] = []): Promise<number> {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
  for (const [column, value] of where) query = query.where(column as never, '=', value as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The owner's balance, and the ledger that must add up to it exactly. */
async function assertCredit(db: DatabaseHandle['db'], o: Owner, expected: number): Promise<void> {
  const account = await db.selectFrom('billing_accounts').select('credit_balance').where('user_id', '=', o.userId).executeTakeFirstOrThrow();
  const ledger = await db.selectFrom('credit_ledger').select((eb) => eb.fn.sum<number | string>('amount').as('total')).where('user_id', '=', o.userId).executeTakeFirstOrThrow();
  assert.equal(Number(account.credit_balance), expected, 'the credit balance');
  assert.equal(Number(ledger.total ?? 0), expected, 'the ledger adds up to the balance');
}

/**
 * The order once it reached one of `statuses`, as the order list shows it:
 * the list answers each order as last recorded, without asking billing (a
 * GET of the one order would settle it itself), so this sees the service
 * settle it on its own.
 */
async function orderOf(p: ServeProcess, o: Owner, orderId: number, statuses: string[]): Promise<any> {
  return settled(`order ${orderId} (${statuses.join(' or ')})`, async () => {
    const response = await p.api(`/projects/${o.slug}/orders/`, { key: o.key });
    const order = response.status === 200 ? (response.body as { id: number; status: string }[]).find((candidate) => candidate.id === orderId) : undefined;
    return order && statuses.includes(order.status) ? order : null;
  });
}

/** The one order of the project: found in the database because the client never heard its id. */
async function onlyOrderId(db: DatabaseHandle['db']): Promise<number> {
  const rows = await db.selectFrom('orders').select('id').execute();
  assert.equal(rows.length, 1, 'exactly one order was recorded');
  return rows[0]!.id;
}

/** A server order that was paid from credit: completed once, one invoice, one server, the credit taken once. */
async function assertOrderCompletedOnce(p: ServeProcess, a: Arranged, db: DatabaseHandle['db']): Promise<void> {
  const orderId = await onlyOrderId(db);
  const order = await orderOf(p, a.owner, orderId, ['completed']);
  const retry = await orderServer(p, a.owner, 'crash-order');
  expect(retry, 200, 'the retry with the same key');
  assert.equal(retry.headers.get('idempotent-replayed'), 'true');
  assert.equal(retry.body.id, orderId);
  assert.equal(retry.body.status, 'completed');
  assert.equal(await count(db, 'orders'), 1, 'one order');
  assert.equal(await count(db, 'invoices'), 1, 'one invoice');
  assert.equal(await count(db, 'servers'), 1, 'one server');
  const created = await db.selectFrom('provisioning_servers').select(['server_id', 'status']).execute();
  assert.deepEqual(created, [{ server_id: order.server_id, status: 'active' }], 'provisioning created the one server');
  const service = await db.selectFrom('billing_services').select(['status', 'server_id']).where('order_ref', '=', `order-${orderId}`).executeTakeFirstOrThrow();
  assert.deepEqual(service, { status: 'Active', server_id: order.server_id }, "the order's billing service belongs to the delivered server");
  await assertCredit(db, a.owner, a.owner.credit - minor(order.invoice.total));
}

/** One action of this kind on the server, finished `success`; the retry with the same key answers it. */
async function assertActionOnce(p: ServeProcess, a: Arranged, db: DatabaseHandle['db'], name: string): Promise<any> {
  const rows = await settled(`the ${name} action`, async () => {
    const found = await db.selectFrom('actions').select(['id', 'status']).where('server_id', '=', a.serverId as string).execute();
    return found.length === 1 && found[0]!.status === 'success' ? found : null;
  });
  const retry = await startAction(p, a.owner, a.serverId as string, name, `crash-${name}`);
  expect(retry, 202, 'the retry with the same key');
  assert.equal(retry.headers.get('idempotent-replayed'), 'true');
  assert.equal(retry.body.id, rows[0]!.id);
  assert.equal(retry.body.status, 'success');
  assert.equal(await count(db, 'actions'), 1, 'one action');
  return retry.body;
}

/** An order waiting for payment, with its invoice, for the console to pay. */
async function awaitingPayment(p: ServeProcess): Promise<Arranged> {
  const o = await owner(p, '0.00');
  const ordered = await orderServer(p, o, 'crash-unpaid');
  expect(ordered, 201, 'an order the credit does not cover');
  assert.equal(ordered.body.status, 'awaiting_payment');
  return { owner: o, orderId: ordered.body.id, invoiceId: ordered.body.invoice.id, total: minor(ordered.body.invoice.total) };
}

/** Signs in to the console and sends the invoice's card form; the form's token, so the test can send the same form again. */
async function payByCard(p: ServeProcess, a: Arranged, paymentToken?: string): Promise<{ token: string; page: Promise<unknown> }> {
  const browser = consoleClient(p);
  const signedIn = await browser.signIn(a.owner.email, PASSWORD);
  assert.equal(signedIn.status, 303, 'signed in');
  const invoicePage = await browser.get(`/console/invoices/${a.invoiceId as number}`);
  const token = paymentToken ?? /name="payment_token" value="([^"]+)"/.exec(invoicePage.html)?.[1];
  assert.ok(token, 'the invoice page has a payment form');
  return { token, page: browser.post(`/console/invoices/${a.invoiceId as number}/pay`, { payment_token: token, method: 'card', ...CARD }).catch(() => null) };
}

/** After a crash in a card payment: the same form sent again answers `expected`; the invoice, the order, the charges and the credit agree. */
async function assertPaymentSettled(p: ServeProcess, a: Arranged, db: DatabaseHandle['db'], expected: 'succeeded' | 'failed'): Promise<void> {
  const payment = await settled('the payment', async () => {
    const row = await db.selectFrom('payments').select(['status', 'form_token']).executeTakeFirst();
    return row && row.status !== 'pending' ? row : null;
  });
  assert.equal(payment.status, expected);
  const again = await payByCard(p, a, payment.form_token);
  const page = (await again.page) as { status: number; html: string } | null;
  assert.ok(page, 'the same form sent again is answered');
  if (expected === 'succeeded') {
    assert.equal(page.status, 303, 'the same form answers the payment it made');
    await orderOf(p, a.owner, a.orderId as number, ['completed']);
    assert.equal(await count(db, 'gateway_charges'), 1, 'the card was charged once');
    assert.equal(await count(db, 'servers'), 1, 'one server');
  } else {
    assert.match(page.html, /could not be processed and nothing was charged/, 'the same form answers what became of it');
    assert.equal(await count(db, 'gateway_charges'), 0, 'nothing was charged');
    const order = await orderOf(p, a.owner, a.orderId as number, ['awaiting_payment']);
    assert.equal(order.invoice.status, 'unpaid');
    // Not stuck: a new form pays the invoice, once.
    const paid = (await (await payByCard(p, a)).page) as { status: number } | null;
    assert.equal(paid?.status, 303, 'a new payment goes through');
    await orderOf(p, a.owner, a.orderId as number, ['completed']);
    assert.equal(await count(db, 'gateway_charges'), 1, 'charged once, by the new payment');
  }
  assert.equal(await count(db, 'payments', [['status', 'succeeded']]), 1, 'one successful payment');
  assert.equal(await count(db, 'invoices'), 1, 'one invoice');
  await assertCredit(db, a.owner, 0);
}

/** An immediate cancellation cut short: the server is deleted, its service cancelled, a repeat finds nothing left. */
async function assertCancelledNow(p: ServeProcess, a: Arranged, db: DatabaseHandle['db']): Promise<void> {
  const serverId = a.serverId as string;
  await settled('the deletion of the cancelled server', async () => (await p.api(`/projects/${a.owner.slug}/servers/${serverId}/`, { key: a.owner.key })).status === 404);
  const service = await db.selectFrom('billing_services').select('status').where('server_id', '=', serverId).executeTakeFirstOrThrow();
  assert.equal(service.status, 'Cancelled');
  expect(await cancelNow(p, a.owner, serverId), 404, 'the same cancellation again: the server is gone');
  assert.equal(await count(db, 'servers'), 0);
  await settled('the removal from provisioning', async () => (await count(db, 'provisioning_servers', [['status', 'active']])) === 0);
}

/** The server's ruleset reached the controller at its latest generation, with the group in it; the same change again changes nothing. */
async function assertFirewallApplied(p: ServeProcess, a: Arranged, db: DatabaseHandle['db']): Promise<void> {
  const serverId = a.serverId as string;
  const firewall = await settled('the propagation', async () => {
    const response = await p.admin(`/servers/${serverId}/firewall`);
    return response.status === 200 && response.body.generation >= 1 && response.body.applied_generation === response.body.generation ? response.body : null;
  });
  assert.match(JSON.stringify(firewall.ruleset), /tcp dport 22/, 'the group is in the applied ruleset');
  const again = await attachGroup(p, a.owner, serverId, a.groupId as number);
  expect(again, 200, 'the same change again');
  const generation = await db.selectFrom('servers').select('firewall_generation').where('id', '=', serverId).executeTakeFirstOrThrow();
  assert.equal(generation.firewall_generation, firewall.generation, 'the same change again bumps nothing');
  const attached = await db.selectFrom('server_firewall_groups').selectAll().where('server_id', '=', serverId).execute();
  assert.equal(attached.length, 1, 'attached once');
}

async function assertProjectDeleted(p: ServeProcess, a: Arranged, db: DatabaseHandle['db']): Promise<void> {
  const slug = a.emptySlug as string;
  await settled('the project deletion', async () => (await p.api(`/projects/${slug}/`, { key: a.owner.key })).status === 404);
  const provisioned = await db.selectFrom('provisioning_projects').select('status').where('slug', '=', slug).executeTakeFirst();
  assert.notEqual(provisioned?.status, 'active', 'provisioning no longer has it');
  expect(await p.api(`/projects/${slug}/`, { method: 'DELETE', key: a.owner.key }), 404, 'the same delete again');
}

const withServer = async (p: ServeProcess): Promise<Arranged> => {
  const o = await owner(p, '50.00');
  return { owner: o, serverId: await placedServer(p, o) };
};

const withGroup = async (p: ServeProcess): Promise<Arranged> => {
  const arranged = await withServer(p);
  const o = arranged.owner;
  const group = await p.api(`/projects/${o.slug}/firewall-groups/`, { method: 'POST', key: o.key, body: { name: 'ssh', direction: 'ingress' } });
  expect(group, 201, 'a group');
  expect(await p.api(`/projects/${o.slug}/firewall-groups/${group.body.id}/rules/`, { method: 'POST', key: o.key, body: { protocol: 'tcp', port_min: 22 } }), 201, 'a rule');
  return { ...arranged, groupId: group.body.id };
};

const withEmptyProject = async (p: ServeProcess): Promise<Arranged> => {
  const o = await owner(p, '0.00');
  return { owner: o, emptySlug: await worldOf(p).createReadyProject(o.key, 'Empty') };
};

/**
 * A project with nothing in it but a webhook to a receiver on loopback (which
 * answers 200), so its events are only the ones the act makes: no server, no
 * background work adding others. A new webhook owes the events after the
 * project's last one when it was made (`eventsBefore`).
 */
async function withWebhook(p: ServeProcess, t: TestContext): Promise<Arranged> {
  const o = await owner(p, '0.00');
  const receiver = await startReceiver(t);
  const webhook = await p.api(`/projects/${o.slug}/webhooks/`, { method: 'POST', key: o.key, body: { url: receiver.url(), description: 'crash test' } });
  expect(webhook, 201, 'a webhook');
  const events = await p.api(`/projects/${o.slug}/events/?page_size=500`, { key: o.key });
  expect(events, 200, 'the events so far');
  assert.equal(events.body.has_more, false);
  return { owner: o, receiver, webhookId: webhook.body.id, secret: webhook.body.secret, eventsBefore: events.body.last_id };
}

/** `count` firewall groups made side by side: one `firewall_group.created` event each, some of them perhaps in one dispatch batch. */
const makeGroups = (p: ServeProcess, a: Arranged, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) =>
      sent(p.api(`/projects/${a.owner.slug}/firewall-groups/`, { method: 'POST', key: a.owner.key, body: { name: `crash-${index}`, direction: 'ingress' } })),
    ),
  );

/**
 * After a crash in dispatch or delivery: every event the project recorded
 * after the webhook was made has one delivery, recorded as delivered with one
 * attempt (none skipped, none lost), and reached the receiver exactly
 * `sendsEach` times, every send with its delivery's webhook-id (so a repeat is
 * one the receiver drops) and a signature that verifies.
 */
async function assertEveryEventDelivered(p: ServeProcess, a: Arranged, db: DatabaseHandle['db'], sendsEach: 1 | 2): Promise<void> {
  const receiver = a.receiver as WebhookReceiver;
  const webhookId = a.webhookId as number;
  const project = await db.selectFrom('projects').select('id').where('slug', '=', a.owner.slug).executeTakeFirstOrThrow();
  const owed = await db.selectFrom('events').select('id').where('project_id', '=', project.id).where('id', '>', a.eventsBefore as number).orderBy('id').execute();
  const owedIds = owed.map((event) => Number(event.id));
  assert.ok(owedIds.length > 0, 'the act recorded events before the crash');
  // Until every delivery job has finished too: the one the dead process held is taken over only when its lease runs out,
  // and whatever it sends then must be counted.
  const deliveries = await settled("every event's delivery", async () => {
    const rows = await db.selectFrom('webhook_deliveries').select(['id', 'event_id', 'message_id', 'status', 'attempts']).where('webhook_id', '=', webhookId).orderBy('event_id').execute();
    if (rows.length < owedIds.length || rows.some((row) => row.status !== 'succeeded')) return null;
    const unfinished = await db.selectFrom('jobs').select('id').where('type', '=', 'webhooks.deliver').where('status', '<>', 'done').execute();
    return unfinished.length === 0 ? rows : null;
  });
  assert.deepEqual(deliveries.map((delivery) => Number(delivery.event_id)), owedIds, 'one delivery per event, none skipped');
  const cursor = await db.selectFrom('webhooks').select('last_event_id').where('id', '=', webhookId).executeTakeFirstOrThrow();
  assert.equal(Number(cursor.last_event_id), owedIds.at(-1), "the webhook's cursor is past every event");
  const attempts = await db.selectFrom('webhook_attempts').select(['delivery_id', 'response_status', 'succeeded']).where('delivery_id', 'in', deliveries.map((delivery) => delivery.id)).execute();
  assert.equal(attempts.length, deliveries.length, 'one attempt recorded per delivery');
  assert.ok(attempts.every((attempt) => Number(attempt.response_status) === 200 && Boolean(attempt.succeeded)), 'each recorded as delivered');

  // The verifier checks each timestamp against its own clock: given the service's, as a real receiver's agrees with the sender's.
  const clock = await p.admin('/clock/advance', { method: 'POST', body: { seconds: 0 } });
  expect(clock, 200, "the service's time");
  const now = new Date(clock.body.now as string);
  const sends = receiver.requests.map((request) => ({ messageId: request.headers['webhook-id'], eventId: verifyDelivery(a.secret as string, request, now).data.id as number }));
  for (const delivery of deliveries) {
    const ofEvent = sends.filter((send) => send.eventId === Number(delivery.event_id));
    assert.equal(ofEvent.length, sendsEach, `event ${delivery.event_id} reached the receiver ${sendsEach === 1 ? 'once' : 'twice'}`);
    assert.ok(ofEvent.every((send) => send.messageId === delivery.message_id), `every send of event ${delivery.event_id} has its delivery's webhook-id`);
  }
  assert.equal(sends.length, deliveries.length * sendsEach, 'nothing else was sent');
}

/**
 * The webhook scenarios count sends, so the clock stays where it is: moved past
 * the lease of a delivery the restarted process is sending at that moment, it
 * would let the job be taken over while alive and send once more, a repeat the
 * crash did not cause. Nothing they wait for needs it: the restarted
 * dispatcher catches up as it starts, and the dead process's lease on a
 * delivery job runs out in real time (15 s, within SETTLE_BOUND_MS).
 */
const WEBHOOK_CLOCK = { clockAdvanceSeconds: 0 };

const WEBHOOK_DISPATCH: Scenario = {
  ...WEBHOOK_CLOCK,
  arrange: withWebhook,
  act: (p, a) => makeGroups(p, a, 3),
  // Rolled back with the cursor, or committed with the jobs: either way nothing had been sent, and each event is sent once.
  check: (p, a, db) => assertEveryEventDelivered(p, a, db, 1),
};

const ORDER_PAID_FROM_CREDIT: Scenario = {
  arrange: async (p) => ({ owner: await owner(p, '50.00') }),
  act: (p, a) => sent(orderServer(p, a.owner, 'crash-order')),
  check: assertOrderCompletedOnce,
};

/** The libvirt backend's points run against real libvirt, in test/guest/crash.test.ts (typed there by LibvirtCrashPointName). */
const SCENARIOS: Record<Exclude<CrashPointName, LibvirtCrashPointName>, Scenario> = {
  'order.after-record': {
    ...ORDER_PAID_FROM_CREDIT,
    // Billing never saw it: the order fails, nothing is bought, and the retry answers that.
    async check(p, a, db) {
      const orderId = await onlyOrderId(db);
      await orderOf(p, a.owner, orderId, ['failed']);
      const retry = await orderServer(p, a.owner, 'crash-order');
      expect(retry, 200, 'the retry with the same key');
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual([retry.body.id, retry.body.status], [orderId, 'failed']);
      assert.equal(await count(db, 'invoices'), 0, 'billing made no invoice');
      assert.equal(await count(db, 'servers'), 0);
      assert.equal(await count(db, 'orders'), 1);
      await assertCredit(db, a.owner, a.owner.credit);
    },
  },
  'order.after-invoice': ORDER_PAID_FROM_CREDIT,
  'invoice.after-billing': {
    arrange: awaitingPayment,
    act: (p, a) => sent(p.admin(`/invoices/${a.invoiceId as number}/pay`, { method: 'POST' })),
    // Billing has the invoice paid: the order follows it and is delivered; paying again changes nothing.
    async check(p, a, db) {
      await orderOf(p, a.owner, a.orderId as number, ['completed']);
      const again = await p.admin(`/invoices/${a.invoiceId as number}/pay`, { method: 'POST' });
      expect(again, 200, 'the same payment again');
      assert.equal(again.body.status, 'paid');
      assert.equal(await count(db, 'invoices'), 1, 'one invoice');
      assert.equal(await count(db, 'servers'), 1, 'one server');
      await assertCredit(db, a.owner, 0);
    },
  },
  'order.delivery.before-commit': ORDER_PAID_FROM_CREDIT,
  'order.delivery.after-create': ORDER_PAID_FROM_CREDIT,
  'billing-outbox.before-deliver': ORDER_PAID_FROM_CREDIT,
  'action.after-record': {
    arrange: withServer,
    act: (p, a) => sent(startAction(p, a.owner, a.serverId as string, 'reboot', 'crash-reboot')),
    check: (p, a, db) => assertActionOnce(p, a, db, 'reboot'),
  },
  'action.after-submit': {
    arrange: withServer,
    act: (p, a) => sent(startAction(p, a.owner, a.serverId as string, 'reboot', 'crash-reboot')),
    check: (p, a, db) => assertActionOnce(p, a, db, 'reboot'),
  },
  'action.before-settle': {
    arrange: withServer,
    act: (p, a) => sent(startAction(p, a.owner, a.serverId as string, 'power_off', 'crash-power_off')),
    async check(p, a, db) {
      await assertActionOnce(p, a, db, 'power_off');
      const server = await p.api(`/projects/${a.owner.slug}/servers/${a.serverId as string}/`, { key: a.owner.key });
      assert.equal(server.body.status, 'stopped', 'the effect was applied');
    },
  },
  'payment.after-record': {
    arrange: awaitingPayment,
    act: async (p, a) => (await payByCard(p, a)).page,
    check: (p, a, db) => assertPaymentSettled(p, a, db, 'failed'),
  },
  'payment.after-charge': {
    arrange: awaitingPayment,
    act: async (p, a) => (await payByCard(p, a)).page,
    check: (p, a, db) => assertPaymentSettled(p, a, db, 'succeeded'),
  },
  'payment.after-outcome': {
    arrange: awaitingPayment,
    act: async (p, a) => (await payByCard(p, a)).page,
    check: (p, a, db) => assertPaymentSettled(p, a, db, 'succeeded'),
  },
  'cancellation.after-billing': {
    arrange: withServer,
    act: (p, a) => sent(cancelNow(p, a.owner, a.serverId as string)),
    check: assertCancelledNow,
  },
  'cancellation.after-record': {
    arrange: withServer,
    act: (p, a) => sent(cancelNow(p, a.owner, a.serverId as string)),
    check: assertCancelledNow,
  },
  'server-deletion.after-commit': {
    async arrange(p) {
      const arranged = await withServer(p);
      const o = arranged.owner;
      const list = await p.api(`/projects/${o.slug}/servers/${arranged.serverId as string}/reverse-dns/`, { key: o.key });
      expect(list, 200, 'the reverse DNS list');
      const address = list.body.results[0].address as string;
      expect(await p.api(`/projects/${o.slug}/servers/${arranged.serverId as string}/reverse-dns/${address}/`, { method: 'PUT', key: o.key, body: { ptr: 'crash.example.com' } }), 200, 'a PTR');
      return { ...arranged, address };
    },
    act: (p, a) => sent(cancelNow(p, a.owner, a.serverId as string)),
    async check(p, a, db) {
      await assertCancelledNow(p, a, db);
      await settled('the removal of the PTR record', async () => (await db.selectFrom('rdns_records').select('ptr').where('address', '=', a.address as string).executeTakeFirst()) === undefined);
    },
  },
  'firewall.after-record': {
    arrange: withGroup,
    act: (p, a) => sent(attachGroup(p, a.owner, a.serverId as string, a.groupId as number)),
    check: assertFirewallApplied,
  },
  'firewall.before-apply': {
    arrange: withGroup,
    act: (p, a) => sent(attachGroup(p, a.owner, a.serverId as string, a.groupId as number)),
    check: assertFirewallApplied,
  },
  'server-import.after-billing': {
    arrange: async (p) => ({ owner: await owner(p, '50.00') }),
    act: (p, a) => sent(p.admin(`/projects/${a.owner.slug}/servers`, { method: 'POST', body: BASE_ORDER })),
    // The import never answered, so it is undone: the service billing opened for it is cancelled. The operator's repeat places one server.
    async check(p, a, db) {
      await settled('the undone import', async () => {
        const services = await db.selectFrom('billing_services').select('status').where('user_id', '=', a.owner.userId).execute();
        return services.length === 1 && services[0]!.status === 'Cancelled';
      });
      assert.equal(await count(db, 'servers'), 0, 'no server');
      expect(await p.admin(`/projects/${a.owner.slug}/servers`, { method: 'POST', body: BASE_ORDER }), 201, 'the import sent again');
      const active = await db.selectFrom('billing_services').select('server_id').where('user_id', '=', a.owner.userId).where('status', '=', 'Active').execute();
      assert.equal(active.length, 1, 'one active service');
      assert.equal(await count(db, 'servers'), 1, 'one server');
    },
  },
  'project.setup.after-provisioning': {
    arrange: async (p) => ({ owner: await owner(p, '0.00') }),
    act: (p, a) => sent(p.api('/projects/', { method: 'POST', key: a.owner.key, body: { name: 'Later' } })),
    async check(p, a, db) {
      await settled('the project setup', async () => (await p.api('/projects/later/', { key: a.owner.key })).body?.status === 'ready');
      const provisioned = await db.selectFrom('provisioning_projects').select('status').where('slug', '=', 'later').execute();
      assert.deepEqual(provisioned, [{ status: 'active' }], 'provisioning has it once');
      expect(await p.api('/projects/', { method: 'POST', key: a.owner.key, body: { name: 'Later' } }), 409, 'the same project again: the slug is taken');
    },
  },
  'project.delete.after-record': {
    arrange: withEmptyProject,
    act: (p, a) => sent(p.api(`/projects/${a.emptySlug as string}/`, { method: 'DELETE', key: a.owner.key })),
    check: assertProjectDeleted,
  },
  'project.delete.after-provisioning': {
    arrange: withEmptyProject,
    act: (p, a) => sent(p.api(`/projects/${a.emptySlug as string}/`, { method: 'DELETE', key: a.owner.key })),
    check: assertProjectDeleted,
  },
  // The entry is written in the change's transaction: a crash before the commit leaves neither, one after it both.
  'audit.before-commit': {
    arrange: async (p) => ({ owner: await owner(p, '0.00'), publicKey: ed25519Key('crash') }),
    act: (p, a) => sent(addSshKey(p, a)),
    async check(p, a, db) {
      assert.deepEqual(await sshKeyNames(p, a), [], 'no key');
      assert.deepEqual(await entriesOfSshKeyCreation(db), [], 'no audit entry');
      expect(await addSshKey(p, a), 201, 'the key added again');
      assert.deepEqual(await settled('the entry of the key added again', async () => ((await entriesOfSshKeyCreation(db))[0]?.status_code === 201 ? entriesOfSshKeyCreation(db) : null)), [{ status_code: 201 }]);
    },
  },
  'audit.after-commit': {
    arrange: async (p) => ({ owner: await owner(p, '0.00'), publicKey: ed25519Key('crash') }),
    // The answer is out when the process dies: the client had its 201.
    async act(p, a) {
      const answer = await sent(addSshKey(p, a));
      assert.equal(answer?.status, 201, 'the key was added and answered');
      return answer;
    },
    async check(p, a, db) {
      assert.deepEqual(await sshKeyNames(p, a), ['crash'], 'the key');
      // Committed with the change, and never completed: the log says the change was made and not answered.
      assert.deepEqual(await entriesOfSshKeyCreation(db), [{ status_code: null }], 'its audit entry, without a status');
      // The id of the key made is noted once the write answered it: the entry says what the route says.
      const listed = await p.api(`/projects/${a.owner.slug}/audit-log/`, { key: a.owner.key });
      expect(listed, 200, 'the project\'s log');
      const entries = listed.body.results.filter((entry: { route: string }) => entry.route === '/api/v1/projects/:project_slug/ssh-keys/');
      assert.deepEqual(entries.map((entry: { status: number | null; method: string }) => [entry.method, entry.status]), [['POST', null]]);
    },
  },
  'webhook.dispatch.before-commit': WEBHOOK_DISPATCH,
  'webhook.dispatch.after-commit': WEBHOOK_DISPATCH,
  'webhook.delivery.after-send': {
    ...WEBHOOK_CLOCK,
    arrange: withWebhook,
    act: (p, a) => makeGroups(p, a, 1),
    // The receiver had it, the attempt was not recorded: the job taken over sends it once more, with the same webhook-id.
    check: (p, a, db) => assertEveryEventDelivered(p, a, db, 2),
  },
  'webhook.delivery.after-record': {
    ...WEBHOOK_CLOCK,
    arrange: withWebhook,
    act: (p, a) => makeGroups(p, a, 1),
    // The success was recorded: the job taken over finds the delivery settled and sends nothing more.
    check: (p, a, db) => assertEveryEventDelivered(p, a, db, 1),
  },
};

const addSshKey = (p: ServeProcess, a: Arranged) =>
  p.api(`/projects/${a.owner.slug}/ssh-keys/`, { method: 'POST', key: a.owner.key, body: { name: 'crash', public_key: a.publicKey as string } });

async function sshKeyNames(p: ServeProcess, a: Arranged): Promise<string[]> {
  const listed = await p.api(`/projects/${a.owner.slug}/ssh-keys/`, { key: a.owner.key });
  expect(listed, 200, 'the SSH keys');
  return listed.body.results.map((key: { name: string }) => key.name);
}

const entriesOfSshKeyCreation = (db: DatabaseHandle['db']) =>
  db.selectFrom('audit_log').select('status_code').where('route', '=', '/api/v1/projects/:project_slug/ssh-keys/').where('method', '=', 'POST').execute();

/** Every `.ts` file under src, as text. */
function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [readFileSync(full, 'utf8')] : [];
  });
}

test('every crash point is placed in the code and has a scenario here', () => {
  const code = sources(SOURCE_ROOT).join('\n');
  const placed = new Set([...code.matchAll(/crashPoint\('([^']+)'\)/g)].map((match) => match[1]!));
  assert.deepEqual([...placed].sort(), Object.keys(CRASH_POINTS).sort(), 'the points placed in the code are the listed ones');
  const onTheSimulator = Object.keys(CRASH_POINTS).filter((point) => !point.startsWith('libvirt.'));
  assert.deepEqual(Object.keys(SCENARIOS).sort(), onTheSimulator.sort(), 'a scenario for every point but the libvirt backend\'s');
});

describe('a process killed at a crash point: the restarted service settles the request', { concurrency: 3 }, () => {
  for (const [point, scenario] of Object.entries(SCENARIOS) as [CrashPointName, Scenario][]) {
    test(point, async (t) => {
      const database = await createTestDatabase();
      // A webhook's receiver listens on loopback, which webhooks may reach only with this.
      const processes = cloudplaneProcesses(database, { CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE: '1' });
      let handle: DatabaseHandle | null = null;
      t.after(async () => {
        await processes.stopAll();
        await handle?.close();
        await database.drop();
      });

      const setup = await processes.serve('set-up');
      const arranged = await scenario.arrange(setup, t);
      await setup.stop();

      const armed = await processes.serve(`armed at ${point}`, { CLOUDPLANE_CRASH_AT: point });
      void scenario.act(armed, arranged);
      const exit = await eventually(async () => (armed.running() ? null : armed.stop()), CRASH_BOUND_MS, 20).catch(() => {
        throw new Error(`the process did not die at ${point}\n--- its output ---\n${armed.output()}`);
      });
      assert.equal(exit.signal, 'SIGKILL', `killed by itself:\n${armed.output()}`);
      assert.match(armed.output(), new RegExp(`crash point ${point.replaceAll('.', '\\.')} reached`), 'it died at this point');

      const restarted = await processes.serve('restarted');
      const advance = scenario.clockAdvanceSeconds ?? CLOCK_ADVANCE_SECONDS;
      if (advance > 0) expect(await restarted.admin('/clock/advance', { method: 'POST', body: { seconds: advance } }), 200, 'the clock moved');
      handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      await scenario.check(restarted, arranged, handle.db);
    });
  }
});
