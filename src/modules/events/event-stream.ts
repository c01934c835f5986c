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
/** What the client waits before reconnecting, sent once (`retry:`). */
const RECONNECT_AFTER_MS = 2_000;

export class EventStream {
  private cursor: number;
  private pumping = false;
  private again = false;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unwatch: () => void;

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
    this.unwatch();
    if (!this.response.writableEnded) this.response.end();
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
      const batch = await this.events.after(this.target, this.cursor, BATCH);
      for (const event of batch) {
        if (this.closed) return;
        const body = JSON.stringify(event);
        if (!this.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${body}\n\n`)) await this.drained();
        this.cursor = event.id;
      }
      if (batch.length < BATCH) return;
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
