// Kysely's SQLite driver, rebuilt around the one connection a process has
// to its SQLite file, for three reasons:
// - its lock wakes every waiter each time it is released, so under load each
//   query pays for all the others waiting; this one hands the connection to
//   the next waiter only (first come, first served);
// - write transactions take the write lock up front (BEGIN IMMEDIATE), so two
//   processes sharing the file (serve + worker) wait on busy_timeout instead
//   of failing with SQLITE_BUSY on the upgrade;
// - group commit. With synchronous=FULL every COMMIT waits for the disk
//   (~4 ms here), and better-sqlite3 waits synchronously, so one commit per
//   transaction caps a process at a few hundred writes a second with the
//   event loop stopped the whole time. Instead, transactions that follow one
//   another while others are queued share one database transaction (a
//   "group"), each inside its own SAVEPOINT, and the group commits once: when
//   nobody is waiting for the connection, or when it is GROUP_LIMIT
//   transactions or GROUP_MAX_MS old. While writes keep coming (the last
//   commit was under BUSY_MS ago) a group whose queue ran dry waits
//   GROUP_DELAY_MS more for company, as PostgreSQL's commit_delay does: the
//   requests in flight reach their own transactions in that time and share
//   the disk wait. Nothing is answered before it is on disk: a transaction's
//   commit, and any statement run while a group holds uncommitted writes,
//   resolve only after the group's COMMIT. A transaction that rolls back rolls
//   back to its savepoint and leaves the others whole. Under light load a
//   group is one transaction and commits at once, as before.
import type Sqlite from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, SqliteQueryCompiler, type DatabaseConnection, type Driver, type LimitNode, type QueryCompiler, type QueryResult } from 'kysely';
import { crashPoint } from '../crash-points.ts';
import { takeCommitCompanion, type TakenCompanion } from './commit-companion.ts';

export interface StatementSource {
  /** The database file: connections of one process to one file take turns holding a group. */
  readonly file: string;
  /** Whether a transaction is open on the connection: SQLite ends one by itself on some errors (a full disk). */
  readonly inTransaction: boolean;
  prepare(sql: string): Pick<Sqlite.Statement, 'reader' | 'readonly' | 'all' | 'run'>;
  close(): void;
}

/**
 * The group holding the write lock of each file, per process. A group keeps
 * the lock across turns of the event loop, so a second connection in the same
 * process (tests run two services on one file) must wait for that group's
 * commit without blocking: SQLite's busy_timeout would block the one thread
 * the commit needs.
 */
const groupsByFile = new Map<string, Group>();

/** At most this many transactions share one commit, */
const GROUP_LIMIT = 128;
/** and none waits longer than this for the disk after its own work is done. */
const GROUP_MAX_MS = 10;
/** Writes count as coming steadily when the last commit was this recent, */
const BUSY_MS = 20;
/** and then a group waits this long for more before it commits. */
const GROUP_DELAY_MS = 2;
const SAVEPOINT = 'cloudplane_transaction';

/** One database transaction shared by the transactions that ran in it, and the promise of its commit. */
class Group {
  /** Holds writes that are not on disk yet: anything read or written now waits for the commit. */
  dirty = false;
  transactions = 0;
  /** Its wait for company is over: commit as soon as the connection is free. */
  due = false;
  readonly openedAt = performance.now();
  readonly committed: Promise<void>;
  settle!: (error?: unknown) => void;

  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.settle = (error?: unknown) => (error === undefined ? resolve() : reject(error instanceof Error ? error : new Error('the group commit failed', { cause: error })));
    });
    // A group nobody waits on (all its transactions rolled back) must not report an unhandled rejection.
    this.committed.catch(() => {});
  }

  get full(): boolean {
    return this.transactions >= GROUP_LIMIT || performance.now() - this.openedAt >= GROUP_MAX_MS;
  }
}

/** A turn at the one connection: Kysely acquires one per query or transaction. */
class Turn implements DatabaseConnection {
  inTransaction = false;
  /** The connection went on to the next turn before Kysely released this one (it is waiting for a commit). */
  passedOn = false;

  constructor(private readonly driver: GroupCommitSqliteDriver) {}

  executeQuery<Row>(compiled: CompiledQuery): Promise<QueryResult<Row>> {
    return this.driver.execute<Row>(this, compiled);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<Row>(): AsyncIterableIterator<QueryResult<Row>> {
    throw new Error('streaming is not used by cloudplane');
  }
}

class GroupCommitSqliteDriver implements Driver {
  private current: Turn | null = null;
  private readonly waiting: { turn: Turn; start: () => void }[] = [];
  private group: Group | null = null;
  private lastCommitAt = -Infinity;
  private delayedCommit: NodeJS.Timeout | null = null;

