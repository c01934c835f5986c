// The libvirt provisioning backend (D19, D23, `PROVISIONING_BACKEND=libvirt`):
// every server is a libvirt domain on its hypervisor host (the URI placement
// chose, or `LIBVIRT_URI`), driven through virsh. This file is the port: what
// is recorded, in what order, and what each action does; the rooms of
// libvirt/ do the work, one concern each:
//
//   machines.ts        a domain's state, start, soft and hard stop, guest agent
//   storage.ts         the pool, the servers' disks and seeds, copies of volumes
//   snapshot-files.ts  snapshots as files of their own
//   soft-stops.ts      a guest asked to shut down, waited for, powered off after the timeout
//   networks.ts        the location and private bridges, private addresses
//   console.ts         a domain's serial console, attached through virsh
//   documents.ts       the XML libvirt is given
//   records.ts         what the backend keeps: creations, servers' records, operations
//
// What it keeps makes each call idempotent by its key (the server id, the
// action id) and lets a creation libvirt refused be reported as failed. Each
// server's record holds what its machine is now (plan, image, keys,
// addresses, the ISO in its drive, its private address): the domain, its disk
// and its NoCloud seed are made from it, so every change is "change the
// record, make the machine match". Where a domain really is, libvirt says.
//
// An operation is recorded with its inputs (and the password it sets)
// before the machine is touched, and marked carried out after; one a crash
// cut short is carried out when it is next asked after (D20). One that waits
// on the guest (a soft stop, a snapshot's copy of a running machine) notes
// how far it got before each step, and goes on from that note and libvirt's
// answer when it is next asked after.
import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { ProvisioningConfig } from '../../config.ts';
import { crashPoint } from '../../crash-points.ts';
import type { Database } from '../../db/schema.ts';
import { MachineMissing, UpstreamError } from '../errors.ts';
import { BuiltinProvisioning } from './builtin.ts';
import { diskVolume, ownerOfVolume, serverOfDomain } from './libvirt/documents.ts';
import { attachConsole } from './libvirt/console.ts';
import { Machines } from './libvirt/machines.ts';
import { readServerCounters } from './libvirt/metrics.ts';
import { Networks } from './libvirt/networks.ts';
import { type LibvirtServer, LibvirtRecords, type OperationRecord } from './libvirt/records.ts';
import { type BootFiles, type SnapshotFile, SnapshotFiles } from './libvirt/snapshot-files.ts';
import { SoftStops } from './libvirt/soft-stops.ts';
import { GIB, Storage } from './libvirt/storage.ts';
import { eitherOf, LIBVIRT_SAYS, Virsh } from './libvirt/virsh.ts';
import type {
  ConsoleConnection,
  CreationState,
  HostInventory,
  MachinePower,
  OperationParameters,
  OperationRequest,
  OperationState,
  ProvisionedProjectStatus,
  ProvisioningDurations,
  ProvisioningPort,
  ServerCounters,
  ServerDefinition,
} from './port.ts';

export type LibvirtConfig = Extract<ProvisioningConfig, { backend: 'libvirt' }>;

/** How often an operation or creation under way is asked after again. */
const POLL_MS = 500;

/** A refusal of this backend's own (the operation cannot be carried out as asked): the action ends `error`. */
const refused = (message: string) => new UpstreamError('provisioning', 'failed', message);

/** Servers whose counters are read at the same time (each a virsh command on its host). */
const PARALLEL_COUNTER_READS = 8;

export class LibvirtProvisioning implements ProvisioningPort {
  private readonly registry: BuiltinProvisioning;
  /** One client per hypervisor host, by its libvirt URI. */
  private readonly clients = new Map<string, Virsh>();
  private readonly machines = new Machines();
  private readonly storage: Storage;
  private readonly networks: Networks;
  private readonly snapshots: SnapshotFiles;
  private readonly records: LibvirtRecords;
  private readonly softStops: SoftStops;

