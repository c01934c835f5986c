// A test's keyboard and screen on a guest's serial console, for what only
// the console can show: a login with a password, a guest whose network is not
// up, or one whose SSH is shut out. It goes the way a customer goes: through
// the console's WebSocket (D24), from the URL `POST …/servers/{id}/console/`
// answers, binary frames both ways.
//
// Output is kept from the moment of opening, so a prompt the guest printed
// before a test started waiting for it is still found.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

export interface SerialConsole {
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
/** BusyBox's login says so on the console before its shell starts (whose prompt a loaded machine may print late). */
const LOGGED_IN = /login\[\d+\]: root login on/;
const LOGIN_INCORRECT = /Login incorrect/;

/** Opens the console WebSocket at `url` (a console URL of the API); `name` names it in failures. */
export async function openSerialConsole(url: string, name: string): Promise<SerialConsole> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`the console of ${name} was refused: HTTP ${response.statusCode}`)));
  });

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
  socket.on('message', (data: Buffer) => {
    const chunk = data.toString('utf8');
    pending += chunk;
    recent = (recent + chunk).slice(-SHOWN_OUTPUT_CHARS);
    matchWaiter();
  });
  const fail = (reason: string) => {
    failure ??= new Error(`serial console of ${name} ${reason}`);
    waiter?.settle(failure, null);
  };
  socket.on('close', (code, reason) => fail(`was closed (${code}: ${reason.toString('utf8')})`));
  socket.on('error', (error) => fail(`failed: ${error.message}`));

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
    return new Error(`serial console of ${name}: no ${String(pattern)} within ${timeoutMs} ms${shown}`);
  };

  const waitFor = async (pattern: RegExp, timeoutMs: number) => {
    const text = await awaitMatch(pattern, timeoutMs);
    if (text === null) throw noMatch(pattern, timeoutMs);
    return text;
  };

  const send = (text: string) => {
    socket.send(Buffer.from(text, 'utf8'), { binary: true });
  };

  const serialConsole: SerialConsole = {
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
      const answer = await waitFor(new RegExp(`${LOGIN_INCORRECT.source}|${LOGGED_IN.source}|${SHELL_PROMPT.source}`, 'm'), left());
      return !LOGIN_INCORRECT.test(answer);
    },
    async run(command, timeoutMs = 30_000) {
      const marker = `cloudplane-${randomBytes(6).toString('hex')}`;
      // The quotes keep the echo of the typed line from matching: only the
      // shell's output holds `marker-start` and `marker-end` as they are.
      send(`echo ${marker}-"start"; ${command}; echo ${marker}-"end"\r`);
      const text = await waitFor(new RegExp(`^${marker}-end\\r?$`, 'm'), timeoutMs);
      const start = text.search(new RegExp(`^${marker}-start\\r?$`, 'm'));
      if (start < 0) throw new Error(`serial console of ${name}: the output of ${JSON.stringify(command)} lost its start:\n${text}`);
      const output = text.slice(start).replace(/\r/g, '');
      return output.slice(output.indexOf('\n') + 1, output.length - `${marker}-end`.length);
    },
    close() {
      failure ??= new Error(`serial console of ${name} is closed`);
      waiter?.settle(failure, null);
      socket.close(1000);
    },
  };
  return serialConsole;
}
