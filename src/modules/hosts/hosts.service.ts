// Hypervisor hosts (D19): the operator registers the machines of each
// location (libvirt URI, capacity), lists them with what their servers use,
// drains one (it keeps its servers and takes no new ones) and removes one
// that is empty. Placement asks this module for a host with room for a plan
// (HostService.choose, in the placement's transaction) and ordering asks
// first whether there is one (requireRoom); a location with no host
// registered at all places on the provisioning backend's default host.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { CachedUntilChanged, type ChangeFeed } from '../../db/change-feed.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound, validationError } from '../../errors.ts';
import type { BillingBackOffice } from '../../upstreams/billing/port.ts';
import * as repo from './hosts.repo.ts';
import type { CreateHostInput, Host, UpdateHostInput } from './hosts.schemas.ts';

export type { Resources } from './hosts.repo.ts';

const describePlan = (plan: repo.Resources) => `${plan.cpu_cores} vCPU${plan.cpu_cores === 1 ? '' : 's'}, ${plan.ram_mb} MB memory, ${plan.disk_gb} GB disk`;

/**
 * Every host of a location is draining or full for the plan. Refused as the
 * spec refuses a location out of stock: 400 `validation_error` on `location`.
 * `reason` says it without the field, for an order whose delivery meets it.
 */
export class NoHostRoom extends AppError {
  readonly reason: string;

  constructor(location: string, plan: repo.Resources) {
    const reason = `no hypervisor host in ${location} has room for the plan (${describePlan(plan)})`;
    super('validation_error', `location: ${reason}`, { errors: [{ field: 'location', message: 'no hypervisor host in this location has room for the product' }] });
    this.reason = reason;
  }
}

const fits = (host: repo.Resources, use: repo.Resources, plan: repo.Resources) =>
  use.cpu_cores + plan.cpu_cores <= host.cpu_cores && use.ram_mb + plan.ram_mb <= host.ram_mb && use.disk_gb + plan.disk_gb <= host.disk_gb;

/** Of these hosts, the ones with room for the plan, the one with the most free memory first (then the oldest). */
async function withRoom(db: Kysely<Database>, active: repo.HostRow[], plan: repo.Resources): Promise<repo.HostRow[]> {
  const use = await repo.hostUse(db, active.map((host) => host.id));
  const free = (host: repo.HostRow) => host.ram_mb - (use.get(host.id) ?? repo.NO_USE).ram_mb;
  return active.filter((host) => fits(host, use.get(host.id) ?? repo.NO_USE, plan)).sort((a, b) => free(b) - free(a) || a.id - b.id);
}

/** What starts watching a host once it is registered, in the transaction that registers it. */
export interface HostWatch {
  startWatching(trx: Kysely<Database>, hostId: number): Promise<void>;
}

export interface HostServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** The catalogue as billing holds it now: a host's location must be one of its locations. */
  billing: BillingBackOffice;
  /** A registered host's drift checks (the host-drift module), committed with the host so no host goes unchecked. */
  watch: HostWatch;
  /** Says when any process registered or removed a host ('hosts'): the locations kept as having hosts are read again. */
  changes: ChangeFeed;
}

/**
 * A bound on how long the locations with hosts are kept: hosts registered or
 * removed through cloudplane reach every process through the change feed
 * well before; this only bounds a row written by hand.
 */
const HOSTED_LOCATIONS_MAX_AGE_MS = 60_000;

export class HostService {
  /**
   * The locations with at least one host registered. Most have none, and every
   * order and placement asks: kept, a location without hosts costs no read.
   */
  private readonly hostedLocations: CachedUntilChanged<ReadonlySet<string>>;

  constructor(private readonly deps: HostServiceDependencies) {
    this.hostedLocations = new CachedUntilChanged(deps.changes, 'hosts', async () => new Set(await repo.listHostedLocations(deps.db)), HOSTED_LOCATIONS_MAX_AGE_MS);
  }

  // What ordering, placement and provisioning ask of the hosts: read through
  // the caller's database or transaction (`db`, `trx`), so a placement counts
  // and locks the hosts in the transaction that places the server.

