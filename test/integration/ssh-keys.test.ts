// D6: project SSH keys over HTTP — add, read, list (paginated, oldest first),
// rename, delete; every bad key refused with the list unchanged; one key per
// project; a key set on a server cannot be deleted; who may, and isolation.
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { writeJson } from '../../src/db/columns.ts';
import { build, eventually, type CallResult, type TestApp } from '../helpers/build.ts';
import { assertProblem } from '../helpers/problems.ts';
import { wireString } from '../helpers/ssh-keys.ts';
import { addMember, setFault } from '../helpers/world.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

// Made once by ssh-keygen; DSA keys cannot be made with node:crypto's JWK export.
const DSA_KEY =
  'ssh-dss AAAAB3NzaC1kc3MAAACBAOQkD0Yyfvjjvk75kywkD6+eLzYJLx/ow82VCRIE0gbo1HnI3J6lpi44/Qqn+dGP5SJlZP8lDXPYhqcOG5CZDI2avjtR7cGBh8SbFEuDXl8dKYexfgjlU8o1h7kRLBP5SftLtc20Fmji9gbirElFnFVLBi4xzKqnye47thykFHJnAAAAFQCzjEjOWJgpbuJ2TrMqOMh+qkbSZQAAAIEAvC861xCyYvWiA4Ihen52Q+NtlcC7XIiIvUXs7IY/UTAE13Bz96A0W4wj8411ad2YKrkcq0Vc4lf7waDJDnuYkdVhhWCOtvzbq8xe7syuGPkRyTQnRnRr3N9xFM5P0u/CmqZBtb4tooyvyJVmRVXYFuvM55gqHthGP1q2xUzrXyEAAACBAI3Liz8qvCJRchGM0JJKh2xkQcr0tW0ywI9VaJIObZOpTcFvEXvcGQlGzQjO8aplKE13jHdJyWVPNlOYOiDvFs1pKimO0HIxma4BNPaR84GSNGCoXbpwf0RcqfxzgiEs8Rvvy/CprFNfwMuO5Yt5yegrCMLc2fVcP+AkNZUF2W9q root@vm';


/** An SSH mpint of a positive big-endian number: no leading zeros, a zero byte when the top bit is set. */
function wireMpint(magnitude: Buffer): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start += 1;
  const trimmed = magnitude.subarray(start);
  return wireString((trimmed[0]! & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

/** A fresh ed25519 public key as an OpenSSH line, built from node:crypto (no ssh-keygen needed). */
function ed25519Key(comment?: string): string {
  const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
  const blob = Buffer.concat([wireString('ssh-ed25519'), wireString(Buffer.from(jwk.x!, 'base64url'))]);
  return `ssh-ed25519 ${blob.toString('base64')}${comment ? ` ${comment}` : ''}`;
}

function rsaKey(bits: number): string {
  const jwk = generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ format: 'jwk' });
  const blob = Buffer.concat([wireString('ssh-rsa'), wireMpint(Buffer.from(jwk.e!, 'base64url')), wireMpint(Buffer.from(jwk.n!, 'base64url'))]);
  return `ssh-rsa ${blob.toString('base64')}`;
}

/** What `ssh-keygen -l -E sha256` prints for the line (the unit tests prove the two agree). */
function fingerprintOf(line: string): string {
  const blob = Buffer.from(line.trim().split(/\s+/)[1]!, 'base64');
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}


function assertFieldError(response: CallResult, field: string, message?: RegExp): void {
  assertProblem(response, 400, 'validation_error');
  const fields = (response.body.errors ?? []).map((entry: { field: string }) => entry.field);
  assert.ok(fields.includes(field), `expected an error on ${field}: ${JSON.stringify(response.body)}`);
  if (message) assert.match(response.body.detail, message);
}

