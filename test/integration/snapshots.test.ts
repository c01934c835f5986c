// D6: project snapshots over HTTP — list (paginated, newest first), read,
// delete; a snapshot still being created cannot be deleted; who may, and
// isolation. Snapshots are made by the create_snapshot action, so the tests
// set them up with the snapshot service's calls that action uses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, type TestApp } from '../helpers/build.ts';
import { assertProblem } from '../helpers/problems.ts';
import { addMember } from '../helpers/world.ts';


async function projectId(app: TestApp, slug: string): Promise<number> {
  const row = await app.app.database.db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return row.id;
}

let minute = 0;

/** A snapshot as the create_snapshot action leaves it: created `creating`, then settled. */
async function snapshot(
  app: TestApp,
  slug: string,
  values: { name: string; serverId?: string; status?: 'creating' | 'completed' | 'failed'; sizeGb?: number | null },
): Promise<number> {
  const { db } = app.app.database;
  const { snapshots } = app.app.services;
  minute += 1;
  const now = new Date(Date.UTC(2030, 0, 1, 12, minute)).toISOString();
  const id = await snapshots.start(db, { projectId: await projectId(app, slug), serverId: values.serverId ?? '0123456789abcdef', name: values.name, now });
  const status = values.status ?? 'completed';
  if (status === 'completed') await snapshots.complete(db, id, values.sizeGb ?? 20);
  if (status === 'failed') await snapshots.fail(db, id);
  return id;
}

test('list, read and delete snapshots', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Snaps');
  assert.deepEqual((await app.api(`/projects/${slug}/snapshots/`, { key })).body, { count: 0, next: null, previous: null, results: [] });

  const completed = await snapshot(app, slug, { name: 'before upgrade', sizeGb: 12 });
  const failed = await snapshot(app, slug, { name: 'broken', status: 'failed' });
  const creating = await snapshot(app, slug, { name: 'in progress', serverId: 'fedcba9876543210', status: 'creating' });

  const fetched = await app.api(`/projects/${slug}/snapshots/${completed}/`, { key });
  assert.equal(fetched.status, 200, JSON.stringify(fetched.body));
  assert.deepEqual(fetched.body, {
    id: completed,
    name: 'before upgrade',
    server_id: '0123456789abcdef',
    status: 'completed',
    size_gb: 12,
    created_at: '2030-01-01T12:01:00.000Z',
  });
  const inProgress = (await app.api(`/projects/${slug}/snapshots/${creating}/`, { key })).body;
  assert.equal(inProgress.status, 'creating');
  assert.equal(inProgress.size_gb, null);
  assert.equal(inProgress.server_id, 'fedcba9876543210');
  const broken = (await app.api(`/projects/${slug}/snapshots/${failed}/`, { key })).body;
  assert.equal(broken.status, 'failed');
  assert.equal(broken.size_gb, null);

  // Newest first.
  const listed = await app.api(`/projects/${slug}/snapshots/`, { key });
  assert.equal(listed.status, 200);
  assert.equal(listed.body.count, 3);
  assert.deepEqual(listed.body.results, [inProgress, broken, fetched.body]);

  for (const id of [completed, failed]) {
    const deleted = await app.api(`/projects/${slug}/snapshots/${id}/`, { method: 'DELETE', key });
    assert.equal(deleted.status, 204, JSON.stringify(deleted.body));
    assert.equal(deleted.body, null);
    assertProblem(await app.api(`/projects/${slug}/snapshots/${id}/`, { key }), 404, 'not_found');
    assertProblem(await app.api(`/projects/${slug}/snapshots/${id}/`, { method: 'DELETE', key }), 404, 'not_found');
  }
  assert.deepEqual((await app.api(`/projects/${slug}/snapshots/`, { key })).body.results, [inProgress]);
  // Deleted, not hidden: the row is gone.
  assert.equal(await app.app.database.db.selectFrom('snapshots').select('id').where('id', '=', completed).executeTakeFirst(), undefined);
});

test('a snapshot still being created cannot be deleted: 409 conflict, until it has settled', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Busy');
  const id = await snapshot(app, slug, { name: 'nightly', status: 'creating' });
  const path = `/projects/${slug}/snapshots/${id}/`;

  const refused = await app.api(path, { method: 'DELETE', key });
  assertProblem(refused, 409, 'snapshot_not_ready');
  assert.match(refused.body.detail, /still being created/);
  assert.equal((await app.api(path, { key })).body.status, 'creating');

  await app.app.services.snapshots.complete(app.app.database.db, id, 40);
  const settled = await app.api(path, { key });
  assert.equal(settled.body.status, 'completed');
  assert.equal(settled.body.size_gb, 40);
  assert.equal((await app.api(path, { method: 'DELETE', key })).status, 204);
  assert.equal((await app.api(`/projects/${slug}/snapshots/`, { key })).body.count, 0);
});

