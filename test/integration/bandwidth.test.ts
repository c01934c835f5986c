// Extra bandwidth over HTTP (spec "Bandwidth", Order, Errors; DESIGN D2,
// D7): one of pricing.extra_bandwidth at its price, `provisioning` first,
// then the server's (and its pool's) extra_gb grows; member and read-only
// key 403, another project 404; a short credit waits for payment.
// After every test, each account's ledger adds up to its balance (scenario,
// test/helpers/upgrades.ts).
import assert from 'node:assert/strict';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { getServer } from '../helpers/servers.ts';
import { balance, bandwidth, minor, orders, scenario, setCredit, waitForOrder } from '../helpers/upgrades.ts';
import { addMemberWithKey, placeServer } from '../helpers/world.ts';

scenario('bandwidth: a size from pricing.extra_bandwidth at its price; provisioning first, then completed and extra_gb grows (pooled and not)', async ({ app, slug, catalogue, ...owner }) => {
  const pooled = await placeServer({ app, slug }, { hostname: 'pooled', product_id: 1, location: 'fsn1' });
  const neighbour = await placeServer({ app, slug }, { hostname: 'neighbour', product_id: 2, location: 'fsn1' });
  const dedicated = await placeServer({ app, slug }, { hostname: 'dedicated', product_id: 4, location: 'fsn1' });
  assert.equal(pooled.bandwidth.extra_gb, 0);
  assert.deepEqual(pooled.bandwidth.pool, { allocated_gb: 20000, extra_gb: 0, used_gb: 0 }, 'the pool before the neighbour joined');
  assert.equal(dedicated.bandwidth.pooled, false);
  assert.equal(dedicated.bandwidth.pool, null);
  const sizes = catalogue.pricing.extra_bandwidth as { size_gb: number; price: string }[];
  assert.deepEqual(sizes.map((entry) => entry.size_gb), [1000, 5000, 10000]);

  // Sizes not offered: 400 on size_gb, nothing ordered.
  for (const size of [1, 999, 2000, 1_000_000]) {
    assertFieldError(await bandwidth(app, owner.key, slug, pooled.id, { size_gb: size }), 'size_gb');
  }
  assertProblem(await bandwidth(app, owner.key, slug, pooled.id, {}), 400, 'validation_error');
  assertProblem(await bandwidth(app, owner.key, slug, pooled.id, { size_gb: 1000.5 }), 400, 'validation_error');
  assert.deepEqual(await orders(app, owner.key, slug), []);

  const creditBefore = await balance(app, owner.key);
  const offer = sizes[1]!;
  const ordered = await bandwidth(app, owner.key, slug, pooled.id, { size_gb: offer.size_gb });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.type, 'bandwidth');
  assert.equal(ordered.body.status, 'provisioning', 'provisioning while the bandwidth is added');
  assert.equal(ordered.body.server_id, pooled.id);
  assert.deepEqual(ordered.body.request, { size_gb: offer.size_gb });
  assert.equal(ordered.body.invoice.total, offer.price);
  assert.equal(ordered.body.invoice.status, 'paid');
  assert.equal(await balance(app, owner.key), creditBefore - minor(offer.price));
  await waitForOrder(app, owner.key, slug, ordered.body.id, 'completed');
  const grown = await getServer(app, owner.key, slug, pooled.id);
  assert.equal(grown.bandwidth.extra_gb, 5000);
  assert.equal(grown.bandwidth.allocated_gb, 20000);
  assert.deepEqual(grown.bandwidth.pool, { allocated_gb: 40000, extra_gb: 5000, used_gb: 0 });
  // The pool is shared: the neighbour sees it too, its own extra unchanged.
  const neighbourView = await getServer(app, owner.key, slug, neighbour.id);
  assert.equal(neighbourView.bandwidth.extra_gb, 0);
  assert.equal(neighbourView.bandwidth.pool.extra_gb, 5000);

  // A second purchase adds on top.
  const more = await bandwidth(app, owner.key, slug, pooled.id, { size_gb: 1000 });
  assert.equal(more.status, 201, JSON.stringify(more.body));
  assert.equal(more.body.invoice.total, '1.19');
  await waitForOrder(app, owner.key, slug, more.body.id, 'completed');
  const twice = await getServer(app, owner.key, slug, pooled.id);
  assert.equal(twice.bandwidth.extra_gb, 6000);
  assert.equal(twice.bandwidth.pool.extra_gb, 6000);

  // Not pooled: only the server's extra_gb.
  const forDedicated = await bandwidth(app, owner.key, slug, dedicated.id, { size_gb: 10000 });
  assert.equal(forDedicated.status, 201, JSON.stringify(forDedicated.body));
  assert.equal(forDedicated.body.status, 'provisioning');
  assert.equal(forDedicated.body.invoice.total, '9.99');
  await waitForOrder(app, owner.key, slug, forDedicated.body.id, 'completed');
  const dedicatedAfter = await getServer(app, owner.key, slug, dedicated.id);
  assert.equal(dedicatedAfter.bandwidth.extra_gb, 10000);
  assert.equal(dedicatedAfter.bandwidth.pool, null);
  assert.equal((await getServer(app, owner.key, slug, pooled.id)).bandwidth.pool.extra_gb, 6000, 'a dedicated server does not touch the pool');
  assert.equal(await balance(app, owner.key), creditBefore - 549 - 119 - 999);
});

scenario('bandwidth: member and read-only key 403, another project 404; too little credit waits for payment, then extra_gb grows', async ({ app, slug, ...owner }) => {
  const server = await placeServer({ app, slug }, { hostname: 'bw', product_id: 4, location: 'fsn1' });
  const member = await addMemberWithKey(app, slug, 'member', { credit: '100.00' });
  assertProblem(await bandwidth(app, member.key, slug, server.id, { size_gb: 1000 }), 403, 'insufficient_role');
  const readOnly = await app.createKey(owner.userId, { readOnly: true });
  assertProblem(await bandwidth(app, readOnly.key, slug, server.id, { size_gb: 1000 }), 403, 'read_only_key');
  const stranger = await app.createUser();
  assertProblem(await bandwidth(app, stranger.key, slug, server.id, { size_gb: 1000 }), 404, 'not_found');
  assert.deepEqual(await orders(app, owner.key, slug), []);

  await setCredit(app, owner.userId, owner.key, 100);
  const ordered = await bandwidth(app, owner.key, slug, server.id, { size_gb: 5000 });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.status, 'awaiting_payment');
  assert.equal(ordered.body.invoice.total, '5.49');
  assert.equal(await balance(app, owner.key), 100);
  assert.equal((await getServer(app, owner.key, slug, server.id)).bandwidth.extra_gb, 0);
  const paid = await app.admin(`/invoices/${ordered.body.invoice.id}/pay`, { method: 'POST' });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  await waitForOrder(app, owner.key, slug, ordered.body.id, 'completed');
  assert.equal((await getServer(app, owner.key, slug, server.id)).bandwidth.extra_gb, 5000);
  assert.equal(await balance(app, owner.key), 100);
});
