// The built-in billing engine on a real database (SQLite by default,
// PostgreSQL when TEST_DATABASE_URL is set): money in exact minor units,
// invoices paid from credit atomically (with a ledger row) or left unpaid
// without touching credit, one invoice per order reference even under
// concurrency, credit never negative however many orders race for it, the
// operator's credit adjustments, settling invoices, and billing services.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import pino from 'pino';
import type { Clock } from '../../src/clock.ts';
import { openChangeFeed, type ChangeFeed } from '../../src/db/change-feed.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { formatMoney, parseMoney } from '../../src/money.ts';
import { BuiltinBilling } from '../../src/upstreams/billing/builtin.ts';
import { InsufficientCredit, NoBillingAccount } from '../../src/upstreams/billing/port.ts';
import type { Invoice, InvoiceItem } from '../../src/upstreams/billing/port.ts';
import { createTestDatabase } from '../helpers/database.ts';

const START = Date.parse('2026-03-15T10:00:00.000Z');

class TestClock implements Clock {
  constructor(private ms = START) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(seconds: number): void {
    this.ms += Math.round(seconds * 1000);
  }
}

interface LedgerRow {
  amount: number;
  balance_after: number;
  reason: string;
}

interface Harness {
  handle: DatabaseHandle;
  clock: TestClock;
  billing: BuiltinBilling;
  /** A users row, with a billing account holding `credit` minor units unless `credit` is null. */
  newUser(credit: number | null, currency?: string): Promise<number>;
  balance(userId: number): Promise<number>;
  ledger(userId: number): Promise<LedgerRow[]>;
  invoiceRows(userId: number): Promise<{ id: number; status: string; total: number; credit_applied: number; order_ref: string | null; settled_at: string | null }[]>;
  /** Sum of the ledger = balance; each row's balance_after = the previous + its amount; never negative. */
  assertLedgerConsistent(userId: number): Promise<void>;
}

let userCounter = 0;

