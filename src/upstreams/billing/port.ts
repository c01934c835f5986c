// What cloudplane asks of the billing system. The built-in engine implements
// it; a real billing system replaces it behind the same interface.
import type { Catalogue } from '../../modules/catalogue/catalogue.schemas.ts';

export interface BillingAccount {
  userId: number;
  currency: string;
  /** Integer minor units; never negative. */
  creditBalance: number;
}

export interface BillingPort {
  /** The account of a user, or null when the user has none. */
  getAccount(userId: number): Promise<BillingAccount | null>;
  /** The catalogue as billing sells it; may be up to five minutes old. */
  getCatalogue(): Promise<Catalogue>;
}
