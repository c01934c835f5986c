// The catalogue as ordering reads it: fetched from billing at most every
// five minutes (the age the spec allows). Ordering then calls billing only to
// place the invoice, so a billing failure while ordering always happens at
// the one call whose outcome can be checked later (D8).
import type { BillingPort } from '../../upstreams/billing/port.ts';
import type { Catalogue } from './catalogue.schemas.ts';

export const CATALOGUE_CACHE_MS = 5 * 60 * 1000;

export class CatalogueCache {
  private cached: { catalogue: Catalogue; loadedAt: number } | null = null;

  constructor(private readonly billing: BillingPort) {}

  /**
   * A copy at most five minutes old; when billing cannot be read, the last
   * copy (loaded at start) is still good enough to check an order against —
   * billing itself has the last word when the invoice is placed.
   */
  async get(): Promise<Catalogue> {
    if (this.cached && Date.now() - this.cached.loadedAt < CATALOGUE_CACHE_MS) return this.cached.catalogue;
    try {
      const catalogue = await this.billing.getCatalogue();
      this.cached = { catalogue, loadedAt: Date.now() };
      return catalogue;
    } catch (error) {
      if (this.cached) return this.cached.catalogue;
      throw error;
    }
  }

  /** The operator replaced the catalogue: read it again next time (the old copy stays as the fallback). */
  clear(): void {
    if (this.cached) this.cached = { ...this.cached, loadedAt: 0 };
  }
}
