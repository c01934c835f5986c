// Managing a server from the console over HTTP, each checked through the
// API as a client would see it: rename (PATCH …/servers/{id}/), reinstall and
// reset of the root password (actions; the password shown once, in a POST's
// answer only), a plan change and extra traffic (orders, priced first; paid
// from credit, or an invoice to pay at /console/invoices/{id}), and
// cancellation both ways with the API's rules. Refusals name fields as the
// forms label them; another user's server is a 404 page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allActions, getServer, succeeded } from '../helpers/actions.ts';
import { build, eventually } from '../helpers/build.ts';
import type { ConsoleClient, PageResult } from '../helpers/console.ts';
import { visibleText } from '../helpers/console.ts';
import { orders, setCredit, waitForOrder } from '../helpers/upgrades.ts';
import { addMember, addSshKey, placeServer, setFault } from '../helpers/world.ts';
import { assertOneHeading, flash, followRedirect, page, signedInUser, type ConsoleWorld } from './console-world.ts';

function serverPath(w: ConsoleWorld, serverId: string): string {
  return `/console/projects/${w.slug}/servers/${serverId}`;
}

/** The `<form>` tag posting to `action`, and the form's one-time token. */
function form(html: string, action: string): { tag: string; token: string | null } {
  const start = html.indexOf(`action="${action}"`);
  assert.ok(start >= 0, `a form posts to ${action}`);
  const tagStart = html.lastIndexOf('<form', start);
  const body = html.slice(tagStart, html.indexOf('</form>', start));
  return { tag: body.slice(0, body.indexOf('>') + 1), token: /name="form_token" value="([^"]+)"/.exec(body)?.[1] ?? null };
}

/** Reads the page holding the form (for its CSRF and form tokens), then posts it. */
async function submit(browser: ConsoleClient, pagePath: string, action: string, fields: Record<string, string>): Promise<PageResult> {
  const shown = await page(browser, pagePath);
  const { token } = form(shown.html, action);
  return browser.post(action, { ...(token ? { form_token: token } : {}), ...fields });
}

test('rename: the API shows the new name; a bad hostname is refused in words, naming the field as the form does, and nothing changes', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Rename' });
  const server = await placeServer(me, { hostname: 'old-name' });
  const settings = `${serverPath(me, server.id)}/settings`;

  const shown = await page(me.browser, settings);
  assertOneHeading(shown.html);
  assert.match(shown.html, /<label class="form-label mb-0" for="hostname">Hostname<\/label>/);
  assert.match(shown.html, /href="[^"]+\/settings" aria-current="page"/, 'the Settings tab is current');

  const renamed = await submit(me.browser, settings, `${serverPath(me, server.id)}/rename`, { hostname: 'new-name.example.com' });
  assert.equal(renamed.location, settings);
  assert.deepEqual(flash((await followRedirect(me.browser, renamed)).html), { kind: 'success', text: 'The server is now called new-name.example.com.' });
  assert.equal((await getServer(me, server.id)).hostname, 'new-name.example.com');

  for (const hostname of ['-bad-', 'x', 'under_score', '']) {
    const refused = await submit(me.browser, settings, `${serverPath(me, server.id)}/rename`, { hostname });
    assert.equal(refused.status, 400, hostname);
    assert.match(flash(refused.html)?.text ?? '', /^Hostname: use 2 to 64 characters/);
    assert.match(refused.html, /<input class="form-control" id="hostname" name="hostname" value="[^"]*"[^>]*aria-invalid="true">/);
    assert.doesNotMatch(visibleText(refused.html), /must match pattern|\bhostname:/);
  }
  assert.equal((await getServer(me, server.id)).hostname, 'new-name.example.com', 'unchanged');
});

