// Durable background jobs live in the same database as the state they act
// on, so a job is enqueued in the very transaction that records the intent.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { writeJson } from '../db/columns.ts';
import type { Database } from '../db/schema.ts';

export interface JobRequest {
  type: string;
  payload: Record<string, unknown>;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 25;

/** Enqueues with `db`, which should be the caller's transaction. */
export async function enqueueJob(db: Kysely<Database>, clock: Clock, job: JobRequest): Promise<number> {
  const now = clock.now();
  const row = await db
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
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
