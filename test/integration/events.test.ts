// The event log (issue 31) over real HTTP: a stream that sees an order and
// its server's actions as they run, each event once and in order; a
// reconnect with Last-Event-ID that misses nothing; pages after an id; the
// types filter; who may read; and the pruning job. Several processes are
// covered in multi-process.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually } from '../helpers/build.ts';
import { addMemberWithKey, buildWorld, otherProject, type World } from '../helpers/world.ts';
import { BASE_ORDER, orderServer, waitForOrder } from '../helpers/orders.ts';
import { readAction, startOk, succeeded } from '../helpers/actions.ts';
import { SUMMARY_FIELDS } from '../helpers/servers.ts';
import { openStream } from '../helpers/sse.ts';

const streamUrl = (w: World, query = '') => `${w.app.baseUrl}/api/v1/projects/${w.slug}/events/${query}`;

async function allEvents(w: World, query = ''): Promise<any[]> {
  const events: any[] = [];
  let after = 0;
  for (;;) {
    const page = await w.app.api(`/projects/${w.slug}/events/?after=${after}${query}`, { key: w.key });
    assert.equal(page.status, 200, JSON.stringify(page.body));
    events.push(...page.body.results);
    after = page.body.last_id;
    if (!page.body.has_more) return events;
  }
}

/** A server ordered and delivered, with the order's id. */
async function deliveredServer(w: World, hostname: string): Promise<{ orderId: number; serverId: string }> {
  const order = await orderServer(w, { ...BASE_ORDER, hostname });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  const completed = await waitForOrder(w, order.body.id, ['completed'], 20_000);
  return { orderId: order.body.id, serverId: completed.server_id };
}

function assertConsecutive(events: { id: number }[], what: string): void {
  for (let index = 1; index < events.length; index += 1) {
    assert.equal(events[index]!.id, events[index - 1]!.id + 1, `${what}: event ${events[index - 1]!.id} is followed by ${events[index]!.id}`);
  }
}

test('a stream sees an order, its server and an action as they happen: every event once, in order, as the API shows the resource', async (t) => {
  const w = await buildWorld(t, { credit: '100.00', project: 'Events' });
  const stream = await openStream(streamUrl(w), w.key);
  t.after(() => stream.close());
  assert.equal(stream.status, 200);
  assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);

  const { orderId, serverId } = await deliveredServer(w, 'events-1');
  const action = await startOk(w, serverId, 'power_off');
  await succeeded(w, action.id);
  const events = await stream.waitFor((seen) => seen.some((event) => event.event === 'action.finished'));

  assertConsecutive(events, 'the stream');
  assert.deepEqual(
    events.map((event) => `${event.event} ${event.data.data.status ?? ''}`.trim()),
    [
      'order.created submitting',
      'order.status_changed provisioning',
      'invoice.paid paid',
      'server.created running',
      'order.status_changed completed',
      'action.started running',
      'server.status_changed stopped',
      'action.finished success',
    ],
  );
  for (const event of events) {
    // The SSE fields repeat the event's own.
    assert.equal(event.id, event.data.id);
    assert.equal(event.event, event.data.type);
  }
  // The same events as a page, with the envelope's fields.
  const paged = await allEvents(w);
  assert.deepEqual(paged.map((event) => event.id), events.map((event) => event.id));
  const finished = paged.at(-1);
  assert.deepEqual(Object.keys(finished).sort(), ['created_at', 'data', 'id', 'project', 'resource', 'type']);
  assert.equal(finished.project, w.slug);
  assert.deepEqual(finished.resource, { type: 'action', id: String(action.id) });
  assert.deepEqual(finished.data, await readAction(w, action.id), 'action.finished carries the action as GET shows it');
  const created = paged.find((event) => event.type === 'server.created');
  assert.deepEqual(Object.keys(created.data).sort(), SUMMARY_FIELDS);
  assert.deepEqual(created.resource, { type: 'server', id: serverId });
  const orderEvent = paged.find((event) => event.type === 'order.status_changed' && event.data.status === 'completed');
  assert.equal(orderEvent.data.id, orderId);
  assert.equal(orderEvent.data.server_id, serverId);
});

