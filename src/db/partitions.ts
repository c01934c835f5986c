// Tables partitioned by time on PostgreSQL (the metric tables of migrations
// 0025 and 0026): a row can only be written into a span whose partition
// exists, and a span past its retention is dropped whole, which frees its
// space at once and leaves no dead rows behind for vacuum, unlike deleting
// them. On SQLite the same tables are plain, and pruned in batches
// (db/pruning.ts).
//
// Each table has its span. The raw samples are partitioned by the hour: they
// are kept a day, and a day's partition would hold up to a second day of
// them until its last sample was due (a third of the metrics' footprint).
// The rollups, kept a week and 90 days, are partitioned by the day: an hour's
// would make 2,160 partitions of the hourly rows, each one a lock and a file
// for a graph that spans them.
//
// A partition is `<table>_p<yyyymmdd>` for a day, `<table>_p<yyyymmddhh>`
// for an hour (UTC), holding `at` from its first millisecond to the next
// span's. Each process remembers the partitions it made or saw, so a write
// asks the catalogue once a span.
import { sql, type Kysely } from 'kysely';
import type { Engine } from './client.ts';
import type { Database } from './schema.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type PartitionedTable = 'server_metric_samples' | 'server_metric_rollups_5m' | 'server_metric_rollups_1h';

const SPAN_MS: Record<PartitionedTable, number> = {
  server_metric_samples: HOUR_MS,
  server_metric_rollups_5m: DAY_MS,
  server_metric_rollups_1h: DAY_MS,
};

function partitionName(table: PartitionedTable, startMs: number): string {
  const iso = new Date(startMs).toISOString();
  const digits = iso.slice(0, 10).replaceAll('-', '') + (SPAN_MS[table] === HOUR_MS ? iso.slice(11, 13) : '');
  return `${table}_p${digits}`;
}

/** The span a partition's name stands for (a day's or an hour's, by its digits), or null for a name that is not one of ours. */
function spanOfPartition(table: PartitionedTable, name: string): { startMs: number; endMs: number } | null {
  const match = new RegExp(`^${table}_p(\\d{4})(\\d{2})(\\d{2})(\\d{2})?$`).exec(name);
  if (!match) return null;
  const startMs = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4] ?? 0));
  return { startMs, endMs: startMs + (match[4] === undefined ? DAY_MS : HOUR_MS) };
}

export class TimePartitions {
  private readonly known = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /** Whether the tables are partitioned here (PostgreSQL), so that retention drops whole spans. */
  get partitioned(): boolean {
    return this.engine === 'postgres';
  }

  /** Makes the partitions of the spans these moments fall in, unless they are there; nothing on SQLite. */
  async ensure(table: PartitionedTable, moments: Iterable<number>): Promise<void> {
    if (this.engine !== 'postgres') return;
    const spanMs = SPAN_MS[table];
    const starts = new Set<number>();
    for (const moment of moments) starts.add(Math.floor(moment / spanMs) * spanMs);
    for (const start of starts) {
      const name = partitionName(table, start);
      if (this.known.has(name)) continue;
      try {
        await sql`create table if not exists ${sql.table(name)} partition of ${sql.table(table)} for values from (${sql.lit(start)}) to (${sql.lit(start + spanMs)})`.execute(this.db);
      } catch (error) {
        // Another process made it between IF NOT EXISTS's look and the create (a duplicate in the catalogue): it is there.
        if (!(await this.exists(name))) throw error;
      }
      this.known.add(name);
    }
  }

  /** Drops the partitions whose whole span is before `beforeMs`; how many went. */
  async dropBefore(table: PartitionedTable, beforeMs: number): Promise<number> {
    if (this.engine !== 'postgres') return 0;
    // By name rather than by pg_inherits, so that a span a cut-off run detached but did not drop is found too.
    const { rows } = await sql<{ name: string }>`select relname as name from pg_class where relkind = 'r' and relname like ${`${table}\\_p%`}`.execute(this.db);
    let dropped = 0;
    for (const { name } of rows) {
      const span = spanOfPartition(table, name);
      if (span === null || span.endMs > beforeMs) continue;
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