async function setup(t: TestContext): Promise<Harness> {
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  // Opened once migrated, closed before the database.
  let changes: ChangeFeed | undefined = undefined;
  t.after(async () => {
    await changes?.close();
    await handle.close();
    await database.drop();
  });
  await migrateToLatest(handle);
  changes = await openChangeFeed(handle, { databaseUrl: database.databaseUrl, logger: pino({ level: 'silent' }) });
  const { db } = handle;
  const clock = new TestClock();
  const billing = new BuiltinBilling(db, clock, changes);

  const harness: Harness = {
    handle,
    clock,
    billing,
    async newUser(credit, currency = 'EUR') {
      userCounter += 1;
      const row = await db
        .insertInto('users')
        .values({
          email: `billing-${userCounter}-${Date.now()}@example.com`,
          first_name: 'Bill',
          last_name: `Payer ${userCounter}`,
          password_hash: null,
          legacy_api_access: false,
          created_at: clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (credit !== null) await billing.openAccount({ userId: row.id, currency, creditBalance: credit });
      return row.id;
    },
    async balance(userId) {
      const account = await billing.getAccount(userId);
      assert.ok(account, `user ${userId} has a billing account`);
      return account.creditBalance;
    },
    async ledger(userId) {
      const rows = await db.selectFrom('credit_ledger').select(['amount', 'balance_after', 'reason']).where('user_id', '=', userId).orderBy('id').execute();
      return rows.map((row) => ({ amount: row.amount, balance_after: row.balance_after, reason: row.reason }));
    },
    async invoiceRows(userId) {
      return db.selectFrom('invoices').select(['id', 'status', 'total', 'credit_applied', 'order_ref', 'settled_at']).where('user_id', '=', userId).orderBy('id').execute();
    },
    async assertLedgerConsistent(userId) {
      const rows = await harness.ledger(userId);
      let running = 0;
      for (const row of rows) {
        running += row.amount;
        assert.equal(row.balance_after, running, `ledger row ${JSON.stringify(row)} follows from the ones before it`);
        assert.ok(row.balance_after >= 0, 'the balance is never negative');
      }
      assert.equal(running, await harness.balance(userId), 'the ledger adds up to the balance');
    },
  };
  return harness;
}

const line = (description: string, amount: number): InvoiceItem => ({ description, amount });
const place = (h: Harness, userId: number, orderRef: string, items: InvoiceItem[]) => h.billing.placeInvoice({ orderRef, userId, currency: 'EUR', items });

// ---------------------------------------------------------------- money

test('money is exact: 0.10 + 0.20 is 0.30, ten times over; large balances keep every cent', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(parseMoney('3.00'));
  for (let i = 0; i < 10; i++) {
    const invoice = await place(h, userId, `exact-${i}`, [line('ten cents', parseMoney('0.10')), line('twenty cents', parseMoney('0.20'))]);
    assert.equal(invoice.total, 30);
    assert.equal(formatMoney(invoice.total), '0.30');
    assert.equal(invoice.status, 'paid', `invoice ${i}`);
    assert.equal(invoice.creditApplied, 30);
  }
  // In floating point, 0.1 + 0.2 ten times leaves 2.220446049250313e-16 behind; here nothing is left.
  assert.equal(await h.balance(userId), 0);
  assert.equal(formatMoney(await h.balance(userId)), '0.00');
  const eleventh = await place(h, userId, 'exact-10', [line('one cent', 1)]);
  assert.equal(eleventh.status, 'unpaid', 'not even a cent is left');
  await h.assertLedgerConsistent(userId);

  // Large: 99 999 999 999.99 and one cent off, back and forth; the values come back as plain numbers.
  const rich = await h.newUser(parseMoney('99999999999.99'));
  const account = await h.billing.getAccount(rich);
  assert.equal(typeof account!.creditBalance, 'number');
  assert.equal(account!.creditBalance, 9_999_999_999_999);
  const cent = await place(h, rich, 'big-1', [line('one cent', 1)]);
  assert.equal(cent.status, 'paid');
  assert.equal(await h.balance(rich), 9_999_999_999_998);
  assert.equal(formatMoney(await h.balance(rich)), '99999999999.98');
  const huge = await place(h, rich, 'big-2', [line('most of it', parseMoney('99999999999.97'))]);
  assert.equal(huge.status, 'paid');
  assert.equal(huge.total, 9_999_999_999_997);
  assert.equal(await h.balance(rich), 1);
  assert.equal((await h.billing.adjustCredit(rich, parseMoney('12345678901.23'), 'top-up'))!.creditBalance, 1_234_567_890_124);
  assert.equal(formatMoney(await h.balance(rich)), '12345678901.24');
  await h.assertLedgerConsistent(rich);

  // A negative line (a promotion) is part of the exact total.
  const promo = await h.newUser(parseMoney('20.00'));
  const discounted = await place(h, promo, 'promo-1', [line('CX22 (monthly)', parseMoney('4.59')), line('setup', parseMoney('5.00')), line('−10%', -Math.round((959 * 10) / 100))]);
  assert.equal(discounted.total, 959 - 96);
  assert.deepEqual(discounted.items, [line('CX22 (monthly)', 459), line('setup', 500), line('−10%', -96)]);
  assert.equal(await h.balance(promo), 2000 - 863);
  await h.assertLedgerConsistent(promo);
});

// ---------------------------------------------------------------- placing invoices

test('placeInvoice: paid from credit when it covers the total, with a ledger row (negative amount, balance_after)', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(5000);
  const invoice = await place(h, userId, 'order-1', [line('CX22 (monthly)', 459), line('2 additional IPv4 (monthly)', 120)]);
  assert.equal(invoice.status, 'paid');
  assert.equal(invoice.total, 579);
  assert.equal(invoice.creditApplied, 579);
  assert.equal(invoice.currency, 'EUR');
  assert.equal(invoice.userId, userId);
  assert.equal(invoice.orderRef, 'order-1');
  assert.deepEqual(invoice.items, [line('CX22 (monthly)', 459), line('2 additional IPv4 (monthly)', 120)]);
  assert.equal(await h.balance(userId), 4421);
  assert.deepEqual(await h.ledger(userId), [
    { amount: 5000, balance_after: 5000, reason: 'opening balance' },
    { amount: -579, balance_after: 4421, reason: `invoice ${invoice.id}` },
  ]);
  const [row] = await h.invoiceRows(userId);
  assert.ok(row && row.settled_at !== null, 'a paid invoice is settled when it is placed');
  assert.deepEqual(await h.billing.getInvoice(invoice.id), invoice);
  assert.deepEqual(await h.billing.findInvoiceByOrder('order-1'), invoice);

  // A total equal to the balance is covered: down to exactly zero.
  const rest = await place(h, userId, 'order-2', [line('the rest', 4421)]);
  assert.equal(rest.status, 'paid');
  assert.equal(await h.balance(userId), 0);
  await h.assertLedgerConsistent(userId);
});

