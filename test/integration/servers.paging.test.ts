// Paging through a project's servers (spec "Pagination envelope"): the
// list reads its count from a per-project counter and cuts a late page from
// the newest end, so these check that every page is still exactly the slice of
// the whole list it should be, in either direction, at every page size; that
// a page past the end is 404; that page_size keeps its bounds; and that the
// count follows servers however they come and go.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CallResult } from '../helpers/build.ts';
import { assertProblem } from '../helpers/problems.ts';
import { buildWorld, otherProject, placeServer, type World } from '../helpers/world.ts';

type Json = Record<string, any>;

async function list(w: World, query: string): Promise<CallResult> {
  return w.app.api(`/projects/${w.slug}/servers/?${query}`, { key: w.key });
}

/** The ids of one page, checking the envelope around them. */
async function pageIds(w: World, page: number, pageSize: number, expectedCount: number): Promise<string[]> {
  const response = await list(w, `page=${page}&page_size=${pageSize}`);
  const label = `page ${page} of size ${pageSize}`;
  assert.equal(response.status, 200, `${label}: ${JSON.stringify(response.body)}`);
  assert.deepEqual(Object.keys(response.body).sort(), ['count', 'next', 'previous', 'results'], label);
  assert.equal(response.body.count, expectedCount, label);
  const lastPage = Math.max(1, Math.ceil(expectedCount / pageSize));
  assert.equal(response.body.next === null, page === lastPage, `${label}: next ${response.body.next}`);
  if (response.body.next !== null) assert.equal(new URL(response.body.next).searchParams.get('page'), String(page + 1), label);
  assert.equal(response.body.previous === null, page === 1, `${label}: previous ${response.body.previous}`);
  if (response.body.previous !== null) assert.equal(new URL(response.body.previous).searchParams.get('page'), String(page - 1), label);
  return response.body.results.map((server: Json) => server.id);
}

/** Walks every page size from 1 to past the whole list: each page is its slice of `order`, and the page after the last is 404. */
async function assertEveryPage(w: World, order: string[]): Promise<void> {
  for (let pageSize = 1; pageSize <= order.length + 1; pageSize += 1) {
    const lastPage = Math.max(1, Math.ceil(order.length / pageSize));
    for (let page = 1; page <= lastPage; page += 1) {
      assert.deepEqual(await pageIds(w, page, pageSize, order.length), order.slice((page - 1) * pageSize, page * pageSize), `page ${page} of size ${pageSize}`);
    }
    assertProblem(await list(w, `page=${lastPage + 1}&page_size=${pageSize}`), 404, 'not_found');
  }
}

/** The project's servers as the whole list orders them: by creation time, then id. */
async function wholeList(w: World, expectedCount: number): Promise<string[]> {
  const whole = await list(w, 'page_size=100');
  assert.equal(whole.status, 200, JSON.stringify(whole.body));
  assert.equal(whole.body.count, expectedCount);
  assert.equal(whole.body.results.length, expectedCount);
  return whole.body.results.map((server: Json) => server.id);
}

test('every page at every size is its slice of the whole list, oldest first; past the end is 404', async (t) => {
  const w = await buildWorld(t);
  const placed: Json[] = [];
  for (let index = 0; index < 7; index += 1) placed.push(await placeServer(w, { hostname: `web-${index}` }));
  // A neighbouring project's servers are neither listed nor counted.
  await placeServer(await otherProject(w, 'Neighbour'), { hostname: 'elsewhere' });

  const order = await wholeList(w, 7);
  const expected = [...placed].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  assert.deepEqual(order, expected.map((server) => server.id), 'by creation time, then id');
  await assertEveryPage(w, order);

  // Each summary on a late page (cut from the newest end) is that server's own.
  const last = await list(w, 'page=4&page_size=2');
  const [summary] = last.body.results;
  const full = placed.find((server) => server.id === summary.id)!;
  assert.deepEqual(summary, {
    id: full.id,
    hostname: full.hostname,
    status: full.status,
    ipv4_primary: full.network.ipv4.find((entry: Json) => entry.primary).address,
    location: full.location,
    plan: { name: full.plan.name },
  });
});

test('page_size: a default of 50, at most 100, and anything not a positive number is the default', async (t) => {
  const w = await buildWorld(t);
  for (let index = 0; index < 3; index += 1) await placeServer(w, { hostname: `web-${index}` });
  const order = await wholeList(w, 3);
  for (const pageSize of ['0', '-1', 'abc', '1.5', '', '1000', '101', '100']) {
    const response = await list(w, `page_size=${pageSize}`);
    assert.equal(response.status, 200, `page_size=${pageSize}: ${JSON.stringify(response.body)}`);
    assert.deepEqual(response.body.results.map((server: Json) => server.id), order, `page_size=${pageSize}`);
    assert.equal(response.body.next, null, `page_size=${pageSize}`);
  }
  // The cap is 100 and the default 50: page 2 exists at neither for 3 servers.
  assertProblem(await list(w, 'page=2&page_size=1000'), 404, 'not_found');
  assertProblem(await list(w, 'page=2'), 404, 'not_found');
  for (const page of ['0', '-1', 'abc', '1.5', '99999999999']) assertProblem(await list(w, `page=${page}`), 404, 'not_found');
});

test('an empty project: an empty first page, and 404 after it', async (t) => {
  const w = await buildWorld(t);
  assert.deepEqual((await list(w, '')).body, { count: 0, next: null, previous: null, results: [] });
  assert.deepEqual((await list(w, 'page=1&page_size=1')).body, { count: 0, next: null, previous: null, results: [] });
  assertProblem(await list(w, 'page=2&page_size=1'), 404, 'not_found');
});

test('the count follows servers however they come and go: cancelled, deleted or moved straight in the database', async (t) => {
  const w = await buildWorld(t);
  const neighbour = await otherProject(w, 'Neighbour');
  for (let index = 0; index < 7; index += 1) await placeServer(w, { hostname: `web-${index}` });
  const order = await wholeList(w, 7);

  const cancelled = await w.app.api(`/projects/${w.slug}/servers/${order[1]}/cancel/`, { method: 'POST', key: w.key, body: { when: 'immediate', reason: 'paging test' } });
  assert.equal(cancelled.status, 202, JSON.stringify(cancelled.body));
  // Two rows in one statement, then one server into the neighbouring project.
  const { db } = w.app.app.database;
  await db.deleteFrom('servers').where('id', 'in', [order[4]!, order[5]!]).execute();
  const neighbourId = (await db.selectFrom('projects').select('id').where('slug', '=', neighbour.slug).executeTakeFirstOrThrow()).id;
  await db.updateTable('servers').set({ project_id: neighbourId }).where('id', '=', order[6]!).execute();
  const remaining = [order[0]!, order[2]!, order[3]!];
  assert.deepEqual(await wholeList(w, 3), remaining);
  await assertEveryPage(w, remaining);
  assert.deepEqual(await wholeList(neighbour, 1), [order[6]]);

  // And a server that arrives afterwards is counted and listed last.
  const newest = await placeServer(w, { hostname: 'newest' });
  assert.deepEqual(await pageIds(w, 4, 1, 4), [newest.id]);
  assert.deepEqual(await wholeList(w, 4), [...remaining, newest.id]);
});
