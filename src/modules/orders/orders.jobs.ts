// Background steps of orders: delivering a paid order (the server set up,
// the plan changed, the bandwidth added) and settling an order whose
// placement did not finish: `unknown` once billing answers (D8), and
// `submitting` when the process died while placing it, or `awaiting_payment`
// while its invoice was being settled (D20). Both move the order only from the state they
// expect, so a job that runs twice delivers once.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import { readJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { RetryLater } from '../../jobs/runner.ts';
import { crashPoint } from '../../crash-points.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import type { FirewallPort } from '../../upstreams/firewall/port.ts';
import type { RdnsPort } from '../../upstreams/rdns/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { BillingOutbox, RecordedMessage } from '../billing/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import type { ImageFiles } from '../../schemas/catalogue.ts';
import {
  checkPlacement,
  deleteServer,
  inPlacementTransaction,
  newServerId,
  type PlacementRequest,
  placeServer,
  type ServerDeletionDependencies,
  serviceFor,
} from '../servers/index.ts';
import { NoHostRoom, type HostService } from '../hosts/index.ts';
import * as servers from '../servers/index.ts';
import type { SshKeyService } from '../ssh-keys/index.ts';
import * as repo from './orders.repo.ts';

interface OrderJobDependencies {
  db: Kysely<Database>;
  clock: Clock;
  billing: BillingPort;
  /** What billing must do because a delivery committed (a service activated or cancelled). */
  outbox: BillingOutbox;
  access: ProjectAccess;
  /** The order service (it enqueues these jobs, so it is named here by what the check asks of it). */
  orders: { refresh(row: repo.OrderRow): Promise<repo.OrderRow> };
  /**
   * Creates an ordered server; removes one whose delivery failed. The back
   * office's, not wrapped in fault injection: a provisioning fault is meant
   * for the actions it was set for and must not be met or used up by deliveries.
   */
  provisioning: ProvisioningPort;
  /** Where a removed server's PTR records go. */
  rdns: RdnsPort;
  /** Where a failed delivery's server has its firewall taken off (the back office's, unwrapped). */
  firewall: FirewallPort;
  /** Where a failed delivery's server has its actions removed. */
  actions: ServerDeletionDependencies['actions'];
  /** Placement checks, in its transaction, that the ordered keys are still the project's. */
  sshKeys: SshKeyService;
  /** Chooses the hypervisor host a server is placed on, and tells provisioning which it is. */
  hosts: HostService;
  simScale: number;
}

class DeliveryFailed extends Error {}

/** The server a server order placed, the term billing activates once it is delivered, and where its image's files are. */
interface PlacedServer {
  serverId: string;
  serviceId: number;
  nextDueDate: string;
  recurringAmount: number;
  imageFiles?: ImageFiles;
}

/** What a server order's `delivery` holds: what was ordered, and once placed, the server. */
interface ServerDelivery {
  placement: PlacementRequest;
  placed?: PlacedServer;
}

const retryDelayMs = (deps: OrderJobDependencies) => Math.max(100, 2000 * deps.simScale);

const orderJobPayload = Type.Object({ orderId: Type.Integer() });

export const ORDER_DELIVERY_JOB = defineJob({
  name: 'order.deliver',
  payload: orderJobPayload,
  handler: ({ orderId }, deps: OrderJobDependencies) => deliverOrder(deps, orderId),
});

export const ORDER_CHECK_JOB = defineJob({
  name: 'order.check',
  payload: orderJobPayload,
  handler: async ({ orderId }, deps: OrderJobDependencies) => {
    const order = await repo.findOrder(deps.db, orderId);
    // `unknown`: billing did not answer in time. `submitting`: the request that placed it died before it heard back.
    // `awaiting_payment`: the invoice was being paid or cancelled when the process died.
    if (!order || !['unknown', 'submitting', 'awaiting_payment'].includes(order.status)) return;
    let settled: repo.OrderRow;
    try {
      settled = await deps.orders.refresh(order);
    } catch (error) {
      if (isUpstreamError(error)) throw new RetryLater(retryDelayMs(deps), 'billing still does not answer');
      throw error;
    }
    // Its request may still be waiting for billing (this process's clock is ahead of the one that recorded it): look again.
    if (settled.status === 'submitting') throw new RetryLater(retryDelayMs(deps), 'the order is still being placed');
  },
});

