// Invoices and paying them, and credit topped up by card. Every payment form
// carries its own token (besides the CSRF token): the service charges a form
// once however often it is sent. A card number is passed to the service for
// the one charge and never rendered back.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { formatMoney } from '../../money.ts';
import { TOP_UP_LIMITS, type PaymentOutcome, type PaymentProblem } from '../../modules/payments/payments.service.ts';
import { randomToken } from '../../secrets.ts';
import type { Services } from '../../services.ts';
import { redirectWith, sendPage } from '../console-page.ts';
import { refusalOf } from './refusals.ts';

const InvoiceParams = Type.Object({ invoiceId: Type.String({ pattern: '^[0-9]{1,15}$' }) });

const CardFields = {
  payment_token: Type.String({ minLength: 16, maxLength: 64 }),
  card_number: Type.Optional(Type.String({ maxLength: 40 })),
  expiry: Type.Optional(Type.String({ maxLength: 10 })),
  cvc: Type.Optional(Type.String({ maxLength: 8 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
};
const PayForm = Type.Object({ method: Type.Union([Type.Literal('card'), Type.Literal('credit')]), ...CardFields });
const TopUpForm = Type.Object({ amount: Type.String({ maxLength: 20 }), ...CardFields });

type CardInput = { payment_token: string; card_number?: string; expiry?: string; cvc?: string };

/** The page's status says what happened to the payment, as the API's statuses would. */
const STATUS_BY_PROBLEM: Record<PaymentProblem, number> = {
  declined: 402,
  insufficient_credit: 402,
  processing_error: 502,
  unavailable: 503,
  unconfirmed: 202,
};

function cardOf(form: CardInput) {
  return { number: form.card_number ?? '', expiry: form.expiry ?? '', cvc: form.cvc ?? '' };
}

export async function invoicePages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const { payments } = services;

  async function sendInvoice(request: FastifyRequest, reply: FastifyReply, invoiceId: number, problem: { message: string; status: number } | null) {
    const userId = request.consoleUser.id;
    const invoice = await payments.requireOwnInvoice(userId, invoiceId);
    const [order, invoicePayments, account] = await Promise.all([
      services.orders.orderOfInvoice(invoice.id),
      payments.invoicePayments(invoice.id),
      payments.accountOf(userId),
    ]);
    return sendPage(
      request,
      reply,
      'invoice',
      {
        title: `Invoice ${invoice.id}`,
        section: 'invoices',
        invoice: { ...invoice, totalText: formatMoney(invoice.total), items: invoice.items.map((item) => ({ ...item, amountText: formatMoney(item.amount) })) },
        order,
        payments: invoicePayments.map((payment) => ({ ...payment, amountText: formatMoney(payment.amount) })),
        credit: account ? { balanceText: formatMoney(account.creditBalance), covers: account.creditBalance >= invoice.total, currency: account.currency } : null,
        paymentToken: randomToken(24),
        problem: problem?.message ?? null,
      },
      problem?.status ?? 200,
    );
  }

  app.get('/invoices', async (request, reply) => {
    const invoices = await payments.invoicesOf(request.consoleUser.id);
    return sendPage(request, reply, 'invoices', {
      title: 'Invoices',
      section: 'invoices',
      invoices: invoices.map((invoice) => ({ ...invoice, totalText: formatMoney(invoice.total) })),
    });
  });

  app.get('/invoices/:invoiceId', { schema: { params: InvoiceParams } }, async (request, reply) => {
    const { invoiceId } = request.params as { invoiceId: string };
    return sendInvoice(request, reply, Number(invoiceId), null);
  });

  app.post('/invoices/:invoiceId/pay', { schema: { params: InvoiceParams, body: PayForm } }, async (request, reply) => {
    const invoiceId = Number((request.params as { invoiceId: string }).invoiceId);
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
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return sendInvoice(request, reply, invoiceId, refusal);
    }
    if (outcome.problem) return sendInvoice(request, reply, invoiceId, { message: outcome.message, status: STATUS_BY_PROBLEM[outcome.problem] });
    return redirectWith(request, reply, `/console/invoices/${invoiceId}`, { kind: 'success', message: outcome.message });
  });

  async function sendCredit(request: FastifyRequest, reply: FastifyReply, problem: { message: string; status: number } | null, amount = '') {
    const account = await payments.accountOf(request.consoleUser.id);
    return sendPage(
      request,
      reply,
      'credit',
      {
        title: 'Credit',
        section: 'billing',
        account: account ? { balanceText: formatMoney(account.creditBalance), currency: account.currency } : null,
        limits: { min: formatMoney(TOP_UP_LIMITS.min), max: formatMoney(TOP_UP_LIMITS.max) },
        paymentToken: randomToken(24),
        amount,
        problem: problem?.message ?? null,
      },
      problem?.status ?? 200,
    );
  }

  app.get('/billing', async (request, reply) => sendCredit(request, reply, null));

  app.post('/billing/top-up', { schema: { body: TopUpForm } }, async (request, reply) => {
    const form = request.body as CardInput & { amount: string };
    let outcome: PaymentOutcome;
    try {
      outcome = await payments.topUpByCard(request.consoleUser.id, form.amount, form.payment_token, cardOf(form));
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return sendCredit(request, reply, refusal, form.amount);
    }
    if (outcome.problem) return sendCredit(request, reply, { message: outcome.message, status: STATUS_BY_PROBLEM[outcome.problem] }, form.amount);
    return redirectWith(request, reply, '/console/billing', { kind: 'success', message: outcome.message });
  });
}
