// The orders module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/orders/ but its unit tests imports its other files (.dependency-cruiser.js).
export { upgradeOptions } from './order-requests.ts';
export { orderJobs } from './orders.jobs.ts';
export { orderRoutes } from './orders.routes.ts';
export { OrderServerBody, RateLimitHeaders, RateLimitedHeaders } from './orders.schemas.ts';
export type { Order, OrderServerInput } from './orders.schemas.ts';
export { OrderService, SETTLE_SUBMITTING_AFTER_MS } from './orders.service.ts';
export type { OrderContext, OrderOutcome } from './orders.service.ts';
