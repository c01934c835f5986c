// A server's Networking tab over HTTP: reverse DNS names set, refused and
// removed through ReverseDnsService as the API's …/reverse-dns/ routes do
// (an IPv6 address inside the subnet, typed by the customer; one outside it
// refused on the Address field), IPv6 and the private network enabled by
// their actions with the part of the page following them until done, and
// firewall groups attached and detached through FirewallService with the
// controller's progress shown. Each change is checked through the API too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ipaddr from 'ipaddr.js';
import { allActions, getServer, succeeded } from '../helpers/actions.ts';
import { build } from '../helpers/build.ts';
import { visibleText } from '../helpers/console.ts';
import { attach, createGroup, runDueJobs, serverGroups } from '../helpers/firewall.ts';
import { placeServer, setFault, type World } from '../helpers/world.ts';
import { assertOneHeading, flash, followRedirect, page, signedInUser, type ConsoleWorld } from './console-world.ts';

const POLLING = /hx-trigger="every 2s"/;

const networkPath = (w: ConsoleWorld, serverId: string) => `/console/projects/${w.slug}/servers/${serverId}/networking`;

async function ptrOf(w: World, serverId: string, address: string): Promise<string | null> {
  const answer = await w.app.api(`/projects/${w.slug}/servers/${serverId}/reverse-dns/${encodeURIComponent(address)}/`, { key: w.key });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.ptr;
}

/** An address inside the subnet other than the server's own (::1). */
function addressInside(subnet: string, last: number): string {
  const parts = ipaddr.IPv6.parse(subnet.split('/')[0]!).parts;
  parts[7] = last;
  return new ipaddr.IPv6(parts).toString();
}

/** The row of an address in the page's tables, as a reader sees it. */
function rowText(html: string, address: string): string {
  const row = new RegExp(`<tr data-address="${address.replace(/[.]/g, '\\.')}">([\\s\\S]*?)</tr>`).exec(html);
  assert.ok(row, `a row for ${address}`);
  return visibleText(row[1]!);
}

