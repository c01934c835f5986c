// The issue's hand-written ceilings for the service's hot reads, each for the
// same answer (byte for byte; the bench checks it before measuring) from the
// same database, as the issue describes them: the key from a cache (KeyCache),
// one prepared statement that also checks the membership (a join on
// project_members for the key's user and projects.slug), the answer written
// through a response schema, and one log line (reference-route.ts's hook).
//
// - GET /api/v1/projects/{slug}/servers/{id}/: the server, its addresses,
//   SSH keys, firewall groups, pool and billing service in one statement; the
//   upgrades from the kept catalogue.
// - GET /api/v1/projects/{slug}/servers/?page=N&page_size=M: the count and
//   the page in one statement, the page cut from the nearer end of the index
//   (project_id, created_at, id) as the service cuts it, its rows aggregated
//   to one JSON text by the database.
// - GET /api/v1/servers (the legacy API): the user's legacy access and their
//   active billed servers in one statement.
// - GET /api/v1/projects/{slug}/products/: no statement at all once warm: the
//   membership kept in a Map after its first read, the catalogue's public
//   products serialised once and sent as they are.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueProduct, CeilingDb, KeptCatalogue, KeyCache, Statement } from './ceiling-db.ts';

const nullable = (type: string) => ({ type: [type, 'null'] });
const LocationSchema = { type: 'object', properties: { code: nullable('string'), city: nullable('string'), country_code: nullable('string') } };

// The service's ServerSchema, property for property and in its order (the order is the answer's).
const ServerSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    hostname: nullable('string'),
    status: { type: 'string' },
    pending_changes: { type: 'boolean' },
    location: LocationSchema,
    image: { type: 'object', properties: { name: nullable('string'), display_name: nullable('string') } },
    plan: {
      type: 'object',
      properties: {
        name: nullable('string'),
        category: nullable('string'),
        cpu_cores: nullable('integer'),
        ram_mb: nullable('integer'),
        disk_gb: nullable('integer'),
        boot_disk_gb: nullable('integer'),
      },
    },
    network: {
      type: 'object',
      properties: {
        ipv4: {
          type: 'array',
          items: { type: 'object', properties: { address: { type: 'string' }, primary: { type: 'boolean' }, netmask: nullable('string'), gateway: nullable('string') } },
        },
        ipv6: { type: 'array', items: { type: 'object', properties: { subnet: { type: 'string' } } } },
        private_network: { type: ['object', 'null'], properties: { eligible: nullable('boolean'), enabled: nullable('boolean') } },
      },
    },
    bandwidth: {
      type: ['object', 'null'],
      properties: {
        pooled: { type: 'boolean' },
        allocated_gb: nullable('integer'),
        extra_gb: nullable('integer'),
        used_gb: nullable('integer'),
        pool: { type: ['object', 'null'], properties: { allocated_gb: nullable('integer'), extra_gb: nullable('integer'), used_gb: nullable('integer') } },
      },
    },
    firewall_groups: { type: ['array', 'null'], items: { type: 'integer' } },
    ssh_keys: { type: 'array', items: { type: 'integer' } },
    iso: { type: ['object', 'null'], properties: { id: { type: 'integer' }, name: nullable('string') } },
    has_user_data: { type: 'boolean' },
    billing: {
      type: ['object', 'null'],
      properties: {
        service_id: { type: 'integer' },
        status: nullable('string'),
        billing_cycle: nullable('string'),
        next_due_date: nullable('string'),
        recurring_amount: nullable('string'),
        currency: { type: 'string' },
        upgradeable_to: { type: 'array', items: { type: 'integer' } },
      },
    },
    created_at: nullable('string'),
  },
};

const ServerPageSchema = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    next: nullable('string'),
    previous: nullable('string'),
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, hostname: nullable('string'), status: { type: 'string' }, ipv4_primary: nullable('string'), location: LocationSchema, plan: { type: 'object', properties: { name: nullable('string') } } },
      },
    },
  },
};

