// The console's billing pages besides paying (invoices.test.ts): what each
// invoice is for, one state in the same words and colour on every page
// (defect 4), the printable invoice, the credit history, and the invoice
// pages following an unpaid invoice by themselves (htmx polling) until it
// is settled. Each is checked against the API as well.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually } from '../helpers/build.ts';
import { consoleClient, visibleText } from '../helpers/console.ts';
import { placeServer } from '../helpers/world.ts';
import { BASE_ORDER, orderServer } from '../helpers/orders.ts';
import { assertOneHeading, page } from './console-world.ts';
import { CARDS, GOOD_EXPIRY, PASSWORD, creditBalance, orderAwaitingPayment, orderStatus, paymentToken, signedInShopper } from './payments-helpers.ts';

const POLLING = /hx-trigger="every \d+s"/;

/** The badge a page shows for a state (`data-state`): its words and its colour class. */
function badges(html: string, state: string): { text: string; tone: string }[] {
  return [...html.matchAll(new RegExp(`<span class="badge (text-bg-[a-z]+)[^"]*" data-state="${state}">([^<]*)</span>`, 'g'))].map((match) => ({
    tone: match[1]!,
    text: match[2]!,
  }));
}

function onlyBadge(html: string, state: string): { text: string; tone: string } {
  const found = badges(html, state);
  assert.ok(found.length > 0, `a badge for ${state}`);
  assert.equal(new Set(found.map((badge) => `${badge.tone} ${badge.text}`)).size, 1, `every ${state} badge reads the same`);
  return found[0]!;
}

test('each invoice says what it is for: a new server, a plan change, extra traffic', async (t) => {
  const shopper = await signedInShopper(t);
  const { world } = shopper;
  const ordered = await orderServer(world, BASE_ORDER);
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const placed = await placeServer(world, { hostname: 'db-1' });
  const products = (await world.app.api(`/projects/${world.slug}/products/`, { key: world.key })).body;
  const productName = (id: number) => products.find((product: { id: number; name: string }) => product.id === id).name;
  const upgraded = await world.app.api(`/projects/${world.slug}/servers/${placed.id}/upgrade/`, { method: 'POST', key: world.key, body: { product_id: 2 } });
  assert.equal(upgraded.status, 201, JSON.stringify(upgraded.body));
  const pricing = (await world.app.api(`/projects/${world.slug}/pricing/`, { key: world.key })).body;
  const size = pricing.extra_bandwidth[0].size_gb;
  const traffic = await world.app.api(`/projects/${world.slug}/servers/${placed.id}/bandwidth/`, { method: 'POST', key: world.key, body: { size_gb: size } });
  assert.equal(traffic.status, 201, JSON.stringify(traffic.body));

  const expected = [
    [ordered.body, `Server web-1 · ${productName(1)}, ${ordered.body.request.billing_cycle}`],
    [upgraded.body, `Upgrade of db-1 to ${productName(2)}`],
    [traffic.body, `Extra traffic for db-1 · ${size} GB`],
  ] as const;
  const list = visibleText((await page(shopper.browser, '/console/invoices')).html);
  for (const [order, purpose] of expected) {
    assert.equal(order.status, 'awaiting_payment');
    assert.ok(list.includes(`Invoice ${order.invoice.id} ${purpose} `), `${purpose} in ${list}`);
    const invoicePage = visibleText((await page(shopper.browser, `/console/invoices/${order.invoice.id}`)).html);
    assert.ok(invoicePage.includes(`${purpose} Status Awaiting payment`), invoicePage);
  }
});

