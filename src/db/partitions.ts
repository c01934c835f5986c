// Tables partitioned by day on PostgreSQL (migration 0025's metric tables):
// a row can only be written into a day whose partition exists, and a day
// past its retention is dropped whole, which frees its space at once and
// leaves no dead rows behind for vacuum, unlike deleting them. On SQLite the
// same tables are plain, and pruned in batches (db/pruning.ts).
//
// The partition of a day is `<table>_p<yyyymmdd>` (UTC), holding `at` from
// the day's first millisecond to the next day's. Each process remembers
// the partitions it made or saw, so a write asks the catalogue once a day.
import { sql, type Kysely } from 'kysely';
import type { Engine } from './client.ts';
import type { Database } from './schema.ts';

export const DAY_MS = 86_400_000;

export type PartitionedTable = 'server_metric_samples' | 'server_metric_rollups_5m' | 'server_metric_rollups_1h';

export function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

function partitionName(table: PartitionedTable, dayStartMs: number): string {
  return `${table}_p${new Date(dayStartMs).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The day a partition's name stands for, or null for a name that is not one of ours. */
function dayOfPartition(table: PartitionedTable, name: string): number | null {
  const match = new RegExp(`^${table}_p(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

export class DayPartitions {
  private readonly known = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /** Whether the tables are partitioned by day here (PostgreSQL), so that retention drops days. */
  get byDay(): boolean {
    return this.engine === 'postgres';
  }

  /** Makes the partitions of the days these moments fall in, unless they are there; nothing on SQLite. */
  async ensure(table: PartitionedTable, moments: Iterable<number>): Promise<void> {
    if (this.engine !== 'postgres') return;
    const days = new Set<number>();
    for (const moment of moments) days.add(dayStart(moment));
    for (const day of days) {
      const name = partitionName(table, day);
      if (this.known.has(name)) continue;
      try {
        await sql`create table if not exists ${sql.table(name)} partition of ${sql.table(table)} for values from (${sql.lit(day)}) to (${sql.lit(day + DAY_MS)})`.execute(this.db);
      } catch (error) {
        // Another process made it between IF NOT EXISTS's look and the create (a duplicate in the catalogue): it is there.
        if (!(await this.exists(name))) throw error;
      }
      this.known.add(name);
    }
  }

  /** Drops the partitions whose whole day is before `beforeMs`; how many went. */
  async dropBefore(table: PartitionedTable, beforeMs: number): Promise<number> {
    if (this.engine !== 'postgres') return 0;
    // By name rather than by pg_inherits, so that a day a cut-off run detached but did not drop is found too.
    const { rows } = await sql<{ name: string }>`select relname as name from pg_class where relkind = 'r' and relname like ${`${table}\\_p%`}`.execute(this.db);
    let dropped = 0;
    for (const { name } of rows) {
      const day = dayOfPartition(table, name);
      if (day === null || day + DAY_MS > beforeMs) continue;
      // Detached first without blocking the parent's readers and writers (a plain DROP takes the parent's
      // strongest lock until it is done), then dropped on its own; one already detached fails the first and is dropped.
      await sql`alter table ${sql.table(table)} detach partition ${sql.table(name)} concurrently`.execute(this.db).catch(() => undefined);
      await sql`drop table if exists ${sql.table(name)}`.execute(this.db);
      this.known.delete(name);
      dropped += 1;
    }
    return dropped;
  }

  private async exists(name: string): Promise<boolean> {
    const { rows } = await sql<{ found: number }>`select 1 as found from pg_class where relname = ${name}`.execute(this.db);
    return rows.length > 0;
  }
}
