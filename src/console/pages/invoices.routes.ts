// Invoices and paying them, the printable invoice, and credit: its balance,
// its history and topping it up by card. Every payment form carries its own
// token (besides the CSRF token): the service charges a form once however
// often it is sent. A card number is passed to the service for the one
// charge and never rendered back. An invoice's summary, and the list of
// invoices, ask for themselves again (htmx) while something about them can
// still change: an unpaid invoice, a payment being confirmed, an order on its way.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../errors.ts';
import { formatMoney } from '../../money.ts';
import { TOP_UP_LIMITS, type CreditMovement, type PaymentOutcome, type PaymentProblem, type PaymentRow } from '../../modules/payments/index.ts';
import { randomToken } from '../../secrets.ts';
import type { Services } from '../../services.ts';
import type { Invoice } from '../../upstreams/billing/port.ts';
import { consoleActor } from '../console-actor.ts';
import { CONSOLE_ROOT } from '../console-root.ts';
import { redirectWith, renderHtml, sendPage, type Problem } from '../console-page.ts';
import { moment, projectUrl, serverUrl } from './display.ts';
import { invoicePurposes, type InvoicePurpose } from './invoice-purpose.ts';
import { orderTypeLabel, stateLabel } from './labels.ts';
import { invalidForm, refusalOf, type FieldLabels, type Refusal } from './refusals.ts';

const INVOICE_ID = /^[0-9]{1,15}$/;
const InvoiceParams = Type.Object({ invoiceId: Type.String({ pattern: INVOICE_ID.source }) });

