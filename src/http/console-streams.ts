// The console's WebSocket (D24), on the listener that answered for the token:
// `GET /api/v1/consoles/{token}` with an Upgrade. The token is checked (and
// used up) before anything reaches the server's console; a refusal is an HTTP
// answer with problem details and no upgrade. Once open, binary frames carry
// the console's bytes both ways and nothing else does; a text frame is a
// control message from the client, `{"type":"resize","cols":C,"rows":R}`
// (passed to consoles that keep a size: a serial line carries none).
//
// Each process checks its open sessions every CHECK_INTERVAL_MS, and at once
// when a session opens anywhere or a membership or key changes: a newer
// session of the server takes over, and the server stopping or going, the
// member leaving or the key being revoked ends the session with the reason.
// A session with no byte either way for the idle time is closed too.
//
// Close codes: 4000 taken over, 4001 idle, 4002 the server stopped or went,
// 4003 access withdrawn, 4004 the console's side ended, 1009 a frame over
// 64 KiB, 1011 the console could not be attached, 1001 the service stopping.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ChangeFeed } from '../db/change-feed.ts';
import { AppError } from '../errors.ts';
import { CONSOLE_STREAM_PREFIX, type OpenConsoleSession, type ServerConsoleService } from '../modules/server-consoles/index.ts';
import { isUpstreamError } from '../upstreams/errors.ts';
import type { ConsoleConnection } from '../upstreams/provisioning/port.ts';
import { knownProblem, problem } from './plugins/problem-details.ts';

/** The largest frame taken from a client: what a person types or pastes fits many times over. */
export const MAX_FRAME_BYTES = 64 * 1024;
/** How often each open session is checked against the rows (and at once on a notice). */
const CHECK_INTERVAL_MS = 2_000;
/** Output a client has not taken yet, beyond which it is too slow to keep. */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;

export const CLOSE_CODES = {
  takenOver: 4000,
  idle: 4001,
  serverGone: 4002,
  accessWithdrawn: 4003,
  consoleEnded: 4004,
  tooBig: 1009,
  attachFailed: 1011,
  shuttingDown: 1001,
} as const;

export interface ConsoleStreamOptions {
  consoles: ServerConsoleService;
  changes: ChangeFeed;
  logger: FastifyBaseLogger;
  /** The console's public address, when set: its origin is the one a console's WebSocket must come from. */
  publicUrl: string | undefined;
  /** A session with no byte either way for this long is closed. */
  idleMs: number;
}

interface Bridge {
  session: OpenConsoleSession;
  socket: WebSocket;
  connection: ConsoleConnection;
  bytesIn: number;
  bytesOut: number;
  idleTimer: NodeJS.Timeout;
  closing: boolean;
}

