import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from 'typebox/value';
import { CatalogueSchema, type Catalogue } from '../../src/schemas/catalogue.ts';
import { catalogueProblems } from '../../src/modules/catalogue/catalogue.validation.ts';
import { demoCatalogue } from '../../src/modules/catalogue/demo-catalogue.ts';

function fieldsAfter(mutate: (catalogue: Catalogue) => void): string[] {
  const catalogue = structuredClone(demoCatalogue);
  mutate(catalogue);
  return catalogueProblems(catalogue).map((problem) => problem.field);
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  assert.ok(item !== undefined, `no item at index ${index}`);
  return item;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

test('the demo catalogue matches the schema', () => {
  assert.deepEqual(Value.Errors(CatalogueSchema, demoCatalogue), []);
  assert.equal(Value.Check(CatalogueSchema, demoCatalogue), true);
});

test('the demo catalogue has no semantic problems', () => {
  assert.deepEqual(catalogueProblems(demoCatalogue), []);
});

test('the demo catalogue shows a location no product is offered in', () => {
  const offered = new Set(demoCatalogue.products.flatMap((p) => p.locations.map((l) => l.code)));
  assert.ok(demoCatalogue.locations.some((l) => !offered.has(l.code)));
});

test('the demo catalogue has a product with pooled bandwidth', () => {
  assert.ok(demoCatalogue.products.some((p) => p.pooled_bandwidth));
});

test('the demo catalogue only upgrades to products that cost more', () => {
  for (const product of demoCatalogue.products) {
    for (const targetId of product.upgradeable_to) {
      const target = demoCatalogue.products.find((p) => p.id === targetId);
      assert.ok(target, `product ${product.id} upgrades to unknown ${targetId}`);
      const shared = product.billing_cycles.filter((c) => target.billing_cycles.includes(c));
      assert.ok(shared.length > 0, `products ${product.id} and ${targetId} share no billing cycle`);
      for (const cycle of shared) {
        assert.ok(
          cents(target.prices[cycle] ?? '0') > cents(product.prices[cycle] ?? '0'),
          `product ${targetId} is not dearer than ${product.id} for ${cycle}`,
        );
      }
    }
  }
});

test('duplicate location codes are reported', () => {
  // sin is the location no product uses, so renaming it orphans no stock entry.
  assert.deepEqual(fieldsAfter((c) => { at(c.locations, 4).code = 'fsn1'; }), ['locations[4].code']);
});

test('duplicate image names are reported', () => {
  // Rename an image no product uses, so only the duplicate is reported.
  const fields = fieldsAfter((c) => {
    at(c.images, 4).name = 'debian-12';
    for (const product of c.products) product.images = product.images.filter((name) => name !== 'alma-9');
  });
  assert.deepEqual(fields, ['images[4].name']);
});

test('duplicate product ids are reported', () => {
  // Upgrade paths are cleared so that the lost id 3 is not also reported as an unknown target.
  const fields = fieldsAfter((c) => {
    at(c.products, 2).id = 1;
    for (const product of c.products) product.upgradeable_to = [];
  });
  assert.deepEqual(fields, ['products[2].id']);
});

test('duplicate ISO ids are reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.isos, 2).id = 1; }), ['isos[2].id']);
});

test('promo codes that differ only in case are duplicates', () => {
  assert.deepEqual(fieldsAfter((c) => { c.promo_codes.push({ code: 'welcome10', percent_off: 20 }); }), ['promo_codes[2].code']);
});

test('duplicate billing cycles of a product are reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.products, 0).billing_cycles.push('monthly'); }), ['products[0].billing_cycles[3]']);
});

test('a default billing cycle the product does not offer is reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.products, 5).default_billing_cycle = 'quarterly'; }), ['products[5].default_billing_cycle']);
});

test('a price missing for an offered cycle is reported', () => {
  assert.deepEqual(fieldsAfter((c) => { delete at(c.products, 1).prices.quarterly; }), ['products[1].prices.quarterly']);
});

