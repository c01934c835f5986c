// Orders placed on servers: `cloudplane servers create | upgrade | add-bandwidth [--wait]`
// and `servers upgrade-options`. Each order goes out with one Idempotency-Key
// (the client's placeOrder), so a retry after a lost answer never buys twice;
// a 502 that recorded the order is followed, not ordered again.
import type { Order, PlacedOrder, ServerOrderRequest, UpgradeOption } from '../../client/index.ts';
import type { Invocation } from '../invocation.ts';
import { UsageError } from '../failures.ts';
import { resolveServerId, resolveSnapshotId, resolveSshKeyIds } from '../names.ts';
import { printList, printNote, printRecord, type Column } from '../output.ts';
import { openSession, type Session } from '../session.ts';
import { followOrder, requireOrderCompletedOrPayable, waitRequested, type WaitBounds } from '../waiting.ts';
import { orderFields } from './activity-views.ts';

interface CreateOptions {
  product: number;
  location: string;
  image?: string;
  /** An id or a name, looked up before ordering. */
  snapshot?: string;
  billingCycle?: string;
  /** Ids or names, looked up before ordering. */
  sshKey?: string[];
  ipv4Additional?: number;
  ipv6?: boolean;
  privateNetwork?: boolean;
  promoCode?: string;
}

/** Checked before anything is sent (or looked up): a usage error, exit 2. */
function requireImageOrSnapshot(options: CreateOptions): void {
  if (options.image && options.snapshot) throw new UsageError('give --image or --snapshot, not both');
  if (!options.image && !options.snapshot) throw new UsageError('give --image NAME (see cloudplane catalogue images) or --snapshot SNAPSHOT');
}

/** The order's body; the snapshot and SSH keys as ids (names looked up by the caller). */
function orderBody(hostname: string, options: CreateOptions, ids: { snapshot?: number; sshKeys?: number[] }): ServerOrderRequest {
  return {
    hostname,
    product_id: options.product,
    location: options.location,
    ...(options.image ? { image: options.image } : {}),
    ...(ids.snapshot ? { snapshot_id: ids.snapshot } : {}),
    ...(options.billingCycle ? { billing_cycle: options.billingCycle } : {}),
    ...(ids.sshKeys ? { ssh_keys: ids.sshKeys } : {}),
    ...(options.ipv4Additional ? { ipv4_additional: options.ipv4Additional } : {}),
    ...(options.ipv6 ? { ipv6: true } : {}),
    ...(options.privateNetwork ? { private_network: true } : {}),
    ...(options.promoCode ? { promo_code: options.promoCode } : {}),
  };
}

/**
 * The order as placed; with --wait, followed to its end (exit 1 unless
 * completed, 3 when it waits for payment). -q prints the order's id; once
 * followed, what `made` names instead when there is one (a server order: the
 * server it made).
 */
async function finishOrder(session: Session, project: string, placed: PlacedOrder, wait: WaitBounds | null, made?: (order: Order) => string | null): Promise<Order> {
  if (placed.pendingAfterUpstreamError) {
    session.status.note(`order ${placed.order.id}: billing did not confirm it (502 upstream_error); it is recorded as ${placed.order.status} while the service checks`);
  }
  if (!wait) {
    printRecord(session.output, placed.order, orderFields(placed.order));
    printNote(session.output, `follow it with: cloudplane orders wait ${placed.order.id}`);
    return placed.order;
  }
  const final = await followOrder(session, project, placed.order, { ...wait, stopAtPayment: true });
  printRecord(session.output, final, orderFields(final), made?.(final) ?? undefined);
  requireOrderCompletedOrPayable(final);
  return final;
}

export async function createServer({ args: [hostname], options, globals }: Invocation): Promise<void> {
  const createOptions = options as unknown as CreateOptions;
  requireImageOrSnapshot(createOptions);
  const session = openSession(globals);
  const project = await session.project();
  const body = orderBody(hostname!, createOptions, {
    snapshot: createOptions.snapshot === undefined ? undefined : await resolveSnapshotId(session, project, createOptions.snapshot),
    sshKeys: createOptions.sshKey === undefined ? undefined : await resolveSshKeyIds(session, project, createOptions.sshKey),
  });
  const final = await finishOrder(session, project, await session.client.placeOrder(project, body), waitRequested(options), (order) => order.server_id);
  if (final.status === 'completed' && final.server_id) printNote(session.output, `server ${final.server_id} is ready: cloudplane servers describe ${final.server_id}`);
}

const UPGRADE_COLUMNS: Column<UpgradeOption>[] = [
  { header: 'product', value: (option) => option.product_id, field: 'product_id' },
  { header: 'name', value: (option) => option.name },
  { header: 'prices', value: (option) => Object.entries(option.prices).map(([cycle, price]) => `${cycle} ${price}`), optional: true },
  { header: 'currency', value: (option) => option.currency },
];

export async function listUpgradeOptions({ args: [server], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const serverId = await resolveServerId(session, project, server!);
  const options = await session.client.call(
    session.client.raw.GET('/projects/{project_slug}/servers/{server_id}/upgrade-options/', { params: { path: { project_slug: project, server_id: serverId } } }),
  );
  printList(session.output, options, UPGRADE_COLUMNS);
}

export async function upgradeServer({ args: [server], options, globals }: Invocation): Promise<void> {
  const { product, upgradeDisk } = options as { product: number; upgradeDisk?: boolean };
  const session = openSession(globals);
  const project = await session.project();
  const serverId = await resolveServerId(session, project, server!);
  const placed = await session.client.placeUpgradeOrder(project, serverId, { product_id: product, ...(upgradeDisk ? { upgrade_disk: true } : {}) });
  const final = await finishOrder(session, project, placed, waitRequested(options));
  if (final.status === 'completed') printNote(session.output, `reboot to apply the new plan: cloudplane servers reboot ${serverId} --wait`);
}

export async function addBandwidth({ args: [server], options, globals }: Invocation): Promise<void> {
  const { size } = options as { size: number };
  const session = openSession(globals);
  const project = await session.project();
  const serverId = await resolveServerId(session, project, server!);
  await finishOrder(session, project, await session.client.placeBandwidthOrder(project, serverId, { size_gb: size }), waitRequested(options));
}
