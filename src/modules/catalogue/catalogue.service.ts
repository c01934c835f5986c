// The catalogue as a project's owner can order it, read from billing (which
// keeps a copy for up to five minutes, dropped in every process as soon as the
// operator replaces the catalogue). Billing down → 503, like the orders.
import type { BillingPort } from '../../upstreams/billing/port.ts';
import type { Actor } from '../api-keys/api-keys.service.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { Catalogue, CatalogueProduct, Image, Location, Pricing, Product } from './catalogue.schemas.ts';

export function toPublicProduct(product: CatalogueProduct): Product {
  const { plan: _plan, bandwidth_gb: _bandwidth, pooled_bandwidth: _pooled, upgradeable_to: _upgrades, private_network: _private, ...product_ } = product;
  return product_;
}

/** Only locations where at least one product is offered. */
export function offeredLocations(catalogue: Catalogue): Location[] {
  const offered = new Set(catalogue.products.flatMap((product) => product.locations.map((location) => location.code)));
  return catalogue.locations.filter((location) => offered.has(location.code));
}

export class CatalogueService {
  constructor(
    private readonly access: ProjectAccess,
    private readonly billing: BillingPort,
  ) {}

  private async catalogueFor(actor: Actor, slug: string): Promise<Catalogue> {
    await this.access.require(actor, slug, { ready: true });
    return this.billing.getCatalogue();
  }

  async products(actor: Actor, slug: string): Promise<Product[]> {
    return (await this.catalogueFor(actor, slug)).products.map(toPublicProduct);
  }

  async images(actor: Actor, slug: string): Promise<Image[]> {
    return (await this.catalogueFor(actor, slug)).images;
  }

  async locations(actor: Actor, slug: string): Promise<Location[]> {
    return offeredLocations(await this.catalogueFor(actor, slug));
  }

  async isos(actor: Actor, slug: string): Promise<Catalogue['isos']> {
    return (await this.catalogueFor(actor, slug)).isos;
  }

  async pricing(actor: Actor, slug: string): Promise<Pricing> {
    return (await this.catalogueFor(actor, slug)).pricing;
  }
}
