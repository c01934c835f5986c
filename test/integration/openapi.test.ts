// The published API contract (OpenAPI documents of both listeners) and the
// operational endpoints beside it: health, readiness, metrics, and the legacy
// listener's JSON answer for paths it does not know.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { build } from '../helpers/build.ts';

const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'] as const;

interface Operation {
  operationId?: string;
  tags?: string[];
  responses: Record<string, unknown>;
}

interface OpenApiDocument {
  openapi: string;
  info: { version: string; title: string };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation | undefined>>;
  components?: { schemas?: Record<string, unknown> };
}

async function assertValidOpenApi31(document: unknown): Promise<void> {
  const validator = new Validator();
  const result = await validator.validate(document as Record<string, unknown>);
  assert.equal(result.valid, true, `not valid OpenAPI: ${JSON.stringify(result.errors, null, 2)}`);
  assert.match(String(validator.version), /^3\.1/);
}

function operations(document: OpenApiDocument): { path: string; method: string; operation: Operation; responses: Record<string, unknown> }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation, responses: operation.responses ?? {} }] : [];
    }),
  );
}

test('the project API document is valid OpenAPI 3.1 and lists exactly the public routes, relative to its server entry', async (t) => {
  const app = await build(t, { worker: false });
  const response = await app.raw<OpenApiDocument>('/api/v1/openapi.json');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  const document = response.body;

  assert.match(document.openapi, /^3\.1\./);
  assert.equal(document.info.version, '1.0.0');
  await assertValidOpenApi31(document);
  // The spec's {base_url}: this listener as the client reached it, with the paths written relative to it.
  assert.deepEqual(document.servers?.map((server) => server.url), [`${app.baseUrl}/api/v1`]);

  const paths = Object.keys(document.paths);
  for (const path of ['/me/', '/projects/', '/projects/{project_slug}/', '/projects/{project_slug}/products/', '/projects/{project_slug}/servers/{server_id}/reverse-dns/{address}/']) {
    assert.ok(paths.includes(path), `${path} is documented (have: ${paths.join(', ')})`);
  }
  assert.ok(document.paths['/me/']?.get, 'GET /me/');
  assert.ok(document.paths['/projects/']?.post, 'POST /projects/');
  const project = document.paths['/projects/{project_slug}/'] ?? {};
  for (const method of ['get', 'put', 'patch', 'delete']) assert.ok(project[method], `${method.toUpperCase()} /projects/{project_slug}/`);
  for (const method of ['get', 'put', 'delete']) assert.ok(document.paths['/projects/{project_slug}/servers/{server_id}/reverse-dns/{address}/']?.[method], `${method} one reverse DNS entry (D11)`);

  for (const path of paths) {
    assert.ok(!path.startsWith('/admin') && !path.startsWith('/api/'), `${path}: no operator path, and none repeating the server's /api/v1`);
    assert.ok(!['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs'].some((hidden) => path.startsWith(hidden)), `${path} is not published`);
  }

  const all = operations(document);
  assert.ok(all.length >= 58, `every operation of the project API (have ${all.length})`);
  for (const { path, method, responses } of all) {
    const clientError = Object.entries(responses).find(([status]) => /^4(xx|XX|\d\d)$/.test(status));
    assert.ok(clientError, `${method.toUpperCase()} ${path} declares a 4xx response`);
    // The body is the named problem document (narrowed to the response's codes beside the $ref).
    const schema = (clientError[1] as { content?: Record<string, { schema?: { $ref?: string } }> }).content?.['application/problem+json']?.schema;
    assert.equal(schema?.$ref, '#/components/schemas/Problem', `${method.toUpperCase()} ${path}: the 4xx response is the problem-details body`);
  }
  const problem = JSON.stringify(document.components?.schemas?.Problem);
  for (const member of ['"code"', '"detail"', '"status"', '"title"', '"type"']) {
    assert.ok(problem.includes(member), `the Problem schema has ${member}`);
  }
});