test('reinstall: image and SSH keys chosen, confirmation asked, the API’s reinstall carried out; its root password shown once, in a POST’s answer', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Reinstall' });
  const server = await placeServer(me, { hostname: 'fresh', image: 'debian-12' });
  const keyId = await addSshKey(me, 'laptop');
  const overview = serverPath(me, server.id);
  const settings = `${overview}/settings`;

  const shown = await page(me.browser, settings);
  const reinstallForm = form(shown.html, `${overview}/reinstall`);
  assert.match(reinstallForm.tag, /data-confirm="Reinstall fresh\? Everything on its disk is erased\. This cannot be undone\."/);
  assert.ok(reinstallForm.token, 'a one-time token');
  assert.match(shown.html, /<option value="debian-12" selected>Debian 12 \(Bookworm\)<\/option>/, 'the current image first chosen, by its name');
  assert.match(shown.html, /<option value="ubuntu-24.04">/);
  assert.match(shown.html, new RegExp(`name="ssh_keys" value="${keyId}" id="ssh-key-${keyId}">`));

  // An image the product does not offer: the API's refusal, on the Image field.
  const refused = await submit(me.browser, settings, `${overview}/reinstall`, { image: 'windows-95', ssh_keys: String(keyId) });
  assert.equal(refused.status, 400);
  // (Case-blind: refusals.ts relabels the field's name inside the sentence too, "an Image the server's…"; reported to the lead.)
  assert.match(flash(refused.html)?.text ?? '', /^The reinstall was not started\. Image: is not an image the server's product offers$/i);
  assert.deepEqual(await allActions(me), []);

  const token = form((await page(me.browser, settings)).html, `${overview}/reinstall`).token!;
  const started = await me.browser.post(`${overview}/reinstall`, { form_token: token, image: 'ubuntu-24.04', ssh_keys: String(keyId) });
  assert.equal(started.location, overview);
  assert.match(flash((await followRedirect(me.browser, started)).html)?.text ?? '', /^Reinstall started\./);
  // The same form again (a reload of its answer) starts nothing more.
  await me.browser.post(`${overview}/reinstall`, { form_token: token, image: 'ubuntu-24.04', ssh_keys: String(keyId) });
  const actions = await allActions(me);
  assert.deepEqual(actions.map((action) => action.type), ['server.reinstall']);
  const done = await succeeded(me, actions[0]!.id);
  const after = await getServer(me, server.id);
  assert.equal(after.image.name, 'ubuntu-24.04');
  assert.deepEqual(after.ssh_keys, [keyId]);

  // The overview offers the password (a POST); the password itself is in no GET.
  const offered = await page(me.browser, overview);
  const password = done.result.root_password as string;
  assert.ok(password.length >= 12);
  assert.ok(!offered.html.includes(password));
  assert.match(visibleText(offered.html), /The new root password from Reinstall .* is ready\. It is shown once\./);
  const revealed = await me.browser.post(`${overview}/password`, { action_id: String(done.id) });
  assert.equal(revealed.status, 200);
  assert.equal(revealed.headers.get('cache-control'), 'no-store');
  assert.ok(revealed.html.includes(`<code class="token" id="root-password">${password}</code>`));
  assertOneHeading(revealed.html);

  const again = await me.browser.post(`${overview}/password`, { action_id: String(done.id) });
  assert.equal(again.status, 303, 'shown once');
  assert.match(flash((await followRedirect(me.browser, again)).html)?.text ?? '', /^That password has been shown already/);
  for (const path of [overview, settings, `${overview}/live`]) assert.ok(!(await page(me.browser, path)).html.includes(password), path);
});

test('reset root password: the new password is in the POST’s answer only, once; a resubmission does not show it again', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Passwords' });
  const server = await placeServer(me, { hostname: 'vault' });
  const overview = serverPath(me, server.id);
  const settings = `${overview}/settings`;

  const shown = await page(me.browser, settings);
  const resetForm = form(shown.html, `${overview}/reset-password`);
  assert.match(resetForm.tag, /data-confirm="Reset the root password of vault\? The old password stops working\."/);
  const answer = await me.browser.post(`${overview}/reset-password`, { form_token: resetForm.token! });
  assert.equal(answer.status, 200, visibleText(answer.html));
  assert.equal(answer.headers.get('cache-control'), 'no-store');
  const [action] = await allActions(me);
  assert.equal(action?.type, 'server.reset_password');
  assert.equal(action.status, 'success');
  const password = action.result.root_password as string;
  assert.ok(answer.html.includes(`<code class="token" id="root-password">${password}</code>`), 'the password the API reports');
  assert.match(visibleText(answer.html), /This is the only time it is shown/);

  const resent = await me.browser.post(`${overview}/reset-password`, { form_token: resetForm.token! });
  assert.equal(resent.status, 303);
  assert.ok(!resent.html.includes(password));
  assert.match(flash((await followRedirect(me.browser, resent)).html)?.text ?? '', /^That password has been shown already/);
  assert.equal((await allActions(me)).length, 1, 'the resubmission reset nothing');
  for (const path of [overview, settings]) {
    const html = (await page(me.browser, path)).html;
    assert.ok(!html.includes(password), path);
    assert.doesNotMatch(html, /Show the password/);
  }
});

