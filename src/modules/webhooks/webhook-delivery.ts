// One attempt at a delivery, and what follows from its outcome. The delivery
// job (webhooks.jobs.ts) calls `attemptDelivery` each time it runs; the job
// is the same row from the first attempt to the last (it waits between
// attempts with RetryLater), so a delivery has one job at a time.
//
// Why a run can repeat safely (a worker killed with -9 and its lease taken
// over, a job run twice):
// - a delivery that is no longer pending (it succeeded, failed, or its webhook
//   is gone) is never sent again;
// - an attempt is recorded only if the delivery still has the count of
//   attempts the run started from (recordAttemptOutcome), so two runs never
//   record the same attempt twice;
// - a run that finds the next attempt not yet due waits for it.
// What cannot be avoided: a worker killed after sending and before recording
// sends once more when the job is taken over. Receivers see the same
// `webhook-id` and drop the repeat, as Standard Webhooks asks them to.
// The crash points webhook.delivery.after-send and .after-record prove both
// sides of that: one extra send with the same webhook-id, and none after an
// attempt was recorded.
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { crashPoint } from '../../crash-points.ts';
import type { Database } from '../../db/schema.ts';
import { asTransaction, recordEvent } from '../events/index.ts';
import { AddressRefused, AddressUnresolved, type WebhookAddressGuard } from './webhook-address-guard.ts';
import { sendWebhook, type WebhookAnswer } from './webhook-sender.ts';
import { signatureHeader } from './webhook-signing.ts';
import * as repo from './webhooks.repo.ts';
import { toWebhookEventData } from './webhook-view.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** How long a delivery is retried, and how long a webhook may fail every attempt before it is turned off. */
export const GIVE_UP_AFTER_MS = 24 * HOUR;
/** The wait after the 1st, 2nd, … failed attempt; the last one repeats. */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];

export interface DeliveryDependencies {
  db: Kysely<Database>;
  clock: Clock;
  guard: WebhookAddressGuard;
  logger?: Logger;
  /** The attempt's time limit (tests shorten it); absent: the sender's 10 s. */
  attemptTimeoutMs?: number;
}

/** What the job does next. */
export type DeliveryStep = { kind: 'done' } | { kind: 'wait'; delayMs: number };

export function retryDelayMs(attemptsMade: number): number {
  return RETRY_DELAYS_MS[Math.min(attemptsMade, RETRY_DELAYS_MS.length) - 1]!;
}

/**
 * When the next attempt is due after a failed one, or null to give up. The
 * last attempt is made at the deadline: 24 h after the delivery was made, or
 * after the webhook began to fail if that is later, so the webhook's first
 * failing delivery ends with the attempt that shows it has failed for a day.
 */
export function nextAttemptAfterFailure(createdAt: number, failingSince: number, attemptedAt: number, attemptsMade: number): number | null {
  const deadline = Math.max(createdAt, failingSince) + GIVE_UP_AFTER_MS;
  if (attemptedAt >= deadline) return null;
  return Math.min(attemptedAt + retryDelayMs(attemptsMade), deadline);
}

async function send(deps: DeliveryDependencies, webhook: repo.WebhookRow, delivery: repo.DeliveryRow, now: Date): Promise<WebhookAnswer> {
  let url: URL;
  try {
    url = deps.guard.parse(webhook.url);
    const to = await deps.guard.resolve(url);
    const timestamp = Math.floor(now.getTime() / 1000);
    const secrets = [webhook.secret];
    if (webhook.previous_secret && webhook.previous_secret_expires_at && Date.parse(webhook.previous_secret_expires_at) > now.getTime()) secrets.push(webhook.previous_secret);
    return await sendWebhook({
      url,
      to,
      body: delivery.body,
      timeoutMs: deps.attemptTimeoutMs,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'cloudplane-webhooks/1',
        'webhook-id': delivery.message_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, delivery.message_id, timestamp, delivery.body),
      },
    });
  } catch (error) {
    // Refused before any connection was made: an attempt that failed, with the reason.
    if (error instanceof AddressRefused) return { status: null, latencyMs: 0, excerpt: '', error: `address refused: ${error.message}`.slice(0, 255) };
    if (error instanceof AddressUnresolved) return { status: null, latencyMs: 0, excerpt: '', error: error.message.slice(0, 255) };
    throw error;
  }
}

