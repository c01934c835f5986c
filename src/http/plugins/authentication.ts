// Bearer authentication for the project API (API keys) and the operator API
// (the operator token). Missing, malformed, unknown, revoked and expired
// credentials all get the same 401.
import type { FastifyInstance, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError, readOnlyKey } from '../../errors.ts';
import type { Actor, ApiKeyService } from '../../modules/api-keys/index.ts';
import { hashToken, sameHash } from '../../secrets.ts';
import { bearerToken } from '../../routing/bearer-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

const unauthenticated = () =>
  new AppError('unauthenticated', 'A valid API key is required: send Authorization: Bearer <key>');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every route of `app` needs an API key. A read-only key is refused any
 * change here, before the body is even validated, so it always sees 403
 * `read_only_key` rather than a validation error; the services check again
 * for callers that do not come through HTTP.
 *
 * A callback hook: a key the process keeps is checked without a promise
 * (authenticateKept), and only a key not kept waits for its read.
 */
export function requireApiKey(app: FastifyInstance, keys: ApiKeyService): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request);
    const kept = keys.authenticateKept(token);
    if (kept !== undefined) return admit(request, kept, done);
    keys.authenticate(token).then((actor) => admit(request, actor, done), done);
  });
}

function admit(request: FastifyRequest, actor: Actor | null, done: HookHandlerDoneFunction): void {
  if (!actor) return done(unauthenticated());
  // Set before the refusal below, so the audit log names the key whose change was refused.
  request.actor = actor;
  if (actor.readOnly && !SAFE_METHODS.has(request.method)) return done(readOnlyKey());
  done();
}

export function requireOperatorToken(app: FastifyInstance, tokenHash: string): void {
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token || !sameHash(hashToken(token), tokenHash)) {
      throw new AppError('unauthenticated', 'The operator token is required: send Authorization: Bearer <token>');
    }
  });
}
