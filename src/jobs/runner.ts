// The worker: claims due jobs, runs their handlers, retries failures with
// exponential backoff. Execution is at-least-once, so handlers are written to
// be safe when repeated.
//
// A claim sets a lease (`locked_until`) that the worker renews while the job
// runs. A process that dies stops renewing, its lease runs out, and any worker
// (including the restarted process) claims the job again.
import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { TSchema } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Engine } from '../db/client.ts';
import { readJson } from '../db/columns.ts';
import type { Database } from '../db/schema.ts';
import { checkJobPayload, InvalidJobPayload, type JobContext, type RegisteredJob } from './job-definition.ts';

export type JobHandler<Payload = unknown> = (payload: Payload, context: JobContext) => Promise<void>;

/** A registered job type: its handler, and the schema its payload is checked against first (none for a bare handler). */
interface Registration {
  schema: TSchema | null;
  handler: JobHandler;
}

/** Thrown by a handler that is waiting on something: run again after `delayMs`, not counted as a failure. */
export class RetryLater extends Error {
  constructor(readonly delayMs: number, reason = 'waiting') {
    super(reason);
  }
}

export interface RunnerOptions {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  logger: Logger;
  pollIntervalMs?: number;
  leaseMs?: number;
  concurrency?: number;
  /** Called before each poll, e.g. to pick up a clock moved by another process. */
  beforePoll?: () => Promise<void>;
}

