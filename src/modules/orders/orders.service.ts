// Orders (spec "Order status" table, D7, D8, D9): an order is recorded
// `submitting`, billing creates its invoice (paid from credit when it
// covers it), and the order moves on: `provisioning` with a delivery job,
// `awaiting_payment` until the invoice is paid or cancelled, or `unknown`
// when billing did not answer, until a background check settles it.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Engine } from '../../db/client.ts';
import { isLostRace } from '../../db/write-batch.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, billingAccountRequired, notFound, rateLimited, type RateLimitState } from '../../errors.ts';
import { enqueueJob, rescheduleQueuedJob, withdrawQueuedJob } from '../../jobs/queue.ts';
import { crashPoint } from '../../crash-points.ts';
import { ORDER_CHECK_JOB, ORDER_DELIVERY_JOB } from './orders.jobs.ts';
import { BILLING_ANSWER_BOUND_MS, NoBillingAccount, type BillingPort, type Invoice } from '../../upstreams/billing/port.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { Actor } from '../api-keys/index.ts';
import { findReplay, forgetKey, recordKey, type IdempotencyKey } from '../idempotency/index.ts';
import type { AccessNeeds, ProjectAccess } from '../projects/index.ts';
import type { ServerService } from '../servers/index.ts';
import { prepareBandwidthOrder, prepareServerOrder, prepareUpgradeOrder, upgradeOptions, type PreparedOrder } from './order-requests.ts';
import * as repo from './orders.repo.ts';
import type { Order, OrderServerInput } from './orders.schemas.ts';
import { takeOrderSlot } from './rate-limit.ts';
import { type CatalogueCache, nextDueDate } from '../catalogue/index.ts';
import type { HostService } from '../hosts/index.ts';
import type { SnapshotService } from '../snapshots/index.ts';
import type { SshKeyService } from '../ssh-keys/index.ts';
import { readJson } from '../../db/columns.ts';



const ORDERING: AccessNeeds = { write: true, minRole: 'admin', ready: true };

/**
 * How long after it was recorded a `submitting` order is settled by its job
 * (or by a repeat of its request), asking billing where it is: its request
 * died before recording billing's answer, or it would have answered by then.
 */
export const SETTLE_SUBMITTING_AFTER_MS = BILLING_ANSWER_BOUND_MS;


export interface OrderContext {
  keyId: number;
  idempotency: IdempotencyKey | null;
}

export interface OrderOutcome {
  row: repo.OrderRow;
  replayed: boolean;
  rateLimit: RateLimitState | null;
}

export interface OrderServiceDependencies {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: ProjectAccess;
  servers: ServerService;
  billing: BillingPort;
  /** Only its expected durations: delivery is first tried when provisioning is likely done. */
  provisioning: ProvisioningPort;
  catalogue: CatalogueCache;
  /** A server order names snapshots and SSH keys by id: they must be completed ones and the project's. */
  snapshots: SnapshotService;
  sshKeys: SshKeyService;
  /** A server order is refused when no hypervisor host of its location has room for the plan. */
  hosts: HostService;
  wakeWorker: () => void;
}

/** The name billing knows an order by, so a re-check finds the invoice it made. */
export interface InvoiceOrder {
  id: number;
  type: string;
  status: string;
  serverId: string | null;
  /** Null once the project is gone; its orders and invoices stay. */
  projectSlug: string | null;
}

export const orderRef = (orderId: number) => `order-${orderId}`;

export class OrderService {
  constructor(private readonly deps: OrderServiceDependencies) {}

  async orderServer(actor: Actor, slug: string, body: OrderServerInput, context: OrderContext): Promise<OrderOutcome> {
    const project = await this.deps.access.require(actor, slug, ORDERING);
    return this.order(context, async () => {
      const billedUserId = await this.billedUser(project.id);
      const catalogue = await this.deps.catalogue.get();
      return { projectId: project.id, billedUserId, prepared: await prepareServerOrder(this.deps, catalogue, project.id, body) };
    });
  }

  async orderUpgrade(actor: Actor, slug: string, serverId: string, body: { product_id: number; upgrade_disk?: boolean }, context: OrderContext): Promise<OrderOutcome> {
    const { project, server } = await this.deps.servers.requireServer(actor, slug, serverId, ORDERING);
    return this.order(context, async () => {
      const billedUserId = await this.billedUser(project.id);
      const service = server.billingServiceId === null ? null : await this.deps.billing.getService(server.billingServiceId);
      if (!service) throw new AppError('conflict', "The server's billing service cannot be matched");
      const catalogue = await this.deps.catalogue.get();
      return { projectId: project.id, billedUserId, prepared: prepareUpgradeOrder(catalogue, server, service, body, this.deps.clock.now()) };
    });
  }

