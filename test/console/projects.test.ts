// The console's projects pages over HTTP: the list shows the user's projects
// only, creating one goes through the project service with the API's rules
// and words (D1, its field names as the form labels them), a project's page
// lists its servers with their status in words, and another user's project
// is a 404 page, as on the API. (Creating servers: server-new.test.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, eventually } from '../helpers/build.ts';
import { visibleText } from '../helpers/console.ts';
import { addMember, placeServer } from '../helpers/world.ts';
import { assertOneHeading, flash, followRedirect, page, signedInUser } from './console-world.ts';

async function projectSlugs(app: Awaited<ReturnType<typeof build>>, key: string): Promise<string[]> {
  const listed = await app.api('/projects/?page_size=100', { key });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  return listed.body.results.map((project: { slug: string }) => project.slug);
}

test('the projects page lists the user’s own projects with their role and status, and nobody else’s', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Alpha Shop' });
  const other = await signedInUser(app, { project: 'Secret Beta' });
  // A project of another user that I was made an admin of is mine to see, with that role.
  await addMember(app, other.slug, me.userId, 'admin');

  const projects = await page(me.browser, '/console/projects');
  assertOneHeading(projects.html);
  assert.match(projects.html, /<div class="table-wrap">\s*<table class="table table-hover align-middle table-cards">/, 'a table that becomes cards on a phone');
  assert.match(projects.html, /<td data-label="Your role">Owner<\/td>/);
  const text = visibleText(projects.html);
  assert.match(text, /Alpha Shop alpha-shop Owner Ready/);
  assert.match(text, /Secret Beta secret-beta Admin Ready/);
  assert.match(projects.html, /data-state="ready">Ready<\/span>/, 'the status is a badge in words');
  assert.match(projects.html, /<a href="\/console\/projects" aria-current="page">[\s\S]{0,2000}?Projects<\/a>/, 'the section is marked in the navigation');

  const theirs = visibleText((await page(other.browser, '/console/projects')).html);
  assert.match(theirs, /Secret Beta/);
  assert.doesNotMatch(theirs, /Alpha Shop/, 'another user’s project is not listed');
});

test('creating a project from the console makes it on the API, owned by the user; a taken slug is refused in the API’s words and makes nothing', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app);
  const form = await page(me.browser, '/console/projects');
  assert.match(form.html, /<label class="form-label" for="project-name">Name<\/label>/);
  assert.match(form.html, /<label class="form-label" for="project-slug">Slug<\/label>/);
  assert.match(form.html, /<button type="submit" class="btn btn-primary">[\s\S]*?Create project<\/button>/);

  const created = await me.browser.post('/console/projects', { name: 'Web Shop', slug: 'web-shop' });
  assert.equal(created.location, '/console/projects/web-shop');
  const projectPage = await followRedirect(me.browser, created);
  assert.equal(flash(projectPage.html)?.kind, 'success');
  const onApi = await app.api('/projects/web-shop/', { key: me.key });
  assert.equal(onApi.status, 200, JSON.stringify(onApi.body));
  assert.equal(onApi.body.name, 'Web Shop');
  assert.equal(onApi.body.role, 'owner');

  // An empty slug field is a slug not given: made from the name, as the API does.
  await me.browser.get('/console/projects');
  const derived = await me.browser.post('/console/projects', { name: 'Second One', slug: '' });
  assert.equal(derived.location, '/console/projects/second-one');

  const apiAnswer = await app.api('/projects/', { method: 'POST', key: me.key, body: { name: 'Again', slug: 'web-shop' } });
  assert.equal(apiAnswer.status, 409);
  await me.browser.get('/console/projects');
  const taken = await me.browser.post('/console/projects', { name: 'Again', slug: 'web-shop' });
  assert.equal(taken.status, 409);
  assert.equal(flash(taken.html)?.text, apiAnswer.body.detail, 'the API’s own words');
  assert.match(taken.html, /<p class="invalid-feedback" id="project-slug-error">Slug: [^<]+<\/p>/, 'beside the field, as the form labels it');
  assert.match(taken.html, /id="project-slug"[^>]*aria-invalid="true"/, 'the slug field is marked');
  assert.match(taken.html, /value="Again"/, 'what was typed is kept');
  assert.deepEqual((await projectSlugs(app, me.key)).sort(), ['second-one', 'web-shop']);
});

