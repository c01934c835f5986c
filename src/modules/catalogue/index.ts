// The catalogue module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/catalogue/ but its unit tests imports its other files (.dependency-cruiser.js).
export { BILLING_CYCLES, nextDueDate, termStart } from './billing-cycles.ts';
export { CatalogueCache } from './catalogue-cache.ts';
export { catalogueRoutes } from './catalogue.routes.ts';
export { CatalogueService } from './catalogue.service.ts';
export { catalogueProblems } from './catalogue.validation.ts';
export { demoCatalogue } from './demo-catalogue.ts';
