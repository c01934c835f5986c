// The catalogue: what the operator PUTs whole, and the public views of it.
import { Type, type Static } from 'typebox';

const Decimal = Type.String({ pattern: '^\\d{1,10}\\.\\d{2}$', maxLength: 13, description: 'Decimal amount with two decimals' });
const Cycle = Type.String({ pattern: '^[a-z]{1,20}$', maxLength: 20 });
const Code = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,31}$', maxLength: 32 });
const Currency = Type.String({ pattern: '^[A-Z]{3}$', maxLength: 3 });
// Keys are billing cycles; anything else is refused rather than ignored.
const PriceTable = Type.Record(Type.String({ pattern: '^[a-z]{1,20}$' }), Decimal, { maxProperties: 10, additionalProperties: false });
const Label = (maxLength: number) => Type.String({ minLength: 1, maxLength });

export const LocationSchema = Type.Object({
  code: Code,
  city: Label(100),
  country: Label(100),
  country_code: Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2 }),
});

// The operator's view of a location adds the address pools servers there draw from.
export const CatalogueLocationSchema = Type.Object({
  ...LocationSchema.properties,
  ipv4_pool: Type.Optional(Type.String({ maxLength: 43, description: 'IPv4 network in CIDR form; its first host is the gateway' })),
  ipv6_pool: Type.Optional(Type.String({ maxLength: 43, description: 'IPv6 network in CIDR form, handed out as /64 subnets' })),
});

export const ImageSchema = Type.Object({
  name: Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{0,63}$', maxLength: 64 }),
  distro: Label(100),
  version: Label(50),
  display_name: Label(100),
});

export const ProductLocationSchema = Type.Object({
  code: Code,
  in_stock: Type.Boolean(),
  upgrade_in_stock: Type.Boolean(),
});

const publicProductFields = {
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  name: Label(100),
  category: Label(100),
  description: Type.Array(Label(255), { maxItems: 50 }),
  prices: PriceTable,
  setup_fees: PriceTable,
  currency: Currency,
  billing_cycles: Type.Array(Cycle, { minItems: 1, maxItems: 10 }),
  default_billing_cycle: Cycle,
  locations: Type.Array(ProductLocationSchema, { maxItems: 100 }),
  images: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }),
};

export const ProductSchema = Type.Object(publicProductFields);

export const PlanSchema = Type.Object({
  cpu_cores: Type.Integer({ minimum: 1, maximum: 1024 }),
  ram_mb: Type.Integer({ minimum: 1, maximum: 16777216 }),
  disk_gb: Type.Integer({ minimum: 1, maximum: 1048576 }),
  boot_disk_gb: Type.Integer({ minimum: 1, maximum: 1048576 }),
});

export const CatalogueProductSchema = Type.Object({
  ...publicProductFields,
  plan: PlanSchema,
  bandwidth_gb: Type.Integer({ minimum: 0, maximum: 10000000 }),
  pooled_bandwidth: Type.Boolean(),
  upgradeable_to: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 100 }),
  private_network: Type.Boolean(),
});

export const PricingSchema = Type.Object({
  currency: Currency,
  ipv4_additional: PriceTable,
  ipv6: PriceTable,
  extra_bandwidth: Type.Array(
    Type.Object({ size_gb: Type.Integer({ minimum: 1, maximum: 1000000 }), price: Decimal }),
    { maxItems: 50 },
  ),
});

export const IsoSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  name: Type.Union([Label(255), Type.Null()]),
});

export const PromoCodeSchema = Type.Object({
  code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,50}$', maxLength: 50 }),
  percent_off: Type.Integer({ minimum: 1, maximum: 100 }),
});

export const CatalogueSchema = Type.Object({
  locations: Type.Array(CatalogueLocationSchema, { maxItems: 100 }),
  images: Type.Array(ImageSchema, { maxItems: 200 }),
  products: Type.Array(CatalogueProductSchema, { maxItems: 500 }),
  pricing: PricingSchema,
  isos: Type.Array(IsoSchema, { maxItems: 500 }),
  promo_codes: Type.Array(PromoCodeSchema, { maxItems: 500 }),
});

export type Catalogue = Static<typeof CatalogueSchema>;
export type CatalogueProduct = Static<typeof CatalogueProductSchema>;
export type Product = Static<typeof ProductSchema>;
export type Location = Static<typeof LocationSchema>;
export type CatalogueLocation = Static<typeof CatalogueLocationSchema>;
export type Image = Static<typeof ImageSchema>;
export type Pricing = Static<typeof PricingSchema>;
