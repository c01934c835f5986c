// Snapshots as files of their own (D23): a snapshot is a standalone qcow2
// copy of the server's disk, `snapshot-<id>.qcow2` in its host's pool, apart
// from the disk. A reinstall replaces the disk and keeps it; a restore copies
// it back into the disk; an order with `snapshot_id` boots a copy of it.
//
// Of a running machine the copy is made by a libvirt backup job (QEMU copies
// the disk as it was when the job began while the guest runs on; the guest
// agent freezes the filesystems for that instant when it answers); of a
// stopped one, by copying the volume. Each file is recorded, with the host
// whose pool holds it and the boot files of the image it was taken of, before
// libvirt is asked to make it: a file is never left without its record.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock.ts';
import { readJson, writeJson } from '../../../db/columns.ts';
import type { Database } from '../../../db/schema.ts';
import type { ImageSource } from '../port.ts';
import { diskBackupXml, diskVolume, snapshotVolume } from './documents.ts';
import type { Machines } from './machines.ts';
import { DISK_COPY, GIB, type Storage, storageFull } from './storage.ts';
import { UpstreamError } from '../../errors.ts';
import { LIBVIRT_SAYS, type Virsh, VirshError } from './virsh.ts';

/** How a disk boots when its image is booted directly; null: by its own boot loader. */
export type BootFiles = Pick<ImageSource, 'kernel' | 'initrd' | 'cmdline'> | null;

export interface SnapshotFile {
  snapshotId: number;
  serverId: string;
  /** The libvirt URI of the host whose pool holds the file. */
  host: string;
  volume: string;
  boot: BootFiles;
}

/** Where a snapshot's copy is: made, still being made by a backup job, or lost (the job failed, or libvirtd forgot it). */
export type CopyState = 'done' | 'copying' | 'lost';

