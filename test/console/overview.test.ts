// The overview (/console/overview) over HTTP: where sign-in and /console/
// land; what is due (unpaid invoices, each with a Pay link), credit, servers
// by status across the user's projects, and the latest actions across
// projects, each checked against the API; and the page following unfinished
// actions by itself (htmx polling) until they end. simScale 0.1 where a test
// needs an action still running: a reinstall then takes seconds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startOk } from '../helpers/actions.ts';
import { build, eventually } from '../helpers/build.ts';
import { consoleClient, visibleText } from '../helpers/console.ts';
import { placeServer } from '../helpers/world.ts';
import { assertOneHeading, page, signedInUser, PASSWORD } from './console-world.ts';
import { orderAwaitingPayment, signedInShopper } from './payments-helpers.ts';

const POLLING = /hx-trigger="every \d+s"/;

test('signing in, and /console/, land on the overview', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app);
  const root = await me.browser.get('/console/');
  assert.equal(root.status, 303);
  assert.equal(root.location, '/console/overview');
  const again = await consoleClient(app).signIn(me.email, PASSWORD);
  assert.equal(again.location, '/console/');
  const overview = await page(me.browser, '/console/overview');
  assertOneHeading(overview.html);
  assert.match(overview.html, /<h1>Overview<\/h1>/);
  assert.match(overview.html, /<a href="\/console\/overview" aria-current="page">/);
  // A user with nothing yet is told where to start.
  assert.match(visibleText(overview.html), /You have no projects yet\. Create a project/);
  assert.match(visibleText(overview.html), /Amount due 0\.00 EUR Nothing to pay\./);
});

test('the overview shows the amount due with a Pay link per unpaid invoice, credit, servers by status and recent actions', async (t) => {
  const shopper = await signedInShopper(t, { credit: '3.00' });
  const { world } = shopper;
  const { invoiceId, total } = await orderAwaitingPayment(shopper);
  // Servers in two projects: one running, one stopped by an action, one suspended by the provider.
  const web = await placeServer(world, { hostname: 'web-a' });
  const db = await placeServer(world, { hostname: 'db-b' });
  const otherSlug = await shopper.app.createReadyProject(world.key, 'Second');
  const mail = await placeServer({ app: shopper.app, slug: otherSlug }, { hostname: 'mail-c' });
  const powerOff = await startOk(world, db.id, 'power_off');
  await eventually(async () => (await shopper.app.api(`/projects/${world.slug}/actions/${powerOff.id}/`, { key: world.key })).body.status === 'success');
  assert.equal((await shopper.app.admin(`/servers/${mail.id}/suspend`, { method: 'POST' })).status, 200);
  const reboot = await startOk(world, web.id, 'reboot');
  await eventually(async () => (await shopper.app.api(`/projects/${world.slug}/actions/${reboot.id}/`, { key: world.key })).body.status === 'success');
  // Someone else's servers are not counted.
  const stranger = await signedInUser(shopper.app, { project: 'Theirs' });
  await placeServer(stranger, { hostname: 'not-mine' });

  const statuses = async (slug: string) => (await shopper.app.api(`/projects/${slug}/servers/`, { key: world.key })).body.results.map((server: { status: string }) => server.status).sort();
  assert.deepEqual([...(await statuses(world.slug)), ...(await statuses(otherSlug))].sort(), ['running', 'stopped', 'suspended']);

  const overview = await page(shopper.browser, '/console/overview');
  assertOneHeading(overview.html);
  const text = visibleText(overview.html);
  assert.ok(text.includes(`Amount due ${total} EUR 1 unpaid invoice.`), text);
  assert.ok(text.includes(`Unpaid invoices Invoice For Date Status Total Pay Invoice ${invoiceId} Server web-1 · CX22, monthly`), text);
  assert.ok(overview.html.includes(`<a class="btn btn-sm btn-primary" href="/console/invoices/${invoiceId}#pay">Pay<span class="visually-hidden"> invoice ${invoiceId}</span></a>`));
  assert.match(text, /Credit 3\.00 EUR Top up credit/);
  assert.ok(overview.html.includes('<a href="/console/billing">Top up credit</a>'));
  assert.match(text, /Servers 3 Running 1 Stopped 1 Suspended 1/);
  assert.match(text, /Shop 2 Running 1 Stopped 1 Second 1 Suspended 1/);
  assert.ok(overview.html.includes(`<a href="/console/projects/${otherSlug}">Second</a>`));
  assert.doesNotMatch(text, /not-mine|Theirs/);
  // The latest first, in words, with its server and project.
  assert.match(text, /Recent actions Action Status Server Project Started Reboot Done web-a Shop \S+ \S+ UTC Power off Done db-b Shop/);
  assert.ok(overview.html.includes(`<a href="/console/projects/${world.slug}/servers/${web.id}">web-a</a>`));
  assert.doesNotMatch(text, /server\.reboot|server\.power_off/);
  assert.doesNotMatch(overview.html, POLLING, 'everything has settled: no polling');
});

test('the overview follows an unfinished action until it ends', async (t) => {
  const app = await build(t, { config: { simScale: 0.1 } });
  const me = await signedInUser(app, { project: 'Live' });
  const server = await placeServer(me, { hostname: 'slow-1' });
  const reinstall = await startOk(me, server.id, 'reinstall', { body: { image: 'debian-12' } });

  const overview = await page(me.browser, '/console/overview');
  assert.match(overview.html, /<div id="overview" hx-get="\/console\/overview\/live" hx-trigger="every 5s" hx-swap="outerHTML">/);
  assert.match(visibleText(overview.html), /Reinstall In progress slow-1 Live/);

  await eventually(async () => (await app.api(`/projects/${me.slug}/actions/${reinstall.id}/`, { key: me.key })).body.status === 'success', 20_000);
  const live = await page(me.browser, '/console/overview/live');
  assert.doesNotMatch(live.html, /<html|<h1/, 'the fragment alone');
  assert.match(visibleText(live.html), /Reinstall Done slow-1 Live/);
  assert.doesNotMatch(live.html, POLLING);
});
