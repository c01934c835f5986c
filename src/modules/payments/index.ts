// The payments module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/payments/ but its unit tests imports its other files (.dependency-cruiser.js).
export { paymentJobs } from './payments.jobs.ts';
export { PaymentService, TOP_UP_LIMITS } from './payments.service.ts';
export type { CreditMovement, PaymentOutcome, PaymentProblem, PaymentRow } from './payments.service.ts';
