// The billing module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/billing/ but its unit tests imports its other files (.dependency-cruiser.js).
export { BillingOutbox, billingJobs } from './billing-outbox.ts';
export type { RecordedMessage } from './billing-outbox.ts';
