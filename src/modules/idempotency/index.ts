// The idempotency module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/idempotency/ but its unit tests imports its other files (.dependency-cruiser.js).
export {
  IDEMPOTENCY_WINDOW_MS,
  findReplay,
  forgetKey,
  hashRequest,
  keyRecord,
  liveRecord,
  liveSince,
  pruneIdempotencyKeys,
  recordKey,
  replayOf,
} from './idempotency.ts';
export type { IdempotencyKey } from './idempotency.ts';
