// Errors (spec "Errors"): every error answer is RFC 9457 problem details with
// the documented members, whatever went wrong — no route, wrong method, a
// body that cannot be read, a field that breaks its schema, edge limits of
// the HTTP server — and no input, however odd, gets a 500 or changes state.
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { build, type CallResult, type TestApp } from '../helpers/build.ts';

const JSON_TYPE = { 'content-type': 'application/json' };

function assertProblem(response: { status: number; headers: Headers; body: any }, status: number, code?: string, label = ''): void {
  const context = `${label} ${JSON.stringify(response.body)?.slice(0, 500)}`;
  assert.equal(response.status, status, context);
  assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/, context);
  assert.equal(typeof response.body, 'object', context);
  assert.ok(response.body !== null, context);
  assert.equal(typeof response.body.type, 'string', context);
  assert.equal(typeof response.body.title, 'string', context);
  assert.equal(response.body.status, status, context);
  assert.equal(typeof response.body.code, 'string', context);
  assert.equal(typeof response.body.detail, 'string', context);
  if (code) assert.equal(response.body.code, code, context);
}

function fieldsOf(response: CallResult): string[] {
  assert.ok(Array.isArray(response.body.errors), `errors is an array: ${JSON.stringify(response.body)}`);
  for (const entry of response.body.errors) {
    assert.equal(typeof entry.field, 'string');
    assert.equal(typeof entry.message, 'string');
  }
  return response.body.errors.map((entry: { field: string }) => entry.field);
}

async function projectCount(app: TestApp, key: string): Promise<number> {
  const list = await app.api('/projects/', { key });
  assert.equal(list.status, 200);
  return list.body.count;
}

/** Sends `request` as raw bytes and reads the whole answer: for requests fetch will not send. */
function rawHttp(baseUrl: string, request: string): Promise<{ status: number; headers: Map<string, string>; body: any }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no complete response: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine!)?.[1]);
      const headers = new Map(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
        }),
      );
      const rawBody = text.slice(split + 4);
      let body: unknown = rawBody;
      try {
        body = JSON.parse(rawBody);
      } catch {
        // Left as text; the assertions then say what came back.
      }
      resolve({ status, headers, body });
    });
    socket.write(request);
  });
}

test('an unknown route answers 404 not_found', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  for (const path of ['/nope', '/api/v1/nope/', '/api/v2/me/', '/admin/v1/nope']) {
    const response = await app.raw(path, { key });
    assertProblem(response, 404, 'not_found', path);
  }
});

test('a wrong method on an existing path answers 405 with Allow', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Methods', 'methods');

  const deleteMe = await app.api('/me/', { method: 'DELETE', key });
  assertProblem(deleteMe, 405, undefined, 'DELETE /me/');
  assert.equal(deleteMe.headers.get('allow'), 'GET');

  const postMe = await app.api('/me/', { method: 'POST', key, body: {} });
  assertProblem(postMe, 405, undefined, 'POST /me/');
  assert.equal(postMe.headers.get('allow'), 'GET');

  const deleteList = await app.api('/projects/', { method: 'DELETE', key });
  assertProblem(deleteList, 405, undefined, 'DELETE /projects/');
  assert.deepEqual(deleteList.headers.get('allow')?.split(/,\s*/).sort(), ['GET', 'POST']);

  const postProject = await app.api(`/projects/${slug}/`, { method: 'POST', key, body: { name: 'x' } });
  assertProblem(postProject, 405, undefined, 'POST /projects/{slug}/');
  assert.deepEqual(postProject.headers.get('allow')?.split(/,\s*/).sort(), ['DELETE', 'GET', 'PATCH', 'PUT']);

  // Nothing happened.
  assert.equal(await projectCount(app, key), 1);
  assert.equal((await app.api(`/projects/${slug}/`, { key })).body.name, 'Methods');
});

