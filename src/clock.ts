// The time every rule reads. With CLOUDPLANE_TEST_CLOCK=1 the operator can move
// it forward; the offset lives in the database so every process agrees, and
// the change feed tells every process to read it again when it moves.
import { sql, type Kysely } from 'kysely';
import type { ChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/schema.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const OFFSET_KEY = 'clock_offset_ms';

export class AdjustableClock implements Clock {
  private offsetMs = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly changes: ChangeFeed,
  ) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Reads the offset another process may have moved. The clock only moves forward, so a stale read never takes it back. */
  async refresh(): Promise<void> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', OFFSET_KEY).executeTakeFirst();
    this.offsetMs = Math.max(this.offsetMs, row ? Number(row.value) : 0);
  }

  /**
   * Adds to the stored offset in one statement, so concurrent advances all
   * count; every other process hears of it through the change feed and reads
   * the offset again (see app.ts).
   */
  async advance(seconds: number): Promise<Date> {
    const step = Math.round(seconds * 1000);
    const row = await this.changes.commit('clock', (trx) =>
      trx
        .insertInto('settings')
        .values({ key: OFFSET_KEY, value: String(step) })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: sql<string>`CAST(CAST(settings.value AS bigint) + ${step} AS text)` }))
        .returning('value')
        .executeTakeFirstOrThrow(),
    );
    this.offsetMs = Math.max(this.offsetMs, Number(row.value));
    return this.now();
  }
}
