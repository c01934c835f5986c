// Upgrade proration over the long billing cycles (DESIGN D9): the invoice is
// (new − old recurring price) × the fraction of the current term still to
// run, and a term is as long as its cycle — 24 months biennially, 36
// triennially. The demo catalogue sells neither, so the test puts a catalogue
// that does through the operator API. The expected amount is computed here,
// from the server's next due date and the cycle's length, not by the code
// under test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, type TestApp } from '../helpers/build.ts';

type Json = Record<string, any>;

const DAY_SECONDS = 86_400;
const CX22 = 1;
const CX32 = 2;

/** The long terms under test, each with the CX22 and CX32 price the test catalogue gives it. */
const LONG_TERMS = [
  { cycle: 'biennially', months: 24, cx22: '100.00', cx32: '180.00' },
  { cycle: 'triennially', months: 36, cx22: '140.00', cx32: '250.00' },
];

/** "12.34" → 1234, exactly. */
function minor(text: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(text);
  assert.ok(match, `a two-decimal amount: ${text}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** The demo catalogue with CX22 and CX32 (one upgrade path) also sold in the long terms. */
async function sellLongTerms(app: TestApp): Promise<void> {
  const catalogue = (await app.admin('/catalogue')).body;
  for (const { cycle, cx22, cx32 } of LONG_TERMS) {
    for (const [id, price] of [[CX22, cx22], [CX32, cx32]] as const) {
      const product = catalogue.products.find((entry: Json) => entry.id === id);
      product.billing_cycles.push(cycle);
      product.prices[cycle] = price;
      product.setup_fees[cycle] = '0.00';
    }
    // Every cycle a product is sold in needs add-on prices.
    catalogue.pricing.ipv4_additional[cycle] = '0.00';
    catalogue.pricing.ipv6[cycle] = '0.00';
  }
  const put = await app.admin('/catalogue', { method: 'PUT', body: catalogue });
  assert.equal(put.status, 200, JSON.stringify(put.body));
}

async function clockNow(app: TestApp, advanceSeconds = 0): Promise<number> {
  const response = await app.admin('/clock/advance', { method: 'POST', body: { seconds: advanceSeconds } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return Date.parse(response.body.now);
}

/** 00:00 UTC of the day `months` before `due` (YYYY-MM-DD); a day that month lacks falls back to its last day. */
function monthsBefore(due: string, months: number): number {
  const [year, month, day] = due.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 - months + 1, 0)).getUTCDate();
  return Date.UTC(year, month - 1 - months, Math.min(day, lastDay));
}

/** D9 at `nowMs`, in minor units, before rounding. */
function expectedProration(difference: number, due: string, months: number, nowMs: number): number {
  const dueMs = Date.parse(`${due}T00:00:00Z`);
  const fraction = (dueMs - nowMs) / (dueMs - monthsBefore(due, months));
  return Math.max(0, difference * Math.min(1, Math.max(0, fraction)));
}

test('upgrade on a biennial or triennial term is prorated over 24 or 36 months (D9)', async (t) => {
  const app = await build(t);
  const owner = await app.createUser({ credit: '500.00' });
  const slug = await app.createReadyProject(owner.key, 'Long terms');
  await sellLongTerms(app);

  const servers = [];
  for (const term of LONG_TERMS) {
    const placed = await app.admin(`/projects/${slug}/servers`, {
      method: 'POST',
      body: { hostname: `on-${term.cycle}`, product_id: CX22, location: 'fsn1', image: 'debian-12', billing_cycle: term.cycle },
    });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    assert.equal(placed.body.billing.billing_cycle, term.cycle);
    servers.push({ ...term, server: placed.body });
  }
  // 200 days into the term: a one-month term would be long over, so only the real term length leaves a fraction to pay.
  await clockNow(app, 200 * DAY_SECONDS);

  const wrong: string[] = [];
  for (const { cycle, months, cx22, cx32, server } of servers) {
    const due: string = server.billing.next_due_date;
    const difference = minor(cx32) - minor(cx22);
    const before = await clockNow(app);
    const ordered = await app.api(`/projects/${slug}/servers/${server.id}/upgrade/`, { method: 'POST', key: owner.key, body: { product_id: CX32, upgrade_disk: false } });
    const after = await clockNow(app);
    assert.equal(ordered.status, 201, JSON.stringify(ordered.body));

    // The service read its clock somewhere between the two readings, and rounded once.
    const high = expectedProration(difference, due, months, before);
    const low = expectedProration(difference, due, months, after);
    const total = minor(ordered.body.invoice.total);
    if (total < Math.floor(low) || total > Math.ceil(high)) {
      wrong.push(`${cycle}: upgrade total ${ordered.body.invoice.total}, but (${cx32} − ${cx22}) × the rest of a ${months}-month term ending ${due} is ${(low / 100).toFixed(4)}…${(high / 100).toFixed(4)}`);
    }
  }
  assert.deepEqual(wrong, [], 'each upgrade pays for the rest of its own term');
});
