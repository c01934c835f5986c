// Completing a payment: finding out what became of one that never finished
// (the processor asked by the charge's idempotency key, billing by the
// invoice), then passing a successful one on: the invoice paid and its order
// moved on, or the credit added. Every step is idempotent, so the job may run
// after the request already did the work, or twice.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { RetryLater } from '../../jobs/runner.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { PaymentsPort } from '../../upstreams/payments/port.ts';
import type { OrderService } from '../orders/index.ts';
import * as repo from './payments.repo.ts';

export interface PaymentCompletionDependencies {
  db: Kysely<Database>;
  clock: Clock;
  billing: BillingPort;
  payments: PaymentsPort;
  orders: OrderService;
}

/** The processor knows a payment's charge by this key; charging again under it charges nothing. */
export const chargeKey = (paymentId: number) => `cloudplane-payment-${paymentId}`;

const RETRY_MS = 2000;

/** A payment still pending after its request ended: what did the processor (or billing) do? */
async function findOutcome(row: repo.PaymentRow, deps: PaymentCompletionDependencies): Promise<void> {
  const now = deps.clock.now().toISOString();
  if (row.method === 'credit') {
    const invoice = row.invoice_id === null ? null : await deps.billing.getInvoice(row.invoice_id);
    const paid = invoice?.status === 'paid';
    await repo.recordOutcome(deps.db, row.id, ['pending'], { status: paid ? 'succeeded' : 'failed', problem: paid ? null : 'processing_error' }, now);
    return;
  }
  const charge = await deps.payments.findCharge(chargeKey(row.id));
  if (!charge) await repo.recordOutcome(deps.db, row.id, ['pending'], { status: 'failed', problem: 'processing_error' }, now);
  else if (charge.status === 'declined') await repo.recordOutcome(deps.db, row.id, ['pending'], { status: 'declined', problem: 'declined' }, now);
  else await repo.recordOutcome(deps.db, row.id, ['pending', 'failed'], { status: 'succeeded', problem: null, chargeRef: charge.chargeId }, now);
}

/** Passes a payment on once it is known to have succeeded; does nothing for any other. Upstream errors are thrown. */
export async function completePayment(paymentId: number, deps: PaymentCompletionDependencies): Promise<void> {
  let row = await repo.findPayment(deps.db, paymentId);
  if (row?.status === 'pending') {
    await findOutcome(row, deps);
    row = await repo.findPayment(deps.db, paymentId);
  }
  if (!row || row.status !== 'succeeded') return;
  if (row.purpose === 'top_up') {
    await deps.billing.addCredit(row.user_id, row.amount, chargeKey(row.id));
    return;
  }
  if (row.invoice_id === null) return;
  // Paid from credit, billing marked it paid itself; paid by card, billing is told so now.
  const invoice = row.method === 'card' ? await deps.billing.payInvoice(row.invoice_id) : await deps.billing.getInvoice(row.invoice_id);
  if (invoice) await deps.orders.invoiceSettled(invoice);
}

export const PAYMENT_COMPLETION_JOB = defineJob({
  name: 'payments.complete',
  payload: Type.Object({ paymentId: Type.Integer() }),
  handler: async ({ paymentId }, deps: PaymentCompletionDependencies) => {
    try {
      await completePayment(paymentId, deps);
    } catch (error) {
      if (isUpstreamError(error)) throw new RetryLater(RETRY_MS, `${error.system} did not answer about payment ${paymentId}`);
      throw error;
    }
  },
});

export const paymentJobs = [PAYMENT_COMPLETION_JOB];
