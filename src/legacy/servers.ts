// A server as the legacy API shows it: the billing service's view (id,
// state, billing) joined with the server's (hostname, product, network).
import { Type, type Static } from 'typebox';
import { CalendarDate, Currency, Id, List, Text } from '../schemas/common.ts';
import { MAX_UPGRADES, type Catalogue } from '../schemas/catalogue.ts';
import { LegacyProductId } from './legacy.schemas.ts';
import { upgradeOptions } from '../modules/orders/index.ts';
import type { BilledServerSummary } from '../modules/servers/index.ts';
import type { BillingService } from '../upstreams/billing/port.ts';

// Empty strings stand in for what the server does not know (no hostname, no address yet).
export const LegacyServerSchema = Type.Object(
  {
    id: Id({ description: "The server's billing service id" }),
    hostname: Text(64),
    state: Text(30, { description: 'Billing state: Active, Suspended or Pending Cancellation (not online/offline)' }),
    created: CalendarDate({ description: 'YYYY-MM-DD' }),
    product: Type.Object({
      _id: LegacyProductId,
      name: Text(100),
      location: Text(32),
      image: Text(100, { description: 'Display name of the installed image' }),
      available_upgrades: List(LegacyProductId, MAX_UPGRADES),
    }),
    network: Type.Object({ primary_ipaddress: Text(15) }),
    billing: Type.Object({
      billing_cycle: Text(20),
      next_due: CalendarDate({ description: 'YYYY-MM-DD' }),
      initial_cost: Type.Number({ description: 'Setup fee paid' }),
      recurring_cost: Type.Number(),
      currency: Currency(),
    }),
  },
  { title: 'LegacyServer' },
);

export type LegacyServerView = Static<typeof LegacyServerSchema>;

export const toAmount = (minor: number) => minor / 100;

/**
 * What the view needs of the catalogue, worked out once for a whole list:
 * each product's name and upgrades by id, instead of searching the product
 * list (and its upgrades' products) once per server.
 */
export interface LegacyCatalogueView {
  productName(productId: number): string | undefined;
  upgradeIds(productId: number): string[];
}

export function legacyCatalogueView(catalogue: Catalogue): LegacyCatalogueView {
  const products = new Map(catalogue.products.map((product) => [product.id, product]));
  const upgrades = new Map<number, string[]>();
  return {
    productName: (productId) => products.get(productId)?.name,
    upgradeIds(productId) {
      let ids = upgrades.get(productId);
      if (!ids) {
        ids = upgradeOptions(catalogue, productId).map((option) => String(option.id));
        upgrades.set(productId, ids);
      }
      return ids;
    },
  };
}

export function toLegacyServer(server: BilledServerSummary, service: BillingService, catalogue: LegacyCatalogueView): LegacyServerView {
  return {
    id: service.serviceId,
    hostname: server.hostname ?? '',
    state: service.status,
    created: server.createdAt.slice(0, 10),
    product: {
      _id: String(service.productId),
      name: catalogue.productName(service.productId) ?? server.planName ?? '',
      location: server.locationCode ?? '',
      image: server.image.display_name ?? server.image.name ?? '',
      available_upgrades: catalogue.upgradeIds(service.productId),
    },
    network: { primary_ipaddress: server.primaryIpv4 ?? '' },
    billing: {
      billing_cycle: service.billingCycle,
      next_due: service.nextDueDate,
      initial_cost: toAmount(service.setupFee),
      recurring_cost: toAmount(service.recurringAmount),
      currency: service.currency,
    },
  };
}
