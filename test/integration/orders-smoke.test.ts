import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, eventually } from '../helpers/build.ts';

test('an order paid from credit delivers a server; a short one waits for payment', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ credit: '10.00' });
  const slug = await app.createReadyProject(key, 'Shop');
  const body = { hostname: 'web-1', product_id: 1, location: 'fsn1', image: 'debian-12' };
  const ordered = await app.api(`/projects/${slug}/servers/`, { method: 'POST', key, body, headers: { 'idempotency-key': 'o1' } });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.status, 'provisioning');
  assert.equal(ordered.body.invoice.status, 'paid');
  assert.ok(ordered.headers.get('ratelimit-remaining'));
  const replay = await app.api(`/projects/${slug}/servers/`, { method: 'POST', key, body, headers: { 'idempotency-key': 'o1' } });
  assert.equal(replay.status, 200);
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  const done = await eventually(async () => {
    const order = await app.api(`/projects/${slug}/orders/${ordered.body.id}/`, { key });
    return order.body.status === 'completed' ? order.body : null;
  });
  const server = await app.api(`/projects/${slug}/servers/${done.server_id}/`, { key });
  assert.equal(server.status, 200);
  const me = await app.api('/me/', { key });
  assert.equal(me.body.billing_account.credit_balance, (10 - Number(ordered.body.invoice.total)).toFixed(2));

  const big = await app.api(`/projects/${slug}/servers/`, { method: 'POST', key, body: { ...body, product_id: 6, hostname: 'db-1', billing_cycle: 'annually' } });
  assert.equal(big.status, 201, JSON.stringify(big.body));
  assert.equal(big.body.status, 'awaiting_payment');
  assert.ok(big.body.invoice.url.includes('/console/invoices/'));
  const paid = await app.admin(`/invoices/${big.body.invoice.id}/pay`, { method: 'POST' });
  assert.equal(paid.status, 200);
  await eventually(async () => (await app.api(`/projects/${slug}/orders/${big.body.id}/`, { key })).body.status === 'completed');
});
