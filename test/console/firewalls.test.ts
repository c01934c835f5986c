// A project's firewalls in the console over HTTP (issue 30, item 3): groups
// created, renamed and deleted, rules added and removed through
// FirewallService as the API does (checked through the API), its refusals in
// the form's words ("Port", "Destination", never port_min), its duplicate
// answer as "This rule already exists", servers attached and detached with
// the propagation state on each, live until every server has applied, and
// another user's groups answering 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { visibleText, type PageResult } from '../helpers/console.ts';
import { createGroup, createRule, getGroup, rulesOf, runDueJobs, serverGroups } from '../helpers/firewall.ts';
import { placeServer, setFault } from '../helpers/world.ts';
import { assertOneHeading, flash, followRedirect, page, signedInUser, type ConsoleWorld } from './console-world.ts';

const POLLING = /hx-trigger="every 2s"/;

const firewallsPath = (w: ConsoleWorld) => `/console/projects/${w.slug}/firewalls`;
const groupPagePath = (w: ConsoleWorld, groupId: number) => `${firewallsPath(w)}/${groupId}`;

/** The add-rule form as a browser sends it: every field, the empty ones empty. */
function ruleForm(fields: Record<string, string>, direction: 'ingress' | 'egress' = 'ingress'): Record<string, string> {
  const address = direction === 'ingress' ? 'source_cidr' : 'destination_cidr';
  return { protocol: 'tcp', port_min: '', port_max: '', [address]: '', priority: '', comment: '', ...fields };
}

/** Reads the group's page (for its form token), then posts one of its forms. */
async function submit(w: ConsoleWorld, groupId: number, action: string, form: Record<string, string>): Promise<PageResult> {
  await page(w.browser, groupPagePath(w, groupId));
  return w.browser.post(`${groupPagePath(w, groupId)}${action}`, form);
}