async function addKey(app: TestApp, key: string, slug: string, name: string, publicKey = ed25519Key()): Promise<Record<string, any>> {
  const response = await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key, body: { name, public_key: publicKey } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

async function keysOf(app: TestApp, key: string, slug: string): Promise<Record<string, any>[]> {
  const listed = await app.api(`/projects/${slug}/ssh-keys/`, { key });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  return listed.body.results;
}

/** A server row with the key set on it, as the servers module would leave it. */
async function placeServerWithKey(app: TestApp, slug: string, serverId: string, hostname: string, sshKeyId: number): Promise<void> {
  const { db } = app.app.database;
  const project = await db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  await db
    .insertInto('servers')
    .values({
      id: serverId,
      project_id: project.id,
      hostname,
      status: 'running',
      created_at: new Date().toISOString(),
      location: writeJson({ code: 'fsn1', city: 'Falkenstein', country_code: 'DE' }),
      image: writeJson({ name: 'debian-12', display_name: 'Debian 12' }),
      plan: writeJson({ name: 'cx11', category: 'shared', cpu_cores: 1, ram_mb: 2048, disk_gb: 20, boot_disk_gb: 20 }),
    })
    .execute();
  await db.insertInto('server_ssh_keys').values({ server_id: serverId, ssh_key_id: sshKeyId }).execute();
}

test('add, read, list, rename and delete a key', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Keys');
  const publicKey = ed25519Key('me@laptop');

  // Surrounding space, tabs and a line end (a pasted .pub file) are normalised away; the name is trimmed.
  const created = await app.api(`/projects/${slug}/ssh-keys/`, {
    method: 'POST',
    key,
    body: { name: '  Laptop  ', public_key: `\t${publicKey.replace(' ', '\t ')}  \n` },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(Object.keys(created.body).sort(), ['created_at', 'fingerprint', 'id', 'name', 'public_key']);
  assert.equal(typeof created.body.id, 'number');
  assert.equal(created.body.name, 'Laptop');
  assert.equal(created.body.public_key, publicKey);
  assert.equal(created.body.fingerprint, fingerprintOf(publicKey));
  assert.match(created.body.fingerprint, /^SHA256:[A-Za-z0-9+/]{43}$/);
  assert.match(created.body.created_at, ISO_UTC);
  assert.ok(Math.abs(Date.parse(created.body.created_at) - Date.now()) < 60_000);
  const path = `/projects/${slug}/ssh-keys/${created.body.id}/`;

  const fetched = await app.api(path, { key });
  assert.equal(fetched.status, 200);
  assert.deepEqual(fetched.body, created.body);

  const rsa = await addKey(app, key, slug, 'CI', rsaKey(2048));
  assert.match(rsa.public_key, /^ssh-rsa AAAAB3NzaC1yc2E/);
  const listed = await app.api(`/projects/${slug}/ssh-keys/`, { key });
  assert.equal(listed.status, 200);
  assert.deepEqual(listed.body, { count: 2, next: null, previous: null, results: [created.body, rsa] });

  // PATCH changes the name and nothing else; the key itself is never replaced, and asking to is refused.
  assertFieldError(await app.api(path, { method: 'PATCH', key, body: { name: ' Old laptop ', public_key: rsa.public_key } }), 'public_key');
  assert.deepEqual((await app.api(path, { key })).body, created.body, 'the refused change changed nothing');
  const renamed = await app.api(path, { method: 'PATCH', key, body: { name: ' Old laptop ' } });
  assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
  assert.deepEqual(renamed.body, { ...created.body, name: 'Old laptop' });
  const untouched = await app.api(path, { method: 'PATCH', key, body: {} });
  assert.equal(untouched.status, 200);
  assert.deepEqual(untouched.body, renamed.body);
  assert.deepEqual((await app.api(path, { key })).body, renamed.body);

  const deleted = await app.api(path, { method: 'DELETE', key });
  assert.equal(deleted.status, 204);
  assert.equal(deleted.body, null);
  assertProblem(await app.api(path, { key }), 404, 'not_found');
  assertProblem(await app.api(path, { method: 'DELETE', key }), 404, 'not_found');
  assertProblem(await app.api(path, { method: 'PATCH', key, body: { name: 'Gone' } }), 404, 'not_found');
  assert.deepEqual(await keysOf(app, key, slug), [rsa]);

  // Deleted, the same key can be added again.
  assert.equal((await addKey(app, key, slug, 'Laptop again', publicKey)).fingerprint, created.body.fingerprint);
});

test('every ECDSA curve and RSA 4096 are accepted', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Curves');
  for (const [curve, fieldBytes] of [['P-256', 32], ['P-384', 48], ['P-521', 66]] as const) {
    const jwk = generateKeyPairSync('ec', { namedCurve: curve }).publicKey.export({ format: 'jwk' });
    const name = `nistp${curve.slice(2)}`;
    const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
    assert.equal(point.length, 1 + 2 * fieldBytes);
    const line = `ecdsa-sha2-${name} ${Buffer.concat([wireString(`ecdsa-sha2-${name}`), wireString(name), wireString(point)]).toString('base64')}`;
    const created = await addKey(app, key, slug, name, line);
    assert.equal(created.public_key, line);
    assert.equal(created.fingerprint, fingerprintOf(line));
  }
  await addKey(app, key, slug, 'rsa 4096', rsaKey(4096));
  assert.equal((await keysOf(app, key, slug)).length, 4);
});

test('bad input answers 400 validation_error with the field, and the list stays as it was', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Strict');
  const kept = await addKey(app, key, slug, 'Kept');
  const good = ed25519Key();
  const [type, data] = good.split(' ') as [string, string];
  const blob = Buffer.from(data, 'base64');

  const cases: Array<[string, unknown, string, RegExp?]> = [
    ['no name', { public_key: good }, 'name'],
    ['empty name', { name: '', public_key: good }, 'name'],
    ['name of spaces', { name: '   ', public_key: good }, 'name'],
    ['name too long', { name: 'n'.repeat(256), public_key: good }, 'name'],
    ['name not a string', { name: 7, public_key: good }, 'name'],
    ['no key', { name: 'x' }, 'public_key'],
    ['key not a string', { name: 'x', public_key: { type } }, 'public_key'],
    ['key too long', { name: 'x', public_key: `${good} ${'c'.repeat(16384)}` }, 'public_key'],
    ['empty key', { name: 'x', public_key: '' }, 'public_key', /empty/],
    ['garbage', { name: 'x', public_key: 'hello world' }, 'public_key', /not a supported key type/],
    ['RSA 1024', { name: 'x', public_key: rsaKey(1024) }, 'public_key', /at least 2048 bits/],
    ['DSA', { name: 'x', public_key: DSA_KEY }, 'public_key', /DSA keys are not accepted/],
    ['private key', { name: 'x', public_key: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n' }, 'public_key', /private key/],
    ['two keys', { name: 'x', public_key: `${ed25519Key()}\n${ed25519Key()}` }, 'public_key', /single line/],
    ['bad base64', { name: 'x', public_key: `${type} ${data.slice(0, 10)}*${data.slice(11)}` }, 'public_key', /base64/],
    ['truncated blob', { name: 'x', public_key: `${type} ${blob.subarray(0, 40).toString('base64')}` }, 'public_key', /cut short/],
    ['type not the blob type', { name: 'x', public_key: `ssh-rsa ${data}` }, 'public_key', /line says ssh-rsa/],
    ['body not an object', [good], 'body'],
  ];
  for (const [label, body, field, message] of cases) {
    const response = await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key, body });
    try {
      assertFieldError(response, field, message);
    } catch (error) {
      throw new Error(`${label}: ${(error as Error).message}`, { cause: error });
    }
  }
  assert.deepEqual(await keysOf(app, key, slug), [kept]);

  const path = `/projects/${slug}/ssh-keys/${kept.id}/`;
  for (const name of ['', '  ', 'n'.repeat(256), 12, null]) {
    assertFieldError(await app.api(path, { method: 'PATCH', key, body: { name } }), 'name');
  }
  assert.deepEqual((await app.api(path, { key })).body, kept);
  // A name of 255 characters is allowed.
  assert.equal((await app.api(path, { method: 'PATCH', key, body: { name: 'n'.repeat(255) } })).body.name, 'n'.repeat(255));

  // Ids that are not ids name nothing.
  for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
    assertProblem(await app.api(`/projects/${slug}/ssh-keys/${id}/`, { key }), 404, 'not_found');
  }
});

