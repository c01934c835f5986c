// Fault injection: any system behind the API can be made to fail on purpose.
// The faults live in the database so every process (API and workers) sees them.
import type { Kysely } from 'kysely';
import { readBool } from '../db/columns.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import { failed, timedOut, unavailable, type SystemName } from './errors.ts';

export const SYSTEMS: readonly SystemName[] = ['billing', 'provisioning', 'rdns', 'firewall'];
export type FaultMode = 'ok' | 'down' | 'error' | 'timeout';

export interface Fault {
  system: SystemName;
  mode: FaultMode;
  /** Calls left before the fault clears by itself; null: until it is set back to ok. */
  count: number | null;
  /** Whether the system does the work all the same (for error and timeout). */
  committed: boolean;
}

export class FaultStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<Fault[]> {
    const rows = await this.db.selectFrom('faults').selectAll().execute();
    return SYSTEMS.map((system) => {
      const row = rows.find((candidate) => candidate.system === system);
      // A fault whose count ran out is over.
      if (!row || row.remaining === 0) return { system, mode: 'ok', count: null, committed: false };
      return { system, mode: row.mode, count: row.remaining, committed: readBool(row.committed) };
    });
  }

  async set(system: SystemName, mode: FaultMode, count: number | null, committed: boolean): Promise<Fault> {
    const values = { mode, remaining: mode === 'ok' ? null : count, committed, updated_at: this.clock.now().toISOString() };
    await this.db
      .insertInto('faults')
      .values({ system, ...values })
      .onConflict((conflict) => conflict.column('system').doUpdateSet(values))
      .execute();
    return { system, mode, count: values.remaining, committed };
  }

  /**
   * The fault that applies to this one call, counting it. A plain read comes
   * first so that the common case (no fault) never writes.
   */
  async take(system: SystemName): Promise<Fault | null> {
    const active = await this.db
      .selectFrom('faults')
      .select('system')
      .where('system', '=', system)
      .where('mode', '<>', 'ok')
      .where((eb) => eb.or([eb('remaining', 'is', null), eb('remaining', '>', 0)]))
      .executeTakeFirst();
    if (!active) return null;
    // The decrement and the check are one statement, so concurrent calls never use one count twice.
    const row = await this.db
      .updateTable('faults')
      .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
      .where('system', '=', system)
      .where('mode', '<>', 'ok')
      .where((eb) => eb.or([eb('remaining', 'is', null), eb('remaining', '>', 0)]))
      .returning(['mode', 'remaining', 'committed'])
      .executeTakeFirst();
    if (!row) return null;
    return { system, mode: row.mode, count: row.remaining, committed: readBool(row.committed) };
  }
}

/**
 * Wraps every method of a port so that each call first consults the fault of
 * its system: `down` refuses without doing anything; `error` and `timeout`
 * fail after doing the work only when `committed` is set.
 */
export function withFaults<Port extends object>(system: SystemName, port: Port, faults: FaultStore): Port {
  return new Proxy(port, {
    get(target, property, receiver) {
      const member = Reflect.get(target, property, receiver);
      if (typeof member !== 'function') return member;
      return async (...args: unknown[]) => {
        const fault = await faults.take(system);
        if (!fault) return member.apply(target, args);
        if (fault.mode === 'down') throw unavailable(system);
        if (fault.committed) await member.apply(target, args);
        throw fault.mode === 'error' ? failed(system) : timedOut(system);
      };
    },
  });
}
