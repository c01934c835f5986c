// Answers are serialized from schemas without the anyOfs fast-json-stringify
// would pick between with a validator (compile-on-first-use.ts): the JSON must
// be byte for byte what Fastify's own serializer writes from the schema as
// declared, and the declared schema (validation, OpenAPI) must stay as it is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { Type, type TSchema } from 'typebox';
import { Money, Nullable, Text } from '../../src/schemas/common.ts';
import { serializersOnFirstUse, withTypeListNullables } from '../../src/http/plugins/compile-on-first-use.ts';

const Status = Type.Union([Type.Literal('running'), Type.Literal('stopped')]);
const Shape = Type.Object({
  name: Text(50),
  hostname: Nullable(Text(50)),
  status: Status,
  previous_status: Nullable(Status),
  size: Nullable(Type.Integer()),
  account: Nullable(Type.Object({ exists: Type.Boolean(), balance: Nullable(Money()) }), { description: 'null when unknown' }),
  addresses: Type.Array(Type.Object({ address: Text(40), ptr: Nullable(Text(253)) })),
  // Two object shapes: a real choice, left to the validator.
  target: Type.Union([Type.Object({ kind: Type.Literal('server'), id: Type.Integer() }), Type.Object({ kind: Type.Literal('group'), name: Text(20) })]),
});

const VALUES = [
  {
    name: 'web',
    hostname: 'web.example.com',
    status: 'running',
    previous_status: 'stopped',
    size: 40,
    account: { exists: true, balance: '12.50' },
    addresses: [{ address: '192.0.2.1', ptr: 'a.example' }, { address: '192.0.2.2', ptr: null }],
    target: { kind: 'server', id: 7 },
  },
  { name: 'db', hostname: null, status: 'stopped', previous_status: null, size: null, account: null, addresses: [], target: { kind: 'group', name: 'g' } },
  { name: 'ünïcode "quoted"\n', hostname: '', status: 'running', previous_status: null, size: 0, account: { exists: false, balance: null }, addresses: [], target: { kind: 'server', id: 1 } },
];

async function serialize(schema: TSchema, value: unknown, options: { ours: boolean }): Promise<string> {
  const app = Fastify(options.ours ? { schemaController: serializersOnFirstUse } : {});
  app.get('/', { schema: { response: { 200: schema } } }, async () => value);
  const answer = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.body;
}

test('answers are written exactly as from the declared schema, nulls, strings and choices alike', async () => {
  for (const value of VALUES) {
    const ours = await serialize(Shape, value, { ours: true });
    assert.equal(ours, await serialize(Shape, value, { ours: false }));
    assert.deepEqual(JSON.parse(ours), value);
  }
});

test('"X or null" becomes a list of types, "one of these strings" a string; a choice of objects stays', () => {
  const declared = JSON.stringify(Shape);
  const rewritten = withTypeListNullables(Shape) as { properties: Record<string, Record<string, unknown>> };
  const { properties } = rewritten;
  assert.deepEqual(properties.hostname, { type: ['string', 'null'], maxLength: 50 });
  assert.deepEqual(properties.status, { type: 'string' });
  assert.deepEqual(properties.previous_status, { type: ['string', 'null'] });
  assert.deepEqual(properties.size, { type: ['integer', 'null'] });
  assert.deepEqual(properties.account!.type, ['object', 'null']);
  assert.deepEqual((properties.account!.properties as Record<string, unknown>).balance, { ...(Money() as object), type: ['string', 'null'] });
  assert.ok(Array.isArray(properties.target!.anyOf), 'two object shapes stay a choice');
  assert.equal(JSON.stringify(Shape), declared, 'the declared schema is not changed');
});
