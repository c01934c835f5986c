// Legacy keys (legacy-api.md "Key", "Key create body", the keys rows of
// "Endpoints"; DESIGN D6, D13): the keys of the user's default project.
// Listing makes no project; create answers 200 with the key; every bad field
// is a 422 naming it; a key an active server uses cannot be deleted (409);
// another user's key, or a key of another project, is 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertFailure, assertFieldError } from '../helpers/legacy.ts';
import { build, eventually, type CallResult, type TestApp } from '../helpers/build.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';

const DEPLOY = { product: '1', location: 'fsn1', billing: 'monthly', image: 'debian-12', hostname: 'web-1' };

function data(response: CallResult, status = 200, label = ''): any {
  const context = `${label ? `${label}: ` : ''}${response.status} ${JSON.stringify(response.body)}`;
  assert.equal(response.status, status, context);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/, context);
  assert.deepEqual(Object.keys(response.body).sort(), ['data', 'result'], context);
  assert.equal(response.body.result, 'success', context);
  return response.body.data;
}

async function listKeys(app: TestApp, key: string): Promise<any[]> {
  const keys = data(await app.legacy('/api/v1/keys', { key }));
  assert.deepEqual(Object.keys(keys), ['keys']);
  return keys.keys;
}

async function createKey(app: TestApp, key: string, description: string, value = ed25519Key()): Promise<any> {
  const created = data(await app.legacy('/api/v1/keys', { method: 'POST', key, body: { description, type: 'sshkey', value } }), 200, `create ${description}`);
  assert.deepEqual(Object.keys(created), ['key']);
  return created.key;
}

async function projectSlugs(app: TestApp, key: string): Promise<string[]> {
  const response = await app.api('/projects/', { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.results.map((project: { slug: string }) => project.slug);
}

test('a new user has no keys, and listing or reading them makes no project', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, email: 'kim@example.com' });
  assert.deepEqual(await listKeys(app, key), []);
  assertFailure(await app.legacy('/api/v1/keys/1', { key }), 404, 'GET unknown key');
  assertFailure(await app.legacy('/api/v1/keys/1', { method: 'DELETE', key }), 404, 'DELETE unknown key');
  assert.deepEqual(await listKeys(app, key), []);
  assert.deepEqual(await projectSlugs(app, key), []);
});

test('create → list → get → delete → 404; the key is an SSH key of the default project', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, email: 'lena@example.com' });
  const value = ed25519Key();
  const created = await createKey(app, key, 'Laptop', value);
  assert.deepEqual(Object.keys(created).sort(), ['description', 'id', 'type', 'value']);
  assert.ok(Number.isInteger(created.id) && created.id > 0);
  assert.deepEqual(created, { id: created.id, type: 'sshkey', description: 'Laptop', value });

  const second = await createKey(app, key, 'Desktop');
  assert.deepEqual(await listKeys(app, key), [created, second]);
  assert.deepEqual(data(await app.legacy(`/api/v1/keys/${created.id}`, { key })), { key: created });

  // The project API shows the same key in the default project, named after the e-mail.
  assert.deepEqual(await projectSlugs(app, key), ['lena']);
  const projectKeys = await app.api('/projects/lena/ssh-keys/', { key });
  assert.equal(projectKeys.status, 200, JSON.stringify(projectKeys.body));
  assert.deepEqual(
    projectKeys.body.results.map((entry: any) => [entry.id, entry.name, entry.public_key]),
    [
      [created.id, 'Laptop', value],
      [second.id, 'Desktop', second.value],
    ],
  );
  // Keys added in the project API are legacy keys too.
  const viaProject = await app.api('/projects/lena/ssh-keys/', { method: 'POST', key, body: { name: 'CI', public_key: ed25519Key() } });
  assert.equal(viaProject.status, 201, JSON.stringify(viaProject.body));
  assert.deepEqual(data(await app.legacy(`/api/v1/keys/${viaProject.body.id}`, { key })).key, { id: viaProject.body.id, type: 'sshkey', description: 'CI', value: viaProject.body.public_key });

  const deleted = await app.legacy(`/api/v1/keys/${created.id}`, { method: 'DELETE', key });
  assert.deepEqual({ status: deleted.status, body: deleted.body }, { status: 200, body: { result: 'success', data: null } });
  assertFailure(await app.legacy(`/api/v1/keys/${created.id}`, { key }), 404, 'GET after delete');
  assertFailure(await app.legacy(`/api/v1/keys/${created.id}`, { method: 'DELETE', key }), 404, 'DELETE again');
  assert.deepEqual((await listKeys(app, key)).map((entry) => entry.id), [second.id, viaProject.body.id]);
  // Still one project: the default one is reused.
  assert.deepEqual(await projectSlugs(app, key), ['lena']);
});

