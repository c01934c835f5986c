// Paying in the console: an unpaid invoice from credit or by card, and credit
// topped up by card. Each payment is a row made before anything is charged,
// so it is charged once:
// - the same form sent twice (a double click, a reloaded POST) finds its row
//   by the form's token and answers the first outcome;
// - two forms for one invoice (two tabs) meet the unique index that allows
//   one payment under way or made per invoice.
// The card goes to the payments system with the payment's id as its
// idempotency key; only its brand and last four digits are kept. A payment
// that was taken moves its invoice on, and the invoice its order, through the
// `payments.complete` job enqueued with the row: it runs at once after the
// charge and again later if anything (a crash, billing down) stopped it.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, notFound, validationError } from '../../errors.ts';
import { formatMoney, isMoney, parseMoney } from '../../money.ts';
import { InsufficientCredit, type BillingAccount, type BillingPort, type Invoice } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import { PaymentProcessingError, cardBrand, type CardDetails, type PaymentsPort } from '../../upstreams/payments/port.ts';
import { enqueueJob, withdrawQueuedJob } from '../../jobs/queue.ts';
import { crashPoint } from '../../crash-points.ts';
import type { OrderService } from '../orders/index.ts';
import { parseCard, type CardForm } from './card.ts';
import * as repo from './payments.repo.ts';

/** A payment as the console lists it beside its invoice. */
export type { PaymentRow } from './payments.repo.ts';
import { PAYMENT_COMPLETION_JOB, chargeKey, completePayment, type PaymentCompletionDependencies } from './payments.jobs.ts';

export const TOP_UP_LIMITS = { min: 500, max: 100_000 };
/**
 * How long a safety-net completion waits before it asks what became of a
 * payment whose request never finished (the process died): longer than a
 * processor takes to answer or give up, so no charge is still on its way.
 */
const SAFETY_NET_MS = 60 * 1000;
/** How long a second submit of one form waits for the first to finish before it answers "still processing". */
const SAME_FORM_WAIT_MS = 15_000;

/** Why a payment did not go through, for the page to say so (and pick its status). */
export type PaymentProblem = 'declined' | 'processing_error' | 'unavailable' | 'unconfirmed' | 'insufficient_credit';

export interface PaymentOutcome {
  paymentId: number;
  status: repo.PaymentStatus;
  problem: PaymentProblem | null;
  message: string;
}

export interface PaymentServiceDependencies extends PaymentCompletionDependencies {
  db: Kysely<Database>;
  clock: Clock;
  billing: BillingPort;
  payments: PaymentsPort;
  orders: OrderService;
  wakeWorker: () => void;
}

const MESSAGES: Record<PaymentProblem, string> = {
  declined: 'Your card was declined. Nothing was charged and the invoice is still unpaid; try another card.',
  processing_error: 'The payment could not be processed and nothing was charged. Please try again.',
  unavailable: 'Card payments are unavailable at the moment; nothing was charged. Please try again later.',
  unconfirmed: 'The payment system did not confirm the payment yet. It is being checked; this page shows the result once it is known.',
  insufficient_credit: 'Your credit does not cover this invoice. Pay by card, or top up your credit first.',
};

/** One movement of a user's credit, as the credit history lists it. */
export interface CreditMovement {
  kind: 'top_up' | 'invoice';
  /** Signed minor units: a top-up adds, an invoice paid from credit takes. */
  amount: number;
  currency: string;
  at: string;
  /** A top-up still being confirmed is `pending`: not in the balance yet. */
  status: 'pending' | 'succeeded';
  /** The invoice paid from credit, for an `invoice` movement. */
  invoice: Invoice | null;
  card: { brand: string | null; last4: string | null } | null;
}

export class PaymentService {
  constructor(private readonly deps: PaymentServiceDependencies) {}

  /** An invoice of the user's, or not found (another user's invoice is not theirs to see). */
  async requireOwnInvoice(userId: number, invoiceId: number): Promise<Invoice> {
    const invoice = await this.deps.billing.getInvoice(invoiceId);
    if (!invoice || invoice.userId !== userId) throw notFound('invoice');
    return invoice;
  }

  async payInvoiceByCard(userId: number, invoiceId: number, formToken: string, form: CardForm): Promise<PaymentOutcome> {
    const replay = await this.replay(userId, formToken);
    if (replay) return replay;
    const card = parseCard(form, this.deps.clock.now());
    const invoice = await this.payableInvoice(userId, invoiceId);
    const payment = await this.begin(userId, formToken, { purpose: 'invoice', invoice_id: invoice.id, method: 'card', amount: invoice.total, currency: invoice.currency, card });
    if (isOutcome(payment)) return payment;
    return this.charge(payment, card, `cloudplane invoice ${invoice.id}`);
  }

