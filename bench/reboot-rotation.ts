// Which server the next reboot of a load goes to. One unfinished action per
// server is the rule, so a reboot sent to a server whose last reboot is still
// running is refused with 409, quickly: a rotation that comes back to a
// server too soon measures fast refusals, and how soon is too soon depends on
// the machine (a faster API gets further ahead of its worker).
//
// So the rotation sends to a server only once it knows the server is free:
// a queue of free servers, each leaving it when a reboot is sent to it and
// coming back once the reboot is seen finished. Seen how: every 100 ms while
// the queue holds less than half of the servers, one read of the servers with
// an unfinished action, straight from the service's database (`actions`
// where status is running or unknown, the rule's own partial index; the same
// on every tree the bench runs). A server whose reboot was answered 202
// before that read began, and which the read does not list, has finished.
//
// Then every answer must be 202. A 409 to a server the rotation knew was
// free is the service refusing a server with nothing running: a bug, and
// counted as one. Only if every server has a reboot unfinished at once (the
// worker as many reboots behind the API as there are servers) has the
// rotation nowhere to send: it then sends to the server answered longest ago
// (likely finished since the last read) and counts the send as a wait; its
// 409, if it gets one, is the service's right answer to a busy server, not a
// problem. Without a reader (`busyNow`), no server is ever seen finished:
// the rotation is plain round robin, each server once before any comes back.
import { createRequire } from 'node:module';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';

const require = createRequire(import.meta.url);

/** How often the servers with a reboot unfinished are read, at most (and only while the queue is short). */
const READ_EVERY_MS = 100;
/** Server ids kept as examples of a problem. */
const EXAMPLES = 5;

export interface RotationReport {
  servers: number;
  /** Reboots sent while every server had one unfinished (the rotation had to wait), and how those were answered. */
  waits: number;
  waitAnswers: Record<string, number>;
  /** 409s to servers the rotation had seen free: the service's error, not the load's. */
  refusedWhileFree: number;
  refusedExamples: string[];
  /** Reads of the unfinished reboots. */
  reads: number;
}

/** Where a reboot went, for its answer. */
export interface RotationSend {
  serverId: string;
  /** Sent while no server was known free: its 409 is a wait, not a problem. */
  whileAllBusy: boolean;
}

export class RebootRotation {
  /** Servers known free, in the order they became free (the first pass: as given). */
  private readonly free: string[];
  private freeHead = 0;
  /** Answered 202, not yet seen finished: when each was answered (performance.now()), oldest first. */
  private readonly pending = new Map<string, number>();
  /** Sent, not yet answered (or never: a load that ends leaves its last requests unanswered). */
  private readonly inFlight = new Set<string>();
  private reading = false;
  private lastReadAt = -Infinity;
  private turn = 0;
  private readonly counts: RotationReport;

  constructor(
    private readonly serverIds: readonly string[],
    /** The servers with an action unfinished right now, read from the database; none: plain round robin. */
    private readonly busyNow?: () => Promise<ReadonlySet<string>>,
  ) {
    this.free = [...serverIds];
    this.counts = { servers: serverIds.length, waits: 0, waitAnswers: {}, refusedWhileFree: 0, refusedExamples: [], reads: 0 };
  }

  /** The server the next reboot goes to. */
  next(): RotationSend {
    if (this.freeCount() < this.serverIds.length / 2) this.readFinished();
    let serverId: string | undefined;
    let whileAllBusy = false;
    if (this.freeHead < this.free.length) {
      serverId = this.free[this.freeHead++];
      // The array is compacted now and then, not on every take.
      if (this.freeHead > 4096 && this.freeHead * 2 > this.free.length) {
        this.free.splice(0, this.freeHead);
        this.freeHead = 0;
      }
    } else {
      whileAllBusy = true;
      this.counts.waits += 1;
      const [oldest] = this.pending.keys();
      if (oldest !== undefined) {
        serverId = oldest;
        this.pending.delete(oldest);
      } else {
        // Every server has a request under way (fewer servers than connections): round robin.
        serverId = this.serverIds[this.turn++ % this.serverIds.length]!;
      }
    }
    this.inFlight.add(serverId!);
    return { serverId: serverId!, whileAllBusy };
  }

  /** The answer to a reboot `next` gave. */
  answered(send: RotationSend, status: number): void {
    const { serverId, whileAllBusy } = send;
    this.inFlight.delete(serverId);
    if (whileAllBusy) this.counts.waitAnswers[status] = (this.counts.waitAnswers[status] ?? 0) + 1;
    if (status === 202 || status === 409) {
      // Running now (a 409 says so too): free again once seen finished.
      this.pending.delete(serverId);
      this.pending.set(serverId, performance.now());
    }
    if (status === 409 && !whileAllBusy) {
      this.counts.refusedWhileFree += 1;
      if (this.counts.refusedExamples.length < EXAMPLES) this.counts.refusedExamples.push(serverId);
    }
    // Any other answer is a problem of the run (load.ts); its server is left out of the rotation.
  }

  /**
   * Every reboot answered has finished (the caller waited until the project
   * had none running): their servers are free. A request a load left
   * unanswered when it ended may still be under way in the service; its
   * server stays out of the rotation.
   */
  settled(): void {
    for (const serverId of this.pending.keys()) this.free.push(serverId);
    this.pending.clear();
  }

  report(): RotationReport {
    return { ...this.counts, waitAnswers: { ...this.counts.waitAnswers }, refusedExamples: [...this.counts.refusedExamples] };
  }

  private freeCount(): number {
    return this.free.length - this.freeHead;
  }

  /** Reads which servers still have a reboot unfinished, and frees the others answered before the read began. */
  private readFinished(): void {
    const now = performance.now();
    if (!this.busyNow || this.reading || this.pending.size === 0 || now - this.lastReadAt < READ_EVERY_MS) return;
    this.reading = true;
    this.lastReadAt = now;
    this.busyNow()
      .then((busy) => {
        this.counts.reads += 1;
        for (const [serverId, answeredAt] of this.pending) {
          // Answered after the read began: its reboot may not have been committed when the read looked.
          if (answeredAt >= now || busy.has(serverId)) continue;
          this.pending.delete(serverId);
          this.free.push(serverId);
        }
      })
      // A failed read frees nothing; the next one may.
      .catch(() => undefined)
      .finally(() => {
        this.reading = false;
      });
  }
}

/** What reads the servers with an unfinished action from a service's storage, and closes. */
export interface UnfinishedReader {
  busyNow: () => Promise<ReadonlySet<string>>;
  close: () => Promise<void>;
}

const UNFINISHED = "select server_id from actions where status in ('running', 'unknown')";

/** A reader of the service's database: its SQLite file in `dataDir`, or PostgreSQL at `databaseUrl`. */
export async function unfinishedReader(storage: { dataDir: string; databaseUrl: string }): Promise<UnfinishedReader> {
  if (!storage.databaseUrl) {
    const Database = require('better-sqlite3') as typeof BetterSqlite3;
    const db = new Database(path.join(storage.dataDir, 'cloudplane.db'), { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const statement = db.prepare(UNFINISHED).pluck();
    return {
      busyNow: async () => new Set(statement.all() as string[]),
      close: async () => void db.close(),
    };
  }
  const { Client } = require('pg') as typeof pg;
  const client = new Client({ connectionString: storage.databaseUrl });
  await client.connect();
  return {
    busyNow: async () => new Set((await client.query<{ server_id: string }>({ name: 'bench-unfinished-actions', text: UNFINISHED })).rows.map((row) => row.server_id)),
    close: () => client.end(),
  };
}
