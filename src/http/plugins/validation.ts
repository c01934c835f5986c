// Two validators: bodies are checked exactly as sent (a number where a
// string belongs is an error, never coerced), while query strings and path
// parameters arrive as text and are coerced to the schema's types. The
// routes a listener names have closed bodies: a member their schema does not
// declare is refused, never ignored (schemas/closed-objects.ts).
import type { FastifyInstance, FastifySchema } from 'fastify';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { MAX_FIELD_ERRORS } from '../../schemas/common.ts';
import { closedObjects } from '../../schemas/closed-objects.ts';
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

interface AjvIssue {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The first problems only: a body with thousands of bad items gets an answer of bounded size (the problem schema's `errors`). */
const firstProblems = (errors: unknown[] | null | undefined) => errors?.slice(0, MAX_FIELD_ERRORS) ?? errors;

/** A member name is echoed this long at most, so an answer naming a huge key stays within the bounds of `errors[].field`. */
const MAX_ECHOED_NAME = 64;

const echoed = (name: string) => (name.length > MAX_ECHOED_NAME ? `${name.slice(0, MAX_ECHOED_NAME)}…` : name);
const escapePointer = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1');
const unescapePointer = (part: string) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');

/** The object schema an `additionalProperties` issue is about: its schemaPath, less the keyword, walked from the route's schema. */
function objectSchemaAt(schema: unknown, schemaPath: string): { properties?: Record<string, unknown> } | undefined {
  let part: unknown = schema;
  for (const step of schemaPath.replace(/^#\/?/, '').split('/').slice(0, -1)) {
    if (typeof part !== 'object' || part === null) return undefined;
    part = (part as Record<string, unknown>)[unescapePointer(step)];
  }
  return typeof part === 'object' && part !== null ? part : undefined;
}

/** Edits (insert, delete, replace one character) between two short names. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

const commonPrefixLength = (a: string, b: string) => {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
};

/**
 * The declared member an unknown one most likely stands for: a slip of one or
 * two characters (`hostnme`), or the same first four (`events` for
 * `event_types`, `prot` for `protocol`); the nearest when several are.
 */
function likelyMeant(name: string, declared: string[]): string | undefined {
  const short = name.slice(0, MAX_ECHOED_NAME);
  const candidates = declared
    .map((candidate) => ({ candidate, distance: editDistance(short, candidate) }))
    .filter(({ candidate, distance }) => distance <= 2 || commonPrefixLength(short, candidate) >= 4)
    .sort((a, b) => a.distance - b.distance);
  return candidates[0]?.candidate;
}

/**
 * ajv says a member is not declared as "must NOT have additional properties"
 * at the object holding it; a client needs the member named, and what to do:
 * the issue moves to the member (so the field is `rules[0].prot`), saying
 * which declared member it likely meant, or to leave it out.
 */
function namingUndeclaredMembers(issues: unknown[] | null | undefined, schema: unknown): unknown[] | null | undefined {
  return issues?.map((entry) => {
    const issue = entry as AjvIssue;
    if (issue.keyword !== 'additionalProperties' || typeof issue.params.additionalProperty !== 'string') return issue;
    const name = issue.params.additionalProperty;
    const meant = likelyMeant(name, Object.keys(objectSchemaAt(schema, issue.schemaPath)?.properties ?? {}));
    return {
      ...issue,
      instancePath: `${issue.instancePath}/${escapePointer(echoed(name))}`,
      message: `is not a field of this request; ${meant ? `did you mean ${meant}?` : 'leave it out'}`,
      params: {},
    };
  });
}

/**
 * findUnstorable for path parameters and query strings: an object of strings
 * as the router made it, walked without findUnstorable's list of what is
 * left to look at (every API request has its parameters checked).
 */
function findUnstorableText(data: unknown): { pointer: string; message: string } | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return findUnstorable(data);
  const fields = data as Record<string, unknown>;
  // The same problem findUnstorable names first: a bad key before any value, and of the values the last.
  let badValueAt: string | undefined;
  for (const key in fields) {
    const value = fields[key];
    if (typeof value !== 'string' || unstorable(key)) return findUnstorable(data);
    if (unstorable(value)) badValueAt = key;
  }
  return badValueAt === undefined ? null : { pointer: `/${badValueAt}`, message: 'must not contain NUL characters or unpaired surrogates' };
}

function refusingUnstorable(validate: Validate, schema: unknown, httpPart: string | undefined): Validate {
  const find = httpPart === 'body' ? findUnstorable : findUnstorableText;
  const wrapped: Validate = (data) => {
    const problem = find(data);
    if (problem) {
      wrapped.errors = [{ instancePath: problem.pointer, keyword: 'unstorable', message: problem.message, params: {} }];
      return false;
    }
    const valid = validate(data);
    wrapped.errors = namingUndeclaredMembers(firstProblems(validate.errors), schema);
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

export interface ValidationOptions {
  /**
   * The routes (by URL, prefix included) whose JSON bodies refuse members
   * their schema does not declare; every other route ignores them.
   */
  closesBodiesOf?: (url: string) => boolean;
}

export function installValidation(app: FastifyInstance, options: ValidationOptions = {}): void {
  const bodies = createAjv({ coerceTypes: false });
  const textual = createAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) =>
    compileOnFirstUse(() => {
      const validate = refusingUnstorable((httpPart === 'body' ? bodies : textual).compile(schema as object) as Validate, schema, httpPart);
      return httpPart === 'params' ? digitsOnlyIds(validate, schema as object) : validate;
    }) as never,
  );
  const { closesBodiesOf } = options;
  if (!closesBodiesOf) return;
  // The route's own schema becomes the closed copy, before any other onRoute
  // hook reads it: validation and the OpenAPI document then say the same.
  // One map of copies for the listener: a part many bodies share is one shape.
  const copies = new WeakMap<object, unknown>();
  app.addHook('onRoute', (route) => {
    if (route.schema?.body && closesBodiesOf(route.url)) route.schema = { ...route.schema, body: closedObjects(route.schema.body, copies) };
  });
}

/** A parameter given twice takes its last value, as Django REST framework (and most clients' expectations) have it. */
export function parseQueryString(text: string): Record<string, string> {
  const query: Record<string, string> = {};
  // Most requests have no query: no URLSearchParams to make for them (the router asks with '').
  if (text.length === 0) return query;
  for (const [key, value] of new URLSearchParams(text)) query[key] = value;
  return query;
}