test('reverse DNS: set on the IPv4 address and on an IPv6 address inside the subnet, refused outside it and for a bad name, then removed', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Names' });
  const placed = await placeServer(me, { hostname: 'mail-1', ipv6: true });
  const server = await getServer(me, placed.id);
  const ipv4 = server.network.ipv4[0].address as string;
  const subnet = server.network.ipv6[0].subnet as string;
  const path = networkPath(me, placed.id);

  const first = await page(me.browser, path);
  assertOneHeading(first.html);
  assert.match(first.html, /<h1>mail-1<\/h1>/);
  assert.match(first.html, /<nav aria-label="Server"/, 'the server tabs');
  assert.match(rowText(first.html, ipv4), /Primary Not set/);
  assert.ok(visibleText(first.html).includes(`Subnet ${subnet}`));

  // IPv4: the row's form.
  const set = await me.browser.post(`${path}/reverse-dns`, { address: ipv4, ptr: 'mail.example.com' });
  assert.equal(set.location, path);
  const afterSet = await followRedirect(me.browser, set);
  assert.deepEqual(flash(afterSet.html), { kind: 'success', text: `The reverse DNS name of ${ipv4} is now mail.example.com.` });
  assert.match(rowText(afterSet.html, ipv4), /mail\.example\.com/);
  assert.equal(await ptrOf(me, placed.id, ipv4), 'mail.example.com');
  const listed = await app.api(`/projects/${me.slug}/servers/${placed.id}/reverse-dns/`, { key: me.key });
  assert.deepEqual(listed.body.results, [{ address: ipv4, ptr: 'mail.example.com' }]);

  // IPv6: any address inside the subnet, typed by the customer, written any valid way.
  const inside = addressInside(subnet, 0x25);
  const typed = inside.toUpperCase();
  const setInside = await me.browser.post(`${path}/reverse-dns`, { address: typed, ptr: 'v6.example.com' });
  assert.equal(setInside.location, `${path}?address=${encodeURIComponent(inside)}`, 'back to the page, showing the address');
  const shown = await followRedirect(me.browser, setInside);
  assert.deepEqual(flash(shown.html), { kind: 'success', text: `The reverse DNS name of ${inside} is now v6.example.com.` });
  assert.match(rowText(shown.html, inside), /v6\.example\.com/);
  assert.equal(await ptrOf(me, placed.id, inside), 'v6.example.com');
  // Looked up again later, the address shows its name.
  assert.match(rowText((await page(me.browser, `${path}?address=${encodeURIComponent(inside)}`)).html, inside), /v6\.example\.com/);

  // Outside the subnet: the API's refusal (404 there), on the Address field here; nothing is set.
  const outside = addressInside('2001:db8:ffff:1::/64', 0x25);
  assert.equal((await app.api(`/projects/${me.slug}/servers/${placed.id}/reverse-dns/${outside}/`, { method: 'PUT', key: me.key, body: { ptr: 'x.example.com' } })).status, 404);
  await page(me.browser, path);
  const refused = await me.browser.post(`${path}/reverse-dns`, { address: outside, ptr: 'outside.example.com' });
  assert.equal(refused.status, 400);
  assertOneHeading(refused.html);
  const refusal = flash(refused.html);
  assert.equal(refusal?.kind, 'error');
  assert.equal(refusal.text, `Address: not one of the server's IPv4 addresses, nor inside its IPv6 subnet ${subnet}`);
  assert.doesNotMatch(refusal.text, /address:|ptr/, 'no API field names');
  assert.match(refused.html, /id="ipv6-other-address" name="address" value="[^"]+"[^>]* aria-invalid="true"/, 'the field is marked');
  assert.ok(refused.html.includes(`value="${outside}"`), 'what was typed is kept');
  assert.equal((await me.browser.get(`${path}?address=${encodeURIComponent(outside)}`)).status, 400, 'a look-up outside the subnet is refused the same way');

  // A bad name: the API's words, labelled; nothing changes.
  await page(me.browser, path);
  const badName = await me.browser.post(`${path}/reverse-dns`, { address: ipv4, ptr: '-bad.example.com' });
  assert.equal(badName.status, 400);
  assert.equal(flash(badName.html)?.text, 'Reverse DNS name: label "-bad" must not start or end with a hyphen');
  assert.match(badName.html, /name="ptr" value="-bad\.example\.com"[^>]* aria-invalid="true"/);
  const tooLong = await me.browser.post(`${path}/reverse-dns`, { address: ipv4, ptr: `${'a'.repeat(60)}.`.repeat(5) + 'com' });
  assert.equal(tooLong.status, 400);
  assert.match(flash(tooLong.html)?.text ?? '', /^Reverse DNS name /);
  assert.equal(await ptrOf(me, placed.id, ipv4), 'mail.example.com');

  // Remove: the API's DELETE; the row says "Not set" again.
  const removed = await me.browser.post(`${path}/reverse-dns/remove`, { address: ipv4 });
  const afterRemove = await followRedirect(me.browser, removed);
  assert.deepEqual(flash(afterRemove.html), { kind: 'success', text: `The reverse DNS name of ${ipv4} was removed.` });
  assert.match(rowText(afterRemove.html, ipv4), /Not set/);
  assert.equal(await ptrOf(me, placed.id, ipv4), null);
  await followRedirect(me.browser, await me.browser.post(`${path}/reverse-dns/remove`, { address: inside }));
  assert.equal(await ptrOf(me, placed.id, inside), null);

  // The reverse DNS service down: the page still shows, says so, and a change is refused with nothing changed.
  await setFault(app, 'rdns', 'down');
  const down = await page(me.browser, path);
  assert.match(visibleText(down.html), /The reverse DNS names could not be read/);
  assert.match(rowText(down.html, ipv4), /Unknown/);
  const downSet = await me.browser.post(`${path}/reverse-dns`, { address: ipv4, ptr: 'mail.example.com' });
  assert.equal(downSet.status, 503);
  assert.match(flash(downSet.html)?.text ?? '', /reverse DNS service is unavailable/);
  await setFault(app, 'rdns', 'ok');
  assert.equal(await ptrOf(me, placed.id, ipv4), null);
});

