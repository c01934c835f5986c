// Turns new events into deliveries. Each webhook has a cursor (its
// last_event_id); the work is "every enabled webhook behind its project's last
// event id", read from the database, so whatever woke the dispatcher (the
// event hub, its safety tick, another process's notice), it does what is left
// and nothing twice.
//
// One webhook's step, for a batch of events after its cursor: in one
// transaction, lock the webhook, check its cursor is still where the batch
// was read from (else another dispatcher did it), insert a delivery and its
// job for each event the webhook wants, and move the cursor past the batch.
// A kill at any point leaves all of it or none. The unique index on
// (webhook, event) makes a repeat insert a no-op whatever happens.
//
// Crash points (docs/durable-intent.md): since the deliveries and the cursor
// commit together, there is no moment with the cursor moved and a delivery
// not made (an event skipped) or the other way round (an event delivered
// twice). The two moments left are the ones a test can kill the process in:
// everything written but not committed (all of it rolls back, and the
// restarted dispatcher reads the same events again from the same cursor), and
// everything committed but the worker not yet woken (the jobs are in the
// queue, which every worker reads on its own).
//
// It runs in the processes that run jobs (serve, worker); on PostgreSQL
// several may run side by side, each woken by LISTEN/NOTIFY; the lock on the
// webhook row makes them take turns on one webhook.
//
// What a wake-up costs does not grow with the events nor with the processes
// beyond one lookup per project: notices name their project, and a process
// keeps the set of projects that have an enabled webhook (read again when a
// webhook is made, changed or deleted anywhere: the `webhooks` change topic,
// and at least every SAFETY_TICK_MS). Events of a project without webhooks
// cost no query at all; the notices that come while a round runs are
// gathered into the next round, which looks up only their projects'
// webhooks. The safety tick and the start look at every project.
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { crashPoint } from '../../crash-points.ts';
import { CachedUntilChanged, type ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { EventService } from '../events/index.ts';
import { newMessageId } from './webhook-signing.ts';
import { WEBHOOK_DELIVER_JOB } from './webhooks.jobs.ts';
import * as repo from './webhooks.repo.ts';

/** Webhooks read per round. */
const WEBHOOKS_PER_ROUND = 100;
/** Events turned into deliveries per transaction. */
const EVENTS_PER_STEP = 200;
/** A bound on rounds per wake-up, in case the cursors stop moving (the next wake-up goes on). */
const MAX_ROUNDS = 50;
/** What catches up when a wake-up was missed (a notice lost while the listening connection was down). */
const SAFETY_TICK_MS = 5_000;

export interface DispatcherDependencies {
  db: Kysely<Database>;
  /** Says when a webhook was made, changed or deleted in any process: the set of projects with webhooks is read again. */
  changes: ChangeFeed;
  clock: Clock;
  events: EventService;
  logger: Logger;
  /** Lets this process's worker run the new deliveries at once. */
  wakeWorker: () => void;
}

export class WebhookDispatcher {
  private running: Promise<void> | null = null;
  private stopped = true;
  private unwatch: (() => void) | null = null;
  private tick: NodeJS.Timeout | null = null;
  /** Projects whose events came since the round under way began, for the next round. */
  private dueProjects = new Set<number>();
  /** The next round looks at every project (a start, the safety tick, a notice that named none). */
  private dueEverywhere = false;
  private readonly projectsWithWebhooks: CachedUntilChanged<Set<number>>;

  constructor(private readonly deps: DispatcherDependencies) {
    this.projectsWithWebhooks = new CachedUntilChanged(deps.changes, 'webhooks', () => repo.projectsWithEnabledWebhooks(deps.db), SAFETY_TICK_MS);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unwatch = this.deps.events.hub.watchEveryProject((projectId) => this.poke(projectId));
    this.tick = setInterval(() => this.poke(), SAFETY_TICK_MS);
    this.tick.unref();
    // Events committed while no dispatcher ran (the service was down) are caught up at once.
    this.poke();
  }

  /** Stops being woken and waits for a round under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatch?.();
    this.unwatch = null;
    if (this.tick) clearInterval(this.tick);
    this.tick = null;
    await this.running;
  }

  /** Runs a round for the project's events (null: every project's) now, or once more after the one under way. */
  poke(projectId: number | null = null): void {
    if (this.stopped) return;
    if (projectId === null) this.dueEverywhere = true;
    else this.dueProjects.add(projectId);
    if (!this.running) this.runDue();
  }

  /** One round for what is due, then another for what came meanwhile. */
  private runDue(): void {
    const projects = this.dueEverywhere ? undefined : [...this.dueProjects];
    this.dueEverywhere = false;
    this.dueProjects.clear();
    this.running = this.dispatchDue(projects)
      .then(() => undefined)
      .catch((error: unknown) => {
        // The next round looks everywhere: this one's projects are not forgotten.
        this.dueEverywhere = true;
        this.deps.logger.error({ err: error }, 'webhook dispatch failed; the next wake-up tries again');
      })
      .finally(() => {
        this.running = null;
        if (!this.stopped && (this.dueEverywhere || this.dueProjects.size > 0)) this.runDue();
      });
  }

  /**
   * Brings the enabled webhooks of these projects (left out: of every
   * project) up to their project's last event; how many deliveries were made.
   */
  async dispatchDue(projectIds?: readonly number[]): Promise<number> {
    let projects = projectIds;
    if (projects) {
      const withWebhooks = await this.projectsWithWebhooks.get();
      projects = projects.filter((projectId) => withWebhooks.has(projectId));
      if (projects.length === 0) return 0;
    }
    let made = 0;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const behind = await repo.listWebhooksBehind(this.deps.db, WEBHOOKS_PER_ROUND, projects);
      if (behind.length === 0) break;
      for (const webhook of behind) {
        try {
          made += await this.step(webhook);
        } catch (error) {
          // One webhook that cannot be brought up to date must not hold up the others; the next round tries it again.
          this.deps.logger.error({ err: error, webhookId: webhook.id }, 'webhook dispatch: a webhook could not be brought up to date');
        }
      }
    }
    if (made > 0) this.deps.wakeWorker();
    return made;
  }

  /** One batch of a webhook's events, as described above; the deliveries made. */
  private async step(webhook: repo.WebhookBehind): Promise<number> {
    const { db, clock, events } = this.deps;
    // Read before the events: every event up to it has committed, so an empty batch means the rest was pruned.
    const lastId = await events.lastId(webhook.projectId);
    const batch = await events.after({ projectId: webhook.projectId, slug: webhook.slug, types: [] }, webhook.lastEventId, EVENTS_PER_STEP);
    const through = batch.at(-1)?.id ?? lastId;
    if (through <= webhook.lastEventId) return 0;
    const now = clock.now().toISOString();
    const made = await db.transaction().execute(async (trx) => {
      const current = await repo.lockWebhook(trx, webhook.id);
      if (!current || !current.enabled || current.last_event_id !== webhook.lastEventId) return 0;
      let inserted = 0;
      for (const event of batch) {
        if (current.event_types.length > 0 && !current.event_types.includes(event.type)) continue;
        const body = JSON.stringify({ type: event.type, timestamp: event.created_at, data: event });
        const deliveryId = await repo.insertDelivery(trx, {
          webhookId: current.id,
          projectId: current.project_id,
          eventId: event.id,
          eventType: event.type,
          messageId: newMessageId(),
          body,
          now,
        });
        if (deliveryId === undefined) continue;
        await enqueueJob(trx, clock, WEBHOOK_DELIVER_JOB, { deliveryId });
        inserted += 1;
      }
      await repo.moveWebhookCursor(trx, current.id, through);
      // Only where deliveries were made: a cursor moved past events the webhook does not want owes nothing.
      if (inserted > 0) crashPoint('webhook.dispatch.before-commit');
      return inserted;
    });
    if (made > 0) crashPoint('webhook.dispatch.after-commit');
    return made;
  }
}
