// The catalogue as ordering reads it: fetched from billing at most every
// five minutes (the age the spec allows), and at once in every process after
// the operator replaces it (the change feed). Ordering then calls billing only
// to place the invoice, so a billing failure while ordering always happens at
// the one call whose outcome can be checked later (D8).
import { CachedUntilChanged, type ChangeFeed } from '../../db/change-feed.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import type { Catalogue } from '../../schemas/catalogue.ts';

export const CATALOGUE_CACHE_MS = 5 * 60 * 1000;

export class CatalogueCache {
  private readonly copy: CachedUntilChanged<Catalogue>;

  constructor(billing: BillingPort, changes: ChangeFeed) {
    this.copy = new CachedUntilChanged(changes, 'catalogue', () => billing.getCatalogue(), CATALOGUE_CACHE_MS);
  }

  /**
   * A copy at most five minutes old, and never older than the operator's
   * last replacement; when billing cannot be read, the last copy (loaded at
   * start) is still good enough to check an order against — billing itself
   * has the last word when the invoice is placed.
   */
  async get(): Promise<Catalogue> {
    try {
      return await this.copy.get();
    } catch (error) {
      const last = this.copy.last;
      if (last) return last;
      throw error;
    }
  }
}
