// `cloudplane servers console SERVER`: the server's serial console in this
// terminal, as `virsh console` gives it on a host. The service answers a
// single-use WebSocket URL (client.openConsole); this command opens it with
// `ws` and hands the terminal over: standard input in raw mode (so Ctrl+C,
// Tab and the arrows reach the server instead of acting here), each byte
// typed sent as a binary frame, each frame written to standard output as it
// is, and the window's size sent at the start and at every SIGWINCH (the
// serial line itself carries none). Ctrl-] typed here leaves, as in virsh
// and telnet; the terminal is put back however the command ends.
//
// Standard input that is not a terminal is piped through untouched, Ctrl-]
// included, and its end leaves: a script can drive the console.
import { constants } from 'node:os';
import WebSocket, { type RawData } from 'ws';
import { CloudplaneError } from '../../client/index.ts';
import type { Invocation } from '../invocation.ts';
import { CommandFailed } from '../failures.ts';
import { resolveServer } from '../names.ts';
import { openSession } from '../session.ts';

/** Ctrl-]: the byte that leaves, as virsh's and telnet's escape. */
const LEAVE_BYTE = 0x1d;
/** The service closes a session on a frame over 64 KiB, and a pipe's reads can be that large: input goes in frames of at most this. */
const MAX_FRAME_BYTES = 16 * 1024;
/** Input not yet handed to the network beyond which reading stops until it is (a large file piped in). */
const MAX_UNSENT_BYTES = 1024 * 1024;
/** A service that has not opened the WebSocket in this long will not. */
const HANDSHAKE_TIMEOUT_MS = 15_000;
/** How long leaving waits for the service to acknowledge the close before the connection is simply dropped. */
const CLOSE_GRACE_MS = 2_000;
const NORMAL_CLOSURE = 1000;
/** What `ws` reports when the connection ended without a close frame. */
const ABNORMAL_CLOSURE = 1006;
const LEAVE_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** What the service's close codes mean (docs/cli.md), for a close that came without a reason. */
const SESSION_ENDINGS: Record<number, string> = {
  4000: 'Another console session of this server took over',
  4001: 'The session was idle for too long',
  4002: 'The server stopped or was deleted',
  4003: 'Access to the server was withdrawn',
  4004: "The console's side ended the session",
  1009: 'A frame was too large for the service',
  1011: 'The console could not be attached',
  1001: 'The service is stopping',
};

/** Endings that another try may well not meet: said so after the reason. */
const TRY_AGAIN = new Set([4000, 4001, 4004, 1001, 1011]);

/** How a session came to its end. */
type Ending =
  | { by: 'leave-key' }
  | { by: 'input-ended' }
  | { by: 'output-closed' }
  | { by: 'signal'; signal: NodeJS.Signals }
  | { by: 'service'; code: number; reason: string }
  | { by: 'connection-lost'; cause: string };

/** The URL without its token: the token opens the console to whoever holds it, so it is never printed. */
function withoutToken(url: URL): string {
  return `${url.origin}${url.pathname.replace(/[^/]+\/?$/, '…')}`;
}

/**
 * This process's terminal: raw mode while attached, and back to how it was
 * on every way out (restore() is called in a finally, and on process exit in
 * case something skips it), and the window's size.
 */
class LocalTerminal {
  /** Standard input is a terminal: raw mode, and Ctrl-] leaves. */
  readonly interactive = process.stdin.isTTY === true;
  private raw = false;
  /** Whether what was written to standard output ended a line: the lines printed afterwards start on one of their own. */
  private atLineStart = true;

  enterRawMode(): void {
    if (!this.interactive || this.raw) return;
    process.stdin.setRawMode(true);
    this.raw = true;
    process.once('exit', this.restore);
  }

  readonly restore = (): void => {
    if (!this.raw) return;
    this.raw = false;
    process.removeListener('exit', this.restore);
    try {
      process.stdin.setRawMode(false);
    } catch {
      // The terminal is gone (SIGHUP): there is nothing left to restore.
    }
  };

