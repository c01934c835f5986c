// The ssh-keys module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/ssh-keys/ but its unit tests imports its other files (.dependency-cruiser.js).
export { sshKeyRoutes } from './ssh-keys.routes.ts';
export { CreateSshKeyBody, MAX_PUBLIC_KEY_LENGTH, MAX_SSH_KEY_NAME_LENGTH } from './ssh-keys.schemas.ts';
export type { SshKey } from './ssh-keys.schemas.ts';
export { SshKeyService } from './ssh-keys.service.ts';
