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
  /** As billing reports it: `Active`, `Pending Cancellation`, `Cancelled`, `Suspended`. */
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

export interface BillingPort {
  /** The account of a user, or null when the user has none. */
  getAccount(userId: number): Promise<BillingAccount | null>;
  /** The catalogue as billing sells it; may be up to five minutes old. */
  getCatalogue(): Promise<Catalogue>;
  getService(serviceId: number): Promise<BillingService | null>;
  openService(service: NewBillingService): Promise<BillingService>;
  setServiceStatus(serviceId: number, status: string): Promise<void>;
}