test('placeInvoice: credit short by one cent → unpaid, no credit applied, no ledger row; no account → refused; a zero total is paid without a movement', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(1000);
  const short = await place(h, userId, 'short-1', [line('too much', 1001)]);
  assert.equal(short.status, 'unpaid');
  assert.equal(short.total, 1001);
  assert.equal(short.creditApplied, 0);
  assert.equal(await h.balance(userId), 1000, 'no part of the credit is applied');
  assert.deepEqual(await h.ledger(userId), [{ amount: 1000, balance_after: 1000, reason: 'opening balance' }]);
  const [row] = await h.invoiceRows(userId);
  assert.equal(row?.settled_at, null);

  const noAccount = await h.newUser(null);
  assert.equal(await h.billing.getAccount(noAccount), null);
  // Billing refuses to invoice a user it has no account for, and records nothing.
  await assert.rejects(place(h, noAccount, 'no-account-1', [line('something', 100)]), NoBillingAccount);
  assert.equal(await h.billing.findInvoiceByOrder('no-account-1'), null);

  const free = await place(h, userId, 'free-1', [line('upgrade at the end of the term', 0)]);
  assert.equal(free.status, 'paid');
  assert.equal(free.total, 0);
  assert.equal(await h.balance(userId), 1000);
  assert.equal((await h.ledger(userId)).length, 1, 'a zero total moves no credit');
  await h.assertLedgerConsistent(userId);
});

test('placeInvoice: the same orderRef twice answers the same invoice, charged once', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(10_000);
  const first = await place(h, userId, 'order-7', [line('CX32 (monthly)', 759)]);
  const second = await place(h, userId, 'order-7', [line('CX32 (monthly)', 759)]);
  assert.deepEqual(second, first);
  // Even with other lines: the reference names the order, and the order already has its invoice.
  const third = await place(h, userId, 'order-7', [line('something else', 1)]);
  assert.deepEqual(third, first);
  assert.equal(await h.balance(userId), 10_000 - 759);
  assert.equal((await h.invoiceRows(userId)).length, 1);
  assert.equal((await h.ledger(userId)).filter((row) => row.amount < 0).length, 1);
  await h.assertLedgerConsistent(userId);
});

test('placeInvoice: the same orderRef 10 times at once → one invoice, one charge', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(10_000);
  const results = await Promise.all(Array.from({ length: 10 }, () => place(h, userId, 'order-race', [line('CCX13 (monthly)', 1409), line('setup', 500)])));
  const ids = new Set(results.map((invoice) => invoice.id));
  assert.equal(ids.size, 1, `one invoice, got ${[...ids].join(', ')}`);
  for (const invoice of results) {
    assert.equal(invoice.status, 'paid');
    assert.equal(invoice.total, 1909);
    assert.equal(invoice.items.length, 2, 'the invoice has its two lines, not more');
  }
  assert.equal((await h.invoiceRows(userId)).length, 1);
  assert.equal(await h.balance(userId), 10_000 - 1909);
  assert.deepEqual((await h.ledger(userId)).map((row) => row.amount), [10_000, -1909]);
  const items = await h.handle.db.selectFrom('invoice_items').select('amount').execute();
  assert.equal(items.length, 2);
  await h.assertLedgerConsistent(userId);
});

