// What cloudplane asks of the billing system. The built-in engine implements
// it; a real billing system replaces it behind the same interface.
import type { Catalogue } from '../../schemas/catalogue.ts';

export interface BillingAccount {
  userId: number;
  currency: string;
  /** Integer minor units; never negative. */
  creditBalance: number;
}

export interface BillingService {
  serviceId: number;
  userId: number;
  serverId: string | null;
  productId: number;
  /** As billing reports it: `Pending` (ordered, not yet delivered), `Active`, `Pending Cancellation`, `Cancelled`, `Suspended`. */
  status: string;
  billingCycle: string;
  /** YYYY-MM-DD */
  nextDueDate: string;
  /** Integer minor units. */
  recurringAmount: number;
  setupFee: number;
  currency: string;
}

export type NewBillingService = Omit<BillingService, 'serviceId' | 'status'>;

/** What a server order buys: billing holds it `Pending` until the server is delivered. */
export type ReservedService = Omit<NewBillingService, 'userId' | 'serverId' | 'currency'>;

/** The term a delivered server's service starts. */
export interface ServiceActivation {
  serverId: string;
  /** YYYY-MM-DD */
  nextDueDate: string;
  recurringAmount: number;
}

export interface InvoiceItem {
  description: string;
  /** Integer minor units. */
  amount: number;
}

export interface Invoice {
  id: number;
  userId: number;
  orderRef: string | null;
  status: 'unpaid' | 'paid' | 'cancelled';
  total: number;
  creditApplied: number;
  currency: string;
  items: InvoiceItem[];
  /** The service the invoice's order reserved, when it reserved one. */
  serviceId: number | null;
  createdAt: string;
  /** When it was paid or cancelled. */
  settledAt: string | null;
}

export interface NewInvoice {
  /** Names the order: placing the same order again returns the same invoice. */
  orderRef: string;
  userId: number;
  currency: string;
  items: InvoiceItem[];
  /** A server order reserves its service with the invoice, in billing's own transaction. */
  reserve?: ReservedService;
}

/**
 * How long a call to billing may take: an adapter answers or gives up within
 * it. The safety nets of calls cut short by a crash (an order's settle job, a
 * cancellation's, an import's) ask billing where things stand only after it,
 * when no request can still be waiting for an answer.
 */
export const BILLING_ANSWER_BOUND_MS = 10_000;

/** Billing refuses an invoice for a user without a billing account. */
export class NoBillingAccount extends Error {}

/** A credit movement that would make the balance negative. */
export class InsufficientCredit extends Error {}

// Every operation that changes something is idempotent: the outbox
// (modules/billing/billing-outbox.ts) may deliver the same change twice.
export interface BillingPort {
  /** The account of a user, or null when the user has none. */
  getAccount(userId: number): Promise<BillingAccount | null>;
  /** Opens a user's account with an opening balance; an account that exists is returned as it is. */
  openAccount(account: BillingAccount): Promise<BillingAccount>;
  /** The catalogue as billing sells it; may be up to five minutes old. */
  getCatalogue(): Promise<Catalogue>;
  getService(serviceId: number): Promise<BillingService | null>;
  /** The services among these ids that exist, in no particular order: one call for a whole list. */
  getServices(serviceIds: readonly number[]): Promise<BillingService[]>;
  /** Every service of a user, oldest first. */
  listServices(userId: number): Promise<BillingService[]>;
  /** Opens an `Active` service for a server placed without an order; a server that has one keeps it. */
  openService(service: NewBillingService & { serverId: string }): Promise<BillingService>;
  /** A reserved service becomes the delivered server's: `Active`, its term starting now. */
  activateService(serviceId: number, activation: ServiceActivation): Promise<void>;
  setServiceStatus(serviceId: number, status: string): Promise<void>;
  /** The service follows a new product (an upgrade) or a new recurring amount. */
  changeService(serviceId: number, change: { productId?: number; recurringAmount?: number }): Promise<void>;
  /**
   * Creates the invoice of an order. When the user's credit covers the total
   * it is applied and the invoice is paid; otherwise no credit is applied and
   * the invoice waits, unpaid. A user without a billing account is refused
   * with NoBillingAccount. With `reserve`, the order's service is reserved
   * `Pending` together with the invoice.
   */
  placeInvoice(invoice: NewInvoice): Promise<Invoice>;
  findInvoiceByOrder(orderRef: string): Promise<Invoice | null>;
  getInvoice(invoiceId: number): Promise<Invoice | null>;
  /** Every invoice of a user, newest first. */
  listInvoices(userId: number): Promise<Invoice[]>;
  /** Paid in the console (by card, transfer…): not from credit. An invoice already settled is returned as it is. */
  payInvoice(invoiceId: number): Promise<Invoice | null>;
  /**
   * Pays an unpaid invoice from the user's credit, in one transaction with the
   * deduction; InsufficientCredit when the balance does not cover the total.
   * An invoice already settled is returned as it is.
   */
  payInvoiceFromCredit(invoiceId: number): Promise<Invoice | null>;
  /** Adds credit paid for outside billing (a card top-up); idempotent on `reference`. Null without an account. */
  addCredit(userId: number, amount: number, reference: string): Promise<BillingAccount | null>;
  /** Cancels an unpaid invoice; the service its order reserved is cancelled with it. */
  cancelInvoice(invoiceId: number): Promise<Invoice | null>;
}

/**
 * What the provider's back office (the operator API, first start) does in
 * billing. It is not wrapped in fault injection: the back office sets up the
 * world while a system is made to fail for the public APIs.
 */
export interface BillingBackOffice extends BillingPort {
  /** Moves credit by `amount` minor units (negative deducts); null without an account; InsufficientCredit below zero. */
  adjustCredit(userId: number, amount: number, reason: string): Promise<BillingAccount | null>;
  hasCatalogue(): Promise<boolean>;
  /** The catalogue as billing holds it right now, never a kept copy: what the operator reads. */
  getCurrentCatalogue(): Promise<Catalogue>;
  /** Every copy of the catalogue in every process (getCatalogue's included) follows within moments. */
  replaceCatalogue(catalogue: Catalogue): Promise<void>;
}
