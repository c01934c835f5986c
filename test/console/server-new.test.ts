// Creating a server in the console (issue 30, item 1), over HTTP: the order
// follows the API's rules (credit, invoice, stock, validation) through the
// same service, the price and the stock follow the choice (the htmx
// fragment), a refusal names the field as the form labels it and changes
// nothing, a resent form orders once, and another user's project is a 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, eventually, type TestApp } from '../helpers/build.ts';
import { visibleText } from '../helpers/console.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { addMember, setFault } from '../helpers/world.ts';
import { CARDS, GOOD_EXPIRY, paymentToken } from './payments-helpers.ts';
import { assertOneHeading, flash, followRedirect, page, signedInUser, type ConsoleWorld } from './console-world.ts';

const ORDER = { hostname: 'web-1', product_id: '1', location: 'fsn1', image: 'debian-12', billing_cycle: 'monthly' };

const newPath = (me: ConsoleWorld) => `/console/projects/${me.slug}/servers/new`;

/** The create page's one-time token, read from the page as a browser would. */
async function formToken(me: ConsoleWorld): Promise<string> {
  const form = await page(me.browser, newPath(me));
  const match = /name="form_token" value="([^"]+)"/.exec(form.html);
  assert.ok(match, 'the form carries a one-time token');
  return match[1]!;
}

/** Reads the create page and sends its form with these fields. */
async function submitOrder(me: ConsoleWorld, fields: Record<string, string>) {
  const form_token = await formToken(me);
  return me.browser.post(newPath(me), { ...ORDER, form_token, ...fields });
}

async function apiOrders(me: ConsoleWorld): Promise<any[]> {
  const listed = await me.app.api(`/projects/${me.slug}/orders/`, { key: me.key });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  return listed.body;
}

async function apiKeys(me: ConsoleWorld): Promise<any[]> {
  const listed = await me.app.api(`/projects/${me.slug}/ssh-keys/`, { key: me.key });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  return listed.body.results;
}

async function credit(me: ConsoleWorld): Promise<string> {
  return (await me.app.api('/me/', { key: me.key })).body.billing_account.credit_balance;
}

/** The project's servers table as htmx fetches it. */
async function serversFragment(me: ConsoleWorld): Promise<string> {
  return (await page(me.browser, `/console/projects/${me.slug}/servers-fragment`)).html;
}

/** The table row of a server or an order, as a reader sees it. */
function rowText(html: string, attribute: string): string | null {
  const match = new RegExp(`<tr ${attribute}>([\\s\\S]*?)</tr>`).exec(html);
  return match ? visibleText(match[1]!) : null;
}

