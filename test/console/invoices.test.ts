import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually } from '../helpers/build.ts';
import { consoleClient, visibleText } from '../helpers/console.ts';
import { flash } from './console-world.ts';
import { CARDS, GOOD_EXPIRY, PASSWORD, creditBalance, orderAwaitingPayment, orderStatus, paymentToken, signedInShopper } from './payments-helpers.ts';

test('an invoice.url opened signed out leads through sign-in back to the invoice', async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceUrl, invoiceId } = await orderAwaitingPayment(shopper);
  const path = new URL(invoiceUrl).pathname;
  assert.equal(path, `/console/invoices/${invoiceId}`);
  const stranger = consoleClient(shopper.app);
  const first = await stranger.get(path);
  assert.equal(first.status, 303);
  assert.equal(first.location, `/console/login?next=${encodeURIComponent(path)}`);
  const signedIn = await stranger.signIn(shopper.email, PASSWORD, path);
  assert.equal(signedIn.location, path);
  const page = await stranger.get(path);
  assert.equal(page.status, 200);
  assert.match(visibleText(page.html), new RegExp(`Invoice ${invoiceId}.*Status Awaiting payment`));
});

test('the invoice list and page show what it is for, lines, total, currency, status and the order with its status', async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceId, orderId, total } = await orderAwaitingPayment(shopper);
  const list = await shopper.browser.get('/console/invoices');
  assert.equal(list.status, 200);
  assert.match(visibleText(list.html), new RegExp(`Invoice ${invoiceId} Server web-1 · CX22, monthly \\S+ Awaiting payment ${total.replace('.', '\\.')} EUR Pay`));
  const page = await shopper.browser.get(`/console/invoices/${invoiceId}`);
  const text = visibleText(page.html);
  assert.match(text, /Lines Description Amount .+ Total/);
  assert.match(text, new RegExp(`Total ${total.replace('.', '\\.')} EUR`));
  assert.match(text, /Server web-1 · CX22, monthly Status Awaiting payment/);
  assert.match(text, new RegExp(`Order ${orderId} \\(New server\\): Awaiting payment`));
});

test("another user's invoice is not found, and cannot be paid", async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceId } = await orderAwaitingPayment(shopper);
  const other = await shopper.app.createUser({ password: PASSWORD, credit: '500.00' });
  const intruder = consoleClient(shopper.app);
  await intruder.signIn(other.email, PASSWORD);
  assert.equal((await intruder.get(`/console/invoices/${invoiceId}`)).status, 404);
  await intruder.get('/console/invoices');
  const paid = await intruder.post(`/console/invoices/${invoiceId}/pay`, { method: 'credit', payment_token: 'x'.repeat(24) });
  assert.equal(paid.status, 404);
  assert.equal(await creditBalance({ ...shopper, world: { ...shopper.world, key: other.key } }), '500.00');
  assert.equal((await intruder.get('/console/invoices/999999')).status, 404);
});

test('paying by the succeeding test card moves the order on to completed, once', async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceId, orderId } = await orderAwaitingPayment(shopper);
  const page = await shopper.browser.get(`/console/invoices/${invoiceId}`);
  const paid = await shopper.browser.post(`/console/invoices/${invoiceId}/pay`, {
    method: 'card',
    payment_token: paymentToken(page.html),
    card_number: CARDS.succeeds,
    expiry: GOOD_EXPIRY,
    cvc: '123',
  });
  assert.equal(paid.status, 303, visibleText(paid.html));
  const after = await shopper.browser.get(paid.location!);
  assert.match(visibleText(after.html), /The invoice is paid: .* with visa ending in 4242/);
  assert.match(visibleText(after.html), /Status Paid/);
  await eventually(async () => (await orderStatus(shopper, orderId)) === 'completed');
  // Card numbers are never stored: only the brand and last four digits.
  const stored = JSON.stringify(await shopper.app.app.database.db.selectFrom('payments').selectAll().execute());
  assert.ok(!stored.includes('4242424242424242'));
  assert.match(stored, /"card_last4":"4242"/);
});

test('a declined card says so and leaves the invoice unpaid; a processing error and payments down charge nothing', async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceId, orderId } = await orderAwaitingPayment(shopper);
  const pay = async (card: string) => {
    const page = await shopper.browser.get(`/console/invoices/${invoiceId}`);
    return shopper.browser.post(`/console/invoices/${invoiceId}/pay`, { method: 'card', payment_token: paymentToken(page.html), card_number: card, expiry: GOOD_EXPIRY, cvc: '123' });
  };
  const declined = await pay(CARDS.declined);
  assert.equal(declined.status, 402);
  assert.match(visibleText(declined.html), /declined/);
  assert.match(visibleText(declined.html), /Status Awaiting payment/);
  assert.ok(!/value="4000/.test(declined.html), 'the card number is not rendered back');

  const processing = await pay(CARDS.processingError);
  assert.equal(processing.status, 502);
  assert.match(visibleText(processing.html), /could not be processed and nothing was charged/);

  await shopper.app.admin('/faults/payments', { method: 'PUT', body: { mode: 'down' } });
  const down = await pay(CARDS.succeeds);
  assert.equal(down.status, 503);
  assert.match(visibleText(down.html), /unavailable/);
  await shopper.app.admin('/faults/payments', { method: 'PUT', body: { mode: 'ok' } });

  assert.equal(await orderStatus(shopper, orderId), 'awaiting_payment');
  const charges = await shopper.app.app.database.db.selectFrom('gateway_charges').select('status').execute();
  assert.deepEqual(charges.map((charge) => charge.status), ['declined']);
  // After all that, the succeeding card still pays.
  const paid = await pay(CARDS.succeeds);
  assert.equal(paid.status, 303);
  await eventually(async () => (await orderStatus(shopper, orderId)) === 'completed');
});