/** The order module's jobs, registered by `registerJobs` (services.ts). */
export const orderJobs = [ORDER_DELIVERY_JOB, ORDER_CHECK_JOB];

/** One run of a paid order's delivery: the server, the plan change or the bandwidth. */
async function deliverOrder(deps: OrderJobDependencies, orderId: number): Promise<void> {
  const { db, clock } = deps;

  const complete = (trx: Kysely<Database>, orderId: number, values: { serverId?: string; warnings?: string[] }) =>
    repo.moveOrder(trx, orderId, ['provisioning'], { status: 'completed', ...values, now: clock.now().toISOString() });

  /**
   * A server order in three steps, each safe to run again (D19, D20): the
   * server is placed (its row, addresses and keys) and noted on the order;
   * provisioning is asked to create it, keyed by its id; once provisioning
   * says it is done, the order completes and billing activates the service.
   */
  async function deliverServer(order: repo.OrderRow): Promise<void> {
    const placed = readJson<ServerDelivery>(order.delivery).placed ?? (await placeOrderedServer(order));
    if (!placed) return;
    const server = await servers.findServer(db, placed.serverId);
    if (!server) throw new DeliveryFailed('the server no longer exists');
    let creation = await deps.provisioning.getServerCreation(server.id);
    if (creation === null) {
      await deps.provisioning.createServer(await servers.serverDefinition(db, deps.hosts, server, placed.imageFiles));
      creation = await deps.provisioning.getServerCreation(server.id);
    }
    if (creation === null) throw new RetryLater(retryDelayMs(deps), 'provisioning has not recorded the creation yet');
    if (creation.state === 'running') throw new RetryLater(Math.max(10, Date.parse(creation.completesAt) - clock.now().getTime()), 'the server is being created');
    if (creation.state === 'failed') throw new DeliveryFailed(`the server could not be created: ${creation.message}`);
    crashPoint('order.delivery.after-create');
    const recorded = await db.transaction().execute(async (trx): Promise<RecordedMessage[]> => {
      if (!(await complete(trx, order.id, { serverId: placed.serverId })).moved) return [];
      // The reservation becomes the server's, its term counted from delivery.
      const { serviceId, serverId, nextDueDate, recurringAmount } = placed;
      return [await deps.outbox.record(trx, { change: 'activate_service', serviceId, serverId, nextDueDate, recurringAmount })];
    });
    await deps.outbox.deliverNow(recorded);
  }

  /** The first step of a server order: the server placed and noted on the order, in one transaction; null when the order moved on meanwhile. */
  async function placeOrderedServer(order: repo.OrderRow): Promise<PlacedServer | null> {
    const delivery = readJson<ServerDelivery>(order.delivery);
    const catalogue = await deps.billing.getCatalogue();
    const ownerId = await deps.access.ownerId(order.project_id);
    if (ownerId === undefined) throw new DeliveryFailed('the project no longer exists');
    const checked = checkPlacement(catalogue, { ...delivery.placement, has_user_data: false }, { requireStock: false });
    const serverId = newServerId();
    const service = serviceFor(catalogue, checked, { serverId, userId: ownerId }, clock.now());
    // An order recorded before billing reserved services with invoices has none: billing opens one now.
    const serviceId = order.billing_service_id ?? (await deps.billing.openService(service)).serviceId;
    const placed: PlacedServer = {
      serviceId,
      serverId,
      nextDueDate: service.nextDueDate,
      recurringAmount: service.recurringAmount,
      // Where the image's files are, read with the catalogue the placement was checked against.
      imageFiles: catalogue.images.find((image) => image.name === delivery.placement.image)?.files ?? {},
    };
    crashPoint('order.delivery.before-commit');
    return inPlacementTransaction(db, async (trx, options) => {
      const current = await repo.findOrder(trx, order.id);
      if (current?.status !== 'provisioning') return null;
      // Another run placed it first: that one is the order's server.
      const already = readJson<ServerDelivery>(current.delivery).placed;
      if (already) return already;
      try {
        await placeServer(trx, { clock, sshKeys: deps.sshKeys, hosts: deps.hosts }, { id: order.project_id }, checked, { serverId, serviceId }, options);
      } catch (error) {
        // Hosts filled up (or were drained) since the order was taken: paid, but it cannot be delivered.
        if (error instanceof NoHostRoom) throw new DeliveryFailed(error.reason);
        throw error;
      }
      await repo.recordDelivery(trx, order.id, { ...delivery, placed });
      return placed;
    });
  }

  async function deliverUpgrade(order: repo.OrderRow): Promise<void> {
    const delivery = readJson<{ productId: number; recurringAmount: number; plan: servers.StoredPlan }>(order.delivery);
    const server = order.server_id ? await servers.findServer(db, order.server_id) : undefined;
    if (!server) throw new DeliveryFailed('the server no longer exists');
    if (server.billingServiceId !== null) await deps.billing.changeService(server.billingServiceId, { productId: delivery.productId, recurringAmount: delivery.recurringAmount });
    await db.transaction().execute(async (trx) => {
      // Billing follows the new product at once; the plan shown changes with the next reboot through the API.
      await servers.setUpgradedProduct(trx, server.id, delivery.productId, delivery.plan);
      await complete(trx, order.id, {});
    });
  }

  async function deliverBandwidth(order: repo.OrderRow): Promise<void> {
    const { sizeGb } = readJson<{ sizeGb: number }>(order.delivery);
    await db.transaction().execute(async (trx) => {
      const current = await repo.findOrder(trx, order.id);
      if (current?.status !== 'provisioning') return;
      const server = order.server_id ? await servers.findServer(trx, order.server_id) : undefined;
      if (!server) throw new DeliveryFailed('the server no longer exists');
      await servers.addExtraBandwidth(trx, server.id, sizeGb);
      if (server.bandwidth.pooled) await servers.adjustBandwidthPool(trx, server.projectId, server.location.code, { extra_gb: sizeGb });
      await complete(trx, order.id, {});
    });
  }

  const order = await repo.findOrder(db, orderId);
  if (order?.status !== 'provisioning') return;
  try {
    if (order.type === 'server') await deliverServer(order);
    else if (order.type === 'upgrade') await deliverUpgrade(order);
    else await deliverBandwidth(order);
  } catch (error) {
    if (isUpstreamError(error)) throw new RetryLater(retryDelayMs(deps), error.message);
    if (!(error instanceof DeliveryFailed) && !(error instanceof AppError)) throw error;
    // Paid but undeliverable (the server is gone, the choice no longer exists): say so on the order.
    const warnings = [...readJson<string[]>(order.warnings), `Delivery failed: ${error.message}`];
    // A server placed for the order goes first (its machine too, if provisioning made any): should this run die
    // before the order is marked failed, the next finds the server gone and ends here again.
    const placed = order.type === 'server' ? readJson<ServerDelivery>((await repo.findOrder(db, orderId))?.delivery ?? order.delivery).placed : undefined;
    if (placed) {
      await deleteServer(db, deps, placed.serverId);
      // Also when the row was gone already (the server deleted while it was being created): its machine may have come up after.
      await deps.provisioning.deleteServer(placed.serverId);
    }
    const recorded = await db.transaction().execute(async (trx): Promise<RecordedMessage[]> => {
      const failed = await repo.moveOrder(trx, orderId, ['provisioning'], { status: 'failed', warnings, now: clock.now().toISOString() });
      // Nothing was delivered: the service the order reserved ends with it.
      const serviceId = order.billing_service_id ?? placed?.serviceId ?? null;
      if (!failed.moved || order.type !== 'server' || serviceId === null) return [];
      return [await deps.outbox.record(trx, { change: 'set_service_status', serviceId, status: 'Cancelled' })];
    });
    await deps.outbox.deliverNow(recorded);
  }
}