test('with enough credit the order is paid from it, and the new server appears on the project page and runs; an inline key is added and installed', async (t) => {
  // Delivery takes its full simulated time (10 s), which the test's clock skips once the order's progress has been seen.
  const app = await build(t, { config: { simScale: 1 } });
  const me = await signedInUser(app, { project: 'Shop', credit: '50.00' });

  const project = await page(me.browser, `/console/projects/${me.slug}`);
  assertOneHeading(project.html);
  assert.ok(project.html.includes(`href="${newPath(me)}"`), 'the project page links to the create page');
  assert.match(visibleText(project.html), /Create server .*No servers yet\. .*Create your first server/);

  const form = await page(me.browser, newPath(me));
  assertOneHeading(form.html);
  assert.match(form.html, /<h1>Create a server<\/h1>/);
  for (const label of ['Image', 'Billing cycle', 'Promotion code', 'Hostname', 'New key name', 'New public key', 'User data']) {
    assert.match(form.html, new RegExp(`<label class="form-label" for="[^"]+">${label}</label>`), label);
  }
  assert.match(form.html, /<legend class="h5">Plan<\/legend>/);
  assert.match(form.html, /<legend class="h5">Location<\/legend>/);
  assert.match(visibleText(form.html), /Due now 4\.59 EUR/, 'the price of the first choice is shown before any script runs');
  assert.doesNotMatch(form.html, /\sstyle=/, 'no inline style (CSP)');

  const publicKey = ed25519Key('me@laptop');
  const ordered = await submitOrder(me, { new_key_name: 'laptop', new_key_public_key: publicKey });
  assert.equal(ordered.location, `/console/projects/${me.slug}`);
  const after = await followRedirect(me.browser, ordered);
  assert.equal(flash(after.html)?.kind, 'success');
  assert.match(flash(after.html)!.text, /Order placed for web-1, paid from your credit/);

  const [key] = await apiKeys(me);
  assert.equal(key.name, 'laptop');
  const [order] = await apiOrders(me);
  assert.equal(order.type, 'server');
  assert.deepEqual(
    { hostname: order.request.hostname, product_id: order.request.product_id, location: order.request.location, image: order.request.image, cycle: order.request.billing_cycle, keys: order.request.ssh_keys },
    { hostname: 'web-1', product_id: 1, location: 'fsn1', image: 'debian-12', cycle: 'monthly', keys: [key.id] },
  );
  assert.equal(await credit(me), '45.41', 'paid from credit: 50.00 − 4.59');

  // Being delivered: the order's row leads the table, which asks for itself on the project's events (every 30 s as a fallback).
  assert.equal(order.status, 'provisioning');
  assert.equal(rowText(after.html, `data-order-id="${order.id}"`), 'web-1 Provisioning — Falkenstein (DE, fsn1) CX22');
  assert.match(after.html, /<div id="project-servers" hx-get="[^"]+\/servers-fragment" hx-trigger="live-refresh, every 30s" hx-swap="outerHTML" data-live-events="[^"]+">/);
  const advanced = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 15 } });
  assert.equal(advanced.status, 200, JSON.stringify(advanced.body));

  const server = await eventually(async () => {
    const listed = await app.api(`/projects/${me.slug}/servers/`, { key: me.key });
    return listed.body.results.find((entry: { hostname: string; status: string }) => entry.hostname === 'web-1' && entry.status === 'running');
  });
  const completed = await eventually(async () => ((await apiOrders(me))[0].status === 'completed' ? (await apiOrders(me))[0] : null));
  assert.equal(completed.server_id, server.id);
  const full = await app.api(`/projects/${me.slug}/servers/${server.id}/`, { key: me.key });
  assert.deepEqual(full.body.ssh_keys, [key.id]);

  // Settled: the row links to the server, says Running, and the table no longer asks for itself.
  const settled = await serversFragment(me);
  assert.equal(rowText(settled, `data-server-id="${server.id}"`), `web-1 Running ${server.ipv4_primary} Falkenstein (DE, fsn1) CX22`);
  assert.ok(settled.includes(`<a href="/console/projects/${me.slug}/servers/${server.id}">web-1</a>`));
  assert.doesNotMatch(settled, /every \d+s/);
  assert.doesNotMatch(settled, /<html/, 'a fragment, not a page');
});

test('with too little credit the order waits for its invoice: the console goes to the invoice, the project page follows the order live, and once paid the server runs', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Shop', credit: '1.00' });

  const ordered = await submitOrder(me, { hostname: 'db-1' });
  const [order] = await apiOrders(me);
  assert.equal(order.status, 'awaiting_payment');
  assert.equal(ordered.location, `/console/invoices/${order.invoice.id}`, 'straight to the invoice to pay');
  const invoice = await followRedirect(me.browser, ordered);
  assert.match(flash(invoice.html)!.text, /Order placed for db-1\. Your credit does not cover it: pay this invoice/);
  assert.equal(await credit(me), '1.00', 'no credit is applied to an invoice it does not cover');

  // The project page shows the order's row, with a way to pay, and keeps asking while it waits.
  const project = await page(me.browser, `/console/projects/${me.slug}`);
  assert.equal(rowText(project.html, `data-order-id="${order.id}"`), `db-1 Awaiting payment Pay invoice ${order.invoice.id} — Falkenstein (DE, fsn1) CX22`);
  assert.match(project.html, new RegExp(`<div id="project-servers" hx-get="/console/projects/${me.slug}/servers-fragment" hx-trigger="live-refresh, every 30s" hx-swap="outerHTML" data-live-events="[^"]+">`));
  assert.match(project.html, /<a href="\/console\/invoices\/\d+">Pay invoice \d+<\/a>/);
  assert.match(project.html, /class="table table-hover align-middle table-cards"/);
  assert.match(project.html, /<td data-label="Status">/);

  const paid = await me.browser.post(`/console/invoices/${order.invoice.id}/pay`, {
    method: 'card',
    payment_token: paymentToken(invoice.html),
    card_number: CARDS.succeeds,
    expiry: GOOD_EXPIRY,
    cvc: '123',
  });
  assert.equal(paid.status, 303, visibleText(paid.html));

  // The fragment follows the order until its server runs, then stops asking.
  const running = await eventually(async () => {
    const html = await serversFragment(me);
    return /data-state="running"/.test(html) && !/every \d+s/.test(html) ? html : null;
  });
  const listed = await app.api(`/projects/${me.slug}/servers/`, { key: me.key });
  const server = listed.body.results[0];
  assert.equal(server.status, 'running');
  assert.equal(rowText(running, `data-server-id="${server.id}"`), `db-1 Running ${server.ipv4_primary} Falkenstein (DE, fsn1) CX22`);
  assert.doesNotMatch(running, /data-order-id/, 'the delivered order is the server’s row now');
  assert.equal((await apiOrders(me))[0].status, 'completed');
});

