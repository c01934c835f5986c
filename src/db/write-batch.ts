// Writes that stand or fall together, sent to PostgreSQL as one statement.
// node-postgres sends one statement per round trip and waits for its answer,
// so a transaction of six writes was eight round trips (with BEGIN and
// COMMIT) where the client waits on the network each time. The same writes
// as data-modifying CTEs of one statement are one round trip and atomic
// without BEGIN/COMMIT. SQLite runs in-process, where a statement costs no
// round trip: there the same writes run one after another in a transaction.
//
// Every write of a batch answers at least one row (RETURNING): a write that
// answers none found the state other than its caller read it (a guard's
// condition no longer held, a key taken meanwhile), and the whole batch is
// undone. Writes of one statement cannot see each other's rows, so a batch's
// writes must not depend on each other's effects, except through the parts
// an engine form names (an event's id taken from its project's sequence).
import { PostgresAdapter, sql, type Compilable, type Kysely, type OperationNodeSource, type Transaction } from 'kysely';
import { isUniqueViolation } from './client.ts';
import type { Database } from './schema.ts';

/** A query that writes and answers the rows it wrote (RETURNING). */
export type WritingQuery = Compilable<unknown> & OperationNodeSource;

/** A part of the one statement: a name and a query that answers rows. */
export interface StatementPart {
  name: string;
  query: OperationNodeSource;
  /**
   * The part may rightly answer no row (it tidies up what may already be
   * gone, such as a job a worker has taken): it does not undo the batch.
   * Only a write can be one, as PostgreSQL runs every write of a statement
   * whether or not anything refers to it.
   */
  mayWriteNothing?: boolean;
}

/** A write the engines make differently, each in its own form. */
export interface EngineWrite {
  /**
   * Named parts of the one statement, in order; each answers at least one
   * row. `name` makes a part's name unique in the batch, and later parts of
   * this write refer to earlier ones by it.
   */
  postgres: (name: (part: string) => string) => StatementPart[];
  /** The same write in the batch's transaction. */
  sqlite: (trx: Transaction<Database>) => Promise<void>;
}

export type BatchWrite = WritingQuery | EngineWrite;

/** A write of a batch answered no row: what it was guarded by changed since it was read, and nothing was written. */
export class WroteNothing extends Error {
  constructor() {
    super('a write found the state changed since it was read; nothing was written');
  }
}

/** A write lost a race with another: a unique index refused it, or a guarded write found nothing to write. */
export function isLostRace(error: unknown): boolean {
  return error instanceof WroteNothing || isUniqueViolation(error);
}

// PostgreSQL's error for a division by zero: how the statement refuses to commit when a part wrote nothing.
const DIVISION_BY_ZERO = '22012';

function isEngineWrite(write: BatchWrite): write is EngineWrite {
  return 'postgres' in write && 'sqlite' in write;
}

/** Writes every one of `writes` or none (WroteNothing, or the engine's error). `db` may be a transaction. */
export async function writeAll(db: Kysely<Database>, writes: readonly BatchWrite[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return writeAsOneStatement(db, writes);
  const run = async (trx: Transaction<Database>) => {
    for (const write of writes) {
      if (isEngineWrite(write)) await write.sqlite(trx);
      else if ((await trx.executeQuery(write.compile())).rows.length === 0) throw new WroteNothing();
    }
  };
  if (db.isTransaction) await run(db as Transaction<Database>);
  else await db.transaction().execute(run);
}

async function writeAsOneStatement(db: Kysely<Database>, writes: readonly BatchWrite[]): Promise<void> {
  const parts = writes.flatMap((write, index): StatementPart[] => (isEngineWrite(write) ? write.postgres((part) => `${part}_${index}`) : [{ name: `write_${index}`, query: write }]));
  const named = parts.map((part) => sql`${sql.id(part.name)} as (${part.query})`);
  const rowCounts = parts.filter((part) => !part.mayWriteNothing).map((part) => sql`(select count(*) from ${sql.id(part.name)})`);
  try {
    // Every part is referenced here, so every one runs (PostgreSQL skips a select part nothing refers to);
    // a part that answered no row makes the division fail, and the statement, all of it, is undone.
    await sql`with ${sql.join(named)} select 1 / least(${sql.join(rowCounts)}) as written`.execute(db);
  } catch (error) {
    if ((error as { code?: unknown }).code === DIVISION_BY_ZERO) throw new WroteNothing();
    throw error;
  }
}

/**
 * Inserts a row and the writes that follow from it (which carry its id), all
 * or nothing. On PostgreSQL the id is taken from the table's sequence
 * beforehand (`id`, read by the statement before), so the row and the rest
 * are one statement; SQLite cannot take an id ahead of its insert, so there
 * (`id` null) the insert answers it, in one transaction with the rest.
 */
export async function insertWithWrites(
  db: Kysely<Database>,
  id: number | null,
  insert: (id: number | null) => WritingQuery,
  then: (id: number) => readonly BatchWrite[],
): Promise<number> {
  if (id !== null) {
    await writeAll(db, [insert(id), ...then(id)]);
    return id;
  }
  const run = async (trx: Transaction<Database>) => {
    const [row] = (await trx.executeQuery(insert(null).compile())).rows as { id: number }[];
    if (!row) throw new WroteNothing();
    await writeAll(trx, then(Number(row.id)));
    return Number(row.id);
  };
  return db.isTransaction ? run(db as Transaction<Database>) : db.transaction().execute(run);
}
