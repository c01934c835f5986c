// The error catalogue: every refusal the services can give, by code, with what
// a client may do about it as data (retry hints, rate-limit state). Nothing
// here knows HTTP: `schemas/error-statuses.ts` maps a code to a status and headers once
// for problem details, and `legacy/envelope.ts` maps the same error to the
// legacy envelope. A service throws `AppError` through the named constructors
// below, so one situation has one code and one wording wherever it arises.
//
// Codes the spec or DESIGN.md name are kept exactly. `conflict` is kept for
// the situations they call `conflict` (a running action, a suspended server,
// a duplicate SSH key, a cancellation of the other kind, an unmatched billing
// service); situations they leave unnamed get their own code.

export const errorCodes = [
  'validation_error',
  'feature_unavailable',
  'bad_request',
  'unauthenticated',
  'forbidden',
  'insufficient_role',
  'read_only_key',
  'billing_account_required',
  'project_not_ready',
  'not_found',
  'method_not_allowed',
  'name_taken',
  'rule_exists',
  'group_in_use',
  'idempotency_key_reused',
  'project_deleting',
  'project_not_empty',
  'slug_taken',
  'email_taken',
  'ssh_key_in_use',
  'snapshot_not_ready',
  'owner_required',
  'addresses_exhausted',
  'conflict',
  'payment_declined',
  'insufficient_credit',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'headers_too_large',
  'rate_limited',
  'internal_error',
  'upstream_error',
  'upstream_unavailable',
  'reverse_dns_unavailable',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface FieldError {
  field: string;
  message: string;
}

/** The order rate limit's state after a request (D7); the HTTP layer sends it as `RateLimit-*`. */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
  retryAfterSeconds: number | null;
}

export interface ErrorHints {
  /** How long a client should wait before sending the request again. */
  retryAfterSeconds?: number;
  /** The rate limit this request counted against, when it counted. */
  rateLimit?: RateLimitState;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    detail: string,
    /** Members the spec adds to the error (`order_id`, `group_id`, `errors`…). */
    readonly extra: Record<string, unknown> = {},
    readonly hints: ErrorHints = {},
  ) {
    super(detail);
  }
}

export function validationError(field: string, message: string): AppError {
  return new AppError('validation_error', `${field}: ${message}`, { errors: [{ field, message }] });
}

export function notFound(what: string): AppError {
  return new AppError('not_found', `${what} not found`);
}

/** A state conflict the spec calls plain `conflict`; the detail says which one. */
export function conflict(detail: string): AppError {
  return new AppError('conflict', detail);
}

export function projectDeleting(): AppError {
  return new AppError('project_deleting', 'The project is being deleted');
}

export function readOnlyKey(): AppError {
  return new AppError('read_only_key', 'This API key is read-only and cannot make changes');
}

export function billingAccountRequired(): AppError {
  return new AppError('billing_account_required', "The project's owner has no billing account");
}

/** How many servers an "in use" refusal names before it only counts the rest. */
const SERVERS_NAMED = 10;

/** An SSH key still set on servers; `servers` holds every id, the detail names the first ten. */
export function sshKeyInUse(servers: readonly { id: string; hostname: string | null }[]): AppError {
  const named = servers.slice(0, SERVERS_NAMED).map((server) => (server.hostname ? `${server.hostname} (${server.id})` : server.id));
  const more = servers.length > SERVERS_NAMED ? ` and ${servers.length - SERVERS_NAMED} more` : '';
  return new AppError('ssh_key_in_use', `The key is set on ${servers.length === 1 ? 'server' : 'servers'} ${named.join(', ')}${more}; a key in use cannot be deleted`, {
    servers: servers.map((server) => server.id),
  });
}

export function snapshotNotReady(): AppError {
  return new AppError('snapshot_not_ready', 'The snapshot is still being created; delete it once it is completed or failed');
}

export function ownerRequired(detail: string): AppError {
  return new AppError('owner_required', detail);
}

export function addressesExhausted(location: string): AppError {
  return new AppError('addresses_exhausted', `No addresses are left in ${location}`);
}

/** What a client is told to wait after the database did not answer: a restart of PostgreSQL takes about that long. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database cannot serve for now (db/unavailable.ts tells which errors
 * say so): every interface answers it instead of an internal error.
 */
export function databaseUnavailable(): AppError {
  return new AppError(
    'service_unavailable',
    'The service cannot use its database for the moment; try again in a few seconds',
    {},
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  );
}

export function rateLimited(state: RateLimitState): AppError {
  const wait = state.retryAfterSeconds ?? state.resetSeconds;
  return new AppError(
    'rate_limited',
    `More than ${state.limit} order requests a minute with this API key; try again in ${wait} second${wait === 1 ? '' : 's'}`,
    {},
    { rateLimit: state },
  );
}