/** Serves the console's WebSockets on `app`'s HTTP server. */
export function serveConsoleStreams(app: FastifyInstance, options: ConsoleStreamOptions): void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const open = new Map<number, Bridge>();
  let checking = false;
  let recheck = false;

  /** Ends the sessions that must end; one check at a time, another after it when a notice came meanwhile. */
  const check = async () => {
    if (checking) {
      recheck = true;
      return;
    }
    checking = true;
    try {
      do {
        recheck = false;
        if (open.size === 0) break;
        const endings = await options.consoles.endings([...open.values()].map((bridge) => bridge.session));
        for (const [id, reason] of endings) {
          const bridge = open.get(id);
          if (bridge) end(bridge, codeOf(reason), reason);
        }
      } while (recheck);
    } catch (error) {
      options.logger.warn({ err: error }, 'checking the open console sessions failed; trying again');
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), CHECK_INTERVAL_MS);
  timer.unref();
  const unsubscribe = (['server-consoles', 'projects', 'api-keys'] as const).map((topic) => options.changes.subscribe(topic, () => void check()));

  const end = (bridge: Bridge, code: number, reason: string) => {
    if (bridge.closing) return;
    bridge.closing = true;
    open.delete(bridge.session.id);
    clearTimeout(bridge.idleTimer);
    bridge.connection.close();
    if (bridge.socket.readyState === bridge.socket.OPEN) bridge.socket.close(code, closeReason(reason));
    options.consoles
      .close(bridge.session, { reason, bytesIn: bridge.bytesIn, bytesOut: bridge.bytesOut })
      .catch((error: unknown) => options.logger.error({ err: error, consoleSessionId: bridge.session.id }, 'recording the end of a console session failed'));
  };

  const bridgeOf = (session: OpenConsoleSession, socket: WebSocket, connection: ConsoleConnection) => {
    const idle = () => end(bridge, CLOSE_CODES.idle, `No byte either way for ${spoken(options.idleMs)}`);
    const bridge: Bridge = { session, socket, connection, bytesIn: 0, bytesOut: 0, idleTimer: setTimeout(idle, options.idleMs), closing: false };
    const active = () => bridge.idleTimer.refresh();
    open.set(session.id, bridge);
    connection.onData((bytes) => {
      if (bridge.closing) return;
      if (socket.bufferedAmount > MAX_UNSENT_BYTES) return end(bridge, CLOSE_CODES.consoleEnded, 'The client did not keep up with the console');
      bridge.bytesOut += bytes.length;
      active();
      socket.send(bytes, { binary: true });
    });
    connection.onEnd((reason) => end(bridge, CLOSE_CODES.consoleEnded, reason));
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (bridge.closing) return;
      const bytes = bytesOf(data);
      if (!isBinary) return control(bridge, bytes.toString('utf8'));
      bridge.bytesIn += bytes.length;
      active();
      connection.write(bytes);
    });
    socket.on('close', (code: number) => end(bridge, code, code === CLOSE_CODES.tooBig ? `A frame over ${MAX_FRAME_BYTES} bytes` : 'The client closed the session'));
    socket.on('error', () => undefined);
    // Another session of the server may have opened elsewhere a moment before this one: the check settles who holds it.
    void check();
  };

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (!path.startsWith(CONSOLE_STREAM_PREFIX)) return refuse(socket, new AppError('not_found', 'No WebSocket is served here'));
    socket.on('error', () => undefined);
    const token = path.slice(CONSOLE_STREAM_PREFIX.length).replace(/\/$/, '');
    const from = { origin: request.headers.origin, consoleOrigin: consoleOriginOf(request, options.publicUrl), clientIp: request.socket.remoteAddress ?? 'unknown' };
    void (async () => {
      let session: OpenConsoleSession | null = null;
      try {
        session = await options.consoles.open(token, from);
        const connection = await options.consoles.attach(session);
        if (socket.destroyed) {
          connection.close();
          throw new Error('the client left before the console was attached');
        }
        sockets.handleUpgrade(request, socket, head, (webSocket) => bridgeOf(session!, webSocket, connection));
      } catch (error) {
        if (session) {
          const reason = isUpstreamError(error) ? error.message : 'The console could not be attached';
          await options.consoles.close(session, { reason, bytesIn: 0, bytesOut: 0 }).catch(() => undefined);
        }
        if (!(error instanceof AppError) && !isUpstreamError(error)) options.logger.error({ err: error }, 'opening a console session failed');
        refuse(socket, error);
      }
    })();
  });

  app.addHook('preClose', async () => {
    clearInterval(timer);
    for (const stop of unsubscribe) stop();
    for (const bridge of [...open.values()]) end(bridge, CLOSE_CODES.shuttingDown, 'The service is stopping');
    sockets.close();
  });
}

/** A text frame: `{"type":"resize","cols":C,"rows":R}`; anything else is ignored (the stream carries only the console's bytes). */
function control(bridge: Bridge, text: string): void {
  if (text.length > 200) return;
  try {
    const message = JSON.parse(text) as { type?: unknown; cols?: unknown; rows?: unknown };
    const { cols, rows } = message;
    if (message.type === 'resize' && Number.isInteger(cols) && Number.isInteger(rows) && (cols as number) > 0 && (rows as number) > 0 && (cols as number) <= 1000 && (rows as number) <= 1000) {
      bridge.connection.resize(cols as number, rows as number);
    }
  } catch {
    // Not a control message: nothing to do.
  }
}

/** A duration as a sentence says it: `15 minutes`, `90 seconds`. */
function spoken(ms: number): string {
  const [amount, unit] = ms % 60_000 === 0 ? [ms / 60_000, 'minute'] : [Math.round(ms / 1000), 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

function codeOf(reason: string): number {
  if (reason.startsWith('Another console session')) return CLOSE_CODES.takenOver;
  if (reason.startsWith('The server')) return CLOSE_CODES.serverGone;
  return CLOSE_CODES.accessWithdrawn;
}

/** A close frame's reason holds at most 123 bytes. */
function closeReason(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8');
  return bytes.length <= 123 ? reason : `${bytes.subarray(0, 120).toString('utf8').replace(/\uFFFD$/, '')}...`;
}

function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** The console's own origin: its public address when set, else the address the client used (as the console's links are made). */
function consoleOriginOf(request: IncomingMessage, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const secure = (request.socket as { encrypted?: boolean }).encrypted === true;
  return `${secure ? 'https' : 'http'}://${request.headers.host ?? ''}`;
}

/** Answers an upgrade with an HTTP refusal (problem details, as the API answers) and ends the connection. */
function refuse(socket: Duplex, error: unknown): void {
  const { body, headers } = knownProblem(error) ?? { body: problem('internal_error', 'The console could not be opened'), headers: {} };
  if (socket.destroyed || !socket.writable) return;
  const json = JSON.stringify(body);
  const lines = [`HTTP/1.1 ${body.status} ${body.title}`, 'Content-Type: application/problem+json', `Content-Length: ${Buffer.byteLength(json)}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  socket.end(`${lines.join('\r\n')}\r\n\r\n${json}`);
}