export class SnapshotFiles {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly storage: Storage,
    private readonly machines: Machines,
    private readonly virshAt: (uri: string) => Virsh,
  ) {}

  async find(snapshotId: number): Promise<SnapshotFile | null> {
    const row = await this.db.selectFrom('provisioning_snapshots').selectAll().where('snapshot_id', '=', snapshotId).executeTakeFirst();
    if (!row) return null;
    return { snapshotId: row.snapshot_id, serverId: row.server_id, host: row.host, volume: row.volume, boot: row.boot === null ? null : readJson<BootFiles>(row.boot) };
  }

  /** The snapshot's file recorded before it is made; a second record of the same snapshot changes nothing. */
  async record(snapshotId: number, serverId: string, host: string, boot: BootFiles): Promise<SnapshotFile> {
    await this.db
      .insertInto('provisioning_snapshots')
      .values({ snapshot_id: snapshotId, server_id: serverId, host, volume: snapshotVolume(snapshotId), boot: boot === null ? null : writeJson(boot), created_at: this.clock.now().toISOString() })
      .onConflict((conflict) => conflict.column('snapshot_id').doNothing())
      .execute();
    return (await this.find(snapshotId))!;
  }

  /**
   * Begins the copy of the server's disk into the snapshot's file: `done`
   * when it is made already (a stopped machine's disk is copied at once),
   * `copying` while the running machine's backup job makes it.
   */
  async beginCopy(file: SnapshotFile): Promise<CopyState> {
    const virsh = this.virshAt(file.host);
    if ((await this.machines.state(virsh, file.serverId)) !== 'running') {
      await this.storage.copyVolume(virsh, diskVolume(file.serverId), file.volume, 0);
      return 'done';
    }
    // A pass cut short between the freeze and the thaw must not leave the guest's filesystems frozen.
    await this.machines.thawFilesystems(virsh, file.serverId);
    // A job begun before a crash goes on, or has made the file: it is not begun twice.
    const before = await this.copyState(file, { begun: false });
    if (before !== 'lost') return before;
    // What a lost job left (after a refresh, the pool knows a file libvirt's backup wrote).
    if (await this.storage.has(virsh, file.volume)) await this.storage.deleteVolume(virsh, file.volume);
    const frozen = await this.machines.freezeFilesystems(virsh, file.serverId);
    const directory = await mkdtemp(join(tmpdir(), 'cloudplane-backup-'));
    try {
      const backup = join(directory, 'backup.xml');
      await writeFile(backup, diskBackupXml(this.storage.pathOf(file.volume)));
      // The copy is of this instant: the filesystems are thawed as soon as the job has begun. libvirt makes the
      // target file before it begins, so a full pool is met here.
      await this.storage.makeVolume(virsh, file.volume, DISK_COPY, () => virsh.run(['backup-begin', file.serverId, '--backupxml', backup]));
    } finally {
      if (frozen) await this.machines.thawFilesystems(virsh, file.serverId);
      await rm(directory, { recursive: true, force: true });
    }
    return 'copying';
  }

  /**
   * Where the running machine's backup job is: libvirt keeps the one under
   * way and the last one finished. Once this snapshot's job was begun, a
   * last job that failed is its: a refusal. A job libvirt no longer knows
   * (libvirtd restarted) is lost, and begun again.
   */
  async copyState(file: SnapshotFile, options: { begun: boolean }): Promise<CopyState> {
    const virsh = this.virshAt(file.host);
    // A domain that is not running has no job: libvirt refuses the question, read as no job. Not answering is not that.
    const jobInfo = async (args: string[]) => {
      try {
        return await virsh.run(args);
      } catch (error) {
        if (error instanceof VirshError && error.kind === 'failed') return '';
        throw error;
      }
    };
    const current = await jobInfo(['domjobinfo', file.serverId]);
    if (/Operation:\s+Backup/.test(current) && !/Job type:\s+None/.test(current)) return 'copying';
    const last = await jobInfo(['domjobinfo', file.serverId, '--completed']);
    if (options.begun && /Operation:\s+Backup/.test(last) && /Job type:\s+Failed/.test(last)) {
      // libvirt says why in the job's error message: a full pool is said as every full pool is.
      if (LIBVIRT_SAYS.noSpace.test(last)) throw storageFull(DISK_COPY);
      throw new UpstreamError('provisioning', 'failed', "libvirt's copy of the disk failed");
    }
    if (/Operation:\s+Backup/.test(last) && /Job type:\s+Completed/.test(last) && (await this.storage.has(virsh, file.volume))) return 'done';
    return 'lost';
  }

  /** The guest's filesystems thawed, should a pass cut short have left them frozen. */
  async thaw(file: SnapshotFile): Promise<void> {
    const virsh = this.virshAt(file.host);
    if ((await this.machines.state(virsh, file.serverId)) === 'running') await this.machines.thawFilesystems(virsh, file.serverId);
  }

  /** What the file takes on its host's disk, in whole GB (at least 1): the snapshot's `size_gb`. */
  async sizeGb(file: SnapshotFile): Promise<number> {
    const { allocationBytes } = await this.storage.size(this.virshAt(file.host), file.volume);
    return Math.max(1, Math.ceil(allocationBytes / GIB));
  }

  /** A copy of the snapshot made into `volume` on a host (a restored disk, a new server's disk), at least `atLeastBytes` large. */
  async copyInto(file: SnapshotFile, target: { virsh: Virsh; volume: string }, atLeastBytes: number): Promise<void> {
    const source = this.virshAt(file.host);
    if (source.uri === target.virsh.uri) return this.storage.copyVolume(source, file.volume, target.volume, atLeastBytes);
    await this.storage.copyVolumeAcross({ virsh: source, volume: file.volume }, target, atLeastBytes);
  }

  /**
   * The file deleted from its host, then its record; both already gone is
   * nothing. The pool is read again first: a backup job that failed (the
   * pool full) left a file libvirt does not know as a volume.
   */
  async remove(snapshotId: number): Promise<boolean> {
    const file = await this.find(snapshotId);
    if (!file) return false;
    const virsh = this.virshAt(file.host);
    if (await this.storage.has(virsh, file.volume)) await this.storage.deleteVolume(virsh, file.volume);
    await this.db.deleteFrom('provisioning_snapshots').where('snapshot_id', '=', snapshotId).execute();
    return true;
  }
}
