// The overview: where the console opens after sign-in. What a customer wants
// to see first: what they owe (the unpaid invoices, each with a Pay link),
// their credit, their servers by status across every project, and the latest
// actions across projects. It is read through the same services as the API,
// as the user. While something can still change by itself (an action
// running, a project being set up) the page's content asks for itself again
// (htmx) every few seconds, and stops once everything has settled. Above it,
// the user's pending invitations to projects, to accept or decline (not in the
// self-refreshing part: they change only when the user answers).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatMoney } from '../../money.ts';
import type { Action } from '../../modules/actions/index.ts';
import type { Project } from '../../modules/projects/index.ts';
import type { ServerSummary } from '../../modules/servers/index.ts';
import type { Services } from '../../services.ts';
import type { BillingAccount, Invoice } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import { consoleActor } from '../console-actor.ts';
import { CONSOLE_ROOT } from '../console-root.ts';
import { renderHtml, sendPage } from '../console-page.ts';
import { moment, projectUrl, serverUrl } from './display.ts';
import { invoicePurposes } from './invoice-purpose.ts';
import { receivedInvitations } from './members.routes.ts';
import { actionLabel, stateLabel, type StateLabel } from './labels.ts';

/** The projects the overview counts servers of; a user with more sees the first ones and a note. */
const PROJECTS_COUNTED = 100;
/** A project's servers read for the counts. */
const SERVERS_COUNTED = 1000;
/** How many of the latest actions (across projects) are listed. */
const RECENT_ACTIONS = 10;
/** The server states in the order the counts are shown. */
const SERVER_STATES = ['running', 'stopped', 'suspended'] as const;

/** Billing's part of the page, or null when billing cannot be read right now (the rest of the page still shows). */
async function readBilling(services: Services, userId: number): Promise<{ invoices: Invoice[]; account: BillingAccount | null } | null> {
  try {
    const [invoices, account] = await Promise.all([services.payments.invoicesOf(userId), services.payments.accountOf(userId)]);
    return { invoices, account };
  } catch (error) {
    if (isUpstreamError(error)) return null;
    throw error;
  }
}

/** "12.34 EUR", or "12.34 EUR + 5.00 USD" for invoices in two currencies. */
function sumByCurrency(invoices: readonly Invoice[], fallbackCurrency: string): string {
  const totals = new Map<string, number>();
  for (const invoice of invoices) totals.set(invoice.currency, (totals.get(invoice.currency) ?? 0) + invoice.total);
  if (totals.size === 0) return `${formatMoney(0)} ${fallbackCurrency}`;
  return [...totals].map(([currency, total]) => `${formatMoney(total)} ${currency}`).join(' + ');
}

interface ProjectServers {
  project: Project;
  servers: ServerSummary[];
  count: number;
  actions: Action[];
}

export async function overviewPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  async function overview(request: FastifyRequest) {
    const user = request.consoleUser;
    const actor = consoleActor(user);
    const [billing, listed] = await Promise.all([readBilling(services, user.id), services.projects.list(actor, { limit: PROJECTS_COUNTED, offset: 0 })]);

    // Servers and actions live in projects the provisioning system has confirmed.
    const perProject: ProjectServers[] = await Promise.all(
      listed.projects.map(async (project) => {
        if (project.status !== 'ready') return { project, servers: [], count: 0, actions: [] };
        const [servers, actions] = await Promise.all([
          services.servers.list(actor, project.slug, { limit: SERVERS_COUNTED, offset: 0 }),
          services.actions.list(actor, project.slug, {}, { limit: RECENT_ACTIONS, offset: 0 }),
        ]);
        return { project, servers: servers.servers, count: servers.count, actions: actions.actions };
      }),
    );

    const unpaid = billing ? billing.invoices.filter((invoice) => invoice.status === 'unpaid') : [];
    const purposes = await invoicePurposes(services, actor, unpaid);
    const currency = billing?.account?.currency ?? unpaid[0]?.currency ?? '';

    const totals = new Map<string, number>(SERVER_STATES.map((state) => [state, 0]));
    for (const { servers } of perProject) for (const server of servers) totals.set(server.status, (totals.get(server.status) ?? 0) + 1);

    const serverNames = new Map<string, { name: string; url: string }>();
    for (const { project, servers } of perProject) {
      for (const server of servers) serverNames.set(server.id, { name: server.hostname ?? server.id, url: serverUrl(project.slug, server.id) });
    }
    const recent = perProject
      .flatMap(({ project, actions }) => actions.map((action) => ({ project, action })))
      // Action ids grow across every project: the highest are the latest.
      .sort((a, b) => b.action.id - a.action.id)
      .slice(0, RECENT_ACTIONS);

    const countsOf = (servers: readonly ServerSummary[]): { state: StateLabel; count: number }[] =>
      SERVER_STATES.map((state) => ({ state: stateLabel('server', state), count: servers.filter((server) => server.status === state).length }));

    return {
      billing: billing
        ? {
            amountDue: sumByCurrency(unpaid, currency),
            unpaid: unpaid.map((invoice) => ({
              id: invoice.id,
              url: `${CONSOLE_ROOT}/invoices/${invoice.id}`,
              purpose: purposes.get(invoice.id)?.text ?? `Invoice ${invoice.id}`,
              created: moment(invoice.createdAt),
              total: `${formatMoney(invoice.total)} ${invoice.currency}`,
              status: stateLabel('invoice', invoice.status),
            })),
            credit: billing.account ? `${formatMoney(billing.account.creditBalance)} ${billing.account.currency}` : null,
          }
        : null,
      servers: {
        total: [...totals.values()].reduce((sum, count) => sum + count, 0),
        byStatus: SERVER_STATES.map((state) => ({ state: stateLabel('server', state), count: totals.get(state) ?? 0 })),
        projects: perProject.map(({ project, servers, count }) => ({
          name: project.name,
          url: projectUrl(project.slug),
          ready: project.status === 'ready',
          status: stateLabel('project', project.status),
          count,
          counts: countsOf(servers),
        })),
        more: listed.count > listed.projects.length ? listed.count : null,
      },
      actions: recent.map(({ project, action }) => ({
        id: action.id,
        type: actionLabel(action.type),
        status: stateLabel('action', action.status),
        error: action.error?.message ?? null,
        server: serverNames.get(action.resource.id) ?? { name: action.resource.id, url: null },
        project: { name: project.name, url: projectUrl(project.slug) },
        started: moment(action.started_at),
      })),
      // An unfinished action (or one being checked) and a project being set up or deleted still change by themselves.
      polling: recent.some(({ action }) => action.finished_at === null) || perProject.some(({ project }) => project.status !== 'ready'),
      pollEvery: 'every 5s',
      liveUrl: `${CONSOLE_ROOT}/overview/live`,
    };
  }

  app.get('/overview', async (request, reply) =>
    sendPage(request, reply, 'overview', {
      title: 'Overview',
      section: 'overview',
      ...(await overview(request)),
      invitations: await receivedInvitations(services, request, 'overview'),
    }),
  );

  // What htmx asks for while something on the overview is still changing: its content alone.
  app.get('/overview/live', async (request, reply) => reply.type('text/html; charset=utf-8').send(renderHtml('overview-live', await overview(request))));
}
