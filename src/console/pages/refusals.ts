// What a refused form shows: the API's own words for the same refusal, with
// the API's status, so a user of the console and a client of the API learn
// the same thing. Only refusals a user can act on are shown on the form's
// page; a project or server that is not theirs stays a 404 page (never a
// hint that it exists), and a fault on our side stays a 500.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { toProblem } from '../../http/plugins/problem-details.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import { describeError } from '../console-errors.ts';

export interface Refusal {
  status: number;
  message: string;
  /** The form fields the refusal names, marked invalid on the page. */
  fields: string[];
}

function namedFields(extra: Record<string, unknown>): string[] {
  const errors = Array.isArray(extra.errors) ? (extra.errors as { field?: unknown }[]) : [];
  return errors.map((entry) => entry.field).filter((field): field is string => typeof field === 'string');
}

/** The form failed the API's schema for the same request: the API's detail, such as "name must NOT have fewer than 1 characters". */
export function invalidForm(request: FastifyRequest): Refusal | null {
  if (!request.validationError) return null;
  const { body } = toProblem(request.validationError, request);
  const { status, detail, ...extra } = body;
  return { status, message: detail, fields: namedFields(extra) };
}

/** A refusal to show beside the form; null for what must stay an error page. */
export function refusalOf(error: unknown): Refusal | null {
  if (error instanceof AppError) {
    if (error.code === 'not_found') return null;
    const { status, message } = describeError(error);
    return status < 500 || isRetryable(error) ? { status, message, fields: namedFields(error.extra) } : null;
  }
  // A system behind the service failed: nothing was changed, and the user may try again.
  if (isUpstreamError(error)) return { ...describeError(error), fields: [] };
  return null;
}

const isRetryable = (error: AppError) => error.code === 'upstream_unavailable' || error.code === 'upstream_error' || error.code === 'service_unavailable';

/**
 * A form field left empty is a field not given, as an API client would leave
 * it out (a browser sends every field of a form, empty or not).
 */
export function dropEmptyFields(body: unknown, names: readonly string[]): void {
  if (body === null || typeof body !== 'object') return;
  const fields = body as Record<string, unknown>;
  for (const name of names) if (fields[name] === '') delete fields[name];
}