test('the same key twice in a project is 409 conflict; another project may have it too', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Once');
  const other = await app.createReadyProject(key, 'Elsewhere');
  const publicKey = ed25519Key('first');
  const first = await addKey(app, key, slug, 'First', publicKey);

  // The comment is not part of the key: a different one is still the same key.
  const again = await app.api(`/projects/${slug}/ssh-keys/`, {
    method: 'POST',
    key,
    body: { name: 'Second', public_key: publicKey.replace('first', 'another comment') },
  });
  assertProblem(again, 409, 'conflict');
  assert.match(again.body.detail, /already in the project as "First"/);
  assert.match(again.body.detail, new RegExp(`id ${first.id}\\b`));
  assert.deepEqual(await keysOf(app, key, slug), [first]);

  const elsewhere = await addKey(app, key, other, 'Same key', publicKey);
  assert.equal(elsewhere.fingerprint, first.fingerprint);
  assert.notEqual(elsewhere.id, first.id);
});

test('a key set on a server cannot be deleted: 409 ssh_key_in_use naming the servers', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'In Use');
  const used = await addKey(app, key, slug, 'Used');
  await placeServerWithKey(app, slug, '0123456789abcdef', 'web-1', used.id);
  await placeServerWithKey(app, slug, 'fedcba9876543210', 'web-2', used.id);

  const refused = await app.api(`/projects/${slug}/ssh-keys/${used.id}/`, { method: 'DELETE', key });
  assertProblem(refused, 409, 'ssh_key_in_use');
  assert.match(refused.body.detail, /web-1 \(0123456789abcdef\)/);
  assert.match(refused.body.detail, /web-2 \(fedcba9876543210\)/);
  assert.deepEqual(refused.body.servers, ['0123456789abcdef', 'fedcba9876543210']);
  assert.deepEqual(await keysOf(app, key, slug), [used]);
  // Renaming a key in use is fine.
  assert.equal((await app.api(`/projects/${slug}/ssh-keys/${used.id}/`, { method: 'PATCH', key, body: { name: 'Still used' } })).status, 200);

  const { db } = app.app.database;
  await db.deleteFrom('server_ssh_keys').where('server_id', '=', '0123456789abcdef').execute();
  const stillOne = await app.api(`/projects/${slug}/ssh-keys/${used.id}/`, { method: 'DELETE', key });
  assertProblem(stillOne, 409, 'ssh_key_in_use');
  assert.deepEqual(stillOne.body.servers, ['fedcba9876543210']);
  await db.deleteFrom('servers').where('id', '=', 'fedcba9876543210').execute();
  assert.equal((await app.api(`/projects/${slug}/ssh-keys/${used.id}/`, { method: 'DELETE', key })).status, 204);
  assert.deepEqual(await keysOf(app, key, slug), []);
});