test('the servers entry follows CLOUDPLANE_PUBLIC_URL when it is set', async (t) => {
  const app = await build(t, { worker: false, config: { publicUrl: 'https://cloud.example.com' } });
  const document = (await app.raw<OpenApiDocument>('/api/v1/openapi.json')).body;
  assert.deepEqual(document.servers?.map((server) => server.url), ['https://cloud.example.com/api/v1']);
  // The legacy listener is reached on its own port: its entry is that listener, with paths carrying /api/v1 themselves.
  const legacy = (await app.legacy<OpenApiDocument>('/api/v1/openapi.json')).body;
  assert.deepEqual(legacy.servers?.map((server) => server.url), [app.legacyUrl]);
  assert.ok(Object.keys(legacy.paths).every((path) => path.startsWith('/api/v1/')), Object.keys(legacy.paths).join(', '));
});

test('every operation of both documents has a unique camelCase operationId, a tag declared at the top level, and its 401', async (t) => {
  const app = await build(t, { worker: false });
  for (const document of [(await app.raw<OpenApiDocument>('/api/v1/openapi.json')).body, (await app.legacy<OpenApiDocument>('/api/v1/openapi.json')).body]) {
    const declaredTags = new Set((document.tags ?? []).map((tag) => tag.name));
    const seen = new Set<string>();
    for (const { path, method, operation } of operations(document)) {
      const where = `${document.info.title}: ${method.toUpperCase()} ${path}`;
      assert.match(operation.operationId ?? '', /^[a-z][a-zA-Z0-9]+$/, `${where} has a camelCase operationId`);
      assert.ok(!seen.has(operation.operationId!), `${where}: operationId ${operation.operationId} is unique`);
      seen.add(operation.operationId!);
      assert.ok((operation.tags ?? []).length > 0, `${where} is tagged`);
      for (const tag of operation.tags ?? []) assert.ok(declaredTags.has(tag), `${where}: tag ${tag} is declared at the top level`);
      assert.ok(operation.responses?.['401'], `${where} declares 401`);
    }
  }
  // A few names clients will call by: stable, so generated method names stay put.
  const project = (await app.raw<OpenApiDocument>('/api/v1/openapi.json')).body;
  const idOf = (path: string, method: string) => project.paths[path]?.[method]?.operationId;
  assert.equal(idOf('/projects/{project_slug}/servers/', 'get'), 'listServers');
  assert.equal(idOf('/projects/{project_slug}/servers/{server_id}/actions/reboot/', 'post'), 'startServerReboot');
});

test('the retry hints are declared where they are sent: 429 with Retry-After and RateLimit-* on orders, 503 on systems behind the API', async (t) => {
  const app = await build(t, { worker: false });
  const document = (await app.raw<OpenApiDocument>('/api/v1/openapi.json')).body;
  const operation = (path: string, method: string) => {
    const found = document.paths[path]?.[method];
    assert.ok(found, `${method.toUpperCase()} ${path} is documented`);
    return found;
  };
  const headerNames = (response: unknown) => Object.keys((response as { headers?: Record<string, unknown> } | undefined)?.headers ?? {}).map((name) => name.toLowerCase());

  for (const path of ['/projects/{project_slug}/servers/', '/projects/{project_slug}/servers/{server_id}/upgrade/', '/projects/{project_slug}/servers/{server_id}/bandwidth/']) {
    const { responses } = operation(path, 'post');
    assert.ok(responses['429'], `POST ${path} declares 429`);
    assert.ok(headerNames(responses['429']).includes('retry-after'), `POST ${path}: 429 declares Retry-After`);
    for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
      assert.ok(headerNames(responses['201']).includes(name), `POST ${path}: 201 declares ${name}`);
    }
    assert.ok(responses['502'] && responses['503'], `POST ${path} declares 502 and 503 (billing)`);
  }
  const reboot = operation('/projects/{project_slug}/servers/{server_id}/actions/reboot/', 'post');
  assert.ok(reboot.responses['503'], 'an action start declares 503 (provisioning down)');
  assert.ok(headerNames(reboot.responses['503']).includes('retry-after'), 'with Retry-After');
  for (const method of ['get', 'put', 'delete']) {
    const { responses } = operation('/projects/{project_slug}/servers/{server_id}/reverse-dns/{address}/', method);
    assert.ok(headerNames(responses['503']).includes('retry-after'), `${method.toUpperCase()} reverse DNS: 503 with Retry-After`);
  }
});

