// One error type and one table from code to HTTP status. The problem-details
// handler turns an ApiError into application/problem+json.

export const statusByCode = {
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
  conflict: 409,
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
} as const;

export type ErrorCode = keyof typeof statusByCode;

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    detail: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.status = statusByCode[code];
  }
}

export function validationError(field: string, message: string): ApiError {
  return new ApiError('validation_error', `${field}: ${message}`, { errors: [{ field, message }] });
}

export function notFound(what: string): ApiError {
  return new ApiError('not_found', `${what} not found`);
}
