// The console acts for the signed-in user through the same services as the
// API, so the same roles and rules apply. There is no API key behind a
// session: keyId 0 names none (only the order rate limit reads it, and the
// console places no orders), and a session may always make changes.
import type { Actor } from '../modules/api-keys/api-keys.service.ts';
import type { UserRecord } from '../modules/users/users.service.ts';

export function consoleActor(user: Pick<UserRecord, 'id'>): Actor {
  return { userId: user.id, keyId: 0, readOnly: false };
}
