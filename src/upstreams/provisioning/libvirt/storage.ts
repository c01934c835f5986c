// Where a server's disks are made: each hypervisor host's storage pool (a
// directory pool, made once when missing) and the volumes in it. A server has
// two of its own: its qcow2 disk (backed by the image's base disk, or a copy
// of a snapshot) and its NoCloud seed. A snapshot is a third kind, a file of
// its own (snapshot-files.ts); this room copies volumes for it.
//
// Every step is safe to repeat: a volume that is there already is made again
// from the record, one that is gone is not an error to delete.
//
// A host whose pool's filesystem is full refuses the volume being made
// (`storageFull`): final for that creation or action, said without libvirt's
// paths, and with nothing left of the volume. A copy that replaces a volume
// (a restore replaces the server's disk) is refused before the volume is
// deleted when the pool could not hold the copy even with that volume gone.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diskVolume, diskVolumeXml, seedVolume, volumeXml } from './documents.ts';
import { seedImage } from './nocloud-seed.ts';
import { UpstreamError } from '../../errors.ts';
import type { ServerDefinition } from '../port.ts';
import { LIBVIRT_SAYS, type Virsh, VirshError } from './virsh.ts';

export const GIB = 1024 ** 3;
/** How long copying a whole disk may take before it counts as libvirt not answering: a disk of hundreds of GB, on slow storage. */
const COPY_TIMEOUT_MS = 6 * 3600_000;
/** What a copy of a volume is, in a refusal for room: a snapshot's file, a restored disk, the disk of an order from a snapshot. */
export const DISK_COPY = 'a copy of the disk';

/**
 * The refusal of a volume the pool's filesystem has no room for. Not retried:
 * the host was placed on by its registered capacity, so the operator must
 * make room or drain it; the customer is told why, not where.
 */
export const storageFull = (what: string) => new UpstreamError('provisioning', 'failed', `the hypervisor host's storage is full (no room for ${what})`);

/** A volume's size as libvirt reports it: what the guest sees, and what it takes on the host's disk. */
export interface VolumeSize {
  capacityBytes: number;
  allocationBytes: number;
}

export class Storage {
  /** Each host's pool, made (or found) once per process. */
  private readonly poolsReady = new Map<string, Promise<void>>();

  constructor(
    readonly pool: string,
    private readonly poolDirectory: string,
  ) {}

  /** The path of a volume of the pool on its host (a backup's target is named by path). */
  pathOf(volume: string): string {
    return join(this.poolDirectory, volume);
  }

