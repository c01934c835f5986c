// The host-drift module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/host-drift/ but its unit tests imports its other files (.dependency-cruiser.js).
export { DRIFT_GRACE_MS } from './drift-comparison.ts';
export { DRIFT_CHECK_INTERVAL_MS, DriftChecks, ensureHostDriftChecks, hostDriftJobs } from './host-drift.jobs.ts';
export type { HostDriftJobDependencies } from './host-drift.jobs.ts';
export { hostDriftRoutes } from './host-drift.routes.ts';
export type { DriftItem, HostDriftReport } from './host-drift.schemas.ts';
export { HostDriftService } from './host-drift.service.ts';
export type { DriftCount } from './host-drift.service.ts';