test('two concurrent submits of one form, and two tabs, charge once', async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceId, orderId } = await orderAwaitingPayment(shopper);
  const tab1 = await shopper.browser.get(`/console/invoices/${invoiceId}`);
  const token1 = paymentToken(tab1.html);
  const form = { method: 'card', payment_token: token1, card_number: CARDS.succeeds, expiry: GOOD_EXPIRY, cvc: '123' };
  const [first, second] = await Promise.all([shopper.browser.post(`/console/invoices/${invoiceId}/pay`, form), shopper.browser.post(`/console/invoices/${invoiceId}/pay`, form)]);
  assert.deepEqual([first.status, second.status], [303, 303], 'both answer the one payment');
  // A reload of the POST answers the same outcome again.
  assert.equal((await shopper.browser.post(`/console/invoices/${invoiceId}/pay`, form)).status, 303);
  // A second tab's form, rendered before the payment, meets the paid invoice.
  const tab2 = await shopper.browser.post(`/console/invoices/${invoiceId}/pay`, { ...form, payment_token: 'another-tab-token-0123456789' });
  assert.equal(tab2.status, 409);
  assert.match(visibleText(tab2.html), /already paid/);
  const charges = await shopper.app.app.database.db.selectFrom('gateway_charges').selectAll().execute();
  assert.equal(charges.length, 1);
  await eventually(async () => (await orderStatus(shopper, orderId)) === 'completed');
});

test('two concurrent forms from two tabs charge once', async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceId } = await orderAwaitingPayment(shopper);
  const pages = await Promise.all([shopper.browser.get(`/console/invoices/${invoiceId}`), shopper.browser.get(`/console/invoices/${invoiceId}`)]);
  const answers = await Promise.all(
    pages.map((page) =>
      shopper.browser.post(`/console/invoices/${invoiceId}/pay`, { method: 'card', payment_token: paymentToken(page.html), card_number: CARDS.succeeds, expiry: GOOD_EXPIRY, cvc: '123' }),
    ),
  );
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [303, 409]);
  assert.equal((await shopper.app.app.database.db.selectFrom('gateway_charges').selectAll().execute()).length, 1);
});

test('an invoice credit covers is paid from credit; one it does not cover is refused and stays unpaid', async (t) => {
  const shopper = await signedInShopper(t, { credit: '0.00' });
  const { invoiceId, orderId, total } = await orderAwaitingPayment(shopper);
  const page = await shopper.browser.get(`/console/invoices/${invoiceId}`);
  assert.ok(!/Use credit/.test(page.html), 'no credit button while credit does not cover the invoice');
  const refused = await shopper.browser.post(`/console/invoices/${invoiceId}/pay`, { method: 'credit', payment_token: paymentToken(page.html) });
  assert.equal(refused.status, 402);
  assert.match(visibleText(refused.html), /does not cover/);

  const added = await shopper.app.admin(`/users/${shopper.world.userId}/credit`, { method: 'POST', body: { amount: '500.00' } });
  assert.equal(added.status, 200);
  const again = await shopper.browser.get(`/console/invoices/${invoiceId}`);
  assert.match(again.html, /Use credit/);
  const paid = await shopper.browser.post(`/console/invoices/${invoiceId}/pay`, { method: 'credit', payment_token: paymentToken(again.html) });
  assert.equal(paid.status, 303, visibleText(paid.html));
  const [whole, cents] = total.split('.').map(Number) as [number, number];
  const expected = 50_000 - (whole * 100 + cents);
  assert.equal(await creditBalance(shopper), `${Math.floor(expected / 100)}.${String(expected % 100).padStart(2, '0')}`);
  await eventually(async () => (await orderStatus(shopper, orderId)) === 'completed');
});