/** The badge each attached server shows, by name: `data-state` and its words. */
function propagationBadges(html: string): Map<string, { state: string; text: string }> {
  const badges = new Map<string, { state: string; text: string }>();
  for (const row of html.matchAll(/<tr>\s*<td data-label="Server"><a [^>]*>([^<]+)<\/a><\/td>\s*<td data-label="Firewall"><span class="badge[^"]*" data-state="([^"]+)">([^<]+)<\/span>/g)) {
    badges.set(row[1]!, { state: row[2]!, text: row[3]! });
  }
  return badges;
}

test('a group is created, gets a rule (as the API sees it), refuses the same rule again and a bad port in the form’s words', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Walls' });

  const empty = await page(me.browser, firewallsPath(me));
  assertOneHeading(empty.html);
  assert.match(visibleText(empty.html), /No firewall groups yet/);
  assert.match(empty.html, /aria-current="page"[^>]*>[\s\S]{0,400}Firewalls/, 'the project navigation marks Firewalls');

  const created = await me.browser.post(firewallsPath(me), { name: 'web', direction: 'ingress' });
  assert.equal(created.status, 303, visibleText(created.html));
  const [group] = (await app.api(`/projects/${me.slug}/firewall-groups/`, { key: me.key })).body.results;
  assert.equal(group.name, 'web');
  assert.equal(group.direction, 'ingress');
  assert.equal(created.location, groupPagePath(me, group.id));
  const groupPage = await followRedirect(me.browser, created);
  assertOneHeading(groupPage.html);
  assert.match(groupPage.html, /<h1>web<\/h1>/);
  assert.equal(flash(groupPage.html)?.kind, 'success');
  assert.match(visibleText(groupPage.html), /Direction Inbound/);
  assert.match(visibleText(groupPage.html), /No rules yet/);

  // A rule: in the API as typed, on the page in words.
  const added = await submit(me, group.id, '/rules', ruleForm({ port_min: '443', source_cidr: '192.0.2.0/24', comment: 'Web traffic' }));
  assert.equal(added.status, 303, visibleText(added.html));
  const afterAdd = await followRedirect(me.browser, added);
  assert.deepEqual(flash(afterAdd.html), { kind: 'success', text: 'Rule added: TCP port 443 from 192.0.2.0/24.' });
  const rules = await rulesOf(me, group.id);
  assert.equal(rules.length, 1);
  const rule = rules[0]!;
  assert.deepEqual(
    { protocol: rule.protocol, port_min: rule.port_min, port_max: rule.port_max, source_cidr: rule.source_cidr, comment: rule.comment, priority: rule.priority },
    { protocol: 'tcp', port_min: 443, port_max: null, source_cidr: '192.0.2.0/24', comment: 'Web traffic', priority: 1000 },
  );
  const row = /<tbody>[\s\S]*?<\/tbody>/.exec(afterAdd.html.slice(afterAdd.html.indexOf('id="rules"')))![0];
  assert.match(visibleText(row), /^Inbound TCP 443 192\.0\.2\.0\/24 Web traffic 1000 Remove/);
  assert.match(row, /<td data-label="Source">/);
  assert.match(row, /data-confirm="Remove the rule allowing TCP port 443 from 192\.0\.2\.0\/24\?/);

  // The same rule written another way (a range of one port) is the API's 409 rule_exists: "This rule already exists", nothing added.
  const apiCopy = await app.api(`/projects/${me.slug}/firewall-groups/${group.id}/rules/`, { method: 'POST', key: me.key, body: { protocol: 'tcp', port_min: 443, port_max: 443, source_cidr: '192.0.2.0/24' } });
  assert.equal(apiCopy.status, 409);
  assert.equal(apiCopy.body.code, 'rule_exists');
  const copy = await submit(me, group.id, '/rules', ruleForm({ port_min: '443', port_max: '443', source_cidr: '192.0.2.0/24' }));
  assert.equal(copy.status, 409);
  assert.match(flash(copy.html)?.text ?? '', /^This rule already exists/);
  assert.match(copy.html, /id="rule-port-max" name="port_max"[^>]*value="443"/, 'what was typed stays');
  assert.equal((await rulesOf(me, group.id)).length, 1);

  // A port out of range: the API's schema refuses it, named as the form names it.
  const badPort = await submit(me, group.id, '/rules', ruleForm({ port_min: '70000' }));
  assert.equal(badPort.status, 400);
  const badPortMessage = flash(badPort.html)?.text ?? '';
  assert.match(badPortMessage, /\bPort\b/);
  assert.doesNotMatch(badPort.html, /port_min must|port_min:/);
  assert.match(badPort.html, /id="rule-port-min" name="port_min"[^>]*value="70000"[^>]*aria-invalid="true"/);
  // Ports with icmp: the service's refusal, in the same words.
  const icmp = await submit(me, group.id, '/rules', ruleForm({ protocol: 'icmp', port_min: '22' }));
  assert.equal(icmp.status, 400);
  assert.match(flash(icmp.html)?.text ?? '', /^Port: must be empty for ICMP: only TCP and UDP rules have ports/);
  // A range backwards names both fields by their labels.
  const backwards = await submit(me, group.id, '/rules', ruleForm({ port_min: '90', port_max: '80' }));
  assert.equal(backwards.status, 400);
  assert.match(flash(backwards.html)?.text ?? '', /Last port: must not be below Port \(90\)/);
  assert.equal((await rulesOf(me, group.id)).length, 1, 'nothing was created');

  // Removing the rule.
  const removed = await submit(me, group.id, `/rules/${rule.id}/delete`, {});
  assert.equal(removed.status, 303, visibleText(removed.html));
  assert.deepEqual(flash((await followRedirect(me.browser, removed)).html), { kind: 'success', text: 'Rule removed: TCP port 443 from 192.0.2.0/24.' });
  assert.deepEqual(await rulesOf(me, group.id), []);
});

test('an outbound group asks for a Destination; its refusals and the group’s own say so in words', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Outbound' });
  await page(me.browser, firewallsPath(me));
  const created = await me.browser.post(firewallsPath(me), { name: 'out', direction: 'egress' });
  assert.equal(created.status, 303, visibleText(created.html));
  const groupId = Number(/\/firewalls\/(\d+)$/.exec(created.location!)![1]);

  const form = await page(me.browser, groupPagePath(me, groupId));
  assert.match(form.html, /<label class="form-label" for="rule-address">Destination<\/label>/);
  assert.match(form.html, /name="destination_cidr"/);
  assert.doesNotMatch(form.html, /name="source_cidr"/);

  const hostBits = await submit(me, groupId, '/rules', ruleForm({ protocol: 'udp', port_min: '53', destination_cidr: '10.0.0.1/8' }, 'egress'));
  assert.equal(hostBits.status, 400);
  const message = flash(hostBits.html)?.text ?? '';
  assert.match(message, /^Destination: "10\.0\.0\.1\/8" has host bits set; the network is 10\.0\.0\.0\/8/);
  assert.doesNotMatch(message, /destination_cidr/);
  assert.match(hostBits.html, /name="destination_cidr"[^>]*value="10\.0\.0\.1\/8"/);

  const added = await submit(me, groupId, '/rules', ruleForm({ protocol: 'any' }, 'egress'));
  assert.equal(added.status, 303, visibleText(added.html));
  assert.deepEqual(flash((await followRedirect(me.browser, added)).html), { kind: 'success', text: 'Rule added: Any protocol to any address.' });
  const rule = (await rulesOf(me, groupId))[0]!;
  assert.deepEqual([rule.protocol, rule.port_min, rule.destination_cidr], ['any', null, null]);

  // Names: the API's pattern and its 409 name_taken, both in the form's words; then a rename.
  await page(me.browser, firewallsPath(me));
  const badName = await me.browser.post(firewallsPath(me), { name: '-bad', direction: 'ingress' });
  assert.equal(badName.status, 400);
  assert.match(flash(badName.html)?.text ?? '', /^Name /);
  assert.match(badName.html, /id="group-name" name="name"[^>]*value="-bad"/);
  const taken = await me.browser.post(firewallsPath(me), { name: 'out', direction: 'ingress' });
  assert.equal(taken.status, 409);
  assert.equal(flash(taken.html)?.text, 'The project already has a firewall group named out; choose another name.');
  const renamed = await submit(me, groupId, '/rename', { name: 'outbound web' });
  assert.equal(renamed.status, 303, visibleText(renamed.html));
  assert.equal((await getGroup(me, groupId)).name, 'outbound web');
  await createGroup(me, 'other');
  const renameTaken = await submit(me, groupId, '/rename', { name: 'other' });
  assert.equal(renameTaken.status, 409);
  assert.match(renameTaken.html, /id="group-name" name="name"[^>]*value="other"/);
  assert.equal((await getGroup(me, groupId)).name, 'outbound web');

  const list = visibleText((await page(me.browser, firewallsPath(me))).html);
  assert.match(list, /outbound web Outbound 1 rule 0 servers/);
  assert.match(list, /other Inbound 0 rules 0 servers/);
});

