// Fastify answers 404 for a known path under another method. To answer 405
// with `Allow` instead, every route of an app is mirrored into a router of
// our own that can be asked which methods a path has.
import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Call before routes are added; the returned function lists the methods a path answers. */
export function mirrorRoutes(app: FastifyInstance): (path: string) => string[] {
  const mirror = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && !mirror.hasRoute(method as never, route.url)) mirror.on(method as never, route.url, () => {});
    }
  });
  return (path) => METHODS.filter((method) => mirror.find(method, path) !== null);
}