async function raceForCredit(h: Harness, opening: number, price: number, orders: number): Promise<{ userId: number; results: Invoice[] }> {
  const userId = await h.newUser(opening);
  const results = await Promise.all(Array.from({ length: orders }, (_, i) => place(h, userId, `race-${opening}-${i}`, [line(`order ${i}`, price)])));
  return { userId, results };
}

test('20 invoices at once for different orders, credit for 7: exactly 7 paid, balance exactly 0, never negative', async (t) => {
  const h = await setup(t);
  const { userId, results } = await raceForCredit(h, 7 * 500, 500, 20);
  const paid = results.filter((invoice) => invoice.status === 'paid');
  const unpaid = results.filter((invoice) => invoice.status === 'unpaid');
  assert.equal(paid.length, 7);
  assert.equal(unpaid.length, 13);
  for (const invoice of paid) assert.equal(invoice.creditApplied, 500);
  for (const invoice of unpaid) assert.equal(invoice.creditApplied, 0);
  assert.equal(new Set(results.map((invoice) => invoice.id)).size, 20);
  assert.equal(await h.balance(userId), 0);
  const ledger = await h.ledger(userId);
  assert.equal(ledger.length, 1 + 7);
  assert.deepEqual(new Set(ledger.slice(1).map((row) => row.reason)), new Set(paid.map((invoice) => `invoice ${invoice.id}`)));
  // The sum of the ledger is the change of the balance.
  assert.equal(ledger.slice(1).reduce((sum, row) => sum + row.amount, 0), 0 - 3500);
  await h.assertLedgerConsistent(userId);
  const stored = await h.invoiceRows(userId);
  assert.equal(stored.filter((row) => row.status === 'paid').length, 7);
});

test('20 invoices at once, credit for 7 and a remainder: exactly 7 paid, the remainder left', async (t) => {
  const h = await setup(t);
  const { userId, results } = await raceForCredit(h, 7 * 333 + 332, 333, 20);
  assert.equal(results.filter((invoice) => invoice.status === 'paid').length, 7);
  assert.equal(await h.balance(userId), 332);
  const ledger = await h.ledger(userId);
  assert.equal(ledger.slice(1).reduce((sum, row) => sum + row.amount, 0), 332 - (7 * 333 + 332));
  // Every paid invoice left a distinct balance behind: no two took the same credit.
  assert.equal(new Set(ledger.map((row) => row.balance_after)).size, ledger.length);
  await h.assertLedgerConsistent(userId);
});

test('invoices and operator deductions racing for the same credit: together they never take more than there is', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(5000);
  const attempts = await Promise.allSettled([
    ...Array.from({ length: 10 }, (_, i) => place(h, userId, `mixed-${i}`, [line(`order ${i}`, 500)]).then((invoice) => invoice.status === 'paid')),
    ...Array.from({ length: 10 }, () => h.billing.adjustCredit(userId, -500, 'operator deduction').then(() => true)),
  ]);
  for (const attempt of attempts) {
    if (attempt.status === 'rejected') assert.ok(attempt.reason instanceof InsufficientCredit, String(attempt.reason));
  }
  const succeeded = attempts.filter((attempt) => attempt.status === 'fulfilled' && attempt.value === true).length;
  assert.equal(succeeded, 10, 'credit for exactly ten of the twenty');
  assert.equal(await h.balance(userId), 0);
  await h.assertLedgerConsistent(userId);
});

// ---------------------------------------------------------------- credit adjustments

