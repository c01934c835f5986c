// BillingPort.getServices: the services of a whole list in one call, as
// getService reads them one by one; unknown ids are left out; a list longer
// than one read's worth of ids still comes back whole; and it fails like
// every other billing call when billing is down.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isUpstreamError } from '../../src/upstreams/errors.ts';
import { buildWorld, placeServer, setFault } from '../helpers/world.ts';

test('getServices answers the services among the ids, as getService does, however many ids', async (t) => {
  const w = await buildWorld(t);
  const billing = w.app.app.upstreams.billing;
  const first: number = (await placeServer(w, { hostname: 'first' })).billing.service_id;
  const second: number = (await placeServer(w, { hostname: 'second' })).billing.service_id;
  const one = async (id: number) => (await billing.getService(id))!;

  const byId = (services: { serviceId: number }[]) => [...services].sort((a, b) => a.serviceId - b.serviceId);
  assert.deepEqual(byId(await billing.getServices([second, 999_999, first])), [await one(first), await one(second)]);
  assert.deepEqual(await billing.getServices([]), []);
  assert.deepEqual(await billing.getServices([999_999]), []);

  // More ids than either engine would bind one by one (they go as one JSON parameter): the two known ones at either end.
  const many = [first, ...Array.from({ length: 1200 }, (_, index) => 1_000_000 + index), second];
  assert.deepEqual(byId(await billing.getServices(many)), [await one(first), await one(second)]);

  await setFault(w.app, 'billing', 'down');
  await assert.rejects(billing.getServices([first]), (error) => isUpstreamError(error) && error.system === 'billing' && error.kind === 'unavailable');
});
