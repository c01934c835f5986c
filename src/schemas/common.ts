// The vocabulary every schema is built from, so each bound lives in one place
// (the OpenAPI documents are generated from these schemas, and the OWASP
// rules ask every string, integer and array to say how big it can be), and
// the problem-details responses each route declares.
import http from 'node:http';
import { Type, type TArray, type TInteger, type TSchema, type TString } from 'typebox';
import { type ErrorCode } from '../errors.ts';
import { statusByCode } from './error-statuses.ts';
import { narrows } from './openapi-names.ts';

/** The schema, or null. */
export const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) => Type.Union([schema, Type.Null()], options);

type Annotations = { description?: string };

/** An integer that fits a 32-bit column (ports, priorities, sizes, catalogue ids). */
export const Int32 = (minimum: number, maximum: number, options: Annotations = {}): TInteger =>
  Type.Integer({ format: 'int32', minimum, maximum, ...options });

/**
 * A row id. Ids are serial columns (bigint on PostgreSQL) read into
 * JavaScript numbers, which are exact up to MAX_SAFE_INTEGER.
 */
export const Id = (options: Annotations = {}): TInteger => Type.Integer({ format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...options });

/** How many of something (results, gigabytes): bigint columns and sums of them, exact up to MAX_SAFE_INTEGER. */
export const Count = (options: Annotations = {}): TInteger => Type.Integer({ format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, ...options });

/** A string of at most `maxLength` characters. */
export const Text = (maxLength: number, options: Annotations & { minLength?: number; pattern?: string; format?: string } = {}): TString =>
  Type.String({ maxLength, ...options });

/** A list of at most `maxItems` items. */
export const List = <Item extends TSchema>(items: Item, maxItems: number, options: Annotations & { minItems?: number } = {}): TArray<Item> =>
  Type.Array(items, { maxItems, ...options });

/**
 * A moment as the service writes it: ISO 8601 in UTC with a trailing Z
 * (`Date.prototype.toISOString`, also what PostgreSQL timestamps are read back as).
 */
