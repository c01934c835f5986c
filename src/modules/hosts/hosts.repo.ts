// Every query on the hosts table and on servers.host_id, the column placement
// fills in. A host's use is read from the plans of the servers placed on it
// (servers.plan and pending_plan), so it can never drift from the servers
// that are really there.
import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
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
 * Every host of a location, whatever its state, locked for the rest of the
 * placement's transaction `trx`, so that what it counts on them is still
 * true when it commits. On PostgreSQL `for update`, in id order: placements
 * take the locks in one order and cannot deadlock, and one that waited
 * counts, in its next statement, the servers the placement before it left
 * (a statement sees what committed before it began, so the count must not
 * be part of this one). Draining hosts are locked too: one statement serves
 * the usual location without any host, and an operator's change of a
 * draining host is rare. SQLite's write transaction holds the whole database
 * already.
 */
export async function lockLocationHosts(trx: Kysely<Database>, location: string): Promise<HostRow[]> {
  const query = trx.selectFrom('hosts').select(HOST_COLUMNS).where('location', '=', location).orderBy('id');
  return trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate().execute() : query.execute();
}

/** Every location with at least one host registered, whatever its state. */
export async function listHostedLocations(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('hosts').select('location').distinct().execute()).map((row) => row.location);
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

/**
 * The use of each of these hosts (hosts without a server are left out of the
 * map): what its servers hold, each its plan or, with a plan change waiting
 * for a reboot, the larger of the two, field by field. Summed by the
 * database, so a placement reads one row per host, not one per server.
 */
export async function hostUse(db: Kysely<Database>, hostIds: readonly number[]): Promise<Map<number, HostUse>> {
  const use = new Map<number, HostUse>();
  if (hostIds.length === 0) return use;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // A field the plan lacks holds nothing; SQLite's two-argument max is PostgreSQL's greatest.
  const held = (field: keyof Resources) => {
    const [plan, pending] = [sql`coalesce(cast(servers.plan ->> ${sql.lit(field)} as integer), 0)`, sql`coalesce(cast(servers.pending_plan ->> ${sql.lit(field)} as integer), 0)`];
    return sql<number | string>`sum(${postgres ? sql`greatest(${plan}, ${pending})` : sql`max(${plan}, ${pending})`})`;
  };
  const rows = await db
    .selectFrom('servers')
    .select((eb) => ['host_id', eb.fn.countAll<number | string>().as('servers'), held('cpu_cores').as('cpu_cores'), held('ram_mb').as('ram_mb'), held('disk_gb').as('disk_gb')])
    .where('host_id', 'in', hostIds)
    .groupBy('host_id')
    .execute();
  for (const row of rows) {
    if (row.host_id === null) continue;
    use.set(row.host_id, { servers: Number(row.servers), cpu_cores: Number(row.cpu_cores), ram_mb: Number(row.ram_mb), disk_gb: Number(row.disk_gb) });
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
