import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';

test('a new user reaches /me/ and a new project becomes ready', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ credit: '12.50' });
  const me = await app.api('/me/', { key });
  assert.equal(me.status, 200);
  assert.deepEqual(me.body.billing_account, { exists: true, credit_balance: '12.50', currency: 'EUR' });
  const slug = await app.createReadyProject(key, 'Web Shop');
  assert.equal(slug, 'web-shop');
  const products = await app.api(`/projects/${slug}/products/`, { key });
  assert.equal(products.status, 200);
  assert.ok(products.body.length > 0);
});
