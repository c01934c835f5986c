// What cloudplane asks of the network controller that enforces firewalls.

export interface AppliedRuleset {
  generation: number;
  ruleset: string;
  /** The rules the ruleset was compiled from, as data. */
  rules: unknown;
}

export interface FirewallPort {
  /** Installs a server's compiled ruleset; an older generation never replaces a newer one. */
  apply(serverId: string, generation: number, ruleset: string, rules: unknown): Promise<void>;
  /** Answers when the controller can take requests; fails as the controller fails. */
  ping(): Promise<void>;
  getApplied(serverId: string): Promise<AppliedRuleset | null>;
  /** Ids of the firewall groups attached to a server. */
  attachedGroups(serverId: string): Promise<number[]>;
}
