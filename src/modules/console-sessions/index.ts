// The console-sessions module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/console-sessions/ but its unit tests imports its other files (.dependency-cruiser.js).
export { ConsoleSessionService, ENDED_SESSION_RETENTION_MS, USER_AGENT_KEPT, sessionReference } from './sessions.service.ts';
export type { SessionListing, SignedInFrom } from './sessions.service.ts';
export { SECOND_STEP_MS, SIGN_IN_THROTTLE, SignInRefused, SignInService } from './sign-in.service.ts';
export { RECOVERY_CODE_COUNT, TOTP_ISSUER, groupedSecret, newTotpSecret, totpUri } from './two-factor.ts';
