// The hosts module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/hosts/ but its unit tests imports its other files (.dependency-cruiser.js).
export { hostRoutes } from './hosts.routes.ts';
export { HostService, NoHostRoom } from './hosts.service.ts';
export type { HostIdentity, HostWatch } from './hosts.service.ts';