test('plan change: options priced before ordering; credit covers it → paid, waiting for a reboot; credit short → the API’s invoice, where the owner is sent to pay', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Plans', credit: '100.00' });
  const server = await placeServer(me, { hostname: 'grow', product_id: 1, location: 'fsn1' });
  const plan = `${serverPath(me, server.id)}/plan`;

  const shown = await page(me.browser, plan);
  assertOneHeading(shown.html);
  const text = visibleText(shown.html);
  assert.match(text, /CX32 · 7\.59 EUR a month .* Difference: \+3\.00 EUR a month; now at most 3\.00 EUR/);
  assert.match(text, /CX42 · 18\.59 EUR a month/);
  assert.match(text, /Your credit 100\.00 EUR/);
  assert.match(form(shown.html, `${serverPath(me, server.id)}/upgrade`).tag, /data-confirm="Order this plan change\?/);

  const paid = await submit(me.browser, plan, `${serverPath(me, server.id)}/upgrade`, { product_id: '2' });
  assert.equal(paid.location, plan);
  assert.match(flash((await followRedirect(me.browser, paid)).html)?.text ?? '', /^The plan change to CX32 ordered and paid from credit \(\d+\.\d{2} EUR\)\. Reboot the server/);
  const [upgrade] = await orders(app, me.key, me.slug);
  assert.equal(upgrade?.type, 'upgrade');
  assert.deepEqual(upgrade.request, { product_id: 2, upgrade_disk: false });
  assert.equal(upgrade.invoice.status, 'paid');
  await waitForOrder(app, me.key, me.slug, upgrade.id, 'completed');
  assert.equal((await getServer(me, server.id)).pending_changes, true);
  assert.match(visibleText((await page(me.browser, plan)).html), /A new plan is waiting: reboot the server/);

  // No credit left: the order waits for its invoice, and the owner is sent to pay it.
  await setCredit(app, me.userId, me.key, 0);
  const invoiced = await submit(me.browser, plan, `${serverPath(me, server.id)}/upgrade`, { product_id: '3', upgrade_disk: 'yes' });
  const [waiting] = await orders(app, me.key, me.slug);
  assert.equal(waiting?.status, 'awaiting_payment');
  assert.deepEqual(waiting.request, { product_id: 3, upgrade_disk: true });
  assert.equal(invoiced.location, `/console/invoices/${waiting.invoice.id}`);
  assert.ok(waiting.invoice.url.endsWith(invoiced.location), 'where the API’s invoice.url leads');
  const invoicePage = await followRedirect(me.browser, invoiced);
  assert.equal(invoicePage.status, 200);
  assert.match(flash(invoicePage.html)?.text ?? '', new RegExp(`^The plan change to CX42 ordered\\. Your credit does not cover its invoice of ${waiting.invoice.total.replace('.', '\\.')} EUR`));
  // The plan page lists it, with the invoice to pay.
  assert.ok((await page(me.browser, plan)).html.includes(`<a href="/console/invoices/${waiting.invoice.id}">Pay invoice ${waiting.invoice.id}</a>`));
});