  /** Columns and rows, from whichever of standard output and error is a terminal; undefined when neither is (or it reports 0×0). */
  size(): { cols: number; rows: number } | undefined {
    const terminal = [process.stdout, process.stderr].find((stream) => stream.isTTY);
    if (!terminal) return undefined;
    const [cols, rows] = terminal.getWindowSize();
    return cols > 0 && rows > 0 ? { cols, rows } : undefined;
  }

  /** Writes the console's bytes; answers false when standard output wants a pause ('drain'). */
  write(bytes: Buffer): boolean {
    if (bytes.length > 0) this.atLineStart = bytes[bytes.length - 1] === 0x0a;
    return process.stdout.write(bytes);
  }

  /** Ends the console's last line on a terminal (it may have left the cursor after a prompt), so that what we print next starts a line of its own. */
  endLine(): void {
    if (!this.atLineStart && process.stdout.isTTY === true) process.stderr.write('\n');
    this.atLineStart = true;
  }

  /** A line of our own on standard error, after the console's output. */
  say(line: string): void {
    this.endLine();
    process.stderr.write(`${line}\n`);
  }
}

function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** A refused upgrade: the service answered HTTP with problem details instead of opening the WebSocket. */
function refusal(status: number, text: string, url: URL): Error {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page): CloudplaneError keeps the text as the detail.
  }
  const error = new CloudplaneError(status, body, { method: 'GET', path: url.pathname.replace(/[^/]+\/?$/, '…') });
  // A token is refused only when used, expired or unknown; this one is seconds old and unused, so asking again is the way.
  if (status === 401) return new CommandFailed(`error: ${error.detail} (${error.code})\nhint: the console's single-use URL was refused: run the same command again for a new one`);
  return error;
}

/**
 * Opens the console's WebSocket and bridges it to this terminal until the
 * session ends, answering how. Rejects, before anything is attached, when
 * the WebSocket does not open: a refusal as the API's errors are reported,
 * an unreachable service as a CommandFailed.
 */
function runSession(url: URL, terminal: LocalTerminal, announce: () => void): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { handshakeTimeout: HANDSHAKE_TIMEOUT_MS, perMessageDeflate: false, followRedirects: false });
    let opened = false;
    let leaving: Ending | undefined;
    let lastError: Error | undefined;
    let inputPaused = false;

    const stopInput = () => {
      process.stdin.removeListener('data', onInput);
      process.stdin.removeListener('end', onInputEnd);
      // The 'error' listener stays: a terminal that hangs up fails its read (EIO) even now, and that is no crash of ours.
      process.stdin.pause();
    };
    const send = (bytes: Buffer) => {
      for (let offset = 0; offset < bytes.length; offset += MAX_FRAME_BYTES) {
        socket.send(bytes.subarray(offset, offset + MAX_FRAME_BYTES), { binary: true }, () => {
          if (inputPaused && socket.bufferedAmount < MAX_UNSENT_BYTES && !leaving) {
            inputPaused = false;
            process.stdin.resume();
          }
        });
      }
      if (socket.bufferedAmount >= MAX_UNSENT_BYTES) {
        inputPaused = true;
        process.stdin.pause();
      }
    };
    /** Closes the session from this side; what was sent before still reaches the console (frames go in order). */
    const leave = (how: Ending) => {
      if (leaving) return;
      leaving = how;
      stopInput();
      if (socket.readyState === WebSocket.OPEN) socket.close(NORMAL_CLOSURE, 'The client left');
      // Waiting for the service's acknowledgement is a courtesy (its log then says the client closed), not a need.
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    };
    const onInput = (chunk: Buffer) => {
      const leaveAt = terminal.interactive ? chunk.indexOf(LEAVE_BYTE) : -1;
      if (leaveAt === -1) return send(chunk);
      if (leaveAt > 0) send(chunk.subarray(0, leaveAt));
      leave({ by: 'leave-key' });
    };
    /** The end of input, or input that failed (a terminal that hung up): nothing more will be typed. */
    const onInputEnd = () => leave({ by: 'input-ended' });
    const onSignal = (signal: NodeJS.Signals) => leave({ by: 'signal', signal });
    const sendSize = () => {
      const size = terminal.size();
      if (size && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'resize', cols: size.cols, rows: size.rows }));
    };
    const onOutputError = (error: NodeJS.ErrnoException) => {
      // `… | head`: once the reader is gone there is no one to show the console to.
      if (error.code === 'EPIPE') leave({ by: 'output-closed' });
      else lastError = error;
    };

    socket.on('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => reject(refusal(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), url)));
      response.on('error', (error) => reject(new CommandFailed(`error: the console's WebSocket at ${withoutToken(url)} was refused and its answer cut off (${error.message})`)));
    });
    socket.on('error', (error) => {
      if (opened) lastError = error;
      else reject(new CommandFailed(`error: the console's WebSocket at ${withoutToken(url)} did not open (${error.message})\nhint: check that the service is running and reachable at ${url.origin}`));
    });
    // ws emits 'open' before any message: the line is out before the console's first byte.
    socket.on('open', () => {
      opened = true;
      announce();
      terminal.enterRawMode();
      sendSize();
      process.on('SIGWINCH', sendSize);
      for (const signal of LEAVE_SIGNALS) process.on(signal, onSignal);
      process.stdout.on('error', onOutputError);
      process.stdin.on('data', onInput);
      process.stdin.on('end', onInputEnd);
      process.stdin.on('error', onInputEnd);
      process.stdin.resume();
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      // Only binary frames carry the console; a text frame would be a control message this version does not know.
      if (!isBinary) return;
      if (!terminal.write(bytesOf(data)) && !socket.isPaused) {
        socket.pause();
        process.stdout.once('drain', () => socket.resume());
      }
    });
    socket.on('close', (code: number, reason: Buffer) => {
      if (!opened) return;
      stopInput();
      process.removeListener('SIGWINCH', sendSize);
      for (const signal of LEAVE_SIGNALS) process.removeListener(signal, onSignal);
      process.stdout.removeListener('error', onOutputError);
      if (leaving) return resolve(leaving);
      if (code === ABNORMAL_CLOSURE) return resolve({ by: 'connection-lost', cause: lastError?.message ?? 'it closed without a close frame' });
      resolve({ by: 'service', code, reason: reason.toString('utf8') });
    });
  });
}