  /**
   * Refuses (NoHostRoom) a plan no host of the location can take now: asked
   * when a server is ordered or imported, before billing is. Placement counts
   * again under the hosts' locks; this only spares the client an order that
   * could not be delivered. A location with no host registered refuses nothing.
   */
  async requireRoom(db: Kysely<Database>, location: string, plan: repo.Resources): Promise<void> {
    if (!(await this.placesOnHosts(db, location))) return;
    const hosts = await repo.listLocationHosts(db, location);
    if (hosts.length === 0) return;
    const candidates = await withRoom(db, hosts.filter((host) => host.state === 'active'), plan);
    if (candidates.length === 0) throw new NoHostRoom(location, plan);
  }

  /**
   * Whether a server placed in the location now goes on a hypervisor host: a
   * location with no host registered places on the provisioning backend's
   * default host. No lock: placement asks it before its writes and chooses
   * the host (`choose`) last, under the hosts' locks. A host registered in
   * another process is known here once its notice arrives (milliseconds; on
   * SQLite, the change feed's check interval), as an unlocked read would
   * know it once committed: a placement asking in between places as before it.
   *
   * The locations come from the kept list, which is read through the
   * process's database, not a caller's transaction: in a transaction it is
   * used only if current, and otherwise the location's hosts are read through
   * the transaction, since on SQLite the transaction holds the one connection
   * any other read would wait for.
   */
  async placesOnHosts(db: Kysely<Database>, location: string): Promise<boolean> {
    const kept = db.isTransaction ? this.hostedLocations.peek() : await this.hostedLocations.get();
    return kept ? kept.has(location) : (await repo.listLocationHosts(db, location)).length > 0;
  }

  /**
   * The host a server of this plan is placed on: the location's active host
   * with room and the most free memory, counted with the location's hosts
   * locked until `trx` ends, so no other placement fills one meanwhile. Null
   * when the location has no host registered (any more). Throws NoHostRoom
   * when no active host has room. `trx` must be the placement's transaction,
   * and the server placed must not be on a host yet (it is not counted).
   * Every placement of the location waits for these locks, so the placement
   * asks last, just before its final writes.
   */
  async choose(trx: Kysely<Database>, location: string, plan: repo.Resources): Promise<number | null> {
    const hosts = await repo.lockLocationHosts(trx, location);
    if (hosts.length === 0) return null;
    const [chosen] = await withRoom(trx, hosts.filter((host) => host.state === 'active'), plan);
    if (!chosen) throw new NoHostRoom(location, plan);
    return chosen.id;
  }

  /** The libvirt URI of the host the server was placed on; null for one placed on none (the backend's default host). */
  uriOf(db: Kysely<Database>, serverId: string): Promise<string | null> {
    return repo.hostUriOfServer(db, serverId);
  }

  async create(input: CreateHostInput): Promise<Host> {
    const { clock } = this.deps;
    const catalogue = await this.deps.billing.getCurrentCatalogue();
    if (!catalogue.locations.some((location) => location.code === input.location)) throw validationError('location', 'is not a location of the catalogue');
    await this.requireUnique(input);
    const now = clock.now().toISOString();
    try {
      const row = await this.deps.changes.commit('hosts', async (trx) => {
        const inserted = await repo.insertHost(trx, {
          name: input.name,
          location: input.location,
          uri: input.uri,
          cpu_cores: input.cpu_cores,
          ram_mb: input.ram_mb,
          disk_gb: input.disk_gb,
          state: input.state ?? 'active',
          created_at: now,
          updated_at: now,
        });
        await this.deps.watch.startWatching(trx, inserted.id);
        return inserted;
      });
      return toHost(row, repo.NO_USE);
    } catch (error) {
      // Registered at the same moment by another request: answered as if it had come first.
      if (isUniqueViolation(error)) await this.requireUnique(input);
      throw error;
    }
  }

  /** Every host (of one location), by location and name, each with its use. */
  async list(location?: string): Promise<Host[]> {
    const rows = await repo.listHosts(this.deps.db, location);
    const use = await repo.hostUse(this.deps.db, rows.map((row) => row.id));
    return rows.map((row) => toHost(row, use.get(row.id) ?? repo.NO_USE));
  }

  /** Each host's id, name and libvirt URI, without their use: for the work done host by host (drift checks). */
  async identities(): Promise<HostIdentity[]> {
    return (await repo.listHosts(this.deps.db)).map(toIdentity);
  }

  /** One host's id, name and libvirt URI; null when there is none (removed). */
  async findIdentity(id: number): Promise<HostIdentity | null> {
    const row = await repo.findHost(this.deps.db, id);
    return row ? toIdentity(row) : null;
  }

