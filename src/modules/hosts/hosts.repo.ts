// Every query on the hosts table and on servers.host_id, the column placement
// fills in. A host's use is read from the plans of the servers placed on it
// (servers.plan and pending_plan), so it can never drift from the servers
// that are really there.
import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import { readJson } from '../../db/columns.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, HostsTable } from '../../db/schema.ts';

export type HostRow = Selectable<HostsTable>;

const HOST_COLUMNS = ['id', 'name', 'location', 'uri', 'cpu_cores', 'ram_mb', 'disk_gb', 'state', 'created_at', 'updated_at'] as const;

/** What a server's plan asks of its host. */
export interface Resources {
  cpu_cores: number;
  ram_mb: number;
  disk_gb: number;
}

export interface HostUse extends Resources {
  servers: number;
}

export const NO_USE: HostUse = { servers: 0, cpu_cores: 0, ram_mb: 0, disk_gb: 0 };

export async function insertHost(db: Kysely<Database>, values: Omit<HostRow, 'id'>): Promise<HostRow> {
  return db.insertInto('hosts').values(values).returning(HOST_COLUMNS).executeTakeFirstOrThrow();
}

export async function findHost(db: Kysely<Database>, id: number): Promise<HostRow | undefined> {
  return db.selectFrom('hosts').select(HOST_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The host with this name or this URI (the two are unique), if any. */
export async function findHostNamed(db: Kysely<Database>, field: 'name' | 'uri', value: string): Promise<HostRow | undefined> {
  return db.selectFrom('hosts').select(HOST_COLUMNS).where(field, '=', value).executeTakeFirst();
}

export async function listHosts(db: Kysely<Database>, location?: string): Promise<HostRow[]> {
  let query = db.selectFrom('hosts').select(HOST_COLUMNS);
  if (location !== undefined) query = query.where('location', '=', location);
  return query.orderBy('location').orderBy('name').execute();
}

// Every placement asks it (usually of a location with no host at all): prepared once.
const selectLocationHosts = preparedQuery((db, location: string) => db.selectFrom('hosts').select(HOST_COLUMNS).where('location', '=', location).orderBy('id'));

/** Every host of a location, whatever its state. */
export function listLocationHosts(db: Kysely<Database>, location: string): Promise<HostRow[]> {
  return selectLocationHosts(db, location);
}

/**
 * The active hosts of a location, locked for the rest of the placement's
 * transaction `trx`, so that what it counts on them is still true when it
 * commits. On PostgreSQL `for update`, in id order: placements take the
 * locks in one order and cannot deadlock, and one that waited reads the
 * rows as the placement before it left them. SQLite's write transaction
 * holds the whole database already.
 */
export async function lockActiveLocationHosts(trx: Kysely<Database>, location: string): Promise<HostRow[]> {
  const query = trx.selectFrom('hosts').select(HOST_COLUMNS).where('location', '=', location).where('state', '=', 'active').orderBy('id');
  return trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate().execute() : query.execute();
}

/**
 * Locks one host for the rest of the transaction `trx`, for the operator's
 * change or removal of it (an update that changes nothing: PostgreSQL holds
 * the row until the end, SQLite's write transaction everything). A placement
 * that holds it commits first, or finds the host changed.
 */
export async function lockHost(trx: Kysely<Database>, id: number): Promise<HostRow | undefined> {
  return trx
    .updateTable('hosts')
    .set((eb) => ({ state: eb.ref('state') }))
    .where('id', '=', id)
    .returning(HOST_COLUMNS)
    .executeTakeFirst();
}

export async function updateHost(trx: Kysely<Database>, id: number, changes: Partial<Omit<HostRow, 'id' | 'name' | 'location' | 'created_at'>>): Promise<HostRow | undefined> {
  return trx.updateTable('hosts').set(changes).where('id', '=', id).returning(HOST_COLUMNS).executeTakeFirst();
}

export async function deleteHost(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom('hosts').where('id', '=', id).execute();
}

interface StoredPlan {
  cpu_cores?: number | null;
  ram_mb?: number | null;
  disk_gb?: number | null;
}

/** What a server holds of its host: its plan, or with a plan change waiting for a reboot, the larger of the two. */
function heldBy(plan: StoredPlan, pending: StoredPlan | null): Resources {
  const larger = (field: keyof Resources) => Math.max(plan[field] ?? 0, pending?.[field] ?? 0);
  return { cpu_cores: larger('cpu_cores'), ram_mb: larger('ram_mb'), disk_gb: larger('disk_gb') };
}

/** The use of each of these hosts (hosts without a server are left out of the map). */
export async function hostUse(db: Kysely<Database>, hostIds: readonly number[]): Promise<Map<number, HostUse>> {
  const use = new Map<number, HostUse>();
  if (hostIds.length === 0) return use;
  const rows = await db.selectFrom('servers').select(['host_id', 'plan', 'pending_plan']).where('host_id', 'in', hostIds).execute();
  for (const row of rows) {
    if (row.host_id === null) continue;
    const held = heldBy(readJson<StoredPlan>(row.plan), row.pending_plan === null ? null : readJson<StoredPlan>(row.pending_plan));
    const sum = use.get(row.host_id) ?? { ...NO_USE };
    use.set(row.host_id, {
      servers: sum.servers + 1,
      cpu_cores: sum.cpu_cores + held.cpu_cores,
      ram_mb: sum.ram_mb + held.ram_mb,
      disk_gb: sum.disk_gb + held.disk_gb,
    });
  }
  return use;
}

/** How many servers are placed on the host. */
export async function countHostServers(db: Kysely<Database>, hostId: number): Promise<number> {
  const row = await db.selectFrom('servers').select((eb) => eb.fn.countAll<number>().as('count')).where('host_id', '=', hostId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The libvirt URI of the host a server was placed on; null when it was placed on none. */
export async function hostUriOfServer(db: Kysely<Database>, serverId: string): Promise<string | null> {
  const row = await db
    .selectFrom('servers')
    .innerJoin('hosts', 'hosts.id', 'servers.host_id')
    .select('hosts.uri')
    .where('servers.id', '=', serverId)
    .executeTakeFirst();
  return row?.uri ?? null;
}
