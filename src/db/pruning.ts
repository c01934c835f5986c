// Deleting what has outlived its retention, in batches. One DELETE of a
// month's rows would hold SQLite's one write lock (and on PostgreSQL a long
// transaction) for as long as it takes to delete them all, and every request
// that writes would wait behind it. A batch of PRUNE_BATCH_ROWS rows by
// primary key takes a few milliseconds, and the loop yields between batches,
// so writes go on while a large backlog is pruned.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './schema.ts';

/** Rows a statement deletes: a few milliseconds of the write lock on SQLite. */
export const PRUNE_BATCH_ROWS = 500;

/** The tables a retention prunes, each with the columns of its primary key. */
const PRIMARY_KEYS = {
  audit_log: ['id'],
  events: ['project_id', 'id'],
  server_metric_samples: ['server_key', 'at'],
  server_metric_rollups_5m: ['server_key', 'at'],
  server_metric_rollups_1h: ['server_key', 'at'],
  webhook_deliveries: ['id'],
  server_console_sessions: ['id'],
  idempotency_keys: ['user_id', 'scope', 'key'],
  console_sessions: ['id_hash'],
} as const satisfies Partial<Record<keyof Database, readonly string[]>>;

export type PrunedTable = keyof typeof PRIMARY_KEYS;

/**
 * Deletes the rows of `table` that `condition` selects, PRUNE_BATCH_ROWS a
 * statement (picked by primary key), until none is left; answers how many
 * it deleted.
 */
export async function deleteInBatches(
  db: Kysely<Database>,
  table: PrunedTable,
  condition: RawBuilder<SqlBool>,
  /** Told each batch's rows and how long its statement took (the bench's check of the write lock's hold). */
  onBatch?: (rows: number, ms: number) => void,
): Promise<number> {
  const keyColumns = PRIMARY_KEYS[table].map((column) => sql.ref(column));
  // A key of several columns is compared as a row value: (a, b) in (select a, b …), on both engines.
  const key = keyColumns.length === 1 ? keyColumns[0]! : sql`(${sql.join(keyColumns)})`;
  let deleted = 0;
  for (;;) {
    const startedAt = performance.now();
    const result = await sql`delete from ${sql.table(table)} where ${key} in (select ${sql.join(keyColumns)} from ${sql.table(table)} where ${condition} limit ${PRUNE_BATCH_ROWS})`.execute(db);
    const batch = Number(result.numAffectedRows ?? 0);
    onBatch?.(batch, performance.now() - startedAt);
    deleted += batch;
    if (batch < PRUNE_BATCH_ROWS) return deleted;
    // Whatever waits for the database goes first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
