// Issue 31, reading the audit log: a project's log for its owners and admins
// (newest first, in the project envelope's pages, filtered by actor, resource
// and time), the operator's log of everything, and who may read which:
// members and other projects' users are refused, another project's log is 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, type CallResult } from '../helpers/build.ts';
import { assertProblem } from '../helpers/problems.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { addMember, addMemberWithKey, buildWorld, otherProject, type World } from '../helpers/world.ts';

/** Adds an SSH key to the project with `key`; answers its id. */
async function addSshKey(w: World, key: string, name: string): Promise<number> {
  const created = await w.app.api(`/projects/${w.slug}/ssh-keys/`, { method: 'POST', key, body: { name, public_key: ed25519Key(name) } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id as number;
}

/** The project's log as its owner reads it, once it has `count` entries (they are written after each answer). */
async function logWith(w: World, query: string, count: number): Promise<CallResult> {
  return eventually(async () => {
    const page = await w.app.api(`/projects/${w.slug}/audit-log/${query}`, { key: w.key });
    assert.equal(page.status, 200, JSON.stringify(page.body));
    return page.body.count === count && page;
  }).catch(async () => {
    const page = await w.app.api(`/projects/${w.slug}/audit-log/${query}`, { key: w.key });
    throw new Error(`expected ${count} entries for ${query || 'no filter'}, got ${JSON.stringify(page.body, null, 1)}`);
  });
}

test("a project's log: newest first, paginated, filtered by actor, resource and time", async (t) => {
  const w = await buildWorld(t);
  const { app, slug } = w;
  const admin = await addMemberWithKey(app, slug, 'admin');
  const owner = { userId: w.userId, keyId: (await app.app.database.db.selectFrom('api_keys').select('id').where('user_id', '=', w.userId).executeTakeFirstOrThrow()).id };

  // Made before: the project (no project yet: not in its log) and the admin's membership (the operator's, in the log).
  const first = await addSshKey(w, w.key, 'first');
  const second = await addSshKey(w, admin.key, 'second');
  assert.equal((await app.api(`/projects/${slug}/ssh-keys/${first}/`, { method: 'PATCH', key: admin.key, body: { name: 'renamed' } })).status, 200);
  const all = await logWith(w, '', 4);
  assert.deepEqual(
    all.body.results.map((entry: { method: string; actor: { type: string; user_id: number | null } }) => [entry.method, entry.actor.type, entry.actor.user_id]),
    [
      ['PATCH', 'api_key', admin.userId],
      ['POST', 'api_key', admin.userId],
      ['POST', 'api_key', w.userId],
      ['PUT', 'operator', null],
    ],
  );
  const [newest] = all.body.results;
  assert.deepEqual(newest, {
    ...newest,
    interface: 'project',
    project: slug,
    actor: { type: 'api_key', user_id: admin.userId, email: admin.email, api_key_id: admin.keyId, api_key_name: 'test key', session_ref: null },
    client_ip: '127.0.0.1',
    route: '/api/v1/projects/:project_slug/ssh-keys/:ssh_key_id/',
    operation: null,
    resource: { type: 'ssh_key', id: String(first), name: null },
    status: 200,
    problem_code: null,
  });

  // Pages of the project envelope.
  const page = await app.api(`/projects/${slug}/audit-log/?page_size=3`, { key: w.key });
  assert.deepEqual([page.body.count, page.body.results.length, page.body.previous], [4, 3, null]);
  assert.match(page.body.next, /page=2/);
  const next = await app.api(page.body.next.replace(`${app.baseUrl}/api/v1`, ''), { key: w.key });
  assert.deepEqual(next.body.results.map((entry: { id: number }) => entry.id), [all.body.results[3].id]);

  // Filters.
  const ids = (response: CallResult) => response.body.results.map((entry: { id: number }) => entry.id);
  const byId = (index: number) => all.body.results[index].id;
  assert.deepEqual(ids(await logWith(w, `?actor=api_key:${admin.keyId}`, 2)), [byId(0), byId(1)]);
  assert.deepEqual(ids(await logWith(w, `?actor=user:${owner.userId}`, 1)), [byId(2)]);
  assert.deepEqual(ids(await logWith(w, `?actor=api_key:${owner.keyId}`, 1)), [byId(2)]);
  assert.deepEqual(ids(await logWith(w, '?actor=operator', 1)), [byId(3)]);
  assert.deepEqual(ids(await logWith(w, `?resource_type=ssh_key&resource_id=${first}`, 1)), [byId(0)]);
  assert.deepEqual(ids(await logWith(w, `?resource_type=ssh_key&resource_id=${second}`, 0)), []);
  assert.deepEqual(ids(await logWith(w, '?resource_type=member', 1)), [byId(3)]);

  // Time: an hour later by cloudplane's clock (moving it is itself an operator change, outside any project).
  const earliest = new Date(Date.parse(all.body.results[3].created_at) - 60_000).toISOString();
  const moved = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 3600 } });
  assert.equal(moved.status, 200);
  const later = await addSshKey(w, w.key, 'later');
  const since = new Date(Date.parse(moved.body.now) - 60_000).toISOString();
  const recent = await logWith(w, `?since=${since}`, 1);
  assert.equal(recent.body.results[0].resource, null, `the POST of key ${later}`);
  assert.deepEqual(ids(await logWith(w, `?until=${since}`, 4)), ids(all));
  assert.deepEqual(ids(await logWith(w, `?since=${earliest}&until=${since}`, 4)), ids(all));
  assert.deepEqual(ids(await logWith(w, `?until=${earliest}`, 0)), []);

  // Filters that are not well formed.
  for (const query of ['?actor=someone', '?actor=api_key:x', '?since=yesterday', '?until=2025-13-45T00:00:00Z']) {
    assertProblem(await app.api(`/projects/${slug}/audit-log/${query}`, { key: w.key }), 400, 'validation_error', query);
  }
});

