// A server's Console tab over HTTP (D24): the page of a running server (the
// terminal's box, the notes, Connect with the CSRF token, xterm.js served
// from its package), the connect route answering a WebSocket URL only to a
// signed-in session with its CSRF token, a stopped server's tab saying why,
// the URL opening only from the console's own origin, and the session in the
// audit log as the console's, under the session's reference. The terminal
// itself is driven in Chromium (test/browser/console-server-console.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startOk, succeeded } from '../helpers/actions.ts';
import { build, eventually, type TestApp } from '../helpers/build.ts';
import { connectConsole, openConsole } from '../helpers/console-socket.ts';
import { consoleClient, visibleText, type PageResult } from '../helpers/console.ts';
import { BASE_ORDER, orderServer, waitForOrder } from '../helpers/orders.ts';
import { sessionReference } from '../../src/modules/console-sessions/index.ts';
import { assertOneHeading, page, signedInUser, type ConsoleWorld } from './console-world.ts';

const CONSOLE_URL = /^ws:\/\/127\.0\.0\.1:\d+\/api\/v1\/consoles\/[A-Za-z0-9_-]{43}$/;

const tabPath = (w: ConsoleWorld, serverId: string) => `/console/projects/${w.slug}/servers/${serverId}/console`;

/** A server ordered through the API and delivered by the simulator, so it has a serial console. */
async function orderedServer(w: ConsoleWorld, hostname: string): Promise<string> {
  const ordered = await orderServer(w, { ...BASE_ORDER, hostname });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  return (await waitForOrder(w, ordered.body.id, ['completed'])).server_id;
}

/** The JSON the connect route answers (a URL, or problem details). */
function json(result: PageResult): any {
  assert.match(result.headers.get('content-type') ?? '', /^application\/(problem\+)?json/, result.html);
  return JSON.parse(result.html);
}

async function consoleSessionCount(app: TestApp): Promise<number> {
  const rows = await app.app.database.db.selectFrom('server_console_sessions').select('id').execute();
  return rows.length;
}

test('the Console tab of a running server: the terminal, what to know first, Connect with the CSRF token, xterm.js served by cloudplane', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Terminals', credit: '100.00' });
  const serverId = await orderedServer(me, 'term-1');
  const path = tabPath(me, serverId);

  const tab = await page(me.browser, path);
  assertOneHeading(tab.html);
  assert.match(tab.html, /<h1>term-1<\/h1>/);
  assert.match(tab.html, /<title>Console · term-1 · cloudplane console<\/title>/);
  const tabs = /<nav aria-label="Server"[\s\S]*?<\/nav>/.exec(tab.html)![0];
  assert.equal(visibleText(tabs), 'Overview Graphs Console Networking Snapshots & ISO Plan & traffic Settings', 'beside the other tabs');
  assert.match(tabs, new RegExp(`href="${path}" aria-current="page"`));
  assert.match(visibleText(/<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(tab.html)![0]), /term-1 Console$/);

  const section = /<section id="server-console"[\s\S]*?<\/section>/.exec(tab.html)?.[0] ?? '';
  assert.ok(section, 'the console section');
  const notes = visibleText(section);
  assert.match(notes, /Press Enter for the login prompt\./);
  assert.match(notes, /The session closes after 15 minutes without activity\./);
  assert.match(notes, /one console session at a time: opening it elsewhere .* takes it over and ends this one/);
  assert.match(section, new RegExp(`<form method="post" action="${path}/connect"[^>]*>\\s*<input type="hidden" name="_csrf" value="[^"]+">`), 'Connect posts with the CSRF token');
  assert.match(section, /<button type="submit"[^>]*>[\s\S]*?Connect<\/button>/);
  assert.match(section, /<button type="button"[^>]*id="server-console-disconnect" hidden>[\s\S]*?Disconnect<\/button>/);
  assert.match(section, /<p id="server-console-status"[^>]*role="status" aria-live="polite"><\/p>/, 'an empty live region for what happens');
  assert.match(section, /<div id="server-terminal" class="terminal-box"><\/div>/);
  assert.ok(!/\sstyle=|<style|<script>/.test(tab.html), 'no inline style or script');
  assert.match(tab.headers.get('content-security-policy') ?? '', /script-src 'self'; style-src 'self'/);

  // The terminal's files, from their packages, and nothing else of them.
  const scripts = [...tab.html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
  for (const asset of ['/console/assets/vendor/xterm/lib/xterm.js', '/console/assets/vendor/xterm-fit/addon-fit.js', '/console/assets/server-console.js']) {
    assert.ok(scripts.includes(asset), `${asset} is on the page`);
    const served = await fetch(`${app.baseUrl}${asset}`);
    assert.equal(served.status, 200, asset);
    assert.match(served.headers.get('content-type') ?? '', /javascript/, asset);
    assert.ok((await served.text()).length > 1000, asset);
  }
  assert.match(tab.html, /<link rel="stylesheet" href="\/console\/assets\/vendor\/xterm\/css\/xterm\.css">/);
  const css = await fetch(`${app.baseUrl}/console/assets/vendor/xterm/css/xterm.css`);
  assert.equal(css.status, 200);
  assert.match(await css.text(), /\.xterm/);
  for (const other of ['/console/assets/vendor/xterm/package.json', '/console/assets/vendor/xterm/lib/xterm.mjs', '/console/assets/vendor/xterm/lib/xterm.js.map', '/console/assets/vendor/xterm-fit/addon-fit.mjs']) {
    // Any other file of the package is answered as one that does not exist.
    const refused = await fetch(`${app.baseUrl}${other}`);
    const missing = await fetch(`${app.baseUrl}/console/assets/vendor/xterm/no-such-file.js`);
    assert.notEqual(refused.status, 200, `${other} is not served`);
    assert.equal(refused.status, missing.status, `${other} is not served`);
    await Promise.all([refused.text(), missing.text()]);
  }

  // Only the Console tab loads the terminal.
  const overview = await page(me.browser, `/console/projects/${me.slug}/servers/${serverId}`);
  assert.ok(!/xterm|server-console\.js/.test(overview.html), 'no terminal on the overview');
});

