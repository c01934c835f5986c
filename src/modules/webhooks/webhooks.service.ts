// A project's webhooks: owners and admins set them up, read them and their
// deliveries; members and read-only keys cannot (a webhook sends the
// project's events to any address, and its secret is a credential). Another
// project's webhook is 404, like any resource of it.
//
// A new (or re-enabled) webhook starts from the project's current last event:
// it gets what happens from now on, not a backlog. Its address is checked by
// the guard when it is set, and again before every attempt.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, validationError } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Actor } from '../api-keys/index.ts';
import type { EventService } from '../events/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import { AddressRefused, type WebhookAddressGuard } from './webhook-address-guard.ts';
import { newWebhookSecret } from './webhook-signing.ts';
import { toDelivery, toWebhook, toWebhookWithSecret } from './webhook-view.ts';
import { WEBHOOK_DELIVER_JOB } from './webhooks.jobs.ts';
import * as repo from './webhooks.repo.ts';
import {
  ATTEMPTS_SHOWN,
  MAX_URL_LENGTH,
  MAX_WEBHOOKS_PER_PROJECT,
  type CreateWebhookInput,
  type Delivery,
  type UpdateWebhookInput,
  type Webhook,
  type WebhookWithSecret,
} from './webhooks.schemas.ts';

/** Reading webhooks shows where the project's events go: owners and admins only, read-only keys too. */
const READ = { minRole: 'admin' } as const;
const CHANGE = { minRole: 'admin', write: true } as const;
/** After a rotation the previous secret signs beside the new one this long, for receivers to switch. */
export const PREVIOUS_SECRET_SIGNS_FOR_MS = 24 * 60 * 60 * 1000;

export interface WebhookServiceDependencies {
  db: Kysely<Database>;
  /** Webhooks made, changed and deleted are told on the `webhooks` topic: each process's dispatcher keeps which projects have one. */
  changes: ChangeFeed;
  clock: Clock;
  access: ProjectAccess;
  events: EventService;
  guard: WebhookAddressGuard;
  wakeWorker: () => void;
}

export class WebhookService {
  constructor(private readonly deps: WebhookServiceDependencies) {}

  async list(actor: Actor, slug: string, page: { limit: number; offset: number }): Promise<{ count: number; webhooks: Webhook[] }> {
    const project = await this.deps.access.require(actor, slug, READ);
    const [count, rows] = await Promise.all([repo.countProjectWebhooks(this.deps.db, project.id), repo.listProjectWebhooks(this.deps.db, project.id, page)]);
    return { count, webhooks: rows.map(toWebhook) };
  }

  async get(actor: Actor, slug: string, id: number): Promise<Webhook> {
    const project = await this.deps.access.require(actor, slug, READ);
    return toWebhook(await this.requireWebhook(project.id, id));
  }

  async create(actor: Actor, slug: string, input: CreateWebhookInput): Promise<WebhookWithSecret> {
    const { clock, access, events } = this.deps;
    const project = await access.require(actor, slug, CHANGE);
    const url = await this.checkUrl(input.url);
    // Read outside the transaction (SQLite has one connection): an event committed in between is simply delivered.
    const lastEventId = await events.lastId(project.id);
    const row = await this.deps.changes.commit('webhooks', async (trx) => {
      // A project on its way out gets no new webhook; two creations at once count each other.
      await access.lockForChange(trx, project.id);
      if ((await repo.countProjectWebhooks(trx, project.id)) >= MAX_WEBHOOKS_PER_PROJECT) {
        throw conflict(`A project has at most ${MAX_WEBHOOKS_PER_PROJECT} webhooks`);
      }
      return repo.insertWebhook(trx, {
        projectId: project.id,
        url,
        description: input.description?.trim() ?? '',
        eventTypes: [...new Set(input.event_types ?? [])],
        secret: newWebhookSecret(),
        lastEventId,
        now: clock.now().toISOString(),
      });
    });
    return toWebhookWithSecret(row);
  }

  async update(actor: Actor, slug: string, id: number, input: UpdateWebhookInput): Promise<Webhook> {
    const { clock, access, events } = this.deps;
    const project = await access.require(actor, slug, CHANGE);
    const current = await this.requireWebhook(project.id, id);
    const changes: repo.WebhookChanges = {};
    if (input.url !== undefined) changes.url = await this.checkUrl(input.url);
    if (input.description !== undefined) changes.description = input.description.trim();
    if (input.event_types !== undefined) changes.eventTypes = [...new Set(input.event_types)];
    if (input.enabled === false && current.enabled) {
      changes.enabled = false;
      changes.disabledReason = null;
    }
    if (input.enabled === true && !current.enabled) {
      // On again from the next event: what happened meanwhile is in the event log, not owed as deliveries.
      Object.assign(changes, { enabled: true, disabledReason: null, failingSince: null, lastEventId: await events.lastId(project.id) });
    }
    if (Object.keys(changes).length === 0) return toWebhook(current);
    const row = await this.deps.changes.commit('webhooks', (trx) => repo.updateWebhook(trx, current.id, changes, clock.now().toISOString()));
    if (!row) throw notFound('Webhook');
    return toWebhook(row);
  }

