// The projects section of the console: the user's projects (led by their
// pending invitations to others, to accept or decline), creating one,
// and a project's page: its servers with their status, led by the server
// orders still in progress (awaiting payment, being set up), which update
// themselves until they have settled, and the way to create a server.
// Every page acts as the signed-in user through the services the project API
// calls, so the same roles and rules (D1, D2) apply, and a project the user is
// not a member of is a 404 page, as it is a 404 on the API.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { Order } from '../../modules/orders/index.ts';
import { CreateProjectBody, type Project } from '../../modules/projects/index.ts';
import type { Clock } from '../../clock.ts';
import type { Services } from '../../services.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import { consoleActor } from '../console-actor.ts';
import { CONSOLE_ROOT } from '../console-root.ts';
import { redirectWith, renderHtml, sendPage } from '../console-page.ts';
import { moment, pager, paging, placeName, projectNav, projectUrl, serverName, serverUrl } from './display.ts';
import { roleLabel, stateLabel } from './labels.ts';
import { auditLogPages } from './audit-log.routes.ts';
import { firewallPages } from './firewalls.routes.ts';
import { memberPages, receivedInvitations } from './members.routes.ts';
import { orderPages } from './orders.routes.ts';
import { projectEventPages } from './project-events.routes.ts';
import { followedEvents, liveTrigger, pageEventStream } from './live-parts.ts';
import { dropEmptyFields, invalidForm, refusalOf, type Refusal } from './refusals.ts';
import { serverConsolePages } from './server-console.routes.ts';
import { serverNewPages } from './server-new.routes.ts';
import { serverNetworkPages } from './server-network.routes.ts';
import { serverSnapshotPages } from './server-snapshots.routes.ts';
import { serverPages } from './servers.routes.ts';
import { sshKeyPages } from './ssh-keys.routes.ts';

const PROJECTS_PER_PAGE = 50;
const SERVERS_PER_PAGE = 50;
/** Server orders in these states are not done: their rows lead the table, and it updates itself until they are. */
const ORDER_IN_PROGRESS = new Set(['submitting', 'awaiting_payment', 'provisioning', 'unknown']);

/** The create-project form's labels by the API's field names. */
const PROJECT_LABELS = { name: 'Name', slug: 'Slug' };

interface ProjectForm {
  name: string;
  slug: string;
}

export interface ProjectPageOptions {
  services: Services;
  clock: Clock;
  /** Where a server's console WebSocket is reached, and how long its sessions may sit idle (server-console.routes.ts). */
  publicUrl: string | undefined;
  consoleIdleMs: number;
}