test('each bad field is a 422 naming it; nothing is created', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, email: 'mia@example.com' });
  const value = ed25519Key();
  const [, blob] = value.split(' ') as [string, string];
  const valid = { description: 'Laptop', type: 'sshkey', value };
  const cases: [string, unknown, string][] = [
    ['missing description', { type: 'sshkey', value }, 'description'],
    ['missing type', { description: 'Laptop', value }, 'type'],
    ['missing value', { description: 'Laptop', type: 'sshkey' }, 'value'],
    ['empty description', { ...valid, description: '' }, 'description'],
    ['blank description', { ...valid, description: '   ' }, 'description'],
    ['description not a string', { ...valid, description: 7 }, 'description'],
    ['type rsa', { ...valid, type: 'rsa' }, 'type'],
    ['type x509', { ...valid, type: 'x509' }, 'type'],
    ['type in capitals', { ...valid, type: 'SSHKEY' }, 'type'],
    ['empty type', { ...valid, type: '' }, 'type'],
    ['empty value', { ...valid, value: '' }, 'value'],
    ['value not a key', { ...valid, value: 'not a key' }, 'value'],
    ['value: a key type only', { ...valid, value: 'ssh-ed25519' }, 'value'],
    ['value: broken base64', { ...valid, value: `ssh-ed25519 ${blob.slice(0, 20)}!!` }, 'value'],
    ['value: truncated key', { ...valid, value: `ssh-ed25519 ${blob.slice(0, 24)}` }, 'value'],
    ['value: type and blob disagree', { ...valid, value: `ssh-rsa ${blob}` }, 'value'],
    ['value: a private key', { ...valid, value: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----' }, 'value'],
    ['value not a string', { ...valid, value: 12 }, 'value'],
  ];
  for (const [label, body, field] of cases) assertFieldError(await app.legacy('/api/v1/keys', { method: 'POST', key, body }), field, label);
  assert.deepEqual(await listKeys(app, key), []);

  // The valid body is accepted; the same key again is 409 and still one key.
  const created = await createKey(app, key, 'Laptop', value);
  assertFailure(await app.legacy('/api/v1/keys', { method: 'POST', key, body: { ...valid, description: 'Again' } }), 409, 'the same key twice');
  assert.deepEqual(await listKeys(app, key), [created]);
});

test('a key a server uses cannot be deleted (409); once the server is gone it can', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ legacy: true, credit: '100.00', email: 'noah@example.com' });
  const used = await createKey(app, key, 'Used');
  const unused = await createKey(app, key, 'Unused');
  const deployed = await app.legacy('/api/v1/deploy', { method: 'POST', key, body: { ...DEPLOY, features: { ssh_keys: [used.id] } } });
  const serverId = data(deployed, 201).server_id;
  await eventually(async () => (await app.legacy(`/api/v1/servers/${serverId}`, { key })).status === 200);

  assertFailure(await app.legacy(`/api/v1/keys/${used.id}`, { method: 'DELETE', key }), 409, 'key in use');
  assert.deepEqual(await listKeys(app, key), [used, unused]);
  assert.deepEqual(data(await app.legacy(`/api/v1/keys/${used.id}`, { key })).key, used);
  // Another key of the same account is free to go.
  assert.equal((await app.legacy(`/api/v1/keys/${unused.id}`, { method: 'DELETE', key })).status, 200);

  const cancelled = await app.legacy(`/api/v1/servers/${serverId}/cancel`, { method: 'POST', key, body: { reason: 'done', immediate: true } });
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  const deleted = await app.legacy(`/api/v1/keys/${used.id}`, { method: 'DELETE', key });
  assert.deepEqual({ status: deleted.status, body: deleted.body }, { status: 200, body: { result: 'success', data: null } });
  assert.deepEqual(await listKeys(app, key), []);
});

test("another user's key, and a key of the user's other project, are 404 and untouched", async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ legacy: true, email: 'olga@example.com' });
  const stranger = await app.createUser({ legacy: true, email: 'paul@example.com' });
  const theirs = await createKey(app, owner.key, 'Theirs');
  const mine = await createKey(app, stranger.key, 'Mine');

  assertFailure(await app.legacy(`/api/v1/keys/${theirs.id}`, { key: stranger.key }), 404, 'GET another user’s key');
  assertFailure(await app.legacy(`/api/v1/keys/${theirs.id}`, { method: 'DELETE', key: stranger.key }), 404, 'DELETE another user’s key');
  assert.deepEqual(await listKeys(app, stranger.key), [mine]);
  assert.deepEqual(await listKeys(app, owner.key), [theirs]);

  // A key in another project of the user (not the default one) is not a legacy key.
  const other = await app.createReadyProject(stranger.key, 'Side Project');
  const sideKey = await app.api(`/projects/${other}/ssh-keys/`, { method: 'POST', key: stranger.key, body: { name: 'Side', public_key: ed25519Key() } });
  assert.equal(sideKey.status, 201, JSON.stringify(sideKey.body));
  assertFailure(await app.legacy(`/api/v1/keys/${sideKey.body.id}`, { key: stranger.key }), 404, 'GET a key of another project');
  assertFailure(await app.legacy(`/api/v1/keys/${sideKey.body.id}`, { method: 'DELETE', key: stranger.key }), 404, 'DELETE a key of another project');
  assert.deepEqual(await listKeys(app, stranger.key), [mine]);
  assert.equal((await app.api(`/projects/${other}/ssh-keys/${sideKey.body.id}/`, { key: stranger.key })).status, 200);

  // Ids that name no key at all.
  for (const id of ['999999', '0', 'abc', '1.5', '99999999999']) {
    assertFailure(await app.legacy(`/api/v1/keys/${id}`, { key: stranger.key }), 404, `GET ${id}`);
    assertFailure(await app.legacy(`/api/v1/keys/${id}`, { method: 'DELETE', key: stranger.key }), 404, `DELETE ${id}`);
  }
});
