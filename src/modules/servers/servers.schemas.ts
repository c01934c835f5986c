import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/common.schemas.ts';
import { SlugParam } from '../projects/projects.schemas.ts';

// 2–64 characters; dot-separated labels of 1–63 letters, digits and hyphens,
// neither starting nor ending with a hyphen.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
export const HOSTNAME_PATTERN = `^${LABEL}(?:\\.${LABEL})*$`;
export const Hostname = Type.String({ minLength: 2, maxLength: 64, pattern: HOSTNAME_PATTERN, description: '2–64 characters: dot-separated labels of letters, digits and hyphens' });

export const ServerId = Type.String({ pattern: '^[0-9a-f]{16}$', description: '16 lowercase hexadecimal characters' });
export const ServerParams = Type.Object({ project_slug: SlugParam, server_id: ServerId });

const NullableString = Nullable(Type.String());
const NullableInteger = Nullable(Type.Integer());

export const ServerLocationSchema = Type.Object({ code: NullableString, city: NullableString, country_code: NullableString });

export const ServerSchema = Type.Object({
  id: Type.String(),
  hostname: NullableString,
  status: Type.Union([Type.Literal('running'), Type.Literal('stopped'), Type.Literal('suspended')]),
  pending_changes: Type.Boolean(),
  location: ServerLocationSchema,
  image: Type.Object({ name: NullableString, display_name: NullableString }),
  plan: Type.Object({
    name: NullableString,
    category: NullableString,
    cpu_cores: NullableInteger,
    ram_mb: NullableInteger,
    disk_gb: NullableInteger,
    boot_disk_gb: NullableInteger,
  }),
  network: Type.Object({
    ipv4: Type.Array(Type.Object({ address: Type.String(), primary: Type.Boolean(), netmask: NullableString, gateway: NullableString })),
    ipv6: Type.Array(Type.Object({ subnet: Type.String() })),
    private_network: Nullable(Type.Object({ eligible: Nullable(Type.Boolean()), enabled: Nullable(Type.Boolean()) })),
  }),
  bandwidth: Nullable(
    Type.Object({
      pooled: Type.Boolean(),
      allocated_gb: NullableInteger,
      extra_gb: NullableInteger,
      used_gb: NullableInteger,
      pool: Nullable(Type.Object({ allocated_gb: NullableInteger, extra_gb: NullableInteger, used_gb: NullableInteger })),
    }),
  ),
  firewall_groups: Nullable(Type.Array(Type.Integer()), { description: 'Null when the firewall could not be read; null never means no firewall' }),
  ssh_keys: Type.Array(Type.Integer()),
  iso: Nullable(Type.Object({ id: Type.Integer(), name: NullableString })),
  has_user_data: Type.Boolean(),
  billing: Nullable(
    Type.Object({
      service_id: Type.Integer(),
      status: NullableString,
      billing_cycle: NullableString,
      next_due_date: NullableString,
      recurring_amount: NullableString,
      currency: Type.String(),
      upgradeable_to: Type.Array(Type.Integer()),
    }),
    { description: 'Null when the server has no billing service or billing could not be read' },
  ),
  created_at: NullableString,
});

export const ServerSummarySchema = Type.Object({
  id: Type.String(),
  hostname: NullableString,
  status: Type.Union([Type.Literal('running'), Type.Literal('stopped'), Type.Literal('suspended')]),
  ipv4_primary: NullableString,
  location: ServerLocationSchema,
  plan: Type.Object({ name: NullableString }),
});

export const RenameServerBody = Type.Object({ hostname: Type.Optional(Hostname) });

export type Server = Static<typeof ServerSchema>;
export type ServerSummary = Static<typeof ServerSummarySchema>;
