// An invoice billing makes after the order's settle job has already failed
// it (billing took longer than SETTLE_SUBMITTING_AFTER_MS, against what an
// adapter promises): the client was told the order failed, so the invoice is
// undone, not followed (docs/durable-intent.md). Billing is the built-in one
// behind a gate the test opens, so the order's request waits inside
// `placeInvoice` for as long as the test wants.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SETTLE_SUBMITTING_AFTER_MS } from '../../src/modules/orders/index.ts';
import { createServices } from '../../src/services.ts';
import type { BillingPort } from '../../src/upstreams/billing/port.ts';
import { eventually } from '../helpers/build.ts';
import { BASE_ORDER, assertLedgerBalances, balance, listOrders, minor } from '../helpers/orders.ts';
import { buildWorld, type World } from '../helpers/world.ts';

/** The world's order service, with billing's placeInvoice held until `open()`. */
function gatedOrders(w: World) {
  const application = w.app.app;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const real = application.upstreams.billing;
  const billing: BillingPort = new Proxy(real, {
    get(target, property, receiver) {
      if (property !== 'placeInvoice') return Reflect.get(target, property, receiver) as unknown;
      return async (...args: Parameters<BillingPort['placeInvoice']>) => {
        await gate;
        return target.placeInvoice(...args);
      };
    },
  });
  const services = createServices({
    db: application.database.db,
    engine: application.database.engine,
    clock: application.clock,
    changes: application.changes,
    upstreams: { ...application.upstreams, billing },
    simScale: 0.01,
    sessionIdleMs: 60_000,
    wakeWorker: () => undefined,
  });
  return { orders: services.orders, open };
}

async function lateInvoice(w: World) {
  const { orders, open } = gatedOrders(w);
  const { keyId } = await w.app.createKey(w.userId);
  const placing = orders.orderServer({ userId: w.userId, keyId, readOnly: false }, w.slug, BASE_ORDER, { keyId, idempotency: null });
  // Recorded and waiting on billing: the settle job's time passes, and it finds no invoice.
  const [recorded] = await eventually(async () => {
    const found = await listOrders(w);
    return found.length === 1 ? found : null;
  });
  assert.equal(recorded.status, 'submitting');
  const moved = await w.app.admin('/clock/advance', { method: 'POST', body: { seconds: SETTLE_SUBMITTING_AFTER_MS / 1000 + 1 } });
  assert.equal(moved.status, 200);
  await w.app.app.runner!.runDueJobs();
  assert.equal((await listOrders(w))[0].status, 'failed', 'the settle job failed the order billing had no invoice for');
  // Billing now makes the invoice after all.
  open();
  const answered = await placing;
  assert.equal(answered.row.status, 'failed', 'the late answer does not revive the order');
  const invoice = await w.app.app.upstreams.backOffice.billing.findInvoiceByOrder(`order-${recorded.id}`);
  assert.ok(invoice, 'billing made the invoice');
  return { orderId: recorded.id as number, invoice };
}

test('a late invoice paid from credit: the credit comes back once and the reserved service is cancelled', async (t) => {
  const w = await buildWorld(t, { credit: '50.00' });
  const before = await balance(w.app, w.key);
  const { invoice } = await lateInvoice(w);
  assert.equal(invoice.status, 'paid', 'the credit covered it');
  assert.ok(invoice.creditApplied > 0);
  assert.equal(await balance(w.app, w.key), before, 'the credit is given back');
  await assertLedgerBalances(w.app);
  const service = await w.app.app.upstreams.backOffice.billing.getService(invoice.serviceId!);
  assert.equal(service?.status, 'Cancelled', 'the service the invoice reserved is cancelled');
  assert.equal((await listOrders(w))[0].status, 'failed');
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/`, { key: w.key })).body.count, 0, 'no server');
});

test('a late unpaid invoice is cancelled, with the service it reserved', async (t) => {
  const w = await buildWorld(t, { credit: '0.00' });
  const { invoice } = await lateInvoice(w);
  const now = await w.app.app.upstreams.backOffice.billing.getInvoice(invoice.id);
  assert.equal(now?.status, 'cancelled', 'nothing is left to pay');
  assert.equal(minor((await w.app.api('/me/', { key: w.key })).body.billing_account.credit_balance), 0);
  const service = await w.app.app.upstreams.backOffice.billing.getService(invoice.serviceId!);
  assert.equal(service?.status, 'Cancelled');
});
