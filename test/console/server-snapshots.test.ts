// A server's "Snapshots & ISO" tab over HTTP: taking a snapshot (its form
// token as the Idempotency-Key, so a resubmission takes no second one),
// restoring the server from it and deleting it, mounting and unmounting an
// ISO, each started through ActionService or SnapshotService as the API's
// routes do and checked through the API; refusals in the form's words with
// nothing changed; the live part polling only while something is under way;
// another user's server a 404. simScale 0.1 where a test needs an action
// still running while it reads the page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allActions, getServer, startOk, succeeded } from '../helpers/actions.ts';
import { build } from '../helpers/build.ts';
import { visibleText } from '../helpers/console.ts';
import { placeServer, type World } from '../helpers/world.ts';
import { assertOneHeading, flash, followRedirect, page, signedInUser, type ConsoleWorld } from './console-world.ts';

const POLLING = /hx-trigger="every 2s"/;

const tabPath = (w: ConsoleWorld, serverId: string) => `/console/projects/${w.slug}/servers/${serverId}/snapshots`;

async function snapshots(w: World): Promise<{ id: number; name: string; server_id: string; status: string; size_gb: number | null }[]> {
  const answer = await w.app.api(`/projects/${w.slug}/snapshots/?page_size=100`, { key: w.key });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.results;
}

/** The create form's one-time token on the page just read. */
function formToken(html: string): string {
  const token = /name="form_token" value="([^"]+)"/.exec(html);
  assert.ok(token, 'the create form carries a one-time token');
  return token[1]!;
}

/** A snapshot's row, as a reader sees it. */
function snapshotRow(html: string, id: number): string {
  const row = new RegExp(`<tr data-snapshot="${id}">([\\s\\S]*?)</tr>`).exec(html);
  assert.ok(row, `a row for snapshot ${id}`);
  return visibleText(row[1]!);
}

test('take a snapshot with a description, followed live until ready; the same form sent again takes no second one', async (t) => {
  const app = await build(t, { config: { simScale: 0.1 } });
  const me = await signedInUser(app, { project: 'Snaps' });
  const placed = await placeServer(me, { hostname: 'web-1' });
  const path = tabPath(me, placed.id);

  const empty = await page(me.browser, path);
  assertOneHeading(empty.html);
  assert.match(empty.html, /<h1>web-1<\/h1>/);
  assert.match(empty.html, /<nav aria-label="Server"/);
  assert.match(visibleText(empty.html), /This server has no snapshots yet/);
  assert.doesNotMatch(empty.html, POLLING);
  const token = formToken(empty.html);

  const created = await me.browser.post(path, { name: 'before upgrade', form_token: token });
  assert.equal(created.location, path);
  const after = await followRedirect(me.browser, created);
  assert.deepEqual(flash(after.html), { kind: 'success', text: 'The snapshot is being taken; its progress is shown below.' });
  const [action] = await allActions(me);
  assert.equal(action?.type, 'server.create_snapshot');
  const [snapshot] = await snapshots(me);
  assert.equal(snapshot?.name, 'before upgrade');
  assert.equal(snapshot.server_id, placed.id);

  // While it is taken, the live part asks for itself; its row and the progress say so in words.
  const running = await page(me.browser, `${path}/live`);
  assert.doesNotMatch(running.html, /<html|<h1/, 'the part alone');
  if ((await snapshots(me))[0]!.status === 'creating') {
    assert.match(running.html, POLLING);
    assert.match(snapshotRow(running.html, snapshot.id), /before upgrade — .* Creating/);
    assert.match(visibleText(running.html), /Create snapshot In progress/);
  }

  // The same form again: the first snapshot is the answer, no second one is taken.
  const resent = await me.browser.post(path, { name: 'before upgrade', form_token: token });
  assert.equal(flash((await followRedirect(me.browser, resent)).html)?.text, 'This form was already sent: the snapshot it started is shown below, and no second one was taken.');
  assert.equal((await snapshots(me)).length, 1);
  assert.equal((await allActions(me)).length, 1);

  await succeeded(me, action.id);
  const ready = await page(me.browser, `${path}/live`);
  assert.doesNotMatch(ready.html, POLLING, 'settled: no more polling');
  const done = (await snapshots(me))[0]!;
  assert.equal(done.status, 'completed');
  assert.match(snapshotRow(ready.html, done.id), new RegExp(`before upgrade ${done.size_gb} GB \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC Ready`));
  assert.match(ready.html, /data-state="completed">Ready</);
  assert.match(visibleText(ready.html), /Create snapshot Done/);
  assert.doesNotMatch(ready.html, /server\.create_snapshot|>completed</, 'no raw identifiers');

  // Left empty, the description is the API's default name.
  const second = await me.browser.post(path, { name: '', form_token: formToken((await page(me.browser, path)).html) });
  await followRedirect(me.browser, second);
  assert.match((await snapshots(me))[0]!.name, /^web-1-\d{4}-\d{2}-\d{2}$/);
});

