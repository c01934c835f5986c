// Compiles a server's effective firewall into an nftables ruleset, and
// evaluates a connection against the same semantics.
//
// Both functions go through one intermediate form, the "matcher": a rule cut
// down to what the packet filter compares (address family and network,
// layer-4 protocol, destination ports). The ruleset text is printed from the
// matchers and evaluateConnection tests a connection against the very same
// matchers, so the API's answer cannot drift from what nft enforces.
//
// The matchers have two printers. `forServer` prints an `inet` table as if it
// ran inside the server (input and output hooks). `forTap` prints the same
// rules for the hypervisor host, where the server is a tap on a bridge: a
// `bridge` table whose chains take the frames to and from that tap.
import ipaddr from 'ipaddr.js';
import type { Connection, Direction, EffectiveGroup, FirewallRule } from './rules.ts';
import { parseIpAddress } from '../../ip-address.ts';

type Family = 'ipv4' | 'ipv6';
type Address = ipaddr.IPv4 | ipaddr.IPv6;

interface Matcher {
  ruleId: number;
  /** null: both families. */
  family: Family | null;
  /** null: any address of `family`. */
  network: { address: Address; prefix: number } | null;
  /** null: every protocol. icmp means ICMP for IPv4 and ICMPv6 for IPv6 (family is always set for it). */
  protocol: 'tcp' | 'udp' | 'icmp' | null;
  /** null: every port. */
  ports: { min: number; max: number } | null;
}

interface ChainPlan {
  /** Only a restricted chain drops what no rule accepts. */
  restricted: boolean;
  matchers: Matcher[];
}

const MIN_PORT = 1;
const MAX_PORT = 65535;
// nft identifiers: the table name is "cloudplane_" + the server id, printed into a ruleset run as root.
const SERVER_ID_PATTERN = /^[A-Za-z0-9_]{1,200}$/;

// Neighbour discovery and router messages carry IPv6's address resolution (the
// job ARP does for IPv4, which nftables' inet tables never see). Dropping them
// under a drop policy would silently break all IPv6 once the neighbour cache
// expires, so they always pass. RFC 4861 has every one of them sent with hop
// limit 255, which proves the sender is on the link: nothing routed can fake one.
const ICMPV6_NEIGHBOUR_DISCOVERY =
  'icmpv6 type { nd-router-solicit, nd-router-advert, nd-neighbor-solicit, nd-neighbor-advert, nd-redirect } ip6 hoplimit 255 accept';
// Neighbour solicitations go to multicast groups, and switches that snoop MLD
// only forward those to ports that reported the group: MLD passes too. It is
// sent with hop limit 1 from a link-local address (or :: before one exists).
const ICMPV6_MULTICAST_LISTENER_DISCOVERY =
  'icmpv6 type { mld-listener-query, mld-listener-report, mld-listener-done, mld2-listener-report } ip6 saddr { ::, fe80::/10 } ip6 hoplimit 1 accept';

/** The nftables ruleset (for `nft -f`) enforcing `groups` on server `serverId`. */
export function compileRuleset(serverId: string, generation: number, groups: EffectiveGroup[]): string {
  checkServerAndGeneration(serverId, generation);
  return compileGroups(groups).forServer(serverId, generation);
}

/** The rulesets of every server that has exactly one set of groups attached: compiled once, printed per server. */
export interface CompiledGroups {
  /** The ruleset for `nft -f` on this server: the same rules, in a table named after it. */
  forServer(serverId: string, generation: number): string;
  /**
   * The ruleset for `nft -f` on the hypervisor host: the same rules on the
   * server's tap, in `table bridge cloudplane_<serverId>`. It reads the
   * connection state that hostConnectionStateRuleset() carries over (load
   * both: without it every reply counts as a new connection).
   */
  forTap(serverId: string, tap: string, generation: number): string;
}

/**
 * Compiles `groups` once. Everything but the table's name and the header is
 * the same for every server with these groups, so a rule change that reaches
 * a thousand servers parses and plans its rules once, not a thousand times.
 */
