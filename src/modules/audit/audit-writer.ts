// The audit log's rows, written in batches. Every answered change adds a row,
// and a statement per row was a round trip per request on PostgreSQL (and a
// statement on SQLite) after every change's own transaction. Rows queued
// while a batch is being written go into the next one, so under load many
// requests share one INSERT, and alone a row is written at once (on the next
// turn of the event loop). A row is written after its answer either way (see
// http/plugins/audit.ts); `write` settles once its row is stored.
import { AsyncResource } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertAuditEntries, type NewAuditRow } from './audit.repo.ts';

/** Rows per INSERT: 18 values a row, well inside both engines' limits on bound parameters. */
const MAX_ROWS_PER_BATCH = 500;

interface Queued {
  row: NewAuditRow;
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
   * request whose row happened to start them: they belong to no request.
   */
  private readonly context = new AsyncResource('cloudplane.audit-writer');

  constructor(private readonly deps: AuditWriterDependencies) {}

  write(row: NewAuditRow): Promise<void> {
    return new Promise<void>((written, failed) => {
      this.queued.push({ row, written, failed });
      if (this.writing) return;
      this.writing = true;
      this.context.runInAsyncScope(() => setImmediate(() => void this.writeQueued()));
    });
  }

  private async writeQueued(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued.splice(0, MAX_ROWS_PER_BATCH);
      try {
        await insertAuditEntries(this.deps.db, batch.map((entry) => entry.row));
        for (const entry of batch) entry.written();
      } catch (error) {
        if (batch.length === 1) batch[0]!.failed(error);
        // One row the database refuses must not cost the others theirs: each is tried alone.
        else await Promise.all(batch.map((entry) => insertAuditEntries(this.deps.db, [entry.row]).then(entry.written, entry.failed)));
      }
    }
    // No await since the loop's last check: a row queued now finds `writing` false and starts a batch.
    this.writing = false;
  }
}