test('attaching a server shows Applying, polled every 2 s until Applied; detaching, then deleting the group', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Propagation' });
  const group = await createGroup(me, 'web');
  await createRule(me, group.id, { protocol: 'tcp', port_min: 22 });
  const server = await placeServer(me, { hostname: 'web-1' });
  await placeServer(me, { hostname: 'db-1' });
  const runner = app.app.runner!;

  const before = await page(me.browser, groupPagePath(me, group.id));
  assert.match(visibleText(before.html), /Not attached to any server/);
  assert.match(before.html, /<option value="[0-9a-f]+">web-1<\/option>/);
  assert.doesNotMatch(before.html, POLLING);

  // The worker waits, so the change is recorded and not yet applied while the page is read.
  await runner.stop();
  const attached = await me.browser.post(`${groupPagePath(me, group.id)}/servers`, { server_id: server.id });
  assert.equal(attached.status, 303, visibleText(attached.html));
  assert.deepEqual(await serverGroups(me, server.id), [group.id]);
  const applying = await followRedirect(me.browser, attached);
  assert.deepEqual(flash(applying.html), { kind: 'success', text: 'Attached to web-1. The group’s rules are being applied to it.' });
  assert.deepEqual(propagationBadges(applying.html), new Map([['web-1', { state: 'applying', text: 'Applying' }]]));
  const fragmentPath = `${groupPagePath(me, group.id)}/servers-fragment`;
  assert.ok(applying.html.includes(`<div id="firewall-servers" hx-get="${fragmentPath}" hx-trigger="every 2s" hx-swap="outerHTML">`));
  assert.doesNotMatch(applying.html, /<option value="[0-9a-f]+">web-1<\/option>/, 'an attached server is not offered again');

  const stillApplying = await page(me.browser, fragmentPath);
  assert.match(stillApplying.html.trimStart(), /^<div id="firewall-servers"/);
  assert.doesNotMatch(stillApplying.html, /<html|<h1|<main/, 'the panel alone');
  assert.match(stillApplying.html, POLLING);

  runner.start();
  await runDueJobs(me);
  const applied = await page(me.browser, fragmentPath);
  assert.deepEqual(propagationBadges(applied.html), new Map([['web-1', { state: 'applied', text: 'Applied' }]]));
  assert.doesNotMatch(applied.html, /hx-get|hx-trigger/, 'everything applied: the polling stops');
  const operatorView = await app.admin(`/servers/${server.id}/firewall`);
  assert.equal(operatorView.body.applied_generation, operatorView.body.generation);

  // Attached, the group cannot be deleted: the API's 409 group_in_use, naming the server.
  await page(me.browser, firewallsPath(me));
  const inUse = await me.browser.post(`${groupPagePath(me, group.id)}/delete`, {});
  assert.equal(inUse.status, 409);
  assert.equal(flash(inUse.html)?.text, 'Firewall group web was not deleted: 1 server still uses it (web-1); detach it from them first.');
  assert.equal((await getGroup(me, group.id)).servers.length, 1);

  const detached = await submit(me, group.id, `/servers/${server.id}/detach`, {});
  assert.equal(detached.status, 303, visibleText(detached.html));
  assert.deepEqual(await serverGroups(me, server.id), []);
  assert.deepEqual(flash((await followRedirect(me.browser, detached)).html), { kind: 'success', text: 'Detached from web-1. Its firewall is being updated.' });

  await page(me.browser, firewallsPath(me));
  const deleted = await me.browser.post(`${groupPagePath(me, group.id)}/delete`, {});
  assert.equal(deleted.status, 303, visibleText(deleted.html));
  assert.equal(deleted.location, firewallsPath(me));
  assert.deepEqual(flash((await followRedirect(me.browser, deleted)).html), { kind: 'success', text: 'Firewall group web deleted, with its rules.' });
  assert.equal((await app.api(`/projects/${me.slug}/firewall-groups/${group.id}/`, { key: me.key })).status, 404);
});

