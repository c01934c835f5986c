// The account module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/account/ but its unit tests imports its other files (.dependency-cruiser.js).
export { accountRoutes } from './account.routes.ts';
export { AccountService } from './account.service.ts';
