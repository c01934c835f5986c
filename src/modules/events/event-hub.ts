// Tells a process's open event streams (and its webhook dispatcher) when a
// project has new events. It only says when to read: the events table is the
// truth, and every reader reads from its own cursor, so a missed or repeated
// wake-up can delay an event but never lose or repeat one.
//
// - PostgreSQL: the writer's transaction sends NOTIFY with the project's id
//   (event-log.ts); the change feed's listening connection hears it. A
//   slower check of the projects being watched covers notices missed while
//   that connection was down.
// - SQLite: one process writes at a time, so the events table's largest rowid
//   moves with every committed event, whoever wrote it. A short timer reads it
//   (an index lookup) while anyone is watching, and only then reads the
//   watched projects' last ids.
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Engine } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { lastEventIds } from './event-log.ts';

/** How often SQLite is asked whether an event was committed: the longest an event waits there before its streams read it. */
const SQLITE_CHECK_INTERVAL_MS = 20;
/** On PostgreSQL, the check that covers missed notices. */
const POSTGRES_CHECK_INTERVAL_MS = 1_000;

type Listener = () => void;

export interface EventHubDependencies {
  db: Kysely<Database>;
  /** How new events are heard of: SQLite and PostgreSQL differ (the top of this file). */
  engine: Engine;
  /** On PostgreSQL, brings the writers' NOTIFY with the project's id (heard by its listening connection). */
  changes: ChangeFeed;
  /** A watcher that throws and a check that fails are logged here: they run in no request. */
  logger: Logger;
}

export class EventHub {
  private readonly byProject = new Map<number, Set<Listener>>();
  private readonly everyProject = new Set<(projectId: number | null) => void>();
  /** The last id seen per watched project, to tell a real change from a repeated check. */
  private readonly lastSeen = new Map<number, number>();
  private lastRowId: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private readonly stopHearing: () => void;

  constructor(private readonly deps: EventHubDependencies) {
    this.stopHearing = deps.changes.onEvents((projectId) => this.wake(projectId));
  }

  /** Calls `listener` whenever `projectId` may have new events. Returns the way to stop. */
  watch(projectId: number, listener: Listener): () => void {
    let listeners = this.byProject.get(projectId);
    if (!listeners) this.byProject.set(projectId, (listeners = new Set()));
    listeners.add(listener);
    this.ensureTimer();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        this.byProject.delete(projectId);
        this.lastSeen.delete(projectId);
      }
      this.stopTimerWhenIdle();
    };
  }

  /** Calls `listener` with a project's id when it may have new events, or with null when any may have. */
  watchEveryProject(listener: (projectId: number | null) => void): () => void {
    this.everyProject.add(listener);
    this.ensureTimer();
    return () => {
      this.everyProject.delete(listener);
      this.stopTimerWhenIdle();
    };
  }

  /** How many streams are being told: for the metrics and the tests. */
  get watchers(): number {
    let count = 0;
    for (const listeners of this.byProject.values()) count += listeners.size;
    return count;
  }

  close(): void {
    this.stopHearing();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.byProject.clear();
    this.everyProject.clear();
  }

  private wake(projectId: number | null): void {
    const targets = projectId === null ? [...this.byProject.values()] : [this.byProject.get(projectId) ?? new Set<Listener>()];
    for (const listeners of targets) {
      for (const listener of listeners) this.call(listener);
    }
    for (const listener of this.everyProject) this.call(() => listener(projectId));
  }

  private call(listener: () => void): void {
    try {
      listener();
    } catch (error) {
      this.deps.logger.error({ err: error }, 'an event watcher failed');
    }
  }

  private ensureTimer(): void {
    if (this.timer) return;
    const interval = this.deps.engine === 'sqlite' ? SQLITE_CHECK_INTERVAL_MS : POSTGRES_CHECK_INTERVAL_MS;
    this.timer = setInterval(() => {
      this.checking ??= this.check()
        .catch((error: unknown) => this.deps.logger.error({ err: error }, 'event hub: checking for events failed'))
        .finally(() => (this.checking = null));
    }, interval);
    this.timer.unref();
  }

  private stopTimerWhenIdle(): void {
    if (this.byProject.size > 0 || this.everyProject.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    this.lastRowId = null;
  }

  private async check(): Promise<void> {
    if (this.deps.engine === 'sqlite') {
      const { rows } = await sql<{ last: number | null }>`select max(rowid) as last from events`.execute(this.deps.db);
      const last = rows[0]?.last ?? 0;
      if (last === this.lastRowId) return;
      // The first check also wakes: an event committed between a stream's first read and this check must not wait for the next one.
      this.lastRowId = last;
      for (const listener of this.everyProject) this.call(() => listener(null));
    } else {
      // Every process's dispatcher is told by the notices; this check is for the streams.
      for (const listener of this.everyProject) this.call(() => listener(null));
    }
    const watched = [...this.byProject.keys()];
    const lastIds = await lastEventIds(this.deps.db, watched);
    for (const projectId of watched) {
      const last = lastIds.get(projectId) ?? 0;
      if (this.lastSeen.get(projectId) === last) continue;
      this.lastSeen.set(projectId, last);
      for (const listener of this.byProject.get(projectId) ?? []) this.call(listener);
    }
  }
}
