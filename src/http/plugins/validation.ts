// Two validators: bodies are checked exactly as sent (a number where a
// string belongs is an error, never coerced), while query strings and path
// parameters arrive as text and are coerced to the schema's types.
import type { FastifyInstance, FastifySchema } from 'fastify';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { MAX_FIELD_ERRORS } from '../../schemas/common.ts';
import { compileOnFirstUse } from './compile-on-first-use.ts';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * Every format the schemas use is checked, `int32` and `int64` (the integer
 * formats of the OpenAPI documents) included: ajv-formats defines all of them.
 */
function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, removeAdditional: false, ...options });
  addFormats(ajv);
  return ajv;
}

// PostgreSQL cannot store U+0000 and the engines store lone surrogates
// differently, so such strings are refused everywhere, the same on both.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** No request body of this API nests this deep; deeper ones are refused before anything walks them. */
const MAX_DEPTH = 32;

/**
 * The first problem no schema can catch: a string (or object key) that cannot
 * be stored, or nesting past MAX_DEPTH. Iterative, so a hostile body cannot
 * exhaust the stack.
 */
function findUnstorable(body: unknown): { pointer: string; message: string } | null {
  const pending: { value: unknown; pointer: string; depth: number }[] = [{ value: body, pointer: '', depth: 0 }];
  while (pending.length > 0) {
    const { value, pointer, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return { pointer, message: 'must not contain NUL characters or unpaired surrogates' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return { pointer, message: `nests deeper than ${MAX_DEPTH} levels` };
    for (const [key, member] of Object.entries(value)) {
      if (unstorable(key)) return { pointer: `${pointer}/${key}`, message: 'has a key with NUL characters or unpaired surrogates' };
      pending.push({ value: member, pointer: `${pointer}/${key}`, depth: depth + 1 });
    }
  }
  return null;
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** The first problems only: a body with thousands of bad items gets an answer of bounded size (the problem schema's `errors`). */
const firstProblems = (errors: unknown[] | null | undefined) => errors?.slice(0, MAX_FIELD_ERRORS) ?? errors;

function refusingUnstorable(validate: Validate): Validate {
  const wrapped: Validate = (data) => {
    const problem = findUnstorable(data);
    if (problem) {
      wrapped.errors = [{ instancePath: problem.pointer, keyword: 'unstorable', message: problem.message, params: {} }];
      return false;
    }
    const valid = validate(data);
    wrapped.errors = firstProblems(validate.errors);
    return valid;
  };
  return wrapped;
}

/**
 * Coercion would read `0x1`, `1e0`, ` 1` or `+1` as the id 1; an id in a path
 * is plain digits or it names nothing. Sixteen digits reach every id
 * (Number.MAX_SAFE_INTEGER); the schema's maximum refuses what lies beyond.
 */
function digitsOnlyIds(validate: Validate, schema: { properties?: Record<string, { type?: unknown }> }): Validate {
  const integerNames = Object.entries(schema.properties ?? {})
    .filter(([, property]) => property.type === 'integer')
    .map(([name]) => name);
  if (integerNames.length === 0) return validate;
  const wrapped: Validate = (data) => {
    const params = (data ?? {}) as Record<string, unknown>;
    const bad = integerNames.find((name) => typeof params[name] === 'string' && !/^\d{1,16}$/.test(params[name]));
    if (bad) {
      wrapped.errors = [{ instancePath: `/${bad}`, keyword: 'type', message: 'must be an integer', params: {} }];
      return false;
    }
    const valid = validate(data);
    wrapped.errors = validate.errors;
    return valid;
  };
  return wrapped;
}

export function installValidation(app: FastifyInstance): void {
  const bodies = createAjv({ coerceTypes: false });
  const textual = createAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) =>
    compileOnFirstUse(() => {
      const validate = refusingUnstorable((httpPart === 'body' ? bodies : textual).compile(schema as object) as Validate);
      return httpPart === 'params' ? digitsOnlyIds(validate, schema as object) : validate;
    }) as never,
  );
}

/** A parameter given twice takes its last value, as Django REST framework (and most clients' expectations) have it. */
export function parseQueryString(text: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) query[key] = value;
  return query;
}
