// What a server may be upgraded to (spec: Upgrade option, the upgrade-options
// and upgrade rows, Errors; DESIGN D2, D9): the options are exactly the
// product's upgrade paths with their prices, readable by any member and a
// read-only key, 404 for another project; a product that is not an option,
// out of upgrade stock or not sold in the server's billing cycle is a 400 on
// product_id, a member or a read-only key 403, with nothing ordered.
// After every test, each account's ledger adds up to its balance (scenario,
// test/helpers/upgrades.ts).
import assert from 'node:assert/strict';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { getServer } from '../helpers/servers.ts';
import { balance, orders, product, scenario, upgrade } from '../helpers/upgrades.ts';
import { addMemberWithKey, placeServer } from '../helpers/world.ts';

type Json = Record<string, any>;

// ---------------------------------------------------------------- upgrade options

scenario('upgrade options: exactly the product upgrade paths with their prices; any member and a read-only key may read; another project 404', async ({ app, slug, catalogue, ...owner }) => {
  const cx22 = await placeServer({ app, slug }, { hostname: 'cx22', product_id: 1, location: 'fsn1' });
  const ccx13 = await placeServer({ app, slug }, { hostname: 'ccx13', product_id: 4, location: 'fsn1' });
  const cx42 = await placeServer({ app, slug }, { hostname: 'cx42', product_id: 3, location: 'fsn1' });

  const expected = (id: number) =>
    product(catalogue, id).upgradeable_to.map((target: number) => {
      const entry = product(catalogue, target);
      return { product_id: entry.id, name: entry.name, prices: entry.prices, currency: entry.currency };
    });
  const options = (key: string, projectSlug: string, id: string) => app.api(`/projects/${projectSlug}/servers/${id}/upgrade-options/`, { key });

  const forCx22 = await options(owner.key, slug, cx22.id);
  assert.equal(forCx22.status, 200, JSON.stringify(forCx22.body));
  assert.deepEqual(forCx22.body, expected(1));
  assert.deepEqual(forCx22.body.map((entry: Json) => entry.product_id), [2, 3]);
  assert.deepEqual(forCx22.body[0], { product_id: 2, name: 'CX32', prices: { monthly: '7.59', quarterly: '22.50', annually: '84.00' }, currency: 'EUR' });
  // CCX33 is sold monthly and yearly only: its prices say so.
  const forCcx13 = await options(owner.key, slug, ccx13.id);
  assert.deepEqual(forCcx13.body, expected(4));
  assert.deepEqual(forCcx13.body.find((entry: Json) => entry.product_id === 6).prices, { monthly: '55.49', annually: '610.00' });
  // The top of a family has none.
  assert.deepEqual((await options(owner.key, slug, cx42.id)).body, []);

  // Any member reads them; so does a read-only key.
  const member = await addMemberWithKey(app, slug, 'member', { credit: '100.00' });
  assert.deepEqual((await options(member.key, slug, cx22.id)).body, expected(1));
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  const viaReadOnly = await options(readOnly.key, slug, cx22.id);
  assert.equal(viaReadOnly.status, 200, JSON.stringify(viaReadOnly.body));
  assert.deepEqual(viaReadOnly.body, expected(1));

  // Another project: its own slug with this server, or this slug without membership — 404 both.
  const stranger = await app.createUser();
  const strangerSlug = await app.createReadyProject(stranger.key, 'Elsewhere');
  assertProblem(await options(stranger.key, strangerSlug, cx22.id), 404, 'not_found');
  assertProblem(await options(stranger.key, slug, cx22.id), 404, 'not_found');
  assertProblem(await options(owner.key, slug, '0123456789abcdef'), 404, 'not_found');
});

// ---------------------------------------------------------------- upgrade: refusals

scenario('upgrade: a product that is not an option or out of upgrade stock is a 400 on product_id; member and read-only key 403; nothing is ordered', async ({ app, slug, ...owner }) => {
  const server = await placeServer({ app, slug }, { hostname: 'web', product_id: 1, location: 'fsn1' });
  const creditBefore = await balance(app, owner.key);

  // Not an upgrade path (another family, itself, unknown, a downgrade).
  for (const productId of [4, 1, 99]) {
    assertFieldError(await upgrade(app, owner.key, slug, server.id, { product_id: productId, upgrade_disk: false }), 'product_id');
  }
  const cx32 = await placeServer({ app, slug }, { hostname: 'mid', product_id: 2, location: 'fsn1' });
  assertFieldError(await upgrade(app, owner.key, slug, cx32.id, { product_id: 1, upgrade_disk: false }), 'product_id');
  // CX42 has no upgrade stock in hel1.
  const helsinki = await placeServer({ app, slug }, { hostname: 'hel', product_id: 1, location: 'hel1' });
  assertFieldError(await upgrade(app, owner.key, slug, helsinki.id, { product_id: 3, upgrade_disk: false }), 'product_id');
  // Bad shapes are 400s too.
  assertProblem(await upgrade(app, owner.key, slug, server.id, { upgrade_disk: true }), 400, 'validation_error');
  assertProblem(await upgrade(app, owner.key, slug, server.id, { product_id: 'two' }), 400, 'validation_error');
  assert.deepEqual(await orders(app, owner.key, slug), [], 'no order was recorded');
  assert.equal(await balance(app, owner.key), creditBefore);

  // Who may: a member no, a read-only key no (checked before the role), another project 404.
  const member = await addMemberWithKey(app, slug, 'member', { credit: '100.00' });
  assertProblem(await upgrade(app, member.key, slug, server.id, { product_id: 2, upgrade_disk: false }), 403, 'insufficient_role');
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  assertProblem(await upgrade(app, readOnly.key, slug, server.id, { product_id: 2, upgrade_disk: false }), 403, 'read_only_key');
  const memberReadOnly = await app.createKey(member.userId, { readOnly: true });
  assertProblem(await upgrade(app, memberReadOnly.key, slug, server.id, { product_id: 2, upgrade_disk: false }), 403, 'read_only_key');
  const stranger = await app.createUser();
  assertProblem(await upgrade(app, stranger.key, slug, server.id, { product_id: 2, upgrade_disk: false }), 404, 'not_found');
  assert.deepEqual(await orders(app, owner.key, slug), []);
  assert.equal(await balance(app, owner.key), creditBefore);
  const unchanged = await getServer(app, owner.key, slug, server.id);
  assert.equal(unchanged.plan.name, 'CX22');
  assert.equal(unchanged.pending_changes, false);
  assert.deepEqual(unchanged.billing.upgradeable_to, [2, 3]);
});

scenario('upgrade: a target not sold in the server billing cycle is refused (CCX13 quarterly → CCX33, which has no quarterly price)', async ({ app, slug, ...owner }) => {
  const server = await placeServer({ app, slug }, { hostname: 'quarterly', product_id: 4, location: 'fsn1', billing_cycle: 'quarterly' });
  const creditBefore = await balance(app, owner.key);
  const refused = await upgrade(app, owner.key, slug, server.id, { product_id: 6, upgrade_disk: false });
  // The server keeps its cycle, and CCX33 cannot be billed quarterly: not a free upgrade with a 0.00 recurring amount.
  assertFieldError(refused, 'product_id');
  assert.deepEqual(await orders(app, owner.key, slug), []);
  assert.equal(await balance(app, owner.key), creditBefore);
  const after = await getServer(app, owner.key, slug, server.id);
  assert.equal(after.billing.recurring_amount, '42.00');
});
