// A server's "Plan & traffic" tab: change the plan (an upgrade order) and buy
// extra traffic (a bandwidth order), each priced before it is ordered.
// Ordering goes through OrderService as the API's POST …/upgrade/ and
// …/bandwidth/ do, so the API's rules hold: admin or owner only, billed to
// the project's owner, paid from their credit when it covers the invoice and
// otherwise waiting for the invoice to be paid. Such an invoice is where the
// owner is sent next (/console/invoices/{id}, the order's `invoice.url`).
//
// Each form's one-time token is the order's Idempotency-Key, so a form sent
// twice (a double click, a reload of the answer) places one order.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashRequest } from '../../modules/idempotency/index.ts';
import type { OrderContext, OrderOutcome } from '../../modules/orders/index.ts';
import type { Server } from '../../modules/servers/index.ts';
import { formatMoney, parseMoney } from '../../money.ts';
import type { Services } from '../../services.ts';
import { CONSOLE_ROOT } from '../console-root.ts';
import { consoleActor } from '../console-actor.ts';
import { issueFormToken, redirectWith, sendPage, spendFormToken } from '../console-page.ts';
import { moment, serverUrl } from './display.ts';
import { orderTypeLabel, stateLabel } from './labels.ts';
import { refusalOf, unconfirmedOrderId, type FieldLabels, type Refusal } from './refusals.ts';
import { billingSummary, cycleWords } from './server-details.ts';
import { serverFrame } from './server-page.ts';

const LABELS: FieldLabels = { product_id: 'New plan', upgrade_disk: 'Also grow the disk', size_gb: 'Extra traffic' };

/** Orders still on their way: the plan page lists them, with the invoice to pay. */
const OPEN_ORDER_STATES = new Set(['submitting', 'awaiting_payment', 'provisioning', 'unknown']);

interface ServerPath {
  slug: string;
  id: string;
}

type PlanForm = 'upgrade' | 'bandwidth';

const invoiceUrl = (invoiceId: number) => `${CONSOLE_ROOT}/invoices/${invoiceId}`;

/** A price in minor units with its currency: "4.00 EUR". */
const money = (minor: number, currency: string) => `${formatMoney(minor)} ${currency}`;

