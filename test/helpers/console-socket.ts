// A client of a server's console WebSocket (D24), as any WebSocket client
// would use it: binary frames in and out, the close code and reason kept, and
// a refused upgrade's HTTP status and problem details.
import WebSocket from 'ws';
import { eventually } from './build.ts';

export interface ConsoleSocket {
  socket: WebSocket;
  /** Everything the console sent so far, as text. */
  output(): string;
  /** Sends bytes (a binary frame). */
  type(text: string): void;
  /** Waits (bounded) until the output since `from` matches; answers the output. */
  waitFor(pattern: RegExp, options?: { from?: number; timeoutMs?: number }): Promise<string>;
  /** Resolves with the close code and reason once the server closes the session. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export type ConsoleAttempt = { opened: true; console: ConsoleSocket } | { opened: false; status: number; body: any };

/** Opens a WebSocket to a console URL; a refused upgrade answers its status and body instead. */
export function connectConsole(url: string, options: { origin?: string } = {}): Promise<ConsoleAttempt> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { ...(options.origin ? { origin: options.origin } : {}) });
    let received = Buffer.alloc(0);
    const closed = new Promise<{ code: number; reason: string }>((resolveClose) => socket.on('close', (code, reason) => resolveClose({ code, reason: reason.toString('utf8') })));
    socket.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) throw new Error(`a text frame came from the console: ${data.toString()}`);
      received = Buffer.concat([received, data]);
    });
    socket.on('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Kept as text.
        }
        resolve({ opened: false, status: response.statusCode ?? 0, body });
      });
    });
    socket.on('error', (error) => reject(error));
    socket.on('open', () => {
      const output = () => received.toString('utf8');
      resolve({
        opened: true,
        console: {
          socket,
          output,
          type: (text) => socket.send(Buffer.from(text, 'utf8'), { binary: true }),
          waitFor: (pattern, waitOptions = {}) => eventually(async () => (pattern.test(output().slice(waitOptions.from ?? 0)) ? output() : null), waitOptions.timeoutMs ?? 10_000, 20),
          closed,
          close: () => socket.close(1000),
        },
      });
    });
  });
}

/** Opens a console that must open. */
export async function openConsole(url: string, options: { origin?: string } = {}): Promise<ConsoleSocket> {
  const attempt = await connectConsole(url, options);
  if (!attempt.opened) throw new Error(`the console was refused: ${attempt.status} ${JSON.stringify(attempt.body)}`);
  return attempt.console;
}