test('one state reads the same words in the same colour on every page (defect 4)', async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceId, orderId } = await orderAwaitingPayment(shopper);
  const invoicePage = (await page(shopper.browser, `/console/invoices/${invoiceId}`)).html;
  const ordersPage = (await page(shopper.browser, `/console/projects/${shopper.world.slug}/orders`)).html;
  const invoicesPage = (await page(shopper.browser, '/console/invoices')).html;
  const overview = (await page(shopper.browser, '/console/overview')).html;

  // An invoice waiting to be paid and its order waiting for the payment: the same words, in the warning colour (never neutral grey).
  const waiting = { text: 'Awaiting payment', tone: 'text-bg-warning' };
  for (const html of [invoicePage, invoicesPage, overview]) assert.deepEqual(onlyBadge(html, 'unpaid'), waiting);
  for (const html of [invoicePage, ordersPage]) assert.deepEqual(onlyBadge(html, 'awaiting_payment'), waiting);
  for (const html of [invoicePage, ordersPage, invoicesPage, overview]) assert.doesNotMatch(visibleText(html), /awaiting_payment|\bunpaid\b(?! invoice)/);

  // A declined card, then a paid invoice: a succeeded payment is green like the paid invoice, and reads the same.
  const pay = async (card: string) => {
    const form = await shopper.browser.get(`/console/invoices/${invoiceId}`);
    return shopper.browser.post(`/console/invoices/${invoiceId}/pay`, { method: 'card', payment_token: paymentToken(form.html), card_number: card, expiry: GOOD_EXPIRY, cvc: '123' });
  };
  assert.equal((await pay(CARDS.declined)).status, 402);
  assert.equal((await pay(CARDS.succeeds)).status, 303);
  await eventually(async () => (await orderStatus(shopper, orderId)) === 'completed');
  const paidPage = (await page(shopper.browser, `/console/invoices/${invoiceId}`)).html;
  const paid = { text: 'Paid', tone: 'text-bg-success' };
  assert.deepEqual(onlyBadge(paidPage, 'paid'), paid);
  assert.deepEqual(onlyBadge(paidPage, 'succeeded'), paid);
  assert.deepEqual(onlyBadge(paidPage, 'declined'), { text: 'Declined', tone: 'text-bg-danger' });
  assert.deepEqual(onlyBadge(paidPage, 'completed'), { text: 'Completed', tone: 'text-bg-success' });
  assert.deepEqual(onlyBadge((await page(shopper.browser, `/console/projects/${shopper.world.slug}/orders`)).html, 'completed'), { text: 'Completed', tone: 'text-bg-success' });
  assert.deepEqual(onlyBadge((await page(shopper.browser, '/console/invoices')).html, 'paid'), paid);
});

test('the printable invoice names the provider and the customer, with lines, totals and currency', async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceId, total } = await orderAwaitingPayment(shopper);
  const invoicePage = await page(shopper.browser, `/console/invoices/${invoiceId}`);
  assert.ok(invoicePage.html.includes(`href="/console/invoices/${invoiceId}/print"`), 'the invoice links to its printable page');

  const printable = await page(shopper.browser, `/console/invoices/${invoiceId}/print`);
  assertOneHeading(printable.html);
  const text = visibleText(printable.html);
  const me = (await shopper.app.api('/me/', { key: shopper.world.key })).body;
  assert.match(text, /From cloudplane Virtual servers and cloud services/);
  assert.ok(text.includes(`Bill to ${me.first_name} ${me.last_name} ${shopper.email} Customer ${shopper.world.userId} · billed in EUR`), text);
  assert.ok(text.includes(`Invoice number ${invoiceId} Date `), text);
  assert.match(text, /Description Amount CX22 \(monthly\) \d+\.\d{2} EUR/);
  assert.ok(text.includes(`Total ${total} EUR Amount due ${total} EUR`), text);
  assert.match(text, /All amounts are in EUR\./);
  // Printed, the navigation, buttons and messages are left out.
  assert.match(printable.html, /<link rel="stylesheet" href="\/console\/assets\/print\.css" media="print">/);
  const stylesheet = await fetch(`${shopper.app.baseUrl}/console/assets/print.css`);
  assert.equal(stylesheet.status, 200);
  assert.match(await stylesheet.text(), /\.site-header[^{]*\.breadcrumbs[^{]*\{ display: none !important; \}/);

  const other = await shopper.app.createUser({ password: PASSWORD });
  const stranger = consoleClient(shopper.app);
  await stranger.signIn(other.email, PASSWORD);
  assert.equal((await stranger.get(`/console/invoices/${invoiceId}/print`)).status, 404);
});