  constructor(private readonly database: StatementSource) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    const turn = new Turn(this);
    if (!this.current) {
      this.current = turn;
      return Promise.resolve(turn);
    }
    return new Promise((resolve) => this.waiting.push({ turn, start: () => resolve(turn) }));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    if (!turn.passedOn) this.passOn(turn);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.group ??= await this.openGroup();
    this.run('savepoint ' + SAVEPOINT);
    (connection as Turn).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    const group = this.group!;
    // A failure here leaves the savepoint in place: Kysely rolls the transaction back to it.
    const companion = takeCommitCompanion();
    const companionRows = companion ? this.runCompanion(companion) : [];
    this.run('release ' + SAVEPOINT);
    turn.inTransaction = false;
    group.dirty = true;
    group.transactions += 1;
    this.passOn(turn);
    await committedWith(group, companion, companionRows);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as Turn).inTransaction = false;
    // SQLite rolled the whole group back itself (see endLostGroup): there is no savepoint left to roll back to, and the
    // error that did it, not "no such savepoint", is the one the transaction fails with.
    if (!this.database.inTransaction) return;
    this.run('rollback to ' + SAVEPOINT);
    this.run('release ' + SAVEPOINT);
  }

  async execute<Row>(turn: Turn, compiled: CompiledQuery): Promise<QueryResult<Row>> {
    const statement = this.database.prepare(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    const writesAlone = !turn.inTransaction && !statement.readonly;
    // A write outside a transaction joins the group like a transaction of one statement.
    if (writesAlone) this.group ??= await this.openGroup();
    // It is one with a companion (commit-companion.ts) when its work has one waiting: the two stand or fall together.
    const companion = writesAlone ? takeCommitCompanion() : undefined;
    let result: QueryResult<Row>;
    let companionRows: unknown[] = [];
    try {
      if (companion) this.run('savepoint ' + SAVEPOINT);
      result = statement.reader
        ? { rows: statement.all(parameters) as Row[] }
        : (({ changes, lastInsertRowid }) => ({ rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) }))(statement.run(parameters));
      if (companion) {
        companionRows = this.runCompanion(companion);
        this.run('release ' + SAVEPOINT);
      }
    } catch (error) {
      if (companion) this.undoCompanionSavepoint(companion);
      this.endLostGroup(error);
      throw error;
    }
    if (turn.inTransaction) return result;
    const group = this.group;
    if (!statement.readonly) {
      group!.dirty = true;
      group!.transactions += 1;
    }
    // What this statement saw or wrote may not be on disk yet: answer once it is.
    if (group?.dirty) {
      this.passOn(turn);
      await committedWith(group, companion, companionRows);
    } else {
      companion?.committed(companionRows);
    }
    return result;
  }

  /** Runs a companion's statement in the transaction about to commit; its rows are what it answered. */
  private runCompanion(companion: TakenCompanion): unknown[] {
    let rows: unknown[];
    try {
      rows = this.database.prepare(companion.statement.sql).all(companion.statement.parameters);
    } catch (error) {
      companion.givenBack();
      throw error;
    }
    crashPoint('audit.before-commit');
    return rows;
  }

  /** A single-statement write or its companion failed: neither stays (unless SQLite already ended the group). */
  private undoCompanionSavepoint(companion: TakenCompanion): void {
    companion.givenBack();
    if (!this.database.inTransaction) return;
    this.run('rollback to ' + SAVEPOINT);
    this.run('release ' + SAVEPOINT);
  }

  /**
   * A read-only statement run now, when a turn would run it just the same:
   * no turn holds the connection (so none waits for it either) and no group
   * is open (so there is no uncommitted write to see, nor a commit to wait
   * for). It then reads the last commit in SQLite's autocommit, as a turn
   * would, without Kysely's acquire, execute and release around it; for the
   * one or two small reads a request makes, those cost more than the read.
   * Undefined when it must take its turn after all.
   */
  readAtOnce(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
    if (this.current || this.group) return undefined;
    const statement = this.database.prepare(sql);
    if (!statement.reader || !statement.readonly) return undefined;
    return statement.all(parameters);
  }

  async destroy(): Promise<void> {
    if (this.group) this.commitGroup(this.group);
    this.database.close();
  }

  /**
   * On some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY, SQLITE_NOMEM) SQLite
   * may roll back the whole transaction rather than the one statement: then
   * the group is over, and every transaction in it, released into it or not,
   * failed with `error` (a full disk is answered 503 as it should be, not as
   * the "cannot commit" that would follow). The next transaction opens a
   * group of its own: a SAVEPOINT run with no group open would start and
   * commit a transaction by itself, outside any group.
   */
  private endLostGroup(error: unknown): void {
    const group = this.group;
    if (!group || this.database.inTransaction) return;
    this.group = null;
    if (groupsByFile.get(this.database.file) === group) groupsByFile.delete(this.database.file);
    if (this.delayedCommit) clearTimeout(this.delayedCommit);
    this.delayedCommit = null;
    group.settle(error);
  }

  /** The group commits now, or (while writes keep coming) after waiting a moment for more transactions to join it. */
  private commitOrWait(group: Group): void {
    if (group.due || group.full || performance.now() - this.lastCommitAt >= BUSY_MS) return this.commitGroup(group);
    this.delayedCommit ??= setTimeout(() => {
      this.delayedCommit = null;
      if (this.group !== group) return;
      group.due = true;
      // Mid-turn, the turn commits it when it passes the connection on.
      if (!this.current) this.commitGroup(group);
    }, GROUP_DELAY_MS);
  }

  private async openGroup(): Promise<Group> {
    for (let other = groupsByFile.get(this.database.file); other; other = groupsByFile.get(this.database.file)) {
      await other.committed.catch(() => {});
    }
    this.run('begin immediate');
    const group = new Group();
    groupsByFile.set(this.database.file, group);
    return group;
  }

  /**
   * The connection goes to the next turn; the group commits first when it is
   * full or its wait is over, and when nobody else is waiting for the
   * connection (no one left to share it with) it commits or waits for company.
   */
  private passOn(turn: Turn): void {
    turn.passedOn = true;
    const group = this.group;
    if (group && (group.due || group.full)) this.commitGroup(group);
    else if (group?.dirty && this.waiting.length === 0) this.commitOrWait(group);
    else if (group && !group.dirty && this.waiting.length === 0) this.commitGroup(group);
    const next = this.waiting.shift();
    this.current = next?.turn ?? null;
    next?.start();
  }

  private commitGroup(group: Group): void {
    this.group = null;
    if (groupsByFile.get(this.database.file) === group) groupsByFile.delete(this.database.file);
    if (this.delayedCommit) clearTimeout(this.delayedCommit);
    this.delayedCommit = null;
    try {
      this.run('commit');
      this.lastCommitAt = performance.now();
      group.settle();
    } catch (error) {
      // The disk refused the commit: none of the group's transactions happened.
      try {
        this.run('rollback');
      } catch {
        // Already rolled back by SQLite itself.
      }
      group.settle(error);
    }
  }

  private run(sql: string): void {
    this.database.prepare(sql).run([]);
  }
}

