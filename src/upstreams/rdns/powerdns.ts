// Reverse DNS in a real PowerDNS Authoritative server, through its HTTP API
// (https://doc.powerdns.com/authoritative/http-api/). Each PTR is an RRset in
// the in-addr.arpa or ip6.arpa zone that holds its name: the most specific zone
// the server already has, or else a new Native zone for the address's /24
// (IPv4) or /48 (IPv6). A zone stays when its last PTR goes: zones are the
// operator's delegation, not one server's.
//
// Failures map onto the port's: PowerDNS unreachable → unavailable, no answer
// within the timeout → timeout, any answer the API documents as an error →
// failed. Every change is one PATCH, which PowerDNS applies atomically, so a
// failed call leaves nothing half-written.
import { failed, timedOut, unavailable } from '../errors.ts';
import { PtrRefused, type RdnsPort } from './port.ts';
import { addressOfReverseName, defaultReverseZone, isAtOrBelow, parseAddress, reverseName, reverseNameOfNetwork, type ParsedAddress } from './reverse-names.ts';
import ipaddr from 'ipaddr.js';

export interface PowerDnsSettings {
  /** Base URL of the API, such as http://127.0.0.1:8081 (with or without /api/v1). */
  apiUrl: string;
  apiKey: string;
  serverId: string;
  timeoutMs: number;
}

/** TTL of the PTR RRsets cloudplane writes. */
export const PTR_TTL_SECONDS = 3600;

interface Zone {
  id: string;
  name: string;
}

interface RRset {
  name: string;
  type: string;
  records: { content: string; disabled?: boolean }[];
}

export class PowerDnsRdns implements RdnsPort {
  private readonly zonesUrl: string;

  constructor(private readonly settings: PowerDnsSettings) {
    const base = settings.apiUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    this.zonesUrl = `${base}/api/v1/servers/${encodeURIComponent(settings.serverId)}/zones`;
  }

  async getPtrs(addresses: readonly string[]): Promise<Map<string, string>> {
    if (addresses.length === 0) return new Map();
    const zones = await this.listZones();
    const found = await Promise.all(
      addresses.map(async (address) => {
        const name = reverseName(requireAddress(address));
        const zone = zoneHolding(zones, name);
        if (!zone) return undefined;
        const rrsets = await this.rrsetsOf(zone, `?rrset_name=${encodeURIComponent(name)}&rrset_type=PTR`);
        const ptr = ptrOf(rrsets, name);
        return ptr === undefined ? undefined : ([address, ptr] as const);
      }),
    );
    return new Map(found.filter((entry) => entry !== undefined));
  }

  async setPtr(address: string, ptr: string): Promise<void> {
    const parsed = requireAddress(address);
    const name = reverseName(parsed);
    const zone = zoneHolding(await this.listZones(), name) ?? (await this.createZone(parsed));
    const rrset = { name, type: 'PTR', ttl: PTR_TTL_SECONDS, changetype: 'REPLACE', records: [{ content: `${ptr}.`, disabled: false }] };
    const answer = await this.request('PATCH', zoneUrl(this.zonesUrl, zone), { rrsets: [rrset] });
    // 422 is PowerDNS refusing the record itself (a name too long for DNS), not a failure of the system.
    if (answer.status === 422) {
      const reason = (answer.body as { error?: string } | undefined)?.error;
      throw new PtrRefused(`the DNS server refused the name: ${reason ?? 'unprocessable'}`);
    }
    expectSuccess(answer);
  }

  async deletePtr(address: string): Promise<void> {
    const name = reverseName(requireAddress(address));
    const zone = zoneHolding(await this.listZones(), name);
    if (zone) await this.patch(zone, [{ name, type: 'PTR', changetype: 'DELETE' }]);
  }

