// A project's SSH keys (D6) and orders in the console over HTTP: keys are
// added, listed with their fingerprint and deleted through SshKeyService,
// refusals in the API's words; orders are listed as the API lists them, in
// words, each linking to its invoice in the console, and the list follows
// orders that can still move until they settle.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, eventually } from '../helpers/build.ts';
import { visibleText } from '../helpers/console.ts';
import { BASE_ORDER, orderServer } from '../helpers/orders.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { addSshKey, placeServer } from '../helpers/world.ts';
import { assertOneHeading, flash, followRedirect, page, signedInUser } from './console-world.ts';

async function apiKeys(app: Awaited<ReturnType<typeof build>>, slug: string, key: string): Promise<{ id: number; name: string; fingerprint: string }[]> {
  const listed = await app.api(`/projects/${slug}/ssh-keys/`, { key });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  return listed.body.results;
}

test('an SSH key added in the console is the project’s key on the API, listed with its fingerprint, and can be deleted', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Keys' });
  const keysPath = `/console/projects/${me.slug}/ssh-keys`;

  const empty = await page(me.browser, keysPath);
  assertOneHeading(empty.html);
  assert.match(empty.html, /<label class="form-label" for="ssh-key-name">Name<\/label>/);
  assert.match(empty.html, /<label class="form-label" for="ssh-key-public-key">Public key<\/label>/);
  assert.match(empty.html, /<button type="submit" class="btn btn-primary">Add key<\/button>/);
  // The project's navigation, with SSH keys as the current part.
  assert.match(empty.html, new RegExp(`<a href="/console/projects/${me.slug}/ssh-keys" aria-current="page">`));

  const added = await me.browser.post(keysPath, { name: 'laptop', public_key: ed25519Key('me@laptop') });
  assert.equal(added.location, keysPath);
  const listedPage = await followRedirect(me.browser, added);
  assert.equal(flash(listedPage.html)?.kind, 'success');
  const [onApi] = await apiKeys(app, me.slug, me.key);
  assert.equal(onApi?.name, 'laptop');
  assert.match(visibleText(listedPage.html), new RegExp(`laptop ${onApi.fingerprint.replace(/[+/]/g, '\\$&')} \\d{4}-\\d{2}-\\d{2}`));
  assert.match(listedPage.html, /<div class="table-wrap[^"]*"[^>]*>\s*<table class="[^"]*\btable-cards\b/);
  assert.match(listedPage.html, /<button type="submit" class="[^"]*" aria-label="Delete key laptop">/);
  // Deleting asks first.
  assert.match(listedPage.html, new RegExp(`<form method="post" action="${keysPath}/${onApi.id}/delete"[^>]* data-confirm="Delete the SSH key laptop\\? This cannot be undone\\."`));

  const deleted = await me.browser.post(`${keysPath}/${onApi.id}/delete`, {});
  assert.equal(deleted.location, keysPath);
  assert.deepEqual(flash((await followRedirect(me.browser, deleted)).html), { kind: 'success', text: 'Key laptop deleted.' });
  assert.deepEqual(await apiKeys(app, me.slug, me.key), []);
});

test('an invalid key, a key already there and a key in use are refused in the API’s words, and nothing changes', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Key Refusals' });
  const keysPath = `/console/projects/${me.slug}/ssh-keys`;

  const invalid = { name: 'broken', public_key: 'ssh-ed25519 AAAAnotakey' };
  const apiInvalid = await app.api(`/projects/${me.slug}/ssh-keys/`, { method: 'POST', key: me.key, body: invalid });
  assert.equal(apiInvalid.status, 400);
  await page(me.browser, keysPath);
  const refused = await me.browser.post(keysPath, invalid);
  assert.equal(refused.status, 400);
  // The API's words, with the field named as the form labels it: "Public key: …", never "public_key: …".
  assert.match(apiInvalid.body.detail, /^public_key: /);
  assert.equal(flash(refused.html)?.text, apiInvalid.body.detail.replace(/^public_key: /, 'Public key: '));
  assert.doesNotMatch(visibleText(refused.html), /public_key/);
  assert.match(refused.html, /id="ssh-key-public-key"[^>]*aria-invalid="true"[^>]*>ssh-ed25519 AAAAnotakey<\/textarea>/, 'marked, and kept as typed');

  const line = ed25519Key();
  const keyId = (await app.api(`/projects/${me.slug}/ssh-keys/`, { method: 'POST', key: me.key, body: { name: 'first', public_key: line } })).body.id;
  const apiDuplicate = await app.api(`/projects/${me.slug}/ssh-keys/`, { method: 'POST', key: me.key, body: { name: 'again', public_key: line } });
  assert.equal(apiDuplicate.status, 409);
  await page(me.browser, keysPath);
  const duplicate = await me.browser.post(keysPath, { name: 'again', public_key: line });
  assert.equal(duplicate.status, 409);
  assert.equal(flash(duplicate.html)?.text, apiDuplicate.body.detail);

  await placeServer(me, { ssh_keys: [keyId] });
  const apiInUse = await app.api(`/projects/${me.slug}/ssh-keys/${keyId}/`, { method: 'DELETE', key: me.key });
  assert.equal(apiInUse.status, 409);
  await page(me.browser, keysPath);
  const inUse = await me.browser.post(`${keysPath}/${keyId}/delete`, {});
  assert.equal(inUse.status, 409);
  assert.equal(flash(inUse.html)?.text, `Key first was not deleted. ${apiInUse.body.detail}`);
  assert.deepEqual((await apiKeys(app, me.slug, me.key)).map((key) => key.name), ['first']);

  assert.equal((await me.browser.post(`${keysPath}/999999/delete`, {})).status, 404);
  assert.equal((await me.browser.post(`${keysPath}/${keyId}/delete`, { _csrf: null })).status, 403);
});

