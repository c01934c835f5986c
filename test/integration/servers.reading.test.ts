// Reading servers (spec "Server summary", the Servers endpoints, Errors;
// DESIGN D2, D14): the summary list and its pages, isolation between projects
// and server ids that cannot be one; billing or firewall that cannot be read
// leave that field null (never a made-up value) while operator answers show
// what the operator just did; a project still being set up is 403.
// The servers tests: servers.placement, servers.reading, servers.changes;
// actions, orders, upgrades and cancellation have their own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, eventually } from '../helpers/build.ts';
import { assertProblem } from '../helpers/problems.ts';
import { getServer, SUMMARY_FIELDS } from '../helpers/servers.ts';
import { buildWorld, placeServer, setFault } from '../helpers/world.ts';

type Json = Record<string, any>;

test('GET /servers/: summaries, pages of 2 over 5, another project\'s servers neither listed nor readable', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Listing' });
  const stranger = await app.createUser();
  const theirs = await app.createReadyProject(stranger.key, 'Elsewhere');

  const empty = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
  assert.equal(empty.status, 200);
  assert.deepEqual(empty.body, { count: 0, next: null, previous: null, results: [] });

  const placed: Json[] = [];
  const choices = [
    { product_id: 1, location: 'fsn1' },
    { product_id: 4, location: 'nbg1' },
    { product_id: 6, location: 'hel1' },
    { product_id: 2, location: 'ash' },
    { product_id: 3, location: 'fsn1' },
  ];
  for (const [index, choice] of choices.entries()) {
    placed.push(await placeServer({ app, slug }, { hostname: `node-${index + 1}`, image: 'debian-12', ipv4_additional: index % 2, ...choice }));
  }
  const foreign = await placeServer({ app, slug: theirs }, { hostname: 'foreign', product_id: 1, location: 'fsn1', image: 'debian-12' });

  const whole = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
  assert.equal(whole.status, 200, JSON.stringify(whole.body));
  assert.equal(whole.body.count, 5);
  assert.equal(whole.body.next, null);
  assert.equal(whole.body.previous, null);
  assert.deepEqual(whole.body.results.map((entry: Json) => entry.id).sort(), placed.map((server) => server.id).sort());
  assert.ok(!whole.body.results.some((entry: Json) => entry.id === foreign.id), 'another project\'s server is not listed');
  for (const summary of whole.body.results) {
    assert.deepEqual(Object.keys(summary).sort(), SUMMARY_FIELDS);
    const full = placed.find((server) => server.id === summary.id)!;
    assert.deepEqual(summary, {
      id: full.id,
      hostname: full.hostname,
      status: 'running',
      ipv4_primary: full.network.ipv4[0].address,
      location: full.location,
      plan: { name: full.plan.name },
    });
  }

  // Pages are consecutive slices of the whole list.
  const order = whole.body.results.map((entry: Json) => entry.id);
  const pages: Json[] = [];
  for (let page = 1; page <= 3; page += 1) {
    const response = await app.api(`/projects/${slug}/servers/?page_size=2&page=${page}`, { key: owner.key });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.count, 5);
    pages.push(response.body);
  }
  assert.deepEqual(pages.map((page) => page.results.length), [2, 2, 1]);
  assert.deepEqual(pages.flatMap((page) => page.results.map((entry: Json) => entry.id)), order);
  assert.equal(pages[0]!.previous, null);
  assert.equal(new URL(pages[0]!.next).searchParams.get('page'), '2');
  assert.equal(new URL(pages[0]!.next).searchParams.get('page_size'), '2');
  assert.equal(new URL(pages[2]!.previous).searchParams.get('page'), '2');
  assert.equal(pages[2]!.next, null);
  assertProblem(await app.api(`/projects/${slug}/servers/?page_size=2&page=4`, { key: owner.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/servers/?page=abc`, { key: owner.key }), 404, 'not_found');

  // The stranger sees only their own server.
  const theirList = await app.api(`/projects/${theirs}/servers/`, { key: stranger.key });
  assert.deepEqual(theirList.body.results.map((entry: Json) => entry.id), [foreign.id]);

  // Another project's server through my project, and my project as a non-member: 404.
  assertProblem(await app.api(`/projects/${slug}/servers/${foreign.id}/`, { key: owner.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/servers/${placed[0]!.id}/`, { key: stranger.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/servers/`, { key: stranger.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${theirs}/servers/${foreign.id}/`, { key: owner.key }), 404, 'not_found');

  // Ids that cannot be a server (D14: 16 lowercase hex characters) and an unknown one.
  const id = placed[0]!.id as string;
  for (const bad of ['xyz', id.slice(0, 15), id.toUpperCase(), 'ABCDEF0123456789', `${id}0`, '0000000000000000', `${id.slice(0, 15)}g`]) {
    if (bad === id) continue;
    assertProblem(await app.api(`/projects/${slug}/servers/${bad}/`, { key: owner.key }), 404, 'not_found');
  }

  // A read-only key reads both the list and a server.
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  assert.equal((await app.api(`/projects/${slug}/servers/`, { key: readOnly.key })).body.count, 5);
  assert.deepEqual(await getServer(app, readOnly.key, slug, id), await getServer(app, owner.key, slug, id));
  assertProblem(await app.api(`/projects/${slug}/servers/`, { key: null }), 401, 'unauthenticated');
});