test('owners and admins read the log (read-only keys too); members are refused; another project is 404', async (t) => {
  const w = await buildWorld(t);
  const { app, slug } = w;
  const admin = await addMemberWithKey(app, slug, 'admin');
  const adminReadOnly = await app.createKey(admin.userId, { readOnly: true });
  const member = await addMemberWithKey(app, slug, 'member');
  const stranger = await app.createUser();
  const elsewhere = await otherProject(w, 'Elsewhere');

  assert.equal((await app.api(`/projects/${slug}/audit-log/`, { key: w.key })).status, 200);
  assert.equal((await app.api(`/projects/${slug}/audit-log/`, { key: admin.key })).status, 200);
  assert.equal((await app.api(`/projects/${slug}/audit-log/`, { key: adminReadOnly.key })).status, 200);
  assertProblem(await app.api(`/projects/${slug}/audit-log/`, { key: member.key }), 403, 'insufficient_role');
  assertProblem(await app.api(`/projects/${slug}/audit-log/`, { key: stranger.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/audit-log/`, { key: null }), 401, 'unauthenticated');
  assertProblem(await app.api('/projects/no-such-project/audit-log/', { key: w.key }), 404, 'not_found');
  // The admin of one project is nobody in the owner's other one.
  assertProblem(await app.api(`/projects/${elsewhere.slug}/audit-log/`, { key: admin.key }), 404, 'not_found');

  // Each project's log holds its own changes only.
  await addSshKey(elsewhere, w.key, 'elsewhere');
  const there = await logWith(elsewhere, '', 1);
  assert.equal(there.body.results[0].project, elsewhere.slug);
  const here = await logWith(w, '', 2);
  assert.ok(here.body.results.every((entry: { project: string }) => entry.project === slug));
});

test('the operator reads every entry, filtered by project and actor', async (t) => {
  const w = await buildWorld(t);
  const { app, slug } = w;
  const other = await app.createUser();
  const otherSlug = await app.createReadyProject(other.key, 'Other');
  await addSshKey(w, w.key, 'mine');
  await addMember(app, otherSlug, w.userId, 'member');

  const everything = await eventually(async () => {
    const page = await app.admin('/audit-log?page_size=100');
    assert.equal(page.status, 200, JSON.stringify(page.body));
    return page.body.results.some((entry: { route: string }) => entry.route.endsWith('/members/:user_id')) && page;
  });
  // Users, keys and projects made along the way: all there, outside any project or in theirs.
  const routes = new Set(everything.body.results.map((entry: { route: string }) => entry.route));
  for (const route of ['/admin/v1/users', '/admin/v1/users/:user_id/api-keys', '/api/v1/projects/', '/api/v1/projects/:project_slug/ssh-keys/']) assert.ok(routes.has(route), route);

  const mine = await app.admin(`/audit-log?project=${slug}`);
  assert.deepEqual(mine.body.results.map((entry: { project: string; route: string }) => [entry.project, entry.route]), [[slug, '/api/v1/projects/:project_slug/ssh-keys/']]);
  const theirs = await app.admin(`/audit-log?project=${otherSlug}&actor=operator`);
  assert.deepEqual(theirs.body.results.map((entry: { actor: { type: string }; resource: unknown }) => [entry.actor.type, entry.resource]), [
    ['operator', { type: 'member', id: String(w.userId), name: null }],
  ]);
  const keysMade = await app.admin('/audit-log?resource_type=api_key');
  assert.ok(keysMade.body.count >= 2 && keysMade.body.results.every((entry: { operation: string }) => entry.operation === 'api_key.created'));
  assertProblem(await app.admin('/audit-log?project=no-such-project'), 404, 'not_found');
  assertProblem(await app.admin('/audit-log?actor=nobody'), 400, 'validation_error');
  assertProblem(await app.raw('/admin/v1/audit-log', { key: w.key }), 401, 'unauthenticated');
});
