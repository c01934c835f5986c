// The durable job runner on a real database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): transactional enqueue, retries with backoff, several
// workers side by side, a worker that died mid-job, and graceful stop.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { systemClock } from '../../src/clock.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { enqueueJobRequest, type JobRequest } from '../../src/jobs/queue.ts';
import { JobRunner, RetryLater, type RunnerOptions } from '../../src/jobs/runner.ts';
import { eventually } from '../helpers/build.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LEASE_MS = 300;

interface Harness {
  database: TestDatabase;
  handle: DatabaseHandle;
  db: Kysely<Database>;
  /** Another connection (SQLite) or pool (PostgreSQL) to the same database, as a second process would have. */
  connect(): DatabaseHandle;
  runner(options?: Partial<RunnerOptions>, handle?: DatabaseHandle): JobRunner;
  enqueue(job: JobRequest): Promise<number>;
  job(id: number): Promise<JobRow>;
  /** Runs when the test ends, last registered first, even when the test failed. */
  defer(cleanup: () => unknown): void;
}

interface JobRow {
  id: number;
  type: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  updated_at: string;
}

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * Waits for `promise`, failing after `timeoutMs`. The runner's timers do not
 * hold the event loop open, so a bare await on a handler's signal could end the test early.
 */
async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function setup(t: TestContext): Promise<Harness> {
  const cleanups: (() => unknown)[] = [];
  t.after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const connect = (): DatabaseHandle => {
    const opened = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    // A test may close a connection itself; closing twice is not what is under test.
    let closing: Promise<void> | null = null;
    const handle = { ...opened, close: () => (closing ??= opened.close()) };
    cleanups.push(() => handle.close());
    return handle;
  };
  const handle = connect();
  await migrateToLatest(handle);

  const harness: Harness = {
    database,
    handle,
    db: handle.db,
    connect,
    runner(options = {}, on = handle) {
      const runner = new JobRunner({
        db: on.db,
        engine: on.engine,
        clock: systemClock,
        logger: pino({ level: 'silent' }),
        pollIntervalMs: 10,
        leaseMs: LEASE_MS,
        ...options,
      });
      // Stopped before its connection closes (cleanups run last first). A test that
      // closed the runner's connection on purpose makes the hand-back fail; that is expected.
      cleanups.push(() => runner.stop(2_000).catch(() => {}));
      return runner;
    },
    enqueue: (job) => enqueueJobRequest(handle.db, systemClock, job),
    async job(id) {
      return await handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
    defer: (cleanup) => cleanups.push(cleanup),
  };
  return harness;
}

test('a job enqueued in a transaction that rolls back never runs; a committed one runs once', async (t) => {
  const h = await setup(t);
  const runs: string[] = [];
  const runner = h.runner();
  runner.register('note', async (payload: { note: string }) => {
    runs.push(payload.note);
  });
  runner.start();

  await assert.rejects(
    h.db.transaction().execute(async (trx) => {
      await enqueueJobRequest(trx, systemClock, { type: 'note', payload: { note: 'rolled back' } });
      throw new Error('the request failed after enqueueing');
    }),
    /the request failed after enqueueing/,
  );
  const id = await h.db.transaction().execute((trx) => enqueueJobRequest(trx, systemClock, { type: 'note', payload: { note: 'committed' } }));

  await eventually(async () => (await h.job(id)).status === 'done', 5_000, 5);
  const row = await h.job(id);
  assert.equal(row.attempts, 1);
  assert.equal(row.locked_by, null);
  assert.equal(row.last_error, null);
  assert.deepEqual(runs, ['committed']);
  const all = await h.db.selectFrom('jobs').select(['id']).execute();
  assert.deepEqual(all.map((job) => job.id), [id], 'the rolled-back job left no row');
});

test('a failing handler is retried with growing backoff until it succeeds', async (t) => {
  const h = await setup(t);
  const starts: { attempt: number; at: number }[] = [];
  const runner = h.runner();
  runner.register('flaky', async (_payload, context) => {
    starts.push({ attempt: context.attempt, at: Date.now() });
    if (context.attempt < 3) throw new Error(`boom ${context.attempt}`);
  });
  const id = await h.enqueue({ type: 'flaky', payload: {} });
  runner.start();

  // After each failure the row is back in the queue with run_at in the future.
  const afterFirst = await eventually(async () => {
    const row = await h.job(id);
    return row.status === 'queued' && row.attempts === 1 ? row : null;
  }, 5_000, 2);
  assert.equal(afterFirst.last_error, 'boom 1');
  assert.equal(afterFirst.locked_by, null);
  const firstDelay = Date.parse(afterFirst.run_at) - Date.parse(afterFirst.updated_at);
  assert.ok(firstDelay >= 300, `the first retry waits (${firstDelay} ms)`);

  const afterSecond = await eventually(async () => {
    const row = await h.job(id);
    return row.status === 'queued' && row.attempts === 2 ? row : null;
  }, 5_000, 2);
  assert.equal(afterSecond.last_error, 'boom 2');
  const secondDelay = Date.parse(afterSecond.run_at) - Date.parse(afterSecond.updated_at);
  assert.ok(secondDelay > firstDelay, `the second retry waits longer (${secondDelay} ms) than the first (${firstDelay} ms)`);

  const done = await eventually(async () => {
    const row = await h.job(id);
    return row.status === 'done' ? row : null;
  }, 10_000, 5);
  assert.equal(done.attempts, 3);
  assert.equal(done.last_error, null);
  assert.equal(done.locked_by, null);
  assert.deepEqual(starts.map((start) => start.attempt), [1, 2, 3]);
  // No attempt ran before its run_at.
  assert.ok(starts[1]!.at >= Date.parse(afterFirst.run_at), 'attempt 2 waited for its run_at');
  assert.ok(starts[2]!.at >= Date.parse(afterSecond.run_at), 'attempt 3 waited for its run_at');
});

test('a job that fails max_attempts times is failed for good with its last error', async (t) => {
  const h = await setup(t);
  const attempts: number[] = [];
  const runner = h.runner();
  runner.register('broken', async (_payload, context) => {
    attempts.push(context.attempt);
    throw new Error(`still broken (attempt ${context.attempt})`);
  });
  const id = await h.enqueue({ type: 'broken', payload: {}, maxAttempts: 2 });
  runner.start();

  const failed = await eventually(async () => {
    const row = await h.job(id);
    return row.status === 'failed' ? row : null;
  }, 10_000, 5);
  assert.equal(failed.attempts, 2);
  assert.equal(failed.max_attempts, 2);
  assert.equal(failed.last_error, 'still broken (attempt 2)');
  assert.equal(failed.locked_by, null);
  assert.equal(failed.locked_until, null);
  assert.deepEqual(attempts, [1, 2]);
});

test('a handler for an unknown job type fails the job with a clear error', async (t) => {
  const h = await setup(t);
  const runner = h.runner();
  const id = await h.enqueue({ type: 'nobody-handles-this', payload: {}, maxAttempts: 1 });
  runner.start();
  const failed = await eventually(async () => {
    const row = await h.job(id);
    return row.status === 'failed' ? row : null;
  }, 5_000, 5);
  assert.match(failed.last_error ?? '', /no handler for job type nobody-handles-this/);
});

test('RetryLater does not use up attempts', async (t) => {
  const h = await setup(t);
  const seen: number[] = [];
  const runner = h.runner();
  runner.register('waiting', async (_payload, context) => {
    seen.push(context.attempt);
    if (seen.length <= 3) throw new RetryLater(100, 'not yet');
  });
  // Two attempts would be used up after two counted failures; four waits must not count.
  const id = await h.enqueue({ type: 'waiting', payload: {}, maxAttempts: 2 });
  runner.start();

  const afterWait = await eventually(async () => {
    const row = await h.job(id);
    return row.status === 'queued' && row.last_error === 'not yet' ? row : null;
  }, 5_000, 1);
  assert.equal(afterWait.attempts, 0, 'the attempt was given back');

  const done = await eventually(async () => {
    const row = await h.job(id);
    return row.status !== 'queued' && row.status !== 'running' ? row : null;
  }, 5_000, 5);
  assert.equal(done.status, 'done');
  assert.equal(done.attempts, 1);
  assert.equal(done.last_error, null);
  assert.deepEqual(seen, [1, 1, 1, 1], 'every run was the first counted attempt');
});

test('two workers on one database run each of 50 jobs exactly once and share the work', async (t) => {
  const h = await setup(t);
  const ids: number[] = [];
  for (let n = 0; n < 50; n += 1) ids.push(await h.enqueue({ type: 'record', payload: { n } }));

  const ran: { jobId: number; worker: string }[] = [];
  const workers = [h.runner({ concurrency: 2 }, h.connect()), h.runner({ concurrency: 2 }, h.connect())];
  for (const worker of workers) {
    worker.register('record', async (_payload, context) => {
      ran.push({ jobId: context.jobId, worker: worker.workerId });
      // Not a wait for anything: each job takes a moment, so one worker cannot empty the queue before the other polls, and sharing is tested.
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
  for (const worker of workers) worker.start();

  await eventually(async () => {
    const row = await h.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('count')).where('status', '=', 'done').executeTakeFirstOrThrow();
    return Number(row.count) === 50;
  }, 20_000, 10);

  const counts = new Map<number, number>();
  for (const { jobId } of ran) counts.set(jobId, (counts.get(jobId) ?? 0) + 1);
  const duplicates = [...counts].filter(([, count]) => count > 1);
  assert.deepEqual(duplicates, [], 'no job ran twice');
  assert.deepEqual([...counts.keys()].sort((a, b) => a - b), ids, 'every job ran');
  const rows = await h.db.selectFrom('jobs').select(['attempts', 'status']).execute();
  assert.ok(rows.every((row) => row.status === 'done' && row.attempts === 1), 'every job done at the first attempt');
  for (const worker of workers) {
    const share = ran.filter((run) => run.worker === worker.workerId).length;
    assert.ok(share > 0, `worker ${worker.workerId} ran some jobs (${share})`);
  }
});

/**
 * A real process that claims the job and then dies (SIGKILL): its heartbeat
 * and polling stop with it, and nothing hands the job back.
 */
function startDoomedWorker(database: TestDatabase): ChildProcess {
  const script = `
    import pino from 'pino';
    import { systemClock } from './src/clock.ts';
    import { openDatabase } from './src/db/client.ts';
    import { JobRunner } from './src/jobs/runner.ts';
    const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR });
    const runner = new JobRunner({ db: handle.db, engine: handle.engine, clock: systemClock, logger: pino({ level: 'silent' }), pollIntervalMs: 10, leaseMs: ${LEASE_MS} });
    runner.register('stuck', (_payload, context) => {
      process.stdout.write('claimed ' + context.jobId + ' by ' + runner.workerId + '\\n');
      return new Promise(() => {});
    });
    // The runner's timers do not hold the process open; this does, until the test kills it.
    setInterval(() => {}, 60_000);
    runner.start();
  `;
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

test('a job held by a worker that died is picked up by another worker once its lease runs out', async (t) => {
  const h = await setup(t);
  const id = await h.enqueue({ type: 'stuck', payload: { step: 'provision' } });

  const doomed = startDoomedWorker(h.database);
  const exited = once(doomed, 'exit');
  h.defer(async () => {
    if (doomed.exitCode === null && doomed.signalCode === null) doomed.kill('SIGKILL');
    await exited;
  });
  let stdout = '';
  let stderr = '';
  doomed.stdout!.on('data', (chunk) => (stdout += chunk));
  doomed.stderr!.on('data', (chunk) => (stderr += chunk));
  const claimLine = await eventually(async () => {
    if (doomed.exitCode !== null) throw new Error(`the doomed worker exited early: ${stderr}`);
    return /claimed (\d+) by (\S+)\n/.exec(stdout);
  }, 20_000, 10);
  assert.equal(Number(claimLine[1]), id);
  const deadWorkerId = claimLine[2]!;

  // While A lives, its heartbeat keeps the lease ahead of the clock.
  const held = await h.job(id);
  assert.equal(held.status, 'running');
  assert.equal(held.locked_by, deadWorkerId);

  doomed.kill('SIGKILL');
  await exited;
  const orphaned = await h.job(id);
  assert.equal(orphaned.status, 'running', 'nothing handed the job back');
  assert.equal(orphaned.locked_by, deadWorkerId);
  const leaseEnd = Date.parse(orphaned.locked_until!);

  const runs: { attempt: number; at: number }[] = [];
  const survivor = h.runner();
  survivor.register('stuck', async (_payload, context) => {
    runs.push({ attempt: context.attempt, at: Date.now() });
  });
  survivor.start();

  const done = await eventually(async () => {
    const row = await h.job(id);
    return row.status === 'done' ? row : null;
  }, 10_000, 5);
  assert.equal(runs.length, 1);
  assert.equal(runs[0]!.attempt, 2, 'the second worker ran attempt 2');
  assert.ok(runs[0]!.at >= leaseEnd, 'not before the dead worker\'s lease ran out');
  assert.equal(done.attempts, 2);
  assert.equal(done.locked_by, null);
  assert.equal(done.locked_until, null);
});

test('stop() lets a running job finish and claims nothing new', async (t) => {
  const h = await setup(t);
  const events: string[] = [];
  const started = deferred();
  const release = deferred();
  const runner = h.runner();
  runner.register('slow', async (payload: { name: string }) => {
    events.push(`start ${payload.name}`);
    started.resolve();
    await release.promise;
    events.push(`finish ${payload.name}`);
  });
  const first = await h.enqueue({ type: 'slow', payload: { name: 'first' } });
  runner.start();
  await within(started.promise, 5_000, 'the job started');

  const stopping = runner.stop(10_000).then(() => events.push('stopped'));
  const second = await h.enqueue({ type: 'slow', payload: { name: 'second' } });
  runner.wake();
  // The job is still running after stop() was called; let it finish now.
  assert.equal((await h.job(first)).status, 'running');
  release.resolve();
  await stopping;

  assert.deepEqual(events, ['start first', 'finish first', 'stopped']);
  const finished = await h.job(first);
  assert.equal(finished.status, 'done');
  assert.equal(finished.locked_by, null);
  const untouched = await h.job(second);
  assert.equal(untouched.status, 'queued');
  assert.equal(untouched.attempts, 0);
});

test('stop() hands back a job still running after the grace period', async (t) => {
  const h = await setup(t);
  const started = deferred();
  const release = deferred();
  const runner = h.runner();
  runner.register('slow', async () => {
    started.resolve();
    await release.promise;
  });
  const id = await h.enqueue({ type: 'slow', payload: {} });
  runner.start();
  await within(started.promise, 5_000, 'the job started');

  const before = Date.now();
  await runner.stop(150);
  assert.ok(Date.now() - before >= 140, 'stop() waited for the grace period');
  const handedBack = await h.job(id);
  assert.equal(handedBack.status, 'queued');
  assert.equal(handedBack.locked_by, null);
  assert.equal(handedBack.locked_until, null);

  // The abandoned handler finishing late must not mark the job done: it is no longer this worker's.
  release.resolve();
  await runner.stop(2_000);
  assert.equal((await h.job(id)).status, 'queued');

  // Another worker runs it.
  const next = h.runner();
  const runs: number[] = [];
  next.register('slow', async (_payload, context) => {
    runs.push(context.attempt);
  });
  next.start();
  const done = await eventually(async () => {
    const row = await h.job(id);
    return row.status === 'done' ? row : null;
  }, 5_000, 5);
  assert.equal(runs.length, 1);
  assert.equal(done.locked_by, null);
});

test('a database error while recording a job outcome is logged, not an unhandled rejection', async (t) => {
  const h = await setup(t);
  // The runner's own connection, which the handler closes: the next write (the outcome) fails.
  const own = h.connect();
  const runner = h.runner({}, own);
  const finished = deferred();
  runner.register('lose-connection', async () => {
    await own.close();
    finished.resolve();
  });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  h.defer(() => process.off('unhandledRejection', onUnhandled));
  await h.enqueue({ type: 'lose-connection', payload: {} });
  runner.start();
  await within(finished.promise, 5_000, 'the handler ran');

  // stop() waits for the job's execution to settle (its own hand-back then fails on the closed
  // connection); one more turn of the event loop lets Node report any unhandled rejection.
  await runner.stop(5_000).catch(() => {});
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(unhandled.map(String), [], 'no unhandled rejection (it would crash a real worker process)');
});
