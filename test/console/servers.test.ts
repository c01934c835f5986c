// A server's console page over HTTP: its details, the power buttons starting
// actions through ActionService as the API does (D2, D4), refusals shown in
// the API's words, and the actions table that htmx polls only while an action
// is unfinished. simScale 0.1 where a test needs an action still running: a
// reinstall then takes 3 s, far longer than the requests made meanwhile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actionCount, allActions, getServer, startOk, succeeded } from '../helpers/actions.ts';
import { build, eventually } from '../helpers/build.ts';
import type { ConsoleClient } from '../helpers/console.ts';
import { visibleText } from '../helpers/console.ts';
import { addMember, placeServer, setFault } from '../helpers/world.ts';
import { assertOneHeading, flash, followRedirect, page, signedInUser, type ConsoleWorld } from './console-world.ts';

const POLLING = /hx-trigger="every 1s"/;

function serverPath(w: ConsoleWorld, serverId: string): string {
  return `/console/projects/${w.slug}/servers/${serverId}`;
}

/** Presses a power button as a browser would: reads the page (for its form token), then posts the form. */
async function press(browser: ConsoleClient, path: string, action: string) {
  await page(browser, path);
  return browser.post(`${path}/actions/${action}`, {});
}

test('the server page shows the server as the API has it, with the four power buttons', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Details' });
  const placed = await placeServer(me, { hostname: 'db-1', ipv6: true });
  const server = await getServer(me, placed.id);

  const serverPage = await page(me.browser, serverPath(me, placed.id));
  assertOneHeading(serverPage.html);
  assert.match(serverPage.html, /<h1>db-1<\/h1>/);
  const details = visibleText(/<dl class="details">[\s\S]*?<\/dl>/.exec(serverPage.html)![0]);
  assert.match(details, /Hostname db-1 Status running/);
  assert.ok(details.includes(`${server.network.ipv4[0].address} (primary)`), details);
  assert.ok(details.includes(`IPv6 ${server.network.ipv6[0].subnet}`), details);
  assert.ok(details.includes(`Location ${server.location.city} (${server.location.country_code}, ${server.location.code})`), details);
  assert.ok(details.includes(`Plan ${server.plan.name}`), details);
  assert.ok(details.includes(`Image ${server.image.display_name}`), details);
  assert.ok(details.includes(`Created ${server.created_at.slice(0, 10)}`), details);
  for (const [action, label] of [['power_on', 'Power on'], ['shutdown', 'Shutdown'], ['reboot', 'Reboot'], ['power_off', 'Power off']]) {
    const form = new RegExp(`<form method="post" action="${serverPath(me, placed.id)}/actions/${action}" data-once>\\s*<input type="hidden" name="_csrf" value="[^"]+">\\s*<button type="submit"[^>]*>${label}</button>`);
    assert.match(serverPage.html, form, label);
  }
  assert.match(serverPage.html, /No actions yet/);
  assert.doesNotMatch(serverPage.html, POLLING, 'nothing to follow: no polling');
});

test('a reboot from the console is the API’s server.reboot: it shows on both, reaches success, and the table stops polling', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Reboots' });
  const server = await placeServer(me);
  const path = serverPath(me, server.id);

  const started = await press(me.browser, path, 'reboot');
  assert.equal(started.location, path);
  const after = await followRedirect(me.browser, started);
  assert.deepEqual(flash(after.html), { kind: 'success', text: 'Reboot started. Its progress is shown under Actions.' });

  const [action] = await allActions(me);
  assert.equal(action?.type, 'server.reboot');
  assert.equal(action.resource.id, server.id);
  const listed = await app.api(`/projects/${me.slug}/actions/?resource_type=server&resource_id=${server.id}`, { key: me.key });
  assert.deepEqual(listed.body.results.map((entry: { id: number }) => entry.id), [action.id]);
  await succeeded(me, action.id);

  const fragment = await page(me.browser, `${path}/actions-fragment`);
  assert.match(fragment.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(fragment.html, /^<div class="table-wrap" tabindex="0" role="region" aria-label="Actions" id="server-actions">/, 'the table alone');
  assert.doesNotMatch(fragment.html, /<html|<nav|<h1|<main/, 'no layout around the fragment');
  assert.doesNotMatch(fragment.html, /hx-get|hx-trigger/, 'nothing runs: polling stops');
  assert.match(visibleText(fragment.html), /server\.reboot success \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \d{4}-/);
});

