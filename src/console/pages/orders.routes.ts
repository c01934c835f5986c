// A project's orders, newest first, as the API lists them (each as last
// recorded), with a link to the invoice of each: it is paid on the invoices
// pages of the console.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { CONSOLE_ROOT } from '../console.plugin.ts';
import { sendPage } from '../console-page.ts';
import { moment, projectUrl } from './display.ts';

export async function orderPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.get('/projects/:slug/orders', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const actor = consoleActor(request.consoleUser);
    const project = await services.projects.get(actor, slug);
    // Orders belong to a project the provisioning system has confirmed; before that there are none.
    const orders = project.status === 'ready' ? await services.orders.listViews(actor, slug, (invoiceId) => `${CONSOLE_ROOT}/invoices/${invoiceId}`) : [];
    return sendPage(request, reply, 'orders', {
      title: `Orders of ${project.name}`,
      section: 'projects',
      project: { name: project.name, url: projectUrl(project.slug), ready: project.status === 'ready' },
      orders: orders.map((order) => ({
        id: order.id,
        type: order.type,
        status: order.status,
        statusText: order.status.replace(/_/g, ' '),
        hostname: typeof order.request.hostname === 'string' ? order.request.hostname : null,
        total: order.invoice ? `${order.invoice.total} ${order.invoice.currency}` : null,
        invoice: order.invoice ? { id: order.invoice.id, url: order.invoice.url } : null,
        created: moment(order.created_at),
      })),
    });
  });
}