test('the price fragment follows the plan, the cycle and the promotion code; stock and “not offered here” are shown before ordering, as the catalogue says them', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Prices' });
  const price = async (query: Record<string, string>) => {
    const result = await page(me.browser, `${newPath(me)}/price?${new URLSearchParams({ image: 'debian-12', ...query })}`);
    assert.doesNotMatch(result.html, /<html|<h1/, 'the fragment alone');
    return result.html;
  };

  const monthly = visibleText(await price({ product_id: '1', location: 'fsn1', billing_cycle: 'monthly' }));
  assert.match(monthly, /CX22, billed monthly 4\.59 EUR Due now 4\.59 EUR Then 4\.59 EUR monthly\./);
  const annually = visibleText(await price({ product_id: '1', location: 'fsn1', billing_cycle: 'annually' }));
  assert.match(annually, /CX22, billed annually 51\.00 EUR Due now 51\.00 EUR/);
  // Another plan, with a setup fee for the monthly term.
  const dedicated = visibleText(await price({ product_id: '4', location: 'fsn1', billing_cycle: 'monthly' }));
  assert.match(dedicated, /CCX13, billed monthly 14\.09 EUR Setup fee \(once\) 5\.00 EUR Due now 19\.09 EUR Then 14\.09 EUR monthly\./);
  const promo = visibleText(await price({ product_id: '1', location: 'fsn1', billing_cycle: 'monthly', promo_code: 'WELCOME10' }));
  assert.match(promo, /Promotion code WELCOME10 is checked when you order/);
  const notSold = visibleText(await price({ product_id: '6', location: 'fsn1', billing_cycle: 'quarterly' }));
  assert.match(notSold, /CCX33 is not sold quarterly: choose monthly or annually\./);
  assert.doesNotMatch(notSold, /Due now/);

  // What the API's catalogue says about CX32 in Ashburn and CCX13 in Helsinki, the page says too.
  const products = (await app.api(`/projects/${me.slug}/products/`, { key: me.key })).body;
  assert.equal(products.find((product: any) => product.id === 2).locations.find((entry: any) => entry.code === 'ash').in_stock, false);
  assert.equal(products.find((product: any) => product.id === 4).locations.find((entry: any) => entry.code === 'hel1'), undefined);

  const soldOut = await price({ product_id: '2', location: 'ash', billing_cycle: 'monthly' });
  assert.match(visibleText(soldOut), /CX32 is out of stock in Ashburn: choose another location or plan\./);
  // Each plan's stock in the chosen place and each place's stock for the chosen plan come along, out of band.
  assert.match(soldOut, /<span id="plan-availability-2" class="d-block mt-1" hx-swap-oob="true"><span class="badge text-bg-danger state-badge" data-state="out_of_stock">Out of stock<\/span>\s+<span class="hint d-inline">Out of stock in Ashburn<\/span><\/span>/);
  assert.match(soldOut, /<span id="plan-availability-1" class="d-block mt-1" hx-swap-oob="true"><span[^>]*data-state="in_stock">In stock<\/span>\s+<span class="hint d-inline">Available in Ashburn<\/span>/);
  assert.match(soldOut, /<span id="location-availability-ash" class="d-block mt-1" hx-swap-oob="true"><span[^>]*data-state="out_of_stock">Out of stock<\/span>\s+<span class="hint d-inline">Out of stock for CX32<\/span>/);
  const notOffered = await price({ product_id: '4', location: 'hel1', billing_cycle: 'monthly' });
  assert.match(visibleText(notOffered), /CCX13 is not offered in Helsinki: choose another location or plan\./);
  assert.match(notOffered, /<span id="location-availability-hel1"[^>]*hx-swap-oob="true"><span[^>]*data-state="not_offered">Not offered here<\/span>\s+<span class="hint d-inline">CCX13 is not offered here<\/span>/);

  // Without scripts the page itself starts from a choice in its address, with the same words.
  const page2 = await page(me.browser, `${newPath(me)}?product_id=2&location=ash`);
  assert.match(page2.html, /<input class="form-check-input flex-shrink-0 mt-1" type="radio" name="product_id" value="2" checked>/);
  assert.match(visibleText(page2.html), /CX32 is out of stock in Ashburn/);
  assert.match(page2.html, /id="order-choices" hx-get="[^"]+\/servers\/new\/price" hx-trigger="change" hx-target="#order-summary"/);
});

