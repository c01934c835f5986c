// The libvirt provisioning backend (D19, `PROVISIONING_BACKEND=libvirt`):
// every server is a libvirt domain on its hypervisor host (the URI placement
// chose, or `LIBVIRT_URI`), driven through virsh.
//
// What it keeps: the creations and operations it was asked for, in the same
// database as cloudplane (as the built-in billing keeps its books there), so
// each call is idempotent by its key (the server id, the action id) and a
// creation that libvirt refused can be reported as failed. Each server's
// record holds what its machine is now (plan, image, keys, addresses, the
// ISO in its drive, its private address): the domain, its disk and its
// NoCloud seed are made from it, so every change is "change the record,
// make the machine match". Where a domain really is, libvirt says: a
// creation is done when its domain runs, a shutdown when it is shut off.
//
// An operation is recorded with its inputs (and the password it sets)
// before the machine is touched, and marked carried out after; one a crash
// cut short is carried out when it is next asked after (D20).
//
// Projects need nothing of libvirt: they are kept in the built-in registry.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { readJson, writeJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import type { ProvisioningConfig } from '../../config.ts';
import { UpstreamError } from '../errors.ts';
import { BuiltinProvisioning, recordOperation } from './builtin.ts';
import { diskVolume, diskVolumeXml, domainXml, ISO_DRIVE, networkXml, privateNetworkXml, seedVolume } from './libvirt-domain.ts';
import { readServerCounters } from './libvirt-metrics.ts';
import { seedImage } from './nocloud-seed.ts';
import type {
  CreationState,
  OperationParameters,
  OperationRequest,
  OperationState,
  ProvisionedProjectStatus,
  ProvisioningDurations,
  ProvisioningPort,
  ServerCounters,
  ServerDefinition,
} from './port.ts';
import { Virsh, VirshError } from './virsh.ts';

export type LibvirtConfig = Extract<ProvisioningConfig, { backend: 'libvirt' }>;

/** A server as this backend keeps it: its definition as changed since, and what the backend chose for it. */
interface LibvirtServer extends ServerDefinition {
  /** Its address on the project's private network, with the prefix (`10.0.0.2/16`). */
  privateAddress?: string | null;
  /** The ISO file in its CD-ROM drive. */
  iso?: string | null;
}

/** What libvirt answers for a domain it does not have. */
const NO_DOMAIN = /failed to get domain|Domain not found|no domain with matching/i;
const NO_VOLUME = /Storage volume not found|no storage vol with matching/i;
const NO_SNAPSHOT = /Domain snapshot not found|no domain snapshot with matching|snapshot .* not found/i;
const NOT_RUNNING = /domain is not running|not running/i;
const ALREADY_RUNNING = /already active|already running/i;
const NOT_RUNNING_OR_GONE = new RegExp(`${NOT_RUNNING.source}|${NO_DOMAIN.source}`, 'i');

/** How often a creation or shutdown under way is asked after again. */
const POLL_MS = 500;

/** A project's private network: 10.0.0.0/16, the first host number given out is 2 (.1 is left for a router the project may add). */
const PRIVATE_FIRST_HOST = 2;
const PRIVATE_LAST_HOST = 65_534;

/** The libvirt snapshot that holds cloudplane's snapshot `id`. */
const snapshotName = (snapshotId: number) => `cloudplane-snapshot-${snapshotId}`;

/** A refusal of this backend's own (the operation cannot be carried out as asked): the action ends `error`. */
const refused = (message: string) => new UpstreamError('provisioning', 'failed', message);