/** What the service's ending says to the person at the terminal: the reason it gave, its code, and what to do when there is something. */
function describeServiceEnding(hostname: string, code: number, reason: string): string {
  const why = reason || SESSION_ENDINGS[code] || 'The service closed the session';
  const lines = [`error: the service ended the console session of ${hostname}: ${why} (${code})`];
  if (TRY_AGAIN.has(code)) lines.push(`hint: run the same command again to reconnect${code === 4000 ? ' (and take the console back: a server has one session at a time)' : ''}`);
  return lines.join('\n');
}

export async function attachToConsole({ args: [server], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const found = await resolveServer(session, project, server!);
  const { url } = await session.client.openConsole(project, found.id);
  // A server whose hostname the list does not have yet is named by its id.
  const name = found.hostname ?? found.id;
  const terminal = new LocalTerminal();
  const announce = () =>
    process.stderr.write(
      terminal.interactive
        ? `Connected to ${name}'s console. Press Enter for the login prompt; Ctrl-] leaves.\n`
        : `Connected to ${name}'s console; the end of standard input leaves.\n`,
    );
  let ending: Ending;
  try {
    ending = await runSession(new URL(url), terminal, announce);
  } finally {
    terminal.restore();
  }
  switch (ending.by) {
    case 'leave-key':
      return terminal.say(`Left ${name}'s console.`);
    case 'input-ended':
    case 'output-closed':
      return;
    case 'signal':
      terminal.say(`Left ${name}'s console (${ending.signal}).`);
      // As a shell reports a command a signal ended: 128 plus the signal's number (130 for SIGINT, 143 for SIGTERM).
      process.exitCode = 128 + constants.signals[ending.signal];
      return;
    case 'service':
      terminal.endLine();
      throw new CommandFailed(describeServiceEnding(name, ending.code, ending.reason));
    case 'connection-lost':
      terminal.endLine();
      throw new CommandFailed(`error: the connection to ${name}'s console was lost (${ending.cause})\nhint: run the same command again to reconnect`);
  }
}