test('a price for a cycle the product does not offer is reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.products, 5).prices.quarterly = '160.00'; }), ['products[5].prices.quarterly']);
});

test('setup fees must cover exactly the offered cycles', () => {
  assert.deepEqual(
    fieldsAfter((c) => {
      const product = at(c.products, 5);
      delete product.setup_fees.annually;
      product.setup_fees.weekly = '1.00';
    }),
    ['products[5].setup_fees.annually', 'products[5].setup_fees.weekly'],
  );
});

test('a product currency other than the catalogue currency is reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.products, 3).currency = 'USD'; }), ['products[3].currency']);
});

test('a product offered in an unknown location is reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(at(c.products, 3).locations, 1).code = 'fra9'; }), ['products[3].locations[1].code']);
});

test('a product listing a location twice is reported', () => {
  assert.deepEqual(
    fieldsAfter((c) => { at(c.products, 3).locations.push({ code: 'fsn1', in_stock: false, upgrade_in_stock: false }); }),
    ['products[3].locations[3].code'],
  );
});

test('a product offering an unknown image is reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.products, 2).images.push('windows-2022'); }), ['products[2].images[5]']);
});

test('an upgrade to an unknown product is reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.products, 0).upgradeable_to.push(99); }), ['products[0].upgradeable_to[2]']);
});

test('an upgrade to the product itself is reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.products, 1).upgradeable_to.unshift(2); }), ['products[1].upgradeable_to[0]']);
});

test('an upgrade target listed twice is reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.products, 3).upgradeable_to.push(5); }), ['products[3].upgradeable_to[2]']);
});

test('add-on prices for a cycle no product is sold in are reported', () => {
  assert.deepEqual(
    fieldsAfter((c) => {
      c.pricing.ipv4_additional.weekly = '0.15';
      c.pricing.ipv6.biennially = '0.00';
    }),
    ['pricing.ipv4_additional.weekly', 'pricing.ipv6.biennially'],
  );
});

test('add-on prices are checked against the cycles of all products together', () => {
  // Only product 6 lacks quarterly; the others still sell it, so quarterly add-ons stay valid.
  assert.deepEqual(fieldsAfter((c) => { c.products = c.products.filter((p) => p.id >= 4); }), []);
  assert.deepEqual(
    fieldsAfter((c) => { c.products = c.products.filter((p) => p.id === 6); }),
    ['pricing.ipv4_additional.quarterly', 'pricing.ipv6.quarterly'],
  );
});

test('duplicate extra bandwidth sizes are reported', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.pricing.extra_bandwidth, 2).size_gb = 1000; }), ['pricing.extra_bandwidth[2].size_gb']);
});

test('every problem found is reported, not only the first', () => {
  const problems = catalogueProblems({
    ...structuredClone(demoCatalogue),
    isos: [{ id: 7, name: null }, { id: 7, name: 'again' }],
    promo_codes: [{ code: 'A', percent_off: 5 }, { code: 'a', percent_off: 5 }],
  });
  assert.deepEqual(problems.map((p) => p.field), ['isos[1].id', 'promo_codes[1].code']);
  assert.ok(problems.every((p) => p.message.length > 0));
});

test('ipv4_additional and ipv6 must price every cycle a product is sold in', () => {
  const catalogue = structuredClone(demoCatalogue);
  delete catalogue.pricing.ipv6.quarterly;
  assert.deepEqual(
    catalogueProblems(catalogue).map((problem) => problem.field),
    ['pricing.ipv6.quarterly'],
  );
});

function problemsAfter(mutate: (catalogue: Catalogue) => void): { field: string; message: string }[] {
  const catalogue = structuredClone(demoCatalogue);
  mutate(catalogue);
  return catalogueProblems(catalogue);
}

test('an IPv4 pool must be a network in CIDR form', () => {
  for (const pool of ['203.0.113.0', '203.0.113.0/33', '203.0.113/24', '2001:db8:3::/48', 'hel1', '']) {
    assert.deepEqual(fieldsAfter((c) => { at(c.locations, 2).ipv4_pool = pool; }), ['locations[2].ipv4_pool'], pool);
  }
});

