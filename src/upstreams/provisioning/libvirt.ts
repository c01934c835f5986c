// The libvirt provisioning backend (D19, D23, `PROVISIONING_BACKEND=libvirt`):
// every server is a libvirt domain on its hypervisor host (the URI placement
// chose, or `LIBVIRT_URI`), driven through virsh. This file is the port: what
// is recorded, in what order, and what each action does; the rooms of
// libvirt/ do the work, one concern each:
//
//   machines.ts        a domain's state, start, soft and hard stop, guest agent
//   storage.ts         the pool, the servers' disks and seeds, copies of volumes
//   snapshot-files.ts  snapshots as files of their own
//   networks.ts        the location and private bridges, private addresses
//   documents.ts       the XML libvirt is given
//
// What it keeps: the creations and operations it was asked for, in the same
// database as cloudplane (as the built-in billing keeps its books there), so
// each call is idempotent by its key (the server id, the action id) and a
// creation that libvirt refused can be reported as failed. Each server's
// record holds what its machine is now (plan, image, keys, addresses, the
// ISO in its drive, its private address): the domain, its disk and its
// NoCloud seed are made from it, so every change is "change the record,
// make the machine match". Where a domain really is, libvirt says.
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
import { readJson, writeJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import { UpstreamError } from '../errors.ts';
import { BuiltinProvisioning, recordOperation } from './builtin.ts';
import { diskVolume } from './libvirt/documents.ts';
import { Machines } from './libvirt/machines.ts';
import { readServerCounters } from './libvirt/metrics.ts';
import { Networks } from './libvirt/networks.ts';
import { type BootFiles, type SnapshotFile, SnapshotFiles } from './libvirt/snapshot-files.ts';
import { Storage } from './libvirt/storage.ts';
import { eitherOf, LIBVIRT_SAYS, Virsh } from './libvirt/virsh.ts';
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

export type LibvirtConfig = Extract<ProvisioningConfig, { backend: 'libvirt' }>;

/** A server as this backend keeps it: its definition as changed since, and what the backend chose for it. */
interface LibvirtServer extends ServerDefinition {
  /** Its address on the project's private network, with the prefix (`10.0.0.2/16`). */
  privateAddress?: string | null;
  /** The ISO file in its CD-ROM drive. */
  iso?: string | null;
}

/** What an operation that waits on the guest noted (provisioning_operations.progress). */
interface Progress {
  /** The domain's id when the guest was asked to stop softly: a running domain with another id went down and came back. */
  stoppingId?: string | null;
  /** The guest did not stop within LIBVIRT_SHUTDOWN_TIMEOUT: it was powered off (said in the action's result). */
  forced?: boolean;
  /** A backup job of the running machine makes the snapshot's file. */
  copying?: boolean;
  /** Nothing left to do. */
  done?: boolean;
}

/** An operation as it is read (its JSON columns not yet parsed). */
interface OperationRow {
  action_id: number;
  server_id: string;
  type: string;
  completes_at: string;
  parameters: unknown;
  result: unknown;
  carried_out_at: string | null;
  progress: unknown;
}

/** The operations that stop the guest softly before what they do: a reboot (with the plan it applies), the changes a new boot brings in, a shutdown. */
const SOFT_STOPPING = new Set(['server.reboot', 'server.enable_ipv6', 'server.enable_private_network', 'server.shutdown']);

/** How often an operation or creation under way is asked after again. */
const POLL_MS = 500;
const GIB = 1024 ** 3;

/** A refusal of this backend's own (the operation cannot be carried out as asked): the action ends `error`. */
const refused = (message: string) => new UpstreamError('provisioning', 'failed', message);

export class LibvirtProvisioning implements ProvisioningPort {
  private readonly registry: BuiltinProvisioning;
  /** One client per hypervisor host, by its libvirt URI. */
  private readonly clients = new Map<string, Virsh>();
  private readonly machines = new Machines();
  private readonly storage: Storage;
  private readonly networks: Networks;
  private readonly snapshots: SnapshotFiles;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly config: LibvirtConfig,
  ) {
    this.registry = new BuiltinProvisioning(db, clock, 1);
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
      // libvirt not answering: the caller asks again later. A refusal (a missing bridge, image file or snapshot) is final.
      if (!(error instanceof UpstreamError) || error.kind !== 'failed') throw error;
      await this.db
        .updateTable('provisioning_servers')
        .set({ status: 'failed', error: error.message, updated_at: this.clock.now().toISOString() })
        .where('server_id', '=', server.id)
        .execute();
      await this.removeMachine(kept).catch(() => undefined);
    }
  }

  async getServerCreation(serverId: string): Promise<CreationState | null> {
    const row = await this.db.selectFrom('provisioning_servers').select(['status', 'error']).where('server_id', '=', serverId).executeTakeFirst();
    if (!row) return null;
    if (row.status === 'failed') return { state: 'failed', message: row.error ?? 'libvirt refused the server' };
    if (row.status === 'deleted') return { state: 'failed', message: 'the server was deleted' };
    if (row.status === 'active') return { state: 'done' };
    const state = await this.machines.state(await this.virshOf(serverId), serverId);
    // Not running while `creating`: a creation cut short (libvirt gone, the process dead) before the domain was
    // started. Nothing is under way, so the caller is told to create it again, which finishes what is there.
    if (state === 'missing' || state === 'shut off') return null;
    if (state !== 'running') return { state: 'running', completesAt: this.nextLook() };
    await this.db.updateTable('provisioning_servers').set({ status: 'active', updated_at: this.clock.now().toISOString() }).where('server_id', '=', serverId).execute();
    return { state: 'done' };
  }

  async deleteServer(serverId: string): Promise<void> {
    const server = await this.findServer(serverId);
    if (server) await this.removeMachine(server);
    else await this.removeMachineAt(this.virshAt(this.config.uri), serverId);
    await this.db.updateTable('provisioning_servers').set({ status: 'deleted', updated_at: this.clock.now().toISOString() }).where('server_id', '=', serverId).execute();
  }

  async powerState(serverId: string): Promise<'running' | 'stopped' | null> {
    const state = await this.machines.state(await this.virshOf(serverId), serverId);
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

  async startOperation(request: OperationRequest): Promise<void> {
    const recorded = await this.db.selectFrom('provisioning_operations').select('action_id').where('action_id', '=', request.actionId).executeTakeFirst();
    if (recorded) return;
    // An operation that stops the guest softly gives it until `completes_at` before powering it off.
    await recordOperation(this.db, this.clock, request, SOFT_STOPPING.has(request.type) ? this.config.shutdownTimeoutMs : 0, { carriedOut: false });
    await this.carryOut(await this.operationRow(request.actionId));
  }

  async getOperation(actionId: number): Promise<OperationState | null> {
    let row = await this.operationRow(actionId);
    if (!row) return null;
    try {
      // Recorded, then cut short (a crash, libvirt gone): carried out now, from its record.
      if (row.carried_out_at === null) {
        await this.carryOut(row);
        row = (await this.operationRow(actionId))!;
      }
      const progress = row.progress === null ? null : readJson<Progress>(row.progress);
      if (progress && !progress.done) {
        const going = await this.goOn(row, progress);
        if (going) return going;
        row = (await this.operationRow(actionId))!;
      }
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'failed') return { state: 'failed', message: error.message };
      throw error;
    }
    const progress = row.progress === null ? {} : readJson<Progress>(row.progress);
    return { state: 'done', result: { ...readJson<Record<string, unknown>>(row.result), ...(progress.forced ? { forced_power_off: true } : {}) } };
  }

  private operationRow(actionId: number): Promise<OperationRow | undefined> {
    return this.db
      .selectFrom('provisioning_operations')
      .select(['action_id', 'server_id', 'type', 'completes_at', 'parameters', 'result', 'carried_out_at', 'progress'])
      .where('action_id', '=', actionId)
      .executeTakeFirst();
  }

  /** Notes how far an operation got (before the step it is about to take), and what it produced. */
  private async note(actionId: number, values: { progress?: Progress; produced?: Record<string, unknown>; carriedOut?: boolean }): Promise<void> {
    const row = (await this.operationRow(actionId))!;
    await this.db
      .updateTable('provisioning_operations')
      .set({
        ...(values.progress ? { progress: writeJson({ ...(row.progress === null ? {} : readJson<Progress>(row.progress)), ...values.progress }) } : {}),
        ...(values.produced ? { result: writeJson({ ...readJson<Record<string, unknown>>(row.result), ...values.produced }) } : {}),
        ...(values.carriedOut ? { carried_out_at: this.clock.now().toISOString() } : {}),
      })
      .where('action_id', '=', actionId)
      .execute();
  }

  /** Acts on the machine as the recorded operation says, then marks it carried out. */
  private async carryOut(row: OperationRow | undefined): Promise<void> {
    if (!row) return;
    const server = await this.findServer(row.server_id);
    if (!server) throw refused('libvirt has no machine for this server');
    const parameters = row.parameters === null ? {} : readJson<OperationParameters>(row.parameters);
    const result = readJson<Record<string, unknown>>(row.result);
    const produced = await this.operate(row, server, parameters, result);
    await this.note(row.action_id, { produced, carriedOut: true });
  }

  /** Carries out one operation on the server's machine (or its first step); what it produced beyond the recorded result. */
  private async operate(row: OperationRow, server: LibvirtServer, parameters: OperationParameters, result: Record<string, unknown>): Promise<Record<string, unknown>> {
    const virsh = this.virshAt(server.host ?? this.config.uri);
    const id = server.id;
    switch (row.type) {
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
        await this.beginSoftCycle(row, await this.changedRecord(server, row.type, parameters));
        return {};
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
        await this.saveServer(reinstalled);
        await this.ensureDomain(reinstalled);
        return {};
      }
      case 'server.reset_password':
        return this.resetPassword(server, String(result.root_password));
      case 'server.create_snapshot': {
        const snapshotId = requireParameter(parameters.snapshotId, 'snapshotId');
        const file = await this.snapshots.record(snapshotId, id, server.host ?? this.config.uri, bootFilesOf(server));
        await this.note(row.action_id, { progress: { copying: true } });
        const copy = await this.snapshots.beginCopy(file);
        crashPoint('libvirt.snapshot.after-copy-begun');
        if (copy === 'copying') return {};
        await this.note(row.action_id, { progress: { done: true } });
        return { size_gb: await this.snapshots.sizeGb(file) };
      }
      case 'server.restore_snapshot': {
        const file = await this.snapshots.find(requireParameter(parameters.snapshotId, 'snapshotId'));
        if (!file) throw refused('the snapshot has no file (it was taken inside a disk that a reinstall replaced)');
        // The disk is replaced whole: what the guest would write while shutting down is discarded with it.
        await this.machines.powerOff(virsh, id);
        await this.snapshots.copyInto(file, { virsh, volume: diskVolume(id) }, server.plan.diskGb * GIB);
        // The machine is what the server is now (plan, NICs, seed), booting the way the snapshot's disk boots.
        const restored: LibvirtServer = { ...server, image: withBootFiles(server.image, file) };
        await this.saveServer(restored);
        await this.matchMachine(virsh, restored);
        await this.machines.start(virsh, id);
        return {};
      }
      case 'server.mount_iso': {
        const iso = requireParameter(parameters.iso, 'iso');
        if (!iso.file) throw refused('the catalogue names no file for this ISO');
        await this.saveServer({ ...server, iso: iso.file });
        await this.machines.changeMedia(virsh, id, iso.file);
        return {};
      }
      case 'server.unmount_iso':
        await this.saveServer({ ...server, iso: null });
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
    if (changed !== server) await this.saveServer(changed);
    return changed;
  }

  /**
   * The first step of a soft cycle: a running guest is asked to shut down
   * (its domain id noted first); a stopped server takes the changes at
   * once (and a reboot starts it).
   */
  private async beginSoftCycle(row: OperationRow, server: LibvirtServer): Promise<void> {
    const virsh = this.virshAt(server.host ?? this.config.uri);
    const noted = row.progress === null ? null : readJson<Progress>(row.progress);
    // Asked before a crash: the cycle goes on from libvirt's answer, it is not begun again.
    if (noted?.stoppingId) return;
    const runningId = await this.machines.runningId(virsh, server.id);
    if (runningId === null) {
      if (row.type === 'server.shutdown') return;
      await this.matchMachine(virsh, server);
      if (row.type === 'server.reboot') await this.machines.start(virsh, server.id);
      return;
    }
    await this.note(row.action_id, { progress: { stoppingId: runningId } });
    await this.machines.requestShutdown(virsh, server.id);
    crashPoint('libvirt.after-soft-stop-asked');
  }

  /**
   * Where an operation that waits on the guest goes on from: null when it
   * is done now, its running state while it waits.
   */
  private async goOn(row: OperationRow, progress: Progress): Promise<OperationState | null> {
    if (progress.copying) return this.goOnCopying(row);
    const server = await this.findServer(row.server_id);
    if (!server) throw refused('libvirt has no machine for this server');
    const virsh = this.virshAt(server.host ?? this.config.uri);
    const state = await this.machines.state(virsh, server.id);
    if (state === 'missing') throw refused('libvirt has no machine for this server');
    if (state !== 'shut off' && state !== 'crashed') {
      // Came back under another id: a pass cut short after it started the machine again.
      if ((await this.machines.runningId(virsh, server.id)) !== progress.stoppingId) {
        await this.note(row.action_id, { progress: { done: true } });
        return null;
      }
      if (row.completes_at > this.clock.now().toISOString()) return { state: 'running', completesAt: this.nextLook() };
      // The guest did not shut down in time: noted, then powered off, as OpenStack and the peers fall back.
      await this.note(row.action_id, { progress: { forced: true } });
      await this.machines.powerOff(virsh, server.id);
    }
    if (row.type !== 'server.shutdown') {
      // Down: the machine made to match the record (the new plan, NICs, seed), then started.
      await this.matchMachine(virsh, server, { growDisk: row.type === 'server.reboot' });
      crashPoint('libvirt.cycle.before-start');
      await this.machines.start(virsh, server.id);
    }
    await this.note(row.action_id, { progress: { done: true } });
    return null;
  }

  /** A snapshot's copy by a backup job: done, still going, or begun again when libvirt lost it. */
  private async goOnCopying(row: OperationRow): Promise<OperationState | null> {
    const parameters = readJson<OperationParameters>(row.parameters ?? {});
    const file = await this.snapshots.find(requireParameter(parameters.snapshotId, 'snapshotId'));
    if (!file) throw refused('the snapshot has no file record');
    let state = await this.snapshots.copyState(file);
    if (state === 'lost') state = await this.snapshots.beginCopy(file);
    if (state === 'copying') return { state: 'running', completesAt: this.nextLook() };
    await this.note(row.action_id, { progress: { done: true }, produced: { size_gb: await this.snapshots.sizeGb(file) } });
    return null;
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
    await this.storage.writeSeed(virsh, changed, changed.privateAddress ?? null);
    if ((await this.machines.state(virsh, server.id)) !== 'running') return {};
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
    if (made !== server) await this.saveServer(made);
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