test('billing or firewall that cannot be read: the server is still answered, with that field null', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Faulty' });
  const placed = await placeServer({ app, slug }, { hostname: 'faulty', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 1, ipv6: true });
  const baseline = await getServer(app, owner.key, slug, placed.id);
  assert.notEqual(baseline.billing, null);
  assert.deepEqual(baseline.firewall_groups, []);

  for (const mode of ['down', 'error', 'timeout']) {
    await setFault(app, 'billing', mode);
    const read = await getServer(app, owner.key, slug, placed.id);
    assert.equal(read.billing, null, `billing ${mode}: billing is null`);
    assert.deepEqual(read, { ...baseline, billing: null }, `billing ${mode}: the rest is intact`);
    const listed = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
    assert.equal(listed.status, 200, `billing ${mode}: the list does not need billing`);
    assert.equal(listed.body.count, 1);
    // A rename does not need billing either; it answers the server with billing null.
    const renamed = await app.api(`/projects/${slug}/servers/${placed.id}/`, { method: 'PATCH', key: owner.key, body: { hostname: `faulty-${mode}` } });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(renamed.body, { ...baseline, hostname: `faulty-${mode}`, billing: null });
    const renamedBack = await app.api(`/projects/${slug}/servers/${placed.id}/`, { method: 'PATCH', key: owner.key, body: { hostname: 'faulty' } });
    assert.deepEqual(renamedBack.body, { ...baseline, billing: null });
    await setFault(app, 'billing', 'ok');
    assert.deepEqual(await getServer(app, owner.key, slug, placed.id), baseline, `billing back once the ${mode} fault is cleared`);
  }

  for (const mode of ['down', 'error', 'timeout']) {
    await setFault(app, 'firewall', mode);
    const read = await getServer(app, owner.key, slug, placed.id);
    assert.strictEqual(read.firewall_groups, null, `firewall ${mode}: null, never []`);
    assert.deepEqual(read, { ...baseline, firewall_groups: null }, `firewall ${mode}: the rest is intact`);
    await setFault(app, 'firewall', 'ok');
  }

  // Both at once.
  await setFault(app, 'billing', 'down');
  await setFault(app, 'firewall', 'error');
  assert.deepEqual(await getServer(app, owner.key, slug, placed.id), { ...baseline, billing: null, firewall_groups: null });
  await setFault(app, 'billing', 'ok');
  await setFault(app, 'firewall', 'ok');
  assert.deepEqual(await getServer(app, owner.key, slug, placed.id), baseline, 'everything back once the faults are cleared');
  const faults = await app.admin('/faults');
  assert.equal(faults.body.billing.mode, 'ok');
  assert.equal(faults.body.firewall.mode, 'ok');
});

