import { Type, type Static } from 'typebox';
import { Currency, Id, Int32, Link, List, Money, Nullable, RetryAfterHeader, Text, Timestamp, type ResponseHeader } from '../../schemas/common.ts';
import { BandwidthSize, CatalogueId, CycleName, ImageName, Label, LocationCode, MAX_UPGRADES, PriceTable } from '../../schemas/catalogue.ts';
import { SlugParam } from '../projects/index.ts';
import { Hostname, MAX_IPV4_ADDITIONAL, ServerId, SshKeyIds } from '../servers/index.ts';
import { ORDER_LIMIT, ORDER_WINDOW_MS } from './rate-limit.ts';

/** GET …/orders/ answers the newest orders of the project, at most this many (orders.repo.ts). */
export const MAX_LISTED_ORDERS = 1000;
/** An order collects one warning per thing that went wrong without stopping it; today only a disk expansion can. */
const MAX_ORDER_WARNINGS = 10;
const PROMO_CODE_MAX_LENGTH = 50;
const IPv4Additional = Int32(0, MAX_IPV4_ADDITIONAL, { description: 'Number of IPv4 addresses added to the first' });

export const OrderServerBody = Type.Object(
  {
    hostname: Hostname,
    product_id: CatalogueId(),
    location: Text(32, { minLength: 1 }),
    billing_cycle: Type.Optional(Text(20, { minLength: 1 })),
    image: Type.Optional(Text(64, { minLength: 1 })),
    snapshot_id: Type.Optional(Id()),
    ssh_keys: Type.Optional(SshKeyIds()),
    ipv4_additional: Type.Optional(IPv4Additional),
    ipv6: Type.Optional(Type.Boolean()),
    private_network: Type.Optional(Type.Boolean()),
    promo_code: Type.Optional(Nullable(Text(PROMO_CODE_MAX_LENGTH, { minLength: 1 }))),
    user_data: Type.Optional(Nullable(Text(65536, { description: 'Unavailable: sending it answers 400 feature_unavailable' }))),
  },
  { title: 'ServerOrderRequest' },
);

export const UpgradeBody = Type.Object(
  {
    product_id: CatalogueId(),
    upgrade_disk: Type.Optional(Type.Boolean()),
  },
  { title: 'UpgradeOrderRequest' },
);

export const BandwidthBody = Type.Object({ size_gb: BandwidthSize() }, { title: 'BandwidthOrderRequest' });

/** What was ordered, as recorded: a server order's fields, an upgrade's or a bandwidth order's. */
const OrderRequestSchema = Type.Object(
  {
    hostname: Type.Optional(Hostname),
    product_id: Type.Optional(CatalogueId()),
    location: Type.Optional(LocationCode()),
    image: Type.Optional(Nullable(ImageName())),
    billing_cycle: Type.Optional(CycleName()),
    ipv4_additional: Type.Optional(IPv4Additional),
    ipv6: Type.Optional(Type.Boolean()),
    private_network: Type.Optional(Type.Boolean()),
    ssh_keys: Type.Optional(SshKeyIds()),
    snapshot_id: Type.Optional(Nullable(Id())),
    promo_code: Type.Optional(Nullable(Text(PROMO_CODE_MAX_LENGTH))),
    has_user_data: Type.Optional(Type.Boolean({ description: 'User data itself is never stored' })),
    upgrade_disk: Type.Optional(Type.Boolean()),
    size_gb: Type.Optional(BandwidthSize()),
  },
  { description: 'What was ordered' },
);

const OrderStatus = Type.Union(
  [
    Type.Literal('submitting'),
    Type.Literal('awaiting_payment'),
    Type.Literal('provisioning'),
    Type.Literal('completed'),
    Type.Literal('cancelled'),
    Type.Literal('failed'),
    Type.Literal('unknown'),
  ],
  { title: 'OrderStatus' },
);

export const OrderSchema = Type.Object(
  {
    id: Id(),
    type: Type.Union([Type.Literal('server'), Type.Literal('upgrade'), Type.Literal('bandwidth')]),
    status: OrderStatus,
    server_id: Nullable(ServerId),
    request: OrderRequestSchema,
    invoice: Nullable(
      Type.Object(
        {
          id: Id(),
          status: Text(12, { description: 'As billing reports it, such as `unpaid`, `paid`, `cancelled`' }),
          total: Money(),
          currency: Currency(),
          url: Link({ description: 'Where the invoice is paid in the console' }),
        },
        { title: 'OrderInvoice' },
      ),
    ),
    warnings: List(Text(1000), MAX_ORDER_WARNINGS),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { title: 'Order' },
);

export const OrderListSchema = List(OrderSchema, MAX_LISTED_ORDERS, { description: `Newest first, each as last recorded; the ${MAX_LISTED_ORDERS} newest` });

export const UpgradeOptionSchema = Type.Object(
  {
    product_id: CatalogueId(),
    name: Label(100),
    prices: PriceTable,
    currency: Currency(),
  },
  { title: 'UpgradeOption' },
);
export const UpgradeOptionListSchema = List(UpgradeOptionSchema, MAX_UPGRADES);

export const OrderParams = Type.Object({ project_slug: SlugParam, order_id: Id() });

const WINDOW_SECONDS = ORDER_WINDOW_MS / 1000;

/** The headers of the order rate limit (D7), as rate-limit.ts sends them. */
export const RateLimitHeaders: Record<string, ResponseHeader> = {
  'RateLimit-Limit': { schema: Int32(ORDER_LIMIT, ORDER_LIMIT), description: `Order requests allowed per API key in ${WINDOW_SECONDS} seconds` },
  'RateLimit-Remaining': { schema: Int32(0, ORDER_LIMIT - 1), description: 'Order requests left in the window' },
  'RateLimit-Reset': { schema: Int32(1, WINDOW_SECONDS), description: 'Seconds until the whole limit is free again' },
};

/** A refused order: wait Retry-After seconds, until a slot frees up. */
export const RateLimitedHeaders: Record<string, ResponseHeader> = {
  'Retry-After': RetryAfterHeader(WINDOW_SECONDS, 'Seconds until an order request is accepted again'),
  ...RateLimitHeaders,
};

export type Order = Static<typeof OrderSchema>;
export type OrderServerInput = Static<typeof OrderServerBody>;
