// The console's live updates and its audit log, over HTTP as a browser
// would use them. The events endpoint (GET /console/projects/:slug/events)
// streams a project's events to any signed-in member under the session (an
// action's started and finished events, in order), is a 404 for a project
// the user is not in and a 401 without a session; it does not keep an
// unattended session signed in, and it ends when the session does. Pages
// with live parts name the stream and what each part follows. The audit log
// page lists a change in words for owners and admins, pages through a long
// log, and is refused to a plain member, whose navigation leaves it out.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { startOk, succeeded } from '../helpers/actions.ts';
import { build, eventually, type TestApp } from '../helpers/build.ts';
import { visibleText } from '../helpers/console.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { addMember, placeServer } from '../helpers/world.ts';
import { page, signedInUser, type ConsoleWorld } from './console-world.ts';

interface StreamedEvent {
  id: string;
  type: string;
  data: { id: number; type: string; project: string; resource: { type: string; id: string }; data: any; created_at: string };
}

interface OpenStream {
  status: number;
  headers: Headers;
  events: StreamedEvent[];
  /** Whether the server has ended the answer. */
  ended: () => boolean;
  close: () => void;
}

const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** Opens the console's stream as an EventSource would (the session's cookie, Accept: text/event-stream) and collects what it sends. */
async function openStream(t: TestContext, app: TestApp, cookies: Map<string, string>, path: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  t.after(() => controller.abort());
  const response = await fetch(`${app.baseUrl}${path}`, {
    headers: { accept: 'text/event-stream', cookie: cookieHeader(cookies), ...headers },
    redirect: 'manual',
    signal: controller.signal,
  });
  const events: StreamedEvent[] = [];
  let ended = false;
  if (response.status === 200 && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
            }
            if (fields.has('data')) events.push({ id: fields.get('id')!, type: fields.get('event')!, data: JSON.parse(fields.get('data')!) });
          }
        }
      } catch {
        // Aborted by the test.
      }
      ended = true;
    })();
  } else {
    await response.body?.cancel();
    ended = true;
  }
  return { status: response.status, headers: response.headers, events, ended: () => ended, close: () => controller.abort() };
}

const eventsPath = (slug: string) => `/console/projects/${slug}/events`;

/** A member (not the owner) of the owner's project, signed in to the console. */
async function memberOf(app: TestApp, owner: ConsoleWorld, role = 'member'): Promise<ConsoleWorld> {
  const member = await signedInUser(app);
  await addMember(app, owner.slug, member.userId, role);
  return { ...member, slug: owner.slug };
}

test("a signed-in member's stream brings an action's events as they commit, in order, and resumes after the last id it had", async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Live' });
  const server = await placeServer(owner);
  const member = await memberOf(app, owner);

  const stream = await openStream(t, app, member.browser.cookies, eventsPath(owner.slug));
  assert.equal(stream.status, 200);
  assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.equal(stream.headers.get('cache-control'), 'no-cache, no-store');

  // The action runs through the API with the owner's key; the member's console hears it.
  const reboot = await startOk(owner, server.id, 'reboot');
  await succeeded(owner, reboot.id);
  const ofReboot = await eventually(async () => {
    const found = stream.events.filter((event) => event.data.resource.type === 'action' && event.data.resource.id === String(reboot.id));
    return found.length === 2 ? found : null;
  });
  assert.deepEqual(ofReboot.map((event) => event.type), ['action.started', 'action.finished']);
  for (const event of ofReboot) {
    assert.equal(event.id, String(event.data.id), 'the id line is the event id');
    assert.equal(event.data.type, event.type);
    assert.equal(event.data.project, owner.slug);
    assert.equal(event.data.data.resource.id, server.id, 'the action is about the server (what console.js matches a server page by)');
  }
  assert.equal(ofReboot[1]!.data.data.status, 'success');
  const ids = stream.events.map((event) => Number(event.id));
  assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'in the order they committed');
  assert.equal(new Set(ids).size, ids.length, 'none twice');

  // The API's stream carries the same events: one log, two doors.
  const api = await app.api(`/projects/${owner.slug}/events/?after=0`, { key: owner.key });
  const started = api.body.results.find((event: { type: string; resource: { id: string } }) => event.type === 'action.started' && event.resource.id === String(reboot.id));
  assert.deepEqual(started, ofReboot[0]!.data);

  // A reconnect after the first event (what EventSource sends) starts right after it; `after` and a type filter work too.
  const resumed = await openStream(t, app, member.browser.cookies, eventsPath(owner.slug), { 'last-event-id': ofReboot[0]!.id });
  const next = await eventually(async () => resumed.events.find((event) => event.data.resource.id === String(reboot.id)));
  assert.equal(next.type, 'action.finished');
  assert.ok(resumed.events.every((event) => Number(event.id) > Number(ofReboot[0]!.id)));
  const filtered = await openStream(t, app, member.browser.cookies, `${eventsPath(owner.slug)}?after=0&types=action.finished`);
  const finished = await eventually(async () => filtered.events.find((event) => event.data.resource.id === String(reboot.id)));
  assert.equal(finished.id, ofReboot[1]!.id);
  assert.ok(filtered.events.every((event) => event.type === 'action.finished'));
  for (const open of [stream, resumed, filtered]) open.close();
});

