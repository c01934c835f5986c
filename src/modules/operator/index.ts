// The operator module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/operator/ but its unit tests imports its other files (.dependency-cruiser.js).
export { BackOfficeService } from './back-office.service.ts';
export { operatorRoutes } from './operator.routes.ts';
export type { OperatorDependencies } from './operator.routes.ts';
