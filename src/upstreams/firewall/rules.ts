// The firewall's own vocabulary, shared by the API, the compiler and the controller.

export type Direction = 'ingress' | 'egress';
export type Protocol = 'tcp' | 'udp' | 'icmp' | 'any';

/** A rule as the API shows it: every field present, null where unset; CIDRs canonical. */
export interface FirewallRule {
  id: number;
  protocol: Protocol;
  port_min: number | null;
  port_max: number | null;
  source_cidr: string | null;
  destination_cidr: string | null;
  priority: number;
  comment: string | null;
}

/** One attached group with its rules (lowest priority first): what a server's ruleset is made of. */
export interface EffectiveGroup {
  id: number;
  direction: Direction;
  rules: FirewallRule[];
}

/** A new connection, seen from the server: `remote_address` is the other end. */
export interface Connection {
  direction: Direction;
  protocol: 'tcp' | 'udp' | 'icmp';
  remote_address: string;
  port?: number;
}