export function compileGroups(groups: EffectiveGroup[]): CompiledGroups {
  const ingress = planChain(groups, 'ingress');
  const egress = planChain(groups, 'egress');
  const chains = [...printChain('input', 'input', 'ingress', ingress), '', ...printChain('output', 'output', 'egress', egress)].join('\n');
  const summary = `# ${groups.length} group(s) attached. Rules only allow; a restricted chain drops what no rule allows.`;
  // Printed on first use: most callers want one printer only.
  let tapChains: string | undefined;
  return {
    forServer(serverId, generation) {
      checkServerAndGeneration(serverId, generation);
      const table = `inet cloudplane_${serverId}`;
      return [
        `# cloudplane firewall of server ${serverId}, generation ${generation}`,
        summary,
        // Declaring the table first makes the delete safe when it does not exist
        // yet; nft -f runs the whole file as one transaction, so the server never
        // sees a moment without its firewall.
        `table ${table} {}`,
        `delete table ${table}`,
        `table ${table} {`,
        chains,
        '}',
        '',
      ].join('\n');
    },
    forTap(serverId, tap, generation) {
      checkServerAndGeneration(serverId, generation);
      if (!INTERFACE_NAME_PATTERN.test(tap)) throw new Error(`${JSON.stringify(tap)} is not an interface name`);
      tapChains ??= [...printTapChain('ingress', ingress), '', ...printTapChain('egress', egress)].join('\n');
      const table = `bridge ${tapTable(serverId)}`;
      return [
        `# cloudplane firewall of server ${serverId} on its tap ${tap}, generation ${generation}`,
        summary,
        `# Connection state comes from table inet ${CONNECTION_STATE_TABLE} (meta mark bits ${hex(ESTABLISHED_MARK)} and ${hex(INVALID_MARK)}).`,
        // Replaced whole in one transaction, as forServer's table is.
        `table ${table} {}`,
        `delete table ${table}`,
        `table ${table} {`,
        tapChains,
        '',
        // Frames through the bridge to or from the tap (other servers, the uplink).
        '  chain forward {',
        '    type filter hook forward priority filter; policy accept;',
        `    oifname "${tap}" goto ingress`,
        `    iifname "${tap}" goto egress`,
        '  }',
        '',
        '  # Frames the host itself sends to the server, and those the server sends to the host.',
        '  chain output {',
        '    type filter hook output priority filter; policy accept;',
        `    oifname "${tap}" goto ingress`,
        '  }',
        '',
        '  chain input {',
        '    type filter hook input priority filter; policy accept;',
        `    iifname "${tap}" goto egress`,
        '  }',
        '}',
        '',
      ].join('\n');
    },
  };
}

/**
 * Removes the server's tap table from the host (a deleted server); nothing
 * when it is not there.
 */
export function tapTableRemoval(serverId: string): string {
  checkServerId(serverId);
  const table = `bridge ${tapTable(serverId)}`;
  return [`table ${table} {}`, `delete table ${table}`, ''].join('\n');
}

function tapTable(serverId: string): string {
  return `cloudplane_${serverId}`;
}

function checkServerId(serverId: string): void {
  if (!SERVER_ID_PATTERN.test(serverId)) throw new Error(`server id ${JSON.stringify(serverId)} cannot name an nftables table`);
}

// Connection tracking on the hypervisor host. A tap table matches frames by
// their bridge port, and nftables' bridge family can only read a connection's
// state (`ct state`) with nf_conntrack_bridge, which kernels may lack (nft
// then refuses the rule: "Protocol error"). br_netfilter tracks bridged IPv4
// and IPv6 anyway (net.bridge.bridge-nf-call-iptables and -ip6tables = 1)
// and runs the inet hooks on them, where `ct state` works but the bridge port
// is unknown. So one host-wide inet table copies the state into two bits of
// the packet's mark before the bridge hooks see it, and every tap table reads
// the bits. A host without br_netfilter never sets them: replies then count as
// new connections and are dropped where no rule allows them (closed, not open).
const CONNECTION_STATE_TABLE = 'cloudplane_connection_state';
const ESTABLISHED_MARK = 0x10000000;
const INVALID_MARK = 0x20000000;
// Linux interface names: at most 15 characters, printed into a ruleset run as root.
const INTERFACE_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,15}$/;

function hex(value: number): string {
  return `0x${value.toString(16).padStart(8, '0')}`;
}

/**
 * The host-wide table that carries connection state to the tap tables:
 * loaded with them (the same text every time, replaced whole), never per server.
 */