test('extra traffic: sizes priced before ordering, paid from credit, added to the server; the same form sent twice orders once; a member may not order', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Traffic', credit: '100.00' });
  const server = await placeServer(me, { hostname: 'busy', product_id: 1, location: 'fsn1' });
  const plan = `${serverPath(me, server.id)}/plan`;
  const action = `${serverPath(me, server.id)}/bandwidth`;

  const shown = await page(me.browser, plan);
  assert.match(visibleText(shown.html), /1000 GB · 1\.19 EUR 5000 GB · 5\.49 EUR 10000 GB · 9\.99 EUR/);
  const token = form(shown.html, action).token!;
  const ordered = await me.browser.post(action, { form_token: token, size_gb: '5000' });
  assert.equal(ordered.location, plan);
  assert.equal(flash((await followRedirect(me.browser, ordered)).html)?.text, 'Extra traffic of 5000 GB ordered and paid from credit (5.49 EUR). It is added in a moment.');
  const resent = await me.browser.post(action, { form_token: token, size_gb: '5000' });
  assert.equal(resent.location, plan);
  const placed = await orders(app, me.key, me.slug);
  assert.equal(placed.length, 1, 'one order for the form sent twice');
  assert.equal(placed[0]!.type, 'bandwidth');
  await waitForOrder(app, me.key, me.slug, placed[0]!.id, 'completed');
  assert.equal((await getServer(me, server.id)).bandwidth.extra_gb, 5000);

  // A size not offered: the API's refusal, in the form's words.
  const refused = await submit(me.browser, plan, action, { size_gb: '123' });
  assert.equal(refused.status, 400);
  assert.match(flash(refused.html)?.text ?? '', /^The extra traffic was not ordered\. Extra traffic: must be one of: 1000, 5000, 10000/);

  const member = await signedInUser(app);
  await addMember(app, me.slug, member.userId, 'member');
  const memberPlan = await page(member.browser, plan);
  assert.match(visibleText(memberPlan.html), /Only the project’s owner or an admin can buy extra traffic\./);
  const forbidden = await member.browser.post(action, { size_gb: '1000' });
  assert.equal(forbidden.status, 403);
  assert.match(flash(forbidden.html)?.text ?? '', /^The extra traffic was not ordered\./);
  assert.equal((await orders(app, me.key, me.slug)).length, 1);
});

test('cancellation at the end of the term: a reason is needed; then the API has it (the same request is a repeat, the other kind a conflict) and the pages say so', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Cancel' });
  const server = await placeServer(me, { hostname: 'leaving' });
  const settings = `${serverPath(me, server.id)}/settings`;
  const cancel = `${serverPath(me, server.id)}/cancel`;

  const shown = await page(me.browser, settings);
  assert.match(shown.html, /data-confirm="Cancel leaving at the end of its term\? It is deleted then, with everything on it\."/);
  assert.match(shown.html, /data-confirm="Delete leaving now\? It is cancelled and deleted at once, with everything on it\. This cannot be undone\."/);

  const noReason = await submit(me.browser, settings, cancel, { when: 'end_of_term', reason: '' });
  assert.equal(noReason.status, 400);
  assert.equal(flash(noReason.html)?.text, 'leaving was not cancelled. Reason: say why the server is cancelled; it is needed to cancel at the end of the term.');
  assert.match(noReason.html, /<textarea[^>]*aria-invalid="true">/);
  assert.equal((await getServer(me, server.id)).billing.status, 'Active');

  const requested = await submit(me.browser, settings, cancel, { when: 'end_of_term', reason: 'moving elsewhere' });
  assert.equal(requested.location, settings);
  const due = (await getServer(me, server.id)).billing.next_due_date;
  const after = await followRedirect(me.browser, requested);
  assert.equal(flash(after.html)?.text, `leaving is cancelled at the end of its term (${due}). It runs until then and is deleted afterwards.`);
  assert.match(visibleText(after.html), /Cancels at end of term The server is deleted at the end of its term .* A cancellation request cannot be withdrawn/);
  assert.doesNotMatch(after.html, new RegExp(`action="${cancel}"`), 'no cancel form once requested');

  const repeat = await app.api(`/projects/${me.slug}/servers/${server.id}/cancel/`, { method: 'POST', key: me.key, body: { when: 'end_of_term', reason: 'moving elsewhere' } });
  assert.equal(repeat.status, 200, 'the API has the same request already');
  const other = await app.api(`/projects/${me.slug}/servers/${server.id}/cancel/`, { method: 'POST', key: me.key, body: { when: 'immediate' } });
  assert.equal(other.status, 409);
  assert.match(visibleText((await page(me.browser, serverPath(me, server.id))).html), /This server is cancelled at the end of its term/);

  // Posted all the same, the other kind is the API's conflict, shown on the form.
  const conflict = await me.browser.post(cancel, { when: 'immediate' });
  assert.equal(conflict.status, 409);
  assert.equal(flash(conflict.html)?.text, `leaving was not cancelled. ${other.body.detail}`);
});