  async orderBandwidth(actor: Actor, slug: string, serverId: string, body: { size_gb: number }, context: OrderContext): Promise<OrderOutcome> {
    const { project, server } = await this.deps.servers.requireServer(actor, slug, serverId, ORDERING);
    return this.order(context, async () => {
      const billedUserId = await this.billedUser(project.id);
      const catalogue = await this.deps.catalogue.get();
      return { projectId: project.id, billedUserId, prepared: prepareBandwidthOrder(catalogue, server, body) };
    });
  }

  async upgradeOptions(actor: Actor, slug: string, serverId: string) {
    const { server } = await this.deps.servers.requireServer(actor, slug, serverId);
    const catalogue = await this.deps.billing.getCatalogue();
    return upgradeOptions(catalogue, server.productId).map((product) => ({
      product_id: product.id,
      name: product.name,
      prices: product.prices,
      currency: product.currency,
    }));
  }

  /** Newest first, each as last recorded. */
  async list(actor: Actor, slug: string): Promise<repo.OrderRow[]> {
    const project = await this.deps.access.require(actor, slug, { ready: true });
    return repo.listProjectOrders(this.deps.db, project.id);
  }

  /** The same list as clients see it (the API's order objects), each invoice linked by `invoiceUrl`: for the console. */
  async listViews(actor: Actor, slug: string, invoiceUrl: (invoiceId: number) => string): Promise<Order[]> {
    return (await this.list(actor, slug)).map((row) => repo.toOrder(row, invoiceUrl));
  }

  /** Checked against billing first; billing down → 503. */
  async get(actor: Actor, slug: string, orderId: number): Promise<repo.OrderRow> {
    const project = await this.deps.access.require(actor, slug, { ready: true });
    const row = await repo.findProjectOrder(this.deps.db, project.id, orderId);
    if (!row) throw notFound('order');
    return this.refresh(row);
  }

  /** The order an invoice was made for, as the console shows it beside the invoice; null for an invoice of no order. */
  async orderOfInvoice(invoiceId: number): Promise<InvoiceOrder | null> {
    const row = await repo.findOrderByInvoice(this.deps.db, invoiceId);
    if (!row) return null;
    const projectSlug = (await this.deps.access.slugOf(row.project_id)) ?? null;
    return { id: row.id, type: row.type, status: row.status, serverId: row.server_id, projectSlug };
  }

  /**
   * The operator pays or cancels an invoice in billing (`settle`), and the
   * invoice's order follows. A check of the order is committed first, so an
   * order whose invoice billing settled just before this process died still
   * follows it (D20).
   */
  async settleInvoice(invoiceId: number, settle: () => Promise<Invoice | null>): Promise<Invoice | null> {
    const { db, clock } = this.deps;
    const row = await repo.findOrderByInvoice(db, invoiceId);
    const checkJobId = row ? await enqueueJob(db, clock, ORDER_CHECK_JOB, { orderId: row.id }, { delayMs: SETTLE_SUBMITTING_AFTER_MS, maxAttempts: 100000 }) : null;
    const invoice = await settle();
    crashPoint('invoice.after-billing');
    if (invoice) await this.invoiceSettled(invoice);
    if (checkJobId !== null) await withdrawQueuedJob(db, checkJobId);
    return invoice;
  }

  /** After the operator (or the console) paid or cancelled an invoice: its order follows. */
  async invoiceSettled(invoice: Invoice): Promise<void> {
    const row = await repo.findOrderByInvoice(this.deps.db, invoice.id);
    if (row) await this.follow(row, invoice);
  }

  /** Asks billing where the order really is and moves it there. */
  async refresh(row: repo.OrderRow): Promise<repo.OrderRow> {
    const invoice = row.invoice_id !== null ? await this.deps.billing.getInvoice(row.invoice_id) : await this.deps.billing.findInvoiceByOrder(orderRef(row.id));
    if (invoice) return this.follow(row, invoice);
    // Billing answered and never created the invoice: nothing was bought. A
    // `submitting` order counts only once its request can no longer be waiting
    // for billing: until then the invoice may still be on its way.
    if (row.status === 'unknown' || this.isAbandoned(row)) {
      return this.deps.db.transaction().execute(async (trx) => (await repo.moveOrder(trx, row.id, [row.status], { status: 'failed', now: this.now() })).row);
    }
    return row;
  }