test('the connect route answers a WebSocket URL only to a signed-in session with its CSRF token', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Tokens', credit: '100.00' });
  const serverId = await orderedServer(me, 'term-2');
  const connect = `${tabPath(me, serverId)}/connect`;
  await page(me.browser, tabPath(me, serverId));

  const noToken = await me.browser.post(connect, { _csrf: null });
  assert.equal(noToken.status, 403);
  assert.match(json(noToken).detail, /did not come from this console/);
  const wrongToken = await me.browser.post(connect, { _csrf: 'not-the-token' });
  assert.equal(wrongToken.status, 403);
  assert.equal(json(wrongToken).url, undefined);

  // No session at all; then a session that is not signed in (it has a CSRF token from the sign-in page).
  const stranger = consoleClient(app);
  const noSession = await stranger.post(connect, {});
  assert.equal(noSession.status, 403);
  assert.equal(json(noSession).url, undefined);
  await stranger.get('/console/login');
  const signedOut = await stranger.post(connect, {});
  assert.equal(signedOut.status, 303, 'to sign-in, as any page');
  assert.match(signedOut.location ?? '', /^\/console\/login\?next=/);
  assert.equal(await consoleSessionCount(app), 0, 'no console session was made for any of them');

  // Another user's server is not found, as on the API.
  const other = await signedInUser(app, { project: 'Elsewhere' });
  await page(other.browser, `/console/projects/${other.slug}`);
  const notTheirs = await other.browser.post(`/console/projects/${me.slug}/servers/${serverId}/console/connect`, {});
  assert.equal(notTheirs.status, 404);
  assert.equal(json(notTheirs).code, 'not_found');

  const connected = await me.browser.post(connect, {});
  assert.equal(connected.status, 201, connected.html);
  const answer = json(connected);
  assert.deepEqual(Object.keys(answer).sort(), ['expires_at', 'url']);
  assert.match(answer.url, CONSOLE_URL);
  assert.equal(new URL(answer.url).port, new URL(app.baseUrl).port, 'on the listener the page came from');
  const lifetime = Date.parse(answer.expires_at) - Date.now();
  assert.ok(lifetime > 50_000 && lifetime <= 60_000, `valid 60 s (${lifetime} ms left)`);
  assert.equal(await consoleSessionCount(app), 1);
});

