// A server's console (D24) on the simulator: the token route and its
// refusals, the WebSocket carrying the console's bytes both ways, one session
// per server, what ends a session, and the abuse a token must withstand.
// The real guest's console is tested in test/guest/real-guest.test.ts.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import pino from 'pino';
import { startOk, waitFor } from '../helpers/actions.ts';
import { eventually } from '../helpers/build.ts';
import { connectConsole, openConsole } from '../helpers/console-socket.ts';
import { BASE_ORDER, orderServer, waitForOrder } from '../helpers/orders.ts';
import { addMemberWithKey, buildWorld, placeServer, setFault, type World } from '../helpers/world.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function orderedServer(w: World, hostname = 'web-1'): Promise<string> {
  const ordered = await orderServer(w, { ...BASE_ORDER, hostname });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const order = await waitForOrder(w, ordered.body.id, ['completed']);
  return order.server_id;
}

async function rootPassword(w: World, serverId: string): Promise<string> {
  const action = await startOk(w, serverId, 'reset_password');
  const done = await waitFor(w, action.id, ['success']);
  return String(done.result.root_password);
}

function askConsole(w: World, serverId: string, key = w.key) {
  return w.app.api(`/projects/${w.slug}/servers/${serverId}/console/`, { method: 'POST', key });
}

async function consoleUrl(w: World, serverId: string, key = w.key): Promise<string> {
  const asked = await askConsole(w, serverId, key);
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  return asked.body.url;
}