// The operator API works on the built-in systems directly (operator.routes.ts,
// upstreams/index.ts): faults are for the public APIs. So an operator answer
// shows the billing it just wrote, and does not use up a fault's `count` that a
// test set for the client's next call.
test('operator answers are not blanked by faults: they show what the operator just did', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Back Office' });

  await setFault(app, 'billing', 'down');
  await setFault(app, 'firewall', 'down');
  const placed = await app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { hostname: 'imported', product_id: 1, location: 'fsn1', image: 'debian-12' } });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const suspended = await app.admin(`/servers/${placed.body.id}/suspend`, { method: 'POST' });
  assert.equal(suspended.status, 200, JSON.stringify(suspended.body));
  await setFault(app, 'billing', 'ok');
  await setFault(app, 'firewall', 'ok');
  // The work itself was done under the faults.
  const seen = await getServer(app, owner.key, slug, placed.body.id);
  assert.equal(seen.status, 'suspended');
  assert.equal(seen.billing.status, 'Suspended');
  // And the operator's answers said so.
  assert.equal(placed.body.billing?.status, 'Active', 'the placement answers the billing service it opened');
  assert.deepEqual(placed.body.firewall_groups, []);
  assert.equal(suspended.body.billing?.status, 'Suspended', 'the suspension answers the billing status it set');
  assert.deepEqual(suspended.body.firewall_groups, []);
});

test('a fault with a count is left for the public API: operator calls meanwhile do not use it up', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Counted Fault' });
  const placed = await placeServer({ app, slug }, { hostname: 'counted', product_id: 1, location: 'fsn1', image: 'debian-12' });

  await setFault(app, 'billing', { mode: 'error', count: 1 });
  assert.equal((await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' })).status, 200);
  assert.equal((await app.admin(`/servers/${placed.id}/unsuspend`, { method: 'POST' })).status, 200);
  assert.equal((await app.admin(`/servers/${placed.id}/bandwidth-usage`, { method: 'PUT', body: { used_gb: 5 } })).status, 200);
  assert.deepEqual((await app.admin('/faults')).body.billing, { system: 'billing', mode: 'error', count: 1, committed: false }, 'the fault still waits for its one call');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).billing, null, 'the client\'s call meets the fault');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).billing?.status, 'Active', 'and only that call');
});

test('a project still being set up: its servers answer 403 project_not_ready until provisioning confirms it', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '100.00' });
  await setFault(app, 'provisioning', 'down');
  const created = await app.api('/projects/', { method: 'POST', key: owner.key, body: { name: 'Not Yet' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const slug = created.body.slug as string;
  assert.equal((await app.api(`/projects/${slug}/`, { key: owner.key })).body.status, 'setting_up');

  assertProblem(await app.api(`/projects/${slug}/servers/`, { key: owner.key }), 403, 'project_not_ready');
  assertProblem(await app.api(`/projects/${slug}/servers/0123456789abcdef/`, { key: owner.key }), 403, 'project_not_ready');
  assertProblem(
    await app.api(`/projects/${slug}/servers/0123456789abcdef/`, { method: 'PATCH', key: owner.key, body: { hostname: 'early' } }),
    403,
    'project_not_ready',
  );
  // Not a member still learns nothing about the project.
  const stranger = await app.createUser();
  assertProblem(await app.api(`/projects/${slug}/servers/`, { key: stranger.key }), 404, 'not_found');

  await setFault(app, 'provisioning', 'ok');
  await eventually(async () => (await app.api(`/projects/${slug}/`, { key: owner.key })).body.status === 'ready', 15_000, 100);
  const listed = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  assert.deepEqual(listed.body, { count: 0, next: null, previous: null, results: [] });
});