  async delete(actor: Actor, slug: string, id: number): Promise<void> {
    const project = await this.deps.access.require(actor, slug, CHANGE);
    // Its deliveries and attempts go with it; a delivery job still queued finds nothing and ends.
    if (!(await this.deps.changes.commit('webhooks', (trx) => repo.deleteProjectWebhook(trx, project.id, id)))) throw notFound('Webhook');
  }

  /** A new secret, shown once; the one it replaces keeps signing (beside it) for a day. */
  async rotateSecret(actor: Actor, slug: string, id: number): Promise<WebhookWithSecret> {
    const { db, clock, access } = this.deps;
    const project = await access.require(actor, slug, CHANGE);
    const current = await this.requireWebhook(project.id, id);
    const now = clock.now();
    const row = await repo.updateWebhook(
      db,
      current.id,
      { secret: newWebhookSecret(), previousSecret: current.secret, previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_SIGNS_FOR_MS).toISOString() },
      now.toISOString(),
    );
    if (!row) throw notFound('Webhook');
    return toWebhookWithSecret(row);
  }

  async listDeliveries(actor: Actor, slug: string, id: number, page: { limit: number; offset: number }): Promise<{ count: number; deliveries: Delivery[] }> {
    const { db, access } = this.deps;
    const project = await access.require(actor, slug, READ);
    const webhook = await this.requireWebhook(project.id, id);
    const [count, rows] = await Promise.all([repo.countWebhookDeliveries(db, webhook.id), repo.listWebhookDeliveries(db, webhook.id, page)]);
    const attempts = await repo.listRecentAttempts(
      db,
      rows.map((row) => row.id),
      ATTEMPTS_SHOWN,
    );
    return { count, deliveries: rows.map((row) => toDelivery(row, attempts.filter((attempt) => attempt.delivery_id === row.id))) };
  }

  /**
   * Sends a finished delivery again, with the same body and `webhook-id`: it
   * becomes pending with a new job, and is retried as any delivery is until
   * 24 h after it was made (an older one gets this one attempt).
   */
  async redeliver(actor: Actor, slug: string, id: number, deliveryId: number): Promise<Delivery> {
    const { db, clock, access } = this.deps;
    const project = await access.require(actor, slug, CHANGE);
    await this.requireWebhook(project.id, id);
    const now = clock.now().toISOString();
    const reopened = await db.transaction().execute(async (trx) => {
      // The webhook's lock first, as dispatch and the delivery job take it: one order, no deadlock.
      const webhook = await repo.lockWebhook(trx, id);
      if (!webhook || webhook.project_id !== project.id) throw notFound('Webhook');
      const delivery = await repo.findWebhookDelivery(trx, webhook.id, deliveryId);
      if (!delivery) throw notFound('Delivery');
      if (!webhook.enabled) throw conflict('The webhook is turned off; turn it on (enabled: true) to send deliveries again');
      // A pending delivery has its job already; a second one would send it twice.
      if (delivery.status === 'pending' || !(await repo.reopenDelivery(trx, delivery.id, delivery.status, now))) {
        throw conflict('The delivery is still being attempted; it can be sent again once it has succeeded or failed');
      }
      await enqueueJob(trx, clock, WEBHOOK_DELIVER_JOB, { deliveryId: delivery.id });
      return { ...delivery, status: 'pending' as const, next_attempt_at: now, updated_at: now };
    });
    this.deps.wakeWorker();
    const attempts = await repo.listRecentAttempts(db, [reopened.id], ATTEMPTS_SHOWN);
    return toDelivery(reopened, attempts);
  }

  private async requireWebhook(projectId: number, id: number): Promise<repo.WebhookRow> {
    const row = await repo.findProjectWebhook(this.deps.db, projectId, id);
    if (!row) throw notFound('Webhook');
    return row;
  }

  /** The URL as it is stored (normalised), once the guard lets it through; else 400 on `url` saying why. */
  private async checkUrl(text: string): Promise<string> {
    let url: URL;
    try {
      url = await this.deps.guard.checkUrl(text);
    } catch (error) {
      if (error instanceof AddressRefused) throw validationError('url', error.message);
      throw error;
    }
    // Normalising can lengthen it (an international name in punycode, characters percent-encoded).
    if (url.href.length > MAX_URL_LENGTH) throw validationError('url', `must be at most ${MAX_URL_LENGTH} characters once normalised`);
    return url.href;
  }
}
