import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/common.schemas.ts';
import { SlugParam } from '../projects/projects.schemas.ts';
import { Hostname } from '../servers/servers.schemas.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const OrderServerBody = Type.Object({
  hostname: Hostname,
  product_id: Id,
  location: Type.String({ minLength: 1, maxLength: 32 }),
  billing_cycle: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  image: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  snapshot_id: Type.Optional(Id),
  ssh_keys: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  ipv4_additional: Type.Optional(Type.Integer({ minimum: 0, maximum: 16 })),
  ipv6: Type.Optional(Type.Boolean()),
  private_network: Type.Optional(Type.Boolean()),
  promo_code: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 50 }))),
  user_data: Type.Optional(Nullable(Type.String({ maxLength: 65536 }))),
});

export const UpgradeBody = Type.Object({
  product_id: Id,
  upgrade_disk: Type.Optional(Type.Boolean()),
});

export const BandwidthBody = Type.Object({ size_gb: Type.Integer({ minimum: 1, maximum: 1000000 }) });

export const OrderSchema = Type.Object({
  id: Type.Integer(),
  type: Type.Union([Type.Literal('server'), Type.Literal('upgrade'), Type.Literal('bandwidth')]),
  status: Type.Union([
    Type.Literal('submitting'),
    Type.Literal('awaiting_payment'),
    Type.Literal('provisioning'),
    Type.Literal('completed'),
    Type.Literal('cancelled'),
    Type.Literal('failed'),
    Type.Literal('unknown'),
  ]),
  server_id: Nullable(Type.String()),
  request: Type.Object({}, { additionalProperties: true, description: 'What was ordered' }),
  invoice: Nullable(
    Type.Object({ id: Type.Integer(), status: Type.String(), total: Type.String(), currency: Type.String(), url: Type.String() }),
  ),
  warnings: Type.Array(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const UpgradeOptionSchema = Type.Object({
  product_id: Type.Integer(),
  name: Type.String(),
  prices: Type.Record(Type.String(), Type.String()),
  currency: Type.String(),
});

export const OrderParams = Type.Object({ project_slug: SlugParam, order_id: Id });

export type Order = Static<typeof OrderSchema>;
export type OrderServerInput = Static<typeof OrderServerBody>;