test('who may: any member manages keys; read-only keys 403; others and other projects 404', async (t) => {
  const app = await build(t);
  const owner = await app.createUser();
  const member = await app.createUser();
  const stranger = await app.createUser();
  const slug = await app.createReadyProject(owner.key, 'Shared');
  const strangers = await app.createReadyProject(stranger.key, 'Not Yours');
  await addMember(app, slug, member.userId, 'member');
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  const ownerKey = await addKey(app, owner.key, slug, 'Owner');

  // A member may add, rename and delete keys (D2).
  const memberKey = await addKey(app, member.key, slug, 'Member');
  const memberPath = `/projects/${slug}/ssh-keys/${memberKey.id}/`;
  assert.equal((await app.api(memberPath, { method: 'PATCH', key: member.key, body: { name: 'Renamed' } })).body.name, 'Renamed');
  assert.equal((await app.api(`/projects/${slug}/ssh-keys/${ownerKey.id}/`, { key: member.key })).status, 200);
  assert.equal((await app.api(memberPath, { method: 'DELETE', key: member.key })).status, 204);

  // A read-only key reads, and is refused every change.
  const path = `/projects/${slug}/ssh-keys/${ownerKey.id}/`;
  assert.deepEqual((await app.api(path, { key: readOnly.key })).body, ownerKey);
  assert.equal((await app.api(`/projects/${slug}/ssh-keys/`, { key: readOnly.key })).body.count, 1);
  assertProblem(await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key: readOnly.key, body: { name: 'RO', public_key: ed25519Key() } }), 403, 'read_only_key');
  assertProblem(await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key: readOnly.key, body: { name: '' } }), 403, 'read_only_key');
  assertProblem(await app.api(path, { method: 'PATCH', key: readOnly.key, body: { name: 'RO' } }), 403, 'read_only_key');
  assertProblem(await app.api(path, { method: 'DELETE', key: readOnly.key }), 403, 'read_only_key');

  // Not a member: the project does not exist for them.
  assertProblem(await app.api(`/projects/${slug}/ssh-keys/`, { key: stranger.key }), 404, 'not_found');
  assertProblem(await app.api(path, { key: stranger.key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key: stranger.key, body: { name: 'S', public_key: ed25519Key() } }), 404, 'not_found');
  assertProblem(await app.api(path, { method: 'PATCH', key: stranger.key, body: { name: 'S' } }), 404, 'not_found');
  assertProblem(await app.api(path, { method: 'DELETE', key: stranger.key }), 404, 'not_found');

  // Another project's key, reached through a project of mine: 404, and it is untouched.
  const theirs = await addKey(app, stranger.key, strangers, 'Theirs');
  const crossPath = `/projects/${slug}/ssh-keys/${theirs.id}/`;
  assertProblem(await app.api(crossPath, { key: owner.key }), 404, 'not_found');
  assertProblem(await app.api(crossPath, { method: 'PATCH', key: owner.key, body: { name: 'Mine now' } }), 404, 'not_found');
  assertProblem(await app.api(crossPath, { method: 'DELETE', key: owner.key }), 404, 'not_found');
  assert.deepEqual(await keysOf(app, stranger.key, strangers), [theirs]);

  assertProblem(await app.api(`/projects/${slug}/ssh-keys/`, { key: null }), 401, 'unauthenticated');
  assert.deepEqual(await keysOf(app, owner.key, slug), [ownerKey]);
});

