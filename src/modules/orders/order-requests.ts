// What each kind of order buys and costs (D7, D9): checked against the
// catalogue, priced in minor units, turned into invoice lines. Nothing here
// writes; the order service records and submits.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, validationError } from '../../errors.ts';
import { formatMoney, parseMoney } from '../../money.ts';
import type { BillingService, InvoiceItem, ReservedService } from '../../upstreams/billing/port.ts';
import { termStart } from '../catalogue/index.ts';
import type { Catalogue, CatalogueProduct } from '../../schemas/catalogue.ts';
import { checkPlacement, recurringAmount, type PlacementRequest } from '../servers/index.ts';
import type * as servers from '../servers/index.ts';
import type { SnapshotService } from '../snapshots/index.ts';
import type { HostService } from '../hosts/index.ts';
import type { SshKeyService } from '../ssh-keys/index.ts';
import type { OrderServerInput } from './orders.schemas.ts';

export interface PreparedOrder {
  type: 'server' | 'upgrade' | 'bandwidth';
  serverId: string | null;
  /** Shown to the client as `request`. */
  request: Record<string, unknown>;
  /** What delivery needs. */
  delivery: Record<string, unknown>;
  items: InvoiceItem[];
  currency: string;
  warnings: string[];
  /** A server order reserves its billing service with its invoice (Pending until delivery); the term is counted from the order. */
  reservation?: Omit<ReservedService, 'nextDueDate'>;
}

const price = (table: Record<string, string>, cycle: string) => parseMoney(table[cycle] ?? '0');

/** What a server order's checks read: the snapshot and keys it names must be the project's, and a host must have room. */
export interface ServerOrderChecks {
  db: Kysely<Database>;
  snapshots: SnapshotService;
  sshKeys: SshKeyService;
  hosts: HostService;
}

export async function prepareServerOrder(checks: ServerOrderChecks, catalogue: Catalogue, projectId: number, body: OrderServerInput): Promise<PreparedOrder> {
  const { db, snapshots, sshKeys, hosts } = checks;
  if (body.user_data !== undefined && body.user_data !== null) {
    throw new AppError('feature_unavailable', 'user_data is not available yet; send null or leave it out', { errors: [{ field: 'user_data', message: 'is unavailable' }] });
  }
  if (body.image !== undefined && body.snapshot_id !== undefined) throw validationError('snapshot_id', 'send image or snapshot_id, not both');
  if (body.image === undefined && body.snapshot_id === undefined) throw validationError('image', 'is required (or send snapshot_id)');
  let snapshot: { id: number; name: string } | undefined;
  if (body.snapshot_id !== undefined) {
    const found = await snapshots.requireCompleted(db, projectId, body.snapshot_id);
    snapshot = { id: found.id, name: found.name };
  }
  const keyIds = await sshKeys.requireOwned(db, projectId, body.ssh_keys ?? []);

  const placementRequest: PlacementRequest = {
    hostname: body.hostname,
    product_id: body.product_id,
    location: body.location,
    image: body.image ?? '',
    snapshot,
    billing_cycle: body.billing_cycle,
    ssh_keys: keyIds,
    ipv6: body.ipv6 ?? false,
    ipv4_additional: body.ipv4_additional ?? 0,
    private_network: body.private_network ?? false,
  };
  const placement = checkPlacement(catalogue, placementRequest, { requireStock: true });
  if (placementRequest.private_network && !placement.product.private_network) throw validationError('private_network', 'the product cannot join the private network');
  const { product, cycle } = placement;

  const items: InvoiceItem[] = [{ description: `${product.name} (${cycle})`, amount: price(product.prices, cycle) }];
  const setupFee = price(product.setup_fees, cycle);
  if (setupFee > 0) items.push({ description: `${product.name} setup fee`, amount: setupFee });
  const extraAddresses = placementRequest.ipv4_additional ?? 0;
  if (extraAddresses > 0) items.push({ description: `${extraAddresses} additional IPv4 (${cycle})`, amount: extraAddresses * price(catalogue.pricing.ipv4_additional, cycle) });
  if (placementRequest.ipv6) items.push({ description: `IPv6 subnet (${cycle})`, amount: price(catalogue.pricing.ipv6, cycle) });
  if (body.promo_code) {
    const promo = catalogue.promo_codes.find((entry) => entry.code.toLowerCase() === body.promo_code!.toLowerCase());
    if (!promo) throw validationError('promo_code', 'is not a valid promotion code');
    const subtotal = items.reduce((sum, item) => sum + item.amount, 0);
    items.push({ description: `Promotion ${promo.code} (−${promo.percent_off}%)`, amount: -Math.round((subtotal * promo.percent_off) / 100) });
  }
  // Last of the choices: a location whose hypervisor hosts are all full or draining is out of stock for this plan.
  await hosts.requireRoom(db, placement.location.code, product.plan);

  return {
    type: 'server',
    serverId: null,
    request: {
      hostname: body.hostname,
      product_id: product.id,
      location: body.location,
      image: body.image ?? null,
      billing_cycle: cycle,
      ipv4_additional: extraAddresses,
      ipv6: placementRequest.ipv6,
      private_network: placementRequest.private_network,
      ssh_keys: keyIds,
      snapshot_id: body.snapshot_id ?? null,
      promo_code: body.promo_code ?? null,
      // User data itself is never stored.
      has_user_data: false,
    },
    delivery: { placement: placementRequest },
    items,
    currency: product.currency,
    warnings: [],
    reservation: { productId: product.id, billingCycle: cycle, recurringAmount: recurringAmount(catalogue, placement), setupFee },
  };
}