test('a reconnect with Last-Event-ID gets exactly what was missed, whatever happened in between', async (t) => {
  const w = await buildWorld(t, { credit: '100.00', project: 'Resume' });
  const { serverId } = await deliveredServer(w, 'resume-1');
  const first = await openStream(streamUrl(w, '?after=0'), w.key);
  const seen = await first.waitFor((events) => events.some((event) => event.event === 'order.status_changed' && event.data.data.status === 'completed'));
  first.close();
  const lastSeen = seen.at(-1)!.id;

  // Changes while no stream is open.
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { method: 'PATCH', key: w.key, body: { hostname: 'resume-renamed' } })).status, 200);
  const reboot = await startOk(w, serverId, 'reboot');
  await succeeded(w, reboot.id);

  // `after` in the URL is older: Last-Event-ID wins, as it does for an EventSource reconnecting.
  const second = await openStream(streamUrl(w, '?after=0'), w.key, { 'last-event-id': String(lastSeen) });
  t.after(() => second.close());
  const resumed = await second.waitFor((events) => events.some((event) => event.event === 'action.finished'));
  assert.equal(resumed[0]!.id, lastSeen + 1, 'the first event after the one last seen');
  assert.deepEqual(
    resumed.map((event) => event.event),
    ['server.renamed', 'action.started', 'action.finished'],
  );
  assert.equal(resumed[0]!.data.data.hostname, 'resume-renamed');
  const everything = await allEvents(w);
  assert.deepEqual([...seen, ...resumed].map((event) => event.id), everything.map((event) => event.id), 'together, the two streams sent every event once');
});

test('pages after an id, the types filter, and who may read', async (t) => {
  const w = await buildWorld(t, { credit: '100.00', project: 'Pages' });
  const { serverId } = await deliveredServer(w, 'pages-1');
  const all = await allEvents(w);
  assert.ok(all.length >= 5);

  const small = await w.app.api(`/projects/${w.slug}/events/?after=0&page_size=2`, { key: w.key });
  assert.deepEqual(small.body.results.map((event: any) => event.id), [1, 2]);
  assert.equal(small.body.last_id, 2);
  assert.equal(small.body.has_more, true);
  const empty = await w.app.api(`/projects/${w.slug}/events/?after=${all.at(-1).id}`, { key: w.key });
  assert.deepEqual(empty.body, { results: [], last_id: all.at(-1).id, has_more: false });

  const orders = await allEvents(w, '&types=order.created,server.created');
  assert.deepEqual(orders.map((event) => event.type), ['order.created', 'server.created']);
  const unknown = await w.app.api(`/projects/${w.slug}/events/?types=server.exploded`, { key: w.key });
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body.code, 'validation_error');
  assert.match(unknown.body.detail, /server\.exploded is not an event type/);

  // A filtered stream sends only those types.
  const filtered = await openStream(streamUrl(w, '?types=action.finished'), w.key);
  t.after(() => filtered.close());
  const reboot = await startOk(w, serverId, 'reboot');
  await succeeded(w, reboot.id);
  const onlyFinished = await filtered.waitFor(1);
  assert.deepEqual(onlyFinished.map((event) => [event.event, event.data.data.id]), [['action.finished', reboot.id]]);

  // Any member reads, with a read-only key too; another project's events are 404.
  const reader = await addMemberWithKey(w.app, w.slug, 'member', { readOnly: true });
  assert.equal((await w.app.api(`/projects/${w.slug}/events/`, { key: reader.key })).status, 200);
  const readerStream = await openStream(streamUrl(w), reader.key);
  readerStream.close();
  assert.equal(readerStream.status, 200);
  const stranger = await w.app.createUser();
  assert.equal((await w.app.api(`/projects/${w.slug}/events/`, { key: stranger.key })).status, 404);
  const strangerStream = await openStream(streamUrl(w), stranger.key);
  strangerStream.close();
  assert.equal(strangerStream.status, 404);
  const other = await otherProject(w, 'Pages Other');
  const otherEvents = await allEvents(other);
  assert.ok(otherEvents.every((event) => event.project === other.slug), "another project's log holds only its own events");
  assert.equal((await w.app.api(`/projects/${w.slug}/events/`)).status, 401);
});

test('events older than the retention are pruned by the recurring job', async (t) => {
  const w = await buildWorld(t, { credit: '100.00', project: 'Pruned', build: { config: { testClock: true } } });
  await deliveredServer(w, 'pruned-1');
  const before = await allEvents(w);
  assert.ok(before.length > 0);
  const advanced = await w.app.admin('/clock/advance', { method: 'POST', body: { seconds: 8 * 24 * 60 * 60 } });
  assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
  await eventually(async () => (await allEvents(w)).length === 0, 15_000);
  // Ids go on from where they were: a client's cursor stays valid.
  const server = await w.app.api(`/projects/${w.slug}/servers/`, { key: w.key });
  const serverId = server.body.results[0].id;
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { method: 'PATCH', key: w.key, body: { hostname: 'pruned-2' } })).status, 200);
  const after = await allEvents(w);
  assert.deepEqual(after.map((event) => event.id), [before.at(-1).id + 1]);
});

