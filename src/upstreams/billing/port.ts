// What cloudplane asks of the billing system. The built-in engine implements
// it; a real billing system replaces it behind the same interface.
import type { Catalogue } from '../../modules/catalogue/catalogue.schemas.ts';

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
}

export interface NewInvoice {
  /** Names the order: placing the same order again returns the same invoice. */
  orderRef: string;
  userId: number;
  currency: string;
  items: InvoiceItem[];
}

export interface BillingPort {
  /** The account of a user, or null when the user has none. */
  getAccount(userId: number): Promise<BillingAccount | null>;
  /** The catalogue as billing sells it; may be up to five minutes old. */
  getCatalogue(): Promise<Catalogue>;
  getService(serviceId: number): Promise<BillingService | null>;
  /** Every service of a user, oldest first. */
  listServices(userId: number): Promise<BillingService[]>;
  openService(service: NewBillingService): Promise<BillingService>;
  setServiceStatus(serviceId: number, status: string): Promise<void>;
  /** The service follows a new product (an upgrade) or a new recurring amount. */
  changeService(serviceId: number, change: { productId?: number; recurringAmount?: number }): Promise<void>;
  /**
   * Creates the invoice of an order. When the user's credit covers the total
   * it is applied and the invoice is paid; otherwise no credit is applied and
   * the invoice waits, unpaid. A user without a billing account is refused
   * (the built-in engine throws NoBillingAccount).
   */
  placeInvoice(invoice: NewInvoice): Promise<Invoice>;
  findInvoiceByOrder(orderRef: string): Promise<Invoice | null>;
  getInvoice(invoiceId: number): Promise<Invoice | null>;
  /** Paid in the console (by card, transfer…): not from credit. */
  payInvoice(invoiceId: number): Promise<Invoice | null>;
  cancelInvoice(invoiceId: number): Promise<Invoice | null>;
}