test('restore from a snapshot and delete it, each checked through the API; refusals in the form’s words change nothing', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Restore' });
  const placed = await placeServer(me, { hostname: 'db-1' });
  const path = tabPath(me, placed.id);
  await succeeded(me, (await startOk(me, placed.id, 'create_snapshot', { body: { name: 'nightly' } })).id);
  const [snapshot] = await snapshots(me);

  const listed = await page(me.browser, path);
  assert.match(listed.html, new RegExp(`<form method="post" action="${path}/${snapshot!.id}/restore" class="inline-form" data-confirm="Restore db-1 from the snapshot “nightly”\\? Everything on its disk now is replaced by the snapshot`));
  assert.match(listed.html, new RegExp(`<form method="post" action="${path}/${snapshot!.id}/delete" class="inline-form" data-confirm="Delete the snapshot “nightly”\\? This cannot be undone\\."`));

  const restored = await me.browser.post(`${path}/${snapshot!.id}/restore`, {});
  assert.equal(flash((await followRedirect(me.browser, restored)).html)?.text, 'The server is being restored from the snapshot “nightly”; its progress is shown below.');
  const [restore] = await allActions(me);
  assert.equal(restore?.type, 'server.restore_snapshot');
  await succeeded(me, restore.id);
  assert.equal((await getServer(me, placed.id)).status, 'running');
  assert.match(visibleText((await page(me.browser, `${path}/live`)).html), /Restore snapshot Done/);

  // A description longer than the API takes: its schema's refusal, labelled; nothing is taken.
  await page(me.browser, path);
  const tooLong = await me.browser.post(path, { name: 'x'.repeat(256), form_token: 'unused' });
  assert.equal(tooLong.status, 400);
  assert.equal(flash(tooLong.html)?.text, 'The snapshot was not taken. Description must NOT have more than 255 characters');
  assert.match(tooLong.html, /id="snapshot-name" name="name" value="x{256}"[^>]* aria-invalid="true"/, 'what was typed is kept and marked');
  assert.equal((await snapshots(me)).length, 1);

  // Restoring from a snapshot that is not completed: the API's refusal on snapshot_id, as the form names it.
  const creating = await startOk(me, placed.id, 'create_snapshot', { body: { name: 'unfinished' } });
  const unfinished = (await snapshots(me)).find((entry) => entry.name === 'unfinished')!;
  await succeeded(me, creating.id);
  // As the action leaves a snapshot the provisioning system did not make.
  await app.app.services.snapshots.fail(app.app.database.db, unfinished.id);
  await page(me.browser, path);
  const refused = await me.browser.post(`${path}/${unfinished.id}/restore`, {});
  assert.equal(refused.status, 400);
  assert.equal(flash(refused.html)?.text, 'The server was not restored from the snapshot “unfinished”. Snapshot: must be a completed snapshot of the project');
  assert.equal((await allActions(me)).filter((entry) => entry.type === 'server.restore_snapshot').length, 1);
  assert.doesNotMatch(refused.html, new RegExp(`action="${path}/${unfinished.id}/restore"`), 'a failed snapshot offers no restore');

  const deleted = await me.browser.post(`${path}/${snapshot!.id}/delete`, {});
  assert.equal(flash((await followRedirect(me.browser, deleted)).html)?.text, 'The snapshot “nightly” was deleted.');
  assert.equal((await app.api(`/projects/${me.slug}/snapshots/${snapshot!.id}/`, { key: me.key })).status, 404);
  assert.deepEqual((await snapshots(me)).map((entry) => entry.name), ['unfinished']);
  assert.equal((await me.browser.post(`${path}/${snapshot!.id}/delete`, {})).status, 404, 'gone');
  assert.equal((await me.browser.post(`${path}/nothing/delete`, {})).status, 404);
});