test('enable IPv6 and the private network: offered where the API offers them, followed live until done', async (t) => {
  // simScale 0.1: the enabling lasts long enough to read the page while it runs.
  const app = await build(t, { config: { simScale: 0.1 } });
  const me = await signedInUser(app, { project: 'Enable' });
  const placed = await placeServer(me, { hostname: 'app-1' });
  const path = networkPath(me, placed.id);

  const before = await page(me.browser, path);
  assert.match(visibleText(before.html), /IPv6 is not enabled/);
  assert.match(before.html, new RegExp(`<form method="post" action="${path}/enable-ipv6"`));
  assert.match(before.html, new RegExp(`<form method="post" action="${path}/enable-private-network"`));
  assert.doesNotMatch(before.html, POLLING, 'nothing under way');

  const started = await me.browser.post(`${path}/enable-ipv6`, {});
  const after = await followRedirect(me.browser, started);
  assert.equal(flash(after.html)?.kind, 'success');
  const [action] = await allActions(me);
  assert.equal(action?.type, 'server.enable_ipv6');
  const running = await page(me.browser, `${path}/live/ipv6`);
  assert.doesNotMatch(running.html, /<html|<h1/, 'the part alone');
  // Read before the status: an action still running now was running while the part was read.
  if ((await allActions(me))[0]!.status === 'running') {
    assert.match(running.html, POLLING);
    assert.match(visibleText(running.html), /In progress IPv6 is being enabled/);
  }
  const done = await succeeded(me, action.id);
  const enabled = await page(me.browser, `${path}/live/ipv6`);
  assert.doesNotMatch(enabled.html, POLLING, 'settled: no more polling');
  assert.ok(visibleText(enabled.html).includes(`Subnet ${done.result.subnet as string}`));
  assert.deepEqual((await getServer(me, placed.id)).network.ipv6, [{ subnet: done.result.subnet }]);

  // Once enabled, it is no longer offered; a second start is the API's conflict, labelled and recorded nowhere.
  const page2 = await page(me.browser, path);
  assert.doesNotMatch(page2.html, /action="[^"]*\/enable-ipv6"/);
  const again = await me.browser.post(`${path}/enable-ipv6`, {});
  assert.equal(again.status, 409);
  assert.equal(flash(again.html)?.text, 'IPv6 was not enabled. IPv6 is already enabled on this server');
  assert.equal((await allActions(me)).length, 1);

  await followRedirect(me.browser, await me.browser.post(`${path}/enable-private-network`, {}));
  const [join] = await allActions(me);
  assert.equal(join?.type, 'server.enable_private_network');
  await succeeded(me, join.id);
  assert.deepEqual((await getServer(me, placed.id)).network.private_network, { eligible: true, enabled: true });
  const joined = await page(me.browser, `${path}/live/private-network`);
  assert.match(visibleText(joined.html), /The server is on the project's private network/);
  assert.doesNotMatch(joined.html, POLLING);
});

test('firewall groups: attach and detach from the server, checked through the API, with the controller’s progress shown', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Walls' });
  const placed = await placeServer(me, { hostname: 'web-1' });
  const path = networkPath(me, placed.id);
  const web = await createGroup(me, 'web');
  const ssh = await createGroup(me, 'ssh');

  const empty = await page(me.browser, path);
  assert.match(visibleText(empty.html), /No firewall group is attached, so all traffic is allowed/);
  assert.match(empty.html, new RegExp(`<option value="${web.id}">web</option>`));
  assert.ok(empty.html.includes(`href="/console/projects/${me.slug}/firewalls"`), 'a link to the project’s firewalls');

  const attached = await me.browser.post(`${path}/firewall-groups/attach`, { group_id: String(web.id) });
  const shown = await followRedirect(me.browser, attached);
  assert.deepEqual(flash(shown.html), { kind: 'success', text: 'Firewall group web attached. The change reaches the server in a few seconds.' });
  assert.deepEqual(await serverGroups(me, placed.id), [web.id]);
  await followRedirect(me.browser, await me.browser.post(`${path}/firewall-groups/attach`, { group_id: String(ssh.id) }));
  assert.deepEqual(await serverGroups(me, placed.id), [web.id, ssh.id].sort((a, b) => a - b));

  await runDueJobs(me);
  const applied = await page(me.browser, `${path}/live/firewall`);
  assert.match(applied.html, /data-state="applied">Applied</);
  assert.doesNotMatch(applied.html, POLLING);
  assert.match(visibleText(applied.html), /web Inbound 0 Applied/);

  // A group not of the project: the API's validation error, in the form's words; the set is unchanged.
  const stranger = await signedInUser(app, { project: 'Theirs' });
  const theirs = await createGroup(stranger, 'theirs');
  await page(me.browser, path);
  const refused = await me.browser.post(`${path}/firewall-groups/attach`, { group_id: String(theirs.id) });
  assert.equal(refused.status, 400);
  assert.equal(flash(refused.html)?.text, `The firewall group was not attached. Firewall group: ${theirs.id} is not a firewall group of this project`);
  assert.equal((await me.browser.post(`${path}/firewall-groups/attach`, { group_id: 'web' })).status, 400);
  assert.deepEqual(await serverGroups(me, placed.id), [web.id, ssh.id].sort((a, b) => a - b));

  const detached = await me.browser.post(`${path}/firewall-groups/${web.id}/detach`, {});
  assert.deepEqual(flash((await followRedirect(me.browser, detached)).html)?.kind, 'success');
  assert.deepEqual(await serverGroups(me, placed.id), [ssh.id]);
  // The change not yet applied: the part follows it.
  const applying = await page(me.browser, `${path}/live/firewall`);
  if (/data-state="applying"/.test(applying.html)) assert.match(applying.html, POLLING);
  await runDueJobs(me);
  assert.match((await page(me.browser, `${path}/live/firewall`)).html, /data-state="applied"/);
  assert.equal((await me.browser.post(`${path}/firewall-groups/${web.id}/detach`, {})).status, 404, 'no longer attached');

  // The API sees the same thing the console did.
  assert.equal((await attach(me, placed.id, [])).status, 200);
  assert.match(visibleText((await page(me.browser, path)).html), /No firewall group is attached/);

  // The network controller down: the page still shows and says so; attaching is refused, nothing changes.
  await setFault(app, 'firewall', 'down');
  const down = await page(me.browser, path);
  assert.match(visibleText(down.html), /The firewall groups could not be read\. The firewall system is unavailable/);
  const refusedDown = await me.browser.post(`${path}/firewall-groups/attach`, { group_id: String(web.id) });
  assert.equal(refusedDown.status, 503);
  assert.match(flash(refusedDown.html)?.text ?? '', /^The firewall group was not attached\. The firewall system is unavailable/);
  await setFault(app, 'firewall', 'ok');
  assert.deepEqual(await serverGroups(me, placed.id), []);
});

