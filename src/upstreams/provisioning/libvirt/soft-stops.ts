// The soft stop (D23): how a reboot, a shutdown and the changes a new boot
// brings in take a running guest down. The guest is asked to shut down (its
// guest agent, else ACPI) and given LIBVIRT_SHUTDOWN_TIMEOUT from the first
// ask; the ask is repeated while it runs (a power button pressed while the
// guest was still booting is lost, as OpenStack's driver knows); once the time
// is up it is powered off, and the operation says so. A domain gets a new id
// each time it starts, so "the guest went down and came back" is a running
// domain under another id than the one noted before the first ask.
//
// Every step is noted before it is taken, so a process that dies anywhere in
// between goes on from the note and libvirt's answer.
import type { Clock } from '../../../clock.ts';
import { crashPoint } from '../../../crash-points.ts';
import { UpstreamError } from '../../errors.ts';
import type { Machines } from './machines.ts';
import type { LibvirtRecords, OperationRecord } from './records.ts';
import type { Virsh } from './virsh.ts';

/** How often a guest that still runs is asked again to shut down. */
const ASK_AGAIN_MS = 10_000;

/** What the caller does once the guest is down: make the machine match its record and start it (or leave it off). */
export type WhenDown = () => Promise<void>;

export class SoftStops {
  constructor(
    private readonly records: LibvirtRecords,
    private readonly machines: Machines,
    private readonly clock: Clock,
    private readonly timeoutMs: number,
  ) {}

  /**
   * The first step: a running guest is asked to shut down (its domain id
   * noted first); a stopped one needs no stop, and `whenDown` runs at once.
   */
  async begin(operation: OperationRecord, virsh: Virsh, serverId: string, whenDown: WhenDown): Promise<void> {
    const progress = operation.progress;
    // A pass cut short after it noted the stop: the ask is made again (it may not have been), the note is kept.
    if (progress?.stoppingId) return this.machines.requestShutdown(virsh, serverId);
    // A pass cut short while it brought a stopped machine up: it finishes that, it does not stop the machine it started.
    if (progress?.startingStopped) return whenDown();
    const runningId = await this.machines.runningId(virsh, serverId);
    if (runningId === null) {
      await this.records.note(operation.actionId, { progress: { startingStopped: true } });
      await whenDown();
      await this.records.note(operation.actionId, { progress: { done: true } });
      return;
    }
    const now = this.clock.now().toISOString();
    await this.records.note(operation.actionId, { progress: { stoppingId: runningId, stopAskedAt: now, lastAskedAt: now } });
    await this.machines.requestShutdown(virsh, serverId);
    crashPoint('libvirt.after-soft-stop-asked');
  }

  /** Where a soft stop is: `waiting` while the guest shuts down, `done` once it went down (or was powered off) and `whenDown` ran. */
  async goOn(operation: OperationRecord, virsh: Virsh, serverId: string, whenDown: WhenDown): Promise<'waiting' | 'done'> {
    const progress = operation.progress ?? {};
    const runningId = await this.machines.runningId(virsh, serverId);
    if (runningId === null && (await this.machines.state(virsh, serverId)) === 'missing') {
      throw new UpstreamError('provisioning', 'failed', 'libvirt has no machine for this server');
    }
    if (runningId !== null && runningId !== progress.stoppingId) {
      // Running under another id: a pass cut short after it started the machine again.
      await this.records.note(operation.actionId, { progress: { done: true } });
      return 'done';
    }
    if (runningId !== null) {
      const now = this.clock.now().getTime();
      const askedAt = Date.parse(progress.stopAskedAt ?? operation.completesAt);
      if (now < askedAt + this.timeoutMs) {
        if (now >= Date.parse(progress.lastAskedAt ?? progress.stopAskedAt ?? operation.completesAt) + ASK_AGAIN_MS) {
          await this.records.note(operation.actionId, { progress: { lastAskedAt: new Date(now).toISOString() } });
          await this.machines.requestShutdown(virsh, serverId);
        }
        return 'waiting';
      }
      // The guest did not shut down in time: noted, then powered off, as OpenStack and the peers fall back.
      await this.records.note(operation.actionId, { progress: { forced: true } });
      await this.machines.powerOff(virsh, serverId);
    }
    await whenDown();
    await this.records.note(operation.actionId, { progress: { done: true } });
    return 'done';
  }
}