test("a stopped server's tab says why and offers no Connect; a connect posted anyway is refused in the service's words", async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Stopped', credit: '100.00' });
  const serverId = await orderedServer(me, 'term-3');
  await succeeded(me, (await startOk(me, serverId, 'power_off')).id);

  const tab = await page(me.browser, tabPath(me, serverId));
  assertOneHeading(tab.html);
  const closed = /<p class="alert alert-secondary" id="server-console-closed">[\s\S]*?<\/p>/.exec(tab.html)?.[0] ?? '';
  assert.match(visibleText(closed), /^The server is stopped: its console opens only while it is running\. Power it on from its overview ?\.$/);
  assert.match(closed, new RegExp(`<a href="/console/projects/${me.slug}/servers/${serverId}">overview</a>`));
  assert.ok(!/id="server-console"|server-terminal|Connect<\/button>/.test(tab.html), 'no terminal and no Connect');
  assert.ok(!/xterm|server-console\.js/.test(tab.html), 'no terminal to load');

  const refused = await me.browser.post(`${tabPath(me, serverId)}/connect`, {});
  assert.equal(refused.status, 409);
  const problem = json(refused);
  assert.equal(problem.code, 'conflict');
  assert.equal(problem.detail, 'The server is stopped: its console opens only while it is running', "the service's words, as the API says them");
  assert.equal(await consoleSessionCount(app), 0);
});

test("the console's URL opens only from the console's own origin; the session is audited as the console's, under the session's reference", async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Origins', credit: '100.00' });
  const serverId = await orderedServer(me, 'term-4');
  const connect = `${tabPath(me, serverId)}/connect`;
  await page(me.browser, tabPath(me, serverId));
  const consoleUrl = async () => {
    const answer = await me.browser.post(connect, {});
    assert.equal(answer.status, 201, answer.html);
    return json(answer).url as string;
  };

  const foreign = await connectConsole(await consoleUrl(), { origin: 'https://evil.example' });
  assert.equal(foreign.opened, false, "another site's page gets nothing");
  assert.equal(!foreign.opened && foreign.status, 403);
  assert.equal(!foreign.opened && foreign.body.code, 'forbidden');

  const own = await openConsole(await consoleUrl(), { origin: app.baseUrl });
  t.after(() => own.close());
  await own.waitFor(/term-4 login: $/);
  own.close();
  assert.equal((await own.closed).code, 1000);

  const sessionRef = sessionReference(me.browser.cookies.get('cloudplane_session')!);
  const entries = await eventually(async () => {
    const log = await app.api(`/projects/${me.slug}/audit-log/?resource_type=server&resource_id=${serverId}`, { key: me.key });
    const found = log.body.results.filter((entry: { operation: string | null }) => entry.operation?.startsWith('console.'));
    return found.length === 2 ? found : null;
  });
  assert.deepEqual(entries.map((entry: { operation: string }) => entry.operation), ['console.closed', 'console.opened'], 'only the session from the own origin opened');
  for (const entry of entries) {
    assert.equal(entry.interface, 'console');
    assert.equal(entry.actor.type, 'user');
    assert.equal(entry.actor.user_id, me.userId);
    assert.equal(entry.actor.session_ref, sessionRef, "the console session's reference");
  }
  const asked = (await app.api(`/projects/${me.slug}/audit-log/?resource_type=server&resource_id=${serverId}`, { key: me.key })).body.results.filter(
    (entry: { route: string }) => entry.route === '/console/projects/:slug/servers/:id/console/connect',
  );
  assert.equal(asked.length, 2, 'each connect is an entry of its own');
  for (const entry of asked) {
    assert.equal(entry.interface, 'console');
    assert.equal(entry.status, 201);
    assert.equal(entry.actor.session_ref, sessionRef);
  }

  // The project's audit log page says it in words.
  const log = visibleText((await page(me.browser, `/console/projects/${me.slug}/audit-log`)).html);
  for (const words of ['Ask for a server console session', 'Open server console session', 'Close server console session']) assert.ok(log.includes(words), words);
});
