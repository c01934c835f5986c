// The catalogue as a project sees it (products, images, locations, pricing)
// and as the operator replaces it whole (GET/PUT /admin/v1/catalogue).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, type CallResult } from '../helpers/build.ts';
import { assertProblem } from '../helpers/problems.ts';
import { addMember, createWorld, setFault } from '../helpers/world.ts';
import { demoCatalogue } from '../../src/modules/catalogue/index.ts';

const PUBLIC_PRODUCT_FIELDS = [
  'billing_cycles',
  'category',
  'currency',
  'default_billing_cycle',
  'description',
  'id',
  'images',
  'locations',
  'name',
  'prices',
  'setup_fees',
].sort();
const OPERATOR_ONLY_FIELDS = ['plan', 'bandwidth_gb', 'pooled_bandwidth', 'upgradeable_to', 'private_network'];
const DECIMAL = /^\d+\.\d{2}$/;
const ENDPOINTS = ['products', 'images', 'locations', 'pricing'] as const;


function fieldsOf(response: CallResult): string[] {
  return (response.body?.errors ?? []).map((entry: { field: string }) => entry.field);
}

/** The public view of an operator catalogue product. */
function publicProduct(product: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(product).filter(([field]) => !OPERATOR_ONLY_FIELDS.includes(field)));
}

test('products: exactly the public fields, decimal prices, stock per location', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, { project: 'Catalogue Reader' });
  const response = await app.api(`/projects/${slug}/products/`, { key });
  assert.equal(response.status, 200);
  assert.ok(Array.isArray(response.body));
  assert.equal(response.body.length, demoCatalogue.products.length);
  for (const product of response.body) {
    assert.deepEqual(Object.keys(product).sort(), PUBLIC_PRODUCT_FIELDS, `product ${product.id}`);
    for (const field of OPERATOR_ONLY_FIELDS) assert.ok(!(field in product), `${field} leaked in product ${product.id}`);
    assert.ok(Number.isInteger(product.id));
    assert.ok(Array.isArray(product.description) && product.description.every((line: unknown) => typeof line === 'string'));
    assert.ok(product.billing_cycles.includes(product.default_billing_cycle));
    assert.deepEqual(Object.keys(product.prices).sort(), [...product.billing_cycles].sort());
    for (const price of [...Object.values(product.prices), ...Object.values(product.setup_fees)]) assert.match(price as string, DECIMAL);
    assert.equal(product.currency, 'EUR');
    for (const location of product.locations) {
      assert.deepEqual(Object.keys(location).sort(), ['code', 'in_stock', 'upgrade_in_stock']);
      assert.equal(typeof location.in_stock, 'boolean');
      assert.equal(typeof location.upgrade_in_stock, 'boolean');
    }
    assert.ok(product.images.every((image: unknown) => typeof image === 'string'));
  }
  // A sold-out location is still listed, marked as such.
  const cx32 = response.body.find((product: { id: number }) => product.id === 2);
  assert.deepEqual(response.body, demoCatalogue.products.map((product) => publicProduct(product)));
  assert.deepEqual(cx32.locations.find((location: { code: string }) => location.code === 'ash'), { code: 'ash', in_stock: false, upgrade_in_stock: true });
});

