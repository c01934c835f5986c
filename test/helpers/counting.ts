// Counts what code asks of the database and of the systems behind the API,
// so a test can tell a list that reads once per item (N+1) from one that
// reads once per page without timing anything: the services are built a
// second time over a database handle that counts its statements and ports
// that count their calls, sharing the app's database and systems.
import type { Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { LegacyAccounts } from '../../src/legacy/legacy-accounts.service.ts';
import { createServices, type Services } from '../../src/services.ts';
import type { Upstreams } from '../../src/upstreams/index.ts';
import type { TestApp } from './build.ts';

export interface Tally {
  statements: number;
  /** Calls per `system.method`. */
  calls: Record<string, number>;
}

/** A handle on the same database whose every statement is counted, prepared ones and those in transactions included. */
export function countingDatabase(db: Kysely<Database>, tally: Tally): Kysely<Database> {
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    // Prepared queries arrive compiled and skip transformQuery; every statement's result passes here.
    transformResult: async (args) => {
      tally.statements += 1;
      return args.result;
    },
  };
  return db.withPlugin(plugin);
}

/** The port with every call counted as `system.method`. */
export function countingPort<Port extends object>(system: string, port: Port, tally: Tally): Port {
  return new Proxy(port, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== 'function') return member;
      const name = `${system}.${String(property)}`;
      return (...args: unknown[]) => {
        tally.calls[name] = (tally.calls[name] ?? 0) + 1;
        return (member as (...callArgs: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

export interface CountedServices {
  services: Services;
  legacy: LegacyAccounts;
  /** What `read` asks for, counted after one call to warm the caches (the catalogue). */
  cost: (read: () => Promise<unknown>) => Promise<Tally>;
}

export function countedServices(app: TestApp): CountedServices {
  const tally: Tally = { statements: 0, calls: {} };
  const { database, clock, changes, upstreams } = app.app;
  const db = countingDatabase(database.db, tally);
  const counted: Upstreams = {
    ...upstreams,
    billing: countingPort('billing', upstreams.billing, tally),
    provisioning: countingPort('provisioning', upstreams.provisioning, tally),
    rdns: countingPort('rdns', upstreams.rdns, tally),
    firewall: countingPort('firewall', upstreams.firewall, tally),
    payments: countingPort('payments', upstreams.payments, tally),
  };
  const services = createServices({ db, engine: database.engine, clock, changes, upstreams: counted, simScale: 0.01, sessionIdleMs: 60_000, wakeWorker: () => {} });
  const legacy = new LegacyAccounts({ db, billing: counted.billing, projects: services.projects, catalogue: services.catalogueCache });
  return {
    services,
    legacy,
    cost: async (read) => {
      await read();
      tally.statements = 0;
      tally.calls = {};
      await read();
      return { statements: tally.statements, calls: { ...tally.calls } };
    },
  };
}