  async get(id: number): Promise<Host> {
    const row = await repo.findHost(this.deps.db, id);
    if (!row) throw notFound('host');
    return this.withUse(this.deps.db, row);
  }

  /**
   * Drains (`state: draining`) or reactivates a host, changes its capacity
   * or its URI. A capacity below what its servers use is kept as given: the
   * host then takes no new server until enough have left. The URI changes
   * only while no server is on the host: the provisioning system reaches
   * each server at the URI it was created through.
   */
  async update(id: number, input: UpdateHostInput): Promise<Host> {
    const { db, clock } = this.deps;
    if (input.uri !== undefined) await this.requireUnique({ uri: input.uri }, id);
    try {
      return await db.transaction().execute(async (trx) => {
        const current = await repo.lockHost(trx, id);
        if (!current) throw notFound('host');
        if (input.uri !== undefined && input.uri !== current.uri) {
          const servers = await repo.countHostServers(trx, id);
          if (servers > 0) throw new AppError('conflict', `The host has ${servers} server${servers === 1 ? '' : 's'}; its URI can change only while it has none`, { servers });
        }
        const next = {
          state: input.state ?? current.state,
          uri: input.uri ?? current.uri,
          cpu_cores: input.cpu_cores ?? current.cpu_cores,
          ram_mb: input.ram_mb ?? current.ram_mb,
          disk_gb: input.disk_gb ?? current.disk_gb,
        };
        // A body that changes nothing leaves updated_at as it was.
        if ((Object.keys(next) as (keyof typeof next)[]).every((field) => next[field] === current[field])) return this.withUse(trx, current);
        const row = await repo.updateHost(trx, id, { ...next, updated_at: clock.now().toISOString() });
        return this.withUse(trx, row ?? current);
      });
    } catch (error) {
      if (isUniqueViolation(error) && input.uri !== undefined) await this.requireUnique({ uri: input.uri }, id);
      throw error;
    }
  }

  /** Removes a host no server is on; one with servers is a 409 `conflict` (drain it and move or delete them first). */
  async remove(id: number): Promise<void> {
    await this.deps.changes.commit('hosts', async (trx) => {
      // Locked: a placement that chose the host commits its server first, or finds the host gone.
      const current = await repo.lockHost(trx, id);
      if (!current) throw notFound('host');
      const servers = await repo.countHostServers(trx, id);
      if (servers > 0) throw new AppError('conflict', `The host has ${servers} server${servers === 1 ? '' : 's'}; only a host without servers can be removed`, { servers });
      await repo.deleteHost(trx, id);
    });
  }

  private async withUse(db: Kysely<Database>, row: repo.HostRow): Promise<Host> {
    return toHost(row, (await repo.hostUse(db, [row.id])).get(row.id) ?? repo.NO_USE);
  }

  /** A name or URI another host has: 409, `name_taken` for the name, `conflict` for the URI (one machine registered twice), with that host's id. */
  private async requireUnique(input: { name?: string; uri?: string }, exceptId?: number): Promise<void> {
    const { db } = this.deps;
    if (input.name !== undefined) {
      const other = await repo.findHostNamed(db, 'name', input.name);
      if (other && other.id !== exceptId) {
        throw new AppError('name_taken', `A host named ${input.name} exists`, { host_id: other.id, errors: [{ field: 'name', message: 'already in use' }] });
      }
    }
    if (input.uri !== undefined) {
      const other = await repo.findHostNamed(db, 'uri', input.uri);
      if (other && other.id !== exceptId) {
        throw new AppError('conflict', `Host ${other.name} is registered with this URI`, { host_id: other.id, errors: [{ field: 'uri', message: 'already in use' }] });
      }
    }
  }
}

/** A host as the work done host by host names and reaches it. */
export interface HostIdentity {
  id: number;
  name: string;
  uri: string;
}

const toIdentity = (row: repo.HostRow): HostIdentity => ({ id: row.id, name: row.name, uri: row.uri });

function toHost(row: repo.HostRow, use: repo.HostUse): Host {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    uri: row.uri,
    state: row.state,
    cpu_cores: row.cpu_cores,
    ram_mb: row.ram_mb,
    disk_gb: row.disk_gb,
    used: { servers: use.servers, cpu_cores: use.cpu_cores, ram_mb: use.ram_mb, disk_gb: use.disk_gb },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