  async deletePtrsInNetwork(cidr: string): Promise<void> {
    const network = ipaddr.parseCIDR(cidr);
    const networkName = reverseNameOfNetwork(cidr);
    // Zones that hold the network's names: the one above it, and any cut inside it.
    const zones = (await this.listZones()).filter((zone) => isAtOrBelow(networkName, zone.name) || isAtOrBelow(zone.name, networkName));
    for (const zone of zones) {
      const doomed = (await this.rrsetsOf(zone)).filter((rrset) => {
        if (rrset.type !== 'PTR') return false;
        const address = addressOfReverseName(rrset.name);
        return address !== undefined && address.kind() === network[0].kind() && address.match(network);
      });
      if (doomed.length > 0) await this.patch(zone, doomed.map((rrset) => ({ name: rrset.name, type: 'PTR', changetype: 'DELETE' })));
    }
  }

  private async listZones(): Promise<Zone[]> {
    const zones = expectSuccess(await this.request('GET', this.zonesUrl)) as Zone[];
    return zones.filter((zone) => zone.name.endsWith('.in-addr.arpa.') || zone.name.endsWith('.ip6.arpa.'));
  }

  private async createZone(address: ParsedAddress): Promise<Zone> {
    const name = defaultReverseZone(address);
    // Another request may create the same zone at the same moment: PowerDNS answers 409 to the second, which is fine.
    const answer = await this.request('POST', this.zonesUrl, { name, kind: 'Native', nameservers: [] });
    if (answer.status === 409) return { id: name, name };
    return expectSuccess(answer) as Zone;
  }

  private async patch(zone: Zone, rrsets: Record<string, unknown>[]): Promise<void> {
    expectSuccess(await this.request('PATCH', zoneUrl(this.zonesUrl, zone), { rrsets }));
  }

  /** The zone's RRsets (filtered by `query`); none when the zone went between the listing and this read. */
  private async rrsetsOf(zone: Zone, query = ''): Promise<RRset[]> {
    const answer = await this.request('GET', `${zoneUrl(this.zonesUrl, zone)}${query}`);
    if (answer.status === 404) return [];
    return (expectSuccess(answer) as { rrsets?: RRset[] }).rrsets ?? [];
  }

  /** One API call: its status and parsed body. Unreachable and silent are thrown here; statuses are the caller's to judge. */
  private async request(method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { 'X-API-Key': this.settings.apiKey, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') throw timedOut('rdns');
      throw unavailable('rdns');
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw timedOut('rdns');
    }
    if (text === '') return { status: response.status, body: undefined };
    try {
      return { status: response.status, body: JSON.parse(text) };
    } catch {
      // Not JSON ("Not Found" in plain text, or not PowerDNS at all): only the status speaks.
      return { status: response.status, body: undefined };
    }
  }
}

/** The body of a successful answer; an error status is a failure of the system. */
function expectSuccess(answer: { status: number; body: unknown }): unknown {
  // A proxy in front of PowerDNS that cannot reach it answers 502/503/504: that is PowerDNS being unreachable.
  if (answer.status === 502 || answer.status === 503 || answer.status === 504) throw unavailable('rdns');
  if (answer.status < 200 || answer.status > 299) throw failed('rdns');
  return answer.body;
}

function requireAddress(address: string): ParsedAddress {
  const parsed = parseAddress(address);
  if (!parsed) throw new Error(`not an address: ${address}`);
  return parsed;
}

/** The most specific zone whose name is, or is above, `name`. */
function zoneHolding(zones: Zone[], name: string): Zone | undefined {
  return zones.filter((zone) => isAtOrBelow(name, zone.name)).sort((a, b) => b.name.length - a.name.length)[0];
}

function zoneUrl(zonesUrl: string, zone: Zone): string {
  return `${zonesUrl}/${encodeURIComponent(zone.id)}`;
}

function ptrOf(rrsets: RRset[], name: string): string | undefined {
  const rrset = rrsets.find((candidate) => candidate.type === 'PTR' && candidate.name.toLowerCase() === name);
  const record = rrset?.records.find((candidate) => !candidate.disabled);
  return record?.content.replace(/\.$/, '');
}
