// Reverse DNS of a server's addresses (D11): one entry per IPv4 address in the
// list; a PTR may also be set on any address inside the server's IPv6 subnets,
// reachable by that address but not listed. Any member may manage them;
// read-only keys may only read. The names live in the reverse DNS system
// (rdns port); cloudplane keeps no copy, so what the API shows is what resolves.
import ipaddr from 'ipaddr.js';
import { AppError, validationError } from '../../errors.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import { PtrRefused, type RdnsPort } from '../../upstreams/rdns/port.ts';
import { canonicalAddress, parseAddress } from '../../upstreams/rdns/reverse-names.ts';
import type { Actor } from '../api-keys/index.ts';
import { listServerAddresses } from '../addresses/index.ts';
import type { ServerService } from '../servers/index.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { ptrNameProblem } from './ptr-name.ts';
import { recordEvent } from '../events/index.ts';
import type { ReverseDnsEntry } from './reverse-dns.schemas.ts';

/** The spec's answer to a reverse DNS system that is down: come back in five minutes. */
export const RDNS_RETRY_AFTER_SECONDS = 300;

export interface ReverseDnsDependencies {
  db: Kysely<Database>;
  clock: Clock;
  servers: ServerService;
  rdns: RdnsPort;
}

export class ReverseDnsService {
  constructor(private readonly deps: ReverseDnsDependencies) {}

  async list(actor: Actor, slug: string, serverId: string, page: { limit: number; offset: number }): Promise<{ count: number; entries: ReverseDnsEntry[] }> {
    const { server } = await this.deps.servers.requireServer(actor, slug, serverId);
    const { ipv4 } = await listServerAddresses(this.deps.db, server.id);
    const addresses = ipv4.slice(page.offset, page.offset + page.limit).map(({ address }) => address);
    // One call for the page, and none for a page past the end (which answers 404 anyway).
    const ptrs = addresses.length === 0 ? new Map<string, string>() : await reverseDnsCall(() => this.deps.rdns.getPtrs(addresses));
    return { count: ipv4.length, entries: addresses.map((address) => ({ address, ptr: ptrs.get(address) ?? null })) };
  }

  /** One address's entry: any of its IPv4 addresses, or any address in its IPv6 subnets (listed or not, D11). */
  async get(actor: Actor, slug: string, serverId: string, addressText: string): Promise<ReverseDnsEntry> {
    const { address } = await this.serverAddress(actor, slug, serverId, addressText, { write: false });
    const ptrs = await reverseDnsCall(() => this.deps.rdns.getPtrs([address]));
    return { address, ptr: ptrs.get(address) ?? null };
  }

  async set(actor: Actor, slug: string, serverId: string, addressText: string, ptr: string): Promise<ReverseDnsEntry> {
    // The name is checked first, like every other body field: the same answer for the same bad body wherever it is sent.
    const problem = ptrNameProblem(ptr);
    if (problem) throw validationError('ptr', problem);
    const { address, projectId, server } = await this.serverAddress(actor, slug, serverId, addressText, { write: true });
    try {
      await reverseDnsCall(() => this.deps.rdns.setPtr(address, ptr));
    } catch (error) {
      if (error instanceof PtrRefused) throw validationError('ptr', error.reason);
      throw error;
    }
    await this.recordChange('reverse_dns.set', projectId, server, { address, ptr });
    return { address, ptr };
  }

  async delete(actor: Actor, slug: string, serverId: string, addressText: string): Promise<void> {
    const { address, projectId, server } = await this.serverAddress(actor, slug, serverId, addressText, { write: true });
    await reverseDnsCall(() => this.deps.rdns.deletePtr(address));
    await this.recordChange('reverse_dns.removed', projectId, server, { address, ptr: null });
  }

  /**
   * The PTR lives in the reverse DNS system, not here: its event is recorded
   * once that system has answered, in a transaction of its own. A process that
   * dies in between leaves the record changed without its event; a client
   * that sends the request again (it never saw an answer) gets it then.
   */
  private async recordChange(type: 'reverse_dns.set' | 'reverse_dns.removed', projectId: number, serverId: string, entry: ReverseDnsEntry): Promise<void> {
    await this.deps.db.transaction().execute((trx) =>
      recordEvent(trx, { projectId, type, resource: { type: 'reverse_dns', id: entry.address }, data: { ...entry, server_id: serverId }, now: this.deps.clock.now().toISOString() }),
    );
  }

  /** The address in canonical form when it is the server's, with the server and its project; 404 otherwise, whatever is wrong with it. */
  private async serverAddress(actor: Actor, slug: string, serverId: string, addressText: string, access: { write: boolean }): Promise<{ address: string; projectId: number; server: string }> {
    const { server, project } = await this.deps.servers.requireServer(actor, slug, serverId, access);
    const parsed = parseAddress(addressText);
    if (!parsed) throw notOnServer();
    const { ipv4, ipv6Subnets } = await listServerAddresses(this.deps.db, server.id);
    const canonical = canonicalAddress(parsed);
    const owned =
      parsed.kind() === 'ipv4'
        ? ipv4.some(({ address }) => address === canonical)
        : ipv6Subnets.some((subnet) => (parsed as ipaddr.IPv6).match(ipaddr.IPv6.parseCIDR(subnet)));
    if (!owned) throw notOnServer();
    return { address: canonical, projectId: project.id, server: server.id };
  }
}

function notOnServer(): AppError {
  return new AppError('not_found', "Not one of the server's IPv4 addresses, nor inside one of its IPv6 subnets");
}

/** Runs one call to the reverse DNS system; down or silent becomes the spec's 503 with Retry-After. */
async function reverseDnsCall<Result>(call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    if (isUpstreamError(error) && error.kind !== 'failed') {
      throw new AppError(
        'reverse_dns_unavailable',
        'The reverse DNS service is unavailable or did not answer; try again later',
        {},
        { retryAfterSeconds: RDNS_RETRY_AFTER_SECONDS },
      );
    }
    throw error;
  }
}