test('adjustCredit: adds and deducts with a ledger row; below zero throws InsufficientCredit and changes nothing; no account → null', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(0);
  assert.deepEqual(await h.ledger(userId), [], 'a zero opening balance writes no ledger row');
  const added = await h.billing.adjustCredit(userId, 2550, 'top-up');
  assert.deepEqual(added, { userId, currency: 'EUR', creditBalance: 2550 });
  const deducted = await h.billing.adjustCredit(userId, -1025, 'correction');
  assert.equal(deducted!.creditBalance, 1525);

  await assert.rejects(h.billing.adjustCredit(userId, -1526, 'too much'), InsufficientCredit);
  assert.equal(await h.balance(userId), 1525, 'unchanged');
  assert.deepEqual(await h.ledger(userId), [
    { amount: 2550, balance_after: 2550, reason: 'top-up' },
    { amount: -1025, balance_after: 1525, reason: 'correction' },
  ]);
  // Exactly to zero is allowed.
  assert.equal((await h.billing.adjustCredit(userId, -1525, 'all of it'))!.creditBalance, 0);
  await assert.rejects(h.billing.adjustCredit(userId, -1, 'one cent'), InsufficientCredit);
  assert.equal(await h.balance(userId), 0);

  const noAccount = await h.newUser(null);
  assert.equal(await h.billing.adjustCredit(noAccount, 100, 'top-up'), null);
  assert.equal(await h.billing.adjustCredit(noAccount, -100, 'deduction'), null);
  assert.equal(await h.billing.adjustCredit(987_654, 100, 'nobody'), null);
  await h.assertLedgerConsistent(userId);
});

test('adjustCredit: 10 deductions at once on a balance for 5 → exactly 5 succeed, the rest InsufficientCredit', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(550);
  const attempts = await Promise.allSettled(Array.from({ length: 10 }, () => h.billing.adjustCredit(userId, -100, 'race')));
  const fulfilled = attempts.filter((attempt) => attempt.status === 'fulfilled');
  const rejected = attempts.filter((attempt): attempt is PromiseRejectedResult => attempt.status === 'rejected');
  assert.equal(fulfilled.length, 5);
  assert.equal(rejected.length, 5);
  for (const attempt of rejected) assert.ok(attempt.reason instanceof InsufficientCredit);
  assert.equal(await h.balance(userId), 50);
  await h.assertLedgerConsistent(userId);
});

// ---------------------------------------------------------------- settling invoices

test('payInvoice / cancelInvoice move only unpaid invoices; paying does not touch credit', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(100);
  const toPay = await place(h, userId, 'settle-1', [line('waits', 5000)]);
  const toCancel = await place(h, userId, 'settle-2', [line('waits too', 6000)]);
  const fromCredit = await place(h, userId, 'settle-3', [line('covered', 100)]);
  assert.equal(toPay.status, 'unpaid');
  assert.equal(fromCredit.status, 'paid');

  h.clock.advance(60);
  const paid = await h.billing.payInvoice(toPay.id);
  assert.equal(paid!.status, 'paid');
  assert.equal(paid!.creditApplied, 0, 'paid in the console, not from credit');
  assert.equal(paid!.total, 5000);
  assert.equal(await h.balance(userId), 0);
  const settledAt = (await h.invoiceRows(userId)).find((row) => row.id === toPay.id)!.settled_at;
  assert.equal(settledAt, new Date(START + 60_000).toISOString());

  // Settled invoices stay as they are.
  h.clock.advance(60);
  assert.equal((await h.billing.payInvoice(toPay.id))!.status, 'paid');
  assert.equal((await h.billing.cancelInvoice(toPay.id))!.status, 'paid');
  assert.equal((await h.invoiceRows(userId)).find((row) => row.id === toPay.id)!.settled_at, settledAt, 'settled once');
  assert.equal((await h.billing.cancelInvoice(fromCredit.id))!.status, 'paid', 'an invoice paid from credit cannot be cancelled');
  assert.equal(await h.balance(userId), 0, 'and no credit comes back');

  const cancelled = await h.billing.cancelInvoice(toCancel.id);
  assert.equal(cancelled!.status, 'cancelled');
  assert.equal((await h.billing.payInvoice(toCancel.id))!.status, 'cancelled');
  assert.equal((await h.billing.cancelInvoice(toCancel.id))!.status, 'cancelled');

  assert.equal(await h.billing.payInvoice(424_242), null);
  assert.equal(await h.billing.cancelInvoice(424_242), null);
  assert.equal(await h.billing.getInvoice(424_242), null);
  assert.equal(await h.billing.findInvoiceByOrder('no-such-order'), null);
  await h.assertLedgerConsistent(userId);
});