test('images, locations (only those offered) and pricing', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, { project: 'Catalogue Reader' });

  const images = await app.api(`/projects/${slug}/images/`, { key });
  assert.equal(images.status, 200);
  for (const image of images.body) assert.deepEqual(Object.keys(image).sort(), ['display_name', 'distro', 'name', 'version']);
  assert.deepEqual(images.body, demoCatalogue.images);

  const locations = await app.api(`/projects/${slug}/locations/`, { key });
  assert.equal(locations.status, 200);
  for (const location of locations.body) assert.deepEqual(Object.keys(location).sort(), ['city', 'code', 'country', 'country_code']);
  const codes = locations.body.map((location: { code: string }) => location.code);
  assert.deepEqual(codes, ['fsn1', 'nbg1', 'hel1', 'ash']);
  // The demo catalogue has Singapore, but no product is offered there.
  assert.ok(demoCatalogue.locations.some((location) => location.code === 'sin'));
  assert.ok(!codes.includes('sin'));
  assert.deepEqual(locations.body[0], { code: 'fsn1', city: 'Falkenstein', country: 'Germany', country_code: 'DE' });

  const pricing = await app.api(`/projects/${slug}/pricing/`, { key });
  assert.equal(pricing.status, 200);
  assert.deepEqual(Object.keys(pricing.body).sort(), ['currency', 'extra_bandwidth', 'ipv4_additional', 'ipv6']);
  assert.equal(pricing.body.currency, 'EUR');
  for (const table of [pricing.body.ipv4_additional, pricing.body.ipv6]) {
    for (const price of Object.values(table)) assert.match(price as string, DECIMAL);
  }
  for (const option of pricing.body.extra_bandwidth) {
    assert.deepEqual(Object.keys(option).sort(), ['price', 'size_gb']);
    assert.ok(Number.isInteger(option.size_gb));
    assert.match(option.price, DECIMAL);
  }
  assert.deepEqual(pricing.body, demoCatalogue.pricing);
});

test('billing down → 503 upstream_unavailable, billing error → 502 upstream_error, on all four', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, { project: 'Catalogue Reader' });
  // Read once so the catalogue is cached: the fault must apply all the same.
  assert.equal((await app.api(`/projects/${slug}/products/`, { key })).status, 200);

  await setFault(app, 'billing', { mode: 'down' });
  for (const endpoint of ENDPOINTS) {
    assertProblem(await app.api(`/projects/${slug}/${endpoint}/`, { key }), 503, 'upstream_unavailable');
  }
  await setFault(app, 'billing', { mode: 'error' });
  for (const endpoint of ENDPOINTS) {
    assertProblem(await app.api(`/projects/${slug}/${endpoint}/`, { key }), 502, 'upstream_error');
  }
  await setFault(app, 'billing', { mode: 'timeout' });
  assertProblem(await app.api(`/projects/${slug}/pricing/`, { key }), 502, 'upstream_error');

  await setFault(app, 'billing', { mode: 'ok' });
  for (const endpoint of ENDPOINTS) assert.equal((await app.api(`/projects/${slug}/${endpoint}/`, { key })).status, 200);
});

test('any member and read-only keys may read the catalogue; non-members get 404', async (t) => {
  const app = await build(t);
  const { key: ownerKey, slug } = await createWorld(app, { project: 'Catalogue Reader' });
  const member = await app.createUser();
  const readOnly = await app.createUser({ readOnly: true });
  const stranger = await app.createUser();
  for (const user of [member, readOnly]) {
    await addMember(app, slug, user.userId, 'member');
  }
  const strangerProject = await app.createReadyProject(stranger.key, 'Elsewhere');
  for (const endpoint of ENDPOINTS) {
    const asOwner = await app.api(`/projects/${slug}/${endpoint}/`, { key: ownerKey });
    const asMember = await app.api(`/projects/${slug}/${endpoint}/`, { key: member.key });
    const asReadOnly = await app.api(`/projects/${slug}/${endpoint}/`, { key: readOnly.key });
    assert.equal(asMember.status, 200);
    assert.equal(asReadOnly.status, 200);
    assert.deepEqual(asMember.body, asOwner.body);
    assert.deepEqual(asReadOnly.body, asOwner.body);
    assertProblem(await app.api(`/projects/${slug}/${endpoint}/`, { key: stranger.key }), 404, 'not_found');
    assertProblem(await app.api(`/projects/${strangerProject}/${endpoint}/`, { key: member.key }), 404, 'not_found');
    assertProblem(await app.api(`/projects/no-such-project/${endpoint}/`, { key: ownerKey }), 404, 'not_found');
    assertProblem(await app.api(`/projects/${slug}/${endpoint}/`, { key: null }), 401, 'unauthenticated');
  }
});

