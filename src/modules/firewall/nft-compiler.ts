// Compiles a server's effective firewall into an nftables ruleset, and
// evaluates a connection against it. Filled in by the compiler work.
import type { Connection, EffectiveGroup } from './firewall.types.ts';

export function compileRuleset(serverId: string, generation: number, groups: EffectiveGroup[]): string {
  return `# server ${serverId} generation ${generation}: ${groups.length} groups\n`;
}

export function evaluateConnection(_groups: EffectiveGroup[], _connection: Connection): { allowed: boolean; rule_ids: number[] } {
  return { allowed: true, rule_ids: [] };
}
