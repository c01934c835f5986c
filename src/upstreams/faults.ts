// Fault injection: any system behind the API can be made to fail on purpose.
// The faults live in the database so every process (API and workers) sees them.
import type { Kysely } from 'kysely';
import { CachedUntilChanged, type ChangeFeed } from '../db/change-feed.ts';
import { readBool } from '../db/columns.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import { failed, timedOut, unavailable, type SystemName } from './errors.ts';

export const SYSTEMS: readonly SystemName[] = ['billing', 'provisioning', 'rdns', 'firewall', 'payments'];
export type FaultMode = 'ok' | 'down' | 'error' | 'timeout';

/** The modes that make a call fail. */
const FAILING_MODES: readonly FaultMode[] = ['down', 'error', 'timeout'];
/**
 * The modes a probe (a call that only asks whether the system is there) obeys:
 * it does no work, so only a refusal at the door applies, and `error` and
 * `timeout` faults stay whole for the work they are meant for.
 */
const PROBE_MODES: readonly FaultMode[] = ['down'];

export interface Fault {
  system: SystemName;
  mode: FaultMode;
  /** Calls left before the fault clears by itself; null: until it is set back to ok. */
  count: number | null;
  /** Whether the system does the work all the same (for error and timeout). */
  committed: boolean;
}

export class FaultStore {
  /**
   * Which systems have a fault in force, kept until a fault is set, cleared
   * or used up through any process: the change feed tells every process
   * within milliseconds (this one at once), so the common case (no fault)
   * never touches the database.
   */
  private readonly activeSystems: CachedUntilChanged<Set<string>>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
  ) {
    this.activeSystems = new CachedUntilChanged(changes, 'faults', async () => {
      const rows = await this.db
        .selectFrom('faults')
        .select('system')
        .where('mode', '<>', 'ok')
        .where((eb) => eb.or([eb('remaining', 'is', null), eb('remaining', '>', 0)]))
        .execute();
      return new Set(rows.map((row) => row.system));
    });
  }

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
    await this.changes.commit('faults', (trx) =>
      trx
        .insertInto('faults')
        .values({ system, ...values })
        .onConflict((conflict) => conflict.column('system').doUpdateSet(values))
        .execute(),
    );
    return { system, mode, count: values.remaining, committed };
  }

  /**
   * The fault that applies to this one call, counting it; only a fault in one
   * of `modes` applies (and is counted). The common case (no fault) is
   * answered from the kept set of active systems.
   */
  async take(system: SystemName, modes: readonly FaultMode[] = FAILING_MODES): Promise<Fault | null> {
    if (!(await this.activeSystems.get()).has(system)) return null;
    // The decrement and the check are one statement, so concurrent calls never use one count twice.
    const row = await this.db
      .updateTable('faults')
      .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
      .where('system', '=', system)
      .where('mode', 'in', modes)
      .where((eb) => eb.or([eb('remaining', 'is', null), eb('remaining', '>', 0)]))
      .returning(['mode', 'remaining', 'committed'])
      .executeTakeFirst();
    // The last count used up: the fault is over, for every process. Were the
    // notice lost, the others would still find no row here and look again.
    if (row?.remaining === 0) await this.changes.announce('faults').catch(() => this.activeSystems.drop());
    // No fault in any mode: this copy is behind, look again next time.
    // (No row when only some modes apply says nothing about the others.)
    else if (!row && modes === FAILING_MODES) this.activeSystems.drop();
    if (!row) return null;
    return { system, mode: row.mode, count: row.remaining, committed: readBool(row.committed) };
  }
}

/**
 * Wraps every method of a port so that each call first consults the fault of
 * its system: `down` refuses without doing anything; `error` and `timeout`
 * fail after doing the work only when `committed` is set. `probes` name the
 * methods that only ask whether the system is there: only `down` applies to them.
 */
export function withFaults<Port extends object>(
  system: SystemName,
  port: Port,
  faults: FaultStore,
  options: { probes?: readonly (keyof Port)[] } = {},
): Port {
  const probes = new Set<PropertyKey>(options.probes ?? []);
  return new Proxy(port, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== 'function') return member;
      // A port's operations: arguments in, a promise out.
      const operation = member as (...args: unknown[]) => Promise<unknown>;
      const modes = probes.has(property) ? PROBE_MODES : FAILING_MODES;
      return async (...args: unknown[]) => {
        const fault = await faults.take(system, modes);
        if (!fault) return operation.apply(target, args);
        if (fault.mode === 'down') throw unavailable(system);
        if (fault.committed) await operation.apply(target, args);
        throw fault.mode === 'error' ? failed(system) : timedOut(system);
      };
    },
  });
}
