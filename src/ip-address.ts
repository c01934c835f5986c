// How cloudplane reads an IP address a client wrote, everywhere it reads one
// (firewall rules and checks, reverse DNS): strictly. ipaddr.js on its own
// also takes "127.1", "0x7f.0.0.1" and "010.0.0.1" as IPv4, which nobody
// means as an address; an IPv6 zone id ("fe80::1%eth0") names an interface,
// not an address anyone can reach.
import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** The address written in `text` (IPv4 as four decimal parts, IPv6 without a zone id), or undefined. */
export function parseIpAddress(text: string): IpAddress | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (text.includes('%') || !ipaddr.IPv6.isValid(text)) return undefined;
  return ipaddr.IPv6.parse(text);
}
