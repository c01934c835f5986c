import { Type, type Static } from 'typebox';
import { CalendarDate, Count, Currency, Id, Int32, List, Money, Nullable, Text, Timestamp } from '../../schemas/common.ts';
import { CatalogueId, CountryCode, CycleName, ImageName, IsoName, Label, LocationCode, MAX_UPGRADES, PLAN_LIMITS } from '../../schemas/catalogue.ts';
import { SlugParam } from '../projects/index.ts';

// 2–64 characters; dot-separated labels of 1–63 letters, digits and hyphens,
// neither starting nor ending with a hyphen.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
export const HOSTNAME_PATTERN = `^${LABEL}(?:\\.${LABEL})*$`;
export const Hostname = Text(64, { minLength: 2, pattern: HOSTNAME_PATTERN, description: '2–64 characters: dot-separated labels of letters, digits and hyphens' });

/** D14: 16 lowercase hexadecimal characters. */
export const ServerId = Text(16, { pattern: '^[0-9a-f]{16}$', description: '16 lowercase hexadecimal characters' });
export const ServerParams = Type.Object({ project_slug: SlugParam, server_id: ServerId });

/** Every way a server gets SSH keys (an order, a reinstall, the operator's import, a legacy deploy) takes at most this many. */
export const MAX_SERVER_SSH_KEYS = 100;
/** A server's firewall groups are only ever set whole, from a list of at most this many. */
export const MAX_SERVER_FIREWALL_GROUPS = 1000;
/** Addresses a server order may add to the first IPv4 address. */
export const MAX_IPV4_ADDITIONAL = 16;

export const SshKeyIds = (description?: string) => List(Id(), MAX_SERVER_SSH_KEYS, description ? { description } : {});

const IPV4 = Text(15, { format: 'ipv4' });
const ServerStatus = Type.Union([Type.Literal('running'), Type.Literal('stopped'), Type.Literal('suspended')], { title: 'ServerStatus' });

export const ServerLocationSchema = Type.Object(
  { code: Nullable(LocationCode()), city: Nullable(Label(100)), country_code: Nullable(CountryCode()) },
  { title: 'ServerLocation' },
);

const PlanSize = (limits: { minimum: number; maximum: number }) => Nullable(Int32(limits.minimum, limits.maximum));

export const ServerSchema = Type.Object(
  {
    id: ServerId,
    hostname: Nullable(Hostname),
    status: ServerStatus,
    pending_changes: Type.Boolean(),
    location: ServerLocationSchema,
    image: Type.Object({ name: Nullable(ImageName()), display_name: Nullable(Label(100)) }),
    plan: Type.Object({
      name: Nullable(Label(100)),
      category: Nullable(Label(100)),
      cpu_cores: PlanSize(PLAN_LIMITS.cpu_cores),
      ram_mb: PlanSize(PLAN_LIMITS.ram_mb),
      disk_gb: PlanSize(PLAN_LIMITS.disk_gb),
      boot_disk_gb: PlanSize(PLAN_LIMITS.disk_gb),
    }),
    network: Type.Object({
      ipv4: List(Type.Object({ address: IPV4, primary: Type.Boolean(), netmask: Nullable(IPV4), gateway: Nullable(IPV4) }), 1 + MAX_IPV4_ADDITIONAL, {
        description: 'Primary first',
      }),
      // A server has one routed subnet at most: enabling IPv6 again is refused.
      ipv6: List(Type.Object({ subnet: Text(43, { description: 'An IPv6 network in CIDR form' }) }), 1),
      private_network: Nullable(Type.Object({ eligible: Nullable(Type.Boolean()), enabled: Nullable(Type.Boolean()) })),
    }),
    bandwidth: Nullable(
      Type.Object({
        pooled: Type.Boolean(),
        allocated_gb: Nullable(Count()),
        extra_gb: Nullable(Count()),
        used_gb: Nullable(Count()),
        pool: Nullable(Type.Object({ allocated_gb: Nullable(Count()), extra_gb: Nullable(Count()), used_gb: Nullable(Count()) })),
      }),
    ),
    firewall_groups: Nullable(List(Id(), MAX_SERVER_FIREWALL_GROUPS), { description: 'Null when the firewall could not be read; null never means no firewall' }),
    ssh_keys: SshKeyIds(),
    iso: Nullable(Type.Object({ id: CatalogueId(), name: Nullable(IsoName) })),
    has_user_data: Type.Boolean(),
    billing: Nullable(
      Type.Object({
        service_id: Id(),
        status: Nullable(Text(30, { description: 'As billing reports it, such as `Active`' })),
        billing_cycle: Nullable(CycleName()),
        next_due_date: Nullable(CalendarDate()),
        recurring_amount: Nullable(Money()),
        currency: Currency(),
        upgradeable_to: List(CatalogueId(), MAX_UPGRADES),
      }),
      { description: 'Null when the server has no billing service or billing could not be read' },
    ),
    created_at: Nullable(Timestamp()),
  },
  { title: 'Server' },
);

export const ServerSummarySchema = Type.Object(
  {
    id: ServerId,
    hostname: Nullable(Hostname),
    status: ServerStatus,
    ipv4_primary: Nullable(IPV4),
    location: ServerLocationSchema,
    plan: Type.Object({ name: Nullable(Label(100)) }),
  },
  { title: 'ServerSummary' },
);

export const RenameServerBody = Type.Object({ hostname: Type.Optional(Hostname) }, { title: 'ServerRenameRequest' });

export type Server = Static<typeof ServerSchema>;
export type ServerSummary = Static<typeof ServerSummarySchema>;
