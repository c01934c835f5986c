// Durable background jobs live in the same database as the state they act
// on, so a job is enqueued in the very transaction that records the intent.
import type { Kysely } from 'kysely';
import type { Static, TSchema } from 'typebox';
import type { Clock } from '../clock.ts';
import { writeJson } from '../db/columns.ts';
import type { Database } from '../db/schema.ts';
import type { EngineWrite } from '../db/write-batch.ts';
import type { JobType } from './job-definition.ts';

export interface EnqueueOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  maxAttempts?: number;
}

/** A job by its name alone, with any payload: how the runner's own tests enqueue the job types they make up. */
export interface JobRequest extends EnqueueOptions {
  type: string;
  payload: Record<string, unknown>;
}

export const DEFAULT_MAX_ATTEMPTS = 25;

/** Enqueues one of a module's jobs with `db`, which should be the caller's transaction; its id. */
export async function enqueueJob<Payload extends TSchema>(
  db: Kysely<Database>,
  clock: Clock,
  job: JobType<Payload>,
  payload: Static<Payload>,
  options: EnqueueOptions = {},
): Promise<number> {
  return enqueueJobRequest(db, clock, { type: job.name, payload, ...options });
}

/** Enqueues a job by name, unchecked. Modules use `enqueueJob` with their definition. */
export async function enqueueJobRequest(db: Kysely<Database>, clock: Clock, job: JobRequest): Promise<number> {
  const row = await jobInsert(db, clock, job).executeTakeFirstOrThrow();
  return row.id;
}

/** One of a module's jobs as a write of the caller's batch (db/write-batch.ts), with the rows it commits with. */
export function jobWrite<Payload extends TSchema>(db: Kysely<Database>, clock: Clock, job: JobType<Payload>, payload: Static<Payload>, options: EnqueueOptions = {}) {
  return jobInsert(db, clock, { type: job.name, payload, ...options });
}

function jobInsert(db: Kysely<Database>, clock: Clock, job: JobRequest) {
  const now = clock.now();
  return db
    .insertInto('jobs')
    .values({
      type: job.type,
      payload: writeJson(job.payload),
      status: 'queued',
      attempts: 0,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: new Date(now.getTime() + (job.delayMs ?? 0)).toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id');
}

/**
 * Withdraws a job that has not started (a safety net the work it guarded made
 * unneeded), with `db` the caller's transaction when the withdrawal must
 * commit with other rows. A job already running is left to finish: every
 * handler checks the state again before it acts. True when a job was withdrawn.
 */
export async function withdrawQueuedJob(db: Kysely<Database>, jobId: number): Promise<boolean> {
  const result = await db.deleteFrom('jobs').where('id', '=', jobId).where('status', '=', 'queued').executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The same withdrawal as a write of a batch (db/write-batch.ts), to commit in
 * the statement that made the job unneeded: a job already taken is left, and
 * does not undo the batch.
 */
export function withdrawQueuedJobWrite(db: Kysely<Database>, jobId: number): EngineWrite {
  const withdrawal = db.deleteFrom('jobs').where('id', '=', jobId).where('status', '=', 'queued').returning('id');
  return {
    postgres: (name) => [{ name: name('withdrawn_job'), query: withdrawal, mayWriteNothing: true }],
    sqlite: async (trx) => {
      await withdrawQueuedJob(trx, jobId);
    },
  };
}

/** Whether the job is still to run or running (not done, failed or gone). */
export async function isJobPending(db: Kysely<Database>, jobId: number): Promise<boolean> {
  const row = await db.selectFrom('jobs').select('id').where('id', '=', jobId).where('status', 'in', ['queued', 'running']).executeTakeFirst();
  return row !== undefined;
}

/** Brings a job that has not started forward, to run `delayMs` from now (a safety net that is needed sooner than planned). */
export async function rescheduleQueuedJob(db: Kysely<Database>, clock: Clock, jobId: number, delayMs: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ run_at: new Date(clock.now().getTime() + delayMs).toISOString() })
    .where('id', '=', jobId)
    .where('status', '=', 'queued')
    .execute();
}

/**
 * Makes the one job row of a recurring job (one that reschedules itself with
 * RetryLater) unless it is there, queued or running. Every worker asks at
 * start; the settings row taken first is a lock, so two starting at once make
 * one row: on PostgreSQL the second upsert waits for the first transaction and
 * its next statement sees the first's job; SQLite runs one write transaction at a time.
 */
export async function ensureRecurringJob(db: Kysely<Database>, clock: Clock, job: JobType<TSchema>, payload: Record<string, unknown> = {}): Promise<void> {
  const lockKey = `recurring.${job.name}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values({ key: lockKey, value: job.name })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: job.name }))
      .execute();
    const existing = await trx.selectFrom('jobs').select('id').where('type', '=', job.name).where('status', 'in', ['queued', 'running']).executeTakeFirst();
    // Due at once: a first round right after start also tells whether it can run at all.
    if (!existing) await enqueueJobRequest(trx, clock, { type: job.name, payload, maxAttempts: 1000 });
  });
}