  /**
   * A `submitting` order whose request gave up on it: the process died
   * between recording it and hearing from billing (or recording billing's
   * answer). Past SETTLE_SUBMITTING_AFTER_MS no request is still waiting.
   */
  isAbandoned(row: repo.OrderRow): boolean {
    return row.status === 'submitting' && Date.parse(row.created_at) + SETTLE_SUBMITTING_AFTER_MS <= this.deps.clock.now().getTime();
  }

  /** Moves the order to where its invoice says it is; paid orders get their delivery job. */
  async follow(row: repo.OrderRow, invoice: Invoice): Promise<repo.OrderRow> {
    const { db, clock } = this.deps;
    const now = this.now();
    const moved = await db.transaction().execute(async (trx) => {
      if (invoice.status === 'paid') {
        const result = await repo.moveOrder(trx, row.id, ['submitting', 'unknown', 'awaiting_payment'], { status: 'provisioning', invoice, now });
        if (result.moved) {
          await enqueueJob(trx, clock, ORDER_DELIVERY_JOB, { orderId: row.id }, { delayMs: this.deps.provisioning.durations[row.type], maxAttempts: 1000 });
          await repo.recordInvoicePaid(trx, result.row, now);
        }
        return result;
      }
      if (invoice.status === 'cancelled') {
        // Billing cancelled the service the order reserved together with the invoice.
        return repo.moveOrder(trx, row.id, ['submitting', 'unknown', 'awaiting_payment'], { status: 'cancelled', invoice, now });
      }
      return repo.moveOrder(trx, row.id, ['submitting', 'unknown'], { status: 'awaiting_payment', invoice, now });
    });
    if (!moved.moved) {
      // Not a move; record the invoice only if billing's view of it changed (a read must not touch updated_at).
      const recorded = moved.row.invoice === null ? null : readJson<repo.RecordedInvoice>(moved.row.invoice);
      const current = repo.recordedInvoice(invoice);
      // Field by field: PostgreSQL's jsonb does not keep member order.
      const unchanged = recorded !== null && (Object.keys(current) as (keyof repo.RecordedInvoice)[]).every((field) => recorded[field] === current[field]);
      if (unchanged) return moved.row;
      return (await repo.moveOrder(db, row.id, [moved.row.status], { invoice, now })).row;
    }
    this.deps.wakeWorker();
    return moved.row;
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  /** The project's owner pays. Whether they have a billing account, billing says when the invoice is placed. */
  private async billedUser(projectId: number): Promise<number> {
    const ownerId = await this.deps.access.ownerId(projectId);
    if (ownerId === undefined) throw billingAccountRequired();
    return ownerId;
  }

  private async replay(context: OrderContext): Promise<OrderOutcome | null> {
    if (!context.idempotency) return null;
    const orderId = await findReplay(this.deps.db, this.deps.clock, context.idempotency);
    if (orderId === null) return null;
    const row = await repo.findOrder(this.deps.db, Number(orderId));
    if (!row) return null;
    if (!this.isAbandoned(row)) return { row, replayed: true, rateLimit: null };
    // The first request died before it settled its order: the repeat settles it (as the settle job would) and answers where it is.
    try {
      return { row: await this.refresh(row), replayed: true, rateLimit: null };
    } catch (error) {
      // Billing cannot say yet: the order as recorded, for the job to settle.
      if (isUpstreamError(error)) return { row, replayed: true, rateLimit: null };
      throw error;
    }
  }

  /**
   * The common path of every order: a replay answers the first order (and is
   * not counted); then the rate limit; then the kind's own checks; then the
   * order is recorded and placed with billing.
   */
  private async order(context: OrderContext, prepare: () => Promise<{ projectId: number; billedUserId: number; prepared: PreparedOrder }>): Promise<OrderOutcome> {
    const replay = await this.replay(context);
    if (replay) return replay;
    const { projectId, billedUserId, prepared } = await prepare();
    return this.submit(projectId, billedUserId, prepared, context);
  }

  /**
   * Records the order and places it with billing. The rate-limit slot is
   * taken in the transaction that records the order, so a duplicate that
   * turns out to be a replay (same key at the same moment) rolls its slot
   * back: replays are never counted.
   */
  private async submit(projectId: number, billedUserId: number, prepared: PreparedOrder, context: OrderContext): Promise<OrderOutcome> {
    const { db, clock } = this.deps;
    const total = prepared.items.reduce((sum, item) => sum + item.amount, 0);
    let row: repo.OrderRow;
    let rateLimit: RateLimitState;
    let settleJobId: number;
    try {
      [row, rateLimit, settleJobId] = await db.transaction().execute(async (trx) => {
        const slot = await takeOrderSlot(trx, clock, context.keyId, this.deps.engine);
        if (!slot.allowed) throw rateLimited(slot);
        const order = await repo.insertOrder(trx, {
          projectId,
          billedUserId,
          type: prepared.type,
          serverId: prepared.serverId,
          request: prepared.request,
          delivery: prepared.delivery,
          total,
          currency: prepared.currency,
          warnings: prepared.warnings,
          now: this.now(),
        });
        if (context.idempotency) await recordKey(trx, clock, context.idempotency, String(order.id));
        // The promise to finish: should this process die before billing's answer is recorded, the job settles the order.
        const settleJobId = await enqueueJob(trx, clock, ORDER_CHECK_JOB, { orderId: order.id }, { delayMs: SETTLE_SUBMITTING_AFTER_MS, maxAttempts: 100000 });
        await repo.recordOrderCreated(trx, order);
        return [order, slot, settleJobId] as const;
      });
    } catch (error) {
      // The same key at the same moment: exactly one order, and this request answers it.
      const replay = isLostRace(error) ? await this.replay(context) : null;
      if (replay) return replay;
      throw error;
    }

    crashPoint('order.after-record');
    let invoice: Invoice;
    try {
      const reserve = prepared.reservation ? { ...prepared.reservation, nextDueDate: nextDueDate(clock.now(), prepared.reservation.billingCycle) } : undefined;
      invoice = await this.deps.billing.placeInvoice({ orderRef: orderRef(row.id), userId: billedUserId, currency: prepared.currency, items: prepared.items, reserve });
    } catch (error) {
      if (error instanceof NoBillingAccount) {
        await this.forget(row, context, settleJobId);
        throw billingAccountRequired();
      }
      if (!isUpstreamError(error)) throw error;
      if (error.kind === 'unavailable') {
        // Billing refused at the door: nothing was bought, so the order and its key are forgotten and the same request can be sent again.
        await this.forget(row, context, settleJobId);
        throw error;
      }
      await db.transaction().execute(async (trx) => {
        await repo.moveOrder(trx, row.id, ['submitting'], { status: 'unknown', now: this.now() });
        // The settle job asks billing soon rather than when it was due.
        await rescheduleQueuedJob(trx, clock, settleJobId, 200);
      });
      this.deps.wakeWorker();
      throw new AppError('upstream_error', 'Billing did not confirm the order; it is recorded as unknown. Poll the order instead of ordering again', { order_id: row.id }, { rateLimit });
    }
    crashPoint('order.after-invoice');
    const current = await repo.findOrder(db, row.id);
    if (current?.status === 'failed') {
      await this.undoLateInvoice(current, invoice);
      return { row: current, replayed: false, rateLimit };
    }
    const settled = await this.follow(row, invoice);
    // Settled here: the safety net has nothing left to do.
    await withdrawQueuedJob(db, settleJobId);
    return { row: settled, replayed: false, rateLimit };
  }

  /**
   * Billing made the invoice after the settle job had found none and failed
   * the order (billing took longer than SETTLE_SUBMITTING_AFTER_MS): the
   * client was told the order failed and may have ordered again, so the late
   * invoice is undone, not followed. Unpaid, it is cancelled (with the
   * service it reserved); paid from credit, the credit goes back (once: the
   * refund is keyed by the order) and the reserved service is cancelled.
   */
  private async undoLateInvoice(order: repo.OrderRow, invoice: Invoice): Promise<void> {
    const { billing } = this.deps;
    if (invoice.status === 'unpaid') {
      await billing.cancelInvoice(invoice.id);
      return;
    }
    if (invoice.status !== 'paid') return;
    if (invoice.creditApplied > 0) await billing.addCredit(invoice.userId, invoice.creditApplied, `${orderRef(order.id)}-refund`);
    if (invoice.serviceId !== null) await billing.setServiceStatus(invoice.serviceId, 'Cancelled');
  }

  private async forget(row: repo.OrderRow, context: OrderContext, settleJobId: number): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await withdrawQueuedJob(trx, settleJobId);
      if (context.idempotency) await forgetKey(trx, context.idempotency);
      await trx.deleteFrom('orders').where('id', '=', row.id).execute();
      // Its order.created is already in the log: say the order is gone, so the log never shows an order that is not there.
      await repo.recordOrderWithdrawn(trx, row, this.now());
    });
  }
}
