// The snapshots module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/snapshots/ but its unit tests imports its other files (.dependency-cruiser.js).
export { snapshotJobs } from './snapshots.jobs.ts';
export { snapshotRoutes } from './snapshots.routes.ts';
export { SnapshotName } from './snapshots.schemas.ts';
export type { Snapshot } from './snapshots.schemas.ts';
export { SnapshotService } from './snapshots.service.ts';
