// What the operator may ask of a server's firewall: the ruleset the
// controller applied and the generation it has caught up to, and whether a
// new connection would be let through by what is applied now.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound, validationError } from '../../errors.ts';
import { parseIpAddress } from '../../ip-address.ts';
import type { FirewallPort } from '../../upstreams/firewall/port.ts';
import { findFirewallGeneration } from './firewall.repo.ts';
import type { Connection, EffectiveGroup } from '../../upstreams/firewall/rules.ts';
import { evaluateConnection } from '../../upstreams/firewall/nft-compiler.ts';

export interface FirewallInspectionDependencies {
  /** Where the generation the server's firewall should be at is read. */
  db: Kysely<Database>;
  /** Asked what the controller applied to a server (the back office's, unwrapped: faults do not hide it from the operator). */
  firewall: FirewallPort;
}

export class FirewallInspection {
  constructor(private readonly deps: FirewallInspectionDependencies) {}

  async applied(serverId: string): Promise<{ generation: number; applied_generation: number; ruleset: string }> {
    const generation = await this.generation(serverId);
    const applied = await this.deps.firewall.getApplied(serverId);
    return { generation, applied_generation: applied?.generation ?? 0, ruleset: applied?.ruleset ?? '' };
  }

  async evaluate(serverId: string, connection: Connection & { port?: number }): Promise<{ allowed: boolean; rule_ids: number[] }> {
    await this.generation(serverId);
    const { protocol, port, remote_address: address } = connection;
    if (protocol === 'icmp' && port !== undefined) throw validationError('port', 'must be left out for icmp');
    if (protocol !== 'icmp' && port === undefined) throw validationError('port', `is required for ${protocol}`);
    if (!parseIpAddress(address)) throw validationError('remote_address', 'must be an IPv4 or IPv6 address');
    // Only what the controller applied counts: a change still propagating is not in force yet.
    const applied = await this.deps.firewall.getApplied(serverId);
    return evaluateConnection((applied?.rules ?? []) as EffectiveGroup[], connection);
  }

  private async generation(serverId: string): Promise<number> {
    const generation = await findFirewallGeneration(this.deps.db, serverId);
    if (generation === undefined) throw notFound('server');
    return generation;
  }
}
