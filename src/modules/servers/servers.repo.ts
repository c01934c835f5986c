// Every query on servers and what hangs off them (SSH keys, addresses).
import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import * as postgresJson from 'kysely/helpers/postgres';
import * as sqliteJson from 'kysely/helpers/sqlite';
import { readBool, readJson, writeJson } from '../../db/columns.ts';
import { isOneOfSelected, preparedCountedRowsQuery, preparedQuery, preparedRowsQuery } from '../../db/prepared.ts';
import type { Database, ServersTable } from '../../db/schema.ts';
import { SERVER_ADDRESS_COLUMNS, type ServerAddressRow } from '../addresses/index.ts';
import { projectIdsOwnedBy } from '../projects/index.ts';

export interface StoredLocation {
  code: string;
  city: string | null;
  country_code: string | null;
  /** Address pools the server's addresses come from (not shown to clients). */
  ipv4_pool?: string;
  ipv6_pool?: string;
}

export interface StoredImage {
  name: string | null;
  display_name: string | null;
  /** The snapshot a server was made from (its disk is a copy of it); absent for one installed from an image. */
  snapshot_id?: number;
}

export interface StoredPlan {
  name: string | null;
  category: string | null;
  cpu_cores: number | null;
  ram_mb: number | null;
  disk_gb: number | null;
  boot_disk_gb: number | null;
}

export interface ServerRecord {
  id: string;
  projectId: number;
  hostname: string | null;
  status: ServersTable['status'];
  createdAt: string;
  location: StoredLocation;
  image: StoredImage;
  plan: StoredPlan;
  pendingPlan: StoredPlan | null;
  productId: number | null;
  suspendedFrom: 'running' | 'stopped' | null;
  hasUserData: boolean;
  iso: { id: number; name: string | null } | null;
  privateNetwork: { eligible: boolean; enabled: boolean };
  bandwidth: { pooled: boolean; allocatedGb: number | null; extraGb: number | null; usedGb: number | null };
  billingServiceId: number | null;
}

/**
 * What a ServerRecord is made of. Prepared reads name them rather than
 * select `*`: PostgreSQL keeps a prepared read planned (db/client.ts), and a
 * kept `select *` fails once a migration (say, from a newer process sharing
 * the database) adds a column.
 */
const SERVER_RECORD_COLUMNS = [
  'id',
  'project_id',
  'hostname',
  'status',
  'created_at',
  'location',
  'image',
  'plan',
  'pending_plan',
  'product_id',
  'suspended_from',
  'has_user_data',
  'iso',
  'private_network_eligible',
  'private_network_enabled',
  'bandwidth_pooled',
  'bandwidth_allocated_gb',
  'bandwidth_extra_gb',
  'bandwidth_used_gb',
  'billing_service_id',
] as const;

export function toServerRecord(row: Pick<Selectable<ServersTable>, (typeof SERVER_RECORD_COLUMNS)[number]>): ServerRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    hostname: row.hostname,
    status: row.status,
    createdAt: row.created_at,
    location: readJson(row.location),
    image: readJson(row.image),
    plan: readJson(row.plan),
    pendingPlan: row.pending_plan === null ? null : readJson(row.pending_plan),
    productId: row.product_id,
    suspendedFrom: row.suspended_from,
    hasUserData: readBool(row.has_user_data),
    iso: row.iso === null ? null : readJson(row.iso),
    privateNetwork: { eligible: readBool(row.private_network_eligible), enabled: readBool(row.private_network_enabled) },
    bandwidth: {
      pooled: readBool(row.bandwidth_pooled),
      allocatedGb: row.bandwidth_allocated_gb,
      extraGb: row.bandwidth_extra_gb,
      usedGb: row.bandwidth_used_gb,
    },
    billingServiceId: row.billing_service_id,
  };
}

/**
 * A server of the project as a record, for a caller to read together with
 * columns of its own (its details for the server's GET; whether it is busy
 * for an action's start); the row goes through toServerRecord.
 */
export function selectProjectServerRecord(db: Kysely<Database>, projectId: number, serverId: string) {
  return db
    .selectFrom('servers')
    .select(SERVER_RECORD_COLUMNS.map((column) => `servers.${column}` as const))
    .where('servers.id', '=', serverId)
    .where('servers.project_id', '=', projectId);
}

