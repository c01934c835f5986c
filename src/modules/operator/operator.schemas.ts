import { Currency, Id, Int32, List, Money, Nullable, Text, Timestamp } from '../../schemas/common.ts';
import { Type } from 'typebox';
import { CatalogueId } from '../../schemas/catalogue.ts';
import { SlugParam } from '../projects/index.ts';
import { Hostname, MAX_IPV4_ADDITIONAL, ServerId, SshKeyIds } from '../servers/index.ts';
import { PASSWORD_LENGTH } from '../users/index.ts';

const Decimal = Text(14, { pattern: '^-?\\d{1,10}(\\.\\d{1,2})?$', description: 'Decimal amount, at most two decimals' });

export const UserIdParams = Type.Object({ user_id: Id() });
export const KeyIdParams = Type.Object({ key_id: Id() });
export const MemberParams = Type.Object({ project_slug: SlugParam, user_id: Id() });
export const SystemParams = Type.Object({
  system: Type.Union([Type.Literal('billing'), Type.Literal('provisioning'), Type.Literal('rdns'), Type.Literal('firewall'), Type.Literal('payments')]),
});

export const BillingAccountSchema = Type.Object({
  exists: Type.Boolean(),
  credit_balance: Nullable(Money()),
  currency: Nullable(Currency()),
});

export const CreateUserBody = Type.Object({
  email: Text(254, { format: 'email' }),
  first_name: Type.Optional(Text(100)),
  last_name: Type.Optional(Text(100)),
  password: Type.Optional(Text(PASSWORD_LENGTH.max, { minLength: PASSWORD_LENGTH.min })),
  billing_account: Type.Optional(
    Nullable(
      Type.Object({
        currency: Currency(),
        credit_balance: Text(13, { pattern: '^\\d{1,10}(\\.\\d{1,2})?$' }),
      }),
    ),
  ),
  legacy_api_access: Type.Optional(Type.Boolean()),
});

export const UserSchema = Type.Object({
  id: Id(),
  email: Text(254),
  first_name: Text(100),
  last_name: Text(100),
  legacy_api_access: Type.Boolean(),
  billing_account: BillingAccountSchema,
  created_at: Timestamp(),
});

export const CreateApiKeyBody = Type.Object({
  name: Text(100, { minLength: 1 }),
  read_only: Type.Optional(Type.Boolean()),
  expires_at: Type.Optional(Nullable(Text(40, { format: 'date-time' }))),
});

export const CreatedApiKeySchema = Type.Object({
  id: Id(),
  name: Text(100),
  read_only: Type.Boolean(),
  expires_at: Nullable(Text(40)),
  token: Text(255, { description: 'Shown once; only its hash is kept' }),
});

export const CreditBody = Type.Object({ amount: Decimal, reason: Type.Optional(Text(255)) });

export const MemberBody = Type.Object({
  role: Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')]),
});
export const MemberSchema = Type.Object({ project: Text(50), user_id: Id(), role: Text(10) });

export const FaultBody = Type.Object({
  mode: Type.Union([Type.Literal('ok'), Type.Literal('down'), Type.Literal('error'), Type.Literal('timeout')]),
  count: Type.Optional(Nullable(Int32(1, 1_000_000))),
  committed: Type.Optional(Type.Boolean()),
});
export const FaultSchema = Type.Object({
  system: Text(20),
  mode: Text(10),
  count: Nullable(Int32(0, 1_000_000)),
  committed: Type.Boolean(),
});

export const ClockAdvanceBody = Type.Object({ seconds: Type.Number({ minimum: 0, maximum: 10 * 365 * 86400 }) });

export const PlaceServerBody = Type.Object({
  hostname: Hostname,
  product_id: CatalogueId(),
  location: Text(32, { minLength: 1 }),
  image: Text(64, { minLength: 1 }),
  billing_cycle: Type.Optional(Text(20, { minLength: 1 })),
  ssh_keys: Type.Optional(SshKeyIds()),
  ipv6: Type.Optional(Type.Boolean()),
  ipv4_additional: Type.Optional(Int32(0, MAX_IPV4_ADDITIONAL)),
  private_network: Type.Optional(Type.Boolean()),
});
export const ProjectSlugParams = Type.Object({ project_slug: SlugParam });
export const ServerIdParams = Type.Object({ server_id: ServerId });
export const BandwidthUsageBody = Type.Object({ used_gb: Int32(0, 1_000_000_000) });

export const InvoiceIdParams = Type.Object({ invoice_id: Id() });
export const InvoiceSchema = Type.Object({
  id: Id(),
  status: Text(12),
  total: Money(),
  credit_applied: Money(),
  currency: Currency(),
  // The items of one order: its product, setup fee, extras and promotion.
  items: List(Type.Object({ description: Text(255), amount: Text(18, { pattern: '^-?\\d{1,14}\\.\\d{2}$' }) }), 10),
});

