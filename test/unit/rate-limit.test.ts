// The order rate limit on a real database: SQLite by default, PostgreSQL when
// TEST_DATABASE_URL is set. The clock is one the test moves by hand.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { test, type TestContext } from 'node:test';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Clock } from '../../src/clock.ts';
import { rateLimited, type RateLimitState } from '../../src/errors.ts';
import { errorHeaders, rateLimitHeaders, statusOf } from '../../src/schemas/error-statuses.ts';
import { ORDER_LIMIT, ORDER_WINDOW_MS, takeOrderSlot } from '../../src/modules/orders/rate-limit.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const START = Date.parse('2025-01-01T00:00:00.000Z');

class TestClock implements Clock {
  constructor(private ms = START) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(seconds: number): void {
    this.ms += Math.round(seconds * 1000);
  }
}

interface Harness {
  database: TestDatabase;
  handle: DatabaseHandle;
  clock: TestClock;
  take(keyId: number, handle?: DatabaseHandle): Promise<RateLimitState>;
  /** Rows kept for the key, expired or not. */
  storedHits(keyId: number): Promise<number>;
  /** Another handle on the same database, closed after the test. */
  open(): DatabaseHandle;
}

async function setup(t: TestContext): Promise<Harness> {
  const database = await createTestDatabase();
  const handles: DatabaseHandle[] = [];
  const open = () => {
    const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    handles.push(handle);
    return handle;
  };
  t.after(async () => {
    for (const handle of handles) await handle.close();
    await database.drop();
  });
  const handle = open();
  await migrateToLatest(handle);
  const clock = new TestClock();
  return {
    database,
    handle,
    clock,
    open,
    take: (keyId, on = handle) => takeOrderSlot(on.db, clock, keyId, on.engine),
    async storedHits(keyId) {
      const row = await handle.db
        .selectFrom('rate_limit_hits')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('key_id', '=', keyId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

test('the first 10 order requests are allowed, the 11th gets 429 with Retry-After', async (t) => {
  const h = await setup(t);
  for (let i = 0; i < ORDER_LIMIT; i++) {
    const state = await h.take(1);
    assert.deepEqual(state, { allowed: true, limit: 10, remaining: 9 - i, resetSeconds: 60, retryAfterSeconds: null });
    assert.deepEqual(rateLimitHeaders(state), { 'ratelimit-limit': '10', 'ratelimit-remaining': String(9 - i), 'ratelimit-reset': '60' });
    h.clock.advance(1);
  }
  // Hits at 0 s … 9 s; now 10 s: the first leaves at 60 s, the last at 69 s.
  const refused = await h.take(1);
  assert.deepEqual(refused, { allowed: false, limit: 10, remaining: 0, resetSeconds: 59, retryAfterSeconds: 50 });
  assert.deepEqual(rateLimitHeaders(refused), {
    'ratelimit-limit': '10',
    'ratelimit-remaining': '0',
    'ratelimit-reset': '59',
    'retry-after': '50',
  });

  const error = rateLimited(refused);
  assert.equal(statusOf(error), 429);
  assert.equal(error.code, 'rate_limited');
  assert.equal(errorHeaders(error)['retry-after'], '50');
  assert.match(error.message, /10 order requests a minute.*50 seconds/);

  // A refused request takes no slot, so asking again does not push the wait further.
  assert.equal(await h.storedHits(1), 10);
  assert.equal((await h.take(1)).retryAfterSeconds, 50);
});

test('the window rolls: after a minute the slots come back one by one as hits age out', async (t) => {
  const h = await setup(t);
  // Hits at 0, 5, …, 45 s.
  for (let i = 0; i < ORDER_LIMIT; i++) {
    assert.equal((await h.take(7)).allowed, true);
    h.clock.advance(5);
  }
  // 50 s: full, the 0 s hit leaves at 60 s.
  assert.equal((await h.take(7)).retryAfterSeconds, 10);
  h.clock.advance(9.999);
  // Retry-After is whole seconds, rounded up, never 0.
  assert.equal((await h.take(7)).retryAfterSeconds, 1);
  h.clock.advance(0.001);

  // 60 s: the 0 s hit has left, one slot, then full again until the 5 s hit leaves.
  assert.deepEqual(await h.take(7), { allowed: true, limit: 10, remaining: 0, resetSeconds: 60, retryAfterSeconds: null });
  assert.deepEqual(await h.take(7), { allowed: false, limit: 10, remaining: 0, resetSeconds: 60, retryAfterSeconds: 5 });
  h.clock.advance(5);
  assert.equal((await h.take(7)).allowed, true);
  assert.equal((await h.take(7)).allowed, false);

  // 65 s + 60 s: every hit has left; the whole limit is back.
  h.clock.advance(60);
  const fresh = await h.take(7);
  assert.deepEqual(fresh, { allowed: true, limit: 10, remaining: 9, resetSeconds: 60, retryAfterSeconds: null });
  // Housekeeping: only the hit just taken is still stored.
  assert.equal(await h.storedHits(7), 1);
});

test('refused requests count RateLimit-Reset and Retry-After down in whole seconds', async (t) => {
  const h = await setup(t);
  for (let i = 0; i < ORDER_LIMIT; i++) await h.take(3);
  h.clock.advance(30);
  assert.deepEqual(await h.take(3), { allowed: false, limit: 10, remaining: 0, resetSeconds: 30, retryAfterSeconds: 30 });
  h.clock.advance(15.2);
  // 14.8 s left rounds up to 15.
  assert.deepEqual(await h.take(3), { allowed: false, limit: 10, remaining: 0, resetSeconds: 15, retryAfterSeconds: 15 });
  h.clock.advance(ORDER_WINDOW_MS / 1000 - 45.2);
  assert.deepEqual(await h.take(3), { allowed: true, limit: 10, remaining: 9, resetSeconds: 60, retryAfterSeconds: null });
});

test('each API key has its own limit', async (t) => {
  const h = await setup(t);
  for (let i = 0; i < ORDER_LIMIT; i++) await h.take(1);
  assert.equal((await h.take(1)).allowed, false);
  const other = await h.take(2);
  assert.equal(other.allowed, true);
  assert.equal(other.remaining, 9);
  for (let i = 0; i < ORDER_LIMIT - 1; i++) assert.equal((await h.take(2)).allowed, true);
  assert.equal((await h.take(2)).allowed, false);
  assert.equal(await h.storedHits(1), 10);
  assert.equal(await h.storedHits(2), 10);
});

test('inside the caller\'s transaction the slot goes with it: rolled back, not counted', async (t) => {
  const h = await setup(t);
  await assert.rejects(
    h.handle.db.transaction().execute(async (trx) => {
      assert.equal((await takeOrderSlot(trx, h.clock, 4, h.handle.engine)).remaining, 9);
      throw new Error('order refused');
    }),
    /order refused/,
  );
  assert.equal(await h.storedHits(4), 0);
  assert.equal((await h.take(4)).remaining, 9);
});

test('30 concurrent requests on one key: exactly 10 are allowed', async (t) => {
  const h = await setup(t);
  const states = await Promise.all(Array.from({ length: 30 }, () => h.take(5)));
  assert.equal(states.filter((state) => state.allowed).length, ORDER_LIMIT);
  // Every slot was handed out once: remaining 9 … 0 each appear exactly once.
  assert.deepEqual(
    states.filter((state) => state.allowed).map((state) => state.remaining).sort((a, b) => a - b),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  );
  assert.equal(await h.storedHits(5), ORDER_LIMIT);
});

// Two pools in one process are two sets of connections, as two processes would have.
// On SQLite this cannot be shown in one process: better-sqlite3 waits for the file's
// write lock synchronously (busy_timeout), blocking the event loop the holder needs
// to commit, so two handles in one process stall for 5 s and fail "database is
// locked". The test below uses separate processes for both engines instead.
// Two pools in one process exist only on PostgreSQL (two better-sqlite3 handles
// would block each other's event loop); the child-process test covers SQLite.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (onPostgres) {
  test('30 concurrent requests over two connection pools: exactly 10 are allowed', async (t: TestContext) => {
    const h = await setup(t);
    const second = h.open();
    const states = await Promise.all(Array.from({ length: 30 }, (_, i) => h.take(6, i % 2 ? second : h.handle)));
    assert.equal(states.filter((state) => state.allowed).length, ORDER_LIMIT);
    assert.equal(await h.storedHits(6), ORDER_LIMIT);
  });
}

// A child process: opens its own handle, says "ready", waits for "go" so all
// children start together, takes CALLS slots at once and prints how many it got.
const CHILD_SCRIPT = `
import { createInterface } from 'node:readline';
const { openDatabase } = await import(process.env.CLIENT_MODULE);
const { takeOrderSlot } = await import(process.env.RATE_LIMIT_MODULE);
const handle = openDatabase({ databaseUrl: process.env.CHILD_DATABASE_URL || undefined, dataDir: process.env.CHILD_DATA_DIR });
await handle.db.selectFrom('rate_limit_hits').select('id').limit(1).execute();
const clock = { now: () => new Date(Number(process.env.NOW_MS)) };
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\\n');
for await (const line of lines) if (line === 'go') break;
const calls = Array.from({ length: Number(process.env.CALLS) }, () => takeOrderSlot(handle.db, clock, Number(process.env.KEY_ID), handle.engine));
const states = await Promise.all(calls);
process.stdout.write(JSON.stringify({ allowed: states.filter((state) => state.allowed).length }) + '\\n');
lines.close();
await handle.close();
`;

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

function startChild(database: TestDatabase, keyId: number, calls: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD_SCRIPT], {
    cwd: repositoryRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: {
      ...process.env,
      CLIENT_MODULE: new URL('../../src/db/client.ts', import.meta.url).href,
      RATE_LIMIT_MODULE: new URL('../../src/modules/orders/rate-limit.ts', import.meta.url).href,
      CHILD_DATABASE_URL: database.databaseUrl ?? '',
      CHILD_DATA_DIR: database.dataDir,
      NOW_MS: String(START),
      KEY_ID: String(keyId),
      CALLS: String(calls),
    },
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.startsWith('ready\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before it was ready`)));
  });
  const result = once(child, 'exit').then(([code]) => {
    assert.equal(code, 0, `child failed: ${output}`);
    return (JSON.parse(output.slice('ready\n'.length)) as { allowed: number }).allowed;
  });
  return { child, ready, result };
}

test('4 processes × 10 concurrent requests on one key: exactly 10 are allowed', { timeout: 60_000 }, async (t) => {
  const h = await setup(t);
  const children = Array.from({ length: 4 }, () => startChild(h.database, 8, 10));
  t.after(() => children.forEach(({ child }) => child.exitCode === null && child.kill()));
  await Promise.all(children.map(({ ready }) => ready));
  for (const { child } of children) child.stdin.write('go\n');
  const allowed = await Promise.all(children.map(({ result }) => result));
  assert.equal(allowed.reduce((sum, count) => sum + count, 0), ORDER_LIMIT, `allowed per process: ${allowed.join(', ')}`);
  assert.equal(await h.storedHits(8), ORDER_LIMIT);
});