test('operator GET /catalogue returns the whole document', async (t) => {
  const app = await build(t);
  const response = await app.admin('/catalogue');
  assert.equal(response.status, 200);
  assert.deepEqual(Object.keys(response.body).sort(), ['images', 'isos', 'locations', 'pricing', 'products', 'promo_codes']);
  assert.deepEqual(response.body, demoCatalogue);
  for (const product of response.body.products) {
    for (const field of OPERATOR_ONLY_FIELDS) assert.ok(field in product, `${field} missing in operator product ${product.id}`);
  }
  assertProblem(await app.admin('/catalogue', { key: null }), 401, 'unauthenticated');
  assertProblem(await app.admin('/catalogue', { key: 'wrong-token' }), 401, 'unauthenticated');
});

test('operator PUT /catalogue replaces it and the project endpoints show the change at once', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, { project: 'Catalogue Reader' });
  // Read first so a cached copy exists that the replacement must not hide.
  assert.equal((await app.api(`/projects/${slug}/locations/`, { key })).body.length, 4);

  const catalogue = structuredClone((await app.admin('/catalogue')).body);
  catalogue.locations.push({ code: 'tyo1', city: 'Tokyo', country: 'Japan', country_code: 'JP' });
  catalogue.images.push({ name: 'fedora-42', distro: 'Fedora', version: '42', display_name: 'Fedora 42' });
  const newProduct = {
    id: 7,
    name: 'ARM4',
    category: 'Arm64',
    description: ['4 Ampere vCPUs', '8 GB RAM'],
    prices: { monthly: '6.49', annually: '70.00' },
    setup_fees: { monthly: '0.00', annually: '0.00' },
    currency: 'EUR',
    billing_cycles: ['monthly', 'annually'],
    default_billing_cycle: 'annually',
    locations: [
      { code: 'tyo1', in_stock: true, upgrade_in_stock: false },
      { code: 'sin', in_stock: false, upgrade_in_stock: false },
    ],
    images: ['fedora-42', 'debian-12'],
    plan: { cpu_cores: 4, ram_mb: 8192, disk_gb: 80, boot_disk_gb: 80 },
    bandwidth_gb: 20000,
    pooled_bandwidth: false,
    upgradeable_to: [],
    private_network: false,
  };
  catalogue.products.push(newProduct);
  catalogue.pricing.extra_bandwidth.push({ size_gb: 20000, price: '17.99' });

  const put = await app.admin('/catalogue', { method: 'PUT', body: catalogue });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.deepEqual(put.body, catalogue);
  assert.deepEqual((await app.admin('/catalogue')).body, catalogue);

  const products = await app.api(`/projects/${slug}/products/`, { key });
  assert.equal(products.body.length, demoCatalogue.products.length + 1);
  assert.deepEqual(products.body.at(-1), publicProduct(newProduct));
  const locations = (await app.api(`/projects/${slug}/locations/`, { key })).body.map((location: { code: string }) => location.code);
  // sin is now offered (even though sold out), so it is listed; tyo1 is new.
  assert.deepEqual(locations, ['fsn1', 'nbg1', 'hel1', 'ash', 'sin', 'tyo1']);
  const images = (await app.api(`/projects/${slug}/images/`, { key })).body.map((image: { name: string }) => image.name);
  assert.ok(images.includes('fedora-42'));
  assert.deepEqual((await app.api(`/projects/${slug}/pricing/`, { key })).body.extra_bandwidth.at(-1), { size_gb: 20000, price: '17.99' });

  // Taking a product away takes its only location with it.
  catalogue.products.pop();
  assert.equal((await app.admin('/catalogue', { method: 'PUT', body: catalogue })).status, 200);
  const after = (await app.api(`/projects/${slug}/locations/`, { key })).body.map((location: { code: string }) => location.code);
  assert.deepEqual(after, ['fsn1', 'nbg1', 'hel1', 'ash']);
});

