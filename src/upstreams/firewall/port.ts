// What cloudplane asks of the network controller that enforces firewalls.
// Propagation works in batches (one rule change can reach thousands of
// servers), so the calls it makes take many servers at once: one round trip,
// and one fault taken, per batch rather than per server.

export interface AppliedRuleset {
  generation: number;
  ruleset: string;
  /** The rules the ruleset was compiled from, as data. */
  rules: unknown;
}

/** One server's compiled ruleset, to be installed. */
export interface ServerRuleset {
  serverId: string;
  generation: number;
  ruleset: string;
  /** The rules the ruleset was compiled from, as data (servers with the same groups may share one object). */
  rules: unknown;
}

export interface FirewallPort {
  /**
   * Installs each server's compiled ruleset; for each server, an older
   * generation never replaces a newer one. All or nothing: when the call
   * fails, the whole batch is sent again.
   */
  applyRulesets(rulesets: readonly ServerRuleset[]): Promise<void>;
  /**
   * The server is gone for good: whatever enforces its ruleset is removed
   * (the nftables backend deletes its tap table). Harmless to repeat, and for
   * a server that never had a ruleset.
   */
  forgetServer(serverId: string): Promise<void>;
  /** Answers when the controller can take requests; fails as the controller fails. */
  ping(): Promise<void>;
  getApplied(serverId: string): Promise<AppliedRuleset | null>;
  /** The generation each server has applied; a server that has applied nothing yet is not in the map. */
  appliedGenerations(serverIds: readonly string[]): Promise<Map<string, number>>;
  /** Ids of the firewall groups attached to a server, ascending. */
  attachedGroups(serverId: string): Promise<number[]>;
  /** For each of the servers (every id asked is in the map), the ids of its attached groups, ascending: a page of servers in one call. */
  attachedGroupsOf(serverIds: readonly string[]): Promise<Map<string, number[]>>;
}
