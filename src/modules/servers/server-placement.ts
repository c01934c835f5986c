// Putting a new server in place: checking the choices against the
// catalogue, then creating the server, its addresses and its SSH keys in one
// transaction, tied to the billing service it is billed by. The billing
// service itself is billing's: an order reserved it with its invoice, or the
// operator's import opened it before the transaction. The operator's import
// uses this; orders deliver through it.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { writeJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import { addressesExhausted, validationError } from '../../errors.ts';
import { parseMoney } from '../../money.ts';
import type { NewBillingService } from '../../upstreams/billing/port.ts';
import { allocateIpv4, allocateIpv6Subnet, PoolExhausted, reserveIpv4, reserveIpv6Subnet } from '../addresses/index.ts';
import { nextDueDate } from '../catalogue/index.ts';
import type { Catalogue, CatalogueLocation, CatalogueProduct } from '../../schemas/catalogue.ts';
import type { HostService } from '../hosts/index.ts';
import type { SshKeyService } from '../ssh-keys/index.ts';
import { writeAll, WroteNothing, type BatchWrite } from '../../db/write-batch.ts';
import { withdrawQueuedJobWrite } from '../../jobs/queue.ts';
import { asTransaction, eventWrite } from '../events/index.ts';
import type { ServerSummary } from './servers.schemas.ts';

export interface PlacementRequest {
  hostname: string;
  product_id: number;
  location: string;
  /** The image to install; with `snapshot`, the server is made from the snapshot instead. */
  image: string;
  snapshot?: { id: number; name: string };
  billing_cycle?: string;
  ssh_keys?: number[];
  ipv6?: boolean;
  ipv4_additional?: number;
  private_network?: boolean;
  has_user_data?: boolean;
}

export interface CheckedPlacement {
  request: PlacementRequest;
  product: CatalogueProduct;
  location: CatalogueLocation & { ipv4_pool: string };
  cycle: string;
  imageDisplayName: string;
}

/** Recurring price of the server with its extras, in minor units. */
export function recurringAmount(catalogue: Catalogue, placement: CheckedPlacement): number {
  const { request, product, cycle } = placement;
  const extraAddresses = (request.ipv4_additional ?? 0) * parseMoney(catalogue.pricing.ipv4_additional[cycle] ?? '0');
  const ipv6 = request.ipv6 ? parseMoney(catalogue.pricing.ipv6[cycle] ?? '0') : 0;
  return parseMoney(product.prices[cycle] ?? '0') + extraAddresses + ipv6;
}

/** Checks every choice against the catalogue; a choice it does not offer is a 400 on that field. */
export function checkPlacement(catalogue: Catalogue, request: PlacementRequest, options: { requireStock: boolean }): CheckedPlacement {
  const product = catalogue.products.find((candidate) => candidate.id === request.product_id);
  if (!product) throw validationError('product_id', 'is not a product of the catalogue');
  const location = catalogue.locations.find((entry) => entry.code === request.location);
  if (!location) throw validationError('location', `is not a location of the catalogue (there are: ${catalogue.locations.map((entry) => entry.code).join(', ')})`);
  const stock = product.locations.find((entry) => entry.code === request.location);
  if (!stock) throw validationError('location', 'the product is not offered in this location');
  if (options.requireStock && !stock.in_stock) throw validationError('location', 'the product is out of stock in this location');
  if (!location.ipv4_pool) throw validationError('location', 'this location has no addresses to give out');
  if (!request.snapshot && !product.images.includes(request.image)) throw validationError('image', 'the product does not offer this image');
  const image = catalogue.images.find((entry) => entry.name === request.image);
  const cycle = request.billing_cycle ?? product.default_billing_cycle;
  if (!product.billing_cycles.includes(cycle)) throw validationError('billing_cycle', `must be one of: ${product.billing_cycles.join(', ')}`);
  if (request.ipv6 && !location.ipv6_pool) throw validationError('ipv6', 'this location has no IPv6 addresses to give out');
  const imageDisplayName = request.snapshot ? `Snapshot ${request.snapshot.name}` : (image?.display_name ?? request.image);
  return { request, product, location: { ...location, ipv4_pool: location.ipv4_pool }, cycle, imageDisplayName };
}

export function newServerId(): string {
  return randomBytes(8).toString('hex');
}