test('who may: members read and delete; read-only keys 403; strangers and other projects 404', async (t) => {
  const app = await build(t);
  const owner = await app.createUser();
  const member = await app.createUser();
  const stranger = await app.createUser();
  const slug = await app.createReadyProject(owner.key, 'Guarded Snaps');
  const theirs = await app.createReadyProject(stranger.key, 'Their Snaps');
  await addMember(app, slug, member.userId, 'member');
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  const mine = await snapshot(app, slug, { name: 'mine' });
  const byMember = await snapshot(app, slug, { name: 'member deletes' });
  const other = await snapshot(app, theirs, { name: 'theirs' });
  const path = `/projects/${slug}/snapshots/${mine}/`;

  assert.equal((await app.api(path, { key: member.key })).status, 200);
  assert.equal((await app.api(`/projects/${slug}/snapshots/${byMember}/`, { method: 'DELETE', key: member.key })).status, 204);

  assert.equal((await app.api(path, { key: readOnly.key })).status, 200);
  assert.equal((await app.api(`/projects/${slug}/snapshots/`, { key: readOnly.key })).body.count, 1);
  assertProblem(await app.api(path, { method: 'DELETE', key: readOnly.key }), 403, 'read_only_key');

  for (const [method, target] of [['GET', `/projects/${slug}/snapshots/`], ['GET', path], ['DELETE', path]] as const) {
    assertProblem(await app.api(target, { method, key: stranger.key }), 404, 'not_found');
  }
  // Another project's snapshot through a project of mine: 404, and it stays.
  assertProblem(await app.api(`/projects/${slug}/snapshots/${other}/`, { key: owner.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/snapshots/${other}/`, { method: 'DELETE', key: owner.key }), 404, 'not_found');
  assert.equal((await app.api(`/projects/${theirs}/snapshots/${other}/`, { key: stranger.key })).status, 200);

  for (const id of ['abc', '0', '-3', '2.5', '99999999999']) {
    assertProblem(await app.api(`/projects/${slug}/snapshots/${id}/`, { key: owner.key }), 404, 'not_found');
  }
  assertProblem(await app.api(path, { key: null }), 401, 'unauthenticated');
  assert.deepEqual((await app.api(`/projects/${slug}/snapshots/`, { key: owner.key })).body.results.map((s: { id: number }) => s.id), [mine]);
});

test('the list is paginated in the envelope, newest first', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Paged Snaps');
  const ids = [];
  for (const name of ['a', 'b', 'c']) ids.push(await snapshot(app, slug, { name }));
  const newestFirst = [...ids].reverse();

  const first = await app.api(`/projects/${slug}/snapshots/?page_size=2`, { key });
  assert.equal(first.status, 200);
  assert.equal(first.body.count, 3);
  assert.deepEqual(first.body.results.map((s: { id: number }) => s.id), newestFirst.slice(0, 2));
  assert.equal(first.body.previous, null);
  assert.equal(first.body.next, `${app.baseUrl}/api/v1/projects/${slug}/snapshots/?page_size=2&page=2`);
  const second = await app.api(first.body.next.slice(`${app.baseUrl}/api/v1`.length), { key });
  assert.deepEqual(second.body.results.map((s: { id: number }) => s.id), newestFirst.slice(2));
  assert.equal(second.body.next, null);
  assertProblem(await app.api(`/projects/${slug}/snapshots/?page_size=2&page=3`, { key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/snapshots/?page=-1`, { key }), 404, 'not_found');
});

test('a project still being set up: snapshots are listed, deleting one is 403 project_not_ready', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser();
  const created = await app.api('/projects/', { method: 'POST', key, body: { name: 'Unready Snaps' } });
  assert.equal(created.status, 201);
  const slug = created.body.slug as string;
  // Without a worker the project stays setting_up; the row stands in for one restored from elsewhere.
  const id = await snapshot(app, slug, { name: 'early' });
  assert.equal((await app.api(`/projects/${slug}/snapshots/`, { key })).body.count, 1);
  assert.equal((await app.api(`/projects/${slug}/snapshots/${id}/`, { key })).status, 200);
  assertProblem(await app.api(`/projects/${slug}/snapshots/${id}/`, { method: 'DELETE', key }), 403, 'project_not_ready');
});
