// A test's keyboard and screen on a libvirt guest's serial console, for what
// only the console can show: a login with a password, a guest whose network
// is not up, or one whose SSH is the thing under test. libvirt gives the
// serial port a pty (`<serial type='pty'/>`); the test opens the pty's slave
// end itself, as a terminal would, because `virsh console` wants a real
// terminal on its own stdin.
//
// The pty is read through node's tty stream, which libuv polls like a
// socket: a plain fs read of a pty sits in a thread-pool thread until the
// guest writes, and four of those stall every fs call of the test process.
// The pty is set raw and without echo first: with echo on, the line
// discipline would send the guest's output back to the guest as typed input,
// and in canonical mode a prompt without a newline (`login: `) would never
// be read. qemu already makes its ptys raw; this does not rely on it.
//
// Output is kept from the moment of opening, so a prompt the guest printed
// before a test started waiting for it is still found.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync } from 'node:fs';
import tty from 'node:tty';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SerialConsole {
  /** The pty of the console (`/dev/pts/N`). */
  path: string;
  /** Bytes to the guest, as typed: end a line with '\r', as a terminal's Enter does. */
  send(text: string): void;
  /**
   * The output since the previous waitFor (or since opening) up to the end of
   * the first match of `pattern`; what came after the match is kept for the
   * next waitFor. Rejects after `timeoutMs` with the last output in the message.
   */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** Logs in at the getty: true when a shell prompt follows, false on "Login incorrect". */
  login(user: string, password: string, timeoutMs?: number): Promise<boolean>;
  /** Runs a command in the logged-in shell and gives its output alone (no echo, no prompt, '\n' line ends). */
  run(command: string, timeoutMs?: number): Promise<string>;
  close(): void;
}

/** How much of the latest output a timeout shows. */
const SHOWN_OUTPUT_CHARS = 2000;
/** How long login waits for a prompt on its way before asking the getty for one. */
const LOGIN_PROMPT_FIRST_LOOK_MS = 1000;
/** A getty that has not printed its prompt yet (or printed it into other output) is asked again this often. */
const LOGIN_PROMPT_NUDGE_MS = 5000;
const LOGIN_PROMPT = /login:\s*$/m;
const SHELL_PROMPT = /[#$]\s*$/m;
const LOGIN_INCORRECT = /Login incorrect/;

/** The pty libvirt gave the domain's first `<serial type='pty'>` (the domain must be running). */
async function serialPtyOf(virsh: (...args: string[]) => Promise<string>, domain: string): Promise<string> {
  const xml = await virsh('dumpxml', domain);
  const path = /<serial type='pty'>[\s\S]*?<source path='([^']+)'/.exec(xml)?.[1];
  if (!path) throw new Error(`domain ${domain} has no serial pty: is it running, with <serial type='pty'/> in its XML?`);
  return path;
}

