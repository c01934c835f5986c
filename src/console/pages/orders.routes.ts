// A project's orders, newest first, as the API lists them (each as last
// recorded), in words: what was ordered, for which server, its status, and a
// link to its invoice (paid on the invoices pages of the console). The table
// asks for itself again (htmx) when the project's stream brings an order
// event (live-parts.ts), and every 30 s while an order can still move
// (submitting, awaiting payment, provisioning, being checked).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { CONSOLE_ROOT } from '../console-root.ts';
import { renderHtml, sendPage } from '../console-page.ts';
import { moment, projectNav, projectUrl, serverUrl } from './display.ts';
import { orderTypeLabel, stateLabel } from './labels.ts';
import { followedEvents, liveTrigger, pageEventStream } from './live-parts.ts';

/** Orders in these states can still change by themselves (or by a payment made elsewhere). */
const UNSETTLED = new Set(['submitting', 'awaiting_payment', 'provisioning', 'unknown']);
/** The servers whose names the table shows: a project's first page of them is plenty for its recent orders. */
const SERVERS_NAMED = 1000;

export async function orderPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  async function ordersTable(request: FastifyRequest, slug: string) {
    const actor = consoleActor(request.consoleUser);
    const project = await services.projects.get(actor, slug);
    const ready = project.status === 'ready';
    // Orders belong to a project the provisioning system has confirmed; before that there are none.
    const [orders, servers] = ready
      ? await Promise.all([
          services.orders.listViews(actor, slug, (invoiceId) => `${CONSOLE_ROOT}/invoices/${invoiceId}`),
          services.servers.list(actor, slug, { limit: SERVERS_NAMED, offset: 0 }),
        ])
      : [[], { count: 0, servers: [] }];
    const serverNames = new Map(servers.servers.map((server) => [server.id, server.hostname ?? server.id]));
    return {
      project,
      ready,
      orders: orders.map((order) => {
        const currentName = order.server_id ? serverNames.get(order.server_id) : undefined;
        const orderedName = typeof order.request.hostname === 'string' ? order.request.hostname : null;
        return {
          id: order.id,
          type: orderTypeLabel(order.type),
          status: stateLabel('order', order.status),
          server: currentName ?? orderedName ?? order.server_id,
          serverUrl: currentName !== undefined && order.server_id ? serverUrl(project.slug, order.server_id) : null,
          total: order.invoice ? `${order.invoice.total} ${order.invoice.currency}` : null,
          // Invoices are the owner's (they are billed to the owner's account): another member's link would be a 404.
          invoice: order.invoice && project.role === 'owner' ? { id: order.invoice.id, url: order.invoice.url } : null,
          created: moment(order.created_at),
        };
      }),
      trigger: liveTrigger(orders.some((order) => UNSETTLED.has(order.status)) ? 'reported' : null),
      followedEvents: followedEvents('projectOrders'),
      liveUrl: `${projectUrl(project.slug)}/orders/table`,
      newServerUrl: `${projectUrl(project.slug)}/servers/new`,
    };
  }

  app.get('/projects/:slug/orders', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const eventStream = await pageEventStream(services, consoleActor(request.consoleUser), slug);
    const table = await ordersTable(request, slug);
    const { project } = table;
    return sendPage(request, reply, 'orders', {
      eventStream,
      title: `Orders of ${project.name}`,
      heading: 'Orders',
      section: 'projects',
      projectNav: projectNav(project, 'orders'),
      breadcrumbs: [
        { text: 'Projects', url: `${CONSOLE_ROOT}/projects` },
        { text: project.name, url: projectUrl(project.slug) },
        { text: 'Orders', url: `${projectUrl(project.slug)}/orders` },
      ],
      ...table,
    });
  });

  // What htmx asks for on the project's order events (and slowly while an order can still move): the table alone.
  app.get('/projects/:slug/orders/table', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    return reply.type('text/html; charset=utf-8').send(renderHtml('orders-table', await ordersTable(request, slug)));
  });
}