export const Timestamp = (options: Annotations = {}): TString =>
  Text(30, { format: 'date-time', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z$', ...options });

/** A calendar day, YYYY-MM-DD. */
export const CalendarDate = (options: Annotations = {}): TString => Text(10, { format: 'date', ...options });

/**
 * A money amount: integer minor units inside (at most MAX_SAFE_INTEGER, so 14
 * digits before the point), a two-decimal string at the edge. Never negative
 * in an answer: credit cannot go below zero and no price or invoice is negative.
 */
export const Money = (options: Annotations = {}): TString => Text(17, { pattern: '^\\d{1,14}\\.\\d{2}$', ...options });

/** An ISO 4217 currency code. */
export const Currency = (options: Annotations = {}): TString => Text(3, { pattern: '^[A-Z]{3}$', ...options });

/**
 * A link into this service: its base address (CLOUDPLANE_PUBLIC_URL, or the
 * Host the client sent, which Node caps with every other header at 16 KiB)
 * followed by a path and query (a request URL is at most 8 KiB).
 */
export const Link = (options: Annotations = {}): TString => Text(32768, { format: 'uri', ...options });

export const NoContent = Type.Null({ description: 'No content' });

// Problem details ----------------------------------------------------------

/** More field problems than this help nobody; the validator reports the first ones (see plugins/validation.ts). */
export const MAX_FIELD_ERRORS = 100;

const FieldErrorSchema = Type.Object(
  {
    field: Text(1024, { description: 'Where the problem is: `name`, `rules[2].port_min`, `query`, `body`' }),
    message: Text(1024),
  },
  { title: 'FieldError' },
);

/** The statuses routes declare one by one; other 4xx (413, 414, 415) and 500 can meet any route. */
export type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503;

const codesAnswering = (matches: (status: number) => boolean) =>
  (Object.entries(statusByCode) as [ErrorCode, number][]).filter(([, status]) => matches(status)).map(([code]) => code);

const problemProperties = (minStatus: number, maxStatus: number, codes: readonly ErrorCode[]) => ({
  type: Text(255, { format: 'uri-reference', description: '`about:blank`: the code says what went wrong' }),
  // The HTTP status phrase, as problem() writes it.
  title: Type.String({ enum: [...new Set(codes.map((code) => http.STATUS_CODES[statusByCode[code]] ?? 'Error'))] }),
  status: Int32(minStatus, maxStatus),
  code: Type.String({ enum: [...codes], description: 'Stable error code' }),
  detail: Text(8192, { description: 'What went wrong, for people; may change' }),
  errors: Type.Optional(List(FieldErrorSchema, MAX_FIELD_ERRORS, { description: 'Field-level problems of a validation_error' })),
});

const PROBLEM_DESCRIPTION =
  'RFC 9457 problem details. Extra members by code: `group_id` (name_taken), `rule_id` (rule_exists), `servers` (group_in_use, conflict on an SSH key in use: server ids; project_not_empty: a count, with `ssh_keys`), `order_id` (upstream_error on an order)';

/** Any problem the service answers with: every code of the code table. The documents name it `Problem`. */
export const ProblemSchema = Type.Object(problemProperties(400, 599, codesAnswering((status) => status >= 400)), {
  title: 'Problem',
  additionalProperties: true,
  description: PROBLEM_DESCRIPTION,
});

/**
 * RFC 9457 problem details whose `code` is one the code table answers with
 * these statuses: a Problem narrowed to them, as the documents show it.
 */
function problemSchema(minStatus: number, maxStatus: number, codes: readonly ErrorCode[]) {
  return Type.Object(problemProperties(minStatus, maxStatus, codes), { additionalProperties: true, description: PROBLEM_DESCRIPTION, ...narrows(ProblemSchema) });
}

/** What a header of a response is, for the document. */
export interface ResponseHeader {
  schema: TSchema;
  description: string;
}

/** The `Retry-After` header: seconds to wait before sending the request again. */
export const RetryAfterHeader = (maxSeconds: number, description: string): ResponseHeader => ({
  schema: Int32(1, maxSeconds),
  description,
});

/**
 * Every 503 says when to try again: 30 seconds for a system behind the API
 * that is down (plugins/problem-details.ts, legacy/envelope.ts), 300 for the
 * reverse DNS service (the spec's value).
 */
export const UnavailableRetryAfter: Record<string, ResponseHeader> = {
  'Retry-After': RetryAfterHeader(300, 'Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service'),
};

/** Sent on an answer that repeats the first one of its Idempotency-Key. */
export const IdempotentReplayedHeader: Record<string, ResponseHeader> = {
  'Idempotent-Replayed': { schema: Type.Literal('true'), description: 'Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key' },
};

/** A response as @fastify/swagger and the response checks read it: a body under its media type, with the headers it carries. */
export interface DeclaredResponse {
  description: string;
  headers?: Record<string, TSchema & { description?: string }>;
  content: Record<string, { schema: TSchema }>;
}

/** Headers in the form @fastify/swagger turns into response header objects. */
export function headerSchemas(headers: Record<string, ResponseHeader>): Record<string, TSchema & { description?: string }> {
  return Object.fromEntries(Object.entries(headers).map(([name, header]) => [name, { ...header.schema, description: header.description }]));
}

/** A JSON answer that carries headers worth declaring (the rate-limit headers of an order). */
export function jsonResponse(schema: TSchema, description: string, headers: Record<string, ResponseHeader> = {}): DeclaredResponse {
  return {
    description,
    ...(Object.keys(headers).length > 0 ? { headers: headerSchemas(headers) } : {}),
    content: { 'application/json': { schema } },
  };
}

const WHEN: Record<ProblemStatus | 500, string> = {
  400: 'The request is invalid; `errors` names the fields of a validation_error',
  401: 'No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`)',
  403: 'Refused',
  404: 'No such resource in a project of the key’s user, or a page past the end',
  409: 'In conflict with the state of the resource',
  429: 'More than 10 order requests a minute with this API key',
  502: 'A system behind the API failed or did not answer; send the same request again',
  503: 'A system behind the API is unavailable for now',
  500: 'Something went wrong on our side; the request may be retried',
};

export interface ProblemOptions {
  /** What the status means on this route, when it says more than the general meaning. */
  description?: string;
  /** The codes this route can answer with, when fewer than every code of the status. */
  codes?: readonly ErrorCode[];
  headers?: Record<string, ResponseHeader>;
}

const described = (what: string, codes: readonly ErrorCode[]) => `${what}. Codes: ${codes.map((code) => `\`${code}\``).join(', ')}`;

/** One problem-details response, its codes from the one code table unless narrowed. */
export function problemResponse(status: ProblemStatus, options: ProblemOptions = {}): DeclaredResponse {
  const codes = options.codes ?? codesAnswering((candidate) => candidate === status);
  const headers = options.headers ?? (status === 503 ? UnavailableRetryAfter : undefined);
  return {
    description: described(options.description ?? WHEN[status], codes),
    ...(headers ? { headers: headerSchemas(headers) } : {}),
    content: { 'application/problem+json': { schema: problemSchema(status, status, codes) } },
  };
}

/** 403 for the refusals this route can meet. */
export const refused = (...codes: ErrorCode[]) => [403, { codes }] as const;
/** 409 for the conflicts this route can meet. */
export const conflicts = (...codes: ErrorCode[]) => [409, { codes }] as const;

export type ProblemSpec = ProblemStatus | readonly [ProblemStatus, ProblemOptions];

/**
 * What any route can answer besides its own failures: the edge's client
 * errors (a body too large or not JSON, a URL too long) and 500.
 */
const anyRoute = {
  '4xx': {
    description: 'Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415)',
    content: { 'application/problem+json': { schema: problemSchema(400, 499, codesAnswering((status) => status >= 400 && status < 500)) } },
  },
  500: {
    description: described(WHEN[500], ['internal_error']),
    content: { 'application/problem+json': { schema: problemSchema(500, 500, ['internal_error']) } },
  },
} satisfies Record<string, DeclaredResponse>;

/** The problem-details responses of a route: each status it can answer with, then what any route can. */
export function problemResponses(...statuses: ProblemSpec[]): Record<string, DeclaredResponse> {
  const declared: Record<string, DeclaredResponse> = {};
  for (const entry of statuses) {
    const [status, options] = typeof entry === 'number' ? [entry, {}] : entry;
    declared[status] = problemResponse(status, options);
  }
  return { ...declared, ...anyRoute };
}

/** Routes left out of the documents (operator, health): any 4xx and 5xx, as problem details. */
export const errorResponses = {
  '4xx': anyRoute['4xx'],
  '5xx': {
    description: 'Server or upstream error (problem details)',
    content: { 'application/problem+json': { schema: problemSchema(500, 599, codesAnswering((status) => status >= 500)) } },
  },
};