export class LibvirtProvisioning implements ProvisioningPort {
  private readonly registry: BuiltinProvisioning;
  /** One client per hypervisor host, by its libvirt URI. */
  private readonly clients = new Map<string, Virsh>();
  /** Each host's storage pool, made (or found) once per process. */
  private readonly poolsReady = new Map<string, Promise<void>>();
  /** Each host's bridges, made (or found) once per process. */
  private readonly networksReady = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly config: LibvirtConfig,
  ) {
    this.registry = new BuiltinProvisioning(db, clock, 1);
    // Delivery first asks after these: a domain is defined and started within a few seconds.
    this.durations = { projectSetup: 0, server: 2_000, upgrade: 0, bandwidth: 0 };
  }

  readonly durations: ProvisioningDurations;

  async checkAvailable(serverId?: string): Promise<void> {
    await this.virshAt(serverId ? await this.hostOf(serverId) : this.config.uri).run(['uri']);
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
    const recorded = await this.db.selectFrom('provisioning_servers').select(['status', 'definition']).where('server_id', '=', server.id).executeTakeFirst();
    if (recorded && recorded.status !== 'creating') return;
    if (!recorded) {
      await this.db
        .insertInto('provisioning_servers')
        .values({ server_id: server.id, status: 'creating', definition: writeJson(server), completes_at: now, error: null, created_at: now, updated_at: now })
        .onConflict((conflict) => conflict.column('server_id').doNothing())
        .execute();
    }
    const kept = recorded ? readJson<LibvirtServer>(recorded.definition) : server;
    try {
      await this.ensureDomain(kept);
    } catch (error) {
      // libvirt not answering: the caller asks again later. A refusal (a missing bridge or image file) is final.
      if (!(error instanceof VirshError) || error.kind !== 'failed') throw error;
      await this.db
        .updateTable('provisioning_servers')
        .set({ status: 'failed', error: error.message, updated_at: this.clock.now().toISOString() })
        .where('server_id', '=', server.id)
        .execute();
      await this.removeDomain(kept).catch(() => undefined);
    }
  }

  async getServerCreation(serverId: string): Promise<CreationState | null> {
    const row = await this.db.selectFrom('provisioning_servers').select(['status', 'error']).where('server_id', '=', serverId).executeTakeFirst();
    if (!row) return null;
    if (row.status === 'failed') return { state: 'failed', message: row.error ?? 'libvirt refused the server' };
    if (row.status === 'deleted') return { state: 'failed', message: 'the server was deleted' };
    if (row.status === 'active') return { state: 'done' };
    const state = await this.domainState(await this.virshOf(serverId), serverId);
    // Not running while `creating`: a creation cut short (libvirt gone, the process dead) before the domain was
    // started. Nothing is under way, so the caller is told to create it again, which finishes what is there.
    if (state === 'missing' || state === 'shut off') return null;
    if (state !== 'running') return { state: 'running', completesAt: new Date(this.clock.now().getTime() + POLL_MS).toISOString() };
    await this.db.updateTable('provisioning_servers').set({ status: 'active', updated_at: this.clock.now().toISOString() }).where('server_id', '=', serverId).execute();
    return { state: 'done' };
  }

  async deleteServer(serverId: string): Promise<void> {
    const server = await this.findServer(serverId);
    if (server) await this.removeDomain(server);
    else await this.removeDomainAt(this.virshAt(this.config.uri), serverId);
    await this.db.deleteFrom('provisioning_private_addresses').where('server_id', '=', serverId).execute();
    await this.db.updateTable('provisioning_servers').set({ status: 'deleted', updated_at: this.clock.now().toISOString() }).where('server_id', '=', serverId).execute();
  }

  async powerState(serverId: string): Promise<'running' | 'stopped' | null> {
    const state = await this.domainState(await this.virshOf(serverId), serverId);
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

  async deleteSnapshot(serverId: string, snapshotId: number): Promise<void> {
    const virsh = await this.virshOf(serverId);
    await virsh.runUnless(['snapshot-delete', serverId, snapshotName(snapshotId)], new RegExp(`${NO_SNAPSHOT.source}|${NO_DOMAIN.source}`, 'i'));
  }

  async setPower(serverId: string, state: 'running' | 'stopped'): Promise<void> {
    const virsh = await this.virshOf(serverId);
    if (state === 'stopped') return virsh.runUnless(['destroy', serverId], NOT_RUNNING_OR_GONE);
    await virsh.runUnless(['start', serverId], new RegExp(`${ALREADY_RUNNING.source}|${NO_DOMAIN.source}`, 'i'));
  }

  async serverCounters(serverId: string): Promise<ServerCounters | null> {
    const virsh = await this.virshOf(serverId);
    return readServerCounters((args) => virsh.run(args), serverId, this.clock.now().toISOString());
  }

  async startOperation(request: OperationRequest): Promise<void> {
    const recorded = await this.db.selectFrom('provisioning_operations').select('action_id').where('action_id', '=', request.actionId).executeTakeFirst();
    if (recorded) return;
    // A shutdown is done when the guest has powered off, or when its time is up and it is powered off for it.
    await recordOperation(this.db, this.clock, request, request.type === 'server.shutdown' ? this.config.shutdownTimeoutMs : 0, { carriedOut: false });
    await this.carryOut(request.actionId);
  }

  async getOperation(actionId: number): Promise<OperationState | null> {
    const row = await this.db.selectFrom('provisioning_operations').select(['server_id', 'type', 'completes_at', 'result', 'carried_out_at']).where('action_id', '=', actionId).executeTakeFirst();
    if (!row) return null;
    if (row.carried_out_at === null) {
      // Recorded, then cut short (a crash, libvirt gone): carried out now, from its record.
      try {
        await this.carryOut(actionId);
      } catch (error) {
        if (error instanceof UpstreamError && error.kind === 'failed') return { state: 'failed', message: error.message };
        throw error;
      }
      return this.getOperation(actionId);
    }
    if (row.type === 'server.shutdown') {
      const virsh = await this.virshOf(row.server_id);
      if ((await this.domainState(virsh, row.server_id)) === 'running') {
        if (row.completes_at > this.clock.now().toISOString()) return { state: 'running', completesAt: new Date(this.clock.now().getTime() + POLL_MS).toISOString() };
        // The guest did not power off in time: power it off.
        await virsh.runUnless(['destroy', row.server_id], NOT_RUNNING);
      }
    }
    return { state: 'done', result: readJson(row.result) };
  }

  /** Acts on the machine as the recorded operation says, then marks it carried out (with what it produced). */
  private async carryOut(actionId: number): Promise<void> {
    const row = await this.db.selectFrom('provisioning_operations').selectAll().where('action_id', '=', actionId).executeTakeFirstOrThrow();
    const server = await this.findServer(row.server_id);
    if (!server) throw refused('libvirt has no machine for this server');
    const parameters = row.parameters === null ? {} : readJson<OperationParameters>(row.parameters);
    const result = readJson<Record<string, unknown>>(row.result);
    const produced = await this.operate(server, row.type, parameters, result);
    await this.db
      .updateTable('provisioning_operations')
      .set({ carried_out_at: this.clock.now().toISOString(), result: writeJson({ ...result, ...produced }) })
      .where('action_id', '=', actionId)
      .execute();
  }

  /** Carries out one operation on the server's machine; what it produced beyond the recorded result. */
  private async operate(server: LibvirtServer, type: string, parameters: OperationParameters, result: Record<string, unknown>): Promise<Record<string, unknown>> {
    const virsh = this.virshAt(server.host ?? this.config.uri);
    const id = server.id;
    switch (type) {
      case 'server.power_on':
        await virsh.runUnless(['start', id], ALREADY_RUNNING);
        return {};
      case 'server.power_off':
        await virsh.runUnless(['destroy', id], NOT_RUNNING);
        return {};
      case 'server.shutdown':
        await virsh.runUnless(['shutdown', id, '--mode', 'acpi'], NOT_RUNNING);
        return {};
      case 'server.reboot':
        // A plan change is applied by a full power cycle: the new vCPUs and memory need a new QEMU, the disk grows while it is off.
        if (parameters.plan) return this.change(server, { plan: parameters.plan }, { powerCycle: true, growDisk: true });
        // A reset reboots whatever the guest runs; a stopped server is started.
        if ((await this.domainState(virsh, id)) === 'running') await virsh.runUnless(['reset', id], NOT_RUNNING);
        else await virsh.runUnless(['start', id], ALREADY_RUNNING);
        return {};
      case 'server.reinstall': {
        // A fresh disk from the image (its snapshots go with the old disk), the same addresses, the keys asked for, a new password.
        const reinstalled: LibvirtServer = { ...server, image: parameters.image ?? null, sshKeys: parameters.sshKeys ?? server.sshKeys, rootPassword: String(result.root_password) };
        await this.removeDomain(server, { keepPrivateAddress: true });
        await this.saveServer(reinstalled);
        await this.ensureDomain(reinstalled);
        return {};
      }
      case 'server.reset_password':
        return this.resetPassword(server, String(result.root_password));
      case 'server.create_snapshot': {
        const name = snapshotName(requireParameter(parameters.snapshotId, 'snapshotId'));
        // Of a running machine, with its memory (the guest goes on as if nothing happened); of a stopped one, its disk.
        await virsh.runUnless(['snapshot-create-as', id, name, '--atomic'], /already exists/i);
        return { size_gb: await this.diskAllocationGb(server) };
      }
      case 'server.restore_snapshot': {
        const name = snapshotName(requireParameter(parameters.snapshotId, 'snapshotId'));
        try {
          await virsh.run(['snapshot-revert', id, name, '--force']);
        } catch (error) {
          if (error instanceof VirshError && error.kind === 'failed' && NO_SNAPSHOT.test(error.output)) throw refused('the snapshot is not on this server any more (a reinstall replaced the disk it was on)');
          throw error;
        }
        // A revert brings back the machine of that moment too (its plan, NICs, memory). A snapshot is the disk's:
        // the machine is what the server is now, booted afresh from the restored disk.
        await virsh.runUnless(['destroy', id], NOT_RUNNING);
        await this.defineDomain(virsh, server);
        await virsh.runUnless(['start', id], ALREADY_RUNNING);
        return {};
      }
      case 'server.mount_iso': {
        const iso = requireParameter(parameters.iso, 'iso');
        if (!iso.file) throw refused('the catalogue names no file for this ISO');
        await this.saveServer({ ...server, iso: iso.file });
        await this.changeMedia(virsh, id, iso.file);
        return {};
      }
      case 'server.unmount_iso':
        await this.saveServer({ ...server, iso: null });
        await this.changeMedia(virsh, id, null);
        return {};
      case 'server.enable_ipv6':
        // The guest configures its network from the seed at boot: the new address takes a power cycle (when it runs).
        return this.change(server, { ipv6: requireParameter(parameters.ipv6, 'ipv6') }, { powerCycle: true });
      case 'server.enable_private_network':
        return this.change(server, { privateNetwork: requireParameter(parameters.privateNetwork, 'privateNetwork') }, { powerCycle: true });
      default:
        // Known to libvirt or not, the domain must exist for the action to mean anything.
        await virsh.run(['domstate', id]);
        return {};
    }
  }

  /**
   * The server's record changed and its machine made to match: a new seed,
   * the domain defined again (its private NIC, its CD-ROM), the disk grown,
   * and, when it runs and `powerCycle` asks, powered off and on so the guest
   * boots with all of it. A stopped server takes it at its next start.
   */
  private async change(server: LibvirtServer, changes: Partial<LibvirtServer>, options: { powerCycle: boolean; growDisk?: boolean }): Promise<Record<string, unknown>> {
    const virsh = this.virshAt(server.host ?? this.config.uri);
    const changed: LibvirtServer = { ...server, ...changes };
    if (changed.privateNetwork && !changed.privateAddress) changed.privateAddress = await this.privateAddress(changed);
    await this.saveServer(changed);
    const wasRunning = (await this.domainState(virsh, server.id)) === 'running';
    if (wasRunning && options.powerCycle) await virsh.runUnless(['destroy', server.id], NOT_RUNNING);
    // Compared with the disk itself, not the record: a change carried out again after a crash still grows it.
    if (options.growDisk && (await this.diskCapacityBytes(virsh, server.id)) < changed.plan.diskGb * 1024 ** 3) {
      await virsh.run(['vol-resize', '--pool', this.config.pool, diskVolume(server.id), `${changed.plan.diskGb}G`]);
    }
    await this.writeSeed(virsh, changed);
    await this.defineDomain(virsh, changed);
    if (wasRunning && options.powerCycle) await virsh.runUnless(['start', server.id], ALREADY_RUNNING);
    return {};
  }

  /**
   * Sets root's password in the running guest through the QEMU guest agent,
   * and in the seed (what a guest that reads it at boot takes). A stopped
   * server gets it at its next boot.
   */
  private async resetPassword(server: LibvirtServer, password: string): Promise<Record<string, unknown>> {
    const virsh = this.virshAt(server.host ?? this.config.uri);
    const changed: LibvirtServer = { ...server, rootPassword: password };
    await this.saveServer(changed);
    await this.writeSeed(virsh, changed);
    if ((await this.domainState(virsh, server.id)) !== 'running') return {};
    try {
      await virsh.run(['set-user-password', server.id, 'root', password]);
    } catch (error) {
      if (error instanceof VirshError && error.kind === 'failed') throw refused('the guest agent did not take the password (is qemu-guest-agent running in the server?)');
      throw error;
    }
    return {};
  }

  /** The ISO drive's media, live when the machine runs and in its definition either way. */
  private async changeMedia(virsh: Virsh, serverId: string, file: string | null): Promise<void> {
    const running = (await this.domainState(virsh, serverId)) === 'running';
    const scope = running ? ['--live', '--config'] : ['--config'];
    if (file) await virsh.run(['change-media', serverId, ISO_DRIVE, file, '--update', ...scope]);
    else await virsh.runUnless(['change-media', serverId, ISO_DRIVE, '--eject', ...scope], /no media|doesn't have media|not have a source|is empty/i);
  }

  /** The disk's space in use, in whole GB (at least 1): what a snapshot of it holds at most. */
  private async diskAllocationGb(server: LibvirtServer): Promise<number> {
    const info = await this.virshAt(server.host ?? this.config.uri).run(['vol-info', '--pool', this.config.pool, diskVolume(server.id), '--bytes']);
    const allocation = Number(/Allocation:\s+(\d+)/.exec(info)?.[1] ?? 0);
    return Math.max(1, Math.ceil(allocation / 1024 ** 3));
  }

  private async diskCapacityBytes(virsh: Virsh, serverId: string): Promise<number> {
    const info = await virsh.run(['vol-info', '--pool', this.config.pool, diskVolume(serverId), '--bytes']);
    return Number(/Capacity:\s+(\d+)/.exec(info)?.[1] ?? 0);
  }

  /** The server's next free address on its project's private network, kept until the server is deleted. */
  private async privateAddress(server: LibvirtServer): Promise<string> {
    const network = this.privateNetworkName(server);
    const held = await this.db.selectFrom('provisioning_private_addresses').select('host_number').where('server_id', '=', server.id).executeTakeFirst();
    let hostNumber = held?.host_number;
    while (hostNumber === undefined) {
      const taken = await this.db.selectFrom('provisioning_private_addresses').select((eb) => eb.fn.max('host_number').as('last')).where('network', '=', network).executeTakeFirst();
      const candidate = Math.max(PRIVATE_FIRST_HOST, Number(taken?.last ?? 0) + 1);
      if (candidate > PRIVATE_LAST_HOST) throw refused('the private network has no address left');
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

  private privateNetworkName(server: LibvirtServer): string {
    return createHash('sha256').update(server.privateNetwork?.project ?? '').digest('hex').slice(0, 16);
  }

  /** The client of a hypervisor host. */
  private virshAt(uri: string): Virsh {
    let client = this.clients.get(uri);
    if (!client) {
      client = new Virsh(uri);
      this.clients.set(uri, client);
    }
    return client;
  }

  private async findServer(serverId: string): Promise<LibvirtServer | null> {
    const row = await this.db.selectFrom('provisioning_servers').select('definition').where('server_id', '=', serverId).executeTakeFirst();
    return row ? readJson<LibvirtServer>(row.definition) : null;
  }

  private async saveServer(server: LibvirtServer): Promise<void> {
    await this.db
      .updateTable('provisioning_servers')
      .set({ definition: writeJson(server), updated_at: this.clock.now().toISOString() })
      .where('server_id', '=', server.id)
      .execute();
  }

  /** The URI of the host a server was created on (the default host for one this backend never created). */
  private async hostOf(serverId: string): Promise<string> {
    return (await this.findServer(serverId))?.host ?? this.config.uri;
  }

  /** The client of the host that runs a server. */
  private async virshOf(serverId: string): Promise<Virsh> {
    return this.virshAt(await this.hostOf(serverId));
  }

  /** `running`, `shut off`, …, or `missing` when libvirt has no such domain. */
  private async domainState(virsh: Virsh, serverId: string): Promise<string> {
    try {
      return (await virsh.run(['domstate', serverId])).trim();
    } catch (error) {
      if (error instanceof VirshError && error.kind === 'failed' && NO_DOMAIN.test(error.output)) return 'missing';
      throw error;
    }
  }

  /** The domain defined and running, with its disk and seed; each step skipped when already done. */
  private async ensureDomain(server: LibvirtServer): Promise<void> {
    const virsh = this.virshAt(server.host ?? this.config.uri);
    const state = await this.domainState(virsh, server.id);
    if (state === 'running') return;
    if (state !== 'missing') return virsh.runUnless(['start', server.id], ALREADY_RUNNING);
    await this.ensurePool(virsh);
    const { pool } = this.config;
    // Leftovers of a creation cut short are made again from the definition.
    for (const volume of [diskVolume(server.id), seedVolume(server.id)]) await virsh.runUnless(['vol-delete', '--pool', pool, volume], NO_VOLUME);
    const directory = await mkdtemp(join(tmpdir(), 'cloudplane-domain-'));
    try {
      // A volume XML, not vol-create-as: its --backing-vol takes only a volume libvirt already knows, and a base disk may be in no pool.
      const volume = join(directory, 'disk.xml');
      await writeFile(volume, diskVolumeXml(server));
      await virsh.run(['vol-create', pool, volume]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    const withAddress: LibvirtServer = server.privateNetwork && !server.privateAddress ? { ...server, privateAddress: await this.privateAddress(server) } : server;
    if (withAddress !== server) await this.saveServer(withAddress);
    await this.writeSeed(virsh, withAddress);
    await this.defineDomain(virsh, withAddress);
    await virsh.runUnless(['start', server.id], ALREADY_RUNNING);
  }

  /** The seed volume made (again) from the server's record; a running guest keeps the one it booted with until its next power-on. */
  private async writeSeed(virsh: Virsh, server: LibvirtServer): Promise<void> {
    const { pool } = this.config;
    const seed = await seedImage(server, { privateAddress: server.privateAddress ?? null });
    const directory = await mkdtemp(join(tmpdir(), 'cloudplane-seed-'));
    try {
      const seedFile = join(directory, 'seed.iso');
      await writeFile(seedFile, seed);
      await virsh.runUnless(['vol-delete', '--pool', pool, seedVolume(server.id)], NO_VOLUME);
      await virsh.run(['vol-create-as', pool, seedVolume(server.id), String(seed.length), '--format', 'raw']);
      await virsh.run(['vol-upload', '--pool', pool, seedVolume(server.id), seedFile]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  /** The domain's definition from the server's record (a running domain takes it at its next power-on); its bridges made first. */
  private async defineDomain(virsh: Virsh, server: LibvirtServer): Promise<void> {
    const bridge = this.bridgeOf(server.location);
    await this.ensureNetwork(virsh, bridge, () => networkXml(`cloudplane-${bridge}`, bridge, server));
    let privateBridge: string | null = null;
    if (server.privateNetwork && server.privateAddress) {
      privateBridge = this.privateBridgeOf(server);
      const name = `cloudplane-${privateBridge}`;
      await this.ensureNetwork(virsh, privateBridge, () => privateNetworkXml(name, privateBridge!));
    }
    // A domain defined again keeps its UUID: libvirt refuses a definition that would give the name another one.
    const uuid = (await this.domainState(virsh, server.id)) === 'missing' ? null : (await virsh.run(['domuuid', server.id])).trim();
    const directory = await mkdtemp(join(tmpdir(), 'cloudplane-domain-'));
    try {
      const definition = join(directory, 'domain.xml');
      await writeFile(definition, domainXml(server, { domainType: this.config.domainType, pool: this.config.pool, bridge, privateBridge, iso: server.iso ?? null, uuid }));
      await virsh.run(['define', definition]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  /** The domain powered off and gone, with its snapshots and volumes; anything already gone is skipped. */
  private async removeDomain(server: LibvirtServer, options: { keepPrivateAddress?: boolean } = {}): Promise<void> {
    await this.removeDomainAt(this.virshAt(server.host ?? this.config.uri), server.id);
    if (!options.keepPrivateAddress) await this.db.deleteFrom('provisioning_private_addresses').where('server_id', '=', server.id).execute();
  }

  private async removeDomainAt(virsh: Virsh, serverId: string): Promise<void> {
    await virsh.runUnless(['destroy', serverId], NOT_RUNNING_OR_GONE);
    // The snapshots live in the disk, which goes next: only libvirt's record of them is left to remove.
    await virsh.runUnless(['undefine', serverId, '--snapshots-metadata'], NO_DOMAIN);
    await this.ensurePool(virsh);
    for (const volume of [diskVolume(serverId), seedVolume(serverId)]) await virsh.runUnless(['vol-delete', '--pool', this.config.pool, volume], NO_VOLUME);
  }

  private bridgeOf(location: string): string {
    return `${this.config.bridgePrefix}${location}`.slice(0, 15);
  }

  /** A project's private bridge: the prefix, a dot (no location code has one) and a digest of the project, in 15 characters. */
  private privateBridgeOf(server: LibvirtServer): string {
    return `${this.config.bridgePrefix}.${this.privateNetworkName(server)}`.slice(0, 15);
  }

  /**
   * A bridge on the host, made when missing as a libvirt network: a
   * location's (forward mode `open`: libvirt makes the bridge and the
   * gateways on the host, and adds no firewall rules, DHCP or DNS of its
   * own; routing is the provider's) or a project's private one (isolated).
   * A bridge the provider made by hand is used as it is.
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

  /** The storage pool of a host, defined, built and started once per process when it is not there. */
  private ensurePool(virsh: Virsh): Promise<void> {
    let ready = this.poolsReady.get(virsh.uri);
    if (!ready) {
      ready = this.preparePool(virsh).catch((error: unknown) => {
        this.poolsReady.delete(virsh.uri);
        throw error;
      });
      this.poolsReady.set(virsh.uri, ready);
    }
    return ready;
  }

  private async preparePool(virsh: Virsh): Promise<void> {
    const { pool, poolDirectory } = this.config;
    const known = /no storage pool with matching|Storage pool not found/i;
    let info: string;
    try {
      info = await virsh.run(['pool-info', pool]);
    } catch (error) {
      if (!(error instanceof VirshError) || error.kind !== 'failed' || !known.test(error.output)) throw error;
      await virsh.runUnless(['pool-define-as', pool, 'dir', '--target', poolDirectory], /already exists/i);
      await virsh.runUnless(['pool-build', pool], /already exists/i);
      info = await virsh.run(['pool-info', pool]);
    }
    if (!/State:\s+running/.test(info)) await virsh.runUnless(['pool-start', pool], /already active/i);
    await virsh.run(['pool-refresh', pool]);
  }
}

/** An operation's input its action always records; missing, the operation cannot be carried out. */
function requireParameter<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw refused(`the operation came without its ${name}`);
  return value;
}
