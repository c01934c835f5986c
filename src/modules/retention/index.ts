// The retention module's surface: what the rest of cloudplane may use of it.
export { ensureRetentionPruning, retentionJobs } from './retention.jobs.ts';
export type { RetainedLog } from './retention.jobs.ts';