/** The billing service a server placed now is billed by, its term starting now. */
export function serviceFor(catalogue: Catalogue, placement: CheckedPlacement, billed: { serverId: string; userId: number }, now: Date): NewBillingService & { serverId: string } {
  const { product, cycle } = placement;
  return {
    userId: billed.userId,
    serverId: billed.serverId,
    productId: product.id,
    billingCycle: cycle,
    nextDueDate: nextDueDate(now, cycle),
    recurringAmount: recurringAmount(catalogue, placement),
    setupFee: parseMoney(product.setup_fees[cycle] ?? '0'),
    currency: product.currency,
  };
}

/** What placing a server asks of other modules, in the placement's transaction. */
export interface PlacementDependencies {
  clock: Clock;
  /** The keys the request names must be the project's, checked in the transaction that sets them on the server. */
  sshKeys: SshKeyService;
  /** Chooses the hypervisor host, locking the location's hosts until the transaction ends. */
  hosts: Pick<HostService, 'placesOnHosts' | 'choose'>;
}

/** A slot reserved for the placement (reserveIpv4) was found taken by the claim in its last statement: nothing was written. */
export class ReservedAddressTaken extends Error {
  constructor() {
    super("an address reserved at the pool's cursor was found taken when the placement claimed it");
  }
}

export interface PlacementOptions {
  /** Each address claimed as soon as it is found (allocateIpv4), after a reserved one was found taken. */
  claimAtOnce?: boolean;
}

/**
 * Runs a placement's transaction (`place`, which calls placeServer with the
 * options it is given). A slot taken behind the cursor's back, which only a
 * pool that overlaps or a row written by hand can cause, undoes the first
 * try (ReservedAddressTaken); the second claims each address as it finds
 * it, passing over the taken ones.
 */
export async function inPlacementTransaction<T>(db: Kysely<Database>, place: (trx: Kysely<Database>, options: PlacementOptions) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute((trx) => place(trx, {}));
  } catch (error) {
    if (!(error instanceof ReservedAddressTaken)) throw error;
    return db.transaction().execute((trx) => place(trx, { claimAtOnce: true }));
  }
}

/**
 * Creates the server running, with its addresses and keys, billed by
 * `billing.serviceId`, on a hypervisor host of its location with room for its
 * plan (NoHostRoom when none has). `db` must be a transaction: a pool that
 * runs out undoes the whole server. Run it in inPlacementTransaction.
 *
 * Placements queue on rows every placement of the project or location
 * writes: the project's server count (the servers insert's trigger), the
 * location's address cursor, the project's bandwidth pool and its event
 * sequence, and the location's hypervisor hosts. Each is held from its write
 * to the commit, so the fewer round trips between the first of them and the
 * commit, the more placements a second the project and the location take.
 * In the usual case the addresses' cursors are moved first (one statement
 * each), the host is chosen, and everything else, the server's row included,
 * is one last statement on PostgreSQL (db/write-batch.ts; its foreign keys
 * are checked at the statement's end): the project's rows are held for that
 * statement and the commit only. When an address has to be found another way
 * (released ones are handed out again first) the server's row is written
 * before it, as the address's row refers to it.
 */
