// The catalogue as a project's owner can order it, read from billing (which
// keeps a copy for up to five minutes, dropped in every process as soon as the
// operator replaces the catalogue). Billing down → 503, like the orders.
import type { BillingPort } from '../../upstreams/billing/port.ts';
import type { Actor } from '../api-keys/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import type { Catalogue, CatalogueProduct, Image, Location, Pricing, Product } from '../../schemas/catalogue.ts';

export function toPublicProduct(product: CatalogueProduct): Product {
  const { plan: _plan, bandwidth_gb: _bandwidth, pooled_bandwidth: _pooled, upgradeable_to: _upgrades, private_network: _private, ...product_ } = product;
  return product_;
}

/** Only locations where at least one product is offered. */
export function offeredLocations(catalogue: Catalogue): Location[] {
  const offered = new Set(catalogue.products.flatMap((product) => product.locations.map((location) => location.code)));
  return catalogue.locations.filter((location) => offered.has(location.code));
}

export interface CatalogueServiceDependencies {
  access: ProjectAccess;
  billing: BillingPort;
}

export class CatalogueService {
  // Billing hands out one catalogue object until the catalogue changes, so
  // what is derived from it is derived once: the answers then stay the same
  // objects too, which lets the HTTP layer serialise each once.
  private readonly publicProducts = new WeakMap<Catalogue, Product[]>();
  private readonly offered = new WeakMap<Catalogue, Location[]>();

  constructor(private readonly deps: CatalogueServiceDependencies) {}

  private async catalogueFor(actor: Actor, slug: string): Promise<Catalogue> {
    await this.deps.access.require(actor, slug, { ready: true });
    return this.deps.billing.getCatalogue();
  }

  async products(actor: Actor, slug: string): Promise<Product[]> {
    const catalogue = await this.catalogueFor(actor, slug);
    let products = this.publicProducts.get(catalogue);
    if (!products) this.publicProducts.set(catalogue, (products = catalogue.products.map(toPublicProduct)));
    return products;
  }

  async images(actor: Actor, slug: string): Promise<Image[]> {
    return (await this.catalogueFor(actor, slug)).images;
  }

  async locations(actor: Actor, slug: string): Promise<Location[]> {
    const catalogue = await this.catalogueFor(actor, slug);
    let locations = this.offered.get(catalogue);
    if (!locations) this.offered.set(catalogue, (locations = offeredLocations(catalogue)));
    return locations;
  }

  async isos(actor: Actor, slug: string): Promise<Catalogue['isos']> {
    return (await this.catalogueFor(actor, slug)).isos;
  }

  async pricing(actor: Actor, slug: string): Promise<Pricing> {
    return (await this.catalogueFor(actor, slug)).pricing;
  }
}
