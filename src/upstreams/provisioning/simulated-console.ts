// The simulator's serial console (D24): a small login prompt and shell in
// place of a guest's getty, so that `npm start`, the console page and the
// command line show a server's console without libvirt. Like a real guest's,
// it logs in root with the server's root password (the one made at the order,
// or by the latest reset or reinstall; a server with keys only has none, so
// nobody logs in), and answers `hostname` and `uptime` with the server's own
// values. Each attachment starts at the login prompt.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { ConsoleConnection } from './port.ts';

export interface SimulatedMachine {
  hostname: string;
  /** When the machine last booted: `uptime` counts from here. */
  bootedAt: Date;
  /** The root password the guest has; null: none (keys only). */
  rootPassword: string | null;
  cpuCores: number;
}

/** The longest line the prompt keeps, as a terminal's line discipline bounds its own. */
const MAX_LINE = 1024;
const ESCAPE = 0x1b;

const digest = (text: string) => createHash('sha256').update(text).digest();

export class SimulatedConsole implements ConsoleConnection {
  private readonly dataListeners: ((bytes: Uint8Array) => void)[] = [];
  private state: 'login' | 'password' | 'shell' = 'login';
  private line = '';
  private user = '';
  /** Inside an escape sequence (an arrow key): its bytes are not typed text. */
  private escape: 'none' | 'start' | 'sequence' = 'none';
  private size = { columns: 80, rows: 24 };
  private closed = false;

  constructor(
    private readonly machine: SimulatedMachine,
    private readonly clock: Clock,
  ) {}

  write(bytes: Uint8Array): void {
    if (this.closed) return;
    for (const byte of bytes) this.take(byte);
  }

  resize(columns: number, rows: number): void {
    this.size = { columns, rows };
  }

  onData(listener: (bytes: Uint8Array) => void): void {
    this.dataListeners.push(listener);
    // As if getty had just written its prompt: an attachment shows it without a key pressed.
    if (this.dataListeners.length === 1) this.send(`\r\nDebian GNU/Linux 12 ${this.machine.hostname} ttyS0\r\n\r\n${this.loginPrompt()}`);
  }

  /** The simulated machine never ends an attachment itself: the bridge ends it when the server stops. */
  onEnd(): void {}

  close(): void {
    this.closed = true;
  }

  private take(byte: number): void {
    if (this.escape !== 'none') {
      // ESC [ … final byte: skipped whole, as a shell without line editing would not insert it.
      if (this.escape === 'start') this.escape = byte === 0x5b || byte === 0x4f ? 'sequence' : 'none';
      else if (byte >= 0x40 && byte <= 0x7e) this.escape = 'none';
      return;
    }
    if (byte === ESCAPE) this.escape = 'start';
    else if (byte === 0x0d || byte === 0x0a) this.submit();
    else if (byte === 0x7f || byte === 0x08) this.erase();
    else if (byte === 0x03) this.interrupt();
    else if (byte === 0x04 && this.state === 'shell' && this.line === '') this.logout();
    else if (byte === 0x15) this.clearLine();
    else if (byte >= 0x20 && this.line.length < MAX_LINE) {
      const character = String.fromCharCode(byte);
      this.line += character;
      if (this.state !== 'password') this.send(character);
    }
  }

  private submit(): void {
    const line = this.line;
    this.line = '';
    this.send('\r\n');
    switch (this.state) {
      case 'login':
        if (line.trim() === '') return this.send(this.loginPrompt());
        this.user = line.trim();
        this.state = 'password';
        return this.send('Password: ');
      case 'password':
        if (this.user === 'root' && this.passwordIs(line)) {
          this.state = 'shell';
          return this.send(`Linux ${this.machine.hostname} 6.1.0-cloudplane-amd64 #1 SMP x86_64\r\n\r\nThis is cloudplane's simulated server: it answers hostname, uptime, whoami, nproc, stty size, date and exit.\r\n${this.shellPrompt()}`);
        }
        this.state = 'login';
        return this.send(`\r\nLogin incorrect\r\n${this.loginPrompt()}`);
      case 'shell':
        return this.run(line.trim());
    }
  }

  private run(command: string): void {
    if (command === 'exit' || command === 'logout') return this.logout();
    const output = this.outputOf(command);
    this.send(`${output === null ? '' : `${output}\r\n`}${this.shellPrompt()}`);
  }

  private outputOf(command: string): string | null {
    const [name = ''] = command.split(/\s+/);
    switch (command) {
      case '':
        return null;
      case 'hostname':
        return this.machine.hostname;
      case 'uptime':
        return this.uptime();
      case 'whoami':
        return this.user;
      case 'nproc':
        return String(this.machine.cpuCores);
      case 'stty size':
        return `${this.size.rows} ${this.size.columns}`;
      case 'date':
        return this.clock.now().toUTCString().replace('GMT', 'UTC');
      default:
        return `-bash: ${name}: command not found`;
    }
  }

  /** As procps writes it: ` 14:03:51 up 2 days,  3:04,  1 user,  load average: 0.00, 0.01, 0.00`. */
  private uptime(): string {
    const now = this.clock.now();
    const minutes = Math.max(0, Math.floor((now.getTime() - this.machine.bootedAt.getTime()) / 60_000));
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    const rest = minutes % 60;
    const dayPart = days > 0 ? `${days} day${days === 1 ? '' : 's'}, ` : '';
    const clockPart = hours > 0 ? `${String(hours).padStart(2, ' ')}:${String(rest).padStart(2, '0')}` : `${rest} min`;
    const time = now.toISOString().slice(11, 19);
    return ` ${time} up ${dayPart}${clockPart},  1 user,  load average: 0.00, 0.01, 0.00`;
  }

  private erase(): void {
    if (this.line === '') return;
    this.line = this.line.slice(0, -1);
    if (this.state !== 'password') this.send('\b \b');
  }

  private clearLine(): void {
    if (this.state !== 'password') this.send('\b \b'.repeat(this.line.length));
    this.line = '';
  }

  private interrupt(): void {
    this.line = '';
    this.send('^C\r\n');
    if (this.state === 'shell') this.send(this.shellPrompt());
    else {
      this.state = 'login';
      this.send(this.loginPrompt());
    }
  }

  private logout(): void {
    this.state = 'login';
    this.line = '';
    this.send(`logout\r\n\r\nDebian GNU/Linux 12 ${this.machine.hostname} ttyS0\r\n\r\n${this.loginPrompt()}`);
  }

  private passwordIs(attempt: string): boolean {
    const password = this.machine.rootPassword;
    // Compared by digest: equal lengths for timingSafeEqual, and no early exit on the first differing character.
    return password !== null && timingSafeEqual(digest(attempt), digest(password));
  }

  private loginPrompt(): string {
    return `${this.machine.hostname} login: `;
  }

  private shellPrompt(): string {
    return `root@${this.machine.hostname}:~# `;
  }

  private send(text: string): void {
    if (this.closed) return;
    const bytes = Buffer.from(text, 'utf8');
    for (const listener of this.dataListeners) listener(bytes);
  }
}
