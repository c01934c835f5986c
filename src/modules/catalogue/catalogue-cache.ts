// The catalogue as ordering reads it: fetched from billing at most every
// five minutes (the age the spec allows), and at once in every process after
// the operator replaces it (the change feed). Ordering then calls billing only
// to place the invoice, so a billing failure while ordering always happens at
// the one call whose outcome can be checked later (D8).
import { CachedUntilChanged, type ChangeFeed } from '../../db/change-feed.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import type { Catalogue } from '../../schemas/catalogue.ts';

export const CATALOGUE_CACHE_MS = 5 * 60 * 1000;

export interface CatalogueCacheDependencies {
  /** Where a copy is read from once it is too old or was replaced. */
  billing: BillingPort;
  /** Says when the operator replaced the catalogue ('catalogue'), in any process: the copy is then read again. */
  changes: ChangeFeed;
}

export class CatalogueCache {
  private readonly copy: CachedUntilChanged<Catalogue>;

  constructor(private readonly deps: CatalogueCacheDependencies) {
    this.copy = new CachedUntilChanged(deps.changes, 'catalogue', () => this.deps.billing.getCatalogue(), CATALOGUE_CACHE_MS);
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