test('a refused order shows the form again with the refusal in the form’s words beside its field, keeps what was typed, and creates nothing', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Refusals' });

  const badHostname = await submitOrder(me, { hostname: '-bad-', new_key_name: 'laptop', new_key_public_key: ed25519Key() });
  assert.equal(badHostname.status, 400);
  // The API refuses it by its pattern; the form says the rule in words, under the form's label.
  const hostnameRule = 'Hostname: use 2 to 64 letters, digits and hyphens, with dots between parts; no part starts or ends with a hyphen.';
  assert.equal(flash(badHostname.html)!.text, hostnameRule);
  assert.ok(badHostname.html.includes(`<p class="invalid-feedback" id="server-hostname-error">${hostnameRule}</p>`));
  assert.match(badHostname.html, /id="server-hostname"[^>]*value="-bad-" aria-describedby="server-hostname-hint server-hostname-error" aria-invalid="true"/);
  assert.match(badHostname.html, /id="new-key-name"[^>]*value="laptop"/, 'what was typed is kept');

  const badKey = await submitOrder(me, { new_key_name: 'broken', new_key_public_key: 'ssh-ed25519 AAAAnotakey' });
  assert.equal(badKey.status, 400);
  const apiBadKey = await app.api(`/projects/${me.slug}/ssh-keys/`, { method: 'POST', key: me.key, body: { name: 'broken', public_key: 'ssh-ed25519 AAAAnotakey' } });
  assert.equal(flash(badKey.html)!.text, apiBadKey.body.detail.replace('public_key', 'New public key'), 'the API’s words, labelled as the form labels the field');
  assert.match(badKey.html, /id="new-key-public-key"[^>]*aria-invalid="true">ssh-ed25519 AAAAnotakey<\/textarea>/);

  const halfKey = await submitOrder(me, { new_key_name: 'only a name' });
  assert.equal(halfKey.status, 400);
  assert.match(flash(halfKey.html)!.text, /^New public key: is required/);

  const soldOut = await submitOrder(me, { product_id: '2', location: 'ash' });
  assert.equal(soldOut.status, 400);
  assert.equal(flash(soldOut.html)!.text, 'Location: the product is out of stock in this location');
  assert.match(soldOut.html, /<p class="invalid-feedback" id="location-error">Location: the product is out of stock in this location<\/p>/);

  const promo = await submitOrder(me, { promo_code: 'NOPE' });
  assert.equal(promo.status, 400);
  assert.equal(flash(promo.html)!.text, 'Promotion code: is not a valid promotion code');
  assert.match(promo.html, /id="server-promo-code"[^>]*value="NOPE"[^>]*aria-invalid="true"/);

  const userData = await submitOrder(me, { user_data: '#cloud-config\npackages: [nginx]' });
  assert.equal(userData.status, 400);
  assert.match(flash(userData.html)!.text, /^User data is not available yet/);

  const notAProduct = await submitOrder(me, { product_id: 'abc' });
  assert.equal(notAProduct.status, 400);
  assert.match(flash(notAProduct.html)!.text, /^Plan /);

  assert.deepEqual(await apiOrders(me), [], 'no order');
  assert.deepEqual(await apiKeys(me), [], 'no key');
  assert.equal(await credit(me), '50.00');
});

test('an order refused after its inline key went in keeps the key, ticked; sending the same form again orders once', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Twice' });

  const refused = await submitOrder(me, { location: 'sin', new_key_name: 'laptop', new_key_public_key: ed25519Key() });
  assert.equal(refused.status, 400);
  const [key] = await apiKeys(me);
  assert.equal(key.name, 'laptop');
  assert.match(refused.html, new RegExp(`name="ssh_keys" value="${key.id}" id="ssh-key-${key.id}" checked`));
  assert.match(refused.html, /id="new-key-name"[^>]*value=""/, 'no longer to add');

  // A reload of the answer sends the same form (and token) again: the first order comes back, no second one.
  const form_token = await formToken(me);
  const fields = { ...ORDER, form_token, new_key_name: 'desktop', new_key_public_key: ed25519Key() };
  const first = await me.browser.post(newPath(me), fields);
  assert.equal(first.status, 303, visibleText(first.html));
  const again = await me.browser.post(newPath(me), fields);
  assert.equal(again.status, 303, visibleText(again.html));
  assert.equal(again.location, first.location);
  assert.match(flash((await followRedirect(me.browser, again)).html)!.text, /^This form was sent before: nothing more was ordered\. The order for web-1 is paid/);
  assert.equal((await apiOrders(me)).length, 1, 'one order');
  assert.deepEqual((await apiKeys(me)).map((entry) => entry.name).sort(), ['desktop', 'laptop'], 'the key was added once');
  assert.equal(await credit(me), '45.41', 'charged once');
});