/** The fraction of the current term still to run, from the service's next due date. */
function remainingFraction(service: BillingService, now: Date): number {
  const due = Date.parse(`${service.nextDueDate}T00:00:00Z`);
  const term = due - termStart(service.nextDueDate, service.billingCycle).getTime();
  return term <= 0 ? 0 : Math.min(1, Math.max(0, (due - now.getTime()) / term));
}

export function upgradeOptions(catalogue: Catalogue, productId: number | null): CatalogueProduct[] {
  const current = catalogue.products.find((product) => product.id === productId);
  return (current?.upgradeable_to ?? []).map((id) => catalogue.products.find((product) => product.id === id)).filter((product) => product !== undefined);
}

export function prepareUpgradeOrder(
  catalogue: Catalogue,
  server: servers.ServerRecord,
  service: BillingService,
  body: { product_id: number; upgrade_disk?: boolean },
  now: Date,
): PreparedOrder {
  const current = catalogue.products.find((product) => product.id === server.productId);
  const target = upgradeOptions(catalogue, server.productId).find((product) => product.id === body.product_id);
  if (!current || !target) throw validationError('product_id', "must be one of the server's upgrade options");
  const stock = target.locations.find((entry) => entry.code === server.location.code);
  if (!stock?.upgrade_in_stock) throw validationError('product_id', "this upgrade is out of stock in the server's location");
  // The server keeps its billing cycle; the invoice is the price difference for what is left of the term.
  const cycle = service.billingCycle;
  if (!target.billing_cycles.includes(cycle)) throw validationError('product_id', `is not sold in the server's billing cycle (${cycle})`);
  const difference = price(target.prices, cycle) - price(current.prices, cycle);
  const amount = Math.max(0, Math.round(difference * remainingFraction(service, now)));
  const warnings: string[] = [];
  const growDisk = Boolean(body.upgrade_disk);
  // The disk (with its boot disk) only ever grows, and only when asked.
  const diskGrows = growDisk && target.plan.disk_gb > (server.plan.disk_gb ?? 0);
  if (growDisk && !diskGrows) {
    warnings.push(`The disk expansion could not be scheduled: the ${target.name} disk (${target.plan.disk_gb} GB) is not larger than the current one`);
  }
  const newRecurring = service.recurringAmount - price(current.prices, cycle) + price(target.prices, cycle);
  return {
    type: 'upgrade',
    serverId: server.id,
    request: { product_id: target.id, upgrade_disk: growDisk },
    delivery: {
      productId: target.id,
      recurringAmount: newRecurring,
      plan: {
        name: target.name,
        category: target.category,
        ...target.plan,
        ...(diskGrows ? {} : { disk_gb: server.plan.disk_gb, boot_disk_gb: server.plan.boot_disk_gb }),
      },
    },
    items: [{ description: `Upgrade ${current.name} → ${target.name} for the rest of the term (${formatMoney(difference)} ${target.currency} per ${cycle})`, amount }],
    currency: target.currency,
    warnings,
  };
}

export function prepareBandwidthOrder(catalogue: Catalogue, server: servers.ServerRecord, body: { size_gb: number }): PreparedOrder {
  const offer = catalogue.pricing.extra_bandwidth.find((entry) => entry.size_gb === body.size_gb);
  if (!offer) throw validationError('size_gb', `must be one of: ${catalogue.pricing.extra_bandwidth.map((entry) => entry.size_gb).join(', ')}`);
  return {
    type: 'bandwidth',
    serverId: server.id,
    request: { size_gb: offer.size_gb },
    delivery: { sizeGb: offer.size_gb },
    items: [{ description: `Extra bandwidth ${offer.size_gb} GB`, amount: parseMoney(offer.price) }],
    currency: catalogue.pricing.currency,
    warnings: [],
  };
}

