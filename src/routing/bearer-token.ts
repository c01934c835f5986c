// The credential of `Authorization: Bearer <token>`, read one way by every
// interface that takes one (API keys, the operator token, the event stream).
import type { FastifyRequest } from 'fastify';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
