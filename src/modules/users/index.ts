// The users module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/users/ but its unit tests imports its other files (.dependency-cruiser.js).
export { PASSWORD_LENGTH, newPasswordProblem } from './password-rules.ts';
export { UserService } from './users.service.ts';
export type { UserRecord } from './users.service.ts';
export { claimDefaultProject, findDefaultProjectId } from './default-project.ts';
export { disableTotp, enableTotp, setPasswordHash, takeTotpStep } from './credentials.ts';