test('bad card input says which field to fix and charges nothing', async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceId } = await orderAwaitingPayment(shopper);
  const cases: [Record<string, string>, RegExp][] = [
    [{ card_number: '4242 4242 4242 4241' }, /Card number: this card number is not valid/],
    [{ card_number: 'abc' }, /Card number: a card number is 12 to 19 digits/],
    [{ expiry: '13/30' }, /Expiry: write the expiry date as MM\/YY/],
    [{ expiry: '01/20' }, /Expiry: the card has expired/],
    [{ cvc: '12' }, /Security code: the security code is 3 or 4 digits/],
    [{ card_number: '4'.repeat(41) }, /Card number/],
  ];
  for (const [change, message] of cases) {
    const page = await shopper.browser.get(`/console/invoices/${invoiceId}`);
    const form = { method: 'card', payment_token: paymentToken(page.html), card_number: CARDS.succeeds, expiry: GOOD_EXPIRY, cvc: '123', ...change };
    const refused = await shopper.browser.post(`/console/invoices/${invoiceId}/pay`, form);
    assert.equal(refused.status, 400, JSON.stringify(change));
    assert.match(flash(refused.html)?.text ?? '', message);
    // The form's words, never the API's field names.
    assert.doesNotMatch(visibleText(refused.html), /card_number|expiry:|cvc/);
    const field = Object.keys(change)[0]!;
    assert.match(refused.html, new RegExp(`name="${field}"[^>]*aria-invalid="true"`), `${field} is marked invalid`);
  }
  const missing = await shopper.browser.post(`/console/invoices/${invoiceId}/pay`, { method: 'card' });
  assert.equal(missing.status, 400);
  assert.equal((await shopper.app.app.database.db.selectFrom('gateway_charges').selectAll().execute()).length, 0);
  assert.equal((await shopper.app.app.database.db.selectFrom('payments').selectAll().execute()).length, 0);
});

test('credit is topped up by card once, between 5.00 and 1000.00', async (t) => {
  const shopper = await signedInShopper(t, { credit: '10.00' });
  const page = await shopper.browser.get('/console/billing');
  assert.match(visibleText(page.html), /Your credit balance is 10\.00 EUR/);
  for (const amount of ['4.99', '1000.01', 'ten', '5.001']) {
    const form = await shopper.browser.get('/console/billing');
    const refused = await shopper.browser.post('/console/billing/top-up', { amount, payment_token: paymentToken(form.html), card_number: CARDS.succeeds, expiry: GOOD_EXPIRY, cvc: '123' });
    assert.equal(refused.status, 400, amount);
    assert.match(flash(refused.html)?.text ?? '', /^Amount: top up from 5\.00 to 1000\.00/);
    assert.doesNotMatch(visibleText(refused.html), /amount:/);
    assert.match(refused.html, /name="amount"[^>]*aria-invalid="true"/);
  }
  const form = await shopper.browser.get('/console/billing');
  const topUp = { amount: '25.50', payment_token: paymentToken(form.html), card_number: CARDS.succeeds, expiry: GOOD_EXPIRY, cvc: '123' };
  const [first, second] = await Promise.all([shopper.browser.post('/console/billing/top-up', topUp), shopper.browser.post('/console/billing/top-up', topUp)]);
  assert.deepEqual([first.status, second.status], [303, 303]);
  assert.equal(await creditBalance(shopper), '35.50');
  const declinedForm = await shopper.browser.get('/console/billing');
  const declined = await shopper.browser.post('/console/billing/top-up', { ...topUp, payment_token: paymentToken(declinedForm.html), card_number: CARDS.declined });
  assert.equal(declined.status, 402);
  assert.equal(await creditBalance(shopper), '35.50');
});

test('a charge the payments system made but did not confirm is found out, and passed on once billing is back', async (t) => {
  const shopper = await signedInShopper(t);
  const { app } = shopper;
  const { invoiceId, orderId } = await orderAwaitingPayment(shopper);
  const page = await shopper.browser.get(`/console/invoices/${invoiceId}`);
  // The gateway charges the card but its answer never arrives.
  await app.admin('/faults/payments', { method: 'PUT', body: { mode: 'timeout', committed: true, count: 1 } });
  const unconfirmed = await shopper.browser.post(`/console/invoices/${invoiceId}/pay`, {
    method: 'card',
    payment_token: paymentToken(page.html),
    card_number: CARDS.succeeds,
    expiry: GOOD_EXPIRY,
    cvc: '123',
  });
  assert.equal(unconfirmed.status, 202);
  assert.match(visibleText(unconfirmed.html), /did not confirm the payment yet/);
  // Billing is down while the payment is passed on: the job keeps trying.
  await app.admin('/faults/billing', { method: 'PUT', body: { mode: 'down' } });
  await eventually(async () => (await app.app.database.db.selectFrom('payments').select('status').executeTakeFirst())?.status === 'succeeded');
  assert.equal((await app.app.database.db.selectFrom('invoices').select('status').where('id', '=', invoiceId).executeTakeFirstOrThrow()).status, 'unpaid');
  await app.admin('/faults/billing', { method: 'PUT', body: { mode: 'ok' } });
  await eventually(async () => (await orderStatus(shopper, orderId)) === 'completed', 15_000);
  assert.equal((await app.app.database.db.selectFrom('gateway_charges').selectAll().execute()).length, 1);
});
