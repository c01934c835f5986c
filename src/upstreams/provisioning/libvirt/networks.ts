// The networks a server's NICs join on its host: its location's bridge (with
// the gateways its servers route through) and, once it joined, its project's
// private network (a bridge of its own and an address of 10.0.0.0/16 kept per
// server). Each bridge is made as a libvirt network when missing; a bridge the
// provider made by hand under the same name is used as it is.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { UpstreamError } from '../../errors.ts';
import type { ServerDefinition } from '../port.ts';
import { networkXml, privateNetworkXml } from './documents.ts';
import { type Virsh, VirshError } from './virsh.ts';

/** A project's private network: 10.0.0.0/16, the first host number given out is 2 (.1 is left for a router the project may add). */
const PRIVATE_FIRST_HOST = 2;
const PRIVATE_LAST_HOST = 65_534;

/** The bridges a server's domain is defined with. */
export interface ServerBridges {
  bridge: string;
  /** Null until the server joined its project's private network. */
  privateBridge: string | null;
}

export class Networks {
  /** Each host's bridges, made (or found) once per process. */
  private readonly networksReady = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bridgePrefix: string,
  ) {}

  /** The server's bridges on its host, made when missing. */
  async ensureBridges(virsh: Virsh, server: ServerDefinition, privateAddress: string | null): Promise<ServerBridges> {
    const bridge = `${this.bridgePrefix}${server.location}`.slice(0, 15);
    await this.ensureNetwork(virsh, bridge, () => networkXml(`cloudplane-${bridge}`, bridge, server));
    if (!server.privateNetwork || !privateAddress) return { bridge, privateBridge: null };
    // The prefix, a dot (no location code has one) and a digest of the project, in 15 characters.
    const privateBridge = `${this.bridgePrefix}.${this.privateNetworkName(server)}`.slice(0, 15);
    await this.ensureNetwork(virsh, privateBridge, () => privateNetworkXml(`cloudplane-${privateBridge}`, privateBridge));
    return { bridge, privateBridge };
  }

  /** The server's address on its project's private network (`10.0.0.2/16`), taken once and kept until the server is deleted. */
  async privateAddress(server: ServerDefinition): Promise<string> {
    const network = this.privateNetworkName(server);
    const held = await this.db.selectFrom('provisioning_private_addresses').select('host_number').where('server_id', '=', server.id).executeTakeFirst();
    let hostNumber = held?.host_number;
    while (hostNumber === undefined) {
      const taken = await this.db.selectFrom('provisioning_private_addresses').select((eb) => eb.fn.max('host_number').as('last')).where('network', '=', network).executeTakeFirst();
      const candidate = Math.max(PRIVATE_FIRST_HOST, Number(taken?.last ?? 0) + 1);
      if (candidate > PRIVATE_LAST_HOST) throw new UpstreamError('provisioning', 'failed', 'the private network has no address left');
      // Another server of the project may take the same number at the same moment: the key decides, the loser asks again.
      const inserted = await this.db
        .insertInto('provisioning_private_addresses')
        .values({ network, host_number: candidate, server_id: server.id })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) hostNumber = candidate;
    }
    return `10.0.${Math.floor(hostNumber / 256)}.${hostNumber % 256}/16`;
  }

  async releasePrivateAddress(serverId: string): Promise<void> {
    await this.db.deleteFrom('provisioning_private_addresses').where('server_id', '=', serverId).execute();
  }

  private privateNetworkName(server: ServerDefinition): string {
    return createHash('sha256').update(server.privateNetwork?.project ?? '').digest('hex').slice(0, 16);
  }

  /**
   * A bridge on the host, made when missing as a libvirt network: a
   * location's (forward mode `open`: libvirt makes the bridge and the
   * gateways on the host, and adds no firewall rules, DHCP or DNS of its
   * own; routing is the provider's) or a project's private one (isolated).
   */
  private ensureNetwork(virsh: Virsh, bridge: string, xml: () => string): Promise<void> {
    // One making of a bridge at a time in this process: two first servers of a location must not define it twice.
    const key = `${virsh.uri} ${bridge}`;
    let ready = this.networksReady.get(key);
    if (!ready) {
      ready = this.prepareNetwork(virsh, bridge, xml).catch((error: unknown) => {
        this.networksReady.delete(key);
        throw error;
      });
      this.networksReady.set(key, ready);
    }
    return ready;
  }

  private async prepareNetwork(virsh: Virsh, bridge: string, xml: () => string): Promise<void> {
    const name = `cloudplane-${bridge}`;
    const unknownNetwork = /no network with matching|Network not found/i;
    let info: string;
    try {
      info = await virsh.run(['net-info', name]);
    } catch (error) {
      if (!(error instanceof VirshError) || error.kind !== 'failed' || !unknownNetwork.test(error.output)) throw error;
      const directory = await mkdtemp(join(tmpdir(), 'cloudplane-network-'));
      try {
        const file = join(directory, 'network.xml');
        await writeFile(file, xml());
        // Another process may define it at the same moment: its definition serves as well.
        await virsh.runUnless(['net-define', file], /already exists/i);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
      info = await virsh.run(['net-info', name]);
    }
    if (/Active:\s+yes/.test(info)) return;
    try {
      await virsh.runUnless(['net-start', name], /network is already active/i);
      await virsh.run(['net-autostart', name]);
    } catch (error) {
      // The provider's own bridge is there already: it carries the servers, and this network is not needed.
      if (!(error instanceof VirshError) || error.kind !== 'failed' || !/already exists|already in use/i.test(error.output)) throw error;
      await virsh.runUnless(['net-undefine', name], unknownNetwork);
    }
  }
}
