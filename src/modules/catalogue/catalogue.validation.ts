// What the catalogue schema cannot say: references between entries, uniqueness,
// address pools that are real networks and do not overlap, billing cycles whose length is known, and price tables that must match the cycles a product is sold in. The
// operator PUTs the catalogue whole, so every problem is reported at once.
import ipaddr from 'ipaddr.js';
import { ipv4PoolProblem, ipv6PoolProblem } from '../addresses/index.ts';
import { BILLING_CYCLES, isBillingCycle } from './billing-cycles.ts';
import type { Catalogue, CatalogueProduct } from '../../schemas/catalogue.ts';

export interface CatalogueProblem {
  field: string;
  message: string;
}

export function catalogueProblems(catalogue: Catalogue): CatalogueProblem[] {
  return [
    ...topLevelUniqueness(catalogue),
    ...addressPoolProblems(catalogue),
    ...catalogue.products.flatMap((product, index) => productProblems(catalogue, product, `products[${index}]`)),
    ...pricingProblems(catalogue),
  ];
}

// Reports the second and later occurrences, so the first entry stays the one
// that "owns" the value and the message points at the entry to remove.
function duplicates<T>(
  items: readonly T[],
  key: (item: T) => string | number,
  field: (index: number) => string,
  what: string,
): CatalogueProblem[] {
  const seen = new Set<string | number>();
  const problems: CatalogueProblem[] = [];
  items.forEach((item, index) => {
    const value = key(item);
    if (seen.has(value)) problems.push({ field: field(index), message: `duplicate ${what} ${JSON.stringify(value)}` });
    seen.add(value);
  });
  return problems;
}

function topLevelUniqueness(catalogue: Catalogue): CatalogueProblem[] {
  return [
    ...duplicates(catalogue.locations, (l) => l.code, (i) => `locations[${i}].code`, 'location code'),
    ...duplicates(catalogue.images, (image) => image.name, (i) => `images[${i}].name`, 'image name'),
    ...duplicates(catalogue.products, (p) => p.id, (i) => `products[${i}].id`, 'product id'),
    ...duplicates(catalogue.isos, (iso) => iso.id, (i) => `isos[${i}].id`, 'ISO id'),
    // Customers type promo codes by hand, so codes differing only in case would be ambiguous.
    ...duplicates(catalogue.promo_codes, (c) => c.code.toLowerCase(), (i) => `promo_codes[${i}].code`, 'promo code (case-insensitive)'),
  ];
}

// The allocator and this check share one rule per pool, so a pool accepted
// here is never refused as invalid when a server is created. Overlapping pools
// would let two locations compete for the same addresses.
function addressPoolProblems(catalogue: Catalogue): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const [key, problemOf] of [['ipv4_pool', ipv4PoolProblem], ['ipv6_pool', ipv6PoolProblem]] as const) {
    const valid: { field: string; pool: string; range: [ipaddr.IPv4 | ipaddr.IPv6, number] }[] = [];
    catalogue.locations.forEach((location, index) => {
      const pool = location[key];
      if (pool === undefined) return;
      const field = `locations[${index}].${key}`;
      const problem = problemOf(pool);
      if (problem) {
        problems.push({ field, message: problem });
        return;
      }
      const range = ipaddr.parseCIDR(pool);
      // Two networks overlap exactly when one contains the other's first address.
      const overlapping = valid.find((other) => range[0].match(other.range) || other.range[0].match(range));
      if (overlapping) problems.push({ field, message: `${pool} overlaps ${overlapping.field} (${overlapping.pool})` });
      valid.push({ field, pool, range });
    });
  }
  return problems;
}

