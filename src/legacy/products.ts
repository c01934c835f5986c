// The legacy Product (legacy-api.md "Product", D13) built from the catalogue:
// `_id` is the product id as text, and the features are exactly what a server
// order accepts (ipv4_additional 0–16, ipv6, private_network), priced as the
// order prices them.
import { Type, type Static } from 'typebox';
import { Currency, Int32, List, Text } from '../schemas/common.ts';
import { parseMoney } from '../money.ts';
import { CycleName, Label, MAX_BILLING_CYCLES, type Catalogue, type CatalogueProduct } from '../schemas/catalogue.ts';
import { MAX_IPV4_ADDITIONAL } from '../modules/servers/index.ts';
import { LegacyProductId } from './legacy.schemas.ts';

export { MAX_IPV4_ADDITIONAL };

/** A product's description lines (at most 50 of 255 characters) joined by newlines. */
const MAX_DESCRIPTION_LENGTH = 50 * 256;

const CycleId = CycleName({ description: 'Billing cycle identifier' });
const Prices = <Value extends Parameters<typeof Type.Record>[1]>(value: Value, description: string) =>
  Type.Record(Type.String(), value, { maxProperties: MAX_BILLING_CYCLES, description });

const Locations = Type.Record(Type.String(), Type.Boolean(), {
  maxProperties: 100,
  description: 'Location identifier → whether it is in stock',
});
const Images = List(Text(64), 100, { description: 'Image identifiers' });
const IPv4Count = Int32(0, MAX_IPV4_ADDITIONAL);
const FeatureName = Text(50);

const ipv4Fields = { _id: Type.Literal('ipv4_additional'), name: FeatureName };
const ipv6Fields = { _id: Type.Literal('ipv6'), name: FeatureName };
const privateNetworkFields = { _id: Type.Literal('private_network'), name: FeatureName };
/** One entry per feature a server order takes: ipv4_additional, ipv6, private_network. */
const FEATURE_COUNT = 3;

/** What both shapes share: the product's identity and text. */
const productFields = {
  _id: LegacyProductId,
  name: Label(100),
  description: Text(MAX_DESCRIPTION_LENGTH, { description: 'Lines separated by newlines' }),
};

export const LegacyProductSchema = Type.Object(
  {
    ...productFields,
    options: Type.Object({
      locations: Locations,
      images: Images,
      features: List(
        Type.Union([
          Type.Object({ ...ipv4Fields, values: List(IPv4Count, MAX_IPV4_ADDITIONAL + 1) }),
          Type.Object({ ...ipv6Fields, values: List(Type.Boolean(), 2) }),
          Type.Object({ ...privateNetworkFields, values: List(Type.Boolean(), 2, { description: '[false] when the product cannot join the private network' }) }),
        ]),
        FEATURE_COUNT,
      ),
      billing_cycles: List(CycleId, MAX_BILLING_CYCLES),
    }),
  },
  { title: 'LegacyProduct' },
);

const FeaturePrice = Type.Object({
  price: Type.Number({ description: 'Recurring, per billing cycle' }),
  setupfee: Type.Number(),
  currency: Currency(),
});
const FeaturePrices = Prices(FeaturePrice, 'Billing cycle identifier → price; absent when the value costs nothing');

const BooleanValue = <Value extends boolean>(value: Value) => Type.Object({ _id: Type.Literal(value), billing_cycles: Type.Optional(FeaturePrices) });
const BooleanValues = Type.Object(
  { false: BooleanValue(false), true: Type.Optional(BooleanValue(true)) },
  { description: 'Keyed by the value as text; no "true" when the product cannot have the feature' },
);

export const LegacyPricedProductSchema = Type.Object(
  {
    ...productFields,
    options: Type.Object({
      locations: Locations,
      images: Images,
      features: List(
        Type.Union([
          Type.Object({
            ...ipv4Fields,
            values: List(Type.Object({ _id: IPv4Count, billing_cycles: Type.Optional(FeaturePrices) }), MAX_IPV4_ADDITIONAL + 1),
          }),
          Type.Object({ ...ipv6Fields, values: BooleanValues }),
          Type.Object({ ...privateNetworkFields, values: BooleanValues }),
        ]),
        FEATURE_COUNT,
      ),
      billing_cycles: Prices(
        Type.Object({
          _id: CycleId,
          price: Type.Number({ description: 'Recurring, per billing cycle' }),
          setupfee: Type.Number(),
          currency: Currency(),
        }),
        'Billing cycle identifier → price',
      ),
    }),
  },
  { title: 'LegacyProductWithPrices' },
);