export function hostConnectionStateRuleset(): string {
  const keep = hex(~(ESTABLISHED_MARK | INVALID_MARK) >>> 0);
  const chain = (name: string, hook: 'prerouting' | 'output') => [
    `  chain ${name} {`,
    // After conntrack (priority -200) has attached the connection; before any bridge filter reads the bits.
    `    type filter hook ${hook} priority mangle; policy accept;`,
    // Cleared first: a mark a local socket set must not pass as a connection state.
    `    meta mark set meta mark & ${keep}`,
    `    ct state established,related meta mark set meta mark | ${hex(ESTABLISHED_MARK)}`,
    `    ct state invalid meta mark set meta mark | ${hex(INVALID_MARK)}`,
    '  }',
  ];
  const table = `inet ${CONNECTION_STATE_TABLE}`;
  return [
    '# cloudplane: connection state for the servers\' tap tables (bridge family), copied into the meta mark.',
    `table ${table} {}`,
    `delete table ${table}`,
    `table ${table} {`,
    // Bridged frames reach prerouting through br_netfilter; the host's own packets to a server pass output.
    ...chain('prerouting', 'prerouting'),
    '',
    ...chain('output', 'output'),
    '}',
    '',
  ].join('\n');
}

function checkServerAndGeneration(serverId: string, generation: number): void {
  checkServerId(serverId);
  if (!Number.isSafeInteger(generation) || generation < 0) throw new Error(`generation ${generation} is not a non-negative integer`);
}

/**
 * Whether a NEW connection would pass the ruleset compiled from `groups`, and
 * the ids of every rule that allows it (in ruleset order). Throws a RangeError
 * for a connection that cannot exist (bad address, tcp/udp without a port, a
 * port on icmp): callers validate their input first.
 */
export function evaluateConnection(groups: EffectiveGroup[], connection: Connection): { allowed: boolean; rule_ids: number[] } {
  if (connection.direction !== 'ingress' && connection.direction !== 'egress') throw new RangeError(`unknown direction ${JSON.stringify(connection.direction)}`);
  if (!['tcp', 'udp', 'icmp'].includes(connection.protocol)) throw new RangeError(`unknown protocol ${JSON.stringify(connection.protocol)}`);
  const remote = parseRemoteAddress(connection.remote_address);
  const port = connectionPort(connection);
  const chain = planChain(groups, connection.direction);
  if (!chain.restricted) return { allowed: true, rule_ids: [] };
  // Loopback traffic never leaves the server and is always accepted (iif/oif lo).
  if (remote.range() === 'loopback') return { allowed: true, rule_ids: [] };
  const ruleIds: number[] = [];
  for (const matcher of chain.matchers) {
    if (matches(matcher, remote, connection.protocol, port) && !ruleIds.includes(matcher.ruleId)) ruleIds.push(matcher.ruleId);
  }
  return { allowed: ruleIds.length > 0, rule_ids: ruleIds };
}

function planChain(groups: EffectiveGroup[], direction: Direction): ChainPlan {
  // Inbound is restricted by any group (an egress-only server still refuses
  // unasked inbound traffic); outbound only by an egress group.
  const restricted = direction === 'ingress' ? groups.length > 0 : groups.some((group) => group.direction === 'egress');
  const rules = groups
    .filter((group) => group.direction === direction)
    .flatMap((group) => group.rules)
    // Every rule accepts, so the order changes nothing but how a trace reads:
    // lowest priority first across groups, as each group lists its rules.
    .sort((a, b) => a.priority - b.priority || a.id - b.id);
  return { restricted, matchers: rules.flatMap((rule) => ruleMatchers(rule, direction)) };
}