const LegacyServersSchema = {
  type: 'object',
  properties: {
    result: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        servers: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              hostname: { type: 'string' },
              state: { type: 'string' },
              created: { type: 'string' },
              product: {
                type: 'object',
                properties: {
                  _id: { type: 'string' },
                  name: { type: 'string' },
                  location: { type: 'string' },
                  image: { type: 'string' },
                  available_upgrades: { type: 'array', items: { type: 'string' } },
                },
              },
              network: { type: 'object', properties: { primary_ipaddress: { type: 'string' } } },
              billing: {
                type: 'object',
                properties: {
                  billing_cycle: { type: 'string' },
                  next_due: { type: 'string' },
                  initial_cost: { type: 'number' },
                  recurring_cost: { type: 'number' },
                  currency: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  },
};

const PriceTable = { type: 'object', additionalProperties: { type: 'string' } };
// The service's ProductSchema: the catalogue's product without plan, bandwidth_gb, pooled_bandwidth, upgradeable_to and private_network.
const ProductListSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      category: { type: 'string' },
      description: { type: 'array', items: { type: 'string' } },
      prices: PriceTable,
      setup_fees: PriceTable,
      currency: { type: 'string' },
      billing_cycles: { type: 'array', items: { type: 'string' } },
      default_billing_cycle: { type: 'string' },
      locations: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, in_stock: { type: 'boolean' }, upgrade_in_stock: { type: 'boolean' } } } },
      images: { type: 'array', items: { type: 'string' } },
    },
  },
};

const failures = { 401: { type: 'null' }, 403: { type: 'null' }, 404: { type: 'null' } };

// ---- GET …/servers/{id}/ ----

interface ServerRow {
  id: string;
  hostname: string | null;
  status: string;
  pending_plan_set: number | boolean;
  /** JSON text on SQLite, parsed by the driver on PostgreSQL (jsonb), as the other JSON columns here. */
  location: string | { code: string | null; city: string | null; country_code: string | null; ipv4_pool?: string };
  image: string | { name: string | null; display_name: string | null };
  plan: string | Record<string, unknown>;
  iso: string | { id: number; name: string | null } | null;
  has_user_data: number | boolean | null;
  private_network_eligible: number | boolean | null;
  private_network_enabled: number | boolean | null;
  bandwidth_pooled: number | boolean | null;
  bandwidth_allocated_gb: number | null;
  bandwidth_extra_gb: number | null;
  bandwidth_used_gb: number | null;
  created_at: string;
  addresses: string | AddressRow[];
  ssh_keys: string | number[];
  firewall_groups: string | number[];
  pool_allocated_gb: number | null;
  pool_extra_gb: number | null;
  pool_used_gb: number | null;
  service_id: number | null;
  service_status: string | null;
  billing_cycle: string | null;
  next_due_date: string | null;
  recurring_amount: number | null;
  currency: string | null;
  service_product_id: number | null;
}

interface AddressRow {
  address: string;
  kind: 'ipv4' | 'ipv6_subnet';
  is_primary: number | boolean;
  position: number;
  allocated_at: string;
}

const serverColumns = `s.id, s.hostname, s.status, s.pending_plan is not null as pending_plan_set, s.location, s.image, s.plan, s.iso, s.has_user_data,
  s.private_network_eligible, s.private_network_enabled, s.bandwidth_pooled, s.bandwidth_allocated_gb, s.bandwidth_extra_gb, s.bandwidth_used_gb, s.created_at`;
const serverJoins = `from project_members m
  join projects p on p.id = m.project_id
  join servers s on s.project_id = p.id
  left join bandwidth_pools bp on bp.project_id = s.project_id and bp.location_code = s.location_code
  left join billing_services b on b.id = s.billing_service_id
  where m.user_id = $1 and p.slug = $2 and s.id = $3 and p.status = 'ready'`;
const serverTail = `bp.allocated_gb as pool_allocated_gb, bp.extra_gb as pool_extra_gb, bp.used_gb as pool_used_gb,
  b.id as service_id, b.status as service_status, b.billing_cycle, b.next_due_date, b.recurring_amount, b.currency, b.product_id as service_product_id`;

