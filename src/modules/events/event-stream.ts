// One open `text/event-stream` answer: sends the project's events after its
// cursor, oldest first, each with its id, then waits for the hub to say there
// are more. The cursor moves only after an event is written, and every read
// starts from it, so a wake-up that comes twice or late sends nothing twice
// and loses nothing; a client that reconnects with Last-Event-ID goes on
// where it stopped, on whichever process it reaches.
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { EventCursor, EventService } from './events.service.ts';

/** A comment line this often keeps proxies and clients from taking a quiet stream for a dead one. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** Events read per query while catching up. */
const BATCH = 200;
/**
 * How often a stream asks whether its reader may still read (the key not
 * revoked or expired, still a member): the longest a reader who lost access
 * keeps hearing the project. One cached check per open stream each time.
 */
export const ACCESS_CHECK_INTERVAL_MS = 5_000;
/** What the client waits before reconnecting, sent once (`retry:`). */
const RECONNECT_AFTER_MS = 2_000;

/** Whether the client asked for a stream rather than a page. */
export function wantsStream(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept);
}

/** A Last-Event-ID that is not an id is ignored (the stream then starts from `after`, or now), as browsers may send anything. */
export function readLastEventId(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/**
 * Answers a request (hijacked from Fastify) with the stream: the head of a
 * `text/event-stream` answer, then the events after `startAfter`. The project
 * API and the console (under its session) both answer this way.
 */
export function startEventStream(response: ServerResponse, requestId: string, events: EventService, target: EventCursor, logger: FastifyBaseLogger, startAfter: number): EventStream {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold the events back in a buffer.
    'x-accel-buffering': 'no',
    'x-request-id': requestId,
    // Where this stream starts, before any event came: a client that must reconnect early resumes here, not "now" (the typed client does).
    'last-event-id': String(startAfter),
  });
  response.flushHeaders();
  const stream = new EventStream(events, target, response, logger, startAfter);
  events.track(stream);
  return stream;
}

export class EventStream {
  private cursor: number;
  private pumping = false;
  private again = false;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unwatch: () => void;
  private accessCheck: NodeJS.Timeout | null = null;
  /** Asked before every batch is sent too (its reads are cached), so a reader who lost access gets nothing more. */
  private stillAllowed: (() => Promise<boolean>) | null = null;
  private ended!: () => void;
  /** Settles once the stream is over, for whoever keeps a list of open streams. */
  readonly done = new Promise<void>((resolve) => (this.ended = resolve));

  constructor(
    private readonly events: EventService,
    private readonly target: EventCursor,
    private readonly response: ServerResponse,
    private readonly logger: FastifyBaseLogger,
    startAfter: number,
  ) {
    this.cursor = startAfter;
    response.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
    this.unwatch = events.hub.watch(target.projectId, () => this.pump());
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), HEARTBEAT_INTERVAL_MS);
    response.on('close', () => this.close());
    this.pump();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.accessCheck) clearInterval(this.accessCheck);
    this.unwatch();
    this.ended();
    if (!this.response.writableEnded) this.response.end();
  }

  /**
   * Ends the stream once `stillAllowed` says no (or cannot say): access is
   * checked when a stream opens, and a key revoked or a member removed
   * afterwards must not keep hearing the project. The client's reconnect is
   * then checked afresh.
   */
  checkAccessEvery(intervalMs: number, stillAllowed: () => Promise<boolean>): void {
    this.stillAllowed = stillAllowed;
    let checking = false;
    this.accessCheck = setInterval(() => {
      if (checking || this.closed) return;
      checking = true;
      stillAllowed()
        .then((allowed) => {
          if (!allowed) this.close();
        })
        .catch((error: unknown) => {
          this.logger.error({ err: error }, 'event stream: checking access failed; closing the stream');
          this.close();
        })
        .finally(() => (checking = false));
    }, intervalMs);
    this.accessCheck.unref();
  }

  /** Reads and sends everything after the cursor; a wake-up meanwhile runs it once more. */
  private pump(): void {
    if (this.closed) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.drain()
      .catch((error: unknown) => {
        // The client reconnects (with its Last-Event-ID) and the next process or attempt goes on.
        this.logger.error({ err: error }, 'event stream: reading events failed; closing the stream');
        this.close();
      })
      .finally(() => {
        this.pumping = false;
        if (this.again && !this.closed) {
          this.again = false;
          this.pump();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      this.again = false;
      const { matching, scannedTo, read } = await this.events.scan(this.target, this.cursor, BATCH);
      if (matching.length > 0 && this.stillAllowed && !(await this.stillAllowed())) {
        this.close();
        return;
      }
      for (const event of matching) {
        if (this.closed) return;
        const body = JSON.stringify(event);
        if (!this.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${body}\n\n`)) await this.drained();
      }
      // Past everything read, sent or skipped by the types filter: the next read starts after it.
      this.cursor = scannedTo;
      if (read < BATCH) return;
    }
  }

  private write(chunk: string): boolean {
    if (this.closed || this.response.writableEnded) return true;
    return this.response.write(chunk);
  }

  /** A slow client: wait until its socket took what was written (or it went away). */
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.response.off('drain', done);
        this.response.off('close', done);
        resolve();
      };
      this.response.once('drain', done);
      this.response.once('close', done);
    });
  }
}
