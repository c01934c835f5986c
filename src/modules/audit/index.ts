// The audit module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/audit/ but its unit tests imports its other files (.dependency-cruiser.js).
export { auditOperatorRoutes, auditRoutes } from './audit.routes.ts';
export { AuditService } from './audit.service.ts';
export type { AuditActor, AuditDetails, AuditEntry, AuditInterface, AuditRecord, AuditResource, PendingAuditRecord } from './audit.service.ts';
