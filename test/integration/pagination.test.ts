// The pagination envelope (spec "Pagination envelope", "Limits") over
// GET /projects/: {count, next, previous, results}, absolute links that keep
// the other query parameters, page_size default 50 and at most 100, and 404
// for a page past the end or a page that is not a number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, type CallResult, type TestApp } from '../helpers/build.ts';

async function createProjects(app: TestApp, key: string, count: number, prefix = 'p'): Promise<string[]> {
  const slugs: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const created = await app.api('/projects/', { method: 'POST', key, body: { name: `Project ${index}`, slug: `${prefix}${index}` } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    slugs.push(created.body.slug);
  }
  return slugs;
}

/** Follows an absolute link exactly as a client would. */
async function follow(link: string, key: string): Promise<CallResult> {
  const response = await fetch(link, { headers: { authorization: `Bearer ${key}` } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

function assertNotFound(response: CallResult, label: string): void {
  assert.equal(response.status, 404, `${label}: ${JSON.stringify(response.body)}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/, label);
  assert.equal(response.body.code, 'not_found', label);
  assert.equal(response.body.status, 404, label);
}

const slugsOf = (response: CallResult): string[] => response.body.results.map((project: { slug: string }) => project.slug);

test('pages of 3 over 7 projects: counts, links that keep other parameters, and the end', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slugs = await createProjects(app, key, 7);
  const projectsUrl = `${app.baseUrl}/api/v1/projects/`;
  assert.match(app.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);

  const whole = await app.api('/projects/', { key });
  assert.equal(whole.status, 200);
  assert.deepEqual(Object.keys(whole.body).sort(), ['count', 'next', 'previous', 'results']);
  assert.equal(whole.body.count, 7);
  assert.equal(whole.body.next, null);
  assert.equal(whole.body.previous, null);
  assert.deepEqual([...slugsOf(whole)].sort(), [...slugs].sort(), 'every project');
  // Pages are consecutive slices of the whole list's order.
  const order = slugsOf(whole);
  for (const project of whole.body.results) assert.equal(project.role, 'owner');

  const first = await app.api('/projects/?page_size=3&foo=bar', { key });
  assert.equal(first.status, 200);
  assert.equal(first.body.count, 7);
  assert.deepEqual(slugsOf(first), order.slice(0, 3));
  assert.equal(first.body.previous, null);
  assert.ok(first.body.next.startsWith(projectsUrl), first.body.next);
  const firstNext = new URL(first.body.next);
  assert.equal(firstNext.searchParams.get('page'), '2');
  assert.equal(firstNext.searchParams.get('page_size'), '3');
  assert.equal(firstNext.searchParams.get('foo'), 'bar');

  const second = await follow(first.body.next, key);
  assert.equal(second.status, 200);
  assert.equal(second.body.count, 7);
  assert.deepEqual(slugsOf(second), order.slice(3, 6));
  assert.ok(second.body.previous.startsWith(projectsUrl), second.body.previous);
  const secondPrevious = new URL(second.body.previous);
  assert.equal(secondPrevious.searchParams.get('page'), '1');
  assert.equal(secondPrevious.searchParams.get('page_size'), '3');
  assert.equal(secondPrevious.searchParams.get('foo'), 'bar');
  const secondNext = new URL(second.body.next);
  assert.equal(secondNext.searchParams.get('page'), '3');
  assert.equal(secondNext.searchParams.get('foo'), 'bar');

  // The previous link leads back to the first page.
  assert.deepEqual(slugsOf(await follow(second.body.previous, key)), order.slice(0, 3));

  const third = await follow(second.body.next, key);
  assert.equal(third.status, 200);
  assert.equal(third.body.count, 7);
  assert.deepEqual(slugsOf(third), order.slice(6));
  assert.equal(third.body.next, null);
  assert.equal(new URL(third.body.previous).searchParams.get('page'), '2');
  assert.equal(new URL(third.body.previous).searchParams.get('foo'), 'bar');

  const same = await app.api('/projects/?page=3&page_size=3', { key });
  assert.deepEqual(slugsOf(same), order.slice(6));
});

test('a page past the end or a page that is not a positive number answers 404 not_found', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  await createProjects(app, key, 7);
  for (const query of ['page=4&page_size=3', 'page=2', 'page=999999', 'page=abc', 'page=0', 'page=-1', 'page=1.5', 'page=2abc', 'page=%20', 'page=1e1']) {
    assertNotFound(await app.api(`/projects/?${query}`, { key }), query);
  }
  // The pages that exist still answer.
  assert.equal((await app.api('/projects/?page=3&page_size=3', { key })).status, 200);
  assert.equal((await app.api('/projects/?page=1', { key })).status, 200);
});

test('page_size=2 links walk every project exactly once, in a stable order', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slugs = await createProjects(app, key, 7);

  const walk = async (): Promise<string[]> => {
    const seen: string[] = [];
    let response = await app.api('/projects/?page_size=2', { key });
    let pages = 1;
    for (;;) {
      assert.equal(response.status, 200);
      assert.equal(response.body.count, 7);
      assert.ok(response.body.results.length <= 2);
      seen.push(...slugsOf(response));
      if (response.body.next === null) break;
      assert.ok(pages < 10, 'the walk ends');
      response = await follow(response.body.next, key);
      pages += 1;
    }
    assert.equal(pages, 4);
    return seen;
  };
  const firstWalk = await walk();
  assert.equal(new Set(firstWalk).size, 7, 'no project twice');
  assert.deepEqual([...firstWalk].sort(), [...slugs].sort(), 'every project');
  const whole = await app.api('/projects/?page_size=100', { key });
  assert.deepEqual(firstWalk, slugsOf(whole), 'the order of the whole list');
  // Renaming projects does not reorder them.
  await app.api(`/projects/${slugs[0]}/`, { method: 'PATCH', key, body: { name: 'zzz renamed' } });
  await app.api(`/projects/${slugs[6]}/`, { method: 'PATCH', key, body: { name: 'aaa renamed' } });
  assert.deepEqual(await walk(), firstWalk, 'the same order again');
});

test('page_size defaults to 50 and is capped at 100', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slugs = await createProjects(app, key, 101);

  const byDefault = await app.api('/projects/', { key });
  assert.equal(byDefault.status, 200);
  assert.equal(byDefault.body.count, 101);
  assert.equal(byDefault.body.results.length, 50);
  assert.equal(new URL(byDefault.body.next).searchParams.get('page'), '2');
  const secondByDefault = await follow(byDefault.body.next, key);
  assert.equal(secondByDefault.body.results.length, 50);
  const lastByDefault = await follow(secondByDefault.body.next, key);
  assert.equal(lastByDefault.body.results.length, 1);
  assert.equal(lastByDefault.body.next, null);
  const order = [...slugsOf(byDefault), ...slugsOf(secondByDefault), ...slugsOf(lastByDefault)];
  assert.deepEqual([...order].sort(), [...slugs].sort(), 'every project exactly once');

  const capped = await app.api('/projects/?page_size=1000', { key });
  assert.equal(capped.status, 200);
  assert.equal(capped.body.count, 101);
  assert.equal(capped.body.results.length, 100);
  assert.deepEqual(slugsOf(capped), order.slice(0, 100));
  assert.equal(new URL(capped.body.next).searchParams.get('page_size'), '1000');
  const rest = await follow(capped.body.next, key);
  assert.equal(rest.status, 200);
  assert.deepEqual(slugsOf(rest), order.slice(100));
  assert.equal(rest.body.next, null);

  const exactlyMax = await app.api('/projects/?page_size=100', { key });
  assert.equal(exactlyMax.body.results.length, 100);
});

test('a user with no projects gets an empty first page', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  // Another user's projects are not counted.
  const other = await app.createUser();
  await createProjects(app, other.key, 2, 'other');

  const empty = await app.api('/projects/', { key });
  assert.equal(empty.status, 200);
  assert.deepEqual(empty.body, { count: 0, next: null, previous: null, results: [] });
  const emptyExplicit = await app.api('/projects/?page=1&page_size=10', { key });
  assert.deepEqual(emptyExplicit.body, { count: 0, next: null, previous: null, results: [] });
  assertNotFound(await app.api('/projects/?page=2', { key }), 'page 2 of nothing');
});

test('links use CLOUDPLANE_PUBLIC_URL when it is set', async (t) => {
  const app = await build(t, { config: { publicUrl: 'https://api.example.test' } });
  const { key } = await app.createUser();
  const slugs = await createProjects(app, key, 3);

  const first = await app.api('/projects/?page_size=2&foo=bar', { key });
  assert.equal(first.status, 200);
  assert.ok(first.body.next.startsWith('https://api.example.test/api/v1/projects/'), first.body.next);
  const next = new URL(first.body.next);
  assert.equal(next.searchParams.get('page'), '2');
  assert.equal(next.searchParams.get('page_size'), '2');
  assert.equal(next.searchParams.get('foo'), 'bar');

  // The link's path and query work against the listener.
  const second = await app.raw(`${next.pathname}${next.search}`, { key });
  assert.equal(second.status, 200);
  const whole = await app.api('/projects/', { key });
  assert.deepEqual(slugsOf(second), slugsOf(whole).slice(2));
  assert.equal(slugsOf(whole).length, slugs.length);
  assert.ok(second.body.previous.startsWith('https://api.example.test/api/v1/projects/'), second.body.previous);
  assert.equal(new URL(second.body.previous).searchParams.get('page'), '1');
  assert.equal(second.body.next, null);
});
