// Route schemas are compiled when a route is first used, not when the service
// starts. Compiling every validator and serializer of both listeners up front
// took most of the start-up time (~0.9 s of ~1.8 s) and kept code in memory
// for routes a process may never serve; a route's first request pays a few
// milliseconds instead. Errors in a schema still surface: the route's first
// request fails, and every route is exercised by the tests.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** A function that builds the real one on its first call and passes `errors` through (as validators report them). */
export function compileOnFirstUse<F extends (...args: never[]) => unknown>(compile: () => F): F {
  let compiled: F | undefined;
  const call = ((...args: Parameters<F>) => {
    compiled ??= compile();
    const result = compiled(...args);
    (call as { errors?: unknown }).errors = (compiled as { errors?: unknown }).errors;
    return result;
  }) as F;
  return call;
}

/** Fastify's own response serializers (fast-json-stringify), each built on first use. */
export const serializersOnFirstUse: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildSerializer(externalSchemas, serializerOptions) {
      const compile = SerializerSelector()(externalSchemas, serializerOptions);
      return (route: Parameters<typeof compile>[0]) => compileOnFirstUse(() => compile(route));
    },
  },
};
