// The webhooks module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/webhooks/ but its unit tests imports its other files (.dependency-cruiser.js).
export { WebhookAddressGuard, systemResolver } from './webhook-address-guard.ts';
export type { HostResolver } from './webhook-address-guard.ts';
export { attemptDelivery } from './webhook-delivery.ts';
export { WebhookDispatcher } from './webhook-dispatcher.ts';
export { sendWebhook } from './webhook-sender.ts';
export { DELIVERY_RETENTION_MS, ensureWebhookPruning, webhookJobs } from './webhooks.jobs.ts';
export { webhookRoutes } from './webhooks.routes.ts';
export { WebhookService } from './webhooks.service.ts';