test('the legacy API document is valid OpenAPI 3.1', async (t) => {
  const app = await build(t, { worker: false });
  const response = await app.legacy<OpenApiDocument>('/api/v1/openapi.json');
  assert.equal(response.status, 200);
  assert.match(response.body.openapi, /^3\.1\./);
  await assertValidOpenApi31(response.body);
  for (const path of Object.keys(response.body.paths ?? {})) {
    assert.notEqual(path, '/api/v1/openapi.json', 'the document does not list itself');
  }
});

test('health (with the release) and readiness answer without a key', async (t) => {
  const app = await build(t, { worker: false });
  const health = await app.raw('/healthz');
  assert.equal(health.status, 200);
  // The release that answers, as package.json names it (the documents' info.version is the API's, 1.0.0).
  const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  assert.match(version, /^\d+\.\d+\.\d+/);
  assert.deepEqual(health.body, { status: 'ok', version });
  const ready = await app.raw('/readyz');
  assert.equal(ready.status, 200);
  assert.equal(ready.body.status, 'ready');
});

test('metrics are Prometheus text with request counts by route and latency buckets', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser();
  assert.equal((await app.api('/me/', { key })).status, 200);

  const response = await app.raw<string>('/metrics');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  const text = response.body;
  assert.equal(typeof text, 'string');
  assert.match(text, /^# TYPE http_requests_total counter$/m);
  const meLine = text.split('\n').find((line) => line.startsWith('http_requests_total{') && line.includes('route="/api/v1/me/"'));
  assert.ok(meLine, `a http_requests_total line for /api/v1/me/ in:\n${text}`);
  assert.match(meLine, /method="GET"/);
  assert.match(meLine, /status_code="200"/);
  assert.match(meLine, /listener="project"/);
  assert.match(meLine, / [1-9]\d*$/, 'counted at least once');
  const infBucket = text
    .split('\n')
    .find((line) => line.startsWith('http_request_duration_seconds_bucket{') && line.includes('route="/api/v1/me/"') && line.includes('le="+Inf"'));
  assert.ok(infBucket, 'a latency histogram for /api/v1/me/');
  assert.match(infBucket, / [1-9]\d*$/, 'the request was observed');
});

test('the legacy listener answers an unknown path with a JSON 404 envelope', async (t) => {
  const app = await build(t, { worker: false });
  const response = await fetch(`${app.legacyUrl}/api/v1/no-such-thing`);
  assert.equal(response.status, 404);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await response.json()) as { result: string; message: unknown };
  assert.equal(body.result, 'error');
  assert.equal(typeof body.message, 'string');
  assert.ok((body.message as string).length > 0);

  const outside = await fetch(`${app.legacyUrl}/not-api-at-all`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  assert.equal(outside.status, 404);
  assert.match(outside.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(((await outside.json()) as { result: string }).result, 'error');
});

test('/docs on both listeners: the API reference page, rendered from the served document, every asset from the service itself', async (t) => {
  const app = await build(t, { worker: false });
  for (const base of [app.baseUrl, app.legacyUrl]) {
    const page = await fetch(`${base}/docs`);
    assert.equal(page.status, 200, `${base}/docs`);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/, 'scripts only from the service');
    assert.doesNotMatch(csp, /https:|upgrade-insecure-requests/, 'nothing from elsewhere, and a plain-http install keeps its own assets');
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(assets.some((asset) => asset.endsWith('.js')), 'the page loads its script');
    for (const asset of assets) {
      assert.ok(asset.startsWith('/docs/'), `${asset} is served by the service, not a CDN`);
      const response = await fetch(new URL(asset, base));
      assert.equal(response.status, 200, `${base}${asset}`);
      await response.arrayBuffer();
    }
    // The page reads the same document as /api/v1/openapi.json, with this listener as its server.
    const document = (await (await fetch(`${base}/docs/json`)).json()) as OpenApiDocument;
    const served = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as OpenApiDocument;
    assert.deepEqual(document, served);
  }
});