export function backoffMs(attempt: number): number {
  const base = Math.min(60_000, 500 * 2 ** (attempt - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

export class JobRunner {
  readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, Registration>();
  private readonly running = new Set<Promise<void>>();
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | null = null;
  private readonly context = new AsyncResource('cloudplane.job-runner');
  private stopping = false;
  private currentPoll: Promise<void> | null = null;
  private pollAgain = false;

  constructor(private readonly options: RunnerOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.concurrency = options.concurrency ?? 4;
  }

  /**
   * A bare handler for a job type by name, its payload taken unchecked as the
   * handler declares it: how the runner's own tests make up job types. Modules
   * declare their jobs and register them with `registerJobs`.
   */
  register<Payload>(type: string, handler: JobHandler<Payload>): void {
    this.handlers.set(type, { schema: null, handler: handler as JobHandler });
  }

  /** Registers a module's job definitions, each handler to be called with `dependencies`. */
  registerJobs<Dependencies>(jobs: readonly RegisteredJob<Dependencies>[], dependencies: Dependencies): void {
    for (const job of jobs) {
      if (this.handlers.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      // `never`: the payload reaches the handler only after it matched the definition's schema (execute).
      this.handlers.set(job.name, { schema: job.payload, handler: (payload, context) => job.handler(payload as never, dependencies, context) });
    }
  }

  start(): void {
    this.stopping = false;
    this.schedule(0);
  }

  /** Polls now instead of at the next tick (after enqueueing, or after the clock moved). */
  wake(): void {
    if (!this.stopping) this.schedule(0);
  }

  /**
   * Runs every job that is due now and waits until they have finished, then
   * again until nothing is due (a job may make another due): what the worker's
   * polls would do, done at once. Tests drain the queue with it instead of
   * sleeping. Jobs a poll of the worker already started are waited for too, so
   * when it returns nothing due is left unrun. A job that keeps itself due (no
   * real worker would finish it either) is an error after `maxRounds`.
   */
  async runDueJobs(maxRounds = 100): Promise<void> {
    if (this.stopping) throw new Error('the job runner is stopped');
    for (let round = 0; round < maxRounds; round += 1) {
      await this.currentPoll;
      await Promise.allSettled([...this.running]);
      await this.options.beforePoll?.();
      const free = this.concurrency - this.running.size;
      const claimed = free > 0 ? await this.claim(free) : [];
      if (this.stopping) {
        // As in a poll: stop() began while the claim ran, so the jobs go straight back.
        await this.handBack(claimed.map((job) => job.id));
        throw new Error('the job runner stopped while running due jobs');
      }
      for (const job of claimed) this.track(this.execute(job));
      const settled = free > 0 && claimed.length === 0 && this.currentPoll === null && this.running.size === 0;
      if (settled) return;
    }
    throw new Error(`jobs were still due after ${maxRounds} rounds of running them`);
  }

  /** Stops claiming, lets running jobs finish, and hands back any that did not within `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A poll already under way may still be claiming; it hands its claim back itself.
    await this.currentPoll;
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      graceTimer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.running]), grace]);
    clearTimeout(graceTimer);
    await this.handBack();
  }

  /** Returns jobs this worker holds (all, or the given ones) to the queue, attempt not counted. */
  private async handBack(jobIds?: number[]): Promise<void> {
    if (jobIds?.length === 0) return;
    let query = this.options.db
      .updateTable('jobs')
      .set((eb) => ({ status: 'queued', locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
      .where('status', '=', 'running')
      .where('locked_by', '=', this.workerId);
    if (jobIds) query = query.where('id', 'in', jobIds);
    await query.execute();
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    // Not unref'd: in a `worker` process this timer is what keeps Node running. Polls run in the
    // runner's own async context, never in that of the request whose enqueued job woke it: jobs belong to no request.
    this.timer = this.context.runInAsyncScope(() => setTimeout(() => void this.poll(), delayMs));
  }

  private poll(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.currentPoll) {
      this.pollAgain = true;
      return this.currentPoll;
    }
    this.currentPoll = this.pollOnce().finally(() => {
      this.currentPoll = null;
      if (!this.stopping) this.schedule(this.pollAgain ? 0 : this.pollIntervalMs);
      this.pollAgain = false;
    });
    return this.currentPoll;
  }

  private async pollOnce(): Promise<void> {
    try {
      await this.options.beforePoll?.();
      const free = this.concurrency - this.running.size;
      if (free > 0) {
        const claimed = await this.claim(free);
        // stop() may have begun while the claim ran; those jobs go straight back.
        if (this.stopping) await this.handBack(claimed.map((job) => job.id));
        else for (const job of claimed) this.track(this.execute(job));
      }
    } catch (error) {
      this.options.logger.error({ err: error }, 'job poll failed');
    }
  }

  private track(execution: Promise<void>): void {
    // A database error while recording the outcome must not crash the process:
    // the lease runs out and another worker runs the job again.
    const promise = execution.catch((error) => this.options.logger.error({ err: error }, 'recording a job outcome failed'));
    this.running.add(promise);
    void promise.finally(() => {
      this.running.delete(promise);
      this.wake();
    });
  }

  /**
   * One statement both picks and locks the jobs. On PostgreSQL `FOR UPDATE
   * SKIP LOCKED` lets several workers claim side by side without waiting on
   * each other; SQLite runs one write at a time, so the UPDATE is atomic.
   */
  private async claim(limit: number) {
    const now = this.options.clock.now().toISOString();
    const lease = new Date(this.options.clock.now().getTime() + this.leaseMs).toISOString();
    const { db } = this.options;
    let due = db
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('run_at')
      .limit(limit);
    if (this.options.engine === 'postgres') due = due.forUpdate().skipLocked();
    return db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        locked_by: this.workerId,
        locked_until: lease,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', 'in', due)
      .returning(['id', 'type', 'payload', 'attempts', 'max_attempts'])
      .execute();
  }

  private async execute(job: { id: number; type: string; payload: unknown; attempts: number; max_attempts: number }): Promise<void> {
    const { clock, logger } = this.options;
    const heartbeat = setInterval(() => void this.renewLease(job.id), Math.max(50, this.leaseMs / 3));
    try {
      const registration = this.handlers.get(job.type);
      if (!registration) throw new Error(`no handler for job type ${job.type}`);
      const payload = readJson(job.payload);
      if (registration.schema) checkJobPayload(job.type, registration.schema, payload);
      await registration.handler(payload, { jobId: job.id, attempt: job.attempts });
      await this.finish(job.id, { status: 'done', locked_by: null, locked_until: null, last_error: null });
    } catch (error) {
      const now = clock.now().getTime();
      if (error instanceof RetryLater) {
        // Waiting is not failing: give the attempt back.
        await this.finish(job.id, {
          status: 'queued',
          attempts: Math.max(0, job.attempts - 1),
          run_at: new Date(now + error.delayMs).toISOString(),
          locked_by: null,
          locked_until: null,
          last_error: error.message,
        });
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      // A payload that does not match its schema never will: no attempt left can help.
      const exhausted = error instanceof InvalidJobPayload || job.attempts >= job.max_attempts;
      logger.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: message }, exhausted ? 'job failed for good' : 'job failed, will retry');
      await this.finish(job.id, {
        status: exhausted ? 'failed' : 'queued',
        run_at: new Date(now + backoffMs(job.attempts)).toISOString(),
        locked_by: null,
        locked_until: null,
        // PostgreSQL text cannot hold NUL, and an upstream's message might carry one.
        last_error: message.replaceAll('\u0000', '').slice(0, 2000),
      });
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async renewLease(jobId: number): Promise<void> {
    const lease = new Date(this.options.clock.now().getTime() + this.leaseMs).toISOString();
    await this.options.db
      .updateTable('jobs')
      .set({ locked_until: lease })
      .where('id', '=', jobId)
      .where('locked_by', '=', this.workerId)
      .execute()
      .catch((error) => this.options.logger.error({ err: error, jobId }, 'lease renewal failed'));
  }

  /** Records the outcome only while this worker still holds the job. */
  private async finish(jobId: number, values: Record<string, unknown>): Promise<void> {
    await this.options.db
      .updateTable('jobs')
      .set({ ...values, updated_at: this.options.clock.now().toISOString() })
      .where('id', '=', jobId)
      .where('locked_by', '=', this.workerId)
      .execute();
  }
}

