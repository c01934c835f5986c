// The console acts for the signed-in user through the same services as the
// API, so the same roles and rules apply, and a session may always make
// changes. There is no API key behind a session; the one thing that reads the
// key id is the order rate limit (10 order requests a minute per key, D7),
// and orders placed in the console count per user: the key id is the user's
// id negated, a number no API key has (their ids are positive), so each
// user's console orders have a limit of their own, shared by all of their
// sessions and apart from their API keys'.
import type { Actor } from '../modules/api-keys/index.ts';
import type { UserRecord } from '../modules/users/index.ts';

export function consoleActor(user: Pick<UserRecord, 'id'>): Actor {
  return { userId: user.id, keyId: -user.id, readOnly: false };
}
