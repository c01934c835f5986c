// Every query on servers and what hangs off them (SSH keys, addresses).
import type { Kysely, Selectable } from 'kysely';
import { readBool, readJson } from '../../db/columns.ts';
import type { Database, ServersTable } from '../../db/schema.ts';

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

export const toLocation = (value: unknown) => readJson<StoredLocation>(value);
export const toPlan = (value: unknown) => readJson<StoredPlan>(value);

export function toServerRecord(row: Selectable<ServersTable>): ServerRecord {
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

export async function findServer(db: Kysely<Database>, serverId: string): Promise<ServerRecord | undefined> {
  const row = await db.selectFrom('servers').selectAll().where('id', '=', serverId).executeTakeFirst();
  return row && toServerRecord(row);
}

export async function findProjectServer(db: Kysely<Database>, projectId: number, serverId: string): Promise<ServerRecord | undefined> {
  const row = await db.selectFrom('servers').selectAll().where('id', '=', serverId).where('project_id', '=', projectId).executeTakeFirst();
  return row && toServerRecord(row);
}

export async function countProjectServers(db: Kysely<Database>, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('servers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of a project's servers (oldest first), with each one's primary
 * IPv4 address. Two steps, so the page is cut from the index first and only
 * its servers' addresses are looked up.
 */
export async function listProjectServers(db: Kysely<Database>, projectId: number, page: { limit: number; offset: number }) {
  const rows = await db
    .selectFrom('servers')
    .select(['id', 'hostname', 'status', 'location', 'plan'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (rows.length === 0) return [];
  const primaries = await db
    .selectFrom('ip_allocations')
    .select(['server_id', 'address'])
    .where('server_id', 'in', rows.map((row) => row.id))
    .where('is_primary', '=', true as never)
    .execute();
  const primaryOf = new Map(primaries.map((entry) => [entry.server_id, entry.address]));
  return rows.map((row) => ({ ...row, ipv4_primary: primaryOf.get(row.id) ?? null }));
}

export async function serverSshKeyIds(db: Kysely<Database>, serverId: string): Promise<number[]> {
  const rows = await db.selectFrom('server_ssh_keys').select('ssh_key_id').where('server_id', '=', serverId).orderBy('ssh_key_id').execute();
  return rows.map((row) => row.ssh_key_id);
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

/** Totals of the project's pooled servers in one location: they share one allowance. */
export async function bandwidthPool(db: Kysely<Database>, projectId: number, locationCode: string) {
  const row = await db
    .selectFrom('bandwidth_pools')
    .select(['allocated_gb', 'extra_gb', 'used_gb'])
    .where('project_id', '=', projectId)
    .where('location_code', '=', locationCode)
    .executeTakeFirst();
  return { allocated_gb: Number(row?.allocated_gb ?? 0), extra_gb: Number(row?.extra_gb ?? 0), used_gb: Number(row?.used_gb ?? 0) };
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