test('bad bodies to POST /projects/ answer 400 validation_error naming the field, and create nothing', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  await app.createReadyProject(key, 'Existing', 'existing');
  assert.equal(await projectCount(app, key), 1);

  const cases: Array<{ label: string; rawBody: string; fields: string[] }> = [
    { label: 'malformed JSON', rawBody: '{"name": ', fields: ['body'] },
    { label: 'trailing garbage', rawBody: '{"name": "x"} x', fields: ['body'] },
    { label: 'empty body', rawBody: '', fields: ['body'] },
    { label: 'wrong type', rawBody: '{"name": 5}', fields: ['name'] },
    { label: 'null name', rawBody: '{"name": null}', fields: ['name'] },
    { label: 'missing required field', rawBody: '{}', fields: ['name'] },
    { label: 'only the slug', rawBody: '{"slug": "only-slug"}', fields: ['name'] },
    { label: 'name over 100 characters', rawBody: JSON.stringify({ name: 'n'.repeat(101) }), fields: ['name'] },
    { label: 'empty name', rawBody: JSON.stringify({ name: '' }), fields: ['name'] },
    { label: 'blank name', rawBody: JSON.stringify({ name: '   ' }), fields: ['name'] },
    { label: 'slug with a space', rawBody: JSON.stringify({ name: 'x', slug: 'a b' }), fields: ['slug'] },
    { label: 'slug over 50 characters', rawBody: JSON.stringify({ name: 'x', slug: 's'.repeat(51) }), fields: ['slug'] },
    { label: 'body is an array', rawBody: '[]', fields: ['body'] },
  ];
  for (const { label, rawBody, fields } of cases) {
    const response = await app.api('/projects/', { method: 'POST', key, rawBody, headers: JSON_TYPE });
    assertProblem(response, 400, 'validation_error', label);
    assert.deepEqual(fieldsOf(response), fields, label);
    assert.equal(await projectCount(app, key), 1, `${label}: nothing created`);
  }

  const wrongType = await app.api('/projects/', { method: 'POST', key, body: { name: 5 } });
  assert.deepEqual(wrongType.body.errors.length, 1);
  assert.equal(wrongType.body.errors[0].field, 'name');
  const missing = await app.api('/projects/', { method: 'POST', key, body: {} });
  assert.deepEqual(missing.body.errors, [{ field: 'name', message: 'is required' }]);

  // The limits are inclusive: 100 characters is accepted.
  const longest = await app.api('/projects/', { method: 'POST', key, body: { name: 'n'.repeat(100), slug: 'longest' } });
  assert.equal(longest.status, 201, JSON.stringify(longest.body));
  assert.equal(longest.body.name, 'n'.repeat(100));
  assert.equal(await projectCount(app, key), 2);
});

test('bad bodies to PATCH a project are refused and the project is unchanged', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Before', 'before');
  for (const [label, rawBody, field] of [
    ['wrong type', '{"name": 5}', 'name'],
    ['too long', JSON.stringify({ name: 'n'.repeat(101) }), 'name'],
    ['malformed', '{"name": "x"', 'body'],
  ] as const) {
    const response = await app.api(`/projects/${slug}/`, { method: 'PATCH', key, rawBody, headers: JSON_TYPE });
    assertProblem(response, 400, 'validation_error', label);
    assert.deepEqual(fieldsOf(response), [field], label);
  }
  const put = await app.api(`/projects/${slug}/`, { method: 'PUT', key, body: {} });
  assertProblem(put, 400, 'validation_error', 'PUT without name');
  assert.deepEqual(fieldsOf(put), ['name']);
  assert.equal((await app.api(`/projects/${slug}/`, { key })).body.name, 'Before');
});

test('an unknown enum value answers 400 naming the field', async (t) => {
  const app = await build(t);
  const response = await app.admin('/faults/billing', { method: 'PUT', body: { mode: 'sideways' } });
  assertProblem(response, 400, 'validation_error');
  assert.deepEqual(fieldsOf(response), ['mode']);
  assert.match(response.body.errors[0].message, /ok/);
  const faults = await app.admin('/faults');
  assert.equal(faults.status, 200);
  assert.equal(faults.body.billing.mode, 'ok', 'the fault was not changed');

  // An unknown system in the path is a resource that does not exist.
  assertProblem(await app.admin('/faults/weather', { method: 'PUT', body: { mode: 'down' } }), 404, 'not_found');
});

