// What a legacy purchase (deploy, upgrade) answers: the order's invoice, and
// whether the user still has to pay it. Credit that covers the invoice pays it
// at once (201, the work begins); otherwise it waits unpaid (200).
import { Type } from 'typebox';
import { readJson } from '../db/columns.ts';
import { Currency, Id, Link } from '../schemas/common.ts';
import { type Order, type OrderOutcome, RateLimitedHeaders, RateLimitHeaders } from '../modules/orders/index.ts';
import { parseMoney } from '../money.ts';
import { toAmount } from './servers.ts';

export const PurchaseFields = {
  invoice_id: Id(),
  invoice_url: Link({ description: 'Where the invoice is shown and paid in the console' }),
  requires_payment: Type.Boolean(),
  outstanding_balance: Type.Optional(Type.Object({ price: Type.Number(), currency: Currency() }, { description: 'Only when requires_payment is true' })),
};

/** What an upgrade answers: its invoice, and whether it must be paid. */
export const PurchaseSchema = Type.Object(PurchaseFields, { title: 'LegacyPurchase' });

/**
 * Purchases are orders: rate limited with the project API's orders (429), and
 * a purchase billing did not confirm may have been recorded, and counted, all the same (502).
 */
export const purchaseLimitFailures = [
  [429, { headers: RateLimitedHeaders }],
  [502, { description: 'Billing failed or did not answer; the purchase may have been recorded all the same, and then the answer carries the rate-limit headers', headers: RateLimitHeaders }],
] as const;

/** The invoice an order records, as the orders module shows it (less the link). */
type RecordedInvoice = Omit<NonNullable<Order['invoice']>, 'url'>;

export interface PurchaseAnswer {
  status: 200 | 201;
  data: { invoice_id: number; invoice_url: string; requires_payment: boolean; outstanding_balance?: { price: number; currency: string } };
}

export function purchaseAnswer(order: OrderOutcome['row'], invoiceUrl: (invoiceId: number) => string): PurchaseAnswer {
  // An order the services answered with has its invoice: billing made it, or the call failed (and never reaches here).
  const invoice = readJson<RecordedInvoice>(order.invoice);
  const requiresPayment = invoice.status === 'unpaid';
  const data: PurchaseAnswer['data'] = { invoice_id: invoice.id, invoice_url: invoiceUrl(invoice.id), requires_payment: requiresPayment };
  if (requiresPayment) data.outstanding_balance = { price: toAmount(parseMoney(invoice.total)), currency: invoice.currency };
  return { status: requiresPayment ? 200 : 201, data };
}
