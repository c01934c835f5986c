// The catalogue: what the operator PUTs whole, and the public views of it.
// Its bounds are the ones every copy of a catalogue value (a server's
// location, image and plan; an order's request) is held to.
import { Type, type Static } from 'typebox';
import { Currency, Int32, List, Nullable, Text } from './common.ts';

/** Product and ISO ids: the operator's numbering, kept in 32-bit columns. */
export const CatalogueId = (options: { description?: string } = {}) => Int32(1, 2_147_483_647, options);

/** A catalogue price: at most ten digits before the point. */
const Decimal = Text(13, { pattern: '^\\d{1,10}\\.\\d{2}$', description: 'Decimal amount with two decimals' });
export const CycleName = (options: { description?: string } = {}) => Text(20, { pattern: '^[a-z]{1,20}$', ...options });
export const LocationCode = (options: { description?: string } = {}) => Text(32, { pattern: '^[a-z0-9][a-z0-9-]{0,31}$', ...options });
export const ImageName = (options: { description?: string } = {}) => Text(64, { pattern: '^[a-z0-9][a-z0-9.-]{0,63}$', ...options });
export const CountryCode = (options: { description?: string } = {}) => Text(2, { pattern: '^[A-Z]{2}$', ...options });
export const MAX_BILLING_CYCLES = 10;
// Keys are billing cycles; anything else is refused rather than ignored.
export const PriceTable = Type.Record(Type.String({ pattern: '^[a-z]{1,20}$' }), Decimal, { maxProperties: MAX_BILLING_CYCLES, additionalProperties: false });
/** Names and labels: 1 to `maxLength` characters. */
export const Label = (maxLength: number) => Text(maxLength, { minLength: 1 });
export const MAX_UPGRADES = 100;
export const MAX_ISOS = 500;
export const MAX_PRODUCTS = 500;
const MAX_IMAGES = 200;
const MAX_LOCATIONS = 100;

export const LocationSchema = Type.Object(
  {
    code: LocationCode(),
    city: Label(100),
    country: Label(100),
    country_code: CountryCode(),
  },
  { title: 'Location' },
);

// The operator's view of a location adds the address pools servers there draw from.
export const CatalogueLocationSchema = Type.Object({
  ...LocationSchema.properties,
  ipv4_pool: Type.Optional(Text(43, { description: 'IPv4 network in CIDR form; its first host is the gateway' })),
  ipv6_pool: Type.Optional(Text(43, { description: 'IPv6 network in CIDR form, handed out as /64 subnets' })),
});

export const ImageSchema = Type.Object(
  {
    name: ImageName(),
    distro: Label(100),
    version: Label(50),
    display_name: Label(100),
  },
  { title: 'Image' },
);

/** An absolute path on the hypervisor hosts. */
const HostPath = Text(1024, { pattern: '^/', description: 'An absolute path on the hypervisor hosts' });

// The operator's view of an image adds where its files are, for a provisioning
// system that runs servers (D19): a qcow2 base disk (a cloud image), or a
// kernel and initramfs booted directly with a blank disk of the plan's size.
export const ImageFilesSchema = Type.Object(
  {
    disk: Type.Optional(HostPath),
    kernel: Type.Optional(HostPath),
    initrd: Type.Optional(HostPath),
    cmdline: Type.Optional(Text(1024)),
  },
  { additionalProperties: false },
);

export const CatalogueImageSchema = Type.Object({
  ...ImageSchema.properties,
  files: Type.Optional(ImageFilesSchema),
});

export const ProductLocationSchema = Type.Object(
  {
    code: LocationCode(),
    in_stock: Type.Boolean(),
    upgrade_in_stock: Type.Boolean(),
  },
  { title: 'ProductLocation' },
);