const SERVER: Statement = {
  name: 'ceiling-server',
  sqlite: `select ${serverColumns},
    (select json_group_array(json_object('address', a.address, 'kind', a.kind, 'is_primary', a.is_primary, 'position', a.position, 'allocated_at', a.allocated_at))
       from ip_allocations a where a.server_id = s.id) as addresses,
    (select json_group_array(k.ssh_key_id) from (select ssh_key_id from server_ssh_keys where server_id = s.id order by ssh_key_id) k) as ssh_keys,
    (select json_group_array(g.group_id) from (select group_id from server_firewall_groups where server_id = s.id order by group_id) g) as firewall_groups,
    ${serverTail}
    ${serverJoins}`,
  postgres: `select ${serverColumns},
    coalesce((select json_agg(json_build_object('address', a.address, 'kind', a.kind, 'is_primary', a.is_primary, 'position', a.position, 'allocated_at', a.allocated_at))
       from ip_allocations a where a.server_id = s.id), '[]') as addresses,
    coalesce((select json_agg(k.ssh_key_id order by k.ssh_key_id) from server_ssh_keys k where k.server_id = s.id), '[]') as ssh_keys,
    coalesce((select json_agg(g.group_id order by g.group_id) from server_firewall_groups g where g.server_id = s.id), '[]') as firewall_groups,
    ${serverTail}
    ${serverJoins}`,
};

