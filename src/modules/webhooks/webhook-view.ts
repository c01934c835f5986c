// A webhook and a delivery as the API shows them. The secret is left out of
// every view but the one answer that hands it over (creation, rotation), and
// so out of the `webhook.disabled` event too.
import type { AttemptRow, DeliveryRow, WebhookRow } from './webhooks.repo.ts';
import type { Attempt, Delivery, Webhook, WebhookWithSecret } from './webhooks.schemas.ts';

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    previous_secret_expires_at: row.previous_secret_expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The webhook as its webhook.disabled event carries it: without its URL.
 * Webhooks are for owners and admins, but events reach every member,
 * read-only keys and other webhooks' receivers, and a URL often carries a
 * credential in its path.
 */
export function toWebhookEventData(row: WebhookRow): Omit<Webhook, 'url'> {
  const { url: _withheld, ...rest } = toWebhook(row);
  return rest;
}

export function toWebhookWithSecret(row: WebhookRow): WebhookWithSecret {
  return { ...toWebhook(row), secret: row.secret };
}

function toAttempt(row: AttemptRow): Attempt {
  return {
    attempted_at: row.attempted_at,
    status_code: row.response_status,
    latency_ms: row.latency_ms,
    response_excerpt: row.response_excerpt,
    error: row.error,
    succeeded: row.succeeded,
  };
}

/** `attempts`: the delivery's latest attempts, newest first. */
export function toDelivery(row: DeliveryRow, attempts: readonly AttemptRow[]): Delivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    message_id: row.message_id,
    status: row.status,
    attempt_count: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    attempts: attempts.map(toAttempt),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
