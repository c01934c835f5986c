// The error catalogue (`src/errors.ts`) seen from HTTP: one status per code
// and the headers an error's hints become. Problem details and the legacy
// envelope both answer through this mapping.
import { AppError, type ErrorCode, type RateLimitState } from '../errors.ts';

export const statusByCode: Record<ErrorCode, number> = {
  validation_error: 400,
  feature_unavailable: 400,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  insufficient_role: 403,
  read_only_key: 403,
  billing_account_required: 403,
  project_not_ready: 403,
  not_found: 404,
  method_not_allowed: 405,
  name_taken: 409,
  rule_exists: 409,
  group_in_use: 409,
  idempotency_key_reused: 409,
  project_deleting: 409,
  project_not_empty: 409,
  slug_taken: 409,
  email_taken: 409,
  ssh_key_in_use: 409,
  snapshot_not_ready: 409,
  owner_required: 409,
  addresses_exhausted: 409,
  conflict: 409,
  // Console payments only: the API never answers these.
  payment_declined: 402,
  insufficient_credit: 402,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  headers_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  upstream_error: 502,
  upstream_unavailable: 503,
  reverse_dns_unavailable: 503,
  service_unavailable: 503,
};

/** The `RateLimit-*` headers of an order response, and `Retry-After` when it was refused. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(state.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': String(state.resetSeconds),
  };
  if (!state.allowed && state.retryAfterSeconds !== null) headers['retry-after'] = String(state.retryAfterSeconds);
  return headers;
}

/** The headers an error carries: the challenge of a 401, its retry hint, its rate limit. */
export function errorHeaders(error: AppError): Record<string, string> {
  const headers: Record<string, string> = error.hints.rateLimit ? rateLimitHeaders(error.hints.rateLimit) : {};
  if (error.code === 'unauthenticated') headers['www-authenticate'] = 'Bearer';
  if (error.hints.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.hints.retryAfterSeconds);
  return headers;
}

export function statusOf(error: AppError): number {
  return statusByCode[error.code];
}