const json = <T>(value: string | T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const bool = (value: number | boolean | null | undefined) => value === true || value === 1;

const ipv4Number = (address: string) => address.split('.').reduce((number, part) => number * 256 + Number(part), 0);
const ipv4Text = (number: number) => [24, 16, 8, 0].map((shift) => Math.floor(number / 2 ** shift) % 256).join('.');

/** The netmask and gateway (first host) of a location's IPv4 pool, worked out once per pool. */
const pools = new Map<string, { netmask: string; gateway: string }>();
function describePool(cidr: string) {
  let pool = pools.get(cidr);
  if (!pool) {
    const [base = '', bits = '32'] = cidr.split('/');
    const prefix = Number(bits);
    const mask = prefix === 0 ? 0 : 2 ** 32 - 2 ** (32 - prefix);
    const network = ipv4Number(base) - (ipv4Number(base) % 2 ** (32 - prefix));
    pools.set(cidr, (pool = { netmask: ipv4Text(mask), gateway: ipv4Text(network + 1) }));
  }
  return pool;
}

const formatMoney = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

function toServer(row: ServerRow, catalogue: KeptCatalogue) {
  const location = json(row.location);
  const addresses = json(row.addresses);
  const pool = location.ipv4_pool ? describePool(location.ipv4_pool) : null;
  // Primary first, then by position, then by address; IPv6 subnets by when they were allocated.
  const ipv4 = addresses
    .filter((address) => address.kind === 'ipv4')
    .sort((a, b) => Number(bool(b.is_primary)) - Number(bool(a.is_primary)) || a.position - b.position || ipv4Number(a.address) - ipv4Number(b.address))
    .map((address) => {
      const primary = bool(address.is_primary);
      return { address: address.address, primary, netmask: pool?.netmask ?? null, gateway: primary ? (pool?.gateway ?? null) : null };
    });
  const ipv6 = addresses
    .filter((address) => address.kind === 'ipv6_subnet')
    .sort((a, b) => (a.allocated_at < b.allocated_at ? -1 : a.allocated_at > b.allocated_at ? 1 : a.address < b.address ? -1 : 1))
    .map((address) => ({ subnet: address.address }));
  const pooled = bool(row.bandwidth_pooled);
  return {
    id: row.id,
    hostname: row.hostname,
    status: row.status,
    pending_changes: bool(row.pending_plan_set),
    location: { code: location.code, city: location.city, country_code: location.country_code },
    image: json(row.image),
    plan: json(row.plan),
    network: { ipv4, ipv6, private_network: { eligible: bool(row.private_network_eligible), enabled: bool(row.private_network_enabled) } },
    bandwidth: {
      pooled,
      allocated_gb: row.bandwidth_allocated_gb,
      extra_gb: row.bandwidth_extra_gb,
      used_gb: row.bandwidth_used_gb,
      pool: pooled ? { allocated_gb: Number(row.pool_allocated_gb ?? 0), extra_gb: Number(row.pool_extra_gb ?? 0), used_gb: Number(row.pool_used_gb ?? 0) } : null,
    },
    firewall_groups: json(row.firewall_groups),
    ssh_keys: json(row.ssh_keys),
    iso: row.iso === null ? null : json(row.iso),
    has_user_data: bool(row.has_user_data),
    billing:
      row.service_id === null
        ? null
        : {
            service_id: row.service_id,
            status: row.service_status,
            billing_cycle: row.billing_cycle,
            next_due_date: row.next_due_date,
            recurring_amount: formatMoney(Number(row.recurring_amount)),
            currency: row.currency,
            upgradeable_to: catalogue.byId.get(Number(row.service_product_id))?.upgradeable_to ?? [],
          },
    created_at: row.created_at,
  };
}

// ---- GET …/servers/?page=N&page_size=M ----

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 100;

/** As the service reads them: a page that is not a positive integer is missing (404), a page size that is not one is the default, a larger one is capped. */
function pageRequest(query: { page?: string; page_size?: string }) {
  const page = query.page === undefined ? 1 : /^\d{1,9}$/.test(query.page) ? Number(query.page) : NaN;
  const requested = query.page_size !== undefined && /^\d{1,9}$/.test(query.page_size) ? Number(query.page_size) : DEFAULT_PAGE_SIZE;
  const pageSize = Math.min(MAX_PAGE_SIZE, requested < 1 ? DEFAULT_PAGE_SIZE : requested);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

function linkToPage(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, 'http://placeholder');
  url.searchParams.set('page', String(page));
  return `${request.protocol}://${request.host}${url.pathname}${url.search}`;
}

// $1 user, $2 slug, $3 page size, $4 offset. The page is cut from the end of
// the index it is nearer (as the service does with the count it reads first):
// both cuts are written, the other one with LIMIT 0, which neither engine
// executes. Only the page's own rows are then read in full, by primary key
// (on PostgreSQL through `= any(array(…))`, which it looks up in the index:
// given `in (…)`, a generic plan may hash the whole table against the page,
// as the service's own prepared.ts notes).
const pageSql = (engine: 'sqlite' | 'postgres') => {
  const [min, max] = engine === 'sqlite' ? ['min', 'max'] : ['least', 'greatest'];
  const rows =
    engine === 'sqlite'
      ? `select json_group_array(json_object('id', id, 'hostname', hostname, 'status', status, 'ipv4_primary', ipv4_primary,
           'location_code', location_code, 'location_city', location_city, 'location_country_code', location_country_code, 'plan_name', plan_name))
         from (select s.id, s.hostname, s.status, s.location ->> 'code' as location_code, s.location ->> 'city' as location_city,
                 s.location ->> 'country_code' as location_country_code, s.plan ->> 'name' as plan_name,
                 (select a.address from ip_allocations a where a.server_id = s.id and a.is_primary = 1 limit 1) as ipv4_primary
               from servers s where s.id in (select id from page_ids) order by s.created_at, s.id)`
      : `select coalesce(json_agg(json_build_object('id', s.id, 'hostname', s.hostname, 'status', s.status,
           'ipv4_primary', (select a.address from ip_allocations a where a.server_id = s.id and a.is_primary = true limit 1),
           'location_code', s.location ->> 'code', 'location_city', s.location ->> 'city', 'location_country_code', s.location ->> 'country_code',
           'plan_name', s.plan ->> 'name') order by s.created_at, s.id), '[]')
         from servers s where s.id = any(array(select id from page_ids))`;
  return `with project as (
      select p.id, coalesce(c.servers, 0) as total
      from project_members m join projects p on p.id = m.project_id left join project_server_counts c on c.project_id = p.id
      where m.user_id = $1 and p.slug = $2 and p.status = 'ready'
    ),
    cut as materialized (select id, total, ${max}(0, ${min}($3, total - $4)) as size, ${max}(0, total - $4 - ${max}(0, ${min}($3, total - $4))) as after from project),
    page_ids as (
      select id from (select s.id from servers s where s.project_id = (select id from cut) order by s.created_at desc, s.id desc
        limit (select case when after < $4 then size else 0 end from cut) offset (select after from cut)) newest
      union all
      select id from (select s.id from servers s where s.project_id = (select id from cut) order by s.created_at, s.id
        limit (select case when after < $4 then 0 else size end from cut) offset $4) oldest
    )
    select total, (${rows}) as rows from cut`;
};
const PAGE: Statement = { name: 'ceiling-page', sqlite: pageSql('sqlite'), postgres: pageSql('postgres') };

interface PageRow {
  total: number;
  rows: string | SummaryRow[];
}

interface SummaryRow {
  id: string;
  hostname: string | null;
  status: string;
  ipv4_primary: string | null;
  location_code: string | null;
  location_city: string | null;
  location_country_code: string | null;
  plan_name: string | null;
}

// ---- legacy GET /api/v1/servers ----

// The user's legacy access, and their servers the legacy API lists: those of
// the projects they own with a billing service of theirs still running,
// oldest service first. $1 user.
const legacySql = (engine: 'sqlite' | 'postgres') => {
  const sqlite = engine === 'sqlite';
  const listed = `select b.id as service_id,
        ${sqlite ? 'json_object' : 'json_build_object'}('service_id', b.id, 'hostname', s.hostname, 'state', b.status,
          'created', ${sqlite ? 'substr(s.created_at, 1, 10)' : `to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD')`},
          'product_id', b.product_id, 'plan_name', s.plan ->> 'name', 'location_code', s.location_code,
          'image_display_name', s.image ->> 'display_name', 'image_name', s.image ->> 'name',
          'ip', (select a.address from ip_allocations a where a.server_id = s.id and a.is_primary = ${sqlite ? '1' : 'true'} limit 1),
          'billing_cycle', b.billing_cycle, 'next_due_date', b.next_due_date, 'setup_fee', b.setup_fee,
          'recurring_amount', b.recurring_amount, 'currency', b.currency) as server
      from project_members m
      join servers s on s.project_id = m.project_id
      join billing_services b on b.id = s.billing_service_id
      where m.user_id = u.id and m.role = 'owner' and b.user_id = u.id and b.status in ('Active', 'Suspended', 'Pending Cancellation')`;
  // SQLite: json() keeps each row JSON (not text) through the subquery; its aggregate follows the subquery's order.
  const servers = sqlite
    ? `(select json_group_array(json(server)) from (${listed} order by b.id) listed)`
    : `coalesce((select json_agg(server order by service_id) from (${listed}) listed), '[]')`;
  return `select u.legacy_api_access as access, ${servers} as servers from users u where u.id = $1`;
};
const LEGACY: Statement = { name: 'ceiling-legacy', sqlite: legacySql('sqlite'), postgres: legacySql('postgres') };

interface LegacyRow {
  service_id: number;
  hostname: string | null;
  state: string;
  created: string;
  product_id: number;
  plan_name: string | null;
  location_code: string | null;
  image_display_name: string | null;
  image_name: string | null;
  ip: string | null;
  billing_cycle: string;
  next_due_date: string;
  setup_fee: number;
  recurring_amount: number;
  currency: string;
}

// ---- GET …/products/ ----

const MEMBERSHIP: Statement = {
  name: 'ceiling-membership',
  sqlite: `select p.status from project_members m join projects p on p.id = m.project_id where m.user_id = $1 and p.slug = $2`,
  postgres: `select p.status from project_members m join projects p on p.id = m.project_id where m.user_id = $1 and p.slug = $2`,
};

const PUBLIC_PRODUCT_LEAVES_OUT = new Set(['plan', 'bandwidth_gb', 'pooled_bandwidth', 'upgradeable_to', 'private_network']);
const publicProduct = (product: CatalogueProduct) => Object.fromEntries(Object.entries(product).filter(([field]) => !PUBLIC_PRODUCT_LEAVES_OUT.has(field)));

type Params = { slug: string; server_id: string };

export function registerCeilingReads(app: FastifyInstance, db: CeilingDb, keys: KeyCache, catalogue: KeptCatalogue): void {
  const deny = (reply: FastifyReply, status: 401 | 403 | 404) => reply.code(status).send(null);

  app.get<{ Params: Params }>('/api/v1/projects/:slug/servers/:server_id/', { schema: { response: { 200: ServerSchema, ...failures } } }, async (request, reply) => {
    const key = await keys.authenticate(request.headers.authorization);
    if (!key) return deny(reply, 401);
    const row = await db.row<ServerRow>(SERVER, [key.user_id, request.params.slug, request.params.server_id]);
    return row ? toServer(row, catalogue) : deny(reply, 404);
  });

  app.get<{ Params: Params; Querystring: { page?: string; page_size?: string } }>(
    '/api/v1/projects/:slug/servers/',
    { schema: { response: { 200: ServerPageSchema, ...failures } } },
    async (request, reply) => {
      const key = await keys.authenticate(request.headers.authorization);
      if (!key) return deny(reply, 401);
      const wanted = pageRequest(request.query);
      if (!Number.isInteger(wanted.page) || wanted.page < 1) return deny(reply, 404);
      const found = await db.row<PageRow>(PAGE, [key.user_id, request.params.slug, wanted.pageSize, wanted.offset]);
      if (!found) return deny(reply, 404);
      const count = Number(found.total);
      if (wanted.page > 1 && wanted.offset >= count) return deny(reply, 404);
      const rows = json(found.rows);
      return {
        count,
        next: wanted.offset + rows.length < count ? linkToPage(request, wanted.page + 1) : null,
        previous: wanted.page > 1 ? linkToPage(request, wanted.page - 1) : null,
        results: rows.map((row) => ({
          id: row.id,
          hostname: row.hostname,
          status: row.status,
          ipv4_primary: row.ipv4_primary,
          location: { code: row.location_code, city: row.location_city, country_code: row.location_country_code },
          plan: { name: row.plan_name },
        })),
      };
    },
  );

  app.get('/api/v1/servers', { schema: { response: { 200: LegacyServersSchema, ...failures } } }, async (request, reply) => {
    const key = await keys.authenticate(request.headers.authorization);
    if (!key) return deny(reply, 401);
    const found = await db.row<{ access: number | boolean; servers: string | LegacyRow[] | null }>(LEGACY, [key.user_id]);
    if (!found || !bool(found.access)) return deny(reply, 403);
    const servers = json(found.servers ?? '[]').map((row) => ({
      id: row.service_id,
      hostname: row.hostname ?? '',
      state: row.state,
      created: row.created,
      product: {
        _id: String(row.product_id),
        name: catalogue.byId.get(row.product_id)?.name ?? row.plan_name ?? '',
        location: row.location_code ?? '',
        image: row.image_display_name ?? row.image_name ?? '',
        available_upgrades: catalogue.legacyUpgrades.get(row.product_id) ?? [],
      },
      network: { primary_ipaddress: row.ip ?? '' },
      billing: {
        billing_cycle: row.billing_cycle,
        next_due: row.next_due_date,
        initial_cost: Number(row.setup_fee) / 100,
        recurring_cost: Number(row.recurring_amount) / 100,
        currency: row.currency,
      },
    }));
    return { result: 'success', data: { servers } };
  });

  // The membership kept after its first read (true: a member of a ready project), as the service keeps it.
  const memberships = new Map<string, boolean>();
  const products = catalogue.products.map(publicProduct);
  let productsJson: string | undefined;
  app.get<{ Params: { slug: string } }>('/api/v1/projects/:slug/products/', { schema: { response: { 200: ProductListSchema, ...failures } } }, async (request, reply) => {
    const key = await keys.authenticate(request.headers.authorization);
    if (!key) return deny(reply, 401);
    const membership = `${key.user_id} ${request.params.slug}`;
    let ready = memberships.get(membership);
    if (ready === undefined) {
      ready = (await db.row<{ status: string }>(MEMBERSHIP, [key.user_id, request.params.slug]))?.status === 'ready';
      memberships.set(membership, ready);
    }
    if (!ready) return deny(reply, 404);
    // Serialised once, through the route's schema, then sent as it is.
    productsJson ??= reply.serialize(products) as string;
    return reply.type('application/json; charset=utf-8').send(productsJson);
  });
}
