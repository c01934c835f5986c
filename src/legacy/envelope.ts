// The legacy API's envelope: {result: "success", data} or
// {result: "error", message, errors?}; `errors` only for validation (422).
// The database being unavailable is 503 with Retry-After, as on the project
// API (db/unavailable.ts), never a 500.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, databaseUnavailable } from '../errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { errorHeaders, statusOf } from '../schemas/error-statuses.ts';
import { isUpstreamError } from '../upstreams/errors.ts';

export interface LegacyFailure {
  result: 'error';
  message: string;
  errors?: string[];
}

export function failure(message: string, errors?: string[]): LegacyFailure {
  return errors ? { result: 'error', message, errors } : { result: 'error', message };
}

export function sendFailure(reply: FastifyReply, status: number, body: LegacyFailure, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(status).headers(headers).type('application/json').send(body);
}

/** Maps any error to a status and the failure envelope; validation is always 422. */
export function toLegacyFailure(error: unknown, request: FastifyRequest): { status: number; body: LegacyFailure; headers: Record<string, string> } {
  if (error instanceof AppError) {
    const status = statusOf(error);
    if (status === 400) {
      const fieldErrors = (error.extra.errors as { field: string; message: string }[] | undefined) ?? [];
      return { status: 422, body: failure(error.message, fieldErrors.map((entry) => `${entry.field} ${entry.message}`)), headers: {} };
    }
    return { status, body: failure(error.message), headers: errorHeaders(error) };
  }
  if (isUpstreamError(error)) {
    return error.kind === 'unavailable'
      ? { status: 503, body: failure(`The ${error.system} system is unavailable; try again later`), headers: { 'retry-after': '30' } }
      : { status: 502, body: failure(`The ${error.system} system failed or did not answer`), headers: {} };
  }
  const fastifyError = error as FastifyError & { validation?: { instancePath: string; message?: string; params: Record<string, unknown> }[]; validationContext?: string };
  if (fastifyError.validation) {
    if (fastifyError.validationContext === 'params') return { status: 404, body: failure('Not found'), headers: {} };
    const errors = fastifyError.validation.map((issue) => {
      // Ajv names a required property that is absent in params.missingProperty.
      const missing = typeof issue.params.missingProperty === 'string' ? issue.params.missingProperty : undefined;
      const field = [...issue.instancePath.split('/').filter(Boolean), ...(missing ? [missing] : [])].join('.') || 'body';
      return `${field} ${missing ? 'is required' : issue.message ?? 'is invalid'}`;
    });
    return { status: 422, body: failure('The given data was invalid', errors), headers: {} };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    if (status === 400) return { status: 422, body: failure('The given data was invalid', [`body ${fastifyError.message}`]), headers: {} };
    return { status, body: failure(fastifyError.message), headers: {} };
  }
  // Last: only what would otherwise be an internal error can be the database's absence.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'the database is unavailable; answered 503');
    return toLegacyFailure(databaseUnavailable(), request);
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: failure('Something went wrong on our side'), headers: {} };
}