test('the credit history lists a top-up by card and the invoices paid from credit', async (t) => {
  const shopper = await signedInShopper(t, { credit: '0.00' });
  const { invoiceId: waitingInvoice, total } = await orderAwaitingPayment(shopper);

  const form = await page(shopper.browser, '/console/billing');
  assert.match(visibleText(form.html), /Credit history No top-ups or invoices paid from credit yet/);
  const topUp = await shopper.browser.post('/console/billing/top-up', { amount: '25.50', payment_token: paymentToken(form.html), card_number: CARDS.succeeds, expiry: GOOD_EXPIRY, cvc: '123' });
  assert.equal(topUp.status, 303);
  const invoicePage = await page(shopper.browser, `/console/invoices/${waitingInvoice}`);
  const fromCredit = await shopper.browser.post(`/console/invoices/${waitingInvoice}/pay`, { method: 'credit', payment_token: paymentToken(invoicePage.html) });
  assert.equal(fromCredit.status, 303, visibleText(fromCredit.html));
  // Credit covers this one: billing takes it from credit when the order is placed.
  const covered = await orderServer(shopper.world, { ...BASE_ORDER, hostname: 'web-2' });
  assert.equal(covered.status, 201, JSON.stringify(covered.body));
  assert.equal(covered.body.invoice.status, 'paid');

  const credit = visibleText((await page(shopper.browser, '/console/billing')).html);
  const balance = await creditBalance(shopper);
  assert.ok(credit.includes(`Your credit balance is ${balance} EUR`), credit);
  const history = credit.slice(credit.indexOf('Credit history'));
  const rows = [
    new RegExp(`Invoice ${covered.body.invoice.id} paid from credit: Server web-2 · CX22, monthly Paid −${covered.body.invoice.total} EUR`),
    new RegExp(`Invoice ${waitingInvoice} paid from credit: Server web-1 · CX22, monthly Paid −${total} EUR`),
    /Top-up by card \(visa ending in 4242\) Paid \+25\.50 EUR/,
  ];
  let position = 0;
  for (const row of rows) {
    const found = row.exec(history.slice(position));
    assert.ok(found, `${row} after position ${position} in ${history}`);
    position += found.index + found[0].length;
  }
  // What the history lists adds up to what the API says the balance is (this account opened with none).
  const [whole, cents] = total.split('.').map(Number) as [number, number];
  const spent = 2 * (whole * 100 + cents);
  assert.equal(balance, ((2550 - spent) / 100).toFixed(2));
});

test('an invoice’s summary and the invoice list follow an unpaid invoice until it is settled', async (t) => {
  const shopper = await signedInShopper(t);
  const { invoiceId, orderId } = await orderAwaitingPayment(shopper);
  const invoicePage = await page(shopper.browser, `/console/invoices/${invoiceId}`);
  assert.match(invoicePage.html, new RegExp(`<section id="invoice-summary"[^>]*hx-get="/console/invoices/${invoiceId}/summary" hx-trigger="every 5s"`));
  assert.match((await page(shopper.browser, '/console/invoices')).html, /<div class="table-wrap" id="invoices-table" hx-get="\/console\/invoices\/table" hx-trigger="every 5s"/);

  // Paid elsewhere (here by the provider's back office): the fragments show it, and stop asking once the order has settled.
  const paid = await shopper.app.admin(`/invoices/${invoiceId}/pay`, { method: 'POST' });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  await eventually(async () => (await orderStatus(shopper, orderId)) === 'completed');
  const summary = await page(shopper.browser, `/console/invoices/${invoiceId}/summary`);
  assert.doesNotMatch(summary.html, /<html|<h1/, 'the fragment alone');
  assert.match(visibleText(summary.html), new RegExp(`Status Paid .* Order ${orderId} \\(New server\\): Completed`));
  assert.doesNotMatch(summary.html, POLLING);
  const table = await page(shopper.browser, '/console/invoices/table');
  assert.match(visibleText(table.html), new RegExp(`Invoice ${invoiceId} Server web-1 · CX22, monthly \\S+ Paid`));
  assert.doesNotMatch(table.html, POLLING);

  const other = await shopper.app.createUser({ password: PASSWORD });
  const stranger = consoleClient(shopper.app);
  await stranger.signIn(other.email, PASSWORD);
  assert.equal((await stranger.get(`/console/invoices/${invoiceId}/summary`)).status, 404);
  assert.doesNotMatch((await stranger.get('/console/invoices/table')).html, new RegExp(`Invoice ${invoiceId}`));
});