/** Waits for the group's commit; a companion that rode in it is committed with it, or given back when it failed. */
async function committedWith(group: Group, companion: TakenCompanion | undefined, companionRows: unknown[]): Promise<void> {
  try {
    await group.committed;
  } catch (error) {
    companion?.givenBack();
    throw error;
  }
  companion?.committed(companionRows);
}

/** The driver behind each Kysely instance that may read at once (not its transactions: they hold their turn). */
const driversByDatabase = new WeakMap<object, GroupCommitSqliteDriver>();

/**
 * A LIMIT is written `limit cast(? as integer)`, never a bare `limit ?`.
 * SQLite (3.53, as better-sqlite3 12 bundles it) reads a bare parameter's
 * bound value when it plans a LIMIT, so binding that parameter again, even
 * to the same value, makes the kept statement stale and its next run parses
 * and plans it anew. Measured on one connection: a read by primary key with
 * `limit ?` took 5.5 µs against 3.2 µs, and a page of 50 servers (whose
 * primaryIpv4 has a `limit 1` too) 126 µs against 96 µs. Behind the cast the
 * limit is an expression computed when the statement runs, like an OFFSET.
 */
class KeptPlanSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit cast(');
    this.visitNode(node.limit);
    this.append(' as integer)');
  }
}

export class QueuedSqliteDialect extends SqliteDialect {
  private driver: GroupCommitSqliteDriver | undefined;

  constructor(private readonly database: StatementSource) {
    super({ database: database as never });
  }

  override createQueryCompiler(): QueryCompiler {
    return new KeptPlanSqliteQueryCompiler();
  }

  override createDriver(): Driver {
    this.driver = new GroupCommitSqliteDriver(this.database);
    return this.driver;
  }

  /** Lets readAtOnce serve `db`, the Kysely instance made with this dialect. */
  readsAtOnceFor(db: object): void {
    if (!this.driver) throw new Error('the dialect has no driver yet: make the Kysely instance first');
    driversByDatabase.set(db, this.driver);
  }
}

/**
 * Rows of a read-only statement, read now when that is what waiting for a
 * turn would read (GroupCommitSqliteDriver.readAtOnce); undefined when the
 * read must take its turn, and always for a transaction, another engine, or
 * a database not enabled with readsAtOnceFor, such as one made from it with
 * withPlugin (its plugins need Kysely's executor, which this passes by).
 */
export function readAtOnce(db: object, sql: string, parameters: readonly unknown[]): unknown[] | undefined {
  return driversByDatabase.get(db)?.readAtOnce(sql, parameters);
}
