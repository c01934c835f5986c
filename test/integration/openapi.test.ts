// The published API contract (OpenAPI documents of both listeners) and the
// operational endpoints beside it: health, readiness, metrics, and the legacy
// listener's JSON answer for paths it does not know.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { build } from '../helpers/build.ts';

const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'] as const;

interface OpenApiDocument {
  openapi: string;
  info: { version: string; title: string };
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

async function assertValidOpenApi31(document: unknown): Promise<void> {
  const validator = new Validator();
  const result = await validator.validate(document as Record<string, unknown>);
  assert.equal(result.valid, true, `not valid OpenAPI: ${JSON.stringify(result.errors, null, 2)}`);
  assert.match(String(validator.version), /^3\.1/);
}

function operations(document: OpenApiDocument): { path: string; method: string; responses: Record<string, unknown> }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ path, method, responses: item[method]?.responses ?? {} })),
  );
}

test('the project API document is valid OpenAPI 3.1 and lists exactly the public routes', async (t) => {
  const app = await build(t, { worker: false });
  const response = await app.raw<OpenApiDocument>('/api/v1/openapi.json');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  const document = response.body;

  assert.match(document.openapi, /^3\.1\./);
  assert.equal(document.info.version, '1.0.0');
  await assertValidOpenApi31(document);

  const paths = Object.keys(document.paths);
  for (const path of [
    '/api/v1/me/',
    '/api/v1/projects/',
    '/api/v1/projects/{project_slug}/',
    '/api/v1/projects/{project_slug}/products/',
    '/api/v1/projects/{project_slug}/images/',
    '/api/v1/projects/{project_slug}/locations/',
    '/api/v1/projects/{project_slug}/pricing/',
  ]) {
    assert.ok(paths.includes(path), `${path} is documented (have: ${paths.join(', ')})`);
  }
  assert.ok(document.paths['/api/v1/me/']?.get, 'GET /me/');
  assert.ok(document.paths['/api/v1/projects/']?.get, 'GET /projects/');
  assert.ok(document.paths['/api/v1/projects/']?.post, 'POST /projects/');
  const project = document.paths['/api/v1/projects/{project_slug}/'] ?? {};
  for (const method of ['get', 'put', 'patch', 'delete']) assert.ok(project[method], `${method.toUpperCase()} /projects/{project_slug}/`);

  for (const path of paths) {
    assert.ok(!path.startsWith('/admin'), `operator path ${path} is not published`);
    assert.ok(!['/healthz', '/readyz', '/metrics', '/api/v1/openapi.json'].includes(path), `${path} is not published`);
    assert.ok(path.startsWith('/api/v1/'), `${path} is under /api/v1/`);
  }

  const all = operations(document);
  assert.ok(all.length >= 11, `at least the 11 known operations (have ${all.length})`);
  for (const { path, method, responses } of all) {
    const clientError = Object.entries(responses).find(([status]) => /^4(xx|XX|\d\d)$/.test(status));
    assert.ok(clientError, `${method.toUpperCase()} ${path} declares a 4xx response`);
    const declared = JSON.stringify(clientError[1]);
    assert.match(declared, /"code"/, `${method.toUpperCase()} ${path}: the 4xx response is the problem-details body`);
    assert.match(declared, /"detail"/, `${method.toUpperCase()} ${path}: the 4xx response is the problem-details body`);
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

test('health and readiness answer without a key', async (t) => {
  const app = await build(t, { worker: false });
  const health = await app.raw('/healthz');
  assert.equal(health.status, 200);
  assert.deepEqual(health.body, { status: 'ok' });
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