test('cancellation now deletes the server (the API then answers 404); a member may not cancel; another user’s server is a 404 page', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Delete' });
  const server = await placeServer(me, { hostname: 'doomed' });
  const settings = `${serverPath(me, server.id)}/settings`;
  const cancel = `${serverPath(me, server.id)}/cancel`;

  const member = await signedInUser(app);
  await addMember(app, me.slug, member.userId, 'member');
  assert.match(visibleText((await page(member.browser, settings)).html), /Only the project’s owner or an admin can cancel a server\./);
  const forbidden = await member.browser.post(cancel, { when: 'immediate' });
  assert.equal(forbidden.status, 403);
  assert.match(flash(forbidden.html)?.text ?? '', /^doomed was not cancelled\./);

  const stranger = await signedInUser(app, { project: 'Elsewhere' });
  for (const path of ['/settings', '/plan']) assert.equal((await stranger.browser.get(`${serverPath(me, server.id)}${path}`)).status, 404, path);
  await page(stranger.browser, '/console/projects');
  for (const [path, fields] of [
    ['/rename', { hostname: 'mine-now' }],
    ['/cancel', { when: 'immediate' }],
    ['/reinstall', { image: 'debian-12' }],
    ['/reset-password', {}],
    ['/upgrade', { product_id: '2' }],
    ['/bandwidth', { size_gb: '1000' }],
    ['/password', { action_id: '1' }],
  ] as const) {
    assert.equal((await stranger.browser.post(`${serverPath(me, server.id)}${path}`, fields)).status, 404, path);
  }
  assert.equal((await getServer(me, server.id)).hostname, 'doomed');
  assert.deepEqual(await allActions(me), []);

  const deleted = await submit(me.browser, settings, cancel, { when: 'immediate' });
  assert.equal(deleted.location, `/console/projects/${me.slug}`);
  assert.equal(flash((await followRedirect(me.browser, deleted)).html)?.text, 'doomed is cancelled and deleted, with everything that was on it.');
  await eventually(async () => (await app.api(`/projects/${me.slug}/servers/${server.id}/`, { key: me.key })).status === 404);
  assert.equal((await me.browser.get(serverPath(me, server.id))).status, 404);
});

test('with billing down the plan and settings pages still open and say what cannot be done now; an order is refused in the API’s words', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Billing down', credit: '100.00' });
  const server = await placeServer(me, { hostname: 'steady' });
  await setFault(app, 'billing', 'down');

  const plan = await page(me.browser, `${serverPath(me, server.id)}/plan`);
  assert.match(visibleText(plan.html), /plan changes cannot be priced|Plan changes cannot be listed now/);
  assert.match(visibleText(plan.html), /Extra traffic cannot be priced now\./);
  const settings = await page(me.browser, `${serverPath(me, server.id)}/settings`);
  assert.match(visibleText(settings.html), /The images cannot be listed now\./);
  assert.match(settings.html, /action="[^"]+\/rename"/, 'renaming needs no billing');

  const refused = await me.browser.post(`${serverPath(me, server.id)}/bandwidth`, { size_gb: '1000' });
  assert.equal(refused.status, 503);
  assert.match(flash(refused.html)?.text ?? '', /^The extra traffic was not ordered\. The billing system is unavailable/);
  await setFault(app, 'billing', 'ok');
  assert.deepEqual(await orders(app, me.key, me.slug), []);
});

test('an order billing took but did not confirm is never offered again: the page says it is being checked and lists it', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Unconfirmed', credit: '100.00' });
  const server = await placeServer(me, { hostname: 'patient' });
  const plan = `${serverPath(me, server.id)}/plan`;
  const action = `${serverPath(me, server.id)}/bandwidth`;
  const token = form((await page(me.browser, plan)).html, action).token!;
  await setFault(app, 'billing', { mode: 'error', committed: true });

  const answered = await me.browser.post(action, { form_token: token, size_gb: '1000' });
  assert.equal(answered.status, 303, 'back to the plan page, not the form with a new token');
  assert.equal(answered.location, plan);
  await setFault(app, 'billing', 'ok');
  const shown = await followRedirect(me.browser, answered);
  assert.match(flash(shown.html)?.text ?? '', /^Billing did not confirm the order for the extra traffic\. It is recorded and being checked.*Do not order it again\.$/);
  const placed = await orders(app, me.key, me.slug);
  assert.equal(placed.length, 1, 'the order is recorded once');
  assert.equal(placed[0]!.status, 'unknown');
});
