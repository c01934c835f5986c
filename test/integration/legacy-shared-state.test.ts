// One state behind two interfaces (D13): a server deployed through the legacy
// API is a server of the user's default project in the project API (its
// billing.service_id is the legacy id), changes made through the project API
// show in the legacy API, and a server ordered through the project API is
// listed by the legacy API.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, eventually, type TestApp } from '../helpers/build.ts';

type Json = Record<string, any>;

async function legacyServer(app: TestApp, key: string, id: number): Promise<Json> {
  const found = await eventually(async () => {
    const answer = await app.legacy(`/api/v1/servers/${id}`, { key });
    return answer.status === 200 && answer;
  });
  return found.body.data.server;
}

async function actionDone(app: TestApp, key: string, slug: string, actionId: number): Promise<Json> {
  return eventually(async () => {
    const action = (await app.api(`/projects/${slug}/actions/${actionId}/`, { key })).body;
    return action.status === 'success' && action;
  });
}

test('deploy in legacy → rename and reboot in the project API → seen in legacy; order in the project API → listed in legacy', async (t) => {
  const app = await build(t);
  const user = await app.createUser({ legacy: true, credit: '100.00', email: 'shared.state@example.com' });

  // Deploy through the legacy API.
  const deployed = await app.legacy('/api/v1/deploy', {
    method: 'POST',
    key: user.key,
    body: { product: '1', location: 'fsn1', billing: 'monthly', image: 'debian-12', hostname: 'legacy-made' },
  });
  assert.equal(deployed.status, 201, JSON.stringify(deployed.body));
  const legacyId: number = deployed.body.data.server_id;
  assert.equal((await legacyServer(app, user.key, legacyId)).hostname, 'legacy-made');

  // The project API sees it in the default project, named after the e-mail, with the legacy id as its billing service.
  const projects = await app.api('/projects/', { key: user.key });
  assert.deepEqual(projects.body.results.map((project: Json) => project.slug), ['shared-state']);
  const slug = 'shared-state';
  const listed = await app.api(`/projects/${slug}/servers/`, { key: user.key });
  assert.equal(listed.body.count, 1);
  const serverId: string = listed.body.results[0].id;
  const server = (await app.api(`/projects/${slug}/servers/${serverId}/`, { key: user.key })).body;
  assert.equal(server.billing.service_id, legacyId, 'billing.service_id is the legacy id');
  assert.equal(server.hostname, 'legacy-made');
  assert.equal(server.network.ipv4[0].address, (await legacyServer(app, user.key, legacyId)).network.primary_ipaddress);

  // Rename and shut down through the project API: the legacy API shows both.
  const renamed = await app.api(`/projects/${slug}/servers/${serverId}/`, { method: 'PATCH', key: user.key, body: { hostname: 'renamed-in-project-api' } });
  assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
  assert.equal((await legacyServer(app, user.key, legacyId)).hostname, 'renamed-in-project-api');
  const shutdown = await app.api(`/projects/${slug}/servers/${serverId}/actions/shutdown/`, { method: 'POST', key: user.key, body: {} });
  assert.equal(shutdown.status, 202, JSON.stringify(shutdown.body));
  await actionDone(app, user.key, slug, shutdown.body.id);
  assert.deepEqual((await app.legacy(`/api/v1/servers/${legacyId}/status`, { key: user.key })).body, { result: 'success', data: { status: 'offline' } });

  // Boot through the legacy API: the action is in the project API's list and the server runs again.
  const boot = await app.legacy(`/api/v1/servers/${legacyId}/boot`, { method: 'POST', key: user.key });
  assert.deepEqual(boot.body, { result: 'success', data: null });
  const actions = (await app.api(`/projects/${slug}/actions/?resource_id=${serverId}`, { key: user.key })).body.results as Json[];
  const powerOn = actions.find((action) => action.command === 'server.power_on' || action.type === 'server.power_on');
  assert.ok(powerOn, JSON.stringify(actions));
  await actionDone(app, user.key, slug, powerOn.id);
  assert.equal((await app.legacy(`/api/v1/servers/${legacyId}/status`, { key: user.key })).body.data.status, 'online');

  // Reboot through the project API, seen as finished from both sides.
  const reboot = await app.api(`/projects/${slug}/servers/${serverId}/actions/reboot/`, { method: 'POST', key: user.key, body: {} });
  assert.equal(reboot.status, 202, JSON.stringify(reboot.body));
  await actionDone(app, user.key, slug, reboot.body.id);
  assert.equal((await app.legacy(`/api/v1/servers/${legacyId}/status`, { key: user.key })).body.data.status, 'online');

  // Order through the project API, in another project the user owns: listed by the legacy API once delivered.
  const other = await app.createReadyProject(user.key, 'Second');
  const ordered = await app.api(`/projects/${other}/servers/`, {
    method: 'POST',
    key: user.key,
    body: { hostname: 'project-made', product_id: 2, location: 'nbg1', image: 'ubuntu-24.04', billing_cycle: 'quarterly' },
  });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const delivered = await eventually(async () => {
    const order = (await app.api(`/projects/${other}/orders/${ordered.body.id}/`, { key: user.key })).body;
    return order.status === 'completed' && order;
  });
  const projectServer = (await app.api(`/projects/${other}/servers/${delivered.server_id}/`, { key: user.key })).body;
  const all = (await app.legacy('/api/v1/servers', { key: user.key })).body.data.servers as Json[];
  assert.deepEqual(all.map((entry) => entry.id).sort(), [legacyId, projectServer.billing.service_id].sort());
  const fromProjectApi = all.find((entry) => entry.id === projectServer.billing.service_id)!;
  assert.equal(fromProjectApi.hostname, 'project-made');
  assert.deepEqual(fromProjectApi.product, { _id: '2', name: 'CX32', location: 'nbg1', image: 'Ubuntu 24.04 LTS', available_upgrades: ['3'] });
  assert.equal(fromProjectApi.billing.billing_cycle, 'quarterly');
  assert.equal(fromProjectApi.billing.recurring_cost, 22.5);

  // Cancelled at once through the project API: gone from the legacy list.
  const cancelled = await app.api(`/projects/${other}/servers/${delivered.server_id}/cancel/`, { method: 'POST', key: user.key, body: { when: 'immediate' } });
  assert.equal(cancelled.status, 202, JSON.stringify(cancelled.body));
  const after = (await app.legacy('/api/v1/servers', { key: user.key })).body.data.servers as Json[];
  assert.deepEqual(after.map((entry) => entry.id), [legacyId]);
  assert.equal((await app.legacy(`/api/v1/servers/${projectServer.billing.service_id}`, { key: user.key })).status, 404);
});

test('keys are the default project\'s SSH keys: added in one interface, seen and used in the other', async (t) => {
  const app = await build(t);
  const user = await app.createUser({ legacy: true, credit: '100.00', email: 'keys.shared@example.com' });
  const { ed25519Key } = await import('../helpers/ssh-keys.ts');
  const created = await app.legacy('/api/v1/keys', { method: 'POST', key: user.key, body: { description: 'laptop', type: 'sshkey', value: ed25519Key() } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const slug = 'keys-shared';
  const inProject = await app.api(`/projects/${slug}/ssh-keys/`, { key: user.key });
  assert.deepEqual(inProject.body.results.map((key: Json) => [key.id, key.name, key.public_key]), [[created.body.data.key.id, 'laptop', created.body.data.key.value]]);

  const second = await app.api(`/projects/${slug}/ssh-keys/`, { method: 'POST', key: user.key, body: { name: 'desktop', public_key: ed25519Key() } });
  assert.equal(second.status, 201, JSON.stringify(second.body));
  const keys = (await app.legacy('/api/v1/keys', { key: user.key })).body.data.keys as Json[];
  assert.deepEqual(keys.map((key) => key.description), ['laptop', 'desktop']);
});