test('another user’s server: every page, part and form of the tab is 404, and nothing changes', async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Mine' });
  const placed = await placeServer(owner, { hostname: 'db-1', ipv6: true });
  const group = await createGroup(owner, 'db');
  const ipv4 = placed.network.ipv4[0].address as string;
  const stranger = await signedInUser(app, { project: 'Other' });
  const path = networkPath(owner, placed.id);
  await page(stranger.browser, '/console/projects');

  for (const read of [path, `${path}/live/ipv6`, `${path}/live/firewall`, `${path}/live/private-network`, `${path}?address=${ipv4}`]) {
    assert.equal((await stranger.browser.get(read)).status, 404, read);
  }
  for (const [post, form] of [
    [`${path}/reverse-dns`, { address: ipv4, ptr: 'stolen.example.com' }],
    [`${path}/reverse-dns`, { address: ipv4, ptr: '-bad' }],
    [`${path}/reverse-dns/remove`, { address: ipv4 }],
    [`${path}/enable-private-network`, {}],
    [`${path}/firewall-groups/attach`, { group_id: String(group.id) }],
    [`${path}/firewall-groups/${group.id}/detach`, {}],
  ] as const) {
    assert.equal((await stranger.browser.post(post, form)).status, 404, post);
  }
  assert.equal(await ptrOf(owner, placed.id, ipv4), null);
  assert.deepEqual(await serverGroups(owner, placed.id), []);
  assert.equal((await allActions(owner)).length, 0);
  assert.equal((await owner.browser.get(`${path}/live/nothing`)).status, 404);
});