test('a stream stops sending once its key is revoked or its reader leaves the project', async (t) => {
  const w = await buildWorld(t, { credit: '100.00', project: 'Revoked' });
  const revoked = await w.app.createKey(w.userId);
  const leaving = await addMemberWithKey(w.app, w.slug, 'member');
  const byRevokedKey = await openStream(streamUrl(w), revoked.key);
  const byLeavingMember = await openStream(streamUrl(w), leaving.key);
  const byOwner = await openStream(streamUrl(w), w.key);
  t.after(() => [byRevokedKey, byLeavingMember, byOwner].forEach((stream) => stream.close()));

  assert.equal((await w.app.admin(`/api-keys/${revoked.keyId}`, { method: 'DELETE' })).status, 204);
  assert.equal((await w.app.admin(`/projects/${w.slug}/members/${leaving.userId}`, { method: 'DELETE' })).status, 204);
  const group = await w.app.api(`/projects/${w.slug}/firewall-groups/`, { method: 'POST', key: w.key, body: { name: 'after-revocation', direction: 'ingress' } });
  assert.equal(group.status, 201);
  await byOwner.waitFor((events) => events.some((event) => event.event === 'firewall_group.created'));
  assert.deepEqual(byRevokedKey.events, [], 'a revoked key hears nothing after its revocation');
  assert.deepEqual(byLeavingMember.events, [], 'a removed member hears nothing after leaving');
});

test('events never carry a root password: the action itself answers it to whoever reads it', async (t) => {
  const w = await buildWorld(t, { credit: '100.00', project: 'Passwords' });
  const { serverId } = await deliveredServer(w, 'passwords-1');
  const reset = await startOk(w, serverId, 'reset_password');
  const done = await succeeded(w, reset.id);
  assert.equal(typeof done.result.root_password, 'string');
  const finished = (await allEvents(w, '&types=action.finished')).find((event) => event.data.id === reset.id);
  assert.deepEqual(finished.data.result, {});
  assert.equal(JSON.stringify(await allEvents(w)).includes(done.result.root_password as string), false);
});

test('firewall changes and their propagation, PTRs, a cancellation and a deletion are each an event of their resource', async (t) => {
  const w = await buildWorld(t, { credit: '100.00', project: 'Kinds' });
  const { serverId } = await deliveredServer(w, 'kinds-1');
  const startAfter = (await allEvents(w)).at(-1).id as number;

  const group = await w.app.api(`/projects/${w.slug}/firewall-groups/`, { method: 'POST', key: w.key, body: { name: 'kinds', direction: 'ingress' } });
  assert.equal(group.status, 201);
  const rule = await w.app.api(`/projects/${w.slug}/firewall-groups/${group.body.id}/rules/`, { method: 'POST', key: w.key, body: { protocol: 'tcp', port_min: 22 } });
  assert.equal(rule.status, 201);
  const attached = await w.app.api(`/projects/${w.slug}/servers/${serverId}/firewall-groups/`, { method: 'PUT', key: w.key, body: { firewall_groups: [group.body.id] } });
  assert.equal(attached.status, 200);
  await eventually(async () => (await allEvents(w, '&types=firewall.applied')).some((event) => event.data.firewall_groups.includes(group.body.id)));

  const server = await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { key: w.key });
  const address = server.body.network.ipv4[0].address as string;
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/${serverId}/reverse-dns/${address}/`, { method: 'PUT', key: w.key, body: { ptr: 'kinds.example.com' } })).status, 200);
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/${serverId}/reverse-dns/${address}/`, { method: 'DELETE', key: w.key })).status, 204);
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/${serverId}/cancel/`, { method: 'POST', key: w.key, body: { when: 'immediate' } })).status < 300, true);

  const events = (await allEvents(w)).filter((event) => event.id > startAfter);
  const kinds = events.map((event) => `${event.type} ${event.resource.type}`);
  for (const expected of [
    'firewall_group.created firewall_group',
    'firewall_rule.created firewall_rule',
    'firewall_group.attached firewall_group',
    'firewall.applied server',
    'reverse_dns.set reverse_dns',
    'reverse_dns.removed reverse_dns',
    'server.cancellation_requested server',
    'server.deleted server',
  ]) {
    assert.ok(kinds.includes(expected), `${expected} in ${kinds.join(', ')}`);
  }
  assert.deepEqual(events.find((event) => event.type === 'reverse_dns.set').data, { address, ptr: 'kinds.example.com', server_id: serverId });
  assert.deepEqual(events.find((event) => event.type === 'firewall_rule.created').data, { ...rule.body, group_id: group.body.id });
  assert.ok(kinds.indexOf('server.cancellation_requested server') < kinds.indexOf('server.deleted server'));
});