const CardFields = {
  payment_token: Type.String({ minLength: 16, maxLength: 64 }),
  card_number: Type.Optional(Type.String({ maxLength: 40 })),
  expiry: Type.Optional(Type.String({ maxLength: 10 })),
  cvc: Type.Optional(Type.String({ maxLength: 8 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
};
const PayForm = Type.Object({ method: Type.Union([Type.Literal('card'), Type.Literal('credit')]), ...CardFields });
const TopUpForm = Type.Object({ amount: Type.String({ maxLength: 20 }), ...CardFields });

/** The payment forms' fields as they are labelled on the page: a refusal names these, never `card_number`. */
const PAYMENT_LABELS: FieldLabels = {
  card_number: 'Card number',
  expiry: 'Expiry',
  cvc: 'Security code',
  amount: 'Amount',
  method: 'Payment method',
  payment_token: 'Payment form',
};

type CardInput = { payment_token: string; card_number?: string; expiry?: string; cvc?: string };

/** The page's status says what happened to the payment, as the API's statuses would. */
const STATUS_BY_PROBLEM: Record<PaymentProblem, number> = {
  declined: 402,
  insufficient_credit: 402,
  processing_error: 502,
  unavailable: 503,
  unconfirmed: 202,
};

/** Orders still on their way: their invoice page follows them until they settle. */
const ORDER_MOVING = new Set(['submitting', 'provisioning', 'unknown']);
/** How often a page with something still changing asks for its live part again. */
const POLL_EVERY = 'every 5s';
/** The credit history shows the latest movements; older ones stay in billing. */
const CREDIT_HISTORY_SHOWN = 100;

/**
 * Who issues the invoices, as the printable invoice shows it. cloudplane has
 * no setting for the provider's legal details yet, so the invoice names the
 * service itself.
 */
const PROVIDER = {
  name: 'cloudplane',
  lines: ['Virtual servers and cloud services', 'Operated with cloudplane, the open cloud control plane'],
};

function cardOf(form: CardInput) {
  return { number: form.card_number ?? '', expiry: form.expiry ?? '', cvc: form.cvc ?? '' };
}

/** A refused form as the page's messages region shows it, with the fields to mark invalid. */
function problemOf(refusal: Refusal): Problem & { fields: string[] } {
  return { message: refusal.message, status: refusal.status, fields: refusal.fields };
}

const money = (amount: number, currency: string) => `${formatMoney(amount)} ${currency}`;

function paymentMethodText(payment: Pick<PaymentRow, 'method' | 'card_brand' | 'card_last4'>): string {
  return payment.method === 'card' ? `Card: ${payment.card_brand ?? 'card'} ending in ${payment.card_last4 ?? '????'}` : 'Credit';
}

/** An invoice as lists and pages show it. */
function invoiceView(invoice: Invoice, purpose: InvoicePurpose | undefined) {
  return {
    id: invoice.id,
    url: `${CONSOLE_ROOT}/invoices/${invoice.id}`,
    printUrl: `${CONSOLE_ROOT}/invoices/${invoice.id}/print`,
    purpose: purpose?.text ?? invoice.items[0]?.description ?? `Invoice ${invoice.id}`,
    status: stateLabel('invoice', invoice.status),
    unpaid: invoice.status === 'unpaid',
    created: moment(invoice.createdAt),
    settled: moment(invoice.settledAt),
    total: money(invoice.total, invoice.currency),
    creditApplied: invoice.creditApplied > 0 ? money(invoice.creditApplied, invoice.currency) : null,
    amountDue: money(invoice.status === 'unpaid' ? invoice.total : 0, invoice.currency),
    currency: invoice.currency,
    items: invoice.items.map((item) => ({ description: item.description, amount: money(item.amount, invoice.currency) })),
  };
}

export async function invoicePages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const { payments } = services;

  function invoiceIdOf(request: FastifyRequest): number {
    const { invoiceId } = request.params as { invoiceId: string };
    // A form's validation error is shown on the page, so the id is checked here, not by the schema.
    if (!INVOICE_ID.test(invoiceId)) throw notFound('invoice');
    return Number(invoiceId);
  }

  /** An invoice of the user's with what is known about it; not found for anyone else's. */
  async function loadInvoice(request: FastifyRequest, invoiceId: number) {
    const userId = request.consoleUser.id;
    const invoice = await payments.requireOwnInvoice(userId, invoiceId);
    const [order, invoicePayments, purposes] = await Promise.all([
      services.orders.orderOfInvoice(invoice.id),
      payments.invoicePayments(invoice.id),
      invoicePurposes(services, consoleActor(request.consoleUser), [invoice]),
    ]);
    return { invoice, order, invoicePayments, purpose: purposes.get(invoice.id) };
  }

  /** The part of an invoice's page that follows it: status, order, payments. */
  function invoiceSummary({ invoice, order, invoicePayments, purpose }: Awaited<ReturnType<typeof loadInvoice>>) {
    const polling = invoice.status === 'unpaid' || invoicePayments.some((payment) => payment.status === 'pending') || (order !== null && ORDER_MOVING.has(order.status));
    return {
      invoice: invoiceView(invoice, purpose),
      order: order && {
        id: order.id,
        type: orderTypeLabel(order.type),
        status: stateLabel('order', order.status),
        ordersUrl: order.projectSlug ? `${projectUrl(order.projectSlug)}/orders` : null,
        projectSlug: order.projectSlug,
        serverUrl: order.projectSlug && order.serverId && order.status === 'completed' ? serverUrl(order.projectSlug, order.serverId) : null,
      },
      payments: invoicePayments.map((payment) => ({
        created: moment(payment.created_at),
        method: paymentMethodText(payment),
        /** Card payments are listed on the printed invoice; credit shows there as "Paid from credit". */
        paidByCard: payment.method === 'card' && payment.status === 'succeeded',
        status: stateLabel('payment', payment.status),
        amount: money(payment.amount, payment.currency),
      })),
      liveUrl: `${CONSOLE_ROOT}/invoices/${invoice.id}/summary`,
      polling,
      pollEvery: POLL_EVERY,
    };
  }

  async function sendInvoice(request: FastifyRequest, reply: FastifyReply, invoiceId: number, problem: (Problem & { fields?: string[] }) | null) {
    const loaded = await loadInvoice(request, invoiceId);
    const account = await payments.accountOf(request.consoleUser.id);
    const { invoice } = loaded;
    return sendPage(
      request,
      reply,
      'invoice',
      {
        title: `Invoice ${invoice.id}`,
        section: 'invoices',
        breadcrumbs: [
          { text: 'Invoices', url: `${CONSOLE_ROOT}/invoices` },
          { text: `Invoice ${invoice.id}`, url: `${CONSOLE_ROOT}/invoices/${invoice.id}` },
        ],
        ...invoiceSummary(loaded),
        credit: account ? { balance: money(account.creditBalance, account.currency), covers: account.creditBalance >= invoice.total } : null,
        paymentToken: randomToken(24),
        problem,
        invalidFields: problem?.fields ?? [],
      },
      problem?.status ?? 200,
    );
  }

  async function invoiceList(request: FastifyRequest) {
    const invoices = await payments.invoicesOf(request.consoleUser.id);
    const purposes = await invoicePurposes(services, consoleActor(request.consoleUser), invoices);
    return {
      invoices: invoices.map((invoice) => invoiceView(invoice, purposes.get(invoice.id))),
      // An unpaid invoice may be paid in another tab, or by the provider: the list follows it.
      polling: invoices.some((invoice) => invoice.status === 'unpaid'),
      pollEvery: POLL_EVERY,
      liveUrl: `${CONSOLE_ROOT}/invoices/table`,
    };
  }

  app.get('/invoices', async (request, reply) => {
    return sendPage(request, reply, 'invoices', {
      title: 'Invoices',
      section: 'invoices',
      ...(await invoiceList(request)),
    });
  });

  // What htmx asks for while an invoice of the list is unpaid: the table alone.
  app.get('/invoices/table', async (request, reply) => reply.type('text/html; charset=utf-8').send(renderHtml('invoices-table', await invoiceList(request))));

  app.get('/invoices/:invoiceId', async (request, reply) => sendInvoice(request, reply, invoiceIdOf(request), null));

  // What htmx asks for while the invoice can still change: its summary alone.
  app.get('/invoices/:invoiceId/summary', async (request, reply) => {
    const loaded = await loadInvoice(request, invoiceIdOf(request));
    return reply.type('text/html; charset=utf-8').send(renderHtml('invoice-summary', invoiceSummary(loaded)));
  });

  app.get('/invoices/:invoiceId/print', async (request, reply) => {
    const loaded = await loadInvoice(request, invoiceIdOf(request));
    const user = request.consoleUser;
    const account = await payments.accountOf(user.id);
    const { invoice } = loaded;
    return sendPage(request, reply, 'invoice-print', {
      title: `Invoice ${invoice.id} (printable)`,
      heading: `Invoice ${invoice.id}`,
      section: 'invoices',
      breadcrumbs: [
        { text: 'Invoices', url: `${CONSOLE_ROOT}/invoices` },
        { text: `Invoice ${invoice.id}`, url: `${CONSOLE_ROOT}/invoices/${invoice.id}` },
        { text: 'Printable', url: `${CONSOLE_ROOT}/invoices/${invoice.id}/print` },
      ],
      ...invoiceSummary(loaded),
      provider: PROVIDER,
      customer: {
        name: [user.first_name, user.last_name].filter((part) => part.trim() !== '').join(' ') || user.email,
        email: user.email,
        account: `Customer ${user.id}${account ? ` · billed in ${account.currency}` : ''}`,
      },
    });
  });

  app.post('/invoices/:invoiceId/pay', { schema: { params: InvoiceParams, body: PayForm }, attachValidation: true }, async (request, reply) => {
    const invoiceId = invoiceIdOf(request);
    const invalid = invalidForm(request, PAYMENT_LABELS);
    if (invalid) return sendInvoice(request, reply, invoiceId, problemOf(invalid));
    const form = request.body as CardInput & { method: 'card' | 'credit' };
    const userId = request.consoleUser.id;
    let outcome: PaymentOutcome;
    try {
      outcome =
        form.method === 'credit'
          ? await payments.payInvoiceFromCredit(userId, invoiceId, form.payment_token)
          : await payments.payInvoiceByCard(userId, invoiceId, form.payment_token, cardOf(form));
    } catch (error) {
      // A form to fix, or an invoice that cannot be paid now: said on the invoice's page.
      const refusal = refusalOf(error, PAYMENT_LABELS);
      if (!refusal) throw error;
      return sendInvoice(request, reply, invoiceId, problemOf(refusal));
    }
    if (outcome.problem) return sendInvoice(request, reply, invoiceId, { message: outcome.message, status: STATUS_BY_PROBLEM[outcome.problem] });
    return redirectWith(request, reply, `${CONSOLE_ROOT}/invoices/${invoiceId}`, { kind: 'success', message: outcome.message });
  });

  async function sendCredit(request: FastifyRequest, reply: FastifyReply, problem: (Problem & { fields?: string[] }) | null, amount = '') {
    const userId = request.consoleUser.id;
    const [account, history] = await Promise.all([payments.accountOf(userId), payments.creditHistory(userId, CREDIT_HISTORY_SHOWN)]);
    const paidInvoices = history.flatMap((movement) => (movement.invoice ? [movement.invoice] : []));
    const purposes = await invoicePurposes(services, consoleActor(request.consoleUser), paidInvoices);
    return sendPage(
      request,
      reply,
      'credit',
      {
        title: 'Credit',
        section: 'billing',
        account: account ? { balance: money(account.creditBalance, account.currency), currency: account.currency } : null,
        limits: { min: formatMoney(TOP_UP_LIMITS.min), max: formatMoney(TOP_UP_LIMITS.max) },
        history: history.map((movement) => creditRow(movement, movement.invoice ? purposes.get(movement.invoice.id) : undefined)),
        paymentToken: randomToken(24),
        amount,
        problem,
        invalidFields: problem?.fields ?? [],
      },
      problem?.status ?? 200,
    );
  }

  app.get('/billing', async (request, reply) => sendCredit(request, reply, null));

  app.post('/billing/top-up', { schema: { body: TopUpForm }, attachValidation: true }, async (request, reply) => {
    const form = request.body as CardInput & { amount: string };
    const amount = typeof form?.amount === 'string' ? form.amount : '';
    const invalid = invalidForm(request, PAYMENT_LABELS);
    if (invalid) return sendCredit(request, reply, problemOf(invalid), amount);
    let outcome: PaymentOutcome;
    try {
      outcome = await payments.topUpByCard(request.consoleUser.id, form.amount, form.payment_token, cardOf(form));
    } catch (error) {
      const refusal = refusalOf(error, PAYMENT_LABELS);
      if (!refusal) throw error;
      return sendCredit(request, reply, problemOf(refusal), amount);
    }
    if (outcome.problem) return sendCredit(request, reply, { message: outcome.message, status: STATUS_BY_PROBLEM[outcome.problem] }, amount);
    return redirectWith(request, reply, `${CONSOLE_ROOT}/billing`, { kind: 'success', message: outcome.message });
  });
}

/** A line of the credit history: what moved the credit, by how much, and whether it is in the balance yet. */
function creditRow(movement: CreditMovement, purpose: InvoicePurpose | undefined) {
  const sign = movement.amount < 0 ? '−' : '+';
  const description =
    movement.kind === 'top_up'
      ? `Top-up by card${movement.card ? ` (${movement.card.brand ?? 'card'} ending in ${movement.card.last4 ?? '????'})` : ''}`
      : `Invoice ${movement.invoice?.id} paid from credit${purpose ? `: ${purpose.text}` : ''}`;
  return {
    at: moment(movement.at),
    description,
    invoiceUrl: movement.invoice ? `${CONSOLE_ROOT}/invoices/${movement.invoice.id}` : null,
    amount: `${sign}${money(Math.abs(movement.amount), movement.currency)}`,
    tone: movement.amount < 0 ? 'debit' : 'credit',
    status: stateLabel('payment', movement.status),
  };
}
