// The legacy API's products (legacy-api.md "Product", D13): every catalogue
// product, plain or with `?prices`, in the legacy envelope.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertFailure } from '../helpers/legacy.ts';
import { build, type CallResult } from '../helpers/build.ts';
import { setFault } from '../helpers/world.ts';
import { demoCatalogue } from '../../src/modules/catalogue/index.ts';

const ALL_IMAGES = ['debian-12', 'debian-13', 'ubuntu-24.04', 'rocky-9', 'alma-9'];
const IPV4_COUNTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

function productsOf(response: CallResult): any[] {
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(Object.keys(response.body).sort(), ['data', 'result']);
  assert.equal(response.body.result, 'success');
  assert.deepEqual(Object.keys(response.body.data), ['products']);
  return response.body.data.products;
}

function byId(products: any[], id: string): any {
  const product = products.find((entry) => entry._id === id);
  assert.ok(product, `product ${id} is listed`);
  return product;
}

test('plain products: every catalogue product, in order, in the legacy shape', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true });
  const products = productsOf(await app.legacy('/api/v1/products', { key }));

  assert.deepEqual(
    products.map((product) => product._id),
    demoCatalogue.products.map((product) => String(product.id)),
  );
  // CX32: sold out in ash, with private network.
  assert.deepEqual(byId(products, '2'), {
    _id: '2',
    name: 'CX32',
    description: '4 shared vCPUs\n8 GB RAM\n80 GB NVMe SSD\n20 TB traffic, pooled',
    options: {
      locations: { fsn1: true, nbg1: true, hel1: true, ash: false },
      images: ALL_IMAGES,
      features: [
        { _id: 'ipv4_additional', name: 'Additional IPv4 addresses', values: IPV4_COUNTS },
        { _id: 'ipv6', name: 'IPv6 subnet', values: [false, true] },
        { _id: 'private_network', name: 'Private network', values: [false, true] },
      ],
      billing_cycles: ['monthly', 'quarterly', 'annually'],
    },
  });
  // CCX33 cannot join the private network and has no quarterly term.
  const ccx33 = byId(products, '6');
  assert.deepEqual(ccx33.options.features[2], { _id: 'private_network', name: 'Private network', values: [false] });
  assert.deepEqual(ccx33.options.billing_cycles, ['monthly', 'annually']);
  assert.deepEqual(ccx33.options.locations, { fsn1: true, hel1: true });
  assert.deepEqual(ccx33.options.images, ['debian-12', 'ubuntu-24.04', 'alma-9']);
  for (const product of products) {
    assert.deepEqual(
      product.options.features.map((feature: { _id: string }) => feature._id),
      ['ipv4_additional', 'ipv6', 'private_network'],
    );
  }
});

test('?prices: billing cycles and feature values carry float prices', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true });
  const products = productsOf(await app.legacy('/api/v1/products?prices', { key }));
  assert.equal(products.length, demoCatalogue.products.length);

  const monthly = (price: number) => ({ price, setupfee: 0, currency: 'EUR' });
  // 0.60 and 7.00 per address; computed in cents, so 3 × 0.60 is 1.8, not 1.7999999999999998.
  const ipv4Monthly = [0, 0.6, 1.2, 1.8, 2.4, 3, 3.6, 4.2, 4.8, 5.4, 6, 6.6, 7.2, 7.8, 8.4, 9, 9.6];
  const ipv4Annually = [0, 7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84, 91, 98, 105, 112];
  assert.deepEqual(byId(products, '6'), {
    _id: '6',
    name: 'CCX33',
    description: '8 dedicated AMD vCPUs\n32 GB RAM\n240 GB NVMe SSD\n30 TB traffic',
    options: {
      locations: { fsn1: true, hel1: true },
      images: ['debian-12', 'ubuntu-24.04', 'alma-9'],
      features: [
        {
          _id: 'ipv4_additional',
          name: 'Additional IPv4 addresses',
          values: IPV4_COUNTS.map((count) =>
            count === 0
              ? { _id: 0 }
              : { _id: count, billing_cycles: { monthly: monthly(ipv4Monthly[count]!), annually: monthly(ipv4Annually[count]!) } },
          ),
        },
        {
          _id: 'ipv6',
          name: 'IPv6 subnet',
          values: { false: { _id: false }, true: { _id: true, billing_cycles: { monthly: monthly(0), annually: monthly(0) } } },
        },
        { _id: 'private_network', name: 'Private network', values: { false: { _id: false } } },
      ],
      billing_cycles: {
        monthly: { _id: 'monthly', price: 55.49, setupfee: 19, currency: 'EUR' },
        annually: { _id: 'annually', price: 610, setupfee: 0, currency: 'EUR' },
      },
    },
  });
  const ipv4Three = byId(products, '6').options.features[0].values[3].billing_cycles.monthly.price;
  assert.equal(ipv4Three, 1.8);

  // CCX23: setup fees per cycle; its private network is orderable at no charge.
  const ccx23 = byId(products, '5');
  assert.deepEqual(ccx23.options.billing_cycles, {
    monthly: { _id: 'monthly', price: 27.99, setupfee: 9, currency: 'EUR' },
    quarterly: { _id: 'quarterly', price: 83, setupfee: 4.5, currency: 'EUR' },
    annually: { _id: 'annually', price: 310, setupfee: 0, currency: 'EUR' },
  });
  assert.deepEqual(ccx23.options.features[2].values, {
    false: { _id: false },
    true: { _id: true, billing_cycles: { monthly: monthly(0), quarterly: monthly(0), annually: monthly(0) } },
  });
  assert.deepEqual(ccx23.options.features[0].values[7].billing_cycles, { monthly: monthly(4.2), quarterly: monthly(12.6), annually: monthly(49) });
  assert.deepEqual(byId(products, '1').options.billing_cycles.monthly, { _id: 'monthly', price: 4.59, setupfee: 0, currency: 'EUR' });

  // A value without a price has no billing_cycles key at all.
  for (const product of products) {
    const [ipv4, ipv6, privateNetwork] = product.options.features;
    assert.ok(Array.isArray(ipv4.values));
    assert.deepEqual(ipv4.values[0], { _id: 0 });
    assert.ok(!('billing_cycles' in ipv4.values[0]));
    assert.ok(ipv4.values.slice(1).every((value: { billing_cycles?: object }) => value.billing_cycles !== undefined));
    for (const feature of [ipv6, privateNetwork]) {
      assert.ok(!Array.isArray(feature.values));
      assert.deepEqual(feature.values.false, { _id: false });
    }
    assert.deepEqual(Object.keys(ipv4.values[1].billing_cycles), Object.keys(product.options.billing_cycles));
  }
});

