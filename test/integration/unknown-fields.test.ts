// A body member the route does not declare (issue 46, point 6): the project
// and operator APIs refuse it with 400 validation_error naming it, at any
// depth, and change nothing; the legacy API still ignores it, as its clients
// need. The OpenAPI document says so: `additionalProperties: false` on each
// object of a request body.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGroup, createRule, FIREWALL_WORLD, getGroup, groupPath } from '../helpers/firewall.ts';
import { assertProblem } from '../helpers/problems.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { buildWorld } from '../helpers/world.ts';
import type { CallResult } from '../helpers/build.ts';

/** A 400 validation_error whose `errors` are exactly these. */
function assertRefused(response: CallResult, errors: { field: string; message: string }[], label = ''): void {
  assertProblem(response, 400, 'validation_error', label);
  assert.deepEqual(response.body.errors, errors, label);
}

test('a webhook sent with `events` for `event_types` is refused naming events, and no webhook is made; a change with it changes nothing', async (t) => {
  const w = await buildWorld(t, { build: { config: { webhookAllowPrivate: true } } });
  const webhooks = `/projects/${w.slug}/webhooks/`;

  const typo = await w.app.api(webhooks, { method: 'POST', key: w.key, body: { url: 'http://127.0.0.1:9/', events: ['server.renamed'] } });
  assertRefused(typo, [{ field: 'events', message: 'is not a field of this request; did you mean event_types?' }]);
  assert.equal(typo.body.detail, 'events is not a field of this request; did you mean event_types?');
  const none = await w.app.api(webhooks, { key: w.key });
  assert.equal(none.status, 200, JSON.stringify(none.body));
  assert.equal(none.body.count, 0, 'no webhook for every event type');

  // Every member it does not know is named, each once; one nothing resembles is to be left out.
  const two = await w.app.api(webhooks, { method: 'POST', key: w.key, body: { url: 'http://127.0.0.1:9/', events: [], colour: 'blue' } });
  assertRefused(two, [
    { field: 'events', message: 'is not a field of this request; did you mean event_types?' },
    { field: 'colour', message: 'is not a field of this request; leave it out' },
  ]);

  const created = await w.app.api(webhooks, { method: 'POST', key: w.key, body: { url: 'http://127.0.0.1:9/', event_types: ['server.renamed'] } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { secret: _secret, ...webhook } = created.body;
  const changed = await w.app.api(`${webhooks}${webhook.id}/`, { method: 'PATCH', key: w.key, body: { events: [], enabld: false } });
  assertRefused(changed, [
    { field: 'events', message: 'is not a field of this request; did you mean event_types?' },
    { field: 'enabld', message: 'is not a field of this request; did you mean enabled?' },
  ]);
  assert.deepEqual((await w.app.api(`${webhooks}${webhook.id}/`, { key: w.key })).body, webhook, 'unchanged');
});

test('a member unknown inside an object of the body is refused naming its path: a rule of a firewall group sent back whole', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const group = await createGroup(w, 'web');
  await createRule(w, group.id, { protocol: 'tcp', port_min: 443 });
  const whole = await getGroup(w, group.id);

  // The group as GET answers it is accepted whole: its members other than the name are ignored.
  const renamed = await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: { ...whole, name: 'web renamed' } });
  assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
  assert.deepEqual(renamed.body, { ...whole, name: 'web renamed' });

  // A member a rule does not have, inside the list of rules: named by its path.
  const [rule] = whole.rules;
  const nested = await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: { ...whole, name: 'web again', rules: [{ ...rule, ports: '80,443' }] } });
  assertRefused(nested, [{ field: 'rules[0].ports', message: 'is not a field of this request; did you mean port_min?' }]);
  // And one the group does not have, beside them.
  const top = await w.app.api(groupPath(w, group.id), { method: 'PATCH', key: w.key, body: { nme: 'web again' } });
  assertRefused(top, [{ field: 'nme', message: 'is not a field of this request; did you mean name?' }]);
  assert.deepEqual(await getGroup(w, group.id), { ...whole, name: 'web renamed' }, 'unchanged by either');

  // A rule's own body, the same.
  const rule2 = await w.app.api(`${groupPath(w, group.id)}rules/`, { method: 'POST', key: w.key, body: { protocol: 'udp', port: 53 } });
  assertRefused(rule2, [{ field: 'port', message: 'is not a field of this request; did you mean port_min?' }]);
  assert.equal((await getGroup(w, group.id)).rules.length, 1, 'no rule added');
});

test('the operator API refuses members it does not know, nested ones too, and changes nothing', async (t) => {
  const w = await buildWorld(t);
  const email = 'unknown-fields@example.com';

  const user = await w.app.admin('/users', { method: 'POST', body: { email, billing_acount: { currency: 'EUR', credit_balance: '10.00' } } });
  assertRefused(user, [{ field: 'billing_acount', message: 'is not a field of this request; did you mean billing_account?' }]);
  const nested = await w.app.admin('/users', { method: 'POST', body: { email, billing_account: { currency: 'EUR', credit: '10.00' } } });
  assertProblem(nested, 400, 'validation_error');
  // billing_account may also be null, which the union says beside the member it refuses.
  assert.deepEqual(
    nested.body.errors.find((error: { field: string }) => error.field === 'billing_account.credit'),
    { field: 'billing_account.credit', message: 'is not a field of this request; did you mean credit_balance?' },
    JSON.stringify(nested.body),
  );
  const made = await w.app.admin('/users', { method: 'POST', body: { email } });
  assert.equal(made.status, 201, `no user was made before: ${JSON.stringify(made.body)}`);

  // A fault with a misspelt count would otherwise fail every call, not one.
  const fault = await w.app.admin('/faults/billing', { method: 'PUT', body: { mode: 'down', cuont: 1 } });
  assertRefused(fault, [{ field: 'cuont', message: 'is not a field of this request; did you mean count?' }]);
  const faults = await w.app.admin('/faults');
  assert.equal(faults.status, 200, JSON.stringify(faults.body));
  assert.equal(faults.body.billing?.mode ?? 'ok', 'ok', 'the fault was not set');
});

test('the legacy API still takes a body with a member it does not know, and ignores it', async (t) => {
  const w = await buildWorld(t, { legacy: true });
  const value = ed25519Key();
  const created = await w.app.legacy('/api/v1/keys', { method: 'POST', key: w.key, body: { description: 'Laptop', type: 'sshkey', value, label: 'from an older client' } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  assert.equal(created.body.result, 'success');
  assert.deepEqual(created.body.data.key, { id: created.body.data.key.id, type: 'sshkey', description: 'Laptop', value });
});

test('the document closes each object of a request body, and leaves the answers as they were', async (t) => {
  const w = await buildWorld(t);
  const document = (await w.app.raw('/api/v1/openapi.json')).body;
  const schemas = document.components.schemas;
  assert.equal(schemas.WebhookCreateRequest.additionalProperties, false);
  assert.equal(schemas.FirewallGroupUpdateRequest.additionalProperties, false);
  assert.equal(schemas.FirewallGroupUpdateRequest.properties.rules.items.additionalProperties, false);
  assert.equal(schemas.Webhook.additionalProperties, undefined);
  assert.equal(schemas.FirewallRule.additionalProperties, undefined);
});