test('HTTP edge limits answer problem details: 413, 415, 414, 431', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  await app.createReadyProject(key, 'Existing', 'existing');

  // Body over 1 MiB.
  const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
  const tooLarge = await app.api('/projects/', { method: 'POST', key, rawBody: huge, headers: JSON_TYPE });
  assertProblem(tooLarge, 413, undefined, 'body over 1 MiB');
  assert.equal(await projectCount(app, key), 1);

  // Not JSON.
  const textPlain = await app.api('/projects/', { method: 'POST', key, rawBody: 'name=x', headers: { 'content-type': 'text/plain' } });
  assertProblem(textPlain, 415, undefined, 'text/plain');
  const form = await app.api('/projects/', {
    method: 'POST',
    key,
    rawBody: 'name=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assertProblem(form, 415, undefined, 'form');
  assert.equal(await projectCount(app, key), 1);

  // URL over 8192 characters.
  const longUrl = await app.api(`/projects/?filler=${'a'.repeat(9000)}`, { key });
  assertProblem(longUrl, 414, undefined, 'long URL');
  const longUrlPost = await app.api(`/projects/?filler=${'a'.repeat(9000)}`, { method: 'POST', key, body: { name: 'Long' } });
  assertProblem(longUrlPost, 414, undefined, 'long URL, POST');
  assert.equal(await projectCount(app, key), 1);

  // A header section over 16 KiB never reaches Fastify; Node's parser refuses it.
  const { host } = new URL(app.baseUrl);
  const big = await rawHttp(
    app.baseUrl,
    `GET /api/v1/me/ HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${key}\r\nX-Filler: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
  );
  assert.equal(big.status, 431);
  assert.match(big.headers.get('content-type') ?? '', /^application\/problem\+json/);
  assert.equal(typeof big.body, 'object', `JSON body: ${String(big.body).slice(0, 200)}`);
  assert.equal(big.body.status, 431);
  for (const member of ['type', 'title', 'code', 'detail']) assert.equal(typeof big.body[member], 'string', member);

  // The server still answers normally afterwards.
  assert.equal((await app.api('/me/', { key })).status, 200);
});

test('a URL that cannot be decoded answers 400; a path parameter breaking its pattern answers 404', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Existing', 'existing');

  const badEncoding = await app.api('/projects/%E0%A4%A/', { key });
  assertProblem(badEncoding, 400, undefined, 'bad percent-encoding');
  const badEncodingPatch = await app.api('/projects/%E0%A4%A/', { method: 'PATCH', key, body: { name: 'x' } });
  assertProblem(badEncodingPatch, 400, undefined, 'bad percent-encoding, PATCH');

  for (const path of ['/projects/a%20b/', '/projects/a!b/', '/projects/%21/', '/projects/a%20b/products/']) {
    assertProblem(await app.api(path, { key }), 404, 'not_found', path);
  }
  const patch = await app.api('/projects/a!b/', { method: 'PATCH', key, body: { name: 'x' } });
  assertProblem(patch, 404, 'not_found', 'PATCH a!b');
  const remove = await app.api('/projects/a%20b/', { method: 'DELETE', key });
  assertProblem(remove, 404, 'not_found', 'DELETE a b');

  // Operator path parameters too: a user id that is not a number.
  assertProblem(await app.admin('/users/abc'), 404, 'not_found', 'operator user abc');

  assert.equal(await projectCount(app, key), 1);
  assert.equal((await app.api(`/projects/${slug}/`, { key })).body.name, 'Existing');
});

test('no input gives a 500', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Target', 'target');
  // Every odd input is tried before failing, so one run names all of them.
  const failures: string[] = [];
  const check = (label: string, response: CallResult): void => {
    if (response.status >= 500) {
      failures.push(`${label}: ${response.status} ${JSON.stringify(response.body)?.slice(0, 200)}`);
    } else if (response.status >= 400) {
      assertProblem(response, response.status, undefined, label);
    }
  };

  const deepArray = '['.repeat(5000) + ']'.repeat(5000);
  const deepObject = '{"name":'.repeat(5000) + '"x"' + '}'.repeat(5000);
  const oddBodies: Array<[string, string]> = [
    ['null', 'null'],
    ['empty array', '[]'],
    ['string', '"x"'],
    ['number', '5'],
    ['huge number', '1e999'],
    ['boolean', 'true'],
    ['deeply nested arrays', deepArray],
    ['deeply nested objects', deepObject],
    ['unicode name', JSON.stringify({ name: 'Проект 🚀 名前 ﷽' })],
    ['unicode slug', JSON.stringify({ name: 'x', slug: 'проект' })],
    ['NUL byte in the name', JSON.stringify({ name: 'a\u0000b' })],
    ['only a NUL byte', JSON.stringify({ name: '\u0000' })],
    ['NUL byte in the slug', JSON.stringify({ name: 'x', slug: 'a\u0000b' })],
    ['lone surrogate', '{"name": "\\ud800"}'],
    ['right-to-left override', JSON.stringify({ name: 'abc\u202edef' })],
    ['raw control character', '{"name": "a\u0001b"}'],
    ['__proto__ member', '{"name": "proto", "__proto__": {"admin": true}}'],
    ['constructor member', '{"name": "ctor", "constructor": {"prototype": {"admin": true}}}'],
    ['duplicate members', '{"name": "first", "name": "second"}'],
    ['byte order mark', '\ufeff{"name": "bom"}'],
    ['extra members', JSON.stringify({ name: 'extra', role: 'owner', status: 'ready', id: 1 })],
    ['name as array', JSON.stringify({ name: ['x'] })],
    ['name as object', JSON.stringify({ name: { toString: 'x' } })],
  ];

  for (const [label, rawBody] of oddBodies) {
    check(`POST /projects/ ${label}`, await app.api('/projects/', { method: 'POST', key, rawBody, headers: JSON_TYPE }));
    check(`PATCH /projects/${slug}/ ${label}`, await app.api(`/projects/${slug}/`, { method: 'PATCH', key, rawBody, headers: JSON_TYPE }));
  }
  // Whatever was accepted is readable again.
  const list = await app.api('/projects/?page_size=100', { key });
  assert.equal(list.status, 200);
  for (const project of list.body.results) {
    assert.equal((await app.api(`/projects/${encodeURIComponent(project.slug)}/`, { key })).status, 200, project.slug);
  }

  const oddUsers: Array<[string, string]> = [
    ['null', 'null'],
    ['empty array', '[]'],
    ['string', '"x"'],
    ['deeply nested arrays', deepArray],
    ['deeply nested objects', '{"email":'.repeat(5000) + '"x@example.com"' + '}'.repeat(5000)],
    ['unicode names', JSON.stringify({ email: 'unicode@example.com', first_name: 'Zoë 🚀', last_name: '名前' })],
    ['unicode e-mail', JSON.stringify({ email: 'zoë@exämple.com' })],
    ['NUL byte in a name', JSON.stringify({ email: 'nul@example.com', first_name: 'a\u0000b' })],
    ['NUL byte in the e-mail', JSON.stringify({ email: 'n\u0000l@example.com' })],
    ['NUL byte in the password', JSON.stringify({ email: 'pw@example.com', password: 'secret\u0000secret' })],
    ['largest credit', JSON.stringify({ email: 'rich@example.com', billing_account: { currency: 'EUR', credit_balance: '9999999999.99' } })],
    ['lone surrogate', '{"email": "s@example.com", "first_name": "\\udfff"}'],
  ];
  for (const [label, rawBody] of oddUsers) {
    check(`POST /admin/v1/users ${label}`, await app.admin('/users', { method: 'POST', rawBody, headers: JSON_TYPE }));
  }

  const { userId } = await app.createUser();
  for (const [label, body] of [
    ['NUL byte in the name', { name: 'a\u0000b' }],
    ['unicode name', { name: 'ключ 🔑' }],
    ['expiry far in the future', { name: 'far', expires_at: '9999-12-31T23:59:59Z' }],
    ['expiry with an offset', { name: 'offset', expires_at: '2099-01-01T00:00:00+14:00' }],
  ] as const) {
    check(`POST /admin/v1/users/{id}/api-keys ${label}`, await app.admin(`/users/${userId}/api-keys`, { method: 'POST', body }));
  }

  // Odd query strings on a read.
  for (const path of ['/projects/?page=%00', '/projects/?page_size=%F0%9F%9A%80', '/projects/?page[]=1&page[]=2', '/projects/?page=1&page=2']) {
    check(`GET ${path}`, await app.api(path, { key }));
  }
  assert.deepEqual(failures, [], 'no input gives a 500');
});

test('edge inputs found in review answer 4xx, never 500', async (t) => {
  const app = await build(t);
  const { userId, key } = await app.createUser();
  // A leap second passes the date-time format but is no instant both engines can store.
  for (const expiresAt of ['2030-06-30T23:59:60Z', '0000-01-01T00:00:00Z']) {
    const created = await app.admin(`/users/${userId}/api-keys`, { method: 'POST', body: { name: 'k', expires_at: expiresAt } });
    assert.equal(created.status, 400, expiresAt);
    assert.equal(created.body.errors[0].field, 'expires_at');
  }
  // Clients that send Content-Type: application/json on a bodiless DELETE.
  const slug = await app.createReadyProject(key, 'Bodiless Delete');
  const deleted = await app.api(`/projects/${slug}/`, { method: 'DELETE', key, headers: { 'content-type': 'application/json' } });
  assert.equal(deleted.status, 204);
  // A path parameter longer than any slug names nothing.
  const long = await app.api(`/projects/${'a'.repeat(300)}/`, { key });
  assert.equal(long.status, 404);
  assert.equal(long.body.code, 'not_found');
  // A prototype-polluting key is refused, not merged.
  const polluted = await app.api('/projects/', { method: 'POST', key, rawBody: '{"name":"x","__proto__":{"admin":true}}', headers: { 'content-type': 'application/json' } });
  assert.equal(polluted.status, 400);
});

test('an integer id in a path is plain digits, or it names nothing', async (t) => {
  const app = await build(t);
  const { userId } = await app.createUser();
  for (const id of ['0x1', '1e0', '+1', '%201', '1.0']) {
    const response = await app.admin(`/users/${id}`);
    assert.equal(response.status, 404, id);
    assert.equal(response.body.code, 'not_found');
  }
  assert.equal((await app.admin(`/users/${userId}`)).status, 200);
});
