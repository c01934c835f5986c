// The libvirt provisioning backend (D19, `PROVISIONING_BACKEND=libvirt`):
// every server is a libvirt domain on `LIBVIRT_URI`, driven through virsh.
//
// What it keeps: the creations and operations it was asked for, in the same
// database as cloudplane (as the built-in billing keeps its books there), so
// each call is idempotent by its key (the server id, the action id) and a
// creation that libvirt refused can be reported as failed. Where a domain
// really is, libvirt says: a creation is done when its domain runs, a
// shutdown when it is shut off.
//
// Projects need nothing of libvirt: they are kept in the built-in registry.
// Actions other than the power ones (reinstall, snapshots, ISOs, IPv6,
// private network, passwords) are recorded and answered as the simulator
// does, without changing the VM yet (docs/provisioning.md).
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { readJson, writeJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import type { ProvisioningConfig } from '../../config.ts';
import { BuiltinProvisioning, recordOperation } from './builtin.ts';
import { diskVolume, diskVolumeXml, domainXml, networkXml, seedVolume } from './libvirt-domain.ts';
import { seedImage } from './nocloud-seed.ts';
import type { CreationState, OperationRequest, OperationState, ProvisionedProjectStatus, ProvisioningDurations, ProvisioningPort, ServerDefinition } from './port.ts';
import { Virsh, VirshError } from './virsh.ts';

export type LibvirtConfig = Extract<ProvisioningConfig, { backend: 'libvirt' }>;

/** What libvirt answers for a domain it does not have. */
const NO_DOMAIN = /failed to get domain|Domain not found|no domain with matching/i;
const NO_VOLUME = /Storage volume not found|no storage vol with matching/i;
const NOT_RUNNING = /domain is not running|not running/i;
const ALREADY_RUNNING = /already active|already running/i;

/** How often a creation or shutdown under way is asked after again. */
const POLL_MS = 500;

export class LibvirtProvisioning implements ProvisioningPort {
  private readonly virsh: Virsh;
  private readonly registry: BuiltinProvisioning;
  private poolReady: Promise<void> | null = null;
  /** Each location's bridge, made (or found) once per process. */
  private readonly networksReady = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly config: LibvirtConfig,
  ) {
    this.virsh = new Virsh(config.uri);
    this.registry = new BuiltinProvisioning(db, clock, 1);
    // Delivery first asks after these: a domain is defined and started within a few seconds.
    this.durations = { projectSetup: 0, server: 2_000, upgrade: 0, bandwidth: 0 };
  }

  readonly durations: ProvisioningDurations;

  async checkAvailable(): Promise<void> {
    await this.virsh.run(['uri']);
  }

  createProject(slug: string): Promise<void> {
    return this.registry.createProject(slug);
  }

  getProject(slug: string): Promise<{ status: ProvisionedProjectStatus } | null> {
    return this.registry.getProject(slug);
  }

  deleteProject(slug: string): Promise<void> {
    return this.registry.deleteProject(slug);
  }

  async createServer(server: ServerDefinition): Promise<void> {
    const now = this.clock.now().toISOString();
    const recorded = await this.db.selectFrom('provisioning_servers').select('status').where('server_id', '=', server.id).executeTakeFirst();
    if (recorded && recorded.status !== 'creating') return;
    if (!recorded) {
      await this.db
        .insertInto('provisioning_servers')
        .values({ server_id: server.id, status: 'creating', definition: writeJson(server), completes_at: now, error: null, created_at: now, updated_at: now })
        .onConflict((conflict) => conflict.column('server_id').doNothing())
        .execute();
    }
    try {
      await this.ensureDomain(server);
    } catch (error) {
      // libvirt not answering: the caller asks again later. A refusal (a missing bridge or image file) is final.
      if (!(error instanceof VirshError) || error.kind !== 'failed') throw error;
      await this.db
        .updateTable('provisioning_servers')
        .set({ status: 'failed', error: error.message, updated_at: this.clock.now().toISOString() })
        .where('server_id', '=', server.id)
        .execute();
      await this.removeDomain(server.id).catch(() => undefined);
    }
  }

  async getServerCreation(serverId: string): Promise<CreationState | null> {
    const row = await this.db.selectFrom('provisioning_servers').select(['status', 'error']).where('server_id', '=', serverId).executeTakeFirst();
    if (!row) return null;
    if (row.status === 'failed') return { state: 'failed', message: row.error ?? 'libvirt refused the server' };
    if (row.status === 'deleted') return { state: 'failed', message: 'the server was deleted' };
    if (row.status === 'active') return { state: 'done' };
    const state = await this.domainState(serverId);
    // Not running while `creating`: a creation cut short (libvirt gone, the process dead) before the domain was
    // started. Nothing is under way, so the caller is told to create it again, which finishes what is there.
    if (state === 'missing' || state === 'shut off') return null;
    if (state !== 'running') return { state: 'running', completesAt: new Date(this.clock.now().getTime() + POLL_MS).toISOString() };
    await this.db.updateTable('provisioning_servers').set({ status: 'active', updated_at: this.clock.now().toISOString() }).where('server_id', '=', serverId).execute();
    return { state: 'done' };
  }

  async deleteServer(serverId: string): Promise<void> {
    await this.removeDomain(serverId);
    await this.db.updateTable('provisioning_servers').set({ status: 'deleted', updated_at: this.clock.now().toISOString() }).where('server_id', '=', serverId).execute();
  }

  async powerState(serverId: string): Promise<'running' | 'stopped' | null> {
    const state = await this.domainState(serverId);
    if (state === 'running') return 'running';
    if (state === 'shut off') return 'stopped';
    return null;
  }

  /**
   * Checked where cloudplane runs when libvirt runs there too (a local URI);
   * a remote host's files are met when a server is created there, and a
   * missing one fails that creation with libvirt's message.
   */
  async missingFiles(paths: readonly string[]): Promise<string[]> {
    const local = /^[a-z+]+:\/\/\//.test(this.config.uri);
    return local ? paths.filter((path) => !existsSync(path)) : [];
  }

  async startOperation(request: OperationRequest): Promise<void> {
    const recorded = await this.db.selectFrom('provisioning_operations').select('action_id').where('action_id', '=', request.actionId).executeTakeFirst();
    if (recorded) return;
    await this.operate(request.serverId, request.type);
    // A shutdown is done when the guest has powered off, or when its time is up and it is powered off for it.
    await recordOperation(this.db, this.clock, request, request.type === 'server.shutdown' ? this.config.shutdownTimeoutMs : 0);
  }

  async getOperation(actionId: number): Promise<OperationState | null> {
    const row = await this.db.selectFrom('provisioning_operations').select(['server_id', 'type', 'completes_at', 'result']).where('action_id', '=', actionId).executeTakeFirst();
    if (!row) return null;
    if (row.type === 'server.shutdown' && (await this.domainState(row.server_id)) === 'running') {
      if (row.completes_at > this.clock.now().toISOString()) return { state: 'running', completesAt: new Date(this.clock.now().getTime() + POLL_MS).toISOString() };
      // The guest did not power off in time: power it off.
      await this.virsh.runUnless(['destroy', row.server_id], NOT_RUNNING);
    }
    return { state: 'done', result: readJson(row.result) };
  }

  /** Carries out a power operation on the domain; other types change nothing on the VM yet. */
  private async operate(serverId: string, type: string): Promise<void> {
    switch (type) {
      case 'server.power_on':
        return this.virsh.runUnless(['start', serverId], ALREADY_RUNNING);
      case 'server.power_off':
        return this.virsh.runUnless(['destroy', serverId], NOT_RUNNING);
      case 'server.shutdown':
        return this.virsh.runUnless(['shutdown', serverId, '--mode', 'acpi'], NOT_RUNNING);
      case 'server.reboot':
        // A reset reboots whatever the guest runs; a stopped server is started.
        if ((await this.domainState(serverId)) === 'running') return this.virsh.runUnless(['reset', serverId], NOT_RUNNING);
        return this.virsh.runUnless(['start', serverId], ALREADY_RUNNING);
      default:
        // Known to libvirt or not, the domain must exist for the action to mean anything.
        await this.virsh.run(['domstate', serverId]);
    }
  }

  /** `running`, `shut off`, …, or `missing` when libvirt has no such domain. */
  private async domainState(serverId: string): Promise<string> {
    try {
      return (await this.virsh.run(['domstate', serverId])).trim();
    } catch (error) {
      if (error instanceof VirshError && error.kind === 'failed' && NO_DOMAIN.test(error.output)) return 'missing';
      throw error;
    }
  }

  /** The domain defined and running, with its disk and seed; each step skipped when already done. */
  private async ensureDomain(server: ServerDefinition): Promise<void> {
    const state = await this.domainState(server.id);
    if (state === 'running') return;
    if (state !== 'missing') return this.virsh.runUnless(['start', server.id], ALREADY_RUNNING);
    await this.ensurePool();
    await this.ensureNetwork(server);
    const { pool } = this.config;
    // Leftovers of a creation cut short are made again from the definition.
    for (const volume of [diskVolume(server.id), seedVolume(server.id)]) await this.virsh.runUnless(['vol-delete', '--pool', pool, volume], NO_VOLUME);
    const directory = await mkdtemp(join(tmpdir(), 'cloudplane-domain-'));
    try {
      // A volume XML, not vol-create-as: its --backing-vol takes only a volume libvirt already knows, and a base disk may be in no pool.
      const volume = join(directory, 'disk.xml');
      await writeFile(volume, diskVolumeXml(server));
      await this.virsh.run(['vol-create', pool, volume]);
      const seed = await seedImage(server);
      const seedFile = join(directory, 'seed.iso');
      await writeFile(seedFile, seed);
      await this.virsh.run(['vol-create-as', pool, seedVolume(server.id), String(seed.length), '--format', 'raw']);
      await this.virsh.run(['vol-upload', '--pool', pool, seedVolume(server.id), seedFile]);
      const definition = join(directory, 'domain.xml');
      await writeFile(definition, domainXml(server, { domainType: this.config.domainType, pool, bridge: this.bridgeOf(server.location) }));
      await this.virsh.run(['define', definition]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    await this.virsh.runUnless(['start', server.id], ALREADY_RUNNING);
  }

  /** The domain powered off and gone, with its volumes; anything already gone is skipped. */
  private async removeDomain(serverId: string): Promise<void> {
    await this.virsh.runUnless(['destroy', serverId], new RegExp(`${NOT_RUNNING.source}|${NO_DOMAIN.source}`, 'i'));
    await this.virsh.runUnless(['undefine', serverId], NO_DOMAIN);
    await this.ensurePool();
    for (const volume of [diskVolume(serverId), seedVolume(serverId)]) await this.virsh.runUnless(['vol-delete', '--pool', this.config.pool, volume], NO_VOLUME);
  }

  private bridgeOf(location: string): string {
    return `${this.config.bridgePrefix}${location}`.slice(0, 15);
  }

  /**
   * The location's bridge, holding the gateways of its servers: made when
   * missing, as a libvirt network of forward mode `open` (libvirt makes the
   * bridge and its addresses on the hypervisor host, and adds no firewall
   * rules, DHCP or DNS of its own; routing is the provider's). A bridge the
   * provider made by hand is used as it is.
   */
  private ensureNetwork(server: ServerDefinition): Promise<void> {
    // One making of a bridge at a time in this process: two first servers of a location must not define it twice.
    const bridge = this.bridgeOf(server.location);
    let ready = this.networksReady.get(bridge);
    if (!ready) {
      ready = this.prepareNetwork(bridge, server).catch((error: unknown) => {
        this.networksReady.delete(bridge);
        throw error;
      });
      this.networksReady.set(bridge, ready);
    }
    return ready;
  }

  private async prepareNetwork(bridge: string, server: ServerDefinition): Promise<void> {
    const name = `cloudplane-${bridge}`;
    let info: string;
    try {
      info = await this.virsh.run(['net-info', name]);
    } catch (error) {
      if (!(error instanceof VirshError) || error.kind !== 'failed' || !/no network with matching|Network not found/i.test(error.output)) throw error;
      const directory = await mkdtemp(join(tmpdir(), 'cloudplane-network-'));
      try {
        const file = join(directory, 'network.xml');
        await writeFile(file, networkXml(name, bridge, server));
        // Another process may define it at the same moment: its definition serves as well.
        await this.virsh.runUnless(['net-define', file], /already exists/i);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
      info = await this.virsh.run(['net-info', name]);
    }
    if (/Active:\s+yes/.test(info)) return;
    try {
      await this.virsh.runUnless(['net-start', name], /network is already active/i);
      await this.virsh.run(['net-autostart', name]);
    } catch (error) {
      // The provider's own bridge is there already: it carries the servers, and this network is not needed.
      if (!(error instanceof VirshError) || error.kind !== 'failed' || !/already exists|already in use/i.test(error.output)) throw error;
      await this.virsh.runUnless(['net-undefine', name], /no network with matching|Network not found/i);
    }
  }

  /** The storage pool, defined, built and started once per process when it is not there. */
  private ensurePool(): Promise<void> {
    this.poolReady ??= this.preparePool().catch((error: unknown) => {
      this.poolReady = null;
      throw error;
    });
    return this.poolReady;
  }

  private async preparePool(): Promise<void> {
    const { pool, poolDirectory } = this.config;
    const known = /no storage pool with matching|Storage pool not found/i;
    let info: string;
    try {
      info = await this.virsh.run(['pool-info', pool]);
    } catch (error) {
      if (!(error instanceof VirshError) || error.kind !== 'failed' || !known.test(error.output)) throw error;
      await this.virsh.run(['pool-define-as', pool, 'dir', '--target', poolDirectory]);
      await this.virsh.run(['pool-build', pool]);
      info = await this.virsh.run(['pool-info', pool]);
    }
    if (!/State:\s+running/.test(info)) await this.virsh.runUnless(['pool-start', pool], /already active/i);
    await this.virsh.run(['pool-refresh', pool]);
  }
}