test('a project the API’s schema refuses is refused with the API’s words; a form without its CSRF token is refused and makes nothing', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app);
  const refusedBodies: Record<string, string>[] = [{ name: '   ' }, { name: 'Bad', slug: 'no spaces' }, { name: 'x'.repeat(101) }];
  for (const body of refusedBodies) {
    const apiAnswer = await app.api('/projects/', { method: 'POST', key: me.key, body });
    assert.equal(apiAnswer.status, 400, JSON.stringify(apiAnswer.body));
    await me.browser.get('/console/projects');
    const refused = await me.browser.post('/console/projects', body);
    assert.equal(refused.status, 400, JSON.stringify(body));
    // The API's words, with its field names as the form labels them ("name must …" → "Name must …") and its patterns in words.
    const labelled = apiAnswer.body.detail
      .replace(/^name\b/, 'Name')
      .replace(/^slug\b/, 'Slug')
      .replace('must match pattern "\\S"', 'must not be only spaces')
      .replace('must match pattern "^[-A-Za-z0-9_]+$"', 'may use only letters, digits, hyphens and underscores');
    assert.equal(flash(refused.html)?.text, labelled, JSON.stringify(body));
    assert.doesNotMatch(flash(refused.html)?.text ?? '', /pattern/);
  }

  await me.browser.get('/console/projects');
  const forged = await me.browser.post('/console/projects', { name: 'Forged', _csrf: null });
  assert.equal(forged.status, 403);
  const wrongToken = await me.browser.post('/console/projects', { name: 'Forged', _csrf: 'not-the-token' });
  assert.equal(wrongToken.status, 403);
  assert.deepEqual(await projectSlugs(app, me.key), []);
});

test('a project’s page lists its servers (hostname, status in words, primary IPv4, location, plan) under the project’s navigation, with its details', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Servers Here' });
  const server = await placeServer(me, { hostname: 'web-1', product_id: 1, location: 'fsn1' });
  const listed = await app.api(`/projects/${me.slug}/servers/`, { key: me.key });
  assert.equal(listed.status, 200);

  const projectPage = await page(me.browser, `/console/projects/${me.slug}`);
  assertOneHeading(projectPage.html);
  assert.match(projectPage.html, /<h1>Servers Here<\/h1>/);
  assert.match(projectPage.html, /<ol class="breadcrumb">[\s\S]*?<a href="\/console\/projects">Projects<\/a>[\s\S]*?<a href="\/console\/projects\/servers-here" aria-current="page">Servers Here<\/a>/);
  assert.match(projectPage.html, /<nav aria-label="Project Servers Here" class="project-nav">/);
  assert.match(projectPage.html, /<a href="\/console\/projects\/servers-here" aria-current="page">[\s\S]*?Servers<\/a>/, 'the project’s navigation marks Servers');
  assert.ok(projectPage.html.includes(`href="/console/projects/${me.slug}/ssh-keys"`));
  assert.ok(projectPage.html.includes(`href="/console/projects/${me.slug}/orders"`));
  assert.match(projectPage.html, /<div class="d-flex flex-wrap gap-2 mb-3">\s*<a class="btn btn-primary" href="\/console\/projects\/servers-here\/servers\/new">[\s\S]*?Create server<\/a>/, 'the main action comes first');

  assert.ok(projectPage.html.includes(`<a href="/console/projects/${me.slug}/servers/${server.id}">web-1</a>`), 'the hostname links to the server’s page');
  const primary = server.network.ipv4.find((address: { primary: boolean }) => address.primary).address;
  const summary = listed.body.results.find((entry: { id: string }) => entry.id === server.id);
  const row = visibleText(new RegExp(`<tr data-server-id="${server.id}">[\\s\\S]*?</tr>`).exec(projectPage.html)![0]);
  assert.equal(row, `web-1 Running ${primary} ${summary.location.city} (${summary.location.country_code}, fsn1) ${summary.plan.name}`);
  assert.match(projectPage.html, /<table class="table table-hover align-middle table-cards" aria-labelledby="servers-title">/);
  for (const label of ['Hostname', 'Status', 'Primary IPv4', 'Location', 'Plan']) assert.ok(projectPage.html.includes(`<td data-label="${label}">`), label);
  assert.doesNotMatch(projectPage.html, /every \d+s/, 'nothing to follow: the table waits for the project’s events and does not poll');

  const details = visibleText(/<section class="card mt-4" aria-labelledby="project-details-title">[\s\S]*?<\/section>/.exec(projectPage.html)![0]);
  assert.match(details, /Slug servers-here Your role Owner Status Ready Created \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
});