  async payInvoiceFromCredit(userId: number, invoiceId: number, formToken: string): Promise<PaymentOutcome> {
    const replay = await this.replay(userId, formToken);
    if (replay) return replay;
    const invoice = await this.payableInvoice(userId, invoiceId);
    const payment = await this.begin(userId, formToken, { purpose: 'invoice', invoice_id: invoice.id, method: 'credit', amount: invoice.total, currency: invoice.currency, card: null });
    if (isOutcome(payment)) return payment;
    crashPoint('payment.after-record');
    try {
      await this.deps.billing.payInvoiceFromCredit(invoice.id);
    } catch (error) {
      if (error instanceof InsufficientCredit) return this.settle(payment, { status: 'failed', problem: 'insufficient_credit' });
      // Billing failed or did not answer: whether the credit was taken is found out by the completion job.
      if (isUpstreamError(error)) return this.unconfirmed(payment);
      throw error;
    }
    return this.settle(payment, { status: 'succeeded', problem: null });
  }

  /** Credit bought by card: `amountText` is a decimal from 5.00 to 1000.00 in the account's currency. */
  async topUpByCard(userId: number, amountText: string, formToken: string, form: CardForm): Promise<PaymentOutcome> {
    const replay = await this.replay(userId, formToken);
    if (replay) return replay;
    const amount = isMoney(amountText.trim()) ? parseMoney(amountText.trim()) : NaN;
    if (!(amount >= TOP_UP_LIMITS.min && amount <= TOP_UP_LIMITS.max)) {
      throw validationError('amount', `top up from ${formatMoney(TOP_UP_LIMITS.min)} to ${formatMoney(TOP_UP_LIMITS.max)}, with at most two decimals`);
    }
    const card = parseCard(form, this.deps.clock.now());
    const account = await this.deps.billing.getAccount(userId);
    if (!account) throw new AppError('billing_account_required', 'You have no billing account; the provider opens one');
    const payment = await this.begin(userId, formToken, { purpose: 'top_up', invoice_id: null, method: 'card', amount, currency: account.currency, card });
    if (isOutcome(payment)) return payment;
    return this.charge(payment, card, 'cloudplane credit top-up');
  }

  /** The user's invoices, newest first. */
  invoicesOf(userId: number): Promise<Invoice[]> {
    return this.deps.billing.listInvoices(userId);
  }

  /** The user's billing account (its credit pays invoices), or null without one. */
  accountOf(userId: number): Promise<BillingAccount | null> {
    return this.deps.billing.getAccount(userId);
  }

  /** The payments made for an invoice, newest first (what the invoice page lists). */
  invoicePayments(invoiceId: number): Promise<repo.PaymentRow[]> {
    return repo.listInvoicePayments(this.deps.db, invoiceId);
  }

