// A server's overview in the console over HTTP: its details (short id with a
// copy button, the status in words), the power buttons that fit its status
// (defect 5: the console refuses a senseless one even when posted directly,
// and Power off asks first), actions started through ActionService as the API
// does, and the live fragment that htmx polls while an action runs, which
// carries the status badge too (defect 1: after Shutdown it says Stopped
// without a reload). Then the graphs, read as the API's metrics route reads
// them. simScale 0.1 where a test needs an action still running: a reinstall
// then takes 3 s, far longer than the requests made meanwhile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actionCount, allActions, getServer, startOk, succeeded } from '../helpers/actions.ts';
import { build, eventually } from '../helpers/build.ts';
import type { ConsoleClient } from '../helpers/console.ts';
import { visibleText } from '../helpers/console.ts';
import { addMember, placeServer, setFault } from '../helpers/world.ts';
import { assertOneHeading, flash, followRedirect, page, signedInUser, type ConsoleWorld } from './console-world.ts';

const POLLING = /hx-trigger="live-refresh, every 30s"/;

function serverPath(w: ConsoleWorld, serverId: string): string {
  return `/console/projects/${w.slug}/servers/${serverId}`;
}

/** Presses a power button as a browser would: reads the page (for its CSRF token), then posts the form. */
async function press(browser: ConsoleClient, path: string, action: string) {
  await page(browser, path);
  return browser.post(`${path}/actions/${action}`, {});
}

/** The power forms the page (or fragment) offers, by action name. */
function powerForms(html: string, path: string): Map<string, string> {
  const forms = new Map<string, string>();
  for (const match of html.matchAll(/<form method="post" action="([^"]+)"[^>]*>/g)) {
    const action = match[1]!.startsWith(`${path}/actions/`) ? match[1]!.slice(`${path}/actions/`.length) : null;
    if (action) forms.set(action, match[0]);
  }
  return forms;
}