// A server and what hangs off it are read by every server request and every action: prepared once (db/prepared.ts).
const selectServer = preparedQuery((db, serverId: string) => db.selectFrom('servers').select(SERVER_RECORD_COLUMNS).where('id', '=', serverId));
const selectProjectServer = preparedQuery((db, projectId: number, serverId: string) => selectProjectServerRecord(db, projectId, serverId));

export async function findServer(db: Kysely<Database>, serverId: string): Promise<ServerRecord | undefined> {
  const [row] = await selectServer(db, serverId);
  return row && toServerRecord(row);
}

export async function findProjectServer(db: Kysely<Database>, projectId: number, serverId: string): Promise<ServerRecord | undefined> {
  const [row] = await selectProjectServer(db, projectId, serverId);
  return row && toServerRecord(row);
}

const SERVER_PAGE_COLUMNS = ['id', 'hostname', 'status', 'location_code', 'location_city', 'location_country_code', 'plan_name', 'ipv4_primary'] as const;

/**
 * A server's primary IPv4 address, looked up by the server's id for each row
 * (ip_allocations_server). As a join, PostgreSQL planned it as a hash join
 * over every primary address in the cloud whenever it expected many rows:
 * for the legacy list of an account of 100 servers among 100,000, the
 * 100,000 were read on every request (about 20 ms instead of under 1 ms).
 * One primary address per server (its first IPv4); limit(1) keeps a broken
 * row from failing the whole list on PostgreSQL.
 */
function primaryIpv4(eb: ExpressionBuilder<Database, 'servers'>) {
  return eb
    .selectFrom('ip_allocations')
    .select('ip_allocations.address')
    .whereRef('ip_allocations.server_id', '=', 'servers.id')
    .where('ip_allocations.is_primary', '=', true as never)
    .limit(1);
}

/**
 * A page of the project's servers and their count, in one statement, each
 * with its primary IPv4 address. The count (project_server_counts) says
 * which end the page is nearer, and the page is cut from that end: the last
 * page of 100,000 servers skips none, where walking from the start would skip
 * 99,950. Only one of the two cuts runs: the other's LIMIT is 0. The
 * page is cut from the index (project_id, created_at, id) alone, and only the
 * page's own rows are read in full, by primary key.
 */
const selectServerPage = preparedCountedRowsQuery(
  SERVER_PAGE_COLUMNS,
  (_db, projectId: number, _limit: number, _offset: number) => projectServerCount(projectId),
  (db, projectId: number, limit: number, offset: number) => {
    const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const total = projectServerCount(projectId);
    // The page's size, and how many servers come after it.
    const size = onPostgres ? sql<number>`greatest(0, least(${limit}, ${total} - ${offset}))` : sql<number>`max(0, min(${limit}, ${total} - ${offset}))`;
    // Never below 0: PostgreSQL refuses a negative OFFSET (a page past the end), even in the cut that does not run.
    const after = onPostgres ? sql<number>`greatest(0, ${total} - ${offset} - ${size})` : sql<number>`max(0, ${total} - ${offset} - ${size})`;
    // The cut that does not run has LIMIT 0, which both engines answer without reading a row (SQLite does not
    // take a condition on a subquery as constant: in the WHERE, it tested it on each of the rows the OFFSET skipped).
    const fromOldest = sql`select id from servers where project_id = ${projectId} order by created_at, id limit (case when ${after} >= ${offset} then ${size} else 0 end) offset ${offset}`;
    const fromNewest = sql`select id from servers where project_id = ${projectId} order by created_at desc, id desc limit (case when ${after} < ${offset} then ${size} else 0 end) offset ${after}`;
    const ids = sql`(select id from (${fromOldest}) as from_oldest union all select id from (${fromNewest}) as from_newest)`;
    return selectSummaries(db).where(isOneOfSelected(db, 'servers.id', ids)).orderBy('servers.created_at').orderBy('servers.id');
  },
);

/** How many servers the project has: one row, kept by triggers on servers (migration 0010). */
function projectServerCount(projectId: number) {
  return sql<number>`coalesce((select servers from project_server_counts where project_id = ${projectId}), 0)`;
}