export type LegacyProduct = Static<typeof LegacyProductSchema>;
export type LegacyPricedProduct = Static<typeof LegacyPricedProductSchema>;
type FeaturePriceTable = Static<typeof FeaturePrices>;

const FEATURE_NAMES = { ipv4_additional: 'Additional IPv4 addresses', ipv6: 'IPv6 subnet', private_network: 'Private network' } as const;

// Sums are made in minor units; only the result becomes a float.
const minor = (table: Record<string, string>, cycle: string) => parseMoney(table[cycle] ?? '0');
const toFloat = (minorUnits: number) => minorUnits / 100;

function ipv4Counts(): number[] {
  return Array.from({ length: MAX_IPV4_ADDITIONAL + 1 }, (_, count) => count);
}

function commonFields(product: CatalogueProduct) {
  return {
    _id: String(product.id),
    name: product.name,
    description: product.description.join('\n'),
  };
}

function locationStock(product: CatalogueProduct): Record<string, boolean> {
  return Object.fromEntries(product.locations.map((location) => [location.code, location.in_stock]));
}

export function toLegacyProduct(product: CatalogueProduct): LegacyProduct {
  return {
    ...commonFields(product),
    options: {
      locations: locationStock(product),
      images: [...product.images],
      features: [
        { _id: 'ipv4_additional', name: FEATURE_NAMES.ipv4_additional, values: ipv4Counts() },
        { _id: 'ipv6', name: FEATURE_NAMES.ipv6, values: [false, true] },
        { _id: 'private_network', name: FEATURE_NAMES.private_network, values: product.private_network ? [false, true] : [false] },
      ],
      billing_cycles: [...product.billing_cycles],
    },
  };
}

export function toLegacyPricedProduct(product: CatalogueProduct, pricing: Catalogue['pricing']): LegacyPricedProduct {
  const { currency } = product;
  // Every feature price is recurring with the server: no setup fee.
  const perCycle = (amount: (cycle: string) => number): FeaturePriceTable =>
    Object.fromEntries(product.billing_cycles.map((cycle) => [cycle, { price: toFloat(amount(cycle)), setupfee: 0, currency }]));

  const privateNetwork = product.private_network ? { true: { _id: true as const, billing_cycles: perCycle(() => 0) } } : {};
  return {
    ...commonFields(product),
    options: {
      locations: locationStock(product),
      images: [...product.images],
      features: [
        {
          _id: 'ipv4_additional',
          name: FEATURE_NAMES.ipv4_additional,
          values: ipv4Counts().map((count) =>
            count === 0 ? { _id: 0 } : { _id: count, billing_cycles: perCycle((cycle) => count * minor(pricing.ipv4_additional, cycle)) },
          ),
        },
        {
          _id: 'ipv6',
          name: FEATURE_NAMES.ipv6,
          values: { false: { _id: false }, true: { _id: true, billing_cycles: perCycle((cycle) => minor(pricing.ipv6, cycle)) } },
        },
        { _id: 'private_network', name: FEATURE_NAMES.private_network, values: { false: { _id: false }, ...privateNetwork } },
      ],
      billing_cycles: Object.fromEntries(
        product.billing_cycles.map((cycle) => [
          cycle,
          { _id: cycle, price: toFloat(minor(product.prices, cycle)), setupfee: toFloat(minor(product.setup_fees, cycle)), currency },
        ]),
      ),
    },
  };
}

/** Every product of the catalogue, in catalogue order: the catalogue is what can be ordered. */
export function legacyProducts(catalogue: Catalogue, withPrices: boolean): LegacyProduct[] | LegacyPricedProduct[] {
  return withPrices
    ? catalogue.products.map((product) => toLegacyPricedProduct(product, catalogue.pricing))
    : catalogue.products.map(toLegacyProduct);
}
