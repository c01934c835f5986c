// libvirt's own command-line client, one call per command. The libvirt
// backend speaks to libvirtd only through it (local or remote URIs alike), so
// cloudplane manages no QEMU process of its own. A command that cannot reach
// libvirtd is the port's `unavailable`; any other refusal is its `failed`.
import { execFile } from 'node:child_process';
import { failed, unavailable, UpstreamError } from '../../errors.ts';

/** How long one virsh command may take before it counts as libvirtd not answering. */
const COMMAND_TIMEOUT_MS = 60_000;

/** What libvirt says when it cannot be reached (the daemon stopped, the socket gone, a remote host down). */
const UNREACHABLE = /failed to connect to the hypervisor|Failed to connect socket|Connection refused|No such file or directory.*sock|End of file while reading data|Cannot recv data/i;

export class VirshError extends UpstreamError {
  constructor(
    readonly command: string,
    readonly output: string,
    reachable: boolean,
  ) {
    const cause = reachable ? failed('provisioning') : unavailable('provisioning');
    // virsh says what failed on one line and why on the next ("error: Failed to define domain" / "error: operation failed: …"): both are kept.
    const said = output.trim().split('\n').map((line) => line.replace(/^error:\s*/, '').trim()).filter(Boolean).slice(0, 2).join(': ');
    super('provisioning', cause.kind, `virsh ${command}: ${said}`);
  }
}

export class Virsh {
  constructor(readonly uri: string) {}

  /** Runs `virsh -c URI ARGS…`; its standard output, or a VirshError. A command that copies a whole disk passes a longer `timeoutMs`. */
  run(args: readonly string[], options: { timeoutMs?: number } = {}): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile('virsh', ['-q', '-c', this.uri, ...args], { timeout: options.timeoutMs ?? COMMAND_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const output = `${stderr}${stdout}` || error.message;
        const timedOut = error.killed === true;
        reject(new VirshError(args[0] ?? '', timedOut ? 'no answer in time' : output, !timedOut && !UNREACHABLE.test(output)));
      });
    });
  }

  /** Like `run`, but a refusal whose message matches `harmless` (already in the state asked for) is no error. */
  async runUnless(args: readonly string[], harmless: RegExp): Promise<void> {
    try {
      await this.run(args);
    } catch (error) {
      if (error instanceof VirshError && error.kind === 'failed' && harmless.test(error.output)) return;
      throw error;
    }
  }
}

/**
 * What libvirt answers when what a command names is not there, already as
 * asked, or cannot be made for want of room: one list, read by every room.
 */
export const LIBVIRT_SAYS = {
  noDomain: /failed to get domain|Domain not found|no domain with matching/i,
  noVolume: /Storage volume not found|no storage vol with matching/i,
  noSnapshot: /Domain snapshot not found|no domain snapshot with matching|snapshot .* not found/i,
  notRunning: /domain is not running|not running/i,
  alreadyRunning: /already active|already running/i,
  /** The pool's filesystem is full: qemu-img's, libvirt's or QEMU's ENOSPC, passed on in their words. */
  noSpace: /No space left on device/i,
} as const;

/** Either of two answers. */
export const eitherOf = (first: RegExp, second: RegExp) => new RegExp(`${first.source}|${second.source}`, 'i');
