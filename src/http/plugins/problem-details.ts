// Every error leaves as RFC 9457 problem details: application/problem+json
// with `status`, `code`, `detail` and the spec's extra members. This covers
// AppError, schema validation, upstream failures, the database being
// unavailable (503 service_unavailable with Retry-After, db/unavailable.ts),
// and Fastify's own edge errors (bad URL, 404, 405, 413, 414, 415, 431), so no
// client input ever gets another format or a 500, and neither does an outage
// of the database.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, databaseUnavailable, type ErrorCode, type FieldError } from '../../errors.ts';
import { errorHeaders, statusByCode } from '../../schemas/error-statuses.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { mirrorRoutes } from './route-mirror.ts';
import { noteForAudit } from '../../routing/audit-notes.ts';

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  [member: string]: unknown;
}

export function problem(code: ErrorCode, detail: string, extra: Record<string, unknown> = {}): Problem {
  const status = statusByCode[code];
  return { type: 'about:blank', title: http.STATUS_CODES[status] ?? 'Error', status, code, detail, ...extra };
}

export function sendProblem(reply: FastifyReply, body: Problem, headers: Record<string, string> = {}): FastifyReply {
  noteForAudit(reply.request, { problemCode: body.code });
  return reply.code(body.status).headers(headers).type('application/problem+json').send(body);
}

/** `/a/0/b` → `a[0].b`; the body itself is `body`. */
function fieldName(instancePath: string, missingProperty?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missingProperty) parts.push(missingProperty);
  return parts.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '') || 'body';
}

interface AjvIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

function fieldErrors(issues: AjvIssue[], context: string | undefined): FieldError[] {
  // A union of literals fails once per literal; together they are the allowed values.
  const allowedByPath = new Map<string, unknown[]>();
  for (const issue of issues) {
    if (issue.keyword !== 'const') continue;
    allowedByPath.set(issue.instancePath, [...(allowedByPath.get(issue.instancePath) ?? []), issue.params.allowedValue]);
  }
  const errors = issues
    // anyOf reports each branch and then itself; the branches say more.
    .filter((issue) => issue.keyword !== 'anyOf' || issues.length === 1)
    .map((issue) => {
      const field = fieldName(issue.instancePath, issue.params.missingProperty as string | undefined);
      let message = issue.message ?? 'is invalid';
      if (issue.keyword === 'required') message = 'is required';
      if (issue.keyword === 'enum' || issue.keyword === 'const') {
        const allowed = (issue.params.allowedValues as unknown[] | undefined) ?? allowedByPath.get(issue.instancePath) ?? [];
        message = `must be one of: ${allowed.join(', ')}`;
      }
      return { field: context === 'querystring' && field === 'body' ? 'query' : field, message };
    });
  // One line per field: alternatives of a union can repeat the same field.
  return errors.filter((error, index) => errors.findIndex((other) => other.field === error.field) === index);
}

const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_BAD_URL: 'bad_request',
  // A path parameter longer than any id or slug names nothing that exists.
  FST_ERR_MAX_PARAM_LENGTH: 'not_found',
};

/** The problem an error is; null for an error nobody foresaw (toProblem logs it and answers internal_error). */
export function knownProblem(error: unknown): { body: Problem; headers: Record<string, string> } | null {
  if (error instanceof AppError) return { body: problem(error.code, error.message, error.extra), headers: errorHeaders(error) };
  if (isUpstreamError(error)) {
    return error.kind === 'unavailable'
      ? { body: problem('upstream_unavailable', `The ${error.system} system is unavailable; try again later`), headers: { 'retry-after': '30' } }
      : { body: problem('upstream_error', `The ${error.system} system failed or did not answer; send the same request again`), headers: {} };
  }
  const fastifyError = error as FastifyError & { validation?: AjvIssue[]; validationContext?: string };
  if (fastifyError.validation) {
    // A path parameter that does not fit its pattern names nothing that exists.
    if (fastifyError.validationContext === 'params') return { body: problem('not_found', 'Not found'), headers: {} };
    const errors = fieldErrors(fastifyError.validation, fastifyError.validationContext);
    const detail = errors.map((entry) => `${entry.field} ${entry.message}`).join('; ');
    return { body: problem('validation_error', detail, { errors }), headers: {} };
  }
  const mapped = fastifyError.code ? frameworkCodes[fastifyError.code] : undefined;
  if (mapped) return { body: problem(mapped, fastifyError.message), headers: {} };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // Malformed JSON, an empty JSON body, a bad Content-Length: the body is what is wrong.
    const detail = `The request body could not be read: ${fastifyError.message}`;
    return { body: problem('validation_error', detail, { errors: [{ field: 'body', message: fastifyError.message }] }), headers: {} };
  }
  // Last: only what would otherwise be an internal error can be the database's absence.
  if (isDatabaseUnavailable(error)) return knownProblem(databaseUnavailable());
  return null;
}

export function toProblem(error: unknown, request: FastifyRequest): { body: Problem; headers: Record<string, string> } {
  const known = knownProblem(error);
  // Not a bug, but the operator should hear of it: once per request that met it, without the alarm of an error.
  if (known?.body.code === 'service_unavailable' && !(error instanceof AppError)) request.log.warn({ err: error }, 'the database is unavailable; answered 503');
  if (known) return known;
  request.log.error({ err: error }, 'unhandled error');
  return { body: problem('internal_error', 'Something went wrong on our side; the request may be retried'), headers: {} };
}

export function installProblemDetails(app: FastifyInstance): void {
  const allowedMethods = mirrorRoutes(app);

  app.setErrorHandler((error, request, reply) => {
    const { body, headers } = toProblem(error, request);
    return sendProblem(reply, body, headers);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      return sendProblem(reply, problem('method_not_allowed', `${request.method} is not allowed here; use ${allowed.join(', ')}`), {
        allow: allowed.join(', '),
      });
    }
    return sendProblem(reply, problem('not_found', `No route ${request.method} ${path}`));
  });
}

/** Fastify's `frameworkErrors` option: bad URL encoding and over-long path parameters. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { body } = toProblem(error, request);
  void sendProblem(reply, body);
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers
 * too large → 431, anything else → 400) answered in the same format.
 * `contentType` and `format` let the legacy listener answer its own envelope.
 */
export function clientErrorHandler(contentType: string, format: (status: number, message: string) => object) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message = status === 431 ? 'The request headers are too large' : status === 408 ? 'The request took too long' : 'The request could not be parsed';
    const body = JSON.stringify(format(status, message));
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

export function problemForStatus(status: number, message: string): Problem {
  const code: ErrorCode = status === 431 ? 'headers_too_large' : 'bad_request';
  return { ...problem(code, message), status };
}
