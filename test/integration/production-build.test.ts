// The service as `npm start` runs it: bin/cloudplane.js and the bundle in
// dist/ (packages bundled in, code split into chunks), not the sources
// through tsx as every other test runs them. A bundle can break what the
// sources never do: a package that finds a file beside its own module, a
// template or asset looked up relative to the code, a lazily loaded chunk.
// So this test walks each of those once: the API documents and their pages,
// the console's pages and assets (htmx comes from node_modules), an order
// delivered by the in-process worker, the client bundle a program imports
// as `cloudplane/client`, and a clean stop.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { eventually } from '../helpers/build.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { cloudplaneProcesses, type ServeProcess } from '../helpers/processes.ts';

const run = promisify(execFile);

let database: TestDatabase;
let started: ReturnType<typeof cloudplaneProcesses>;
let service: ServeProcess;
let demoKey: string;

before(async () => {
  database = await createTestDatabase();
  started = cloudplaneProcesses(database, {}, 'build');
  service = await started.serve('the built service');
  const match = /demo API key\s+(\S+)/.exec(service.output());
  assert.ok(match, `the first start prints the demo API key:\n${service.output()}`);
  demoKey = match[1]!;
});

after(async () => {
  await started?.stopAll();
  await database?.drop();
});

async function page(url: string): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

test('the built service serves both API documents and their reference pages', { timeout: 60_000 }, async () => {
  const document = await service.api('/openapi.json');
  assert.equal(document.status, 200);
  assert.equal(document.body.openapi, '3.1.0');
  assert.ok(Object.keys(document.body.paths).length > 20, 'the project API document lists its paths');

  for (const base of [service.baseUrl, service.legacyUrl]) {
    const docs = await page(`${base}/docs`);
    assert.equal(docs.status, 200, `${base}/docs`);
    assert.match(docs.text, /swagger/i, 'the reference page is the Swagger UI, whose files come from its own package');
  }
});

test('the built service serves the console: a page from a template, its stylesheet and htmx', { timeout: 60_000 }, async () => {
  const signIn = await page(`${service.baseUrl}/console/login`);
  assert.equal(signIn.status, 200);
  assert.match(signIn.type, /text\/html/);
  assert.match(signIn.text, /<form[^>]*method="post"/i);
  const stylesheet = await page(`${service.baseUrl}/console/assets/console.css`);
  assert.equal(stylesheet.status, 200);
  assert.match(stylesheet.type, /text\/css/);
  const htmx = await page(`${service.baseUrl}/console/assets/htmx/htmx.min.js`);
  assert.equal(htmx.status, 200);
  assert.match(htmx.text, /htmx/);
});

test('the built service takes an order and its worker delivers the server', { timeout: 60_000 }, async () => {
  const me = await service.api('/me/', { key: demoKey });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  const order = await service.api('/projects/demo/servers/', {
    method: 'POST',
    key: demoKey,
    body: { hostname: 'built-1', product_id: 1, location: 'fsn1', image: 'debian-12' },
    headers: { 'idempotency-key': 'production-build-1' },
  });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  const delivered = await eventually(async () => {
    const current = await service.api(`/projects/demo/orders/${order.body.id}/`, { key: demoKey });
    return current.body.status === 'completed' ? current.body : undefined;
  }, 30_000, 50);
  const server = await service.api(`/projects/demo/servers/${delivered.server_id}/`, { key: demoKey });
  assert.equal(server.status, 200);
  assert.equal(server.body.hostname, 'built-1');
});

test('a program imports the built client as cloudplane/client and talks to the built service', { timeout: 60_000 }, async () => {
  // Run from the repository, where the package name refers to itself: what a program that installed cloudplane gets.
  const program = `
    import { createClient, CloudplaneError } from 'cloudplane/client';
    const client = createClient({ baseUrl: process.env.URL, token: process.env.TOKEN });
    const projects = await client.listAll('/projects/');
    let missing;
    try {
      await client.call(client.raw.GET('/projects/{project_slug}/servers/{server_id}/', { params: { path: { project_slug: 'demo', server_id: 'ffff' } } }));
    } catch (error) {
      missing = error instanceof CloudplaneError ? { status: error.status, code: error.code } : String(error);
    }
    console.log(JSON.stringify({ slugs: projects.map((project) => project.slug), missing }));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', program], {
    env: { ...process.env, URL: `${service.baseUrl}/api/v1`, TOKEN: demoKey },
  });
  assert.deepEqual(JSON.parse(stdout), { slugs: ['demo'], missing: { status: 404, code: 'not_found' } });
});

test('the built service stops cleanly on SIGTERM', { timeout: 60_000 }, async () => {
  const exit = await service.stop();
  assert.deepEqual(exit, { code: 0, signal: null }, service.output());
});