test('attaching a server that is not the project’s is refused on the form; another user’s groups are 404 pages', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Mine' });
  const group = await createGroup(me, 'web');
  const rule = await createRule(me, group.id, { protocol: 'tcp', port_min: 80 });
  await placeServer(me, { hostname: 'web-1' });
  const stranger = await signedInUser(app, { project: 'Theirs' });
  const theirServer = await placeServer(stranger, { hostname: 'theirs' });

  const foreign = await submit(me, group.id, '/servers', { server_id: theirServer.id });
  assert.equal(foreign.status, 400);
  assert.equal(flash(foreign.html)?.text, 'Choose one of the project’s servers.');
  assert.deepEqual(await serverGroups(stranger, theirServer.id), []);

  await page(stranger.browser, firewallsPath(stranger));
  const mine = groupPagePath(me, group.id);
  assert.equal((await stranger.browser.get(firewallsPath(me))).status, 404);
  assert.equal((await stranger.browser.get(mine)).status, 404);
  assert.equal((await stranger.browser.get(`${mine}/servers-fragment`)).status, 404);
  // Their own project with my group's id: no such group there.
  assert.equal((await stranger.browser.get(groupPagePath(stranger, group.id))).status, 404);
  assert.equal((await stranger.browser.get(`${firewallsPath(stranger)}/not-a-number`)).status, 404);
  for (const [path, form] of [
    [`${mine}/rules`, ruleForm({ port_min: '22' })],
    [`${mine}/rules/${rule.id}/delete`, {}],
    [`${mine}/rename`, { name: 'taken over' }],
    [`${mine}/servers`, { server_id: theirServer.id }],
    [`${mine}/delete`, {}],
    [`${groupPagePath(stranger, group.id)}/delete`, {}],
  ] as const) {
    assert.equal((await stranger.browser.post(path, form)).status, 404, path);
  }
  const after = await getGroup(me, group.id);
  assert.equal(after.name, 'web');
  assert.deepEqual(after.rules.map((entry: { id: number }) => entry.id), [rule.id]);
  assert.deepEqual(after.servers, []);
});

test('with the network controller down the pages say so (503, never a 500) and nothing changes', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Down' });
  const group = await createGroup(me, 'web');
  await page(me.browser, groupPagePath(me, group.id));
  await setFault(app, 'firewall', 'down');

  const added = await me.browser.post(`${groupPagePath(me, group.id)}/rules`, ruleForm({ port_min: '22' }));
  assert.equal(added.status, 503);
  assert.match(visibleText(added.html), /The firewall system is unavailable/);
  const listed = await me.browser.get(firewallsPath(me));
  assert.equal(listed.status, 503);

  await setFault(app, 'firewall', 'ok');
  assert.deepEqual(await rulesOf(me, group.id), []);
});
