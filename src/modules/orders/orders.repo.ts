// Every query on orders.
import type { Kysely, Selectable } from 'kysely';
import { readJson, writeJson } from '../../db/columns.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { formatMoney } from '../../money.ts';
import type { Invoice } from '../../upstreams/billing/port.ts';
import { MAX_LISTED_ORDERS, type Order } from './orders.schemas.ts';
import { asTransaction, recordEvent } from '../events/index.ts';

/**
 * An order as its events carry it. An event outlives the request that caused
 * it and reaches clients by several addresses, so the invoice's link is the
 * console's path on the service's main address (the API's own answers make it absolute).
 */
export function toOrderEventData(row: OrderRow): Order {
  return toOrder(row, (invoiceId) => `/console/invoices/${invoiceId}`);
}

/** order.created, in the transaction that records the order. */
export async function recordOrderCreated(trx: Kysely<Database>, row: OrderRow): Promise<void> {
  await recordEvent(asTransaction(trx), { projectId: row.project_id, type: 'order.created', resource: { type: 'order', id: row.id }, data: toOrderEventData(row), now: row.created_at });
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderStatus = OrdersTable['status'];

export interface RecordedInvoice {
  id: number;
  status: string;
  total: string;
  currency: string;
}

export function recordedInvoice(invoice: Invoice): RecordedInvoice {
  return { id: invoice.id, status: invoice.status, total: formatMoney(invoice.total), currency: invoice.currency };
}

/** The client's view; `invoiceUrl` makes the link where the invoice is paid in the console. */
export function toOrder(row: OrderRow, invoiceUrl: (invoiceId: number) => string): Order {
  const invoice = row.invoice === null ? null : readJson<RecordedInvoice>(row.invoice);
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    server_id: row.server_id,
    request: readJson(row.request),
    invoice: invoice && { ...invoice, url: invoiceUrl(invoice.id) },
    warnings: readJson(row.warnings),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function findOrder(db: Kysely<Database>, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export function findProjectOrder(db: Kysely<Database>, projectId: number, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('project_id', '=', projectId).executeTakeFirst();
}

export function findOrderByInvoice(db: Kysely<Database>, invoiceId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
}

/** Newest first. */
export function listProjectOrders(db: Kysely<Database>, projectId: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('project_id', '=', projectId).orderBy('id', 'desc').limit(MAX_LISTED_ORDERS).execute();
}

export function insertOrder(
  db: Kysely<Database>,
  values: {
    projectId: number;
    billedUserId: number;
    type: OrdersTable['type'];
    serverId: string | null;
    request: unknown;
    delivery: unknown;
    total: number;
    currency: string;
    warnings: string[];
    now: string;
  },
): Promise<OrderRow> {
  return db
    .insertInto('orders')
    .values({
      project_id: values.projectId,
      billed_user_id: values.billedUserId,
      type: values.type,
      status: 'submitting',
      server_id: values.serverId,
      billing_service_id: null,
      request: writeJson(values.request),
      delivery: writeJson(values.delivery),
      total: values.total,
      currency: values.currency,
      invoice_id: null,
      invoice: null,
      warnings: writeJson(values.warnings),
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Moves an order on, only from one of the states the caller expects, so two
 * paths that notice the same change (a GET, the background check, the
 * operator's pay) move it once. Returns the row as it is afterwards.
 */
export async function moveOrder(
  db: Kysely<Database>,
  orderId: number,
  from: OrderStatus[],
  to: { status?: OrderStatus; invoice?: Invoice; serverId?: string; warnings?: string[]; now: string },
): Promise<{ moved: boolean; row: OrderRow }> {
  const result = await db
    .updateTable('orders')
    .set({
      ...(to.status ? { status: to.status } : {}),
      ...(to.invoice ? { invoice_id: to.invoice.id, invoice: writeJson(recordedInvoice(to.invoice)) } : {}),
      // The service billing reserved with a server order's invoice: the legacy API names the server by it from the start.
      ...(to.invoice?.serviceId ? { billing_service_id: to.invoice.serviceId } : {}),
      ...(to.serverId ? { server_id: to.serverId } : {}),
      ...(to.warnings ? { warnings: writeJson(to.warnings) } : {}),
      updated_at: to.now,
    })
    .where('id', '=', orderId)
    .where('status', 'in', from)
    .executeTakeFirst();
  const row = (await findOrder(db, orderId))!;
  const moved = Number(result.numUpdatedRows) === 1;
  // Every change of status is an event, so `db` must then be the caller's transaction.
  if (moved && to.status) {
    await recordEvent(asTransaction(db), { projectId: row.project_id, type: 'order.status_changed', resource: { type: 'order', id: row.id }, data: toOrderEventData(row), now: to.now });
  }
  return { moved, row };
}

/** order.withdrawn: an order billing refused before taking it is removed (its GET answers 404 from then on). */
export async function recordOrderWithdrawn(trx: Kysely<Database>, row: OrderRow, now: string): Promise<void> {
  await recordEvent(asTransaction(trx), { projectId: row.project_id, type: 'order.withdrawn', resource: { type: 'order', id: row.id }, data: toOrderEventData(row), now });
}

/** invoice.paid for the order's invoice, in the transaction that moved the order on because of it. */
export async function recordInvoicePaid(trx: Kysely<Database>, row: OrderRow, now: string): Promise<void> {
  const invoice = toOrderEventData(row).invoice;
  if (!invoice) return;
  await recordEvent(asTransaction(trx), { projectId: row.project_id, type: 'invoice.paid', resource: { type: 'invoice', id: invoice.id }, data: { ...invoice, order_id: row.id }, now });
}

/** Replaces what an order's delivery holds (a server order notes the server it placed), in the caller's transaction. */
export async function recordDelivery(db: Kysely<Database>, orderId: number, delivery: unknown): Promise<void> {
  await db.updateTable('orders').set({ delivery: writeJson(delivery) }).where('id', '=', orderId).execute();
}