export async function serverPlanPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  /** The upgrade options priced in the server's billing cycle, with stock in its location; or why they cannot be listed. */
  async function upgradeChoices(request: FastifyRequest, path: ServerPath, server: Server) {
    const actor = consoleActor(request.consoleUser);
    const cycle = server.billing?.billing_cycle ?? null;
    if (cycle === null) return { options: [], problem: 'The server’s billing cannot be read now, so plan changes cannot be priced. Try again in a minute.' };
    try {
      const [options, products, { server: record }] = await Promise.all([
        services.orders.upgradeOptions(actor, path.slug, path.id),
        services.catalogue.products(actor, path.slug),
        services.servers.requireServer(actor, path.slug, path.id),
      ]);
      const current = products.find((product) => product.id === record.productId);
      const currentPrice = current?.prices[cycle] === undefined ? null : parseMoney(current.prices[cycle]);
      return {
        options: options.map((option) => {
          const product = products.find((candidate) => candidate.id === option.product_id);
          const priceText = option.prices[cycle];
          const price = priceText === undefined ? null : parseMoney(priceText);
          const inStock = product?.locations.find((location) => location.code === server.location.code)?.upgrade_in_stock ?? false;
          const difference = price !== null && currentPrice !== null ? price - currentPrice : null;
          return {
            id: option.product_id,
            name: option.name,
            description: product?.description ?? [],
            price: price === null ? null : `${money(price, option.currency)} ${cycleWords(cycle).per}`,
            difference: difference === null ? null : `${difference >= 0 ? '+' : '−'}${money(Math.abs(difference), option.currency)} ${cycleWords(cycle).per}`,
            // The most the invoice can be: the whole difference, when the term has just begun.
            atMost: difference === null ? null : money(Math.max(0, difference), option.currency),
            available: inStock && price !== null,
            why: price === null ? `not sold ${cycleWords(cycle).per}` : inStock ? null : `out of stock in ${server.location.code ?? 'this location'}`,
          };
        }),
        problem: null,
      };
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return { options: [], problem: `Plan changes cannot be listed now. ${refusal.message}` };
    }
  }

  async function bandwidthChoices(request: FastifyRequest, path: ServerPath) {
    try {
      const pricing = await services.catalogue.pricing(consoleActor(request.consoleUser), path.slug);
      return { sizes: pricing.extra_bandwidth.map((entry) => ({ size: entry.size_gb, price: `${entry.price} ${pricing.currency}` })), problem: null };
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return { sizes: [], problem: `Extra traffic cannot be priced now. ${refusal.message}` };
    }
  }

  async function sendPlan(request: FastifyRequest, reply: FastifyReply, path: ServerPath, failed: { form: PlanForm; refusal: Refusal } | null) {
    const actor = consoleActor(request.consoleUser);
    const server = await services.servers.get(actor, path.slug, path.id);
    const project = await services.projects.get(actor, path.slug);
    const canOrder = project.role === 'owner' || project.role === 'admin';
    const [upgrades, bandwidth, orders, account] = await Promise.all([
      upgradeChoices(request, path, server),
      bandwidthChoices(request, path),
      services.orders.listViews(actor, path.slug, invoiceUrl),
      project.role === 'owner' ? services.payments.accountOf(request.consoleUser.id).catch(() => null) : Promise.resolve(null),
    ]);
    const base = serverUrl(project.slug, server.id);
    return sendPage(
      request,
      reply,
      'server-plan',
      {
        ...serverFrame(project, server, 'plan'),
        problem: failed ? { message: failed.refusal.message, status: failed.refusal.status } : null,
        failedForm: failed?.form ?? null,
        fieldMessages: failed?.refusal.fieldMessages ?? {},
        plan: server.plan,
        pendingChanges: server.pending_changes,
        billing: billingSummary(server),
        traffic: server.bandwidth,
        canOrder,
        isOwner: project.role === 'owner',
        credit: account ? money(account.creditBalance, account.currency) : null,
        upgrades,
        bandwidth,
        openOrders: orders
          .filter((order) => order.server_id === server.id && order.type !== 'server' && OPEN_ORDER_STATES.has(order.status))
          .map((order) => ({
            id: order.id,
            type: orderTypeLabel(order.type),
            state: stateLabel('order', order.status),
            total: order.invoice ? `${order.invoice.total} ${order.invoice.currency}` : null,
            invoiceUrl: order.invoice && order.status === 'awaiting_payment' && project.role === 'owner' ? order.invoice.url : null,
            invoiceId: order.invoice?.id ?? null,
            created: moment(order.created_at),
          })),
        urls: { upgrade: `${base}/upgrade`, bandwidth: `${base}/bandwidth`, overview: base },
        tokens: { upgrade: issueFormToken(request), bandwidth: issueFormToken(request) },
      },
      failed?.refusal.status ?? 200,
    );
  }

  /** The form's one-time token as the order's Idempotency-Key, in a scope of the console's own. */
  function contextOf(request: FastifyRequest, scope: string, token: unknown, body: unknown): OrderContext {
    const actor = consoleActor(request.consoleUser);
    if (typeof token !== 'string' || token.length === 0 || token.length > 100) return { keyId: actor.keyId, idempotency: null };
    spendFormToken(request, token);
    return { keyId: actor.keyId, idempotency: { userId: actor.userId, scope: `console POST ${scope}`, key: token, requestHash: hashRequest(body) } };
  }

  /** Where an order leads: to its invoice when the credit did not cover it (the owner pays there), otherwise back with what happened. */
  async function answerOrder(request: FastifyRequest, reply: FastifyReply, path: ServerPath, outcome: OrderOutcome, what: string): Promise<FastifyReply> {
    const row = outcome.row;
    const back = `${serverUrl(path.slug, path.id)}/plan`;
    const total = money(row.total, row.currency);
    if (row.status === 'failed') return redirectWith(request, reply, back, { kind: 'error', message: `${what} was refused by billing; nothing was bought.` });
    if (row.status === 'awaiting_payment' && row.invoice_id !== null) {
      const project = await services.projects.get(consoleActor(request.consoleUser), path.slug);
      if (project.role === 'owner') {
        return redirectWith(request, reply, invoiceUrl(row.invoice_id), {
          kind: 'success',
          message: `${what} ordered. Your credit does not cover its invoice of ${total}: pay it here and the order is carried out.`,
        });
      }
      return redirectWith(request, reply, back, { kind: 'success', message: `${what} ordered. Its invoice of ${total} waits for the project’s owner to pay it.` });
    }
    if (row.status === 'unknown') return redirectWith(request, reply, back, { kind: 'success', message: `${what} ordered; billing has not confirmed it yet. Its state is shown below.` });
    const after = row.type === 'upgrade' ? 'Reboot the server from this console to switch to the new plan.' : 'It is added in a moment.';
    return redirectWith(request, reply, back, { kind: 'success', message: `${what} ordered and paid from credit (${total}). ${after}` });
  }

  const pathOf = (request: FastifyRequest) => request.params as ServerPath;

  /** Billing took the order but did not confirm it: back to the page, which lists it among the orders on their way, and never the form again. */
  function unconfirmed(request: FastifyRequest, reply: FastifyReply, path: ServerPath, what: string): FastifyReply {
    return redirectWith(request, reply, `${serverUrl(path.slug, path.id)}/plan`, {
      kind: 'error',
      message: `Billing did not confirm the order for the ${what}. It is recorded and being checked: it is listed below among the orders on their way. Do not order it again.`,
    });
  }

  app.get('/projects/:slug/servers/:id/plan', async (request, reply) => sendPlan(request, reply, pathOf(request), null));

  app.post('/projects/:slug/servers/:id/upgrade', async (request, reply) => {
    const path = pathOf(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (typeof form.product_id !== 'string' || !/^[0-9]{1,9}$/.test(form.product_id)) {
      const message = 'New plan: choose the plan to change to.';
      return sendPlan(request, reply, path, { form: 'upgrade', refusal: { status: 400, message, fields: ['product_id'], fieldMessages: { product_id: message } } });
    }
    const body = { product_id: Number(form.product_id), upgrade_disk: form.upgrade_disk === 'yes' };
    const actor = consoleActor(request.consoleUser);
    try {
      const outcome = await services.orders.orderUpgrade(actor, path.slug, path.id, body, contextOf(request, `/projects/${path.slug}/servers/${path.id}/upgrade`, form.form_token, body));
      const products = await services.catalogue.products(actor, path.slug).catch(() => []);
      const name = products.find((product) => product.id === body.product_id)?.name;
      return answerOrder(request, reply, path, outcome, name ? `The plan change to ${name}` : 'The plan change');
    } catch (error) {
      if (unconfirmedOrderId(error) !== null) return unconfirmed(request, reply, path, 'plan change');
      const refusal = refusalOf(error, LABELS);
      if (!refusal) throw error;
      return sendPlan(request, reply, path, { form: 'upgrade', refusal: { ...refusal, message: `The plan change was not ordered. ${refusal.message}` } });
    }
  });

  app.post('/projects/:slug/servers/:id/bandwidth', async (request, reply) => {
    const path = pathOf(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (typeof form.size_gb !== 'string' || !/^[0-9]{1,9}$/.test(form.size_gb)) {
      const message = 'Extra traffic: choose how much to add.';
      return sendPlan(request, reply, path, { form: 'bandwidth', refusal: { status: 400, message, fields: ['size_gb'], fieldMessages: { size_gb: message } } });
    }
    const body = { size_gb: Number(form.size_gb) };
    try {
      const outcome = await services.orders.orderBandwidth(consoleActor(request.consoleUser), path.slug, path.id, body, contextOf(request, `/projects/${path.slug}/servers/${path.id}/bandwidth`, form.form_token, body));
      return answerOrder(request, reply, path, outcome, `Extra traffic of ${body.size_gb} GB`);
    } catch (error) {
      if (unconfirmedOrderId(error) !== null) return unconfirmed(request, reply, path, 'extra traffic');
      const refusal = refusalOf(error, LABELS);
      if (!refusal) throw error;
      return sendPlan(request, reply, path, { form: 'bandwidth', refusal: { ...refusal, message: `The extra traffic was not ordered. ${refusal.message}` } });
    }
  });
}