test('an IPv4 pool with host bits set is reported with its network', () => {
  const problems = problemsAfter((c) => { at(c.locations, 2).ipv4_pool = '203.0.113.7/24'; });
  assert.deepEqual(problems.map((p) => p.field), ['locations[2].ipv4_pool']);
  assert.match(problems[0]?.message ?? '', /203\.0\.113\.0\/24/);
});

test('an IPv4 pool must leave room for network, gateway, broadcast and a server', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.locations, 2).ipv4_pool = '203.0.113.4/30'; }), []);
  assert.deepEqual(fieldsAfter((c) => { at(c.locations, 2).ipv4_pool = '203.0.113.4/31'; }), ['locations[2].ipv4_pool']);
  assert.deepEqual(fieldsAfter((c) => { at(c.locations, 2).ipv4_pool = '203.0.113.4/32'; }), ['locations[2].ipv4_pool']);
});

test('an IPv6 pool must be a network of /64 or larger without host bits', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.locations, 1).ipv6_pool = '2001:db8:2:7::/64'; }), []);
  for (const pool of ['2001:db8:2::/65', '2001:db8:2::1/48', '2001:db8:2::', '198.51.100.0/24', 'fe80::%eth0/64']) {
    assert.deepEqual(fieldsAfter((c) => { at(c.locations, 1).ipv6_pool = pool; }), ['locations[1].ipv6_pool'], pool);
  }
});

test('locations without pools are valid', () => {
  assert.deepEqual(
    fieldsAfter((c) => {
      for (const location of c.locations) {
        delete location.ipv4_pool;
        delete location.ipv6_pool;
      }
    }),
    [],
  );
});

test('IPv4 pools of different locations must not overlap', () => {
  // Adjacent halves of one /24 (fsn1 and ash) do not overlap; a pool inside another does.
  const inside = problemsAfter((c) => { at(c.locations, 1).ipv4_pool = '192.0.2.64/26'; });
  assert.deepEqual(inside.map((p) => p.field), ['locations[1].ipv4_pool']);
  assert.match(inside[0]?.message ?? '', /overlaps locations\[0\]\.ipv4_pool \(192\.0\.2\.0\/25\)/);
  // ...and so does one containing another; the later location is the one reported.
  assert.deepEqual(fieldsAfter((c) => { at(c.locations, 4).ipv4_pool = '192.0.0.0/16'; }), ['locations[4].ipv4_pool']);
  assert.deepEqual(fieldsAfter((c) => { at(c.locations, 4).ipv4_pool = '203.0.113.0/24'; }), ['locations[4].ipv4_pool']);
});

test('IPv6 pools of different locations must not overlap', () => {
  assert.deepEqual(fieldsAfter((c) => { at(c.locations, 4).ipv6_pool = '2001:db8::/32'; }), ['locations[4].ipv6_pool']);
  assert.deepEqual(fieldsAfter((c) => { at(c.locations, 4).ipv6_pool = '2001:db8:3:1::/64'; }), ['locations[4].ipv6_pool']);
  assert.deepEqual(fieldsAfter((c) => { at(c.locations, 4).ipv6_pool = '2001:db8:6::/48'; }), []);
});

test('an invalid pool is not also reported as overlapping', () => {
  assert.deepEqual(
    fieldsAfter((c) => {
      at(c.locations, 3).ipv4_pool = '192.0.2.1/24';
      at(c.locations, 3).ipv6_pool = '2001:db8:1::/80';
    }),
    ['locations[3].ipv4_pool', 'locations[3].ipv6_pool'],
  );
});

test('every overlapping pool is reported', () => {
  assert.deepEqual(
    fieldsAfter((c) => {
      for (const location of c.locations) location.ipv4_pool = '10.0.0.0/8';
    }),
    ['locations[1].ipv4_pool', 'locations[2].ipv4_pool', 'locations[3].ipv4_pool', 'locations[4].ipv4_pool'],
  );
});
