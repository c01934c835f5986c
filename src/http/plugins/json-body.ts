// Bodies are JSON and nothing else. Many clients send
// `Content-Type: application/json` on every request, bodiless DELETEs
// included, so an empty body is no body rather than malformed JSON.
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';

export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  // Any other body type answers 415 instead of reaching a route as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      // Refuses __proto__ and constructor.prototype keys instead of creating them.
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const problem = error as Error & { statusCode?: number };
      problem.statusCode = 400;
      done(problem, undefined);
    }
  });
}