test('while an action runs the table polls itself; a second start shows the API’s conflict and records nothing', async (t) => {
  const app = await build(t, { config: { simScale: 0.1 } });
  const me = await signedInUser(app, { project: 'Busy' });
  const server = await placeServer(me);
  const path = serverPath(me, server.id);
  const reinstall = await startOk(me, server.id, 'reinstall', { body: { image: 'debian-12' } });

  const running = await page(me.browser, path);
  assert.ok(running.html.includes(`<div class="table-wrap" tabindex="0" role="region" aria-label="Actions" id="server-actions" hx-get="${path}/actions-fragment" hx-trigger="every 1s" hx-swap="outerHTML">`));
  const fragment = await page(me.browser, `${path}/actions-fragment`);
  assert.match(fragment.html, POLLING);
  assert.match(visibleText(fragment.html), /server\.reinstall running/);

  const apiAnswer = await app.api(`/projects/${me.slug}/servers/${server.id}/actions/reboot/`, { method: 'POST', key: me.key });
  assert.equal(apiAnswer.status, 409);
  const refused = await followRedirect(me.browser, await press(me.browser, path, 'reboot'));
  assert.deepEqual(flash(refused.html), { kind: 'error', text: `Reboot was not started. ${apiAnswer.body.detail}` });
  assert.equal(await actionCount(me), 1, 'only the reinstall');

  await succeeded(me, reinstall.id);
  const done = await page(me.browser, `${path}/actions-fragment`);
  assert.doesNotMatch(done.html, POLLING);
  assert.match(visibleText(done.html), /server\.reinstall success/);
});

test('power off, then power on, from the console move the server’s status as through the API; a member may do it', async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Power' });
  const server = await placeServer(owner);
  const member = await signedInUser(app);
  await addMember(app, owner.slug, member.userId, 'member');
  const memberWorld = { ...member, slug: owner.slug };
  const path = serverPath(memberWorld, server.id);

  for (const [action, status] of [['power_off', 'stopped'], ['power_on', 'running']] as const) {
    await followRedirect(member.browser, await press(member.browser, path, action));
    const [latest] = await allActions(owner);
    assert.equal(latest?.type, `server.${action}`);
    await succeeded(owner, latest.id);
    assert.equal((await getServer(owner, server.id)).status, status);
    const shown = visibleText((await page(member.browser, path)).html);
    assert.match(shown, new RegExp(`Status ${status}`));
  }
});

test('with provisioning down the page says it is unavailable and no action is recorded', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Down' });
  const server = await placeServer(me);
  await setFault(app, 'provisioning', 'down');
  const path = serverPath(me, server.id);

  const refused = await press(me.browser, path, 'shutdown');
  assert.equal(refused.location, path);
  const shown = flash((await followRedirect(me.browser, refused)).html);
  assert.equal(shown?.kind, 'error');
  assert.match(shown.text, /^Shutdown was not started\. The provisioning system is unavailable/);
  assert.equal(await actionCount(me), 0);

  await setFault(app, 'provisioning', 'ok');
  await followRedirect(me.browser, await press(me.browser, path, 'shutdown'));
  await eventually(async () => (await allActions(me))[0]?.status === 'success');
});

test('a suspended server’s refusal, an unknown action and another user’s server answer as the API does', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Refusals' });
  const server = await placeServer(me);
  const path = serverPath(me, server.id);
  assert.equal((await app.admin(`/servers/${server.id}/suspend`, { method: 'POST' })).status, 200);

  const apiAnswer = await app.api(`/projects/${me.slug}/servers/${server.id}/actions/power_on/`, { method: 'POST', key: me.key });
  assert.equal(apiAnswer.status, 409);
  const refused = await followRedirect(me.browser, await press(me.browser, path, 'power_on'));
  assert.deepEqual(flash(refused.html), { kind: 'error', text: `Power on was not started. ${apiAnswer.body.detail}` });

  // The console offers the four power actions only; the others need a body or a choice it does not ask for.
  assert.equal((await press(me.browser, path, 'reinstall')).status, 404);
  assert.equal((await me.browser.post(`${path}/actions/reboot`, { _csrf: null })).status, 403);
  assert.equal((await me.browser.get(serverPath(me, 'ffffffffffffffff'))).status, 404);

  const stranger = await signedInUser(app, { project: 'Elsewhere' });
  assert.equal((await stranger.browser.get(path)).status, 404);
  await page(stranger.browser, '/console/projects');
  assert.equal((await stranger.browser.post(`${path}/actions/power_on`, {})).status, 404);
  assert.equal(await actionCount(me), 0);
});