export async function openSerialConsole(virsh: (...args: string[]) => Promise<string>, domain: string): Promise<SerialConsole> {
  const path = await serialPtyOf(virsh, domain);
  await run('stty', ['-F', path, 'raw', '-echo']);
  // O_NOCTTY: the pty must not become the test process's controlling terminal.
  // Two descriptors, because libuv reopens a tty under the handle's own fd,
  // and a reading and a writing handle cannot share one.
  const flags = constants.O_RDWR | constants.O_NOCTTY | constants.O_NONBLOCK;
  const inputDescriptor = openSync(path, flags);
  let outputDescriptor: number;
  try {
    outputDescriptor = openSync(path, flags);
  } catch (error) {
    closeSync(inputDescriptor);
    throw error;
  }
  const input = new tty.ReadStream(inputDescriptor);
  const output = new tty.WriteStream(outputDescriptor);
  input.setEncoding('utf8');

  /** Output not yet given to a waitFor. */
  let pending = '';
  /** The latest output, for the message of a timeout. */
  let recent = '';
  let failure: Error | null = null;
  let waiter: { pattern: RegExp; settle: (error: Error | null, text: string | null) => void } | null = null;

  /** Gives `pending` up to the end of the waiter's match, if it matches now. */
  const matchWaiter = () => {
    if (!waiter) return;
    const match = waiter.pattern.exec(pending);
    if (!match) return;
    const end = match.index + match[0].length;
    const text = pending.slice(0, end);
    pending = pending.slice(end);
    waiter.settle(null, text);
  };
  input.on('data', (chunk: string) => {
    pending += chunk;
    recent = (recent + chunk).slice(-SHOWN_OUTPUT_CHARS);
    matchWaiter();
  });
  const fail = (reason: string) => {
    failure ??= new Error(`serial console of ${domain} (${path}) ${reason}`);
    waiter?.settle(failure, null);
  };
  // qemu closed its end of the pty: the domain stopped (reading sees the end, writing EIO).
  input.on('end', () => fail('was closed by the hypervisor: the domain stopped'));
  input.on('error', (error) => fail(`failed: ${error.message}`));
  output.on('error', (error) => fail(`failed: ${error.message}`));

  /** The output up to a match of `pattern`, or null when `timeoutMs` passes first; rejects when the console fails. */
  const awaitMatch = (pattern: RegExp, timeoutMs: number) =>
    new Promise<string | null>((resolve, reject) => {
      if (waiter) return reject(new Error('serial console: one waitFor at a time'));
      if (failure) return reject(failure);
      // A global or sticky pattern would carry its lastIndex from one exec to the next.
      const stateless = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
      const timer = setTimeout(() => waiter?.settle(null, null), Math.max(timeoutMs, 0));
      waiter = {
        pattern: stateless,
        settle: (error, text) => {
          clearTimeout(timer);
          waiter = null;
          if (error) reject(error);
          else resolve(text);
        },
      };
      matchWaiter();
    });

  const noMatch = (pattern: RegExp, timeoutMs: number) => {
    const shown = recent ? `; the last output was:\n${recent}` : '; there was no output at all';
    return new Error(`serial console of ${domain}: no ${String(pattern)} within ${timeoutMs} ms${shown}`);
  };

  const waitFor = async (pattern: RegExp, timeoutMs: number) => {
    const text = await awaitMatch(pattern, timeoutMs);
    if (text === null) throw noMatch(pattern, timeoutMs);
    return text;
  };

  const send = (text: string) => {
    output.write(text);
  };

  const serialConsole: SerialConsole = {
    path,
    send,
    waitFor,
    async login(user, password, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      const left = () => deadline - Date.now();
      // Enter only when no prompt is there: after a failed attempt the prompt
      // is login's own, and an empty line is an attempt with an empty name,
      // which takes the name typed next as its password. The getty, on the
      // other hand, prints its prompt again: for a console opened after the
      // prompt, or one whose prompt boot messages ran into.
      let waitMs = LOGIN_PROMPT_FIRST_LOOK_MS;
      while ((await awaitMatch(LOGIN_PROMPT, Math.min(waitMs, left()))) === null) {
        if (left() <= 0) throw noMatch(LOGIN_PROMPT, timeoutMs);
        send('\r');
        waitMs = LOGIN_PROMPT_NUDGE_MS;
      }
      send(`${user}\r`);
      await waitFor(/Password:/, left());
      send(`${password}\r`);
      const answer = await waitFor(new RegExp(`${LOGIN_INCORRECT.source}|${SHELL_PROMPT.source}`, 'm'), left());
      return !LOGIN_INCORRECT.test(answer);
    },
    async run(command, timeoutMs = 30_000) {
      const marker = `cloudplane-${randomBytes(6).toString('hex')}`;
      // The quotes keep the echo of the typed line from matching: only the
      // shell's output holds `marker-start` and `marker-end` as they are.
      send(`echo ${marker}-"start"; ${command}; echo ${marker}-"end"\r`);
      const text = await waitFor(new RegExp(`^${marker}-end\\r?$`, 'm'), timeoutMs);
      const start = text.search(new RegExp(`^${marker}-start\\r?$`, 'm'));
      if (start < 0) throw new Error(`serial console of ${domain}: the output of ${JSON.stringify(command)} lost its start:\n${text}`);
      const output = text.slice(start).replace(/\r/g, '');
      return output.slice(output.indexOf('\n') + 1, output.length - `${marker}-end`.length);
    },
    close() {
      failure ??= new Error(`serial console of ${domain} is closed`);
      waiter?.settle(failure, null);
      input.destroy();
      output.destroy();
    },
  };
  return serialConsole;
}