/** One rule as the packet filter sees it: one matcher, or one per family where the rule spans both differently. */
function ruleMatchers(rule: FirewallRule, direction: Direction): Matcher[] {
  if (!Number.isSafeInteger(rule.id)) throw new Error(`rule id ${rule.id} is not an integer`);
  const ownCidr = direction === 'ingress' ? rule.source_cidr : rule.destination_cidr;
  const otherCidr = direction === 'ingress' ? rule.destination_cidr : rule.source_cidr;
  // The API never stores one; ignoring it would widen the rule, so refuse instead.
  if (otherCidr !== null) throw new Error(`rule ${rule.id}: a ${direction} rule has no ${direction === 'ingress' ? 'destination' : 'source'}_cidr`);
  const network = ownCidr === null ? null : parseNetwork(rule.id, ownCidr);
  const family = network === null ? null : network.address.kind();
  const ports = normalisePorts(rule);
  switch (rule.protocol) {
    case 'tcp':
    case 'udp':
      return [{ ruleId: rule.id, family, network, protocol: rule.protocol, ports }];
    case 'icmp':
      // ICMP and ICMPv6 are different protocols; a rule without a network allows both.
      return family === null
        ? [
            { ruleId: rule.id, family: 'ipv4', network: null, protocol: 'icmp', ports: null },
            { ruleId: rule.id, family: 'ipv6', network: null, protocol: 'icmp', ports: null },
          ]
        : [{ ruleId: rule.id, family, network, protocol: 'icmp', ports: null }];
    case 'any':
      return [{ ruleId: rule.id, family, network, protocol: null, ports: null }];
    default:
      throw new Error(`rule ${rule.id}: unknown protocol ${JSON.stringify(rule.protocol)}`);
  }
}

/** Ports 1–65535 and no ports mean the same rule, and port_min alone is that one port. */
function normalisePorts(rule: FirewallRule): { min: number; max: number } | null {
  const { port_min: min, port_max: max } = rule;
  if (rule.protocol !== 'tcp' && rule.protocol !== 'udp') {
    if (min !== null || max !== null) throw new Error(`rule ${rule.id}: ${rule.protocol} has no ports`);
    return null;
  }
  if (min === null) {
    if (max !== null) throw new Error(`rule ${rule.id}: port_max needs port_min`);
    return null;
  }
  const last = max ?? min;
  if (!isPort(min) || !isPort(last) || last < min) throw new Error(`rule ${rule.id}: ports ${min}–${last} are not a range within ${MIN_PORT}–${MAX_PORT}`);
  if (min === MIN_PORT && last === MAX_PORT) return null;
  return { min, max: last };
}

function parseNetwork(ruleId: number, cidr: string): { address: Address; prefix: number } {
  // Re-checked here because the text ends up in a ruleset run as root, and
  // because nft silently rounds host bits away where the API refuses them.
  const valid = ipaddr.IPv4.isValidCIDRFourPartDecimal(cidr) || (ipaddr.IPv6.isValidCIDR(cidr) && !cidr.includes('%'));
  if (!valid) throw new Error(`rule ${ruleId}: ${JSON.stringify(cidr)} is not a network in CIDR form`);
  const [address, prefix] = ipaddr.parseCIDR(cidr);
  const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  if (network.toString() !== address.toString()) throw new Error(`rule ${ruleId}: ${cidr} has host bits set`);
  return { address, prefix };
}

function parseRemoteAddress(text: string): Address {
  const address = parseIpAddress(text);
  if (address) return address;
  throw new RangeError(`remote_address ${JSON.stringify(text)} is not an IPv4 or IPv6 address`);
}

function connectionPort(connection: Connection): number | null {
  if (connection.protocol === 'icmp') {
    if (connection.port !== undefined && connection.port !== null) throw new RangeError('an icmp connection has no port');
    return null;
  }
  if (connection.port === undefined || !isPort(connection.port)) throw new RangeError(`a ${connection.protocol} connection needs a port ${MIN_PORT}–${MAX_PORT}`);
  return connection.port;
}

function isPort(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_PORT && value <= MAX_PORT;
}

function matches(matcher: Matcher, remote: Address, protocol: Connection['protocol'], port: number | null): boolean {
  // An address is matched within its own family only: no IPv4-mapped crossovers, as on the wire.
  if (matcher.family !== null && matcher.family !== remote.kind()) return false;
  if (matcher.network !== null && !remote.match(matcher.network.address, matcher.network.prefix)) return false;
  if (matcher.protocol !== null && matcher.protocol !== protocol) return false;
  if (matcher.ports !== null && (port === null || port < matcher.ports.min || port > matcher.ports.max)) return false;
  return true;
}