function productProblems(catalogue: Catalogue, product: CatalogueProduct, path: string): CatalogueProblem[] {
  const problems = duplicates(product.billing_cycles, (c) => c, (i) => `${path}.billing_cycles[${i}]`, 'billing cycle');
  // A term in a cycle of unknown length could be neither dated nor prorated.
  product.billing_cycles.forEach((cycle, i) => {
    if (!isBillingCycle(cycle)) {
      problems.push({ field: `${path}.billing_cycles[${i}]`, message: `"${cycle}" is not a billing cycle; one of: ${BILLING_CYCLES.join(', ')}` });
    }
  });
  if (!product.billing_cycles.includes(product.default_billing_cycle)) {
    problems.push({
      field: `${path}.default_billing_cycle`,
      message: `"${product.default_billing_cycle}" is not one of the product's billing_cycles`,
    });
  }
  problems.push(...cycleTableProblems(product.prices, product.billing_cycles, `${path}.prices`));
  problems.push(...cycleTableProblems(product.setup_fees, product.billing_cycles, `${path}.setup_fees`));
  // Orders are charged in one currency; a product priced in another could not be billed.
  if (product.currency !== catalogue.pricing.currency) {
    problems.push({ field: `${path}.currency`, message: `must be the catalogue currency ${catalogue.pricing.currency}` });
  }

  const locationCodes = new Set(catalogue.locations.map((l) => l.code));
  product.locations.forEach((location, i) => {
    if (!locationCodes.has(location.code)) {
      problems.push({ field: `${path}.locations[${i}].code`, message: `unknown location "${location.code}"` });
    }
  });
  // Two stock entries for one location would leave it unclear whether it is in stock.
  problems.push(...duplicates(product.locations, (l) => l.code, (i) => `${path}.locations[${i}].code`, 'location'));

  const imageNames = new Set(catalogue.images.map((image) => image.name));
  product.images.forEach((name, i) => {
    if (!imageNames.has(name)) problems.push({ field: `${path}.images[${i}]`, message: `unknown image "${name}"` });
  });

  const productIds = new Set(catalogue.products.map((p) => p.id));
  product.upgradeable_to.forEach((id, i) => {
    if (id === product.id) problems.push({ field: `${path}.upgradeable_to[${i}]`, message: 'a product cannot be upgraded to itself' });
    else if (!productIds.has(id)) problems.push({ field: `${path}.upgradeable_to[${i}]`, message: `unknown product id ${id}` });
  });
  problems.push(...duplicates(product.upgradeable_to, (id) => id, (i) => `${path}.upgradeable_to[${i}]`, 'upgrade target'));
  return problems;
}

// A price table must cover exactly the offered cycles: a missing entry leaves a
// cycle unpriced, an extra one prices a cycle nobody can order.
function cycleTableProblems(
  table: Record<string, string>,
  cycles: readonly string[],
  path: string,
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const cycle of cycles) {
    if (!Object.hasOwn(table, cycle)) problems.push({ field: `${path}.${cycle}`, message: `missing for billing cycle "${cycle}"` });
  }
  for (const cycle of Object.keys(table)) {
    if (!cycles.includes(cycle)) problems.push({ field: `${path}.${cycle}`, message: `"${cycle}" is not one of the product's billing_cycles` });
  }
  return problems;
}

function pricingProblems(catalogue: Catalogue): CatalogueProblem[] {
  const { pricing } = catalogue;
  // Add-ons are billed with a server, so they can only be priced for cycles some product is sold in.
  const offeredCycles = new Set(catalogue.products.flatMap((p) => p.billing_cycles));
  const problems: CatalogueProblem[] = [];
  for (const table of ['ipv4_additional', 'ipv6'] as const) {
    // ...and every server order must be priceable, whatever cycle it picks.
    for (const cycle of offeredCycles) {
      if (!Object.hasOwn(pricing[table], cycle)) {
        problems.push({ field: `pricing.${table}.${cycle}`, message: `missing for billing cycle "${cycle}", which products are sold in` });
      }
    }
    for (const cycle of Object.keys(pricing[table])) {
      if (!offeredCycles.has(cycle)) {
        problems.push({ field: `pricing.${table}.${cycle}`, message: `no product is sold in billing cycle "${cycle}"` });
      }
    }
  }
  problems.push(
    ...duplicates(pricing.extra_bandwidth, (b) => b.size_gb, (i) => `pricing.extra_bandwidth[${i}].size_gb`, 'extra bandwidth size'),
  );
  return problems;
}