test('another project is a 404, an unknown type a 400, and no session a 401 for a stream (a page asked for goes to sign-in)', async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Mine' });
  const stranger = await signedInUser(app, { project: 'Theirs' });

  const foreign = await openStream(t, app, stranger.browser.cookies, eventsPath(owner.slug));
  assert.equal(foreign.status, 404);
  const missing = await openStream(t, app, owner.browser.cookies, eventsPath('no-such-project'));
  assert.equal(missing.status, 404);
  const badType = await openStream(t, app, owner.browser.cookies, `${eventsPath(owner.slug)}?types=server.exploded`);
  assert.equal(badType.status, 400);

  const signedOut = await openStream(t, app, new Map(), eventsPath(owner.slug));
  assert.equal(signedOut.status, 401, 'an EventSource stops on a 401');
  const asPage = await fetch(`${app.baseUrl}${eventsPath(owner.slug)}`, { redirect: 'manual' });
  assert.equal(asPage.status, 303);
  assert.match(asPage.headers.get('location') ?? '', /^\/console\/login\?next=/);
});

test('an open stream does not keep an unattended session signed in, and ends when the session does: idle, or signed out', async (t) => {
  const app = await build(t);
  const idleSeconds = app.app.services.consoleSessions.idleMs / 1000;
  const advance = async (seconds: number) => assert.equal((await app.admin('/clock/advance', { method: 'POST', body: { seconds } })).status, 200);

  // Idle: a stream opened after most of the idle time has passed does not start it again.
  const away = await signedInUser(app, { project: 'Away' });
  await advance(Math.ceil(idleSeconds * 0.6));
  const idle = await openStream(t, app, away.browser.cookies, eventsPath(away.slug));
  assert.equal(idle.status, 200, 'the session still lasts');
  await advance(Math.ceil(idleSeconds * 0.6));
  await eventually(async () => idle.ended(), 15_000, 50);
  const after = await away.browser.get('/console/projects');
  assert.equal(after.status, 303, 'the session is over');
  assert.match(after.location ?? '', /^\/console\/login/);
  assert.equal((await openStream(t, app, away.browser.cookies, eventsPath(away.slug))).status, 401, 'the reconnect is refused');

  // Signed out (here, in another tab of the same browser): the stream ends too.
  const present = await signedInUser(app, { project: 'Present' });
  const open = await openStream(t, app, present.browser.cookies, eventsPath(present.slug));
  assert.equal(open.status, 200);
  await page(present.browser, '/console/projects');
  assert.equal((await present.browser.post('/console/logout', {})).status, 303);
  await eventually(async () => open.ended(), 15_000, 50);
});