function printChain(name: string, hook: 'input' | 'output', direction: Direction, plan: ChainPlan): string[] {
  const lines = [`  chain ${name} {`];
  if (!plan.restricted) {
    lines.push(`    # no ${direction === 'ingress' ? '' : 'egress '}group attached: all traffic passes`);
    lines.push(`    type filter hook ${hook} priority filter; policy accept;`);
    lines.push('  }');
    return lines;
  }
  const loopback = hook === 'input' ? 'iif lo accept' : 'oif lo accept';
  lines.push(
    `    type filter hook ${hook} priority filter; policy drop;`,
    '    # Stateful: replies to (and ICMP errors about) allowed connections pass.',
    '    ct state established,related accept',
    '    ct state invalid drop',
    `    ${loopback}`,
    '    # IPv6 neighbour discovery (and the MLD it relies on) always passes, or IPv6 breaks under the drop policy.',
    `    ${ICMPV6_NEIGHBOUR_DISCOVERY}`,
    `    ${ICMPV6_MULTICAST_LISTENER_DISCOVERY}`,
  );
  for (const matcher of plan.matchers) lines.push(`    ${printMatcher(matcher, direction)}`);
  lines.push('  }');
  return lines;
}

/**
 * A direction of the tap table: a regular chain the base chains `goto` for
 * the tap's frames only (every server's table hooks the same bridge, so a
 * base chain must let other taps' frames be). Frames to the server are its
 * ingress, frames from it its egress; a restricted chain ends in a drop.
 */
function printTapChain(direction: Direction, plan: ChainPlan): string[] {
  const lines = [`  chain ${direction} {`];
  if (!plan.restricted) {
    lines.push(`    # no ${direction === 'ingress' ? '' : 'egress '}group attached: all traffic passes`, '    accept', '  }');
    return lines;
  }
  lines.push(
    '    # Stateful: replies to (and ICMP errors about) allowed connections pass (ct state established,related).',
    `    meta mark & ${hex(ESTABLISHED_MARK)} == ${hex(ESTABLISHED_MARK)} accept`,
    `    meta mark & ${hex(INVALID_MARK)} == ${hex(INVALID_MARK)} drop`,
    // Inside the server an inet table never sees ARP; on the bridge it must pass, or IPv4 stops.
    '    # ARP, IPv4\'s address resolution, always passes.',
    '    ether type arp accept',
    // No loopback rule: loopback traffic never crosses the tap (evaluateConnection allows it, as the server does).
    '    # IPv6 neighbour discovery (and the MLD it relies on) always passes, or IPv6 breaks under the drop.',
    `    ${ICMPV6_NEIGHBOUR_DISCOVERY}`,
    `    ${ICMPV6_MULTICAST_LISTENER_DISCOVERY}`,
  );
  for (const matcher of plan.matchers) lines.push(`    ${printMatcher(matcher, direction, 'bridge')}`);
  lines.push('    drop', '  }');
  return lines;
}

/**
 * An inet table sees IP packets only, and says "IPv6" with `meta nfproto`. A
 * bridge table sees every frame (nfproto is always "bridge" there): it says
 * "IPv6" with the ether type, and a rule that names neither a family nor a
 * protocol is kept to IP frames so that it allows what the inet rule allows.
 */
type Dialect = 'inet' | 'bridge';

function printMatcher(matcher: Matcher, direction: Direction, dialect: Dialect = 'inet'): string {
  const parts: string[] = [];
  if (dialect === 'bridge' && matcher.family === null && matcher.protocol === null) parts.push('ether type { ip, ip6 }');
  const side = direction === 'ingress' ? 'saddr' : 'daddr';
  if (matcher.network !== null) {
    const { address, prefix } = matcher.network;
    parts.push(`${address.kind() === 'ipv4' ? 'ip' : 'ip6'} ${side} ${address.toString()}/${prefix}`);
  }
  if (matcher.protocol === 'icmp') {
    // The network already pins the family; without one, say it.
    if (matcher.family === 'ipv4') parts.push('ip protocol icmp');
    else if (matcher.network !== null) parts.push('meta l4proto ipv6-icmp');
    else parts.push(dialect === 'inet' ? 'meta nfproto ipv6 meta l4proto ipv6-icmp' : 'ether type ip6 meta l4proto ipv6-icmp');
  } else if (matcher.protocol !== null) {
    parts.push(
      matcher.ports === null
        ? `meta l4proto ${matcher.protocol}`
        : `${matcher.protocol} dport ${matcher.ports.min === matcher.ports.max ? matcher.ports.min : `${matcher.ports.min}-${matcher.ports.max}`}`,
    );
  }
  parts.push(`accept comment "rule ${matcher.ruleId}"`);
  return parts.join(' ');
}