/** The status badge: its API value and the words shown. */
function statusBadge(html: string): { value: string; text: string } | null {
  const match = /<span id="server-status"[^>]*><span class="badge[^"]*" data-state="([^"]+)">([^<]+)<\/span>\s*<\/span>/.exec(html);
  return match ? { value: match[1]!, text: match[2]! } : null;
}

test('the overview shows the server as the API has it: short id with a copy button, the status in words, the tabs, and the buttons of a running server', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Details' });
  const placed = await placeServer(me, { hostname: 'db-1', ipv6: true });
  const server = await getServer(me, placed.id);
  const path = serverPath(me, placed.id);

  const overview = await page(me.browser, path);
  assertOneHeading(overview.html);
  assert.match(overview.html, /<h1>db-1<\/h1>/);
  assert.match(overview.html, new RegExp(`<code title="${server.id}">${server.id.slice(0, 8)}</code><button type="button"[^>]*data-copy-text="${server.id}"`), 'short id with a copy button');
  assert.deepEqual(statusBadge(overview.html), { value: 'running', text: 'Running' });
  const details = visibleText(/<dl class="details">[\s\S]*?<\/dl>/.exec(overview.html)![0]);
  assert.match(details, /^Status Running Hostname db-1 Server id /);
  assert.ok(details.includes(`${server.network.ipv4[0].address} (primary)`), details);
  assert.ok(details.includes(`IPv6 ${server.network.ipv6[0].subnet}`), details);
  assert.ok(details.includes(`Location ${server.location.city} (${server.location.country_code}, ${server.location.code})`), details);
  assert.ok(details.includes(`Plan ${server.plan.name}`), details);
  assert.ok(details.includes(`Image ${server.image.display_name}`), details);
  assert.ok(details.includes(`Created ${server.created_at.slice(0, 10)}`), details);

  // The server's tabs, Overview current; the project's navigation above.
  const tabs = /<nav aria-label="Server"[\s\S]*?<\/nav>/.exec(overview.html)![0];
  assert.equal(visibleText(tabs), 'Overview Graphs Console Networking Snapshots & ISO Plan & traffic Settings');
  assert.match(tabs, new RegExp(`href="${path}" aria-current="page"`));
  for (const tab of ['graphs', 'console', 'networking', 'snapshots', 'plan', 'settings']) assert.ok(tabs.includes(`href="${path}/${tab}"`), tab);

  const forms = powerForms(overview.html, path);
  assert.deepEqual([...forms.keys()], ['shutdown', 'reboot', 'power_off'], 'a running server is offered Shutdown, Reboot and Power off');
  assert.match(forms.get('power_off')!, /data-confirm="Power off db-1\? The power is cut at once/, 'Power off asks first');
  assert.doesNotMatch(forms.get('reboot')!, /data-confirm/);
  assert.match(overview.html, /No actions yet/);
  assert.doesNotMatch(overview.html, POLLING, 'nothing to follow: no polling');
  assert.doesNotMatch(visibleText(overview.html), /server\.[a-z_]+|\brunning\b/, 'no raw type or state on the page');
});

test('defect 1: after a Shutdown from the console the live fragment brings the Stopped badge and the Power on button, no reload needed', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Shutdowns' });
  const server = await placeServer(me);
  const path = serverPath(me, server.id);

  const started = await press(me.browser, path, 'shutdown');
  assert.equal(started.location, path);
  assert.deepEqual(flash((await followRedirect(me.browser, started)).html), { kind: 'success', text: 'Shutdown started. Its progress is shown under Actions.' });
  const [action] = await allActions(me);
  assert.equal(action?.type, 'server.shutdown');
  await succeeded(me, action.id);
  assert.equal((await getServer(me, server.id)).status, 'stopped');

  // What htmx swaps in: the actions table, the badge and the power buttons out of band; no layout around it.
  const fragment = await page(me.browser, `${path}/live`);
  assert.match(fragment.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(fragment.html, /^<div id="server-actions" [^>]*hx-trigger="live-refresh"[ >]/, 'the table first, following the server’s events only');
  assert.doesNotMatch(fragment.html, /<html|<nav|<h1|<main/, 'no layout around the fragment');
  assert.doesNotMatch(fragment.html, /every \d+s/, 'nothing runs: polling stops');
  assert.match(fragment.html, /<span id="server-status" hx-swap-oob="true">/);
  assert.deepEqual(statusBadge(fragment.html), { value: 'stopped', text: 'Stopped' });
  assert.match(fragment.html, /<div id="server-power" hx-swap-oob="true">/);
  assert.deepEqual([...powerForms(fragment.html, path).keys()], ['power_on']);
  assert.match(visibleText(fragment.html), /Shutdown Done \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \d{4}-/);
});

test('while an action runs the fragment polls every 30 s (the stream brings the changes at once) and offers no power button, saying why; a second start shows the API’s conflict and records nothing', async (t) => {
  const app = await build(t, { config: { simScale: 0.1 } });
  const me = await signedInUser(app, { project: 'Busy' });
  const server = await placeServer(me);
  const path = serverPath(me, server.id);
  const reinstall = await startOk(me, server.id, 'reinstall', { body: { image: 'debian-12' } });

  const running = await page(me.browser, path);
  assert.ok(running.html.includes(`<div id="server-actions" hx-get="${path}/live" hx-trigger="live-refresh, every 30s" hx-swap="outerHTML" data-live-events=`));
  assert.deepEqual([...powerForms(running.html, path).keys()], [], 'no power button while an action runs');
  assert.match(visibleText(running.html), /Reinstall is in progress\. The power buttons come back when it has finished\./);
  const fragment = await page(me.browser, `${path}/live`);
  assert.match(fragment.html, POLLING);
  assert.match(visibleText(fragment.html), /Reinstall In progress/);

  const apiAnswer = await app.api(`/projects/${me.slug}/servers/${server.id}/actions/reboot/`, { method: 'POST', key: me.key });
  assert.equal(apiAnswer.status, 409);
  const refused = await followRedirect(me.browser, await press(me.browser, path, 'reboot'));
  assert.deepEqual(flash(refused.html), { kind: 'error', text: `Reboot was not started. ${apiAnswer.body.detail}` });
  assert.equal(await actionCount(me), 1, 'only the reinstall');

  await succeeded(me, reinstall.id);
  const done = await page(me.browser, `${path}/live`);
  assert.doesNotMatch(done.html, POLLING);
  assert.match(visibleText(done.html), /Reinstall Done/);
  assert.deepEqual([...powerForms(done.html, path).keys()], ['shutdown', 'reboot', 'power_off']);
});

test('defect 5: the buttons follow the status, and a power action that makes no sense is refused even when posted, starting nothing', async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Power' });
  const server = await placeServer(owner);
  const member = await signedInUser(app);
  await addMember(app, owner.slug, member.userId, 'member');
  const path = serverPath({ ...member, slug: owner.slug }, server.id);

  // Running: Power on makes no sense.
  const onRunning = await followRedirect(member.browser, await press(member.browser, path, 'power_on'));
  assert.deepEqual(flash(onRunning.html), { kind: 'error', text: 'Power on was not started: the server is already running.' });
  assert.equal(await actionCount(owner), 0, 'nothing started');

  // A member may power off, through the API's action.
  await followRedirect(member.browser, await press(member.browser, path, 'power_off'));
  const [powerOff] = await allActions(owner);
  assert.equal(powerOff?.type, 'server.power_off');
  await succeeded(owner, powerOff.id);
  assert.equal((await getServer(owner, server.id)).status, 'stopped');

  const stopped = await page(member.browser, path);
  assert.deepEqual(statusBadge(stopped.html), { value: 'stopped', text: 'Stopped' });
  assert.deepEqual([...powerForms(stopped.html, path).keys()], ['power_on'], 'a stopped server is offered Power on only');
  for (const [action, label] of [['power_off', 'Power off'], ['shutdown', 'Shutdown'], ['reboot', 'Reboot']]) {
    const refused = await followRedirect(member.browser, await press(member.browser, path, action!));
    assert.deepEqual(flash(refused.html), { kind: 'error', text: `${label} was not started: the server is stopped. Power it on first.` });
  }
  const listed = await app.api(`/projects/${owner.slug}/actions/?resource_id=${server.id}`, { key: owner.key });
  assert.deepEqual(listed.body.results.map((action: { id: number }) => action.id), [powerOff.id], 'the API lists the one power off, nothing else');

  await followRedirect(member.browser, await press(member.browser, path, 'power_on'));
  const [powerOn] = await allActions(owner);
  assert.equal(powerOn?.type, 'server.power_on');
  await succeeded(owner, powerOn.id);
  assert.equal((await getServer(owner, server.id)).status, 'running');
  assert.deepEqual(statusBadge((await page(member.browser, path)).html), { value: 'running', text: 'Running' });
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

test('a suspended server offers no button and its refusal is the API’s; an unknown action, a missing token and another user’s server answer as the API does', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Refusals' });
  const server = await placeServer(me);
  const path = serverPath(me, server.id);
  assert.equal((await app.admin(`/servers/${server.id}/suspend`, { method: 'POST' })).status, 200);

  const suspended = await page(me.browser, path);
  assert.deepEqual(statusBadge(suspended.html), { value: 'suspended', text: 'Suspended' });
  assert.deepEqual([...powerForms(suspended.html, path).keys()], []);
  assert.match(visibleText(suspended.html), /The server is suspended: it cannot be powered on or off/);
  const apiAnswer = await app.api(`/projects/${me.slug}/servers/${server.id}/actions/power_on/`, { method: 'POST', key: me.key });
  assert.equal(apiAnswer.status, 409);
  const refused = await followRedirect(me.browser, await press(me.browser, path, 'power_on'));
  assert.deepEqual(flash(refused.html), { kind: 'error', text: `Power on was not started. ${apiAnswer.body.detail}` });

  // The console's power buttons are the four power actions; the others have their own forms.
  assert.equal((await press(me.browser, path, 'reinstall')).status, 404);
  assert.equal((await me.browser.post(`${path}/actions/reboot`, { _csrf: null })).status, 403);
  assert.equal((await me.browser.get(serverPath(me, 'ffffffffffffffff'))).status, 404);

  const stranger = await signedInUser(app, { project: 'Elsewhere' });
  for (const page_ of ['', '/live', '/graphs', '/graphs/data']) assert.equal((await stranger.browser.get(`${path}${page_}`)).status, 404, page_);
  await page(stranger.browser, '/console/projects');
  assert.equal((await stranger.browser.post(`${path}/actions/power_on`, {})).status, 404);
  assert.equal(await actionCount(me), 0);
});

test('graphs: the page states average and peak in a table and loads charts.js; its JSON route answers the series of the API’s metrics, null where unmeasured', async (t) => {
  // Sampled every 100 ms instead of every minute, so measurements come without moving the clock.
  const app = await build(t, { config: { metricsIntervalMs: 100 } });
  const me = await signedInUser(app, { project: 'Graphs' });
  const server = await placeServer(me, { hostname: 'graphs-1' });
  const path = serverPath(me, server.id);

  const answer = await eventually(async () => {
    const response = await me.browser.get(`${path}/graphs/data`);
    assert.equal(response.status, 200, response.html);
    const body = JSON.parse(response.html);
    return body.charts.find((chart: { id: string }) => chart.id === 'cpu').data[1].some((value: number | null) => value !== null) ? { response, body } : null;
  });
  assert.match(answer.response.headers.get('content-type') ?? '', /^application\/json/);
  const { body } = answer;
  assert.equal(body.range, '24h');
  assert.equal(Date.parse(body.end) - Date.parse(body.start), 24 * 3600 * 1000);
  assert.deepEqual(
    body.charts.map((chart: { id: string; labels: string[]; unit: string }) => [chart.id, chart.unit, chart.labels]),
    [
      ['cpu', 'percent', ['CPU use']],
      ['network', 'bytes_per_second', ['Received', 'Sent']],
      ['disk', 'bytes_per_second', ['Read', 'Written']],
    ],
  );
  const steps = Math.ceil((Date.parse(body.end) - Date.parse(body.start)) / (body.step * 1000));
  for (const chart of body.charts) {
    assert.equal(chart.data.length, 1 + chart.labels.length);
    for (const column of chart.data) assert.equal(column.length, steps, 'one value per step of the range');
  }
  // The same numbers as the API's metrics route for the same range.
  const api = await app.api(`/projects/${me.slug}/servers/${server.id}/metrics/?type=cpu&start=${encodeURIComponent(body.start)}&end=${encodeURIComponent(body.end)}`, { key: me.key });
  assert.equal(api.status, 200, JSON.stringify(api.body));
  const cpu = body.charts[0].data;
  for (const [time, value] of api.body.time_series.cpu.values) {
    const index = cpu[0].indexOf(time);
    assert.ok(index >= 0, `step ${time} is on the chart`);
    assert.equal(cpu[1][index], Number(value));
  }
  assert.ok(cpu[1].filter((value: number | null) => value === null).length > 0, 'steps before the server existed are gaps');

  const graphs = await page(me.browser, `${path}/graphs`);
  assertOneHeading(graphs.html);
  assert.match(graphs.html, /<script src="\/console\/assets\/charts\.js" defer><\/script>/);
  const uPlot = /<script src="(\/console\/assets\/[^"]*uPlot\.iife\.min\.js)" defer><\/script>/.exec(graphs.html);
  assert.ok(uPlot, 'uPlot is loaded from cloudplane');
  assert.ok(graphs.html.indexOf(uPlot[0]) < graphs.html.indexOf('/console/assets/charts.js'), 'uPlot before charts.js');
  assert.ok(graphs.html.includes(`data-chart-src="${path}/graphs/data?range=24h"`));
  assert.doesNotMatch(graphs.html, /<script(?![^>]*\bsrc=)/, 'no inline script');
  assert.match(graphs.html, /href="[^"]+\/graphs" aria-current="page"/, 'the Graphs tab is current');
  const summary = visibleText(/<table[\s\S]*?<\/table>/.exec(graphs.html)![0]);
  assert.match(summary, /CPU CPU use \d+\.\d %  ?\d+\.\d % \d{4}-\d{2}-\d{2}/);
  assert.match(summary, /Network traffic Received \d/);

  const week = JSON.parse((await me.browser.get(`${path}/graphs/data?range=7d`)).html);
  assert.equal(week.range, '7d');
  assert.equal(Date.parse(week.end) - Date.parse(week.start), 7 * 24 * 3600 * 1000);
  assert.match(visibleText((await page(me.browser, `${path}/graphs?range=7d`)).html), /Last 7 days/);
  // A month: read from the hourly rollups, at a step of whole hours.
  const month = JSON.parse((await me.browser.get(`${path}/graphs/data?range=30d`)).html);
  assert.equal(month.range, '30d');
  assert.equal(Date.parse(month.end) - Date.parse(month.start), 30 * 24 * 3600 * 1000);
  const monthPage = visibleText((await page(me.browser, `${path}/graphs?range=30d`)).html);
  assert.match(monthPage, /Last 30 days/);
  assert.match(monthPage, /\d+ hours?\b/, 'the step a point covers, in hours');
  // A range the console does not offer is the last 24 hours.
  assert.equal(JSON.parse((await me.browser.get(`${path}/graphs/data?range=1y`)).html).range, '24h');
  for (const asset of ['/console/assets/charts.js', uPlot[1]!]) assert.equal((await app.raw(asset)).status, 200, asset);
});
