// The time every rule reads. With CLOUDPLANE_TEST_CLOCK=1 the operator can move
// it forward; the offset lives in the database so every process agrees.
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const OFFSET_KEY = 'clock_offset_ms';

export class AdjustableClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly db: Kysely<Database>) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Reads the offset another process may have moved. */
  async refresh(): Promise<void> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', OFFSET_KEY).executeTakeFirst();
    this.offsetMs = row ? Number(row.value) : 0;
  }

  async advance(seconds: number): Promise<Date> {
    await this.refresh();
    this.offsetMs += Math.round(seconds * 1000);
    await this.db
      .insertInto('settings')
      .values({ key: OFFSET_KEY, value: String(this.offsetMs) })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(this.offsetMs) }))
      .execute();
    return this.now();
  }
}
