// Both OpenAPI documents name their resources, request bodies and error
// documents in components.schemas and refer to them with $ref, so a client
// generated in any language gets named types; a title given to two different
// schemas stops the service at start. The documents stay valid OpenAPI 3.1,
// and `page`/`page_size` are documented as the integers to send while the
// service still reads them leniently.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { publishApiDocuments } from '../../src/http/plugins/api-documents.ts';
import { narrows, withNamedSchemas } from '../../src/schemas/openapi-names.ts';
import { build } from '../helpers/build.ts';

type Json = Record<string, any>;

const PROBLEM = '#/components/schemas/Problem';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

async function assertValidOpenApi31(document: Json): Promise<void> {
  const result = await new Validator().validate(document);
  assert.equal(result.valid, true, `not valid OpenAPI 3.1: ${JSON.stringify(result.errors, null, 2)}`);
}

/** Every `$ref` in the document, with where it is. */
function references(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => references(item, `${at}/${index}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => (key === '$ref' ? [{ ref: String(item), at }] : references(item, `${at}/${key}`)));
}

function operationsOf(document: Json): { where: string; operation: Json }[] {
  return Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => ['get', 'put', 'post', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, operation: operation as Json })),
  );
}

const bodySchema = (document: Json, path: string, method: string, status: string, type = 'application/json') =>
  document.paths[path]?.[method]?.responses?.[status]?.content?.[type]?.schema;
const requestSchema = (document: Json, path: string, method: string) => document.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;

function assertEveryReferenceResolves(document: Json): void {
  const names = new Set(Object.keys(document.components.schemas));
  for (const { ref: target, at } of references(document)) {
    const name = /^#\/components\/schemas\/([A-Za-z0-9]+)$/.exec(target)?.[1];
    assert.ok(name && names.has(name), `${at}: ${target} names a schema of components.schemas`);
  }
}

/** Named schemas left inline in the paths: each title must have become a $ref. */
function inlineTitles(value: unknown, at = '#'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => inlineTitles(item, `${at}/${index}`));
  if (typeof value !== 'object' || value === null) return [];
  const own = typeof (value as Json).title === 'string' && (value as Json).type !== undefined ? [`${at}: ${(value as Json).title}`] : [];
  return [...own, ...Object.entries(value).flatMap(([key, item]) => (key === 'properties' ? Object.entries(item as Json).flatMap(([name, property]) => inlineTitles(property, `${at}/properties/${name}`)) : inlineTitles(item, `${at}/${key}`)))];
}

test('the project API document names its resources, request bodies and problems, and refers to them by $ref', async (t) => {
  const app = await build(t, { worker: false });
  const document = (await app.raw<Json>('/api/v1/openapi.json')).body;
  await assertValidOpenApi31(document);

  const names = Object.keys(document.components.schemas);
  for (const name of [
    'Server', 'ServerSummary', 'Order', 'Action', 'FirewallGroup', 'FirewallRule', 'SshKey', 'Snapshot', 'Project', 'CurrentUser', 'Product', 'Image',
    'Location', 'Pricing', 'ReverseDnsEntry', 'Event', 'Webhook', 'WebhookDelivery', 'AuditLogEntry', 'Problem', 'FieldError', 'ServerOrderRequest',
    'UpgradeOrderRequest', 'BandwidthOrderRequest', 'FirewallRuleCreateRequest', 'ServerSummaryPage',
  ]) {
    assert.ok(names.includes(name), `components.schemas.${name} (have: ${names.join(', ')})`);
  }
  assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b, 'en')), 'listed by name');
  assertEveryReferenceResolves(document);
  assert.deepEqual(inlineTitles(document.paths), [], 'no named schema is left inline in an operation');

  // The operations answer and take the named types.
  assert.deepEqual(bodySchema(document, '/projects/{project_slug}/servers/{server_id}/', 'get', '200'), ref('Server'));
  assert.deepEqual(bodySchema(document, '/projects/{project_slug}/servers/', 'get', '200'), ref('ServerSummaryPage'));
  assert.deepEqual(document.components.schemas.ServerSummaryPage.properties.results.items, ref('ServerSummary'));
  assert.deepEqual(requestSchema(document, '/projects/{project_slug}/servers/', 'post'), ref('ServerOrderRequest'));
  assert.deepEqual(bodySchema(document, '/projects/{project_slug}/servers/', 'post', '201'), ref('Order'));
  assert.deepEqual(bodySchema(document, '/projects/{project_slug}/servers/{server_id}/actions/reboot/', 'post', '202'), ref('Action'));
  assert.deepEqual(bodySchema(document, '/projects/{project_slug}/firewall-groups/{group_id}/', 'get', '200'), ref('FirewallGroup'));
  assert.deepEqual(document.components.schemas.FirewallGroup.properties.rules.items, ref('FirewallRule'));
  assert.deepEqual(document.components.schemas.Server.properties.status, ref('ServerStatus'));
  assert.deepEqual(bodySchema(document, '/me/', 'get', '200'), ref('CurrentUser'));
  assert.deepEqual(document.components.schemas.Problem.properties.errors.items, ref('FieldError'));

  // Every problem-details response is a Problem, narrowed beside the $ref to the codes it can carry.
  let problems = 0;
  for (const { where, operation } of operationsOf(document)) {
    for (const [status, response] of Object.entries(operation.responses as Json)) {
      const schema = (response as Json).content?.['application/problem+json']?.schema;
      if (!schema) continue;
      problems += 1;
      assert.equal(schema.$ref, PROBLEM, `${where} ${status} is a Problem`);
    }
  }
  assert.ok(problems > 300, `problem responses checked: ${problems}`);
  const notFound = bodySchema(document, '/projects/{project_slug}/servers/{server_id}/', 'get', '404', 'application/problem+json');
  assert.deepEqual(notFound.properties.code, { enum: ['not_found'] });
  assert.deepEqual(notFound.properties.status, { minimum: 404, maximum: 404 });
  assert.ok(document.components.schemas.Problem.properties.code.enum.includes('name_taken'), 'Problem lists every code');
});

test('page and page_size are documented as integers, and still read leniently', async (t) => {
  const app = await build(t, { worker: false });
  const document = (await app.raw<Json>('/api/v1/openapi.json')).body;
  let lists = 0;
  for (const { where, operation } of operationsOf(document)) {
    const parameters = (operation.parameters ?? []) as Json[];
    const page = parameters.find((parameter) => parameter.in === 'query' && parameter.name === 'page');
    const pageSize = parameters.find((parameter) => parameter.in === 'query' && parameter.name === 'page_size');
    if (page) {
      lists += 1;
      assert.deepEqual(page.schema, { type: 'integer', format: 'int32', minimum: 1, maximum: 999_999_999 }, `${where}: page`);
      assert.deepEqual(pageSize?.schema, { type: 'integer', format: 'int32', minimum: 1, maximum: 100 }, `${where}: page_size`);
    }
  }
  assert.ok(lists >= 10, `paginated lists: ${lists}`);
  const events = (document.paths['/projects/{project_slug}/events/'].get.parameters as Json[]).find((parameter) => parameter.name === 'page_size');
  assert.deepEqual(events?.schema, { type: 'integer', format: 'int32', minimum: 1, maximum: 500 });

  // What the service accepts is unchanged: a page that is not a positive integer is a missing page, a bad page size the default.
  const { key } = await app.createUser();
  for (const page of ['abc', '0', '-1', '1.5', '1234567890']) assert.equal((await app.api(`/projects/?page=${page}`, { key })).status, 404, `page=${page}`);
  for (const pageSize of ['abc', '0', '-3', '1000']) assert.equal((await app.api(`/projects/?page_size=${pageSize}`, { key })).status, 200, `page_size=${pageSize}`);
});

test('the legacy API document names its records and its error envelope', async (t) => {
  const app = await build(t, { worker: false });
  const document = (await app.legacy<Json>('/api/v1/openapi.json')).body;
  await assertValidOpenApi31(document);
  const names = Object.keys(document.components.schemas);
  for (const name of ['LegacyServer', 'LegacyProduct', 'LegacyProductWithPrices', 'LegacySshKey', 'LegacyError', 'LegacyDeployRequest', 'LegacyPurchase']) {
    assert.ok(names.includes(name), `components.schemas.${name} (have: ${names.join(', ')})`);
  }
  assertEveryReferenceResolves(document);
  assert.deepEqual(inlineTitles(document.paths), []);
  const server = bodySchema(document, '/api/v1/servers/{server}', 'get', '200');
  assert.deepEqual(server.properties.data.properties.server, ref('LegacyServer'));
  for (const { where, operation } of operationsOf(document)) {
    for (const [status, response] of Object.entries(operation.responses as Json)) {
      if (/^[45]/.test(status)) assert.deepEqual((response as Json).content['application/json'].schema, ref('LegacyError'), `${where} ${status}`);
    }
  }
});

/** A listener with the API documents published and the routes `addRoutes` adds, ready to answer. */
async function documentedApp(addRoutes: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 'titles', version: '1.0.0' } } });
  await publishApiDocuments(app, { title: 'titles', apiRoot: '', serverDescription: 'test', baseUrl: () => 'http://localhost' });
  await app.register(async (api) => addRoutes(api));
  await app.ready();
  return app;
}

const Thing = (maxLength: number) => Type.Object({ name: Type.String({ maxLength }) }, { title: 'Thing' });

test('two different schemas with one title stop the listener at start; equal ones are one entry', async () => {
  await assert.rejects(
    documentedApp((api) => {
      api.get('/a', { schema: { response: { 200: Thing(10) } } }, async () => ({ name: 'a' }));
      api.get('/b', { schema: { response: { 200: Thing(20) } } }, async () => ({ name: 'b' }));
    }),
    /two different schemas have the title "Thing" \(at GET \/a response 200 and at GET \/b response 200\)/,
  );

  const agreeing = await documentedApp((api) => {
    api.get('/a', { schema: { response: { 200: Thing(10) } } }, async () => ({ name: 'a' }));
    api.post('/b', { schema: { body: Thing(10), response: { 200: Type.Object({ things: Type.Array(Thing(10), { maxItems: 5 }) }) } } }, async () => ({ things: [] }));
  });
  const document = (await agreeing.inject('/api/v1/openapi.json')).json<Json>();
  assert.deepEqual(document.components.schemas, { Thing: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 10 } }, title: 'Thing' } });
  assert.deepEqual(bodySchema(document, '/a', 'get', '200'), ref('Thing'));
  assert.deepEqual(requestSchema(document, '/b', 'post'), ref('Thing'));
  assert.deepEqual(bodySchema(document, '/b', 'post', '200').properties.things.items, ref('Thing'));
  // The answer is what it was without names: the route's own schema serializes it.
  assert.equal((await agreeing.inject('/a')).body, '{"name":"a"}');
  await agreeing.close();
});

test('a document whose schemas clash, or whose narrowing widens, is refused', () => {
  const documentWith = (responses: Json) => ({ openapi: '3.1.0', info: { title: 'doc', version: '1' }, paths: { '/x': { get: { responses } } } });
  const json = (schema: unknown) => ({ description: 'd', content: { 'application/json': { schema } } });
  assert.throws(
    () => withNamedSchemas(documentWith({ 200: json({ title: 'Thing', type: 'string' }), 201: json({ title: 'Thing', type: 'integer' }) })),
    /doc: two different schemas have the title "Thing" \(at GET \/x response 200 application\/json and at GET \/x response 201 application\/json\)/,
  );
  const base = { title: 'Base', type: 'object', properties: { code: { type: 'string', enum: ['a', 'b'] }, status: { type: 'integer' } } };
  const narrowed = { type: 'object', properties: { code: { type: 'string', enum: ['a'] }, status: { type: 'integer' } }, ...narrows(base) };
  assert.deepEqual(withNamedSchemas(documentWith({ 200: json(narrowed) })).paths, { '/x': { get: { responses: { 200: json({ ...ref('Base'), properties: { code: { enum: ['a'] } } }) } } } });
  const widened = { type: 'object', properties: { code: { type: 'string' }, status: { type: 'integer' } }, ...narrows(base) };
  assert.throws(() => withNamedSchemas(documentWith({ 200: json(widened) })), /a narrowing of Base, property code, leaves out enum/);
});