/** The few fields a summary shows of the stored JSON, picked out by the database rather than parsed here row by row. */
function selectSummaries(db: Kysely<Database>) {
  return db
    .selectFrom('servers')
    .select((eb) => [
      'servers.id',
      'servers.hostname',
      'servers.status',
      'servers.project_id',
      sql<string>`servers.location ->> 'code'`.as('location_code'),
      sql<string | null>`servers.location ->> 'city'`.as('location_city'),
      sql<string | null>`servers.location ->> 'country_code'`.as('location_country_code'),
      sql<string | null>`servers.plan ->> 'name'`.as('plan_name'),
      primaryIpv4(eb).as('ipv4_primary'),
    ]);
}

const selectServerSummary = preparedQuery((db, serverId: string) => selectSummaries(db).where('servers.id', '=', serverId));

/** One server as the server list shows it, with its project: what a server's events carry. */
export async function findServerSummary(db: Kysely<Database>, serverId: string) {
  const [row] = await selectServerSummary(db, serverId);
  return row;
}
/** One page of a project's servers (oldest first), and how many it has in all. */
export async function listProjectServers(db: Kysely<Database>, projectId: number, page: { limit: number; offset: number }) {
  const { count, rows } = await selectServerPage(db, projectId, page.limit, page.offset);
  return { count, servers: rows };
}

export async function replaceServerSshKeys(db: Kysely<Database>, serverId: string, keyIds: number[]): Promise<void> {
  await db.deleteFrom('server_ssh_keys').where('server_id', '=', serverId).execute();
  if (keyIds.length > 0) {
    await db.insertInto('server_ssh_keys').values(keyIds.map((keyId) => ({ server_id: serverId, ssh_key_id: keyId }))).execute();
  }
}

