// What an invoice is for, in a customer's words: "Server web-1 · CX22,
// monthly", "Upgrade of web-1 to CX32", "Extra traffic for web-1 · 1000 GB".
// Billing's invoice only has lines; the order it was made for says what was
// bought, so the words come from that order (read through the services as the
// user, like every console page) and the catalogue. An invoice whose order
// the user can no longer see (the project is gone, or no longer theirs) falls
// back to its first line.
import { AppError } from '../../errors.ts';
import type { Actor } from '../../modules/api-keys/index.ts';
import type { Catalogue } from '../../schemas/catalogue.ts';
import type { Order } from '../../modules/orders/index.ts';
import type { Services } from '../../services.ts';
import type { Invoice } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import { CONSOLE_ROOT } from '../console-root.ts';

export interface InvoicePurpose {
  /** "Server web-1 · CX22, monthly" */
  text: string;
  /** The order's type (`server`, `upgrade`, `bandwidth`), or null for an invoice of no order. */
  orderType: string | null;
}

/** A read that a missing or foreign project (404) or a system that is down must not turn into an error page. */
async function unlessRefused<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError || isUpstreamError(error)) return null;
    throw error;
  }
}

/**
 * The purpose of each invoice, by invoice id. One list of orders per project
 * and one catalogue read serve the whole list of invoices.
 */
export async function invoicePurposes(services: Services, actor: Actor, invoices: readonly Invoice[]): Promise<Map<number, InvoicePurpose>> {
  const catalogue = await unlessRefused(() => services.catalogueCache.get());
  const projectOrders = new Map<string, Promise<Order[] | null>>();
  const ordersOf = (slug: string) => {
    let orders = projectOrders.get(slug);
    if (!orders) {
      orders = unlessRefused(() => services.orders.listViews(actor, slug, (invoiceId) => `${CONSOLE_ROOT}/invoices/${invoiceId}`));
      projectOrders.set(slug, orders);
    }
    return orders;
  };
  const serverNames = new Map<string, Promise<string | null>>();
  const serverNameOf = (slug: string, serverId: string) => {
    let name = serverNames.get(serverId);
    if (!name) {
      name = unlessRefused(async () => (await services.servers.requireServer(actor, slug, serverId)).server.hostname);
      serverNames.set(serverId, name);
    }
    return name;
  };

  const purposes = new Map<number, InvoicePurpose>();
  await Promise.all(
    invoices.map(async (invoice) => {
      const fallback: InvoicePurpose = { text: invoice.items[0]?.description ?? `Invoice ${invoice.id}`, orderType: null };
      const link = await services.orders.orderOfInvoice(invoice.id);
      const orders = link?.projectSlug ? await ordersOf(link.projectSlug) : null;
      const order = orders?.find((candidate) => candidate.id === link!.id);
      if (!link || !order) {
        purposes.set(invoice.id, link ? { ...fallback, orderType: link.type } : fallback);
        return;
      }
      const serverName = await nameOfOrderedServer(order, orders!, (serverId) => serverNameOf(link.projectSlug!, serverId));
      purposes.set(invoice.id, { text: describeOrder(order, serverName, catalogue, invoice), orderType: order.type });
    }),
  );
  return purposes;
}

/** The server an order is about, by the name it has now; by the name it was ordered with, or its id, once it is gone. */
async function nameOfOrderedServer(order: Order, projectOrders: readonly Order[], currentName: (serverId: string) => Promise<string | null>): Promise<string | null> {
  const current = order.server_id ? await currentName(order.server_id) : null;
  if (current) return current;
  if (order.type === 'server') return order.request.hostname ?? null;
  const ordered = projectOrders.find((candidate) => candidate.type === 'server' && candidate.server_id === order.server_id);
  return ordered?.request.hostname ?? order.server_id;
}

function describeOrder(order: Order, serverName: string | null, catalogue: Catalogue | null, invoice: Invoice): string {
  const product = catalogue?.products.find((candidate) => candidate.id === order.request.product_id)?.name ?? null;
  const server = serverName ?? 'a server';
  switch (order.type) {
    case 'server': {
      const plan = product ? [product, order.request.billing_cycle].filter(Boolean).join(', ') : (invoice.items[0]?.description ?? null);
      return plan ? `Server ${server} · ${plan}` : `Server ${server}`;
    }
    case 'upgrade':
      return product ? `Upgrade of ${server} to ${product}` : `Upgrade of ${server}`;
    case 'bandwidth':
      return order.request.size_gb !== undefined ? `Extra traffic for ${server} · ${order.request.size_gb} GB` : `Extra traffic for ${server}`;
    default:
      return invoice.items[0]?.description ?? `Invoice ${invoice.id}`;
  }
}
