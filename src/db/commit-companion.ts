// A write that must commit together with whatever a piece of work writes
// first, wherever that write happens: the audit entry of a request commits in
// the transaction of the change it records (D26), so a crash between the two
// can leave neither one without the other.
//
// The work (a request) runs inside `runWithCommitCompanion`. Its first write
// to commit takes the companion along, at the database driver itself
// (client.ts for PostgreSQL, sqlite-dialect.ts for SQLite): the companion's
// statement runs in that write's transaction just before it commits, or, for
// a write outside any transaction, in a transaction made around the two. So
// no service has to remember it: any transaction or single-statement write a
// request makes, in any module, carries it.
//
// The companion is taken once. A transaction that rolls back, or whose commit
// fails, gives it back for the next write (or for the work to write itself,
// once it knows no write committed).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery } from 'kysely';

export interface CommitCompanion {
  /**
   * The statement to commit along, made when a write is about to commit (what
   * the work knows by then goes in it); null once it is no longer wanted
   * (the work is over, and what still runs in its async context, such as a
   * job it woke, is not part of it).
   */
  statementToCommit(): CompiledQuery | null;
  /** The statement committed along with a write; `rows` are what it answered (RETURNING). */
  committed(rows: readonly unknown[]): void;
}

class CompanionSlot {
  state: 'waiting' | 'riding' | 'committed' = 'waiting';
  constructor(readonly companion: CommitCompanion) {}
}

/** A companion taken by a write: it commits with it, or is given back. */
export interface TakenCompanion {
  readonly statement: CompiledQuery;
  /** The write and the statement committed. */
  committed(rows: readonly unknown[]): void;
  /** The write did not commit (rolled back, or its commit failed): the next write takes the companion. */
  givenBack(): void;
}

const slots = new AsyncLocalStorage<CompanionSlot>();

/** Runs `work` so that the first write it commits (in any async continuation of it) commits `companion` too. */
export function runWithCommitCompanion<T>(companion: CommitCompanion, work: () => T): T {
  return slots.run(new CompanionSlot(companion), work);
}

/**
 * Runs `write` outside the work's companion: for a write that is not part of
 * the work's change (a hint such as a key's last use), which must neither
 * carry the entry nor stand in for the change.
 */
export function outsideCommitCompanion<T>(write: () => T): T {
  return slots.exit(write);
}

/** For the drivers: the companion a write about to commit must take along, if its work has one still waiting. */
export function takeCommitCompanion(): TakenCompanion | undefined {
  const slot = slots.getStore();
  if (slot?.state !== 'waiting') return undefined;
  const statement = slot.companion.statementToCommit();
  if (!statement) return undefined;
  slot.state = 'riding';
  return {
    statement,
    committed(rows) {
      slot.state = 'committed';
      slot.companion.committed(rows);
    },
    givenBack() {
      slot.state = 'waiting';
    },
  };
}
