// The api-keys module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/api-keys/ but its unit tests imports its other files (.dependency-cruiser.js).
export { ApiKeyService, requireWritable } from './api-keys.service.ts';
export type { Actor, CheckedConsoleKey, ConsoleKeyExpiry } from './api-keys.service.ts';
