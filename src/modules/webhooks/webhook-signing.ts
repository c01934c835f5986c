// Standard Webhooks 1.0 signing: secrets are `whsec_` and the base64 of
// random bytes; a message is signed as `v1,` and the base64 HMAC-SHA256 of
// "<webhook-id>.<webhook-timestamp>.<body>", keyed by the secret's bytes.
// Several signatures go in one header, separated by spaces: a receiver
// accepts the message when any of them verifies, which is how a rotated
// secret and its predecessor both work for a while.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
/** 32 bytes: the upper end of the 24–64 the specification recommends for HMAC-SHA256 keys. */
const SECRET_BYTES = 32;

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The `webhook-id` of a new delivery: unique, and kept for every attempt so receivers can drop repeats. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

export function sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: one signature per secret that signs now. */
export function signatureHeader(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => sign(secret, messageId, timestampSeconds, body)).join(' ');
}
