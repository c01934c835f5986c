// CloudplaneError against the refusals the spec names: the status, code and
// detail of every problem, the extra members by code (group_id, rule_id,
// servers, order_id), the field errors of a validation_error, and a message
// that reads like the rest of the project, hint included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CloudplaneError } from '../../src/client/index.ts';
import { build } from '../helpers/build.ts';
import { BASE_ORDER, listOrders } from '../helpers/orders.ts';
import { createWorld, placeServer, setFault } from '../helpers/world.ts';
import { requestsTo, testClient } from './client-world.ts';

/** The CloudplaneError a call must throw. */
async function refusal(call: Promise<unknown>): Promise<CloudplaneError> {
  const error = await call.then(
    (value) => assert.fail(`expected a CloudplaneError, got ${JSON.stringify(value)}`),
    (failure: unknown) => failure,
  );
  assert.ok(error instanceof CloudplaneError, String(error));
  return error;
}

test('firewall refusals carry their extra members: name_taken group_id, rule_exists rule_id, group_in_use servers', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { project: 'Client Errors' });
  const { client } = testClient(w);
  const project_slug = w.slug;
  const createGroup = () => client.call(client.raw.POST('/projects/{project_slug}/firewall-groups/', { params: { path: { project_slug } }, body: { name: 'web', direction: 'ingress' } }));
  const group = await createGroup();

  const taken = await refusal(createGroup());
  assert.equal(taken.status, 409);
  assert.equal(taken.code, 'name_taken');
  assert.equal(taken.groupId, group.id);
  assert.equal(taken.problem.group_id, group.id, 'the body as received');
  assert.equal(taken.title, 'Conflict');
  assert.equal(typeof taken.detail, 'string');
  assert.equal(taken.message, `${taken.detail} (name_taken)\nFirewall group ${group.id} already has that name.`);

  const rulesParams = { params: { path: { project_slug, group_id: group.id } }, body: { protocol: 'tcp' as const, port_min: 22, source_cidr: '192.0.2.0/24' } };
  const rule = await client.call(client.raw.POST('/projects/{project_slug}/firewall-groups/{group_id}/rules/', rulesParams));
  const copy = await refusal(client.call(client.raw.POST('/projects/{project_slug}/firewall-groups/{group_id}/rules/', rulesParams)));
  assert.equal(copy.status, 409);
  assert.equal(copy.code, 'rule_exists');
  assert.equal(copy.ruleId, rule.id);
  assert.match(copy.hint() ?? '', new RegExp(`Rule ${rule.id} `));

  const server = await placeServer(w);
  await client.call(
    client.raw.PUT('/projects/{project_slug}/servers/{server_id}/firewall-groups/', { params: { path: { project_slug, server_id: server.id } }, body: { firewall_groups: [group.id] } }),
  );
  const inUse = await refusal(client.call(client.raw.DELETE('/projects/{project_slug}/firewall-groups/{group_id}/', { params: { path: { project_slug, group_id: group.id } } })));
  assert.equal(inUse.status, 409);
  assert.equal(inUse.code, 'group_in_use');
  assert.deepEqual(inUse.servers, [server.id]);
  assert.match(inUse.hint() ?? '', new RegExp(`Detach it from ${server.id}`));
});

test('a validation_error carries its field errors, and the message names each field', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { project: 'Client Fields' });
  const { client } = testClient(w);
  const group = await client.call(client.raw.POST('/projects/{project_slug}/firewall-groups/', { params: { path: { project_slug: w.slug } }, body: { name: 'db', direction: 'ingress' } }));
  // Host bits set: refused, not rounded.
  const invalid = await refusal(
    client.call(
      client.raw.POST('/projects/{project_slug}/firewall-groups/{group_id}/rules/', {
        params: { path: { project_slug: w.slug, group_id: group.id } },
        body: { protocol: 'tcp', port_min: 5432, source_cidr: '10.0.0.1/8' },
      }),
    ),
  );
  assert.equal(invalid.status, 400);
  assert.equal(invalid.code, 'validation_error');
  assert.ok(invalid.fieldErrors?.some((error) => error.field === 'source_cidr'), JSON.stringify(invalid.problem));
  assert.equal(invalid.hint(), undefined, 'nothing to wait for: the body must change');
  for (const error of invalid.fieldErrors ?? []) assert.ok(invalid.message.includes(error.field) && invalid.message.includes(error.message), invalid.message);
  assert.match(invalid.message, /\(validation_error\)/);

  // A schema refusal lists every field it found.
  const bad = await refusal(
    client.call(client.raw.POST('/projects/{project_slug}/servers/', { params: { path: { project_slug: w.slug } }, body: { hostname: '-bad-', product_id: 1, location: 'fsn1', ipv4_additional: -1 } })),
  );
  assert.equal(bad.code, 'validation_error');
  assert.ok((bad.fieldErrors?.length ?? 0) >= 1, JSON.stringify(bad.problem));
});

test('an order billing did not confirm, sent through raw: 502 upstream_error with order_id, not sent again, and the hint says to poll', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Client Upstream' });
  await setFault(app, 'billing', { mode: 'timeout', committed: false });
  const { client, requests, waits } = testClient(w);
  const upstream = await refusal(
    client.call(client.raw.POST('/projects/{project_slug}/servers/', { params: { path: { project_slug: w.slug } }, body: { ...BASE_ORDER, hostname: 'upstream-1' } })),
  );
  assert.equal(upstream.status, 502);
  assert.equal(upstream.code, 'upstream_error');
  assert.equal(typeof upstream.orderId, 'number');
  assert.deepEqual((await listOrders(w)).map((order) => order.id), [upstream.orderId]);
  assert.equal(requestsTo(requests, 'POST', '/servers/').length, 1, 'an order with order_id is never sent again');
  assert.deepEqual(waits, []);
  assert.match(upstream.message, /\(upstream_error\)\nOrder \d+ is recorded as unknown while billing is checked: poll it/);

  await setFault(app, 'billing', 'ok');
  const settled = await client.waitForOrder(w.slug, upstream.orderId!);
  assert.equal(settled.status, 'failed', 'billing never made the invoice; a failed order is returned, not thrown');
});

test('a wrong key, a missing server and a read-only key: status, code and what to do', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { project: 'Client Access' });
  const wrong = testClient(w, { token: 'not-a-key' });
  const unauthenticated = await refusal(wrong.client.call(wrong.client.raw.GET('/me/')));
  assert.equal(unauthenticated.status, 401);
  assert.equal(unauthenticated.code, 'unauthenticated');
  assert.match(unauthenticated.hint() ?? '', /API key/);

  const { client } = testClient(w);
  const missing = await refusal(client.call(client.raw.GET('/projects/{project_slug}/servers/{server_id}/', { params: { path: { project_slug: w.slug, server_id: 'abcdef0123456789' } } })));
  assert.equal(missing.status, 404);
  assert.equal(missing.code, 'not_found');
  assert.equal(missing.method, 'GET');
  assert.equal(missing.path, `/api/v1/projects/${w.slug}/servers/abcdef0123456789/`);

  const readOnly = await app.createUser({ readOnly: true });
  const reader = testClient({ app, key: readOnly.key });
  const refused = await refusal(reader.client.call(reader.client.raw.POST('/projects/', { body: { name: 'Nope' } })));
  assert.equal(refused.status, 403);
  assert.equal(refused.code, 'read_only_key');
  assert.match(refused.message, /\(read_only_key\)\nThis API key is read-only/);
});