test('orders in the console are limited per user (10 a minute): one user’s limit leaves another’s alone', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Busy', credit: '0.00' });
  const other = await signedInUser(app, { project: 'Calm', credit: '0.00' });
  for (let count = 1; count <= 10; count += 1) {
    const ordered = await submitOrder(me, { hostname: `web-${count}` });
    assert.equal(ordered.status, 303, `order ${count}: ${visibleText(ordered.html)}`);
  }
  const limited = await submitOrder(me, { hostname: 'web-11' });
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get('retry-after')) > 0);
  assert.match(flash(limited.html)!.text, /^You placed 10 orders in the last minute, the most a minute allows; try again in \d+ seconds?\.$/);
  assert.equal((await apiOrders(me)).length, 10);

  assert.equal((await submitOrder(other, {})).status, 303, 'another user orders as before');
  // The user's API key has its own limit, as before.
  const byKey = await app.api(`/projects/${me.slug}/servers/`, { method: 'POST', key: me.key, body: { ...ORDER, product_id: 1 } });
  assert.equal(byKey.status, 201, JSON.stringify(byKey.body));
});

test('a member who may not order is told so; another user’s project is a 404 for the page, the price and the order', async (t) => {
  const app: TestApp = await build(t);
  const owner = await signedInUser(app, { project: 'Private' });
  const member = await signedInUser(app);
  await addMember(app, owner.slug, member.userId, 'member');

  const asMember = await page(member.browser, newPath(owner));
  assert.match(visibleText(asMember.html), /Ordering servers needs the admin or owner role in this project/);
  assert.doesNotMatch(asMember.html, /name="form_token"/);
  assert.doesNotMatch((await page(member.browser, `/console/projects/${owner.slug}`)).html, /Create server/);

  const stranger = await signedInUser(app);
  for (const path of [newPath(owner), `${newPath(owner)}/price?product_id=1`, `/console/projects/${owner.slug}/servers-fragment`]) {
    const answer = await stranger.browser.get(path);
    assert.equal(answer.status, 404, path);
    assert.doesNotMatch(answer.html, /Private/);
  }
  await stranger.browser.get('/console/projects');
  const ordered = await stranger.browser.post(newPath(owner), { ...ORDER, form_token: 'x'.repeat(32) });
  assert.equal(ordered.status, 404);
  assert.deepEqual(await apiOrders(owner), []);
});

test('billing down while ordering: the form again with the words of the failure and nothing bought; billing not confirming: the recorded order is shown, not ordered again', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Faults' });

  const form_token = await formToken(me);
  await setFault(app, 'billing', { mode: 'down', count: 1 });
  const down = await me.browser.post(newPath(me), { ...ORDER, form_token });
  assert.equal(down.status, 503, visibleText(down.html));
  assert.match(flash(down.html)!.text, /The billing system is unavailable; nothing was changed/);
  assert.match(down.html, /id="server-hostname"[^>]*value="web-1"/, 'the form again, as it was');
  assert.deepEqual(await apiOrders(me), []);
  assert.equal(await credit(me), '50.00');

  const token = await formToken(me);
  await setFault(app, 'billing', { mode: 'error', count: 1 });
  const unconfirmed = await me.browser.post(newPath(me), { ...ORDER, hostname: 'web-2', form_token: token });
  assert.equal(unconfirmed.location, `/console/projects/${me.slug}`);
  const projectPage = await followRedirect(me.browser, unconfirmed);
  assert.equal(flash(projectPage.html)?.kind, 'error');
  assert.match(flash(projectPage.html)!.text, /Billing did not confirm the order for web-2\. It is recorded and being checked.*Do not order it again\./);
  const orders = await apiOrders(me);
  assert.equal(orders.length, 1, 'the one recorded order');
  assert.equal(orders[0].request.hostname, 'web-2');
  // Billing never made its invoice: once checked, the order fails and nothing was bought.
  const settled = await eventually(async () => {
    const [order] = await apiOrders(me);
    return order.status === 'failed' ? order : null;
  });
  assert.equal(settled.invoice, null);
  assert.equal(await credit(me), '50.00');
});