/** The ids among `keyIds` that are SSH keys of the project. */
export async function projectSshKeyIds(db: Kysely<Database>, projectId: number, keyIds: number[]): Promise<Set<number>> {
  if (keyIds.length === 0) return new Set();
  const rows = await db.selectFrom('ssh_keys').select('id').where('project_id', '=', projectId).where('id', 'in', keyIds).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * What the full server view adds to the server row: its addresses, its SSH
 * key ids and (for a pooled server) its pool's totals. Each is a JSON array or
 * object built by the database from the row it is selected with, so the
 * server and all of these are one statement.
 */
function detailSelections(db: Kysely<Database>, eb: ExpressionBuilder<Database, 'servers'>) {
  // Called while a prepared query compiles, once per engine (db/prepared.ts), so each engine gets its own JSON functions.
  const json = db.getExecutor().adapter instanceof PostgresAdapter ? postgresJson : sqliteJson;
  return [
    json.jsonArrayFrom(eb.selectFrom('ip_allocations').select(SERVER_ADDRESS_COLUMNS).whereRef('ip_allocations.server_id', '=', 'servers.id')).as('addresses'),
    json
      .jsonArrayFrom(eb.selectFrom('server_ssh_keys').select('ssh_key_id').whereRef('server_ssh_keys.server_id', '=', 'servers.id').orderBy('ssh_key_id'))
      .as('ssh_keys'),
    json
      .jsonObjectFrom(
        eb
          .selectFrom('bandwidth_pools')
          .select(['allocated_gb', 'extra_gb', 'used_gb'])
          .whereRef('bandwidth_pools.project_id', '=', 'servers.project_id')
          .whereRef('bandwidth_pools.location_code', '=', 'servers.location_code'),
      )
      .as('pool'),
  ] as const;
}

const selectServerDetails = preparedQuery((db, serverId: string) =>
  db
    .selectFrom('servers')
    .select((eb) => detailSelections(db, eb))
    .where('servers.id', '=', serverId),
);

// GET …/servers/{id}/ reads the server and its details together, as the operator's answers do.
const selectProjectServerWithDetails = preparedQuery((db, projectId: number, serverId: string) =>
  selectProjectServerRecord(db, projectId, serverId).select((eb) => detailSelections(db, eb)),
);
const selectServerWithDetails = preparedQuery((db, serverId: string) =>
  db
    .selectFrom('servers')
    .select(SERVER_RECORD_COLUMNS.map((column) => `servers.${column}` as const))
    .select((eb) => detailSelections(db, eb))
    .where('servers.id', '=', serverId),
);

export interface ServerDetails {
  addresses: ServerAddressRow[];
  sshKeyIds: number[];
  /** Null for a server outside any pool. */
  pool: { allocated_gb: number; extra_gb: number; used_gb: number } | null;
}

type DetailColumns = Pick<Awaited<ReturnType<typeof selectServerDetails>>[number], 'addresses' | 'ssh_keys' | 'pool'>;

function toServerDetails(server: ServerRecord, row: DetailColumns | undefined): ServerDetails {
  // SQLite hands the JSON over as text, PostgreSQL parsed.
  const addresses = readJson<ServerAddressRow[]>(row?.addresses ?? '[]');
  const sshKeys = readJson<{ ssh_key_id: number }[]>(row?.ssh_keys ?? '[]');
  const pool = row?.pool ? readJson<{ allocated_gb: unknown; extra_gb: unknown; used_gb: unknown }>(row.pool) : null;
  return {
    addresses,
    sshKeyIds: sshKeys.map((key) => Number(key.ssh_key_id)),
    pool: !server.bandwidth.pooled
      ? null
      : { allocated_gb: Number(pool?.allocated_gb ?? 0), extra_gb: Number(pool?.extra_gb ?? 0), used_gb: Number(pool?.used_gb ?? 0) },
  };
}

export async function serverDetails(db: Kysely<Database>, server: ServerRecord): Promise<ServerDetails> {
  const [row] = await selectServerDetails(db, server.id);
  return toServerDetails(server, row);
}

/** A server of the project with its details, in one statement; undefined when the project has no such server. */
export async function findProjectServerWithDetails(
  db: Kysely<Database>,
  projectId: number,
  serverId: string,
): Promise<{ server: ServerRecord; details: ServerDetails } | undefined> {
  const [row] = await selectProjectServerWithDetails(db, projectId, serverId);
  if (!row) return undefined;
  const { addresses, ssh_keys, pool, ...columns } = row;
  const server = toServerRecord(columns);
  return { server, details: toServerDetails(server, { addresses, ssh_keys, pool }) };
}

/** Any project's server with its details, in one statement (the operator's view); undefined when there is none. */
export async function findServerWithDetails(db: Kysely<Database>, serverId: string): Promise<{ server: ServerRecord; details: ServerDetails } | undefined> {
  const [row] = await selectServerWithDetails(db, serverId);
  if (!row) return undefined;
  const { addresses, ssh_keys, pool, ...columns } = row;
  const server = toServerRecord(columns);
  return { server, details: toServerDetails(server, { addresses, ssh_keys, pool }) };
}

/** Adds a pooled server's change to its pool's totals, in the caller's transaction; one statement, so concurrent changes all count. */
export async function adjustBandwidthPool(
  db: Kysely<Database>,
  projectId: number,
  locationCode: string,
  delta: { allocated_gb?: number; extra_gb?: number; used_gb?: number },
): Promise<void> {
  const values = { allocated_gb: delta.allocated_gb ?? 0, extra_gb: delta.extra_gb ?? 0, used_gb: delta.used_gb ?? 0 };
  await db
    .insertInto('bandwidth_pools')
    .values({ project_id: projectId, location_code: locationCode, ...values })
    .onConflict((conflict) =>
      conflict.columns(['project_id', 'location_code']).doUpdateSet((eb) => ({
        allocated_gb: eb('bandwidth_pools.allocated_gb', '+', values.allocated_gb),
        extra_gb: eb('bandwidth_pools.extra_gb', '+', values.extra_gb),
        used_gb: eb('bandwidth_pools.used_gb', '+', values.used_gb),
      })),
    )
    .execute();
}

/** The servers of the projects that have a billing service (optionally: that one service). */
export async function listBilledServers(db: Kysely<Database>, projectIds: readonly number[], serviceId?: number): Promise<ServerRecord[]> {
  if (projectIds.length === 0) return [];
  let query = db.selectFrom('servers').selectAll().where('project_id', 'in', [...projectIds]).where('billing_service_id', 'is not', null);
  if (serviceId !== undefined) query = query.where('billing_service_id', '=', serviceId);
  const rows = await query.execute();
  return rows.map(toServerRecord);
}

/** What an account-wide list shows of a billed server: a few fields, not the whole record. */
export interface BilledServerSummary {
  id: string;
  hostname: string | null;
  createdAt: string;
  locationCode: string | null;
  image: StoredImage;
  planName: string | null;
  billingServiceId: number;
  primaryIpv4: string | null;
}

const BILLED_SUMMARY_COLUMNS = ['id', 'hostname', 'created_at', 'location_code', 'image_name', 'image_display_name', 'plan_name', 'billing_service_id', 'address'] as const;

function billedSummaries(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('servers')
    .select((eb) => [
      'servers.id',
      'servers.hostname',
      'servers.created_at',
      'servers.location_code',
      sql<string | null>`servers.image ->> 'name'`.as('image_name'),
      sql<string | null>`servers.image ->> 'display_name'`.as('image_display_name'),
      sql<string | null>`servers.plan ->> 'name'`.as('plan_name'),
      'servers.billing_service_id',
      primaryIpv4(eb).as('address'),
    ])
    .where('servers.project_id', 'in', projectIdsOwnedBy(db, ownerId))
    .where('servers.billing_service_id', 'is not', null);
}

// An account's list reads all its servers at once, with its owner's projects as a subquery: prepared once.
const selectBilledSummaries = preparedRowsQuery(BILLED_SUMMARY_COLUMNS, billedSummaries, { timestamps: ['created_at'] });
const selectBilledSummaryOfService = preparedRowsQuery(
  BILLED_SUMMARY_COLUMNS,
  (db, ownerId: number, serviceId: number) => billedSummaries(db, ownerId).where('servers.billing_service_id', '=', serviceId),
  { timestamps: ['created_at'] },
);

/**
 * The billed servers of the projects the user owns (optionally: the one of
 * that service), each with its primary IPv4 address, in one statement however
 * many there are. Every value read costs, so only what the list shows is
 * read, and the few fields it needs of the stored JSON are picked out by the
 * database (`->>` reads the same on both engines).
 */
export async function listOwnedBilledServerSummaries(db: Kysely<Database>, ownerId: number, serviceId?: number): Promise<BilledServerSummary[]> {
  const rows = await (serviceId === undefined ? selectBilledSummaries(db, ownerId) : selectBilledSummaryOfService(db, ownerId, serviceId));
  return rows.map((row) => ({
    id: row.id,
    hostname: row.hostname,
    createdAt: row.created_at,
    locationCode: row.location_code,
    image: { name: row.image_name, display_name: row.image_display_name },
    planName: row.plan_name,
    billingServiceId: row.billing_service_id!,
    primaryIpv4: row.address,
  }));
}

/** The OpenSSH public keys set on a server, oldest key first: what the provisioning system installs. */
export async function listServerPublicKeys(db: Kysely<Database>, serverId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('server_ssh_keys')
    .innerJoin('ssh_keys', 'ssh_keys.id', 'server_ssh_keys.ssh_key_id')
    .select('ssh_keys.public_key')
    .where('server_ssh_keys.server_id', '=', serverId)
    .orderBy('ssh_keys.id')
    .execute();
  return rows.map((row) => row.public_key);
}

/** The public keys of these project keys, in id order (a reinstall's keys, before they are the server's). */
export async function listPublicKeysById(db: Kysely<Database>, keyIds: readonly number[]): Promise<string[]> {
  if (keyIds.length === 0) return [];
  const rows = await db.selectFrom('ssh_keys').select('public_key').where('id', 'in', keyIds).orderBy('id').execute();
  return rows.map((row) => row.public_key);
}

/** The power state the machine was found in, only over the status it was read with (an action or suspension in between wins). */
export async function recordPowerState(db: Kysely<Database>, serverId: string, from: ServersTable['status'], to: 'running' | 'stopped'): Promise<boolean> {
  const result = await db.updateTable('servers').set({ status: to }).where('id', '=', serverId).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The servers placed on a hypervisor host, with their status: what a drift check compares the host with. */
export async function listHostServers(db: Kysely<Database>, hostId: number): Promise<{ id: string; status: ServersTable['status'] }[]> {
  return db.selectFrom('servers').select(['id', 'status']).where('host_id', '=', hostId).orderBy('id').execute();
}

/** Of these ids, the ones of servers cloudplane has (on any host): a machine named after one of them is owned. */
export async function existingServerIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('servers').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

// ---- Writes other modules' steps make to a server (listed in server-records.ts) ----

/**
 * The server's power state after an action. A server suspended meanwhile
 * keeps its suspension, and the state applies when it is lifted; one
 * statement decides, so a suspension landing at the same moment is never lost.
 */
export async function setPowerState(db: Kysely<Database>, serverId: string, status: 'running' | 'stopped'): Promise<void> {
  await db
    .updateTable('servers')
    .set({
      status: sql`case when status = 'suspended' then status else ${status} end` as never,
      suspended_from: sql`case when status = 'suspended' then ${status} else suspended_from end` as never,
    })
    .where('id', '=', serverId)
    .execute();
}

/** The plan an upgrade left pending becomes the server's plan (a reboot through the API applies it). */
export async function applyPendingPlan(db: Kysely<Database>, serverId: string, plan: StoredPlan): Promise<void> {
  await db.updateTable('servers').set({ plan: writeJson(plan), pending_plan: null }).where('id', '=', serverId).execute();
}

/** The image a reinstall put on the server. */
export async function setServerImage(db: Kysely<Database>, serverId: string, image: StoredImage): Promise<void> {
  await db.updateTable('servers').set({ image: writeJson(image) }).where('id', '=', serverId).execute();
}

/** The ISO mounted in the server's drive, or null once it is unmounted. */
export async function setServerIso(db: Kysely<Database>, serverId: string, iso: { id: number; name: string | null } | null): Promise<void> {
  await db.updateTable('servers').set({ iso: iso === null ? null : writeJson(iso) }).where('id', '=', serverId).execute();
}

/** A delivered upgrade: billing's product at once, the plan pending until the next reboot through the API. */
export async function setUpgradedProduct(db: Kysely<Database>, serverId: string, productId: number, pendingPlan: StoredPlan): Promise<void> {
  await db.updateTable('servers').set({ product_id: productId, pending_plan: writeJson(pendingPlan) }).where('id', '=', serverId).execute();
}

/** Extra traffic bought for the server (a bandwidth order delivered). */
export async function addExtraBandwidth(db: Kysely<Database>, serverId: string, sizeGb: number): Promise<void> {
  await db
    .updateTable('servers')
    .set((eb) => ({ bandwidth_extra_gb: eb(eb.fn.coalesce('bandwidth_extra_gb', eb.lit(0)), '+', sizeGb) }))
    .where('id', '=', serverId)
    .execute();
}

/**
 * Records the server's cancellation request (as the cancellation module
 * stores it) when it has none yet: of two requests at the same moment, one
 * records it and the other gets false.
 */
export async function recordCancellationRequest(db: Kysely<Database>, serverId: string, cancellation: object): Promise<boolean> {
  const result = await db.updateTable('servers').set({ cancellation: writeJson(cancellation) }).where('id', '=', serverId).where('cancellation', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The firewall generation of each server goes up by one (its rules changed): one statement. */
export async function bumpFirewallGenerations(db: Kysely<Database>, serverIds: readonly string[]): Promise<void> {
  if (serverIds.length === 0) return;
  await db
    .updateTable('servers')
    .set((eb) => ({ firewall_generation: eb('firewall_generation', '+', 1) }))
    .where('id', 'in', [...serverIds])
    .execute();
}

/**
 * Marks `generation` of the server's firewall as announced, if it is newer
 * than the one announced and not older than the server's current one;
 * answers the server's project when it moved, undefined otherwise.
 */
export async function announceFirewallGeneration(db: Kysely<Database>, serverId: string, generation: number): Promise<{ projectId: number } | undefined> {
  const moved = await db
    .updateTable('servers')
    .set({ firewall_announced_generation: generation })
    .where('id', '=', serverId)
    .where('firewall_announced_generation', '<', generation)
    .where('firewall_generation', '<=', generation)
    .returning(['project_id'])
    .executeTakeFirst();
  return moved ? { projectId: moved.project_id } : undefined;
}

/**
 * Writes the server row (to itself) so it stays locked until the
 * transaction ends: two changes of one server's firewall groups run one after
 * the other. False when the server is gone.
 */
export async function lockServerRow(db: Kysely<Database>, serverId: string): Promise<boolean> {
  const result = await db
    .updateTable('servers')
    .set((eb) => ({ firewall_generation: eb.ref('firewall_generation') }))
    .where('id', '=', serverId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The private network is on for the server (the enable_private_network action succeeded). */
export async function enablePrivateNetwork(db: Kysely<Database>, serverId: string): Promise<void> {
  await db.updateTable('servers').set({ private_network_enabled: true }).where('id', '=', serverId).execute();
}
