// The servers module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/servers/ but its unit tests imports its other files (.dependency-cruiser.js).
export { ptrRemovalJobs } from './ptr-removal.jobs.ts';
export { ipv6Address, planOf, serverPublicKeys } from './server-definition.ts';
export { deleteServer } from './server-deletion.ts';
export type { ServerDeletionDependencies } from './server-deletion.ts';
export { recordServerEvent, recordServerStatusChange } from './server-events.ts';
export {
  DEFAULT_METRICS_INTERVAL_MS,
  SERVER_METRICS_SAMPLE_JOB,
  ensureServerMetricsSampling,
  serverMetricsJobs,
  type SamplingRoundObserver,
} from './server-metrics.jobs.ts';
export { externalMetricsJobs, runningServerCounters } from './server-metrics.external.ts';
export type { RunningServerCounters } from './server-metrics.external.ts';
export { serverMetricKey } from './server-metrics.keys.ts';
export { serverMetricsRoutes } from './server-metrics.routes.ts';
export type { ServerMetrics } from './server-metrics.schemas.ts';
export { ServerMetricsService } from './server-metrics.service.ts';
export { DatabaseMetricsStore } from './server-metrics.store.ts';
export { DEFAULT_METRICS_RETENTION, type MetricsRetention } from './server-metrics.resolutions.ts';
export { checkPlacement, inPlacementTransaction, newServerId, placeServer, recurringAmount, serviceFor } from './server-placement.ts';
export type { PlacementRequest } from './server-placement.ts';
export {
  addExtraBandwidth,
  adjustBandwidthPool,
  announceFirewallGeneration,
  applyPendingPlan,
  bumpFirewallGenerations,
  enablePrivateNetwork,
  existingServerIds,
  findServer,
  listBilledServers,
  listHostServers,
  listOwnedBilledServerSummaries,
  lockServerRow,
  recordCancellationRequest,
  replaceServerSshKeys,
  selectProjectServerRecord,
  serverDefinition,
  setPowerState,
  setServerImage,
  setServerIso,
  setUpgradedProduct,
  toServerRecord,
} from './server-records.ts';
export type { BilledServerSummary, ServerRecord, StoredPlan } from './server-records.ts';
export { ServerView } from './server-view.ts';
export { serverJobs } from './servers.jobs.ts';
export { serverRoutes } from './servers.routes.ts';
export {
  Hostname,
  MAX_IPV4_ADDITIONAL,
  MAX_SERVER_FIREWALL_GROUPS,
  MAX_SERVER_SSH_KEYS,
  ServerId,
  ServerParams,
  ServerSchema,
  SshKeyIds,
} from './servers.schemas.ts';
export type { Server, ServerSummary } from './servers.schemas.ts';
export { ServerService } from './servers.service.ts';
