// How the processes sharing one database (several `serve` and `worker`
// processes) keep their caches honest. A writer commits its change together
// with a notice naming the topic; every process hears of it within
// milliseconds and its caches stop trusting what they kept for that topic.
//
// - PostgreSQL: the notice is a NOTIFY sent in the writer's transaction, so it
//   goes out exactly when the change commits. Each process LISTENs on one
//   dedicated connection. While that connection is lost, nothing is cached
//   (every read goes to the database); once it is back, everything kept before
//   is dropped, since notices sent meanwhile were missed.
// - SQLite: the writer's transaction bumps the topic's row in change_versions.
//   A short timer asks SQLite whether another connection committed anything
//   (`PRAGMA data_version`, answered from shared memory) and only then reads
//   the versions. A lone process (the usual SQLite setup) never reads them.
//
// The process that made a change hears of it before `commit` returns, so it
// reads its own writes at once.
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseHandle } from './client.ts';
import type { Database } from './schema.ts';

/** What can change under a cache: each names the rows some process keeps a copy of. */
export const CHANGE_TOPICS = ['catalogue', 'api-keys', 'faults', 'clock', 'projects', 'users', 'billing', 'firewall-attachments', 'server-consoles', 'webhooks', 'hosts'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/**
 * How often a SQLite process asks whether another process committed: the
 * longest a change made elsewhere goes unseen. A check costs tens of
 * microseconds (0.2% of a core at this rate).
 */
const SQLITE_CHECK_INTERVAL_MS = 20;
/** How often the PostgreSQL listening connection is checked, and how long it has to answer, before it counts as lost. */
const LISTENER_HEARTBEAT_MS = 10_000;
const LISTENER_HEARTBEAT_TIMEOUT_MS = 5_000;
const RECONNECT_FIRST_DELAY_MS = 100;
const RECONNECT_LONGEST_DELAY_MS = 5_000;
const CHANNEL = 'cloudplane_changes';
/**
 * Where a committed event of the event log is announced (modules/events):
 * the payload is the project's id. Sent by the writer's transaction, heard by
 * every process including the writer's, since the event tables are read, not
 * cached: the notice only says when to read.
 */
export const EVENTS_CHANNEL = 'cloudplane_events';
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'cloudplane-change-feed';

export interface ChangeFeed {
  /**
   * Runs `write` in a transaction that also carries the notice that `topic`
   * changed: other processes hear of it when (and only if) it commits, this
   * process before `commit` returns.
   */
  commit<T>(topic: ChangeTopic, write: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** The notice alone, for a change that is already committed. */
  announce(topic: ChangeTopic): Promise<void>;
  /**
   * Taken before reading what a cache keeps: the copy may be used while
   * `stamp(topic)` stays the same. It moves with every change this process
   * hears of, and is null while the process cannot hear of changes (nothing
   * may be kept then).
   */
  stamp(topic: ChangeTopic): number | null;
  /** Calls `listener` after each change to `topic` this process hears of, its own included. Returns the way to stop. */
  subscribe(topic: ChangeTopic, listener: () => void): () => void;
  /**
   * Calls `listener` with a project's id when an event of that project was
   * committed by any process (PostgreSQL only; on SQLite the event hub asks the
   * database itself), and with null when notices may have been missed.
   */
  onEvents(listener: (projectId: number | null) => void): () => void;
  /** Stops listening; with the application, before its database closes. */
  close(): Promise<void>;
}

export async function openChangeFeed(database: DatabaseHandle, options: { databaseUrl: string | undefined; logger: Logger }): Promise<ChangeFeed> {
  if (database.engine === 'postgres') {
    if (!options.databaseUrl) throw new Error('a PostgreSQL change feed needs the database URL for its listening connection');
    // Loaded only here, as in client.ts: the embedded default never needs the driver.
    const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
    // Bounded like the heartbeat: a PostgreSQL that does not answer at all (no refusal, no reset) must fail the attempt,
    // or the reconnection would wait on it forever and the feed would never listen again.
    const newClient = () =>
      new Client({
        connectionString: options.databaseUrl,
        keepAlive: true,
        application_name: LISTENER_APPLICATION_NAME,
        connectionTimeoutMillis: LISTENER_HEARTBEAT_TIMEOUT_MS,
        query_timeout: LISTENER_HEARTBEAT_TIMEOUT_MS,
      });
    const feed = new PostgresChangeFeed(database.db, newClient, options.logger);
    await feed.start();
    return feed;
  }
  const feed = new SqliteChangeFeed(database.db, options.logger);
  await feed.start();
  return feed;
}

/** What both engines share: the stamps, the listeners, and hearing of a change. */
abstract class LocalChanges implements ChangeFeed {
  private readonly stamps = new Map<ChangeTopic, number>(CHANGE_TOPICS.map((topic) => [topic, 0]));
  private readonly listeners = new Map<ChangeTopic, Set<() => void>>(CHANGE_TOPICS.map((topic) => [topic, new Set()]));
  protected listening = true;
  private readonly eventListeners = new Set<(projectId: number | null) => void>();

  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly logger: Logger,
  ) {}

  abstract commit<T>(topic: ChangeTopic, write: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  abstract close(): Promise<void>;

  async announce(topic: ChangeTopic): Promise<void> {
    await this.commit(topic, async () => undefined);
  }

  stamp(topic: ChangeTopic): number | null {
    return this.listening ? this.stamps.get(topic)! : null;
  }

  subscribe(topic: ChangeTopic, listener: () => void): () => void {
    const listeners = this.listeners.get(topic)!;
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  onEvents(listener: (projectId: number | null) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  protected heardEvents(projectId: number | null): void {
    for (const listener of this.eventListeners) {
      try {
        listener(projectId);
      } catch (error) {
        this.logger.error({ err: error, projectId }, 'an event listener failed');
      }
    }
  }

  protected heard(topic: ChangeTopic): void {
    this.stamps.set(topic, this.stamps.get(topic)! + 1);
    for (const listener of this.listeners.get(topic)!) {
      try {
        listener();
      } catch (error) {
        this.logger.error({ err: error, topic }, 'a change listener failed');
      }
    }
  }

  /** Changes may have been missed: every topic counts as changed. */
  protected heardEverything(): void {
    for (const topic of CHANGE_TOPICS) this.heard(topic);
    this.heardEvents(null);
  }
}

function isTopic(value: string): value is ChangeTopic {
  return (CHANGE_TOPICS as readonly string[]).includes(value);
}

class PostgresChangeFeed extends LocalChanges {
  /** Tells this process's own notices (already heard in `commit`) from the others'. */
  private readonly origin = Math.random().toString(36).slice(2, 12);
  private client: pg.Client | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelayMs = RECONNECT_FIRST_DELAY_MS;
  private closed = false;

  constructor(
    db: Kysely<Database>,
    private readonly newClient: () => pg.Client,
    logger: Logger,
  ) {
    super(db, logger);
  }

  /** The first connection must succeed: a process that cannot hear of changes does not start. */
  async start(): Promise<void> {
    await this.listen();
    this.heartbeat = setInterval(() => void this.checkListener(), LISTENER_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async commit<T>(topic: ChangeTopic, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute(async (trx) => {
      const written = await write(trx);
      await sql`select pg_notify(${CHANNEL}, ${`${this.origin} ${topic}`})`.execute(trx);
      return written;
    });
    this.heard(topic);
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = this.newClient();
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL) this.onEventNotice(message.payload);
      else this.onNotice(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      // As with the timers here: what keeps a process running is its listeners and its worker, never the feed.
      (client.connection.stream as Partial<Socket>).unref?.();
    } catch (error) {
      client.removeAllListeners('end');
      void client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    const regained = !this.listening;
    this.client = client;
    this.listening = true;
    this.reconnectDelayMs = RECONNECT_FIRST_DELAY_MS;
    // Notices sent while the connection was down were missed.
    if (regained) {
      this.heardEverything();
      this.logger.warn('change feed: listening again; every cache was dropped');
    }
  }

  private onNotice(payload: string | undefined): void {
    const [origin, topic] = (payload ?? '').split(' ');
    if (origin === this.origin || topic === undefined || !isTopic(topic)) return;
    this.heard(topic);
  }

  private onEventNotice(payload: string | undefined): void {
    const projectId = Number(payload);
    if (Number.isSafeInteger(projectId)) this.heardEvents(projectId);
  }

  private lost(client: pg.Client, error: Error | null): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn({ err: error ?? undefined }, 'change feed: lost its PostgreSQL connection; caches read through until it is back');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(RECONNECT_LONGEST_DELAY_MS, delay * 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().catch(() => {
        if (!this.closed) this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  /** A connection can die without a word (a half-open socket): one that does not answer a query in time counts as lost. */
  private async checkListener(): Promise<void> {
    const client = this.client;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${LISTENER_HEARTBEAT_TIMEOUT_MS} ms`)), LISTENER_HEARTBEAT_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('select 1'), timeout]);
    } catch (error) {
      this.lost(client, error as Error);
    } finally {
      clearTimeout(timer);
    }
  }
}

class SqliteChangeFeed extends LocalChanges {
  /** The version of each topic this process has caught up with. */
  private readonly known = new Map<ChangeTopic, number>();
  private dataVersion: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  async start(): Promise<void> {
    this.dataVersion = await this.readDataVersion();
    for (const [topic, version] of await this.readVersions()) this.known.set(topic, version);
    this.timer = setInterval(() => {
      this.checking ??= this.check()
        .catch((error: unknown) => this.logger.error({ err: error }, 'change feed: checking for changes failed'))
        .finally(() => (this.checking = null));
    }, SQLITE_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  async commit<T>(topic: ChangeTopic, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const [result, version] = await this.db.transaction().execute(async (trx) => {
      const written = await write(trx);
      const bumped = await trx
        .insertInto('change_versions')
        .values({ topic, version: 1 })
        .onConflict((conflict) => conflict.column('topic').doUpdateSet((eb) => ({ version: eb('change_versions.version', '+', 1) })))
        .returning('version')
        .executeTakeFirstOrThrow();
      return [written, bumped.version] as const;
    });
    // Versions skipped here were other processes' changes: hearing this one drops the same copies.
    this.known.set(topic, Math.max(this.known.get(topic) ?? 0, version));
    this.heard(topic);
    return result;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking;
  }

  private async check(): Promise<void> {
    // Own commits leave data_version as it is: it moves only for other connections' (processes') commits.
    const dataVersion = await this.readDataVersion();
    if (dataVersion === this.dataVersion) return;
    this.dataVersion = dataVersion;
    for (const [topic, version] of await this.readVersions()) {
      if (version <= (this.known.get(topic) ?? 0)) continue;
      this.known.set(topic, version);
      this.heard(topic);
    }
  }

  private async readDataVersion(): Promise<number> {
    const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(this.db);
    return rows[0]!.data_version;
  }

  private async readVersions(): Promise<[ChangeTopic, number][]> {
    const rows = await this.db.selectFrom('change_versions').select(['topic', 'version']).execute();
    return rows.flatMap((row) => (isTopic(row.topic) ? [[row.topic, Number(row.version)] as [ChangeTopic, number]] : []));
  }
}

/**
 * One value kept until its topic changes (or, with `maxAgeMs`, until it is
 * that old): the copy every process-wide cache keeps. A value read while a
 * change was being heard is used once and not kept, so a read that raced a
 * change can never outlive it.
 */
export class CachedUntilChanged<T> {
  private kept: { value: T; stamp: number; loadedAt: number } | null = null;
  private loading: { stamp: number | null; promise: Promise<T> } | null = null;
  private lastValue: T | undefined;

  constructor(
    private readonly changes: ChangeFeed,
    private readonly topic: ChangeTopic,
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
  ) {}

  /** The kept value while it is current; otherwise read again (concurrent callers share one read). */
  get(): Promise<T> {
    const stamp = this.changes.stamp(this.topic);
    const kept = this.kept;
    if (kept && kept.stamp === stamp && Date.now() - kept.loadedAt < this.maxAgeMs) return Promise.resolve(kept.value);
    if (this.loading && this.loading.stamp === stamp && stamp !== null) return this.loading.promise;
    const promise = this.load().then((value) => {
      this.lastValue = value;
      const current = this.changes.stamp(this.topic);
      if (stamp !== null && current === stamp) this.kept = { value, stamp, loadedAt: Date.now() };
      return value;
    });
    const loading = { stamp, promise };
    this.loading = loading;
    const settle = () => {
      if (this.loading === loading) this.loading = null;
    };
    promise.then(settle, settle);
    return promise;
  }

  /** The kept value while it is current, without reading anything. */
  peek(): T | undefined {
    const kept = this.kept;
    return kept && kept.stamp === this.changes.stamp(this.topic) && Date.now() - kept.loadedAt < this.maxAgeMs ? kept.value : undefined;
  }

  /** The last value read, current or not: a fallback while the source cannot be read. */
  get last(): T | undefined {
    return this.lastValue;
  }

  /** Forgets the kept value (this process learnt on its own that it is out of date). */
  drop(): void {
    this.kept = null;
  }
}

/**
 * Values by key, each kept until its topic changes: the per-row copies a
 * process keeps (API key rows, memberships). Only values found are kept, so a
 * row that appears counts at once and guesses at keys cannot push real ones
 * out; a value read while a change was being heard is used once, not kept;
 * nothing is kept while changes cannot be heard. Past `capacity`, the key used
 * longest ago makes room.
 */
export class KeyedUntilChanged<V> {
  /** Least recently used first. */
  private readonly kept = new Map<string, { value: V; stamp: number }>();

  constructor(
    private readonly changes: ChangeFeed,
    private readonly topic: ChangeTopic,
    private readonly capacity: number,
  ) {}

  /** The kept value for `key` while it is current; otherwise `load`'s, kept if found. */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const stamp = this.changes.stamp(this.topic);
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      if (kept.stamp === stamp) {
        this.kept.set(key, kept);
        return kept.value;
      }
    }
    const value = await load();
    if (value !== undefined) this.keep(key, value, stamp);
    return value;
  }

  /** The kept value for `key` while it is current, without reading anything. */
  peek(key: string): V | undefined {
    const kept = this.kept.get(key);
    return kept && kept.stamp === this.changes.stamp(this.topic) ? kept.value : undefined;
  }

  /** Several values read at once (those `load` finds are kept), for a list whose rows were not all kept. */
  async loadMany(load: () => Promise<[string, V][]>): Promise<void> {
    const stamp = this.changes.stamp(this.topic);
    for (const [key, value] of await load()) this.keep(key, value, stamp);
  }

  /**
   * Keeps the value of a row this process has just written, as written:
   * `write` runs, and what it answers (if anything) is kept if nothing
   * changed meanwhile.
   */
  async write(key: (value: V) => string, write: () => Promise<V | undefined>): Promise<V | undefined> {
    const stamp = this.changes.stamp(this.topic);
    const value = await write();
    if (value !== undefined) this.keep(key(value), value, stamp);
    return value;
  }

  /** Keeps `value` if nothing changed since `stamp` was taken, before it was read. */
  private keep(key: string, value: V, stamp: number | null): void {
    if (stamp === null || stamp !== this.changes.stamp(this.topic)) return;
    this.kept.delete(key);
    if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { value, stamp });
  }
}
