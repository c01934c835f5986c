// Builds the full server object. Billing and the firewall are systems of
// their own: when one cannot be read, its field is null and the rest of the
// server is still answered.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { formatMoney } from '../../money.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { FirewallPort } from '../../upstreams/firewall/port.ts';
import { describeIpv4Pool, toServerAddresses } from '../addresses/index.ts';
import * as repo from './servers.repo.ts';
import type { Server, ServerSummary } from './servers.schemas.ts';

/** Null instead of the value when the system behind it failed; any other error still fails the request. */
async function unlessUpstreamFails<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isUpstreamError(error)) return null;
    throw error;
  }
}

export interface ServerViewDependencies {
  db: Kysely<Database>;
  /** Read for the server's `billing` field: its service and the catalogue (null when billing cannot be read). */
  billing: BillingPort;
  /** Read for the server's `firewall_groups` (null when the firewall cannot be read). */
  firewall: FirewallPort;
}

export class ServerView {
  constructor(private readonly deps: ServerViewDependencies) {}

  /** `details` when they were read with the server (repo.findProjectServerWithDetails); read here otherwise. */
  async full(server: repo.ServerRecord, details?: repo.ServerDetails): Promise<Server> {
    const [{ addresses: addressRows, sshKeyIds: sshKeys, pool }, firewallGroups, billing] = await Promise.all([
      details ?? repo.serverDetails(this.deps.db, server),
      unlessUpstreamFails(() => this.deps.firewall.attachedGroups(server.id)),
      this.billingOf(server),
    ]);
    const addresses = toServerAddresses(addressRows);
    const ipv4Pool = server.location.ipv4_pool ? describeIpv4Pool(server.location.ipv4_pool) : null;
    return {
      id: server.id,
      hostname: server.hostname,
      status: server.status,
      pending_changes: server.pendingPlan !== null,
      location: { code: server.location.code, city: server.location.city, country_code: server.location.country_code },
      image: { name: server.image.name, display_name: server.image.display_name },
      plan: server.plan,
      network: {
        ipv4: addresses.ipv4.map((entry) => ({
          address: entry.address,
          primary: entry.primary,
          netmask: ipv4Pool?.netmask ?? null,
          gateway: entry.primary ? (ipv4Pool?.gateway ?? null) : null,
        })),
        ipv6: addresses.ipv6Subnets.map((subnet) => ({ subnet })),
        private_network: { eligible: server.privateNetwork.eligible, enabled: server.privateNetwork.enabled },
      },
      bandwidth: {
        pooled: server.bandwidth.pooled,
        allocated_gb: server.bandwidth.allocatedGb,
        extra_gb: server.bandwidth.extraGb,
        used_gb: server.bandwidth.usedGb,
        pool,
      },
      firewall_groups: firewallGroups,
      ssh_keys: sshKeys,
      iso: server.iso,
      has_user_data: server.hasUserData,
      billing,
      created_at: server.createdAt,
    };
  }

  private async billingOf(server: repo.ServerRecord): Promise<Server['billing']> {
    const serviceId = server.billingServiceId;
    if (serviceId === null) return null;
    return unlessUpstreamFails(async () => {
      const [service, catalogue] = await Promise.all([this.deps.billing.getService(serviceId), this.deps.billing.getCatalogue()]);
      if (!service) return null;
      const product = catalogue.products.find((candidate) => candidate.id === service.productId);
      return {
        service_id: service.serviceId,
        status: service.status,
        billing_cycle: service.billingCycle,
        next_due_date: service.nextDueDate,
        recurring_amount: formatMoney(service.recurringAmount),
        currency: service.currency,
        upgradeable_to: product?.upgradeable_to ?? [],
      };
    });
  }
}

export function toSummary(row: Awaited<ReturnType<typeof repo.listProjectServers>>['servers'][number]): ServerSummary {
  return {
    id: row.id,
    hostname: row.hostname,
    status: row.status,
    ipv4_primary: row.ipv4_primary,
    location: { code: row.location_code, city: row.location_city, country_code: row.location_country_code },
    plan: { name: row.plan_name },
  };
}
