// Firewall rules in their one canonical form (spec "Firewall groups and
// rules", rules 4–6). Pure functions: the service turns a RuleProblem into a
// 400 on its field, and stores ruleIdentity() so the database's unique key
// refuses a copy of a rule (409 rule_exists) however it was written.
import ipaddr from 'ipaddr.js';
import type { Direction, Protocol } from '../../upstreams/firewall/rules.ts';

/** What is wrong with one field of a rule; `field` is the request field to blame. */
export class RuleProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Several fields at once: a rule is checked as a whole, and every problem is reported. */
export class InvalidRule extends Error {
  constructor(readonly problems: RuleProblem[]) {
    super(problems.map((problem) => `${problem.field}: ${problem.message}`).join('; '));
  }
}

export const PROTOCOLS: readonly Protocol[] = ['tcp', 'udp', 'icmp', 'any'];
export const MIN_PORT = 1;
export const MAX_PORT = 65535;
export const MIN_PRIORITY = 1;
export const MAX_PRIORITY = 64996;
export const DEFAULT_PRIORITY = 1000;
export const MAX_COMMENT_LENGTH = 255;

// Four decimal octets, no leading zeros: `010.0.0.1` is octal to some tools
// and decimal to others, so it is refused rather than guessed. ipaddr.js alone
// would also take `127.1`, `0x7f.0.0.1` and `2130706433`.
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
// Hexadecimal groups and colons only; ipaddr.js checks the structure. A
// dotted IPv4 tail is left out on purpose: ipaddr.js reads `::1.2.3.4` as
// `::ffff:1.2.3.4`, so such notations could name a network other than the one
// written.
const IPV6_CHARACTERS = /^[0-9A-Fa-f:]+$/;
const PREFIX = /^(?:0|[1-9][0-9]{0,2})$/;

// ::ffff:0:0/96 holds IPv4 addresses written as IPv6 (RFC 4291 §2.5.5.2).
// They never appear on an IPv6 wire, so a rule for them would allow nothing
// while looking as if it allowed IPv4 traffic: refused.
const IPV4_MAPPED = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');

function describe(input: string): string {
  return input.length > 60 ? `"${input.slice(0, 60)}…"` : `"${input}"`;
}

function hasHostBits(bytes: number[], prefix: number): boolean {
  return bytes.some((byte, index) => {
    const networkBits = Math.min(8, Math.max(0, prefix - index * 8));
    const hostMask = 0xff >> networkBits;
    return (byte & hostMask) !== 0;
  });
}

/**
 * The canonical form of a rule's CIDR, or null for "any address of both
 * families" (empty or missing). A single address gets its full prefix length
 * (/32, /128); IPv6 comes out lowercase and compressed (RFC 5952). Anything
 * that is not exactly one network is refused, never repaired: host bits set,
 * scope ids, quotes, whitespace, leading zeros in IPv4 octets, IPv4 written
 * inside IPv6.
 */