test('operator PUT /catalogue with semantic errors: 400 naming each field, catalogue unchanged', async (t) => {
  const app = await build(t);
  const { key, slug } = await createWorld(app, { project: 'Catalogue Reader' });
  const original = (await app.admin('/catalogue')).body;
  const productsBefore = (await app.api(`/projects/${slug}/products/`, { key })).body;

  const cases: Array<[string, (catalogue: any) => void, string]> = [
    [
      'a product listing an unknown location',
      (catalogue) => catalogue.products[0].locations.push({ code: 'atlantis', in_stock: true, upgrade_in_stock: true }),
      'products[0].locations[4].code',
    ],
    ['a default cycle the product does not offer', (catalogue) => (catalogue.products[5].default_billing_cycle = 'quarterly'), 'products[5].default_billing_cycle'],
    ['a price for a cycle the product does not offer', (catalogue) => (catalogue.products[1].prices.weekly = '1.99'), 'products[1].prices.weekly'],
    ['a product offering an unknown image', (catalogue) => catalogue.products[2].images.push('windows-95'), 'products[2].images[5]'],
    ['two products with one id', (catalogue) => (catalogue.products[3].id = 1), 'products[3].id'],
  ];
  for (const [what, mutate, field] of cases) {
    const catalogue = structuredClone(original);
    mutate(catalogue);
    const response = await app.admin('/catalogue', { method: 'PUT', body: catalogue });
    assertProblem(response, 400, 'validation_error');
    assert.ok(fieldsOf(response).includes(field), `${what}: ${JSON.stringify(response.body.errors)}`);
    assert.match(response.body.detail, new RegExp(field.replace(/[[\].]/g, '\\$&')));
  }

  // Every problem is reported at once.
  const several = structuredClone(original);
  for (const [, mutate] of cases.slice(0, 3)) mutate(several);
  const all = await app.admin('/catalogue', { method: 'PUT', body: several });
  assertProblem(all, 400, 'validation_error');
  for (const [, , field] of cases.slice(0, 3)) assert.ok(fieldsOf(all).includes(field), `${field}: ${JSON.stringify(all.body.errors)}`);

  assert.deepEqual((await app.admin('/catalogue')).body, original);
  assert.deepEqual((await app.api(`/projects/${slug}/products/`, { key })).body, productsBefore);
});

test('operator PUT /catalogue with schema errors: 400, catalogue unchanged', async (t) => {
  const app = await build(t);
  const original = (await app.admin('/catalogue')).body;

  const badPrice = structuredClone(original);
  badPrice.products[0].prices.monthly = '12.5';
  const price = await app.admin('/catalogue', { method: 'PUT', body: badPrice });
  assertProblem(price, 400, 'validation_error');
  assert.deepEqual(fieldsOf(price), ['products[0].prices.monthly']);

  const { pricing: _pricing, ...noPricing } = structuredClone(original);
  const missing = await app.admin('/catalogue', { method: 'PUT', body: noPricing });
  assertProblem(missing, 400, 'validation_error');
  assert.deepEqual(fieldsOf(missing), ['pricing']);

  const numericPrice = structuredClone(original);
  numericPrice.pricing.ipv6.monthly = 0;
  const numeric = await app.admin('/catalogue', { method: 'PUT', body: numericPrice });
  assertProblem(numeric, 400, 'validation_error');
  assert.deepEqual(fieldsOf(numeric), ['pricing.ipv6.monthly']);

  assertProblem(await app.admin('/catalogue', { method: 'PUT', body: [] }), 400, 'validation_error');
  assertProblem(await app.admin('/catalogue', { method: 'PUT', rawBody: '{"products": [', headers: { 'content-type': 'application/json' } }), 400, 'validation_error');

  assert.deepEqual((await app.admin('/catalogue')).body, original);
});

// PostgreSQL's jsonb refuses a NUL character (and an unpaired surrogate)
// that SQLite's text keeps: the operator gets the same 400 from both engines.
test('operator PUT /catalogue with a NUL character or an unpaired surrogate: 400, on both engines', async (t) => {
  const app = await build(t);
  const original = (await app.admin('/catalogue')).body;
  for (const text of ['before\u0000after', 'half \ud83d pair']) {
    const catalogue = structuredClone(original);
    catalogue.products[0].description.push(text);
    const response = await app.admin('/catalogue', { method: 'PUT', body: catalogue });
    assertProblem(response, 400, 'validation_error');
    assert.deepEqual(fieldsOf(response), ['products[0].description[4]'], JSON.stringify(response.body));
  }
  assert.deepEqual((await app.admin('/catalogue')).body, original);
});
