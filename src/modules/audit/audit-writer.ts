// The audit log's writes after an answer, in batches. Most entries are
// written with their change (http/plugins/audit.ts) and only completed here
// with the answer's status; an answer that changed nothing (a refusal) gets
// its whole entry here. A statement or transaction per entry was a round trip
// per request on PostgreSQL after every change's own transaction, so entries
// queued while a batch is being written go into the next one: under load many
// requests share one transaction, and alone an entry is written at once (on
// the next turn of the event loop). `insert` and `complete` settle once their
// row is stored.
import { AsyncResource } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { completeAuditEntries, insertAuditEntries, type AuditRowValues, type NewAuditRow } from './audit.repo.ts';

/** Rows per batch: 18 values a row, well inside both engines' limits on bound parameters. */
const MAX_ROWS_PER_BATCH = 500;

type Write = { kind: 'insert'; row: NewAuditRow } | { kind: 'complete'; id: number; values: AuditRowValues };

interface Queued {
  write: Write;
  written: () => void;
  failed: (error: unknown) => void;
}

export interface AuditWriterDependencies {
  db: Kysely<Database>;
}

export class AuditWriter {
  private queued: Queued[] = [];
  private writing = false;
  /**
   * Batches run in the writer's own async context, not in that of the
   * request whose row happened to start them: they belong to no request
   * (and so take no request's commit companion along).
   */
  private readonly context = new AsyncResource('cloudplane.audit-writer');

  constructor(private readonly deps: AuditWriterDependencies) {}

  insert(row: NewAuditRow): Promise<void> {
    return this.enqueue({ kind: 'insert', row });
  }

  complete(id: number, values: AuditRowValues): Promise<void> {
    return this.enqueue({ kind: 'complete', id, values });
  }

  private enqueue(write: Write): Promise<void> {
    return new Promise<void>((written, failed) => {
      this.queued.push({ write, written, failed });
      if (this.writing) return;
      this.writing = true;
      this.context.runInAsyncScope(() => setImmediate(() => void this.writeQueued()));
    });
  }

  private async writeQueued(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued.splice(0, MAX_ROWS_PER_BATCH);
      try {
        // One row is one statement, atomic alone: a transaction around it would be two round trips more on PostgreSQL.
        if (batch.length === 1) await writeBatch(this.deps.db, batch);
        else await this.deps.db.transaction().execute((trx) => writeBatch(trx, batch));
        for (const entry of batch) entry.written();
      } catch (error) {
        if (batch.length === 1) batch[0]!.failed(error);
        // One row the database refuses must not cost the others theirs: each is tried alone.
        else await Promise.all(batch.map((entry) => writeBatch(this.deps.db, [entry]).then(entry.written, entry.failed)));
      }
    }
    // No await since the loop's last check: a row queued now finds `writing` false and starts a batch.
    this.writing = false;
  }
}

async function writeBatch(db: Kysely<Database>, batch: readonly Queued[]): Promise<void> {
  const rows: NewAuditRow[] = [];
  const completions: { id: number; values: AuditRowValues }[] = [];
  for (const { write } of batch) {
    if (write.kind === 'insert') rows.push(write.row);
    else completions.push(write);
  }
  if (rows.length > 0) await insertAuditEntries(db, rows);
  if (completions.length > 0) await completeAuditEntries(db, completions);
}
