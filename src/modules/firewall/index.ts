// The firewall module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/firewall/ but its unit tests imports its other files (.dependency-cruiser.js).
export { FirewallInspection } from './firewall-inspection.service.ts';
export { firewallOperatorRoutes } from './firewall-operator.routes.ts';
export { firewallRoutes } from './firewall.routes.ts';
export { CreateGroupBody, CreateRuleBody } from './firewall.schemas.ts';
export type { CreateRuleInput, FirewallGroup } from './firewall.schemas.ts';
export { FirewallService } from './firewall.service.ts';
export { firewallJobs } from './propagation.ts';
