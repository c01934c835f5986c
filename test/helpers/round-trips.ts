// Counts the statements a request sends to the database, at the drivers
// themselves: every query a pg connection sends (BEGIN and COMMIT included),
// every SQLite statement better-sqlite3 runs (SAVEPOINT and RELEASE
// included). Only statements sent on behalf of the request are counted: a
// request marked with a header runs inside an AsyncLocalStorage context,
// entered where the HTTP server receives it, and the statements of timers
// and jobs started elsewhere belong to no request. (Fastify's inject does not
// carry the caller's context into the route, so requests go over HTTP.)
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:http';
import Sqlite from 'better-sqlite3';
import pg from 'pg';

interface Counter {
  statements: string[];
}

const requests = new AsyncLocalStorage<Counter>();
let installed = false;

function countEach<Target extends object>(prototype: Target, methods: string[], textOf: (self: Target, args: unknown[]) => string): void {
  for (const method of methods) {
    const original = Reflect.get(prototype, method) as (...args: unknown[]) => unknown;
    Reflect.set(prototype, method, function (this: Target, ...args: unknown[]) {
      requests.getStore()?.statements.push(textOf(this, args));
      return original.apply(this, args);
    });
  }
}

/** Patches both drivers once per process; statements outside a counted request pass untouched. */
function install(): void {
  if (installed) return;
  installed = true;
  countEach(pg.Client.prototype, ['query'], (_client, args) => {
    const first = args[0] as string | { text?: string };
    return typeof first === 'string' ? first : (first.text ?? '(cursor)');
  });
  const memory = new Sqlite(':memory:');
  const statementPrototype = Object.getPrototypeOf(memory.prepare('select 1')) as object;
  memory.close();
  countEach(statementPrototype, ['run', 'get', 'all', 'iterate'], (statement) => (statement as unknown as { source: string }).source);
  countEach(Sqlite.prototype, ['exec'], (_db, args) => String(args[0]));
}

const MARK = 'x-count-statements';
const counters = new Map<string, Counter>();
const watched = new WeakSet<Server>();
let nextMark = 0;

/**
 * The SQL texts the request sent, in order, with its response. `send` gets
 * the header that marks the request and sends it to `server` over HTTP.
 */
export async function statementsOf<Result>(server: Server, send: (mark: Record<string, string>) => Promise<Result>): Promise<{ result: Result; statements: string[] }> {
  install();
  if (!watched.has(server)) {
    watched.add(server);
    // Every request enters its own context, marked or not (an unmarked one counts into a list nobody reads): a connection kept alive must not carry the last one's.
    server.prependListener('request', (request: { headers: Record<string, unknown> }) => {
      const mark = request.headers[MARK];
      requests.enterWith((typeof mark === 'string' ? counters.get(mark) : undefined) ?? { statements: [] });
    });
  }
  const mark = String((nextMark += 1));
  const counter: Counter = { statements: [] };
  counters.set(mark, counter);
  try {
    const result = await send({ [MARK]: mark });
    return { result, statements: counter.statements };
  } finally {
    counters.delete(mark);
  }
}
