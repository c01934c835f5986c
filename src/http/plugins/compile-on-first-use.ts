// Route schemas are compiled when a route is first used, not when the service
// starts. Compiling every validator and serializer of both listeners up front
// took most of the start-up time (~0.9 s of ~1.8 s) and kept code in memory
// for routes a process may never serve; a route's first request pays a few
// milliseconds instead. Errors in a schema still surface: the route's first
// request fails, and every route is exercised by the tests.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * A function that builds the real one on its first call and passes `errors`
 * through (as validators report them). Fastify calls a validator and a
 * serializer with the value alone, on every request: one argument is passed
 * on, without a rest array to make each time.
 */
export function compileOnFirstUse<F extends (input: never) => unknown>(compile: () => F): F {
  let compiled: F | undefined;
  const call = ((input: Parameters<F>[0]) => {
    compiled ??= compile();
    const result = compiled(input);
    (call as { errors?: unknown }).errors = (compiled as { errors?: unknown }).errors;
    return result;
  }) as F;
  return call;
}

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema as the serializer reads it, without the `anyOf`s it need not
 * choose between: fast-json-stringify picks an anyOf branch by running a
 * full validator on the value, for every nullable field and every status of
 * every answer (a server has a dozen), while a list of types it checks with
 * `typeof`. So "one of these strings" (`anyOf` of string constants) becomes a
 * string, and "X or null" (`anyOf: [X, {type: 'null'}]`, as `Nullable`
 * writes it) becomes `type: [X's type, 'null']`. The JSON written is the
 * same; validation and the OpenAPI documents keep the schemas as written.
 */
export function withTypeListNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTypeListNullables);
  if (!isSchema(schema)) return schema;
  const rewritten: Schema = {};
  for (const [key, value] of Object.entries(schema)) rewritten[key] = withTypeListNullables(value);
  const options = rewritten.anyOf;
  if (!Array.isArray(options)) return rewritten;
  const { anyOf: _anyOf, ...siblings } = rewritten;
  if (options.every((option) => isSchema(option) && option.type === 'string' && 'const' in option && Object.keys(option).length === 2)) return { ...siblings, type: 'string' };
  if (options.length !== 2) return rewritten;
  const nullAt = options.findIndex((option) => isSchema(option) && option.type === 'null' && Object.keys(option).length === 1);
  const other: unknown = options[1 - nullAt];
  if (nullAt === -1 || !isSchema(other) || typeof other.type !== 'string' || 'anyOf' in other || 'oneOf' in other || 'allOf' in other) return rewritten;
  return { ...siblings, ...other, type: [other.type, 'null'] };
}

/** Fastify's own response serializers (fast-json-stringify), each built on first use. */
export const serializersOnFirstUse: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildSerializer(externalSchemas, serializerOptions) {
      const compile = SerializerSelector()(externalSchemas, serializerOptions);
      return (route: Parameters<typeof compile>[0]) => compileOnFirstUse(() => compile({ ...route, schema: withTypeListNullables(route.schema) }));
    },
  },
};