  /**
   * What moved the user's credit that cloudplane can tell, newest first:
   * card top-ups (under way or made) and invoices paid from credit (when the
   * order was placed, or later in the console). What the provider's back
   * office moves (an opening balance, adjustments, refunds) is in billing's
   * own ledger, which the billing port does not read yet.
   */
  async creditHistory(userId: number, limit = 100): Promise<CreditMovement[]> {
    const [topUps, invoices] = await Promise.all([repo.listUserTopUps(this.deps.db, userId, limit), this.deps.billing.listInvoices(userId)]);
    const movements: CreditMovement[] = [
      ...topUps.map((row): CreditMovement => ({
        kind: 'top_up',
        amount: row.amount,
        currency: row.currency,
        at: row.created_at,
        status: row.status === 'succeeded' ? 'succeeded' : 'pending',
        invoice: null,
        card: row.method === 'card' ? { brand: row.card_brand, last4: row.card_last4 } : null,
      })),
      ...invoices
        .filter((invoice) => invoice.creditApplied > 0)
        .map((invoice): CreditMovement => ({
          kind: 'invoice',
          amount: -invoice.creditApplied,
          currency: invoice.currency,
          at: invoice.settledAt ?? invoice.createdAt,
          status: 'succeeded',
          invoice,
          card: null,
        })),
    ];
    return movements.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit);
  }

  private async payableInvoice(userId: number, invoiceId: number): Promise<Invoice> {
    const invoice = await this.requireOwnInvoice(userId, invoiceId);
    if (invoice.status === 'paid') throw conflict('This invoice is already paid');
    if (invoice.status === 'cancelled') throw conflict('This invoice was cancelled and cannot be paid');
    return invoice;
  }

  /** The outcome of this form's payment when it was sent before; waits (bounded) while that one is still under way. */
  private async replay(userId: number, formToken: string): Promise<PaymentOutcome | null> {
    const deadline = Date.now() + SAME_FORM_WAIT_MS;
    let row = await repo.findPaymentByForm(this.deps.db, userId, formToken);
    while (row && row.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await repo.findPaymentByForm(this.deps.db, userId, formToken);
    }
    return row ? outcomeOf(row) : null;
  }

  /**
   * The payment's row and its safety-net job, in one transaction, before
   * anything is charged. Another submit of this form that got in first is
   * answered with that payment's outcome.
   */
  private async begin(
    userId: number,
    formToken: string,
    payment: { purpose: 'invoice' | 'top_up'; invoice_id: number | null; method: 'card' | 'credit'; amount: number; currency: string; card: CardDetails | null },
  ): Promise<(repo.PaymentRow & { safetyNetJobId: number }) | PaymentOutcome> {
    const { db, clock } = this.deps;
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await repo.insertPayment(
          trx,
          {
            user_id: userId,
            form_token: formToken,
            purpose: payment.purpose,
            invoice_id: payment.invoice_id,
            method: payment.method,
            amount: payment.amount,
            currency: payment.currency,
            card_brand: payment.card ? cardBrand(payment.card.number) : null,
            card_last4: payment.card ? payment.card.number.slice(-4) : null,
          },
          clock.now().toISOString(),
        );
        const safetyNetJobId = await enqueueJob(trx, clock, PAYMENT_COMPLETION_JOB, { paymentId: row.id }, { delayMs: SAFETY_NET_MS, maxAttempts: 1000 });
        return { ...row, safetyNetJobId };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const sameForm = await this.replay(userId, formToken);
      if (sameForm) return sameForm;
      throw conflict('A payment for this invoice is already under way or made; reload the invoice to see it');
    }
  }

  private async charge(payment: repo.PaymentRow & { safetyNetJobId: number }, card: CardDetails, description: string): Promise<PaymentOutcome> {
    crashPoint('payment.after-record');
    try {
      const outcome = await this.deps.payments.charge({ idempotencyKey: chargeKey(payment.id), amount: payment.amount, currency: payment.currency, card, description });
      crashPoint('payment.after-charge');
      if (outcome.status === 'declined') return this.settle(payment, { status: 'declined', problem: 'declined' });
      return this.settle(payment, { status: 'succeeded', problem: null, chargeRef: outcome.chargeId });
    } catch (error) {
      if (error instanceof PaymentProcessingError) return this.settle(payment, { status: 'failed', problem: 'processing_error' });
      if (isUpstreamError(error) && error.kind === 'unavailable') return this.settle(payment, { status: 'failed', problem: 'unavailable' });
      // An error or no answer: the charge may have been made; the completion job asks the processor.
      if (isUpstreamError(error)) return this.unconfirmed(payment);
      throw error;
    }
  }

  /** Records the outcome, then completes a successful payment now; the safety net goes once nothing is left to do. */
  private async settle(
    payment: repo.PaymentRow & { safetyNetJobId: number },
    outcome: { status: repo.PaymentStatus; problem: PaymentProblem | null; chargeRef?: string },
  ): Promise<PaymentOutcome> {
    const { db, clock } = this.deps;
    // A success is the truth whatever the row says by now; anything else only settles a payment still pending.
    const from: repo.PaymentStatus[] = outcome.status === 'succeeded' ? ['pending', 'failed'] : ['pending'];
    await repo.recordOutcome(db, payment.id, from, { status: outcome.status, problem: outcome.problem, chargeRef: outcome.chargeRef ?? null }, clock.now().toISOString());
    if (outcome.status === 'succeeded') {
      crashPoint('payment.after-outcome');
      try {
        await completePayment(payment.id, this.deps);
      } catch (error) {
        if (!isUpstreamError(error)) throw error;
        // Taken but not yet passed on (billing down): the job passes it on as soon as it can.
        await enqueueJob(db, clock, PAYMENT_COMPLETION_JOB, { paymentId: payment.id }, { maxAttempts: 1000 });
        this.deps.wakeWorker();
      }
    }
    await withdrawQueuedJob(db, payment.safetyNetJobId);
    return { paymentId: payment.id, status: outcome.status, problem: outcome.problem, message: outcome.problem ? MESSAGES[outcome.problem] : successMessage(payment) };
  }

  private async unconfirmed(payment: repo.PaymentRow & { safetyNetJobId: number }): Promise<PaymentOutcome> {
    const { db, clock } = this.deps;
    // The safety net asks soon rather than in a minute.
    await enqueueJob(db, clock, PAYMENT_COMPLETION_JOB, { paymentId: payment.id }, { delayMs: 1000, maxAttempts: 1000 });
    this.deps.wakeWorker();
    return { paymentId: payment.id, status: 'pending', problem: 'unconfirmed', message: MESSAGES.unconfirmed };
  }
}

function successMessage(payment: repo.PaymentRow): string {
  const paidWith = payment.method === 'credit' ? 'from your credit' : `with ${payment.card_brand} ending in ${payment.card_last4}`;
  const what = payment.purpose === 'top_up' ? 'Your credit was topped up' : 'The invoice is paid';
  return `${what}: ${formatMoney(payment.amount)} ${payment.currency} ${paidWith}.`;
}

/** What an earlier payment's row says happened. */
function outcomeOf(row: repo.PaymentRow): PaymentOutcome {
  if (row.status === 'pending') return { paymentId: row.id, status: 'pending', problem: 'unconfirmed', message: MESSAGES.unconfirmed };
  const problem = row.status === 'succeeded' ? null : ((row.problem as PaymentProblem | null) ?? 'processing_error');
  return { paymentId: row.id, status: row.status, problem, message: problem ? MESSAGES[problem] : successMessage(row) };
}

function isOutcome(value: object): value is PaymentOutcome {
  return 'paymentId' in value;
}
