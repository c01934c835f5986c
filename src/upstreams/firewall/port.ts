// What cloudplane asks of the network controller that enforces firewalls.

export interface AppliedRuleset {
  generation: number;
  ruleset: string;
}

export interface FirewallPort {
  /** Installs a server's compiled ruleset; an older generation never replaces a newer one. */
  apply(serverId: string, generation: number, ruleset: string): Promise<void>;
  getApplied(serverId: string): Promise<AppliedRuleset | null>;
  /** Ids of the firewall groups attached to a server. */
  attachedGroups(serverId: string): Promise<number[]>;
}
