// The events module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/events/ but its unit tests imports its other files (.dependency-cruiser.js).
export { EventHub } from './event-hub.ts';
export { asTransaction, eventWrite, recordEvent } from './event-log.ts';
export { readLastEventId, startEventStream, wantsStream } from './event-stream.ts';
export type { EventStream } from './event-stream.ts';
export { EVENT_TYPES } from './event-types.ts';
export type { EventType } from './event-types.ts';
export { DEFAULT_EVENT_RETENTION_MS, ensureEventPruning, eventJobs } from './events.jobs.ts';
export { eventRoutes } from './events.routes.ts';
export { EventService } from './events.service.ts';
export type { EventCursor } from './events.service.ts';