test('SSH key names are shown as text, never as markup', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Escapes' });
  await addSshKey(me, '<script>alert(1)</script>');
  const listed = await page(me.browser, `/console/projects/${me.slug}/ssh-keys`);
  assert.ok(!listed.html.includes('<script>alert(1)</script>'));
  assert.ok(listed.html.includes('aria-label="Delete key &lt;script&gt;alert(1)&lt;/script&gt;"'));
});

test('the orders page lists the project’s orders, newest first, in words, each linking to its invoice in the console', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Orders', credit: '0.00' });
  const first = await orderServer(me, { ...BASE_ORDER, hostname: 'shop-1' });
  const second = await orderServer(me, { ...BASE_ORDER, hostname: 'shop-2' });
  for (const ordered of [first, second]) {
    assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
    assert.equal(ordered.body.status, 'awaiting_payment');
  }

  const orders = await page(me.browser, `/console/projects/${me.slug}/orders`);
  assertOneHeading(orders.html);
  // The project's navigation, with Orders as the current part.
  assert.ok(orders.html.includes(`<a href="/console/projects/${me.slug}/orders" aria-current="page">`), 'Orders is the current part of the project');
  const rows = [...orders.html.matchAll(/<tr data-order-id="\d+">[\s\S]*?<\/tr>/g)].map((match) => match[0]);
  assert.equal(rows.length, 2);
  for (const [row, ordered] of [[rows[0]!, second.body], [rows[1]!, first.body]] as const) {
    const { invoice } = ordered;
    assert.equal(
      visibleText(row),
      `${ordered.id} New server ${ordered.request.hostname} Awaiting payment ${invoice.total} ${invoice.currency} ${ordered.created_at.slice(0, 10)} ${ordered.created_at.slice(11, 19)} UTC Invoice ${invoice.id}`,
    );
    assert.ok(row.includes('<span class="badge text-bg-warning state-badge" data-state="awaiting_payment">Awaiting payment</span>'), row);
    assert.ok(invoice.url.endsWith(`/console/invoices/${invoice.id}`));
    assert.ok(row.includes(`<a href="/console/invoices/${invoice.id}">Invoice ${invoice.id}</a>`), row);
  }
});

test('plan changes and extra traffic name their server; the orders table follows unsettled orders until they settle', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Changes', credit: '0.00' });
  const server = await placeServer(me, { hostname: 'db-1' });
  const upgrade = await app.api(`/projects/${me.slug}/servers/${server.id}/upgrade/`, { method: 'POST', key: me.key, body: { product_id: 2 } });
  assert.equal(upgrade.status, 201, JSON.stringify(upgrade.body));
  const pricing = (await app.api(`/projects/${me.slug}/pricing/`, { key: me.key })).body;
  const traffic = await app.api(`/projects/${me.slug}/servers/${server.id}/bandwidth/`, { method: 'POST', key: me.key, body: { size_gb: pricing.extra_bandwidth[0].size_gb } });
  assert.equal(traffic.status, 201, JSON.stringify(traffic.body));

  const orders = await page(me.browser, `/console/projects/${me.slug}/orders`);
  const text = visibleText(orders.html);
  assert.ok(text.includes(`${traffic.body.id} Extra traffic db-1 Awaiting payment`), text);
  assert.ok(text.includes(`${upgrade.body.id} Plan change db-1 Awaiting payment`), text);
  assert.ok(orders.html.includes(`<a href="/console/projects/${me.slug}/servers/${server.id}">db-1</a>`));
  assert.doesNotMatch(text, /awaiting_payment|\bupgrade\b|\bbandwidth\b/);
  assert.match(orders.html, new RegExp(`<div class="table-wrap" id="orders-table" hx-get="/console/projects/${me.slug}/orders/table" hx-trigger="live-refresh, every 30s"`));

  // Both invoices paid by the provider: the orders settle, and the table stops asking for itself.
  for (const order of [upgrade.body, traffic.body]) assert.equal((await app.admin(`/invoices/${order.invoice.id}/pay`, { method: 'POST' })).status, 200);
  await eventually(async () => {
    const listed = await app.api(`/projects/${me.slug}/orders/`, { key: me.key });
    return listed.body.every((order: { status: string }) => order.status === 'completed');
  });
  const table = await page(me.browser, `/console/projects/${me.slug}/orders/table`);
  assert.doesNotMatch(table.html, /<html|<h1/, 'the fragment alone');
  assert.equal(visibleText(table.html).match(/Completed/g)?.length, 2);
  assert.doesNotMatch(table.html, /every \d+s/);
  const stranger = await signedInUser(app);
  assert.equal((await stranger.browser.get(`/console/projects/${me.slug}/orders/table`)).status, 404);
});
