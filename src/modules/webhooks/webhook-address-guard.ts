// Where a webhook may be sent. A webhook makes this service send requests to
// an address a project chose, from inside the operator's network: without a
// guard, a URL naming the loopback interface, a private network or the
// cloud's metadata service (169.254.169.254) would let any project admin
// reach what only the service itself should (SSRF).
//
// So a URL is checked when it is set (its syntax, an address written in it,
// and the addresses its name has then), and again before every attempt: the
// name is resolved once, every address it has must be a public unicast one,
// and the connection goes to the address that was checked (webhook-sender.ts),
// never to a second lookup that could answer differently (DNS rebinding).
// Only public unicast addresses pass: a deny list of bad ranges would let
// through whatever range it forgot.
//
// CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE=1 lets webhooks reach internal receivers
// (a receiver on the same host, a private network); addresses that can never
// be a receiver (unspecified, multicast, broadcast) stay refused.
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { parseIpAddress, type IpAddress } from '../../ip-address.ts';

/** The addresses (A and AAAA) a name has, as text. Tests pass their own, so no test depends on DNS. */
export type HostResolver = (hostname: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** A name that has not answered by then is taken as one that does not resolve. */
const RESOLVE_TIMEOUT_MS = 5_000;

/** The URL or one of its addresses may not receive webhooks; the message says why, for the client. */
export class AddressRefused extends Error {}

/** The name could not be resolved (no such name, no answer): an attempt fails, but nothing was refused. */
export class AddressUnresolved extends Error {}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Names that only mean something inside a network (RFC 6761, RFC 6762, RFC 8375, cloud metadata names). */
const INTERNAL_NAME_SUFFIXES = ['.localhost', '.local', '.localdomain', '.internal', '.home.arpa'];

/** What each refused range is called in the answer a client gets. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (such as the metadata service)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  reserved: 'a reserved address',
};

/** Never a receiver, even where internal receivers are allowed. */
const NEVER_A_RECEIVER = new Set(['unspecified', 'broadcast', 'multicast']);

/** The range `address` is in, as ipaddr.js names it; an IPv4-mapped IPv6 address is judged as the IPv4 address it stands for. */
function rangeOf(address: IpAddress): string {
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range();
    // ::/96 (IPv4-compatible, deprecated) and anything outside 2000::/3 (global unicast) is nobody's public address.
    const range = v6.range();
    if (range === 'unicast' && !v6.match(ipaddr.IPv6.parse('2000::'), 3)) return 'reserved';
    return range;
  }
  return address.range();
}

export interface AddressGuardOptions {
  allowPrivate: boolean;
  resolve: HostResolver;
}

export class WebhookAddressGuard {
  constructor(private readonly options: AddressGuardOptions) {}

  /** Why `text` may not be a webhook's address (AddressRefused), else the URL. Nothing is resolved. */
  parse(text: string): URL {
    let url: URL;
    try {
      url = new URL(text.trim());
    } catch {
      throw new AddressRefused('must be an absolute http or https URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AddressRefused('must be an http or https URL');
    // Credentials in the URL would be shown in every answer that shows the webhook; the signature is what proves the sender.
    if (url.username !== '' || url.password !== '') throw new AddressRefused('must not carry a user name or password');
    const host = hostOf(url);
    if (host === '') throw new AddressRefused('must name a host');
    const literal = parseIpAddress(host);
    if (literal) this.check(literal);
    else if (!this.options.allowPrivate && isInternalName(host)) throw new AddressRefused(`${host} is a name for an internal host`);
    return url;
  }

  /**
   * Resolves the URL's host once and checks every address it has: one refused
   * address refuses the name (which of them a client would reach is not ours
   * to guess). The address to connect to: the first.
   */
  async resolve(url: URL): Promise<CheckedAddress> {
    const host = hostOf(url);
    const literal = parseIpAddress(host);
    if (literal) {
      this.check(literal);
      return { address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 };
    }
    if (!this.options.allowPrivate && isInternalName(host)) throw new AddressRefused(`${host} is a name for an internal host`);
    const texts = await resolveWithin(this.options.resolve, host);
    const addresses = texts.map((text) => parseIpAddress(text));
    if (addresses.length === 0 || addresses.some((address) => address === undefined)) throw new AddressUnresolved(`${host} did not resolve to an address`);
    for (const address of addresses as IpAddress[]) this.check(address, host);
    const first = addresses[0]!;
    return { address: first.toString(), family: first.kind() === 'ipv4' ? 4 : 6 };
  }

  /**
   * The check made when a URL is set: its syntax, and the addresses its name
   * has now. A name that does not resolve yet is let through (a receiver may
   * not be up yet); every attempt resolves and checks again.
   */
  async checkUrl(text: string): Promise<URL> {
    const url = this.parse(text);
    try {
      await this.resolve(url);
    } catch (error) {
      if (!(error instanceof AddressUnresolved)) throw error;
    }
    return url;
  }

  private check(address: IpAddress, name?: string): void {
    const range = rangeOf(address);
    if (range === 'unicast') return;
    if (this.options.allowPrivate && !NEVER_A_RECEIVER.has(range)) return;
    const what = RANGE_WORDS[range] ?? 'a special-purpose address';
    throw new AddressRefused(`${name ? `${name} resolves to ${address.toString()}, ` : `${address.toString()} is `}${what}, which may not receive webhooks`);
  }
}

/** The URL's host as an address parser or resolver takes it: no IPv6 brackets, no trailing dot. */
export function hostOf(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

function isInternalName(host: string): boolean {
  // A name of one label is completed by the resolver's search domains: an internal host by construction.
  return host === 'localhost' || !host.includes('.') || INTERNAL_NAME_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

async function resolveWithin(resolve: HostResolver, host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AddressUnresolved(`${host} did not resolve within ${RESOLVE_TIMEOUT_MS / 1000} s`)), RESOLVE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([resolve(host), timeout]);
  } catch (error) {
    if (error instanceof AddressUnresolved) throw error;
    const code = (error as { code?: unknown }).code;
    throw new AddressUnresolved(`${host} could not be resolved${typeof code === 'string' ? ` (${code})` : ''}`);
  } finally {
    clearTimeout(timer);
  }
}