test('the console: a single-use URL, the login prompt, hostname and uptime, audited and an event', async (t) => {
  const w = await buildWorld(t, { credit: '100.00' });
  const serverId = await orderedServer(w, 'console-1');
  const password = await rootPassword(w, serverId);

  const asked = await askConsole(w, serverId);
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  assert.deepEqual(Object.keys(asked.body).sort(), ['expires_at', 'url']);
  const port = new URL(w.app.baseUrl).port;
  assert.match(asked.body.url, new RegExp(`^ws://127\\.0\\.0\\.1:${port}/api/v1/consoles/[A-Za-z0-9_-]{43}$`), 'a ws:// URL on the same listener');
  assert.match(asked.body.expires_at, ISO_UTC);
  const lifetime = Date.parse(asked.body.expires_at) - Date.now();
  assert.ok(lifetime > 50_000 && lifetime <= 60_000, `valid 60 s (${lifetime} ms left)`);

  const console = await openConsole(asked.body.url);
  t.after(() => console.close());
  await console.waitFor(/console-1 login: $/);
  let mark = console.output().length;
  console.type('\r');
  await console.waitFor(/console-1 login: $/, { from: mark });
  console.type('root\r');
  await console.waitFor(/Password: $/);
  mark = console.output().length;
  console.type(`${password}\r`);
  await console.waitFor(/root@console-1:~# $/, { from: mark });
  assert.ok(!console.output().includes(password), 'the password is not echoed');
  mark = console.output().length;
  console.type('hostname\r');
  assert.match((await console.waitFor(/hostname\r\nconsole-1\r\nroot@console-1:~# $/, { from: mark })).slice(mark), /console-1/);
  mark = console.output().length;
  console.type('uptime\r');
  const uptime = (await console.waitFor(/up .*load average/, { from: mark })).slice(mark);
  assert.match(uptime, /^uptime\r\n \d{2}:\d{2}:\d{2} up (\d+ min|\s?\d+:\d{2}), {2}1 user, {2}load average: /, uptime);
  console.close();
  const closed = await console.closed;
  assert.equal(closed.code, 1000);

  // The session in the audit log: opened and closed, by the key, with its length and bytes.
  const entries = await eventually(async () => {
    const log = await w.app.api(`/projects/${w.slug}/audit-log/?resource_type=server&resource_id=${serverId}`, { key: w.key });
    const found = log.body.results.filter((entry: { operation: string | null }) => entry.operation?.startsWith('console.'));
    return found.length === 2 ? found : null;
  });
  const [closedEntry, openedEntry] = entries;
  assert.equal(openedEntry.operation, 'console.opened');
  assert.equal(closedEntry.operation, 'console.closed');
  for (const entry of entries) {
    assert.equal(entry.interface, 'project');
    assert.equal(entry.actor.type, 'api_key');
    assert.equal(entry.actor.user_id, w.userId);
    assert.equal(entry.route, '/api/v1/consoles/:token', 'the route, never the token');
    assert.deepEqual(entry.resource, { type: 'server', id: serverId, name: null });
  }
  assert.equal(closedEntry.details.console_session_id, openedEntry.details.console_session_id);
  assert.equal(closedEntry.details.bytes_in, Buffer.byteLength(`\rroot\r${password}\rhostname\ruptime\r`), 'every byte typed');
  assert.equal(closedEntry.details.bytes_out, Buffer.byteLength(console.output()), 'every byte sent');
  assert.ok(closedEntry.details.duration_seconds >= 0);
  assert.equal(closedEntry.details.close_reason, 'The client closed the session');
  const requested = (await w.app.api(`/projects/${w.slug}/audit-log/?resource_type=server&resource_id=${serverId}`, { key: w.key })).body.results.find(
    (entry: { route: string }) => entry.route === '/api/v1/projects/:project_slug/servers/:server_id/console/',
  );
  assert.equal(requested?.status, 201, 'the request for the URL is an entry of its own');

  const events = await w.app.api(`/projects/${w.slug}/events/?types=console.opened`, { key: w.key });
  assert.equal(events.status, 200, JSON.stringify(events.body));
  const opened = events.body.results.find((event: { type: string }) => event.type === 'console.opened');
  assert.deepEqual(opened?.resource, { type: 'server', id: serverId });
  assert.equal(opened.data.console_session_id, openedEntry.details.console_session_id);
  assert.equal(opened.data.user_id, w.userId);
});

test('asking for the console: read-only keys, other projects, stopped and imported servers, the host down', async (t) => {
  const w = await buildWorld(t, { credit: '100.00' });
  const serverId = await orderedServer(w);

  const readOnly = await w.app.createKey(w.userId, { readOnly: true });
  const refused = await askConsole(w, serverId, readOnly.key);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.code, 'read_only_key');

  const outsider = await w.app.createUser();
  const elsewhere = await askConsole(w, serverId, outsider.key);
  assert.equal(elsewhere.status, 404, "another project's server is not found");
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/${serverId}/console/`, { method: 'POST', key: '' })).status, 401);

  const imported = await placeServer(w);
  const noConsole = await askConsole(w, imported.id);
  assert.equal(noConsole.status, 409, JSON.stringify(noConsole.body));
  assert.equal(noConsole.body.code, 'conflict');
  assert.match(noConsole.body.detail, /no serial console/);

  await setFault(w.app, 'provisioning', 'down');
  const down = await askConsole(w, serverId);
  assert.equal(down.status, 503, JSON.stringify(down.body));
  assert.equal(down.body.code, 'upstream_unavailable');
  await setFault(w.app, 'provisioning', 'ok');

  const stop = await startOk(w, serverId, 'power_off');
  await waitFor(w, stop.id, ['success']);
  const stopped = await askConsole(w, serverId);
  assert.equal(stopped.status, 409, JSON.stringify(stopped.body));
  assert.equal(stopped.body.code, 'conflict');
  assert.match(stopped.body.detail, /stopped/, 'the detail names the status');
});

test('a token opens one session once, within 60 s; forged, reused and expired tokens get nothing', async (t) => {
  const w = await buildWorld(t, { credit: '100.00' });
  const serverId = await orderedServer(w);
  const url = await consoleUrl(w, serverId);

  const forged = await connectConsole(url.replace(/[A-Za-z0-9_-]{43}$/, 'A'.repeat(43)));
  assert.equal(forged.opened, false);
  assert.equal(!forged.opened && forged.status, 401);
  assert.equal(!forged.opened && forged.body.code, 'unauthenticated');
  const malformed = await connectConsole(url.replace(/[A-Za-z0-9_-]{43}$/, 'short'));
  assert.equal(!malformed.opened && malformed.status, 401);

  const first = await openConsole(url);
  t.after(() => first.close());
  await first.waitFor(/login: $/);
  const reused = await connectConsole(url);
  assert.equal(reused.opened, false, 'a used token opens nothing');
  assert.equal(!reused.opened && reused.status, 401);
  // The refused attempt took nothing over: the first session still carries bytes.
  const mark = first.output().length;
  first.type('x');
  await first.waitFor(/^x$/, { from: mark });

  const later = await consoleUrl(w, serverId);
  const advanced = await w.app.admin('/clock/advance', { method: 'POST', body: { seconds: 61 } });
  assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
  const expired = await connectConsole(later);
  assert.equal(!expired.opened && expired.status, 401, 'an expired token is refused');

  const opens = await w.app.api(`/projects/${w.slug}/audit-log/?resource_type=server&resource_id=${serverId}`, { key: w.key });
  assert.equal(opens.body.results.filter((entry: { operation: string | null }) => entry.operation === 'console.opened').length, 1, 'one session opened, no more');
});

test('one session per server: a new one takes over and the old one is told why', async (t) => {
  const w = await buildWorld(t, { credit: '100.00' });
  const serverId = await orderedServer(w);
  const first = await openConsole(await consoleUrl(w, serverId));
  const second = await openConsole(await consoleUrl(w, serverId));
  t.after(() => second.close());
  const closed = await first.closed;
  assert.equal(closed.code, 4000);
  assert.match(closed.reason, /Another console session of this server took over/);
  await second.waitFor(/login: $/);
  const mark = second.output().length;
  second.type('root\r');
  await second.waitFor(/Password: $/, { from: mark });
});

test('a session ends when the server stops, when the member leaves the project, and on a frame over 64 KiB', async (t) => {
  const w = await buildWorld(t, { credit: '100.00' });
  const serverId = await orderedServer(w);

  const oversized = await openConsole(await consoleUrl(w, serverId));
  await oversized.waitFor(/login: $/);
  const before = oversized.output();
  oversized.socket.send(Buffer.alloc(64 * 1024 + 1, 0x61), { binary: true });
  assert.equal((await oversized.closed).code, 1009, 'refused as too big');
  assert.equal(oversized.output(), before, 'nothing of it reached the console (no echo)');

  const member = await addMemberWithKey(w.app, w.slug, 'member');
  const memberWorld = { ...w, key: member.key, userId: member.userId };
  const members = await openConsole(await consoleUrl(memberWorld, serverId));
  await members.waitFor(/login: $/);
  const removed = await w.app.admin(`/projects/${w.slug}/members/${member.userId}`, { method: 'DELETE' });
  assert.equal(removed.status, 204);
  const started = Date.now();
  const lost = await members.closed;
  assert.equal(lost.code, 4003);
  assert.match(lost.reason, /no longer a member/);
  assert.ok(Date.now() - started < 5000, `within seconds (${Date.now() - started} ms)`);

  const running = await openConsole(await consoleUrl(w, serverId));
  await running.waitFor(/login: $/);
  const stop = await startOk(w, serverId, 'power_off');
  await waitFor(w, stop.id, ['success']);
  const ended = await running.closed;
  assert.equal(ended.code, 4002);
  assert.match(ended.reason, /The server is stopped/);
});

test("a console's own token opens only from the console's origin; an API key's from anywhere", async (t) => {
  const w = await buildWorld(t, { credit: '100.00' });
  const serverId = await orderedServer(w);
  const consoles = w.app.app.services.serverConsoles;
  const actor = { userId: w.userId, keyId: -w.userId, readOnly: false };
  const consoleToken = async () => {
    const { token } = await consoles.request(actor, w.slug, serverId, { interface: 'console', clientIp: '127.0.0.1', sessionRef: '0123456789abcdef' });
    return `${w.app.baseUrl.replace(/^http/, 'ws')}/api/v1/consoles/${token}`;
  };

  const foreign = await connectConsole(await consoleToken(), { origin: 'https://evil.example' });
  assert.equal(foreign.opened, false);
  assert.equal(!foreign.opened && foreign.status, 403);
  assert.equal(!foreign.opened && foreign.body.code, 'forbidden');
  const none = await connectConsole(await consoleToken());
  assert.equal(!none.opened && none.status, 403, 'no Origin at all is not the console');

  const own = await openConsole(await consoleToken(), { origin: w.app.baseUrl });
  await own.waitFor(/login: $/);
  own.close();
  const entries = await eventually(async () => {
    const log = await w.app.api(`/projects/${w.slug}/audit-log/?resource_type=server&resource_id=${serverId}`, { key: w.key });
    const found = log.body.results.filter((entry: { operation: string | null }) => entry.operation === 'console.closed');
    return found.length === 1 ? found : null;
  });
  assert.equal(entries[0].interface, 'console');
  assert.equal(entries[0].actor.type, 'user');
  assert.equal(entries[0].actor.session_ref, '0123456789abcdef');

  const byKey = await openConsole(await consoleUrl(w, serverId), { origin: 'https://my-dashboard.example' });
  await byKey.waitFor(/login: $/);
  byKey.close();
});

test('idle sessions close; the token is never logged or stored', async (t) => {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  const w = await buildWorld(t, { credit: '100.00', build: { config: { serverConsoleIdleMs: 5_000 }, logger } });
  const serverId = await orderedServer(w);
  const url = await consoleUrl(w, serverId);
  const token = url.split('/').pop()!;
  const idle = await openConsole(url);
  await idle.waitFor(/login: $/);
  const closed = await idle.closed;
  assert.equal(closed.code, 4001);
  assert.equal(closed.reason, 'No byte either way for 5 seconds');

  const plain = await w.app.raw(`/api/v1/consoles/${token}`);
  assert.equal(plain.status, 404, 'a plain GET is no console');
  const rows = await w.app.app.database.db.selectFrom('server_console_sessions').selectAll().execute();
  assert.ok(rows.length >= 1);
  assert.ok(!JSON.stringify(rows).includes(token), 'only the hash is stored');
  assert.ok(lines.length > 0, 'the service logged its requests');
  assert.ok(!lines.join('').includes(token), 'the token never reaches the log');
});