export async function placeServer(
  db: Kysely<Database>,
  deps: PlacementDependencies,
  project: { id: number },
  placement: CheckedPlacement,
  billing: {
    serverId: string;
    serviceId: number;
    /** A queued job that undoes the billing if the server is never placed: withdrawn in the placement's last statement. */
    settleJobId?: number;
  },
  options: PlacementOptions = {},
): Promise<void> {
  const { request, product, location } = placement;
  const keyIds = await deps.sshKeys.requireOwned(db, project.id, request.ssh_keys ?? []);

  // Most locations have no host: asked here without a lock; a host is chosen last, under the hosts' locks.
  const onHost = await deps.hosts.placesOnHosts(db, location.code);

  const now = deps.clock.now().toISOString();
  const serverId = billing.serverId;
  const server = {
    id: serverId,
    project_id: project.id,
    hostname: request.hostname,
    status: 'running' as const,
    created_at: now,
    location_code: location.code,
    location: writeJson({ code: location.code, city: location.city, country_code: location.country_code, ipv4_pool: location.ipv4_pool, ipv6_pool: location.ipv6_pool }),
    // A server made from a snapshot has no image name to reinstall with.
    image: writeJson(request.snapshot ? { name: null, display_name: placement.imageDisplayName, snapshot_id: request.snapshot.id } : { name: request.image, display_name: placement.imageDisplayName }),
    plan: writeJson({ name: product.name, category: product.category, ...product.plan }),
    pending_plan: null,
    product_id: product.id,
    suspended_from: null,
    has_user_data: Boolean(request.has_user_data),
    iso: null,
    private_network_eligible: product.private_network,
    private_network_enabled: Boolean(request.private_network && product.private_network),
    bandwidth_pooled: product.pooled_bandwidth,
    bandwidth_allocated_gb: product.bandwidth_gb,
    bandwidth_extra_gb: 0,
    bandwidth_used_gb: 0,
    billing_service_id: billing.serviceId,
  };

  // The address pools are shared by every placement in the location: each
  // cursor is held from its move to the commit. Every placement takes its
  // locks in one order (the cursors, the location's hosts, then the
  // project's rows), as two that took them in different orders could each
  // wait for the other.
  const allocation = { location: location.code, pool: location.ipv4_pool, serverId, now };
  const ipv4 = Array.from({ length: 1 + (request.ipv4_additional ?? 0) }, (_, position) => ({ ...allocation, isPrimary: position === 0, position }));
  const ipv6 = request.ipv6 && location.ipv6_pool ? [{ ...allocation, pool: location.ipv6_pool }] : [];
  const wanted = [
    ...ipv4.map((each) => ({ primary: each.isPrimary, reserve: () => reserveIpv4(db, each), allocate: () => allocateIpv4(db, each) })),
    ...ipv6.map((each) => ({ primary: false, reserve: () => reserveIpv6Subnet(db, each), allocate: () => allocateIpv6Subnet(db, each) })),
  ];
  const claims: BatchWrite[] = [];
  /** Addresses whose cursor is held but whose slot must be found another way, once the server's row exists. */
  const toAllocate: typeof wanted = [];
  let primaryIpv4: string | null = null;
  for (const address of wanted) {
    // Once one address is found another way, the rest follow it, lowest first.
    const reserved = options.claimAtOnce || toAllocate.length > 0 ? undefined : await address.reserve();
    if (!reserved) toAllocate.push(address);
    else {
      claims.push(reserved.claim);
      if (address.primary) primaryIpv4 = reserved.address;
    }
  }

  // The location's hosts stay locked from here to the commit, so no other placement fills the chosen one meanwhile.
  const placed = { ...server, host_id: onHost ? await deps.hosts.choose(db, location.code, product.plan) : null };

  const writes: BatchWrite[] = [];
  if (toAllocate.length === 0) writes.push(db.insertInto('servers').values(placed).returning('id'));
  else {
    // An address row refers to its server: the row first, then the addresses one by one.
    await db.insertInto('servers').values(placed).execute();
    try {
      for (const address of toAllocate) {
        const allocated = await address.allocate();
        if (address.primary) primaryIpv4 = allocated;
      }
    } catch (error) {
      if (error instanceof PoolExhausted) throw addressesExhausted(location.code);
      throw error;
    }
  }
  writes.push(...claims);
  // A new server has no keys to replace: only the keys' rows are written.
  if (keyIds.length > 0) writes.push(db.insertInto('server_ssh_keys').values(keyIds.map((keyId) => ({ server_id: serverId, ssh_key_id: keyId }))).returning('server_id'));
  if (product.pooled_bandwidth) writes.push(bandwidthPoolGrowth(db, project.id, location.code, product.bandwidth_gb));
  // The server as the server list shows it (server-events.ts), from the values just written rather than read back.
  const summary: ServerSummary = {
    id: serverId,
    hostname: server.hostname,
    status: server.status,
    ipv4_primary: primaryIpv4,
    location: { code: location.code, city: location.city ?? null, country_code: location.country_code ?? null },
    plan: { name: product.name },
  };
  writes.push(eventWrite({ projectId: project.id, type: 'server.created', resource: { type: 'server', id: serverId }, data: summary, now }));
  if (billing.settleJobId !== undefined) writes.push(withdrawQueuedJobWrite(db, billing.settleJobId));
  try {
    await writeAll(asTransaction(db), writes);
  } catch (error) {
    // Every other write of the batch answers its row whatever the state: only a claim can have found its slot taken.
    if (error instanceof WroteNothing && claims.length > 0) throw new ReservedAddressTaken();
    throw error;
  }
}

/** The project's bandwidth pool in the location grows by a pooled server's allowance (the pool made with its first server). */
function bandwidthPoolGrowth(db: Kysely<Database>, projectId: number, locationCode: string, allocatedGb: number) {
  return db
    .insertInto('bandwidth_pools')
    .values({ project_id: projectId, location_code: locationCode, allocated_gb: allocatedGb, extra_gb: 0, used_gb: 0 })
    .onConflict((conflict) => conflict.columns(['project_id', 'location_code']).doUpdateSet((eb) => ({ allocated_gb: eb('bandwidth_pools.allocated_gb', '+', allocatedGb) })))
    .returning('project_id');
}