test('pay and cancel racing on one unpaid invoice: exactly one wins, and both answers show the winner', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(0);
  const invoice = await place(h, userId, 'contested', [line('waits', 1000)]);
  const [paid, cancelled] = await Promise.all([h.billing.payInvoice(invoice.id), h.billing.cancelInvoice(invoice.id)]);
  const final = (await h.billing.getInvoice(invoice.id))!.status;
  assert.ok(final === 'paid' || final === 'cancelled');
  assert.equal(paid!.status, final);
  assert.equal(cancelled!.status, final);
});

// ---------------------------------------------------------------- services

test('services: open (Active), get, setServiceStatus, changeService; unknown → null; opened in a rolled-back transaction → gone', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(0);
  const opened = await h.billing.openService({
    userId,
    serverId: '0123456789abcdef',
    productId: 1,
    billingCycle: 'monthly',
    nextDueDate: '2026-04-15',
    recurringAmount: 579,
    setupFee: 0,
    currency: 'EUR',
  });
  assert.equal(typeof opened.serviceId, 'number');
  assert.deepEqual(opened, {
    serviceId: opened.serviceId,
    userId,
    serverId: '0123456789abcdef',
    productId: 1,
    status: 'Active',
    billingCycle: 'monthly',
    nextDueDate: '2026-04-15',
    recurringAmount: 579,
    setupFee: 0,
    currency: 'EUR',
  });
  assert.deepEqual(await h.billing.getService(opened.serviceId), opened);

  await h.billing.setServiceStatus(opened.serviceId, 'Pending Cancellation');
  assert.equal((await h.billing.getService(opened.serviceId))!.status, 'Pending Cancellation');
  await h.billing.setServiceStatus(opened.serviceId, 'Suspended');
  assert.equal((await h.billing.getService(opened.serviceId))!.status, 'Suspended');

  await h.billing.changeService(opened.serviceId, { productId: 2, recurringAmount: 879 });
  let changed = await h.billing.getService(opened.serviceId);
  assert.deepEqual({ productId: changed!.productId, recurringAmount: changed!.recurringAmount }, { productId: 2, recurringAmount: 879 });
  // Only what is given changes.
  await h.billing.changeService(opened.serviceId, { recurringAmount: 999 });
  changed = await h.billing.getService(opened.serviceId);
  assert.equal(changed!.productId, 2);
  assert.equal(changed!.recurringAmount, 999);
  await h.billing.changeService(opened.serviceId, { productId: 3 });
  changed = await h.billing.getService(opened.serviceId);
  assert.deepEqual(changed, { ...opened, productId: 3, recurringAmount: 999, status: 'Suspended' });

  // A second server's service is a separate row; opening the same server's again returns the one it has.
  const other = await h.billing.openService({ userId, serverId: 'fedcba9876543210', productId: 4, billingCycle: 'annually', nextDueDate: '2027-03-15', recurringAmount: 15_600, setupFee: 500, currency: 'EUR' });
  assert.notEqual(other.serviceId, opened.serviceId);
  const again = await h.billing.openService({ userId, serverId: 'fedcba9876543210', productId: 1, billingCycle: 'monthly', nextDueDate: '2027-01-01', recurringAmount: 1, setupFee: 0, currency: 'EUR' });
  assert.deepEqual(again, other);
  assert.equal((await h.billing.getService(opened.serviceId))!.productId, 3);

  assert.equal(await h.billing.getService(987_654), null);
});