export async function attemptDelivery(deps: DeliveryDependencies, deliveryId: number): Promise<DeliveryStep> {
  const { db, clock } = deps;
  const delivery = await repo.findDelivery(db, deliveryId);
  // Gone with its webhook, or finished: nothing is sent again.
  if (!delivery || delivery.status !== 'pending') return { kind: 'done' };
  const webhook = await repo.findProjectWebhook(db, delivery.project_id, delivery.webhook_id);
  if (!webhook) return { kind: 'done' };
  if (!webhook.enabled) {
    await repo.abandonDelivery(db, delivery.id, clock.now().toISOString());
    return { kind: 'done' };
  }
  const dueIn = delivery.next_attempt_at === null ? 0 : Date.parse(delivery.next_attempt_at) - clock.now().getTime();
  if (dueIn > 0) return { kind: 'wait', delayMs: dueIn };

  const attemptedAt = clock.now();
  const answer = await send(deps, webhook, delivery, attemptedAt);
  // The receiver has it and nothing is recorded: the job, taken over when its lease runs out, sends the attempt again.
  if (answer.status !== null) crashPoint('webhook.delivery.after-send');
  const succeeded = answer.status !== null && answer.status >= 200 && answer.status < 300;
  return record(deps, delivery, attemptedAt, answer, succeeded);
}

/** Records the attempt, the delivery's next step and the webhook's health, in one transaction. */
async function record(deps: DeliveryDependencies, delivery: repo.DeliveryRow, attemptedAt: Date, answer: WebhookAnswer, succeeded: boolean): Promise<DeliveryStep> {
  const { db, clock } = deps;
  const now = clock.now();
  const nowText = now.toISOString();
  const attemptedAtMs = attemptedAt.getTime();
  const outcome = await db.transaction().execute(async (trx) => {
    const webhook = await repo.lockWebhook(trx, delivery.webhook_id);
    if (!webhook) return null;
    const failingSince = succeeded ? null : (webhook.failing_since ?? attemptedAt.toISOString());
    const turnOff = webhook.enabled && failingSince !== null && attemptedAtMs - Date.parse(failingSince) >= GIVE_UP_AFTER_MS;
    const next = succeeded || turnOff ? null : nextAttemptAfterFailure(Date.parse(delivery.created_at), Date.parse(failingSince!), attemptedAtMs, delivery.attempts + 1);
    const status = succeeded ? 'succeeded' : next === null ? 'failed' : 'pending';
    const nextText = next === null ? null : new Date(next).toISOString();
    // Another run recorded this attempt already: it also did the rest.
    if (!(await repo.recordAttemptOutcome(trx, { deliveryId: delivery.id, attemptsBefore: delivery.attempts, status, nextAttemptAt: nextText, now: nowText }))) return null;
    await repo.insertAttempt(trx, {
      delivery_id: delivery.id,
      attempted_at: attemptedAt.toISOString(),
      response_status: answer.status,
      latency_ms: answer.latencyMs,
      response_excerpt: answer.excerpt,
      error: answer.error,
      succeeded,
    });
    if (turnOff) {
      const reason = `Every delivery attempt failed for 24 hours (since ${failingSince})`;
      const disabled = await repo.updateWebhook(trx, webhook.id, { enabled: false, disabledReason: reason }, nowText);
      // Recorded last in the transaction, as every event is.
      await recordEvent(asTransaction(trx), { projectId: webhook.project_id, type: 'webhook.disabled', resource: { type: 'webhook', id: webhook.id }, data: toWebhookEventData(disabled!), now: nowText });
    } else if (failingSince !== webhook.failing_since) {
      await repo.setWebhookFailingSince(trx, webhook.id, failingSince);
    }
    return { next, turnedOff: turnOff ? webhook : null };
  });
  // Recorded, the job not yet finished: taken over, it finds the delivery settled (or its next attempt not due) and sends nothing.
  if (outcome) crashPoint('webhook.delivery.after-record');
  if (outcome?.turnedOff) deps.logger?.warn({ webhookId: outcome.turnedOff.id, projectId: outcome.turnedOff.project_id }, 'webhook turned off after a day of failed deliveries');
  const next = outcome?.next ?? null;
  return next === null ? { kind: 'done' } : { kind: 'wait', delayMs: Math.max(0, next - clock.now().getTime()) };
}
