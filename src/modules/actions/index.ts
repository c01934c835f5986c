// The actions module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/actions/ but its unit tests imports its other files (.dependency-cruiser.js).
export { actionJobs } from './actions.jobs.ts';
export { IdempotencyHeaders, actionRoutes } from './actions.routes.ts';
export { ActionBodies } from './actions.schemas.ts';
export type { Action, ActionFilters, ActionName } from './actions.schemas.ts';
export { ActionService } from './actions.service.ts';