  /** The storage pool of a host, defined, built and started once per process when it is not there. */
  ensurePool(virsh: Virsh): Promise<void> {
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

  /** The server's disk from its image: the plan's size, backed by the image's base disk (blank without one). */
  async createDiskFromImage(virsh: Virsh, server: ServerDefinition): Promise<void> {
    await this.ensurePool(virsh);
    await this.deleteVolume(virsh, diskVolume(server.id));
    // A volume XML, not vol-create-as: its --backing-vol takes only a volume libvirt already knows, and a base disk may be in no pool.
    await this.makeVolume(virsh, diskVolume(server.id), "the server's disk", () => this.createFromXml(virsh, diskVolumeXml(server)));
  }

  /**
   * A volume made as a whole copy of another of the pool (`vol-create-from`,
   * qemu-img underneath: the copy stands alone, with no backing file), then
   * grown to `atLeastBytes` when the source is smaller. Made again when there.
   */
  async copyVolume(virsh: Virsh, from: string, to: string, atLeastBytes: number): Promise<void> {
    await this.ensurePool(virsh);
    const source = await this.size(virsh, from);
    await this.ensureRoomToReplace(virsh, to, source.allocationBytes);
    await this.deleteVolume(virsh, to);
    const directory = await mkdtemp(join(tmpdir(), 'cloudplane-volume-'));
    try {
      const file = join(directory, 'volume.xml');
      await writeFile(file, volumeXml(to, source.capacityBytes));
      await this.makeVolume(virsh, to, DISK_COPY, () => virsh.run(['vol-create-from', this.pool, file, from, '--inputpool', this.pool], { timeoutMs: COPY_TIMEOUT_MS }));
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    await this.grow(virsh, to, atLeastBytes);
  }

  /**
   * A volume copied from another host's pool: downloaded from there and
   * uploaded here, through libvirt on both ends (no path between the hosts
   * is needed but cloudplane's), then grown to `atLeastBytes`.
   */
  async copyVolumeAcross(from: { virsh: Virsh; volume: string }, to: { virsh: Virsh; volume: string }, atLeastBytes: number): Promise<void> {
    await this.ensurePool(to.virsh);
    const size = await this.size(from.virsh, from.volume);
    await this.ensureRoomToReplace(to.virsh, to.volume, size.allocationBytes);
    await this.deleteVolume(to.virsh, to.volume);
    const directory = await mkdtemp(join(tmpdir(), 'cloudplane-volume-'));
    try {
      const file = join(directory, 'volume.qcow2');
      // Downloaded into cloudplane's own temporary directory: a full disk there is not the host's, and stays libvirt's message.
      await from.virsh.run(['vol-download', '--pool', this.pool, from.volume, file], { timeoutMs: COPY_TIMEOUT_MS });
      await this.makeVolume(to.virsh, to.volume, DISK_COPY, async () => {
        await to.virsh.run(['vol-create-as', this.pool, to.volume, String(size.capacityBytes), '--format', 'qcow2']);
        await to.virsh.run(['vol-upload', '--pool', this.pool, to.volume, file], { timeoutMs: COPY_TIMEOUT_MS });
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    await this.grow(to.virsh, to.volume, atLeastBytes);
  }

  /** A volume grown to `bytes` when smaller; never shrunk (the guest's filesystem would be cut). */
  async grow(virsh: Virsh, volume: string, bytes: number): Promise<void> {
    if ((await this.size(virsh, volume)).capacityBytes >= bytes) return;
    // Growing writes only the qcow2's tables; a failure for room leaves the volume as it was (it is not removed).
    await this.refusingWhenFull('the grown disk', () => virsh.run(['vol-resize', '--pool', this.pool, volume, `${Math.ceil(bytes / GIB)}G`]));
  }

  async size(virsh: Virsh, volume: string): Promise<VolumeSize> {
    const info = await virsh.run(['vol-info', '--pool', this.pool, volume, '--bytes']);
    return { capacityBytes: Number(/Capacity:\s+(\d+)/.exec(info)?.[1] ?? 0), allocationBytes: Number(/Allocation:\s+(\d+)/.exec(info)?.[1] ?? 0) };
  }

  /** Whether the pool has the volume (after a refresh: a file another program wrote is counted). */
  async has(virsh: Virsh, volume: string): Promise<boolean> {
    await this.refresh(virsh);
    try {
      await virsh.run(['vol-info', '--pool', this.pool, volume]);
      return true;
    } catch (error) {
      if (error instanceof VirshError && error.kind === 'failed' && LIBVIRT_SAYS.noVolume.test(error.output)) return false;
      throw error;
    }
  }

  /**
   * The names of the pool's volumes (after a refresh, so a file another
   * program wrote or removed counts); none on a host whose pool was never
   * made. Reads only: a missing pool is not made here.
   */
  async volumes(virsh: Virsh): Promise<string[]> {
    const unknownPool = /no storage pool with matching|Storage pool not found/i;
    try {
      await virsh.runUnless(['pool-refresh', this.pool], /asynchronous jobs running/i);
      // `Name  Path` per line (-q drops the header); the names this backend gives hold no spaces.
      const listed = await virsh.run(['vol-list', '--pool', this.pool]);
      return listed.split('\n').map((line) => line.trim().split(/\s+/)[0] ?? '').filter(Boolean);
    } catch (error) {
      if (error instanceof VirshError && error.kind === 'failed' && unknownPool.test(error.output)) return [];
      throw error;
    }
  }

  /** The seed volume made (again) from the server's record; a running guest keeps the one it booted with until its next power-on. */
  async writeSeed(virsh: Virsh, server: ServerDefinition, privateAddress: string | null): Promise<void> {
    await this.ensurePool(virsh);
    const seed = await seedImage(server, { privateAddress });
    const directory = await mkdtemp(join(tmpdir(), 'cloudplane-seed-'));
    try {
      const seedFile = join(directory, 'seed.iso');
      await writeFile(seedFile, seed);
      await this.deleteVolume(virsh, seedVolume(server.id));
      await this.makeVolume(virsh, seedVolume(server.id), "the server's seed", async () => {
        await virsh.run(['vol-create-as', this.pool, seedVolume(server.id), String(seed.length), '--format', 'raw']);
        await virsh.run(['vol-upload', '--pool', this.pool, seedVolume(server.id), seedFile]);
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  /** The server's own volumes (its disk and seed) deleted; its snapshots are files of their own and stay. */
  async deleteServerVolumes(virsh: Virsh, serverId: string): Promise<void> {
    await this.ensurePool(virsh);
    for (const volume of [diskVolume(serverId), seedVolume(serverId)]) await this.deleteVolume(virsh, volume);
  }

  deleteVolume(virsh: Virsh, volume: string): Promise<void> {
    return virsh.runUnless(['vol-delete', '--pool', this.pool, volume], LIBVIRT_SAYS.noVolume);
  }

  /**
   * Makes `volume` with `step`; when the pool's filesystem has no room, what
   * the step left of the volume is deleted (libvirt removes a volume it
   * failed to build, but not a file it never knew) and the step is refused
   * as `storageFull(what)`.
   */
  async makeVolume(virsh: Virsh, volume: string, what: string, step: () => Promise<unknown>): Promise<void> {
    await this.refusingWhenFull(what, step, async () => {
      if (await this.has(virsh, volume)) await this.deleteVolume(virsh, volume);
    });
  }

  /** Runs `step`; a refusal for want of room is cleaned up after and becomes `storageFull(what)`, any other stays as it was. */
  private async refusingWhenFull(what: string, step: () => Promise<unknown>, cleanUp: () => Promise<void> = async () => {}): Promise<void> {
    try {
      await step();
    } catch (error) {
      if (!(error instanceof VirshError) || error.kind !== 'failed' || !LIBVIRT_SAYS.noSpace.test(error.output)) throw error;
      await cleanUp();
      throw storageFull(what);
    }
  }

  /**
   * Refuses a copy into `target` before `target` is deleted when the pool
   * could not hold `bytes` even with `target`'s room freed: a restore then
   * keeps the server's disk. The source's allocation is what the copy takes
   * at least; a copy that turns out larger is refused when it runs out.
   */
  private async ensureRoomToReplace(virsh: Virsh, target: string, bytes: number): Promise<void> {
    // `has` reads the pool again first, so the room libvirt reports next is the room there is now.
    const freed = (await this.has(virsh, target)) ? (await this.size(virsh, target)).allocationBytes : 0;
    const info = await virsh.run(['pool-info', '--bytes', this.pool]);
    const available = Number(/Available:\s+(\d+)/.exec(info)?.[1] ?? Infinity);
    if (available + freed < bytes) throw storageFull(DISK_COPY);
  }

  /** The pool's list of volumes and free room read again from its directory. */
  private async refresh(virsh: Virsh): Promise<void> {
    await this.ensurePool(virsh);
    // libvirt refuses a refresh while it builds a volume of the pool (another server's copy): what it knows then is enough.
    await virsh.runUnless(['pool-refresh', this.pool], /asynchronous jobs running/i);
  }

  private async createFromXml(virsh: Virsh, xml: string): Promise<void> {
    const directory = await mkdtemp(join(tmpdir(), 'cloudplane-volume-'));
    try {
      const file = join(directory, 'volume.xml');
      await writeFile(file, xml);
      await virsh.run(['vol-create', this.pool, file]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  private async preparePool(virsh: Virsh): Promise<void> {
    const unknownPool = /no storage pool with matching|Storage pool not found/i;
    let info: string;
    try {
      info = await virsh.run(['pool-info', this.pool]);
    } catch (error) {
      if (!(error instanceof VirshError) || error.kind !== 'failed' || !unknownPool.test(error.output)) throw error;
      await virsh.runUnless(['pool-define-as', this.pool, 'dir', '--target', this.poolDirectory], /already exists/i);
      await virsh.runUnless(['pool-build', this.pool], /already exists/i);
      info = await virsh.run(['pool-info', this.pool]);
    }
    if (!/State:\s+running/.test(info)) await virsh.runUnless(['pool-start', this.pool], /already active/i);
    await virsh.run(['pool-refresh', this.pool]);
  }
}