  constructor(
    db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly config: LibvirtConfig,
  ) {
    this.registry = new BuiltinProvisioning(db, clock, 1);
    this.records = new LibvirtRecords(db, clock);
    this.softStops = new SoftStops(this.records, this.machines, clock, config.shutdownTimeoutMs);
    this.storage = new Storage(config.pool, config.poolDirectory);
    this.networks = new Networks(db, config.bridgePrefix);
    this.snapshots = new SnapshotFiles(db, clock, this.storage, this.machines, (uri) => this.virshAt(uri));
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
    const recorded = await this.records.creation(server.id);
    if (recorded && recorded.status !== 'creating') return;
    if (!recorded) await this.records.recordCreation(server);
    const kept = recorded?.server ?? server;
    try {
      await this.ensureDomain(kept);
    } catch (error) {
      // libvirt not answering: the caller asks again later. A refusal (a missing bridge, image file or snapshot) is final.
      if (!(error instanceof UpstreamError) || error.kind !== 'failed') throw error;
      await this.records.markCreation(server.id, 'failed', error.message);
      await this.removeMachine(kept).catch(() => undefined);
    }
  }

  async getServerCreation(serverId: string): Promise<CreationState | null> {
    const recorded = await this.records.creation(serverId);
    if (!recorded) return null;
    if (recorded.status === 'failed') return { state: 'failed', message: recorded.error ?? 'libvirt refused the server' };
    if (recorded.status === 'deleted') return { state: 'failed', message: 'the server was deleted' };
    if (recorded.status === 'active') return { state: 'done' };
    const state = await this.machines.state(this.virshAt(recorded.server.host ?? this.config.uri), serverId);
    // Not running while `creating`: a creation cut short (libvirt gone, the process dead) before the domain was
    // started. Nothing is under way, so the caller is told to create it again, which finishes what is there.
    if (state === 'missing' || state === 'shut off') return null;
    if (state !== 'running') return { state: 'running', completesAt: this.nextLook() };
    await this.records.markCreation(serverId, 'active');
    return { state: 'done' };
  }

  async deleteServer(serverId: string): Promise<void> {
    const server = await this.records.server(serverId);
    if (server) await this.removeMachine(server);
    else await this.removeMachineAt(this.virshAt(this.config.uri), serverId);
    await this.records.markCreation(serverId, 'deleted');
  }

  async powerState(serverId: string): Promise<MachinePower> {
    const recorded = await this.records.creation(serverId);
    const state = await this.machines.state(this.virshAt(recorded?.server.host ?? this.config.uri), serverId);
    if (state === 'running') return 'running';
    if (state === 'shut off') return 'stopped';
    // Gone: missing only when this backend made it and is not itself between removing and defining it (a reinstall).
    if (state === 'missing' && recorded?.status === 'active' && !(await this.records.underWay([serverId])).has(serverId)) return 'missing';
    return null;
  }

  async hostInventory(host: string, serverIds: readonly string[]): Promise<HostInventory> {
    const virsh = this.virshAt(host);
    const domains = await this.machines.list(virsh);
    const volumes = await this.storage.volumes(virsh);
    return {
      machines: domains.map((domain) => ({ name: domain.name, serverId: serverOfDomain(domain.name), power: powerOf(domain.state) })),
      volumes: volumes.map((name) => ({ name, ...ownerOfVolume(name) })),
      kept: await this.records.kept(serverIds),
    };
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
    if (await this.snapshots.remove(snapshotId)) return;
    // A snapshot made before snapshots were files lives inside its server's disk, as libvirt's own.
    const virsh = await this.virshOf(serverId);
    await virsh.runUnless(['snapshot-delete', serverId, `cloudplane-snapshot-${snapshotId}`], eitherOf(LIBVIRT_SAYS.noSnapshot, LIBVIRT_SAYS.noDomain));
  }

  /** A suspension and its end (the operator's): the machine powered off hard, and on again. */
  async setPower(serverId: string, state: 'running' | 'stopped'): Promise<void> {
    const virsh = await this.virshOf(serverId);
    if (state === 'stopped') return this.machines.powerOff(virsh, serverId);
    await virsh.runUnless(['start', serverId], eitherOf(LIBVIRT_SAYS.alreadyRunning, LIBVIRT_SAYS.noDomain));
  }

  async serverCounters(serverId: string): Promise<ServerCounters | null> {
    const virsh = await this.virshOf(serverId);
    return readServerCounters((args) => virsh.run(args), serverId, this.clock.now().toISOString());
  }

