// Any error, as the console says it to a person: the status the API would
// answer and words that say what to do. Shared by the error page and the
// forms that show a refusal beside themselves.
import type { FastifyError } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../errors.ts';
import { statusByCode } from '../schemas/error-statuses.ts';
import { isUpstreamError } from '../upstreams/errors.ts';

/** The console's words for the database not answering (the API's 503 service_unavailable). */
const BRIEFLY_UNAVAILABLE = 'The service is briefly unavailable. Try again in a few seconds.';

export function describeError(error: unknown): { status: number; message: string } {
  if (isDatabaseUnavailable(error) || (error instanceof AppError && error.code === 'service_unavailable')) return { status: 503, message: BRIEFLY_UNAVAILABLE };
  if (error instanceof AppError) return { status: statusByCode[error.code], message: error.message };
  if (isUpstreamError(error)) {
    return error.kind === 'unavailable'
      ? { status: 503, message: `The ${error.system} system is unavailable; nothing was changed. Try again in a minute.` }
      : { status: 502, message: `The ${error.system} system did not answer properly; try again.` };
  }
  const framework = error as FastifyError;
  if (framework.code === 'FST_CSRF_INVALID_TOKEN' || framework.code === 'FST_CSRF_MISSING_SECRET') {
    return { status: 403, message: 'This form has expired or did not come from this console. Go back, reload the page and try again.' };
  }
  if (framework.statusCode && framework.statusCode >= 400 && framework.statusCode < 500) {
    return { status: framework.statusCode, message: framework.message };
  }
  return { status: 500, message: 'Something went wrong on our side. Try again; if it keeps happening, tell the provider.' };
}
