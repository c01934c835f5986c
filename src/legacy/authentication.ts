// Who may use the legacy API (D13): a user's API key as a Bearer token, and
// the user must have been granted legacy access. Bad, revoked and expired
// tokens are one 401; a user without access is 403 on every call; a read-only
// key is refused any change (403) before its body is read.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { bearerToken } from '../routing/bearer-token.ts';
import type { Actor, ApiKeyService } from '../modules/api-keys/index.ts';
import type { UserService } from '../modules/users/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    legacyActor: Actor;
  }
}

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function requireLegacyAccess(app: FastifyInstance, keys: ApiKeyService, users: UserService): void {
  app.decorateRequest('legacyActor', null as unknown as Actor);
  app.addHook('onRequest', async (request) => {
    const actor = await keys.authenticate(bearerToken(request));
    if (!actor) throw new AppError('unauthenticated', 'Unauthenticated: send a valid API token as Authorization: Bearer <token>');
    // Set before the refusals below, so the audit log names the key that was refused.
    request.legacyActor = actor;
    if (!(await users.hasLegacyAccess(actor.userId))) throw new AppError('forbidden', 'Access forbidden: this account has not been granted access to this API');
    if (actor.readOnly && CHANGING_METHODS.has(request.method)) throw new AppError('read_only_key', 'Access forbidden: this API token is read-only');
  });
}