export async function projectPages(app: FastifyInstance, { services, clock, publicUrl, consoleIdleMs }: ProjectPageOptions): Promise<void> {
  async function sendProjectList(request: FastifyRequest, reply: FastifyReply, form: ProjectForm, refusal: Refusal | null): Promise<FastifyReply> {
    const paged = paging(request.query, PROJECTS_PER_PAGE);
    const { count, projects } = await services.projects.list(consoleActor(request.consoleUser), { limit: paged.size, offset: paged.offset });
    return sendPage(
      request,
      reply,
      'projects',
      {
        title: 'Projects',
        section: 'projects',
        projects: projects.map((project: Project) => ({
          name: project.name,
          slug: project.slug,
          url: projectUrl(project.slug),
          role: roleLabel(project.role),
          status: stateLabel('project', project.status),
        })),
        pager: pager('/console/projects', paged, count),
        invitations: await receivedInvitations(services, request, 'projects'),
        form,
        problem: refusal ? { message: refusal.message, status: refusal.status } : null,
        fieldErrors: refusal?.fieldMessages ?? {},
        invalidFields: refusal?.fields ?? [],
      },
      refusal?.status ?? 200,
    );
  }

  app.get('/projects', async (request, reply) => sendProjectList(request, reply, { name: '', slug: '' }, null));

  app.post(
    '/projects',
    {
      // The API's own schema for the same request, so the console refuses exactly what the API refuses, in its words.
      schema: { body: CreateProjectBody },
      attachValidation: true,
      preValidation: async (request) => dropEmptyFields(request.body, ['slug']),
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Partial<Record<'name' | 'slug', unknown>>;
      const form = { name: typeof body.name === 'string' ? body.name : '', slug: typeof body.slug === 'string' ? body.slug : '' };
      const invalid = invalidForm(request, PROJECT_LABELS);
      if (invalid) return sendProjectList(request, reply, form, invalid);
      try {
        const project = await services.projects.create(consoleActor(request.consoleUser), { name: form.name, ...(form.slug ? { slug: form.slug } : {}) });
        return redirectWith(request, reply, projectUrl(project.slug), {
          kind: 'success',
          message: `Project ${project.name} created. It is being set up; servers can be added once it is ready.`,
        });
      } catch (error) {
        const refusal = refusalOf(error, PROJECT_LABELS);
        if (!refusal) throw error;
        return sendProjectList(request, reply, form, refusal);
      }
    },
  );

  /**
   * The servers table of a project's page, also sent alone to htmx when the
   * project's stream brings an event about its servers, orders or actions
   * (live-parts.ts), and every 30 s while something in it can still change:
   * the rows of orders in progress (a new server awaiting payment, being
   * placed, being checked) and of servers still being set up or with an
   * action running. Once everything has settled it stops polling.
   */
  async function serversTable(request: FastifyRequest, project: Project) {
    const actor = consoleActor(request.consoleUser);
    const base = projectUrl(project.slug);
    const paged = paging(request.query, SERVERS_PER_PAGE);
    const live = { id: 'project-servers', url: `${base}/servers-fragment${paged.page > 1 ? `?page=${paged.page}` : ''}`, followedEvents: followedEvents('projectServers') };
    const canOrder = project.role === 'owner' || project.role === 'admin';
    const newServer = `${base}/servers/new`;
    // Servers live in a project the provisioning system has confirmed; before that (or while it is deleted) there are none.
    if (project.status !== 'ready') {
      // No event says a project is ready: the table asks at its old pace until it is.
      const trigger = liveTrigger(project.status === 'setting_up' ? 'unreported' : null);
      return { ...live, trigger, ready: false, projectStatus: stateLabel('project', project.status), rows: [], pager: null, canOrder, newServer };
    }
    const [listed, orders, running] = await Promise.all([
      services.servers.list(actor, project.slug, { limit: paged.size, offset: paged.offset }),
      // Orders in progress lead the first page only.
      paged.page === 1 ? services.orders.listViews(actor, project.slug, (invoiceId) => `${CONSOLE_ROOT}/invoices/${invoiceId}`) : Promise.resolve([]),
      services.actions.list(actor, project.slug, { status: 'running' }, { limit: 1, offset: 0 }),
    ]);
    const pending = orders.filter((order) => order.type === 'server' && ORDER_IN_PROGRESS.has(order.status));
    const names = pending.length > 0 ? await catalogueNames(request, project.slug) : null;

    // A paid server order places its server before provisioning has finished it; the order names it only once it is
    // delivered. Until then the server with the ordered name and place is the one being set up, shown in the order's row.
    const settingUp = new Map<string, Order>();
    for (const order of pending) {
      if (order.status !== 'provisioning') continue;
      const placed = listed.servers.find((server) => !settingUp.has(server.id) && server.hostname === order.request.hostname && server.location.code === order.request.location);
      if (placed) settingUp.set(placed.id, order);
    }
    const placedOrders = new Set(settingUp.values());
    const orderRows = pending
      .filter((order) => !placedOrders.has(order))
      .map((order) => ({
        kind: 'order' as const,
        id: String(order.id),
        name: typeof order.request.hostname === 'string' ? order.request.hostname : `Order ${order.id}`,
        url: null,
        status: stateLabel('order', order.status),
        // The owner pays; an invoice is theirs to open.
        pay: order.status === 'awaiting_payment' && order.invoice && project.role === 'owner' ? { url: order.invoice.url, text: `Pay invoice ${order.invoice.id}` } : null,
        ipv4: null,
        location: names?.locations.get(String(order.request.location)) ?? String(order.request.location ?? '—'),
        plan: names?.plans.get(Number(order.request.product_id)) ?? 'Unknown plan',
      }));
    const serverRows = listed.servers.map((server) => ({
      kind: 'server' as const,
      id: server.id,
      name: serverName(server),
      url: serverUrl(project.slug, server.id),
      status: settingUp.has(server.id) ? stateLabel('server', 'setting_up') : stateLabel('server', server.status),
      pay: null,
      ipv4: server.ipv4_primary,
      location: placeName(server.location),
      plan: server.plan.name ?? 'Unknown plan',
    }));
    return {
      ...live,
      ready: true,
      projectStatus: stateLabel('project', project.status),
      rows: [...orderRows, ...serverRows],
      pager: pager(base, paged, listed.count),
      // A running action (a shutdown, a reinstall) changes a server's status when it ends.
      trigger: liveTrigger(pending.length > 0 || running.count > 0 ? 'reported' : null),
      canOrder,
      newServer,
    };
  }

  /** The catalogue's names of locations and plans, for rows of orders; without billing, the rows show codes. */
  async function catalogueNames(request: FastifyRequest, slug: string): Promise<{ locations: Map<string, string>; plans: Map<number, string> } | null> {
    const actor = consoleActor(request.consoleUser);
    try {
      const [locations, products] = await Promise.all([services.catalogue.locations(actor, slug), services.catalogue.products(actor, slug)]);
      return {
        locations: new Map(locations.map((location) => [location.code, placeName({ code: location.code, city: location.city, country_code: location.country_code })])),
        plans: new Map(products.map((product) => [product.id, product.name])),
      };
    } catch (error) {
      if (isUpstreamError(error) || error instanceof AppError) return null;
      throw error;
    }
  }

  app.get('/projects/:slug', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const actor = consoleActor(request.consoleUser);
    const eventStream = await pageEventStream(services, actor, slug);
    const project = await services.projects.get(actor, slug);
    return sendPage(request, reply, 'project', {
      eventStream,
      title: project.name,
      section: 'projects',
      breadcrumbs: [
        { text: 'Projects', url: `${CONSOLE_ROOT}/projects` },
        { text: project.name, url: projectUrl(project.slug) },
      ],
      projectNav: projectNav(project, 'servers'),
      project: { slug: project.slug, role: roleLabel(project.role), status: stateLabel('project', project.status), created: moment(project.created_at) },
      servers: await serversTable(request, project),
    });
  });

  // What htmx asks for on the project's events (and slowly while something in it can still change): the table alone.
  app.get('/projects/:slug/servers-fragment', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const project = await services.projects.get(consoleActor(request.consoleUser), slug);
    return reply.type('text/html; charset=utf-8').send(renderHtml('project-servers', await serversTable(request, project)));
  });

  await app.register(serverNewPages, { services });
  await app.register(serverPages, { services, clock });
  await app.register(sshKeyPages, { services });
  await app.register(orderPages, { services });
  await app.register(firewallPages, { services });
  await app.register(memberPages, { services });
  await app.register(serverNetworkPages, { services });
  await app.register(serverSnapshotPages, { services });
  await app.register(serverConsolePages, { services, publicUrl, idleMs: consoleIdleMs });
  await app.register(projectEventPages, { services });
  await app.register(auditLogPages, { services });
}
