import { Nullable } from '../../http/common.schemas.ts';
import { Type } from 'typebox';
import { Hostname, ServerId } from '../servers/servers.schemas.ts';

const Decimal = Type.String({ pattern: '^-?\\d{1,10}(\\.\\d{1,2})?$', maxLength: 14, description: 'Decimal amount, at most two decimals' });
const IdParam = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const UserIdParams = Type.Object({ user_id: IdParam });
export const KeyIdParams = Type.Object({ key_id: IdParam });
export const MemberParams = Type.Object({ project_slug: Type.String({ pattern: '^[-A-Za-z0-9_]+$', maxLength: 50 }), user_id: IdParam });
export const SystemParams = Type.Object({
  system: Type.Union([Type.Literal('billing'), Type.Literal('provisioning'), Type.Literal('rdns'), Type.Literal('firewall')]),
});

export const BillingAccountSchema = Type.Object({
  exists: Type.Boolean(),
  credit_balance: Nullable(Type.String()),
  currency: Nullable(Type.String()),
});

export const CreateUserBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  first_name: Type.Optional(Type.String({ maxLength: 100 })),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
  billing_account: Type.Optional(
    Nullable(
      Type.Object({
        currency: Type.String({ pattern: '^[A-Z]{3}$', maxLength: 3 }),
        credit_balance: Type.String({ pattern: '^\\d{1,10}(\\.\\d{1,2})?$', maxLength: 13 }),
      }),
    ),
  ),
  legacy_api_access: Type.Optional(Type.Boolean()),
});

export const UserSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  legacy_api_access: Type.Boolean(),
  billing_account: BillingAccountSchema,
  created_at: Type.String(),
});

export const CreateApiKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  read_only: Type.Optional(Type.Boolean()),
  expires_at: Type.Optional(Nullable(Type.String({ format: 'date-time', maxLength: 40 }))),
});

export const CreatedApiKeySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  read_only: Type.Boolean(),
  expires_at: Nullable(Type.String()),
  token: Type.String({ description: 'Shown once; only its hash is kept' }),
});

export const CreditBody = Type.Object({ amount: Decimal, reason: Type.Optional(Type.String({ maxLength: 255 })) });

export const MemberBody = Type.Object({
  role: Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')]),
});
export const MemberSchema = Type.Object({ project: Type.String(), user_id: Type.Integer(), role: Type.String() });

export const FaultBody = Type.Object({
  mode: Type.Union([Type.Literal('ok'), Type.Literal('down'), Type.Literal('error'), Type.Literal('timeout')]),
  count: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000000 }))),
  committed: Type.Optional(Type.Boolean()),
});
export const FaultSchema = Type.Object({
  system: Type.String(),
  mode: Type.String(),
  count: Nullable(Type.Integer()),
  committed: Type.Boolean(),
});

export const ClockAdvanceBody = Type.Object({ seconds: Type.Number({ minimum: 0, maximum: 10 * 365 * 86400 }) });

export const PlaceServerBody = Type.Object({
  hostname: Hostname,
  product_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  location: Type.String({ minLength: 1, maxLength: 32 }),
  image: Type.String({ minLength: 1, maxLength: 64 }),
  billing_cycle: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  ssh_keys: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 100 })),
  ipv6: Type.Optional(Type.Boolean()),
  ipv4_additional: Type.Optional(Type.Integer({ minimum: 0, maximum: 16 })),
  private_network: Type.Optional(Type.Boolean()),
});
export const ProjectSlugParams = Type.Object({ project_slug: Type.String({ pattern: '^[-A-Za-z0-9_]+$', maxLength: 50 }) });
export const ServerIdParams = Type.Object({ server_id: ServerId });
export const BandwidthUsageBody = Type.Object({ used_gb: Type.Integer({ minimum: 0, maximum: 1000000000 }) });

export const InvoiceIdParams = Type.Object({ invoice_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const InvoiceSchema = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  total: Type.String(),
  credit_applied: Type.String(),
  currency: Type.String(),
  items: Type.Array(Type.Object({ description: Type.String(), amount: Type.String() })),
});