test('pages with live parts name the stream and what each part follows; the parts poll only as a slow fallback', async (t) => {
  // simScale 0.1: a reinstall runs for 3 s, long enough to read the pages while it does.
  const app = await build(t, { config: { simScale: 0.1 } });
  const owner = await signedInUser(app, { project: 'Parts' });
  const server = await placeServer(owner);
  const base = `/console/projects/${owner.slug}`;
  const lastId = async () => (await app.api(`/projects/${owner.slug}/events/?after=0&page_size=500`, { key: owner.key })).body.results.at(-1)?.id ?? 0;

  const serverPage = await page(owner.browser, `${base}/servers/${server.id}`);
  assert.match(serverPage.html, new RegExp(`<body data-events-url="${base}/events" data-events-after="${await lastId()}">`));
  assert.ok(
    serverPage.html.includes(
      `<div id="server-actions" hx-get="${base}/servers/${server.id}/live" hx-trigger="live-refresh" hx-swap="outerHTML" data-live-events="action.started action.finished server.status_changed" data-live-server="${server.id}">`,
    ),
    'nothing unfinished: the part waits for events only',
  );

  const projectPage = await page(owner.browser, base);
  assert.match(projectPage.html, new RegExp(`<body data-events-url="${base}/events" data-events-after="\\d+">`));
  assert.match(projectPage.html, /<div id="project-servers" hx-get="[^"]+\/servers-fragment" hx-trigger="live-refresh" hx-swap="outerHTML" data-live-events="action\.started action\.finished order\.created order\.status_changed server\.created server\.renamed server\.status_changed server\.deleted">/);

  // A page without live parts names no stream.
  assert.match((await page(owner.browser, `${base}/ssh-keys`)).html, /<body>/);

  // While an action runs, the parts also poll, every 30 s: the stream is the main path.
  const reinstall = await startOk(owner, server.id, 'reinstall', { body: { image: 'debian-12' } });
  const running = await page(owner.browser, `${base}/servers/${server.id}`);
  assert.match(running.html, /<div id="server-actions" [^>]*hx-trigger="live-refresh, every 30s"/);
  assert.match((await page(owner.browser, base)).html, /<div id="project-servers" [^>]*hx-trigger="live-refresh, every 30s"/);
  await succeeded(owner, reinstall.id);
});