test('a server order reserves its service with the invoice; delivery activates it once; a cancelled invoice cancels it', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(0);
  const reserve = { productId: 1, billingCycle: 'monthly', nextDueDate: '2026-04-15', recurringAmount: 459, setupFee: 0 };
  const invoice = await h.billing.placeInvoice({ orderRef: 'order-1', userId, currency: 'EUR', items: [{ description: 'server', amount: 459 }], reserve });
  assert.equal(invoice.status, 'unpaid');
  assert.equal(typeof invoice.serviceId, 'number');
  const reserved = await h.billing.getService(invoice.serviceId!);
  assert.deepEqual({ status: reserved!.status, serverId: reserved!.serverId }, { status: 'Pending', serverId: null });
  // Placing the same order again (a retry after a lost answer) reserves nothing more.
  const replaced = await h.billing.placeInvoice({ orderRef: 'order-1', userId, currency: 'EUR', items: [{ description: 'server', amount: 459 }], reserve });
  assert.equal(replaced.serviceId, invoice.serviceId);
  assert.equal((await h.billing.listServices(userId)).length, 1);

  await h.billing.payInvoice(invoice.id);
  const activation = { serverId: '0123456789abcdef', nextDueDate: '2026-05-01', recurringAmount: 459 };
  await h.billing.activateService(invoice.serviceId!, activation);
  const active = await h.billing.getService(invoice.serviceId!);
  assert.deepEqual({ status: active!.status, serverId: active!.serverId, nextDueDate: active!.nextDueDate, recurringAmount: active!.recurringAmount }, { status: 'Active', ...activation });
  // The outbox may deliver the same activation twice: a service that moved on (suspended here) is left as it is.
  await h.billing.setServiceStatus(invoice.serviceId!, 'Suspended');
  await h.billing.activateService(invoice.serviceId!, { ...activation, nextDueDate: '2030-01-01' });
  assert.deepEqual({ status: (await h.billing.getService(invoice.serviceId!))!.status, due: (await h.billing.getService(invoice.serviceId!))!.nextDueDate }, { status: 'Suspended', due: '2026-05-01' });

  const cancelled = await h.billing.placeInvoice({ orderRef: 'order-2', userId, currency: 'EUR', items: [{ description: 'server', amount: 459 }], reserve });
  await h.billing.cancelInvoice(cancelled.id);
  assert.equal((await h.billing.getService(cancelled.serviceId!))!.status, 'Cancelled');
  // An order without a reservation (an upgrade) has no service on its invoice.
  assert.equal((await h.billing.placeInvoice({ orderRef: 'order-3', userId, currency: 'EUR', items: [{ description: 'upgrade', amount: 0 }] })).serviceId, null);
});

test('openAccount is idempotent: a second delivery finds the account and writes no second opening balance', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(500, 'EUR');
  assert.deepEqual(await h.billing.openAccount({ userId, currency: 'USD', creditBalance: 99_999 }), { userId, currency: 'EUR', creditBalance: 500 });
  assert.deepEqual(await h.ledger(userId), [{ amount: 500, balance_after: 500, reason: 'opening balance' }]);
});

test('openAccount writes the opening balance to the ledger; getAccount reads it back', async (t) => {
  const h = await setup(t);
  const userId = await h.newUser(12_345, 'USD');
  assert.deepEqual(await h.billing.getAccount(userId), { userId, currency: 'USD', creditBalance: 12_345 });
  assert.deepEqual(await h.ledger(userId), [{ amount: 12_345, balance_after: 12_345, reason: 'opening balance' }]);
  // The database itself refuses a negative balance.
  await assert.rejects(h.handle.db.updateTable('billing_accounts').set({ credit_balance: -1 }).where('user_id', '=', userId).execute());
  assert.equal(await h.balance(userId), 12_345);
});
