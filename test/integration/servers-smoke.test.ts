import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, eventually } from '../helpers/build.ts';

test('a placed server can be read and rebooted', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(key, 'Servers');
  const placed = await app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { hostname: 'web-1', product_id: 1, location: 'fsn1', image: 'debian-12', ipv4_additional: 1 } });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const server = await app.api(`/projects/${slug}/servers/${placed.body.id}/`, { key });
  assert.equal(server.status, 200);
  assert.equal(server.body.network.ipv4.length, 2);
  assert.equal(server.body.network.ipv4[0].primary, true);
  assert.equal(server.body.billing.currency, 'EUR');
  const list = await app.api(`/projects/${slug}/servers/`, { key });
  assert.equal(list.body.count, 1);
  const reboot = await app.api(`/projects/${slug}/servers/${placed.body.id}/actions/reboot/`, { method: 'POST', key, headers: { 'idempotency-key': 'k1' } });
  assert.equal(reboot.status, 202, JSON.stringify(reboot.body));
  assert.equal(reboot.body.status, 'running');
  const replay = await app.api(`/projects/${slug}/servers/${placed.body.id}/actions/reboot/`, { method: 'POST', key, headers: { 'idempotency-key': 'k1' } });
  assert.equal(replay.status, 202);
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal(replay.body.id, reboot.body.id);
  const done = await eventually(async () => {
    const action = await app.api(`/projects/${slug}/actions/${reboot.body.id}/`, { key });
    return action.body.status === 'success' ? action.body : null;
  });
  assert.ok(done.finished_at);
});