test('the audit log lists a change in words for the owner and admins, pages through a long log, and is refused to a plain member', async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Audited' });
  const auditPath = `/console/projects/${owner.slug}/audit-log`;

  const empty = await page(owner.browser, auditPath);
  assert.match(empty.html, /<h1>Audit log<\/h1>/);
  assert.match(visibleText(empty.html), /Nothing has been changed in this project yet\./);
  const nav = /<nav aria-label="Project [^"]*"[\s\S]*?<\/nav>/.exec(empty.html)![0];
  assert.match(nav, new RegExp(`href="${auditPath}" aria-current="page"`));
  const server = await placeServer(owner);

  // A change through the API, with the owner's key, and one in the console.
  const renamed = await app.api(`/projects/${owner.slug}/servers/${server.id}/`, { method: 'PATCH', key: owner.key, body: { hostname: 'audited-1' } });
  assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
  await page(owner.browser, `/console/projects/${owner.slug}/ssh-keys`);
  const added = await owner.browser.post(`/console/projects/${owner.slug}/ssh-keys`, { name: 'laptop', public_key: ed25519Key('laptop') });
  assert.equal(added.status, 303, visibleText(added.html));

  // The entries are written after the answer: the page shows them once they are there.
  const email = owner.email.replace(/[.+]/g, '\\$&');
  const byKey = new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC API key “test key” ${email}’s key, through the project API, from 127\\.0\\.0\\.1 Change server Server ${server.id} PATCH /api/v1/projects/:project_slug/servers/:server_id/ Done HTTP 200$`);
  const inConsole = new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC ${email} through the console, from 127\\.0\\.0\\.1 Create SSH key POST /console/projects/:slug/ssh-keys Done HTTP 303$`);
  const rows = await eventually(async () => {
    const listed = await page(owner.browser, auditPath);
    const found = /<tbody>([\s\S]*?)<\/tbody>/.exec(listed.html)?.[1]?.split('</tr>').map(visibleText).filter(Boolean) ?? [];
    return found.some((row) => byKey.test(row)) && found.some((row) => inConsole.test(row)) ? found : null;
  });
  assert.ok(rows.findIndex((row) => inConsole.test(row)) < rows.findIndex((row) => byKey.test(row)), 'newest first');
  assert.doesNotMatch(rows.join(' '), /audited-1|laptop/, 'no request body in the log');

  // An admin reads it too; a plain member is refused and is not offered the tab; another user gets a 404.
  const admin = await memberOf(app, owner, 'admin');
  assert.match((await page(admin.browser, auditPath)).html, /Change server/);
  const member = await memberOf(app, owner);
  const memberPage = await member.browser.get(auditPath);
  assert.equal(memberPage.status, 403);
  assert.match(visibleText(memberPage.html), /needs the admin role/);
  assert.doesNotMatch((await page(member.browser, `/console/projects/${owner.slug}`)).html, /audit-log/, 'no Audit log tab for a member');
  assert.equal((await (await signedInUser(app)).browser.get(auditPath)).status, 404);

  // Fifty a page, newest first.
  for (let index = 0; index < 50; index += 1) {
    const change = await app.api(`/projects/${owner.slug}/`, { method: 'PATCH', key: owner.key, body: { name: `Audited ${index}` } });
    assert.equal(change.status, 200, JSON.stringify(change.body));
  }
  const first = await eventually(async () => {
    const result = await page(owner.browser, auditPath);
    return /Page 1 of 2/.test(result.html) ? result : null;
  });
  assert.equal(first.html.match(/<tr>/g)!.length - 1, 50, 'fifty entries and the header row');
  assert.match(first.html, new RegExp(`<a href="${auditPath}\\?page=2" rel="next">Next page</a>`));
  const second = await page(owner.browser, `${auditPath}?page=2`);
  assert.match(visibleText(second.html), /Page 2 of 2/);
  assert.match(visibleText(second.html), /Change server/, 'the oldest entries on the last page');
});

test('an entry a crash left without its answer shows as done and not answered, once its completion is a minute overdue', async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Crashed' });
  const auditPath = `/console/projects/${owner.slug}/audit-log`;
  const { db } = app.app.database;
  const project = await db.selectFrom('projects').select('id').where('slug', '=', owner.slug).executeTakeFirstOrThrow();
  // As a process killed between a change's commit and its entry's completion leaves it (audit.after-commit).
  const entry = {
    project_id: Number(project.id),
    interface: 'project',
    actor_type: 'api_key',
    user_id: owner.userId,
    api_key_id: null,
    api_key_name: 'test key',
    session_ref: null,
    client_ip: '192.0.2.7',
    method: 'POST',
    route: '/api/v1/projects/:project_slug/ssh-keys/',
    operation: null,
    resource_type: null,
    resource_id: null,
    status_code: null,
    problem_code: null,
    details: null,
  } as const;
  const now = app.app.clock.now().getTime();
  await db.insertInto('audit_log').values([
    { ...entry, request_id: 'overdue', created_at: new Date(now - 2 * 60_000).toISOString() },
    // Made a moment ago: its completion may still come, so it is not shown yet.
    { ...entry, request_id: 'recent', client_ip: '192.0.2.8', created_at: new Date(now - 1_000).toISOString() },
  ]).execute();

  const rows = /<tbody>([\s\S]*?)<\/tbody>/.exec((await page(owner.browser, auditPath)).html)?.[1]?.split('</tr>').map(visibleText).filter(Boolean) ?? [];
  const unanswered = rows.filter((row) => /Done, not answered/.test(row));
  assert.equal(unanswered.length, 1, rows.join('\n'));
  assert.match(unanswered[0]!, /from 192\.0\.2\.7 .*The change was made; the service stopped before answering/);
});
