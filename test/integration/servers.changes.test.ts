// Changing servers (spec Rename, Errors; DESIGN D2 and the operator rows for
// servers): rename by the spec's hostname rules and who may rename; the
// operator's suspend and unsuspend, back to the power state the server had
// with billing following; bandwidth usage set by the operator.
// The servers tests: servers.placement, servers.reading, servers.changes;
// actions, orders, upgrades and cancellation have their own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { getServer, runAction, setUsage } from '../helpers/servers.ts';
import { addMember, buildWorld, placeServer } from '../helpers/world.ts';

test('rename: the spec\'s hostname rules exactly; bad names refused with the hostname unchanged', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Renames' });
  const placed = await placeServer({ app, slug }, { hostname: 'original', product_id: 1, location: 'fsn1', image: 'debian-12' });
  const path = `/projects/${slug}/servers/${placed.id}/`;
  const baseline = await getServer(app, owner.key, slug, placed.id);

  const valid = [
    'ab',
    `${'a'.repeat(31)}.${'b'.repeat(32)}`, // 64 characters
    'x'.repeat(63), // a label of 63
    'web-1.example.com',
    '1-2-3',
    '0.9',
    'a.b.c.d.e',
    'Web-Server-01.Prod',
    'a--b',
    `9${'a'.repeat(61)}9`,
  ];
  for (const hostname of valid) {
    assert.ok(hostname.length >= 2 && hostname.length <= 64, hostname);
    const response = await app.api(path, { method: 'PATCH', key: owner.key, body: { hostname } });
    assert.equal(response.status, 200, `${hostname}: ${JSON.stringify(response.body)}`);
    assert.deepEqual(response.body, { ...baseline, hostname }, `${hostname}: only the hostname changes`);
    assert.equal((await getServer(app, owner.key, slug, placed.id)).hostname, hostname);
    const listed = await app.api(`/projects/${slug}/servers/`, { key: owner.key });
    assert.equal(listed.body.results[0].hostname, hostname, 'the list shows the new name');
  }

  const current = 'kept.example';
  assert.equal((await app.api(path, { method: 'PATCH', key: owner.key, body: { hostname: current } })).status, 200);
  const invalid: unknown[] = [
    'a', // 1 character
    `${'a'.repeat(32)}.${'b'.repeat(32)}`, // 65 characters of valid labels
    'a'.repeat(64), // a label of 64 (64 characters in all)
    `${'a'.repeat(64)}.b`,
    '-web',
    'web-',
    'web.-a',
    'a-.web',
    'we_b',
    'a..b',
    'web.',
    '.web',
    '..',
    '',
    'a b',
    'wéb',
    'web\n',
    'web/1',
    '*.example',
    123,
    12.5,
    true,
    null,
    ['ab'],
    { name: 'ab' },
  ];
  for (const hostname of invalid) {
    const response = await app.api(path, { method: 'PATCH', key: owner.key, body: { hostname } });
    assertFieldError(response, 'hostname');
    assert.equal((await getServer(app, owner.key, slug, placed.id)).hostname, current, `${JSON.stringify(hostname)} left the hostname unchanged`);
  }

  // No hostname: nothing changes. A member other than hostname is refused, naming it: the client believes it changes something.
  const before = await getServer(app, owner.key, slug, placed.id);
  const untouched = await app.api(path, { method: 'PATCH', key: owner.key, body: {} });
  assert.equal(untouched.status, 200, JSON.stringify(untouched.body));
  assert.deepEqual(untouched.body, before, '{} changes nothing');
  for (const [body, fields] of [
    [{ status: 'stopped' }, ['status']],
    [{ id: '0000000000000000', plan: { name: 'CX42' }, billing: null }, ['id', 'plan', 'billing']],
  ] as const) {
    const response = await app.api(path, { method: 'PATCH', key: owner.key, body });
    assertProblem(response, 400, 'validation_error', JSON.stringify(body));
    assert.deepEqual(response.body.errors.map((error: { field: string }) => error.field), fields, JSON.stringify(response.body));
    assert.deepEqual(await getServer(app, owner.key, slug, placed.id), before, `${JSON.stringify(body)} changes nothing`);
  }
  // A body that is not an object is refused, the server unchanged.
  for (const rawBody of ['null', '[]', '"renamed"']) {
    const response = await app.api(path, { method: 'PATCH', key: owner.key, rawBody, headers: { 'content-type': 'application/json' } });
    assertProblem(response, 400, 'validation_error');
  }
  assert.deepEqual(await getServer(app, owner.key, slug, placed.id), before);
  // Beside a good hostname, too: the whole change is refused, the hostname with it.
  assertFieldError(await app.api(path, { method: 'PATCH', key: owner.key, body: { hostname: 'renamed', status: 'stopped' } }), 'status');
  assert.deepEqual(await getServer(app, owner.key, slug, placed.id), before, 'not renamed');
  assert.equal((await app.api(path, { method: 'PATCH', key: owner.key, body: { hostname: 'kept.example' } })).status, 200);

  // A read-only key may read but not rename (D2), whoever holds it.
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  assertProblem(await app.api(path, { method: 'PATCH', key: readOnly.key, body: { hostname: 'read-only' } }), 403, 'read_only_key');
  assert.equal((await getServer(app, readOnly.key, slug, placed.id)).hostname, current);

  // Any member may rename (D2).
  const member = await app.createUser();
  await addMember(app, slug, member.userId, 'member');
  const byMember = await app.api(path, { method: 'PATCH', key: member.key, body: { hostname: 'by-member' } });
  assert.equal(byMember.status, 200, JSON.stringify(byMember.body));
  assert.equal(byMember.body.hostname, 'by-member');
  const memberReadOnly = await app.createKey(member.userId, { readOnly: true });
  assertProblem(await app.api(path, { method: 'PATCH', key: memberReadOnly.key, body: { hostname: 'nope' } }), 403, 'read_only_key');
  const admin = await app.createUser();
  await addMember(app, slug, admin.userId, 'admin');
  assert.equal((await app.api(path, { method: 'PATCH', key: admin.key, body: { hostname: 'by-admin' } })).body.hostname, 'by-admin');

  // Not a member: 404, unchanged; no key: 401.
  const stranger = await app.createUser();
  assertProblem(await app.api(path, { method: 'PATCH', key: stranger.key, body: { hostname: 'stolen' } }), 404, 'not_found');
  assertProblem(await app.api(path, { method: 'PATCH', key: null, body: { hostname: 'anonymous' } }), 401, 'unauthenticated');
  // Through the stranger's own project: still 404.
  const theirs = await app.createReadyProject(stranger.key, 'Stranger Renames');
  assertProblem(await app.api(`/projects/${theirs}/servers/${placed.id}/`, { method: 'PATCH', key: stranger.key, body: { hostname: 'stolen' } }), 404, 'not_found');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).hostname, 'by-admin');

  // An unknown or malformed server id: 404.
  assertProblem(await app.api(`/projects/${slug}/servers/0123456789abcdef/`, { method: 'PATCH', key: owner.key, body: { hostname: 'ghost' } }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/servers/${placed.id.toUpperCase()}/`, { method: 'PATCH', key: owner.key, body: { hostname: 'ghost' } }), 404, 'not_found');
});

test('operator suspend and unsuspend: back to the power state it had; billing follows', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Suspensions' });
  const placed = await placeServer({ app, slug }, { hostname: 'suspendable', product_id: 1, location: 'fsn1', image: 'debian-12' });
  const baseline = await getServer(app, owner.key, slug, placed.id);

  const suspended = await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' });
  assert.equal(suspended.status, 200, JSON.stringify(suspended.body));
  assert.equal(suspended.body.status, 'suspended');
  assert.equal(suspended.body.billing.status, 'Suspended');
  const seen = await getServer(app, owner.key, slug, placed.id);
  assert.deepEqual(seen, { ...baseline, status: 'suspended', billing: { ...baseline.billing, status: 'Suspended' } });
  assert.equal((await app.api(`/projects/${slug}/servers/`, { key: owner.key })).body.results[0].status, 'suspended');

  // Actions on a suspended server are refused (D4).
  assertProblem(await app.api(`/projects/${slug}/servers/${placed.id}/actions/reboot/`, { method: 'POST', key: owner.key }), 409, 'conflict');

  // Suspending again changes nothing, and does not forget the power state.
  const again = await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' });
  assert.equal(again.status, 200);
  assert.equal(again.body.status, 'suspended');

  const unsuspended = await app.admin(`/servers/${placed.id}/unsuspend`, { method: 'POST' });
  assert.equal(unsuspended.status, 200, JSON.stringify(unsuspended.body));
  assert.equal(unsuspended.body.status, 'running');
  assert.equal(unsuspended.body.billing.status, 'Active');
  assert.deepEqual(await getServer(app, owner.key, slug, placed.id), baseline);

  // Unsuspending a server that is not suspended changes nothing.
  const noop = await app.admin(`/servers/${placed.id}/unsuspend`, { method: 'POST' });
  assert.equal(noop.status, 200);
  assert.deepEqual(noop.body, baseline);

  // A stopped server comes back stopped.
  await runAction(app, owner.key, slug, placed.id, 'power_off');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).status, 'stopped');
  assert.equal((await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' })).body.status, 'suspended');
  assert.equal((await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST' })).body.status, 'suspended');
  const back = await app.admin(`/servers/${placed.id}/unsuspend`, { method: 'POST' });
  assert.equal(back.body.status, 'stopped');
  assert.equal(back.body.billing.status, 'Active');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).status, 'stopped');

  // Unknown or malformed ids: 404.
  for (const operation of ['suspend', 'unsuspend']) {
    assertProblem(await app.admin(`/servers/0123456789abcdef/${operation}`, { method: 'POST' }), 404, 'not_found');
    assertProblem(await app.admin(`/servers/xyz/${operation}`, { method: 'POST' }), 404, 'not_found');
  }
  // The operator API needs the operator token.
  assertProblem(await app.admin(`/servers/${placed.id}/suspend`, { method: 'POST', key: owner.key }), 401, 'unauthenticated');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).status, 'stopped');
});

test('bandwidth usage: bad values refused with the usage unchanged; an unknown server is 404', async (t) => {
  const { app, slug, ...owner } = await buildWorld(t, { credit: '100.00', project: 'Usage' });
  const placed = await placeServer({ app, slug }, { hostname: 'metered', product_id: 4, location: 'fsn1', image: 'debian-12' });
  await setUsage(app, placed.id, 42);

  for (const body of [{ used_gb: -1 }, { used_gb: 1.5 }, { used_gb: '10' }, { used_gb: null }, {}]) {
    const response = await app.admin(`/servers/${placed.id}/bandwidth-usage`, { method: 'PUT', body });
    assertFieldError(response, 'used_gb');
  }
  assert.equal((await getServer(app, owner.key, slug, placed.id)).bandwidth.used_gb, 42);

  await setUsage(app, placed.id, 0);
  assertProblem(await app.admin('/servers/0123456789abcdef/bandwidth-usage', { method: 'PUT', body: { used_gb: 5 } }), 404, 'not_found');
  assertProblem(await app.admin('/servers/XYZ/bandwidth-usage', { method: 'PUT', body: { used_gb: 5 } }), 404, 'not_found');
  assert.equal((await getServer(app, owner.key, slug, placed.id)).bandwidth.used_gb, 0);
});
