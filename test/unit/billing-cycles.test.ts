// The one table of billing-cycle lengths: terms are dated and prorated by it,
// and a cycle it does not know is an error (never billed as a month) that the
// catalogue refuses up front.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { monthsPerBillingCycle, nextDueDate, termStart, UnknownBillingCycle } from '../../src/modules/catalogue/billing-cycles.ts';
import { catalogueProblems } from '../../src/modules/catalogue/catalogue.validation.ts';
import { demoCatalogue } from '../../src/modules/catalogue/demo-catalogue.ts';

test('every cycle a catalogue may sell has its length in months', () => {
  const lengths = ['monthly', 'quarterly', 'semiannually', 'annually', 'biennially', 'triennially'].map((cycle) => monthsPerBillingCycle(cycle));
  assert.deepEqual(lengths, [1, 3, 6, 12, 24, 36]);
});

test('an unknown cycle is an error, not one month', () => {
  for (const cycle of ['weekly', '', 'toString', 'constructor']) {
    assert.throws(() => monthsPerBillingCycle(cycle), UnknownBillingCycle, cycle);
    assert.throws(() => nextDueDate(new Date('2025-01-15T10:00:00Z'), cycle), UnknownBillingCycle, cycle);
    assert.throws(() => termStart('2025-02-15', cycle), UnknownBillingCycle, cycle);
  }
});

test('a term is dated forward and back by the same rule; a day the month lacks is its last day', () => {
  assert.equal(nextDueDate(new Date('2025-01-31T23:59:00Z'), 'monthly'), '2025-02-28');
  assert.equal(nextDueDate(new Date('2024-02-29T08:00:00Z'), 'biennially'), '2026-02-28');
  assert.equal(nextDueDate(new Date('2025-03-10T08:00:00Z'), 'triennially'), '2028-03-10');
  assert.equal(termStart('2025-03-31', 'monthly').toISOString(), '2025-02-28T00:00:00.000Z');
  assert.equal(termStart('2027-08-31', 'biennially').toISOString(), '2025-08-31T00:00:00.000Z');
  assert.equal(termStart('2028-03-10', 'triennially').toISOString(), '2025-03-10T00:00:00.000Z');
});

test('the catalogue refuses a product sold in a cycle of unknown length', () => {
  const catalogue = structuredClone(demoCatalogue);
  const product = catalogue.products[0]!;
  product.billing_cycles.push('weekly');
  product.prices.weekly = '1.00';
  product.setup_fees.weekly = '0.00';
  catalogue.pricing.ipv4_additional.weekly = '0.10';
  catalogue.pricing.ipv6.weekly = '0.00';
  assert.deepEqual(
    catalogueProblems(catalogue).map((problem) => problem.field),
    ['products[0].billing_cycles[3]'],
  );
});