const publicProductFields = {
  id: CatalogueId(),
  name: Label(100),
  category: Label(100),
  description: List(Label(255), 50),
  prices: PriceTable,
  setup_fees: PriceTable,
  currency: Currency(),
  billing_cycles: List(CycleName(), MAX_BILLING_CYCLES, { minItems: 1 }),
  default_billing_cycle: CycleName(),
  locations: List(ProductLocationSchema, MAX_LOCATIONS),
  images: List(Text(64), 100),
};

export const ProductSchema = Type.Object(publicProductFields, { title: 'Product' });

export const PLAN_LIMITS = {
  cpu_cores: { minimum: 1, maximum: 1024 },
  ram_mb: { minimum: 1, maximum: 16_777_216 },
  disk_gb: { minimum: 1, maximum: 1_048_576 },
} as const;

export const PlanSchema = Type.Object({
  cpu_cores: Int32(PLAN_LIMITS.cpu_cores.minimum, PLAN_LIMITS.cpu_cores.maximum),
  ram_mb: Int32(PLAN_LIMITS.ram_mb.minimum, PLAN_LIMITS.ram_mb.maximum),
  disk_gb: Int32(PLAN_LIMITS.disk_gb.minimum, PLAN_LIMITS.disk_gb.maximum),
  boot_disk_gb: Int32(PLAN_LIMITS.disk_gb.minimum, PLAN_LIMITS.disk_gb.maximum),
});

export const CatalogueProductSchema = Type.Object({
  ...publicProductFields,
  plan: PlanSchema,
  bandwidth_gb: Int32(0, 10_000_000),
  pooled_bandwidth: Type.Boolean(),
  upgradeable_to: List(CatalogueId(), MAX_UPGRADES),
  private_network: Type.Boolean(),
});

/** The sizes of extra bandwidth on sale, in GB. */
export const BandwidthSize = (options: { description?: string } = {}) => Int32(1, 1_000_000, options);

export const PricingSchema = Type.Object(
  {
    currency: Currency(),
    ipv4_additional: PriceTable,
    ipv6: PriceTable,
    extra_bandwidth: List(Type.Object({ size_gb: BandwidthSize(), price: Decimal }), 50),
  },
  { title: 'Pricing' },
);

export const IsoName = Label(255);
export const IsoSchema = Type.Object(
  {
    id: CatalogueId(),
    name: Nullable(IsoName),
  },
  { title: 'Iso' },
);

// The operator's view of an ISO adds its file on the hypervisor hosts, which
// a provisioning system that runs servers puts in the CD-ROM drive (D19).
export const CatalogueIsoSchema = Type.Object({
  ...IsoSchema.properties,
  file: Type.Optional(HostPath),
});

export const PromoCodeSchema = Type.Object({
  code: Text(50, { pattern: '^[A-Za-z0-9_-]{1,50}$' }),
  percent_off: Int32(1, 100),
});

export const CatalogueSchema = Type.Object({
  locations: List(CatalogueLocationSchema, MAX_LOCATIONS),
  images: List(CatalogueImageSchema, MAX_IMAGES),
  products: List(CatalogueProductSchema, MAX_PRODUCTS),
  pricing: PricingSchema,
  isos: List(CatalogueIsoSchema, MAX_ISOS),
  promo_codes: List(PromoCodeSchema, 500),
});

/** The public lists, as long as the catalogue's own. */
export const ProductListSchema = List(ProductSchema, MAX_PRODUCTS);
export const ImageListSchema = List(ImageSchema, MAX_IMAGES);
export const LocationListSchema = List(LocationSchema, MAX_LOCATIONS);
export const IsoListSchema = List(IsoSchema, MAX_ISOS);

export type Catalogue = Static<typeof CatalogueSchema>;
export type CatalogueProduct = Static<typeof CatalogueProductSchema>;
export type Product = Static<typeof ProductSchema>;
export type Location = Static<typeof LocationSchema>;
export type CatalogueLocation = Static<typeof CatalogueLocationSchema>;
export type Image = Static<typeof ImageSchema>;
export type ImageFiles = Static<typeof ImageFilesSchema>;
export type Pricing = Static<typeof PricingSchema>;