  /** Each server's domain read on its own host (a virsh command each), a few at a time. */
  async serverCountersOf(serverIds: readonly string[]): Promise<Map<string, ServerCounters | null | Error>> {
    const counters = new Map<string, ServerCounters | null | Error>();
    for (let start = 0; start < serverIds.length; start += PARALLEL_COUNTER_READS) {
      await Promise.all(
        serverIds.slice(start, start + PARALLEL_COUNTER_READS).map(async (serverId) => {
          counters.set(serverId, await this.serverCounters(serverId).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))));
        }),
      );
    }
    return counters;
  }

  /** A domain defined with a serial console (every domain this backend makes has one); none for a server libvirt does not have. */
  async hasConsole(serverId: string): Promise<boolean> {
    const virsh = await this.virshOf(serverId);
    try {
      return /<console\b/.test(await virsh.run(['dumpxml', serverId]));
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'failed' && LIBVIRT_SAYS.noDomain.test(error.message)) return false;
      throw error;
    }
  }

  async openConsole(serverId: string): Promise<ConsoleConnection> {
    return attachConsole(await this.hostOf(serverId), serverId);
  }

  async startOperation(request: OperationRequest): Promise<void> {
    if (await this.records.operation(request.actionId)) return;
    await this.requireMachine(request.serverId);
    const operation = await this.records.recordOperation(request);
    try {
      await this.carryOut(operation);
    } catch (error) {
      // Recorded, so no longer "nothing was done": libvirt stopped answering part-way, and the operation is carried
      // out from its record when it is next asked after. A refusal is the action's error.
      if (error instanceof UpstreamError && error.kind === 'failed') await this.afterRefusal(operation);
      if (!(error instanceof UpstreamError) || error.kind === 'failed') throw error;
    }
  }

  async getOperation(actionId: number): Promise<OperationState | null> {
    let operation = await this.records.operation(actionId);
    if (!operation) return null;
    try {
      // Recorded, then cut short (a crash, libvirt gone): carried out now, from its record.
      if (!operation.carriedOut) {
        await this.carryOut(operation);
        operation = (await this.records.operation(actionId))!;
      }
      if (operation.progress && !operation.progress.done) {
        const going = await this.goOn(operation);
        if (going) return going;
        operation = (await this.records.operation(actionId))!;
      }
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== 'failed') throw error;
      await this.afterRefusal(operation);
      return { state: 'failed', message: error.message };
    }
    return { state: 'done', result: { ...operation.result, ...(operation.progress?.forced ? { forced_power_off: true } : {}) } };
  }

  /**
   * What a refused operation leaves is undone, whether refused at its start
   * or later: a snapshot that could not be made (the pool full, the backup
   * failed) leaves neither file nor record, as its snapshot is marked failed
   * and never deleted through the API.
   */
  private async afterRefusal(operation: OperationRecord): Promise<void> {
    if (operation.type === 'server.create_snapshot' && operation.parameters.snapshotId !== undefined) await this.snapshots.remove(operation.parameters.snapshotId);
  }

  /**
   * Refuses (MachineMissing, before anything is recorded) an operation on a
   * server whose domain this backend made and which is gone from its host:
   * undefined behind cloudplane's back. Nothing is made again in its place
   * (D26: drift is reported, never repaired by the backend on its own).
   */
  private async requireMachine(serverId: string): Promise<void> {
    const recorded = await this.records.creation(serverId);
    if (recorded?.status !== 'active') return;
    const host = recorded.server.host ?? this.config.uri;
    if ((await this.machines.state(this.virshAt(host), serverId)) === 'missing') throw new MachineMissing(`libvirt at ${host} has no domain ${serverId}`);
  }

  /** Acts on the machine as the recorded operation says, then marks it carried out. */
  private async carryOut(operation: OperationRecord): Promise<void> {
    const server = await this.records.server(operation.serverId);
    if (!server) throw refused('libvirt has no machine for this server');
    const produced = await this.operate(operation, server);
    await this.records.note(operation.actionId, { produced, carriedOut: true });
  }

  /** Carries out one operation on the server's machine (or its first step); what it produced beyond the recorded result. */
  private async operate(operation: OperationRecord, server: LibvirtServer): Promise<Record<string, unknown>> {
    const { parameters, result } = operation;
    const virsh = this.virshAt(server.host ?? this.config.uri);
    const id = server.id;
    switch (operation.type) {
      case 'server.power_on':
        await this.machines.start(virsh, id);
        return {};
      case 'server.power_off':
        // The one hard stop a customer asks for: the plug pulled, as at every provider.
        await this.machines.powerOff(virsh, id);
        return {};
      case 'server.shutdown':
      case 'server.reboot':
      case 'server.enable_ipv6':
      case 'server.enable_private_network':
      {
        const changed = await this.changedRecord(server, operation.type, parameters);
        await this.softStops.begin(operation, virsh, id, () => this.whenDown(operation, changed));
        return {};
      }
      case 'server.reinstall': {
        // A fresh disk from the image, the same addresses, the keys asked for, a new password. The server's snapshots
        // are files of their own and stay.
        const reinstalled: LibvirtServer = {
          ...server,
          image: parameters.image ?? null,
          snapshot: null,
          sshKeys: parameters.sshKeys ?? server.sshKeys,
          rootPassword: String(result.root_password),
        };
        await this.removeMachine(server, { keepPrivateAddress: true });
        await this.records.saveServer(reinstalled);
        await this.ensureDomain(reinstalled);
        return {};
      }
      case 'server.reset_password':
        return this.resetPassword(server, String(result.root_password));
      case 'server.create_snapshot': {
        const snapshotId = requireParameter(parameters.snapshotId, 'snapshotId');
        const file = await this.snapshots.record(snapshotId, id, server.host ?? this.config.uri, bootFilesOf(server));
        await this.records.note(operation.actionId, { progress: { copying: true } });
        const copy = await this.snapshots.beginCopy(file);
        crashPoint('libvirt.snapshot.after-copy-begun');
        if (copy === 'copying') return {};
        await this.records.note(operation.actionId, { progress: { done: true } });
        return { size_gb: await this.snapshots.sizeGb(file) };
      }
      case 'server.restore_snapshot': {
        const snapshotId = requireParameter(parameters.snapshotId, 'snapshotId');
        const file = await this.snapshots.find(snapshotId);
        if (!file) return this.revertSnapshotInDisk(virsh, server, snapshotId);
        // The disk is replaced whole: what the guest would write while shutting down is discarded with it.
        await this.machines.powerOff(virsh, id);
        await this.snapshots.copyInto(file, { virsh, volume: diskVolume(id) }, server.plan.diskGb * GIB);
        // The machine is what the server is now (plan, NICs, seed), booting the way the snapshot's disk boots.
        const restored: LibvirtServer = { ...server, image: withBootFiles(server.image, file) };
        await this.records.saveServer(restored);
        await this.matchMachine(virsh, restored);
        await this.machines.start(virsh, id);
        return {};
      }
      case 'server.mount_iso': {
        const iso = requireParameter(parameters.iso, 'iso');
        if (!iso.file) throw refused('the catalogue names no file for this ISO');
        await this.records.saveServer({ ...server, iso: iso.file });
        await this.machines.changeMedia(virsh, id, iso.file);
        return {};
      }
      case 'server.unmount_iso':
        await this.records.saveServer({ ...server, iso: null });
        await this.machines.changeMedia(virsh, id, null);
        return {};
      default:
        // Known to libvirt or not, the domain must exist for the action to mean anything.
        await virsh.run(['domstate', id]);
        return {};
    }
  }

  /** The server's record as an operation that needs a new boot changes it (saved before the machine is touched). */
  private async changedRecord(server: LibvirtServer, type: string, parameters: OperationParameters): Promise<LibvirtServer> {
    let changed: LibvirtServer = server;
    if (type === 'server.reboot' && parameters.plan) changed = { ...server, plan: parameters.plan };
    if (type === 'server.enable_ipv6') changed = { ...server, ipv6: requireParameter(parameters.ipv6, 'ipv6') };
    if (type === 'server.enable_private_network') {
      changed = { ...server, privateNetwork: requireParameter(parameters.privateNetwork, 'privateNetwork') };
      if (!changed.privateAddress) changed.privateAddress = await this.networks.privateAddress(changed);
    }
    if (changed !== server) await this.records.saveServer(changed);
    return changed;
  }

  /**
   * What a soft stop leads to once the guest is down: the machine made to
   * match the record (the new plan, NICs, seed; a reboot grows the disk to
   * the plan) and started again; a shutdown leaves it off, and a stopped
   * server that gains IPv6 or the private network stays stopped.
   */
  private async whenDown(operation: OperationRecord, server: LibvirtServer): Promise<void> {
    if (operation.type === 'server.shutdown') return;
    const virsh = this.virshAt(server.host ?? this.config.uri);
    await this.matchMachine(virsh, server, { growDisk: operation.type === 'server.reboot' });
    // A reboot always ends running; IPv6 and the private network bring a machine back only if it was running.
    if (operation.type !== 'server.reboot' && !operation.progress?.stoppingId) return;
    crashPoint('libvirt.cycle.before-start');
    await this.machines.start(virsh, server.id);
  }

  /** Where an operation that waits on the guest goes on from: null when it is done now, its running state while it waits. */
  private async goOn(operation: OperationRecord): Promise<OperationState | null> {
    if (operation.progress?.copying) return this.goOnCopying(operation);
    const server = await this.records.server(operation.serverId);
    if (!server) throw refused('libvirt has no machine for this server');
    const virsh = this.virshAt(server.host ?? this.config.uri);
    const where = await this.softStops.goOn(operation, virsh, server.id, () => this.whenDown(operation, server));
    return where === 'waiting' ? { state: 'running', completesAt: this.nextLook() } : null;
  }

  /** A snapshot's copy by a backup job: done, still going, or begun again when libvirt lost it. */
  private async goOnCopying(operation: OperationRecord): Promise<OperationState | null> {
    const file = await this.snapshots.find(requireParameter(operation.parameters.snapshotId, 'snapshotId'));
    if (!file) throw refused('the snapshot has no file record');
    let state = await this.snapshots.copyState(file, { begun: true });
    if (state === 'lost') state = await this.snapshots.beginCopy(file);
    if (state === 'copying') return { state: 'running', completesAt: this.nextLook() };
    await this.snapshots.thaw(file);
    await this.records.note(operation.actionId, { progress: { done: true }, produced: { size_gb: await this.snapshots.sizeGb(file) } });
    return null;
  }

  /**
   * A snapshot taken before snapshots were files (by an earlier version):
   * inside the server's disk, as libvirt's own. Reverted, then the machine
   * defined as the server is now and booted afresh from the disk; gone with
   * the disk a reinstall replaced.
   */
  private async revertSnapshotInDisk(virsh: Virsh, server: LibvirtServer, snapshotId: number): Promise<Record<string, unknown>> {
    try {
      await virsh.run(['snapshot-revert', server.id, `cloudplane-snapshot-${snapshotId}`, '--force']);
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'failed' && LIBVIRT_SAYS.noSnapshot.test(error.message)) {
        throw refused('the snapshot is not on this server any more (it was taken inside the disk a reinstall replaced)');
      }
      throw error;
    }
    await this.machines.powerOff(virsh, server.id);
    await this.matchMachine(virsh, server);
    await this.machines.start(virsh, server.id);
    return {};
  }

  /**
   * Sets root's password in the running guest through the QEMU guest agent,
   * and in the seed (what a reinstall or an order from a snapshot reads).
   */
  private async resetPassword(server: LibvirtServer, password: string): Promise<Record<string, unknown>> {
    const virsh = this.virshAt(server.host ?? this.config.uri);
    // cloud-init sets a password from the seed only at an instance's first boot: a stopped guest would never take it.
    if ((await this.machines.state(virsh, server.id)) !== 'running') {
      throw refused('the server is not running: its guest agent sets the password in the running guest (power it on, then reset the password)');
    }
    const changed: LibvirtServer = { ...server, rootPassword: password };
    await this.records.saveServer(changed);
    await this.storage.writeSeed(virsh, changed, changed.privateAddress ?? null);
    await this.machines.setRootPassword(virsh, server.id, password);
    return {};
  }

  /**
   * The stopped machine made to match the server's record: its seed, the
   * domain's definition (plan, NICs, CD-ROM) and, with `growDisk`, the disk
   * grown to the plan (compared with the disk itself, not the record: a
   * change carried out again after a crash still grows it).
   */
  private async matchMachine(virsh: Virsh, server: LibvirtServer, options: { growDisk?: boolean } = {}): Promise<void> {
    if (options.growDisk) await this.storage.grow(virsh, diskVolume(server.id), server.plan.diskGb * GIB);
    await this.storage.writeSeed(virsh, server, server.privateAddress ?? null);
    const bridges = await this.networks.ensureBridges(virsh, server, server.privateAddress ?? null);
    await this.machines.define(virsh, server, { domainType: this.config.domainType, pool: this.storage.pool, iso: server.iso ?? null, ...bridges });
  }

  /** The domain defined and running, with its disk and seed; each step skipped when already done. */
  private async ensureDomain(server: LibvirtServer): Promise<void> {
    const virsh = this.virshAt(server.host ?? this.config.uri);
    const state = await this.machines.state(virsh, server.id);
    if (state === 'running') return;
    if (state !== 'missing') return this.machines.start(virsh, server.id);
    let made: LibvirtServer = server;
    if (server.snapshot) {
      // A copy of the snapshot, booting the way the snapshot's disk boots; its own seed makes it a new instance.
      const file = await this.snapshots.find(server.snapshot.id);
      if (!file) throw refused('the snapshot has no file on any host (it was taken inside a disk that a reinstall replaced)');
      await this.snapshots.copyInto(file, { virsh, volume: diskVolume(server.id) }, server.plan.diskGb * GIB);
      made = { ...made, image: withBootFiles(server.image, file) };
    } else {
      await this.storage.createDiskFromImage(virsh, server);
    }
    if (made.privateNetwork && !made.privateAddress) made = { ...made, privateAddress: await this.networks.privateAddress(made) };
    if (made !== server) await this.records.saveServer(made);
    await this.matchMachine(virsh, made);
    await this.machines.start(virsh, server.id);
  }

  /** The domain powered off and gone, with its disk and seed; anything already gone is skipped. */
  private async removeMachine(server: LibvirtServer, options: { keepPrivateAddress?: boolean } = {}): Promise<void> {
    await this.removeMachineAt(this.virshAt(server.host ?? this.config.uri), server.id);
    if (!options.keepPrivateAddress) await this.networks.releasePrivateAddress(server.id);
  }

  private async removeMachineAt(virsh: Virsh, serverId: string): Promise<void> {
    await this.machines.remove(virsh, serverId);
    await this.storage.deleteServerVolumes(virsh, serverId);
  }

  /** When an operation or creation under way is next asked after. */
  private nextLook(): string {
    return new Date(this.clock.now().getTime() + POLL_MS).toISOString();
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

  /** The URI of the host a server was created on (the default host for one this backend never created). */
  private async hostOf(serverId: string): Promise<string> {
    return (await this.records.server(serverId))?.host ?? this.config.uri;
  }

  /** The client of the host that runs a server. */
  private async virshOf(serverId: string): Promise<Virsh> {
    return this.virshAt(await this.hostOf(serverId));
  }
}

/** A domain's state as cloudplane says a machine's power: `idle` is a running domain waiting on something. */
function powerOf(state: string): string {
  if (state === 'running' || state === 'idle') return 'running';
  return state === 'shut off' ? 'stopped' : state;
}

/** How the server's disk boots: its image's kernel, initramfs and command line when the image is booted directly. */
function bootFilesOf(server: LibvirtServer): BootFiles {
  const image = server.image;
  return image?.kernel ? { kernel: image.kernel, initrd: image.initrd, cmdline: image.cmdline } : null;
}

/** The server's image with the boot files of a snapshot's disk (its base disk no longer matters: the copy stands alone). */
function withBootFiles(image: ServerDefinition['image'], file: SnapshotFile): ServerDefinition['image'] {
  const name = image?.name ?? `snapshot-${file.snapshotId}`;
  return file.boot ? { name, ...file.boot } : { name };
}

/** An operation's input its action always records; missing, the operation cannot be carried out. */
function requireParameter<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw refused(`the operation came without its ${name}`);
  return value;
}