test('a project still being set up: keys are listed (empty) but not added, 403 project_not_ready', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  await setFault(app, 'provisioning', 'down');
  const created = await app.api('/projects/', { method: 'POST', key, body: { name: 'Not Yet' } });
  assert.equal(created.status, 201);
  const slug = created.body.slug as string;

  assert.deepEqual((await app.api(`/projects/${slug}/ssh-keys/`, { key })).body, { count: 0, next: null, previous: null, results: [] });
  assertProblem(await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key, body: { name: 'Early', public_key: ed25519Key() } }), 403, 'project_not_ready');
  assert.equal((await app.api(`/projects/${slug}/`, { key })).body.status, 'setting_up');
  assert.equal((await app.api(`/projects/${slug}/ssh-keys/`, { key })).body.count, 0);

  // Once provisioning answers (the set-up job retries with backoff) keys can be added.
  await setFault(app, 'provisioning', 'ok');
  await eventually(async () => (await app.api(`/projects/${slug}/`, { key })).body.status === 'ready', 15_000, 100);
  await addKey(app, key, slug, 'In time');
});

test('the list is paginated in the envelope, oldest first', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Many');
  const created = [];
  for (const name of ['one', 'two', 'three']) created.push(await addKey(app, key, slug, name));

  const first = await app.api(`/projects/${slug}/ssh-keys/?page_size=2`, { key });
  assert.equal(first.status, 200);
  assert.equal(first.body.count, 3);
  assert.deepEqual(first.body.results, created.slice(0, 2));
  assert.equal(first.body.previous, null);
  assert.equal(first.body.next, `${app.baseUrl}/api/v1/projects/${slug}/ssh-keys/?page_size=2&page=2`);

  const second = await app.api(`/projects/${slug}/ssh-keys/?page_size=2&page=2`, { key });
  assert.equal(second.status, 200);
  assert.deepEqual(second.body.results, created.slice(2));
  assert.equal(second.body.next, null);
  assert.equal(second.body.previous, `${app.baseUrl}/api/v1/projects/${slug}/ssh-keys/?page_size=2&page=1`);

  assertProblem(await app.api(`/projects/${slug}/ssh-keys/?page_size=2&page=3`, { key }), 404, 'not_found');
  assertProblem(await app.api(`/projects/${slug}/ssh-keys/?page=zero`, { key }), 404, 'not_found');
  assert.deepEqual((await app.api(`/projects/${slug}/ssh-keys/?page_size=1000`, { key })).body.results, created);
});