test('the prices flag: with no value, an empty one or any value; without it, the plain shape', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true });
  const plain = productsOf(await app.legacy('/api/v1/products', { key }));
  const priced = productsOf(await app.legacy('/api/v1/products?prices', { key }));
  assert.ok(Array.isArray(plain[0].options.billing_cycles));
  assert.ok(!Array.isArray(priced[0].options.billing_cycles));
  for (const query of ['?prices=', '?prices=1', '?prices=true', '?other=1&prices']) {
    assert.deepEqual(productsOf(await app.legacy(`/api/v1/products${query}`, { key })), priced, query);
  }
  assert.deepEqual(productsOf(await app.legacy('/api/v1/products?other=1', { key })), plain);
  // Trailing slash, as other routes accept it.
  assert.deepEqual(productsOf(await app.legacy('/api/v1/products/', { key })), plain);
});

test('stock and products follow the catalogue the operator puts', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true });
  // Read first so a cached catalogue exists that the replacement must not hide.
  const before = productsOf(await app.legacy('/api/v1/products', { key }));
  assert.equal(byId(before, '3').options.locations.hel1, false, 'demo CX42 is sold out in hel1');
  assert.equal(byId(before, '1').options.locations.fsn1, true);

  const catalogue = structuredClone((await app.admin('/catalogue')).body);
  const cx22 = catalogue.products.find((product: { id: number }) => product.id === 1);
  cx22.locations.find((location: { code: string }) => location.code === 'fsn1').in_stock = false;
  catalogue.products = catalogue.products.filter((product: { id: number }) => product.id !== 4);
  const put = await app.admin('/catalogue', { method: 'PUT', body: catalogue });
  assert.equal(put.status, 200, JSON.stringify(put.body));

  const plain = productsOf(await app.legacy('/api/v1/products', { key }));
  assert.deepEqual(byId(plain, '1').options.locations, { fsn1: false, nbg1: true, hel1: true, ash: true });
  assert.deepEqual(plain.map((product) => product._id), ['1', '2', '3', '5', '6']);
  const priced = productsOf(await app.legacy('/api/v1/products?prices', { key }));
  assert.deepEqual(byId(priced, '1').options.locations, { fsn1: false, nbg1: true, hel1: true, ash: true });
});

test('401 without or with a bad token, 403 without legacy access', async (t) => {
  const app = await build(t, { worker: false });
  const noAccess = await app.createUser();
  for (const path of ['/api/v1/products', '/api/v1/products?prices']) {
    const missing = await app.legacy(path, { key: null });
    assertFailure(missing, 401);
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer/);
    assertFailure(await app.legacy(path, { key: 'not-a-real-token' }), 401);
    assertFailure(await app.legacy(path, { key: noAccess.key }), 403);
  }
  // Reading is allowed with a read-only key.
  const readOnly = await app.createUser({ legacy: true, readOnly: true });
  productsOf(await app.legacy('/api/v1/products', { key: readOnly.key }));
});

test('billing down → 503, billing error → 502, in the failure envelope', async (t) => {
  const app = await build(t, { worker: false });
  const { key } = await app.createUser({ legacy: true });
  // Cached first: the fault must apply all the same.
  productsOf(await app.legacy('/api/v1/products', { key }));

  await setFault(app, 'billing', 'down');
  for (const path of ['/api/v1/products', '/api/v1/products?prices']) {
    const down = await app.legacy(path, { key });
    assertFailure(down, 503);
    assert.equal(down.headers.get('retry-after'), '30');
  }
  await setFault(app, 'billing', 'error');
  for (const path of ['/api/v1/products', '/api/v1/products?prices']) assertFailure(await app.legacy(path, { key }), 502);

  await setFault(app, 'billing', 'ok');
  productsOf(await app.legacy('/api/v1/products?prices', { key }));
});
