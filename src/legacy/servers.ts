// A server as the legacy API shows it: the billing service's view (id,
// state, billing) joined with the server's (hostname, product, network).
import { Type, type Static } from 'typebox';
import { CalendarDate, Currency, Id, List, Text } from '../http/common.schemas.ts';
import { MAX_UPGRADES, type Catalogue } from '../modules/catalogue/catalogue.schemas.ts';
import { LegacyProductId } from './legacy.schemas.ts';
import { upgradeOptions } from '../modules/orders/order-requests.ts';
import type { LegacyServer } from './legacy-accounts.service.ts';

// Empty strings stand in for what the server does not know (no hostname, no address yet).
export const LegacyServerSchema = Type.Object({
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
});

export type LegacyServerView = Static<typeof LegacyServerSchema>;

export const toAmount = (minor: number) => minor / 100;

export function toLegacyServer(entry: LegacyServer & { primaryAddress: string | null }, catalogue: Catalogue): LegacyServerView {
  const { server, service } = entry;
  const product = catalogue.products.find((candidate) => candidate.id === service.productId);
  return {
    id: service.serviceId,
    hostname: server.hostname ?? '',
    state: service.status,
    created: server.createdAt.slice(0, 10),
    product: {
      _id: String(service.productId),
      name: product?.name ?? server.plan.name ?? '',
      location: server.location.code ?? '',
      image: server.image.display_name ?? server.image.name ?? '',
      available_upgrades: upgradeOptions(catalogue, service.productId).map((option) => String(option.id)),
    },
    network: { primary_ipaddress: entry.primaryAddress ?? '' },
    billing: {
      billing_cycle: service.billingCycle,
      next_due: service.nextDueDate,
      initial_cost: toAmount(service.setupFee),
      recurring_cost: toAmount(service.recurringAmount),
      currency: service.currency,
    },
  };
}