export function canonicalCidr(input: string | null | undefined, field = 'cidr'): string | null {
  if (input === null || input === undefined || input === '') return null;
  if (/\s/.test(input)) throw new RuleProblem(field, `${describe(input)} contains whitespace; give a network such as 192.0.2.0/24 or 2001:db8::/32`);
  if (/["'`]/.test(input)) throw new RuleProblem(field, `${describe(input)} contains quotes; give the network without them`);
  if (input.includes('%')) throw new RuleProblem(field, `${describe(input)} has a scope id (%…); scope ids are not allowed`);

  const parts = input.split('/');
  if (parts.length > 2) throw new RuleProblem(field, `${describe(input)} is not a network in CIDR notation`);
  const [addressText = '', prefixText] = parts;
  if (prefixText !== undefined && !PREFIX.test(prefixText)) {
    throw new RuleProblem(field, `${describe(input)} has an invalid prefix length; write it as a number without leading zeros`);
  }

  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (addressText.includes('.') && !addressText.includes(':')) {
    if (!IPV4.test(addressText)) {
      throw new RuleProblem(field, `${describe(input)} is not an IPv4 address: four decimal numbers 0–255 without leading zeros`);
    }
    address = ipaddr.IPv4.parse(addressText);
  } else if (addressText.includes(':')) {
    if (!IPV6_CHARACTERS.test(addressText)) {
      throw new RuleProblem(field, `${describe(input)} is not an IPv6 address: hexadecimal groups separated by colons, without an embedded IPv4 address`);
    }
    if (!ipaddr.IPv6.isValid(addressText)) throw new RuleProblem(field, `${describe(input)} is not a valid IPv6 address`);
    address = ipaddr.IPv6.parse(addressText);
  } else {
    throw new RuleProblem(field, `${describe(input)} is not an IPv4 or IPv6 network`);
  }

  const maxPrefix = address.kind() === 'ipv4' ? 32 : 128;
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (prefix > maxPrefix) throw new RuleProblem(field, `${describe(input)}: the prefix length of an ${address.kind()} network is at most ${maxPrefix}`);
  if (hasHostBits(address.toByteArray(), prefix)) {
    const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${addressText}/${prefix}`) : ipaddr.IPv6.networkAddressFromCIDR(`${addressText}/${prefix}`);
    throw new RuleProblem(field, `${describe(input)} has host bits set; the network is ${network.toString()}/${prefix}`);
  }
  if (address.kind() === 'ipv6' && prefix >= 96 && (address as ipaddr.IPv6).match(IPV4_MAPPED)) {
    throw new RuleProblem(field, `${describe(input)} is an IPv4-mapped IPv6 network; write IPv4 networks as IPv4`);
  }
  return `${address.toString()}/${prefix}`;
}

/** Ports as the set of ports a tcp/udp rule allows; null for icmp and any, which have none. */
export type PortRange = readonly [min: number, max: number];

/**
 * The ports a rule allows, normalised: no ports means every port (1–65535)
 * and `port_min` alone is that one port, so the three ways of writing "every
 * port" and the two of writing "one port" come out the same. icmp and any
 * take no ports (null). Throws a RuleProblem for ports a protocol cannot have.
 */
export function normalisedPorts(protocol: Protocol, portMin: number | null | undefined, portMax: number | null | undefined): PortRange | null {
  const min = portMin ?? null;
  const max = portMax ?? null;
  if (protocol !== 'tcp' && protocol !== 'udp') {
    if (min !== null) throw new RuleProblem('port_min', `must be null for ${protocol}: only tcp and udp rules have ports`);
    if (max !== null) throw new RuleProblem('port_max', `must be null for ${protocol}: only tcp and udp rules have ports`);
    return null;
  }
  for (const [field, value] of [['port_min', min], ['port_max', max]] as const) {
    if (value !== null && (!Number.isInteger(value) || value < MIN_PORT || value > MAX_PORT)) {
      throw new RuleProblem(field, `must be a port from ${MIN_PORT} to ${MAX_PORT}`);
    }
  }
  if (min === null) {
    if (max !== null) throw new RuleProblem('port_max', 'needs port_min: give the first port of the range too');
    return [MIN_PORT, MAX_PORT];
  }
  if (max === null) return [min, min];
  if (max < min) throw new RuleProblem('port_max', `must not be below port_min (${min})`);
  return [min, max];
}

/** The fields of a rule that say what traffic it allows. */
export interface RuleTraffic {
  protocol: Protocol;
  port_min?: number | null;
  port_max?: number | null;
  source_cidr?: string | null;
  destination_cidr?: string | null;
}

/** The CIDR field a group of this direction uses; the other one must stay empty. */
export const cidrFieldOf = (direction: Direction) => (direction === 'ingress' ? 'source_cidr' : 'destination_cidr');

/**
 * The key of what a rule allows in a group of this direction: protocol,
 * normalised ports and the direction's CIDR (canonical; "any" when empty).
 * Two rules have the same key exactly when they allow the same traffic
 * (spec rule 6); priority and comment never change what is allowed, so they
 * are not part of it.
 */
export function ruleIdentity(direction: Direction, rule: RuleTraffic): string {
  const field = cidrFieldOf(direction);
  const ports = normalisedPorts(rule.protocol, rule.port_min, rule.port_max);
  const cidr = canonicalCidr(rule[field], field);
  return `${rule.protocol} ${ports ? `${ports[0]}-${ports[1]}` : '-'} ${cidr ?? 'any'}`;
}

/** A rule as sent (or as it is after a PATCH), before checking. */
export interface RuleCandidate extends RuleTraffic {
  priority?: number | null;
  comment?: string | null;
}

/** A checked rule, ready to store: every field present, CIDRs canonical, its identity computed. */
export interface NormalisedRule {
  protocol: Protocol;
  port_min: number | null;
  port_max: number | null;
  source_cidr: string | null;
  destination_cidr: string | null;
  priority: number;
  comment: string | null;
  identity: string;
}

/**
 * Checks a whole rule for a group of this direction and gives it in stored
 * form. Ports keep the way they were written (the API shows what was sent);
 * only the identity uses the normalised ports. Throws InvalidRule listing
 * every field that is wrong.
 */
export function normaliseRule(direction: Direction, candidate: RuleCandidate): NormalisedRule {
  const problems: RuleProblem[] = [];
  const attempt = <T>(check: () => T): T | undefined => {
    try {
      return check();
    } catch (error) {
      if (error instanceof RuleProblem) problems.push(error);
      else throw error;
      return undefined;
    }
  };

  if (!PROTOCOLS.includes(candidate.protocol)) problems.push(new RuleProblem('protocol', `must be one of: ${PROTOCOLS.join(', ')}`));
  else attempt(() => normalisedPorts(candidate.protocol, candidate.port_min, candidate.port_max));

  const ownField = cidrFieldOf(direction);
  const otherField = direction === 'ingress' ? 'destination_cidr' : 'source_cidr';
  const cidr = attempt(() => canonicalCidr(candidate[ownField], ownField)) ?? null;
  if (candidate[otherField] !== null && candidate[otherField] !== undefined && candidate[otherField] !== '') {
    problems.push(new RuleProblem(otherField, `must be empty in an ${direction} group; ${direction} rules use ${ownField}`));
  }

  const priority = candidate.priority ?? DEFAULT_PRIORITY;
  if (!Number.isInteger(priority) || priority < MIN_PRIORITY || priority > MAX_PRIORITY) {
    problems.push(new RuleProblem('priority', `must be an integer from ${MIN_PRIORITY} to ${MAX_PRIORITY}`));
  }
  // An empty comment is no comment: unset fields are null.
  const comment = candidate.comment === undefined || candidate.comment === '' ? null : candidate.comment;
  if (comment !== null && [...comment].length > MAX_COMMENT_LENGTH) {
    problems.push(new RuleProblem('comment', `must be at most ${MAX_COMMENT_LENGTH} characters`));
  }

  if (problems.length > 0) throw new InvalidRule(problems);
  return {
    protocol: candidate.protocol,
    port_min: candidate.port_min ?? null,
    port_max: candidate.port_max ?? null,
    source_cidr: direction === 'ingress' ? cidr : null,
    destination_cidr: direction === 'egress' ? cidr : null,
    priority,
    comment,
    identity: ruleIdentity(direction, candidate),
  };
}
