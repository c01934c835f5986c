// Orders placed on servers: `cloudplane servers create | upgrade | add-bandwidth [--wait]`
// and `servers upgrade-options`. Each order goes out with one Idempotency-Key
// (the client's placeOrder), so a retry after a lost answer never buys twice;
// a 502 that recorded the order is followed, not ordered again.
import type { Order, PlacedOrder, ServerOrderRequest, UpgradeOption } from '../../client/index.ts';
import type { Invocation } from '../command-actions.ts';
import { UsageError } from '../failures.ts';
import { printList, printNote, printRecord, type Column } from '../output.ts';
import { openSession, type Session } from '../session.ts';
import { followOrder, requireOrderCompleted } from '../waiting.ts';
import { orderFields } from './activity-views.ts';

interface CreateOptions {
  product: number;
  location: string;
  image?: string;
  snapshot?: number;
  billingCycle?: string;
  sshKey?: number[];
  ipv4Additional?: number;
  ipv6?: boolean;
  privateNetwork?: boolean;
  promoCode?: string;
  wait?: boolean;
}

function orderBody(hostname: string, options: CreateOptions): ServerOrderRequest {
  if (options.image && options.snapshot) throw new UsageError('give --image or --snapshot, not both');
  if (!options.image && !options.snapshot) throw new UsageError('give --image NAME (see cloudplane catalogue images) or --snapshot ID');
  return {
    hostname,
    product_id: options.product,
    location: options.location,
    ...(options.image ? { image: options.image } : {}),
    ...(options.snapshot ? { snapshot_id: options.snapshot } : {}),
    ...(options.billingCycle ? { billing_cycle: options.billingCycle } : {}),
    ...(options.sshKey ? { ssh_keys: options.sshKey } : {}),
    ...(options.ipv4Additional ? { ipv4_additional: options.ipv4Additional } : {}),
    ...(options.ipv6 ? { ipv6: true } : {}),
    ...(options.privateNetwork ? { private_network: true } : {}),
    ...(options.promoCode ? { promo_code: options.promoCode } : {}),
  };
}

/** The order as placed; with --wait, followed to its end (exit 1 unless completed). */
async function finishOrder(session: Session, project: string, placed: PlacedOrder, wait: boolean | undefined): Promise<Order> {
  if (placed.pendingAfterUpstreamError) {
    session.status.note(`order ${placed.order.id}: billing did not confirm it (502 upstream_error); it is recorded as ${placed.order.status} while the service checks`);
  }
  if (!wait) {
    printRecord(session.output, placed.order, orderFields(placed.order));
    printNote(session.output, `follow it with: cloudplane orders wait ${placed.order.id}`);
    return placed.order;
  }
  const final = await followOrder(session, project, placed.order);
  printRecord(session.output, final, orderFields(final));
  requireOrderCompleted(final);
  return final;
}

export async function createServer({ args: [hostname], options, globals }: Invocation): Promise<void> {
  const body = orderBody(hostname!, options as unknown as CreateOptions);
  const session = openSession(globals);
  const project = await session.project();
  const final = await finishOrder(session, project, await session.client.placeOrder(project, body), (options as unknown as CreateOptions).wait);
  if (final.status === 'completed' && final.server_id) printNote(session.output, `server ${final.server_id} is ready: cloudplane servers describe ${final.server_id}`);
}

const UPGRADE_COLUMNS: Column<UpgradeOption>[] = [
  { header: 'product', value: (option) => option.product_id },
  { header: 'name', value: (option) => option.name },
  { header: 'prices', value: (option) => Object.entries(option.prices).map(([cycle, price]) => `${cycle} ${price}`), optional: true },
  { header: 'currency', value: (option) => option.currency },
];

export async function listUpgradeOptions({ args: [serverId], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const options = await session.client.call(
    session.client.raw.GET('/projects/{project_slug}/servers/{server_id}/upgrade-options/', { params: { path: { project_slug: project, server_id: serverId! } } }),
  );
  printList(session.output, options, UPGRADE_COLUMNS);
}

export async function upgradeServer({ args: [serverId], options, globals }: Invocation): Promise<void> {
  const { product, upgradeDisk, wait } = options as { product: number; upgradeDisk?: boolean; wait?: boolean };
  const session = openSession(globals);
  const project = await session.project();
  const placed = await session.client.placeUpgradeOrder(project, serverId!, { product_id: product, ...(upgradeDisk ? { upgrade_disk: true } : {}) });
  const final = await finishOrder(session, project, placed, wait);
  if (final.status === 'completed') printNote(session.output, `reboot to apply the new plan: cloudplane servers reboot ${serverId} --wait`);
}

export async function addBandwidth({ args: [serverId], options, globals }: Invocation): Promise<void> {
  const { size, wait } = options as { size: number; wait?: boolean };
  const session = openSession(globals);
  const project = await session.project();
  await finishOrder(session, project, await session.client.placeBandwidthOrder(project, serverId!, { size_gb: size }), wait);
}