test('while an action runs on a server its row follows it (on its events, polling every 30 s as a fallback), and the table stops polling once it has ended', async (t) => {
  // Actions take their full simulated time, which the test's clock then skips.
  const app = await build(t, { config: { simScale: 1 } });
  const me = await signedInUser(app, { project: 'Live' });
  const server = await placeServer(me);
  const started = await app.api(`/projects/${me.slug}/servers/${server.id}/actions/shutdown/`, { method: 'POST', key: me.key, headers: { 'idempotency-key': 'shutdown-1' } });
  assert.equal(started.status, 202, JSON.stringify(started.body));

  const fragmentPath = `/console/projects/${me.slug}/servers-fragment`;
  const running = await page(me.browser, `/console/projects/${me.slug}`);
  assert.ok(running.html.includes(`<div id="project-servers" hx-get="${fragmentPath}" hx-trigger="live-refresh, every 30s" hx-swap="outerHTML" data-live-events=`), 'asks again while the action runs');
  assert.match(running.html, /data-state="running">Running</);

  const advanced = await app.admin('/clock/advance', { method: 'POST', body: { seconds: 10 } });
  assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
  const settled = await eventually(async () => {
    const html = (await page(me.browser, fragmentPath)).html;
    return /data-state="stopped">Stopped</.test(html) && !/every \d+s/.test(html) ? html : null;
  });
  assert.match(settled, /^<div id="project-servers" [^>]*hx-trigger="live-refresh"[ >]/, 'on the project’s events only');
  assert.equal((await app.api(`/projects/${me.slug}/servers/${server.id}/`, { key: me.key })).body.status, 'stopped');
});

test('a project still being set up says so on its page, and its table follows it until it is ready', async (t) => {
  // Setting a project up takes a second of the test's clock, long enough to read the page meanwhile.
  const app = await build(t, { config: { simScale: 1 } });
  const me = await signedInUser(app);
  await page(me.browser, '/console/projects');
  const created = await me.browser.post('/console/projects', { name: 'Fresh' });
  assert.equal(created.location, '/console/projects/fresh');
  const fresh = await page(me.browser, '/console/projects/fresh');
  assert.match(visibleText(fresh.html), /Servers Setting up Servers can be created once the provisioning system has confirmed the project\./);
  assert.match(fresh.html, /hx-trigger="live-refresh, every 2s"/, 'no event says a project is ready: the table polls at its old pace');
  const ready = await eventually(async () => {
    const html = (await page(me.browser, '/console/projects/fresh/servers-fragment')).html;
    return /No servers yet/.test(html) ? html : null;
  });
  assert.doesNotMatch(ready, /every \d+s/);
  assert.match(visibleText(ready), /No servers yet\. Pick a plan, a location and an image, and the server runs in a minute\. Create your first server/);
});

test('another user’s project, and everything in it, is a 404 page, never a 403', async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Private' });
  const server = await placeServer(owner);
  const stranger = await signedInUser(app);

  for (const path of [
    `/console/projects/${owner.slug}`,
    `/console/projects/${owner.slug}/servers/${server.id}`,
    `/console/projects/${owner.slug}/servers/${server.id}/actions-fragment`,
    `/console/projects/${owner.slug}/ssh-keys`,
    `/console/projects/${owner.slug}/orders`,
    '/console/projects/no-such-project',
  ]) {
    const answer = await stranger.browser.get(path);
    assert.equal(answer.status, 404, path);
    assert.doesNotMatch(answer.html, /Private|web-1/, `${path} tells nothing of the project`);
  }
  await stranger.browser.get('/console/projects');
  const started = await stranger.browser.post(`/console/projects/${owner.slug}/servers/${server.id}/actions/reboot`, {});
  assert.equal(started.status, 404);
  assert.equal((await app.api(`/projects/${owner.slug}/actions/`, { key: owner.key })).body.count, 0);
});

test('a project’s name is shown as text everywhere, never as markup', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: '<script>alert(1)</script>' });
  await placeServer(me);
  const list = await page(me.browser, '/console/projects');
  const projectPage = await page(me.browser, `/console/projects/${me.slug}`);
  for (const html of [list.html, projectPage.html]) {
    assert.ok(!html.includes('<script>alert(1)</script>'), 'no raw markup from the name');
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'the name is shown, escaped');
  }
  assert.match(projectPage.html, /<title>&lt;script&gt;alert\(1\)&lt;\/script&gt; · cloudplane console<\/title>/);
});
