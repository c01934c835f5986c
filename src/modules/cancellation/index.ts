// The cancellation module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/cancellation/ but its unit tests imports its other files (.dependency-cruiser.js).
export { cancellationJobs } from './cancellation.jobs.ts';
export { cancellationRoutes } from './cancellation.routes.ts';
export { REASON_MAX_LENGTH } from './cancellation.schemas.ts';
export { CancelBody } from './cancellation.schemas.ts';
export { CancellationService, PENDING_CANCELLATION } from './cancellation.service.ts';
