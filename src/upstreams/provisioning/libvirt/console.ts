// A domain's serial console, attached the way libvirt gives it to a program:
// `virsh console --force`, which works for local and remote hosts alike and
// takes over from an earlier attachment (one at a time, as the console allows).
// virsh insists on a terminal, so it runs under `script` (util-linux, in every
// Debian), which gives it a pseudo-terminal and carries the bytes through
// pipes; virsh puts that terminal in raw mode, so bytes pass as they are.
//
// What virsh writes of its own is kept out of the stream: its greeting
// ("Connected to domain …", "Escape character is ^]") before the first byte
// of the console, and its error when it cannot attach. Ctrl-] (0x1d) is
// virsh's escape: it never reaches the guest, it would end the attachment.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { ConsoleConnection } from '../port.ts';
import { UpstreamError } from '../../errors.ts';

/** virsh's escape character, which would detach it. */
const VIRSH_ESCAPE = 0x1d;
/** The last line of virsh's greeting; the console's own bytes follow it. */
const GREETING_END = /Escape character is[^\n]*\n/;
/** How long virsh may take to attach before the attachment counts as failed. */
const ATTACH_TIMEOUT_MS = 30_000;
/** The most of virsh's greeting (or error) kept while waiting for it. */
const GREETING_LIMIT = 4096;

const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** Attaches to `domain`'s console at `uri`; resolves once virsh is attached (its greeting read). */
export function attachConsole(uri: string, domain: string): Promise<ConsoleConnection> {
  // Not `virsh -q`: quiet, virsh keeps its greeting to itself, and the greeting is how the attachment is known to be made.
  const command = `exec virsh -c ${shellQuoted(uri)} console --force ${shellQuoted(domain)}`;
  // Its own process group, so closing ends script and virsh together.
  // LC_ALL=C: the greeting is read, so it must not be translated.
  const child = spawn('script', ['-q', '-f', '-e', '-c', command, '/dev/null'], { detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
  return new Promise((resolve, reject) => {
    let greeting = '';
    const timer = setTimeout(() => fail('virsh did not attach to the console in time'), ATTACH_TIMEOUT_MS);
    const fail = (message: string) => {
      clearTimeout(timer);
      child.stdout.off('data', onGreeting);
      killGroup(child);
      const unreachable = /failed to connect|Connection refused|No such file|End of file/i.test(message);
      reject(new UpstreamError('provisioning', unreachable ? 'unavailable' : 'failed', `virsh console: ${message.trim().split('\n').slice(-2).join(' ').replace(/error:\s*/g, '').trim() || 'it ended'}`));
    };
    const onGreeting = (chunk: Buffer) => {
      greeting += chunk.toString('latin1');
      const end = GREETING_END.exec(greeting);
      if (!end) {
        if (greeting.length > GREETING_LIMIT) fail('virsh wrote no greeting');
        return;
      }
      clearTimeout(timer);
      child.stdout.off('data', onGreeting);
      child.off('exit', onEarlyExit);
      const attached = new VirshConsole(child);
      // What came after the greeting in the same chunk is the console's.
      const rest = Buffer.from(greeting.slice(end.index + end[0].length), 'latin1');
      resolve(attached);
      if (rest.length > 0) queueMicrotask(() => attached.deliver(rest));
    };
    const onEarlyExit = () => fail(greeting || 'virsh ended before attaching');
    child.stdout.on('data', onGreeting);
    child.stderr.on('data', (chunk: Buffer) => (greeting += chunk.toString('utf8')));
    child.once('exit', onEarlyExit);
    child.once('error', (error) => fail(error.message));
  });
}

function killGroup(child: ChildProcessWithoutNullStreams): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

class VirshConsole implements ConsoleConnection {
  private readonly dataListeners: ((bytes: Uint8Array) => void)[] = [];
  private readonly endListeners: ((reason: string) => void)[] = [];
  private closed = false;

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => this.deliver(chunk));
    child.stdin.on('error', () => undefined);
    child.once('exit', () => this.ended('the console connection ended (the machine stopped, or another attachment took it over)'));
  }

  deliver(bytes: Uint8Array): void {
    if (this.closed) return;
    for (const listener of this.dataListeners) listener(bytes);
  }

  write(bytes: Uint8Array): void {
    if (this.closed) return;
    const passed = bytes.includes(VIRSH_ESCAPE) ? Uint8Array.from(bytes).filter((byte) => byte !== VIRSH_ESCAPE) : bytes;
    if (passed.length > 0) this.child.stdin.write(passed);
  }

  /** A serial line carries no terminal size: the guest learns it by asking the terminal (`resize`, or systemd at login). */
  resize(): void {}

  onData(listener: (bytes: Uint8Array) => void): void {
    this.dataListeners.push(listener);
  }

  onEnd(listener: (reason: string) => void): void {
    this.endListeners.push(listener);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    killGroup(this.child);
  }

  private ended(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.endListeners) listener(reason);
  }
}