test('mount an ISO of the catalogue and unmount it, checked through the API; an ISO not offered is refused on its field', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Isos' });
  const placed = await placeServer(me, { hostname: 'rescue-1' });
  const path = tabPath(me, placed.id);
  const catalogue = (await app.api(`/projects/${me.slug}/isos/`, { key: me.key })).body as { id: number; name: string }[];

  const before = await page(me.browser, path);
  for (const iso of catalogue) assert.ok(before.html.includes(`<option value="${iso.id}">${iso.name}</option>`), iso.name);
  assert.match(visibleText(before.html), /ISO in the drive None mounted/);

  const mounted = await me.browser.post(`${path}/iso/mount`, { iso_id: '2' });
  assert.equal(flash((await followRedirect(me.browser, mounted)).html)?.text, 'The ISO is being mounted; its progress is shown below.');
  const [mount] = await allActions(me);
  assert.equal(mount?.type, 'server.mount_iso');
  await succeeded(me, mount.id);
  assert.deepEqual((await getServer(me, placed.id)).iso, { id: 2, name: 'SystemRescue 11.02 (amd64)' });
  const shown = await page(me.browser, `${path}/live`);
  assert.match(visibleText(shown.html), /ISO in the drive SystemRescue 11\.02 \(amd64\) Unmount/);
  assert.match(visibleText(shown.html), /Mount ISO Done/);

  await page(me.browser, path);
  for (const iso of ['99', 'rescue', '']) {
    const refused = await me.browser.post(`${path}/iso/mount`, { iso_id: iso });
    assert.equal(refused.status, 400, iso);
    assert.equal(flash(refused.html)?.text, 'The ISO was not mounted. ISO: is not an ISO of the catalogue');
  }
  assert.equal((await allActions(me)).length, 1);

  const unmounted = await me.browser.post(`${path}/iso/unmount`, {});
  assert.equal(flash((await followRedirect(me.browser, unmounted)).html)?.text, 'The ISO is being unmounted; its progress is shown below.');
  const [unmount] = await allActions(me);
  assert.equal(unmount?.type, 'server.unmount_iso');
  await succeeded(me, unmount.id);
  assert.equal((await getServer(me, placed.id)).iso, null);
  assert.match(visibleText((await page(me.browser, `${path}/live`)).html), /None mounted/);
});

test('while another action runs, a start is the API’s conflict shown on the page; another user’s server is a 404 everywhere', async (t) => {
  const app = await build(t, { config: { simScale: 0.1 } });
  const me = await signedInUser(app, { project: 'Busy' });
  const placed = await placeServer(me, { hostname: 'busy-1' });
  const path = tabPath(me, placed.id);
  await succeeded(me, (await startOk(me, placed.id, 'create_snapshot', { body: { name: 'mine' } })).id);
  const [snapshot] = await snapshots(me);

  const reinstall = await startOk(me, placed.id, 'reinstall', { body: { image: 'debian-12' } });
  const apiAnswer = await app.api(`/projects/${me.slug}/servers/${placed.id}/actions/unmount_iso/`, { method: 'POST', key: me.key });
  assert.equal(apiAnswer.status, 409);
  await page(me.browser, path);
  const refused = await me.browser.post(`${path}/iso/unmount`, {});
  assert.equal(refused.status, 409);
  assert.equal(flash(refused.html)?.text, `The ISO was not unmounted. ${apiAnswer.body.detail}`);
  const busy = await me.browser.post(path, { name: 'during', form_token: formToken(refused.html) });
  assert.equal(busy.status, 409);
  assert.match(flash(busy.html)?.text ?? '', /^The snapshot was not taken\. Another action is running/);
  assert.match(busy.html, /value="during"/, 'what was typed is kept');
  assert.equal((await snapshots(me)).length, 1);
  await succeeded(me, reinstall.id, 20_000);

  const stranger = await signedInUser(app, { project: 'Other' });
  await page(stranger.browser, '/console/projects');
  for (const read of [path, `${path}/live`]) assert.equal((await stranger.browser.get(read)).status, 404, read);
  for (const [post, form] of [
    [path, { name: 'stolen', form_token: 'x'.repeat(22) }],
    [path, { name: 'x'.repeat(300) }],
    [`${path}/${snapshot!.id}/restore`, {}],
    [`${path}/${snapshot!.id}/delete`, {}],
    [`${path}/iso/mount`, { iso_id: '2' }],
    [`${path}/iso/unmount`, {}],
  ] as const) {
    assert.equal((await stranger.browser.post(post, form)).status, 404, post);
  }
  assert.equal((await snapshots(me)).length, 1);
  assert.equal((await allActions(me)).length, 2, 'the snapshot and the reinstall only');
});
