import { Type, type Static } from 'typebox';
import { Id, Int32, List, Nullable, Text, Timestamp } from '../../schemas/common.ts';
import { EVENT_TYPES } from '../events/index.ts';
import { SlugParam } from '../projects/index.ts';

/** A project's webhooks: each one multiplies the work of every event, so a project has a handful, not hundreds. */
export const MAX_WEBHOOKS_PER_PROJECT = 20;
/** The attempts shown with a delivery, newest first (redeliveries can add any number). */
export const ATTEMPTS_SHOWN = 20;
export const MAX_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 255;

export const WebhookParams = Type.Object({ project_slug: SlugParam, webhook_id: Id() });
export const DeliveryParams = Type.Object({ project_slug: SlugParam, webhook_id: Id(), delivery_id: Id() });

const EventTypeName = Type.String({ enum: [...EVENT_TYPES] });
const EventTypes = List(EventTypeName, EVENT_TYPES.length, { description: `The event types sent to this webhook; empty: every type. One of: ${EVENT_TYPES.join(', ')}` });

// No `format` here: the service reads the URL and says what is wrong with it in words.
const Url = Text(MAX_URL_LENGTH, {
  minLength: 1,
  description:
    'Where deliveries are POSTed: an http or https URL without a user name or password. Addresses that are loopback, private, link-local (the metadata service among them), shared, reserved, multicast or unspecified are refused, and so are names that resolve to them, unless the operator allows internal receivers',
});
const Description = Text(MAX_DESCRIPTION_LENGTH, { description: 'A note for people; up to 255 characters' });

const webhookProperties = {
  id: Id(),
  url: Text(MAX_URL_LENGTH, { format: 'uri' }),
  description: Text(MAX_DESCRIPTION_LENGTH),
  event_types: EventTypes,
  enabled: Type.Boolean({ description: 'Whether new events are delivered. Turned off after a day in which every attempt failed' }),
  disabled_reason: Nullable(Text(255), { description: 'Why the service turned the webhook off; null when it is on or was turned off through the API' }),
  failing_since: Nullable(Timestamp(), { description: 'Since when every attempt has failed; null after a success. A day of it turns the webhook off' }),
  previous_secret_expires_at: Nullable(Timestamp(), { description: 'After a rotation: until then the previous secret signs each delivery too' }),
  created_at: Timestamp(),
  updated_at: Timestamp(),
};

export const WebhookSchema = Type.Object(webhookProperties, { title: 'Webhook' });

export const WebhookWithSecretSchema = Type.Object(
  {
    ...webhookProperties,
    secret: Text(100, {
      pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
      description: 'The signing secret, shown this once: `whsec_` and the base64 of 32 random bytes. Verify each delivery with it (Standard Webhooks)',
    }),
  },
  { title: 'WebhookWithSecret' },
);

export const CreateWebhookBody = Type.Object(
  {
    url: Url,
    event_types: Type.Optional(EventTypes),
    description: Type.Optional(Description),
  },
  { title: 'WebhookCreateRequest' },
);

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(Url),
    event_types: Type.Optional(EventTypes),
    description: Type.Optional(Description),
    enabled: Type.Optional(
      Type.Boolean({ description: 'false turns deliveries off; true turns them on again, from the next event (events in between are in the event log), and clears `failing_since` and `disabled_reason`' }),
    ),
  },
  { title: 'WebhookUpdateRequest' },
);

export const AttemptSchema = Type.Object(
  {
    attempted_at: Timestamp(),
    status_code: Nullable(Int32(100, 999), { description: "The receiver's HTTP status; null when no answer came" }),
    latency_ms: Int32(0, 2_147_483_647, { description: 'From the start of the attempt to the answer, or to the failure' }),
    response_excerpt: Text(1000, { description: 'The first 1000 characters of the answer' }),
    error: Nullable(Text(255), { description: 'What went wrong: refused address, no connection, no answer in time, a redirect (not followed)' }),
    succeeded: Type.Boolean({ description: 'The receiver answered 2xx' }),
  },
  { title: 'WebhookAttempt' },
);

export const DeliverySchema = Type.Object(
  {
    id: Id(),
    event_id: Id({ description: "The event's id in the project's event log" }),
    event_type: Text(60),
    message_id: Text(64, { description: 'The `webhook-id` header: the same on every attempt, so a receiver can drop repeats' }),
    status: Type.String({ enum: ['pending', 'succeeded', 'failed'], description: 'pending while attempts go on; failed once attempts stopped (24 h after the delivery was made) without a success' }),
    attempt_count: Int32(0, 2_147_483_647),
    next_attempt_at: Nullable(Timestamp(), { description: 'When the next attempt is due, while pending' }),
    attempts: List(AttemptSchema, ATTEMPTS_SHOWN, { description: `The latest ${ATTEMPTS_SHOWN} attempts, newest first` }),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { title: 'WebhookDelivery' },
);

export type Webhook = Static<typeof WebhookSchema>;
export type WebhookWithSecret = Static<typeof WebhookWithSecretSchema>;
export type CreateWebhookInput = Static<typeof CreateWebhookBody>;
export type UpdateWebhookInput = Static<typeof UpdateWebhookBody>;
export type Delivery = Static<typeof DeliverySchema>;
export type Attempt = Static<typeof AttemptSchema>;
