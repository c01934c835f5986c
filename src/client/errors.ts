// The client's errors. Every refusal the service answers becomes one
// CloudplaneError carrying the problem's members as typed fields, and a
// message that reads like the rest of the project: the detail and the code,
// the field errors, and (hint()) what to do next.
import type { Action, FieldError, Order, Problem } from './types.ts';

function integerMember(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function fieldErrorsOf(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const errors = value.filter(
    (entry): entry is FieldError => typeof entry === 'object' && entry !== null && typeof (entry as FieldError).field === 'string' && typeof (entry as FieldError).message === 'string',
  );
  return errors.length > 0 ? errors : undefined;
}

export interface ErrorContext {
  method?: string;
  /** The URL's path. */
  path?: string;
  /** Seconds from the answer's Retry-After header. */
  retryAfterSeconds?: number;
}

export class CloudplaneError extends Error {
  override readonly name = 'CloudplaneError';
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly title?: string;
  readonly type?: string;
  /** `validation_error`: which fields are wrong and why. */
  readonly fieldErrors?: FieldError[];
  /** `name_taken`: the group that already has the name (absent when it could not be read back). */
  readonly groupId?: number;
  /** `rule_exists`: the identical rule already in the group. */
  readonly ruleId?: number;
  /** `group_in_use`: the servers the group is attached to. */
  readonly servers?: string[];
  /** `upstream_error` on an order: the order, recorded `unknown`; poll it instead of ordering again. */
  readonly orderId?: number;
  /** From the answer's `Retry-After`: 429, and 503 when the service says when. */
  readonly retryAfterSeconds?: number;
  readonly method?: string;
  readonly path?: string;
  /** The body as received. */
  readonly problem: Record<string, unknown>;

  constructor(status: number, body: unknown, context: ErrorContext = {}) {
    const problem: Record<string, unknown> =
      typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : { detail: typeof body === 'string' && body ? body : undefined };
    const code = typeof problem.code === 'string' ? problem.code : `http_${status}`;
    const detail = typeof problem.detail === 'string' ? problem.detail : `The service answered ${status} without a problem description`;
    super(detail);
    this.status = status;
    this.code = code;
    this.detail = detail;
    if (typeof problem.title === 'string') this.title = problem.title;
    if (typeof problem.type === 'string') this.type = problem.type;
    this.fieldErrors = fieldErrorsOf(problem.errors);
    this.groupId = integerMember(problem.group_id);
    this.ruleId = integerMember(problem.rule_id);
    this.orderId = integerMember(problem.order_id);
    if (Array.isArray(problem.servers)) this.servers = problem.servers.filter((id): id is string => typeof id === 'string');
    this.retryAfterSeconds = context.retryAfterSeconds;
    this.method = context.method;
    this.path = context.path;
    this.problem = problem;
    this.message = this.describe();
  }

  /** What to do next, when there is something to do: wait, send again, poll the order, fix the key. */
  hint(): string | undefined {
    const later = this.retryAfterSeconds !== undefined ? `in ${this.retryAfterSeconds} s` : 'in a little while';
    if (this.status === 429) return `Rate limited: wait ${this.retryAfterSeconds ?? 60} s, then send the same request again (same Idempotency-Key).`;
    if (this.code === 'upstream_error' && this.orderId !== undefined) {
      return `Order ${this.orderId} is recorded as unknown while billing is checked: poll it (waitForOrder) instead of ordering again; if it ends failed, order again with a new Idempotency-Key.`;
    }
    if (this.status === 502) return 'A system behind the API failed or did not answer: send the same request again.';
    if (this.status === 503) return `A system behind the API is unavailable for now: try again ${later}.`;
    if (this.status === 500) return 'Something went wrong on the service’s side; the request may be sent again.';
    switch (this.code) {
      case 'unauthenticated':
        return 'Check the API key: it is wrong, revoked or expired.';
      case 'read_only_key':
        return 'This API key is read-only: use a key that may make changes.';
      case 'insufficient_role':
        return 'Ask an owner or admin of the project to do this, or to give you that role.';
      case 'project_not_ready':
        return 'The project is still being set up: try again in a few seconds.';
      case 'idempotency_key_reused':
        return 'That Idempotency-Key was used for a different request: send this one with a new key.';
      case 'name_taken':
        return this.groupId !== undefined ? `Firewall group ${this.groupId} already has that name.` : undefined;
      case 'rule_exists':
        return this.ruleId !== undefined ? `Rule ${this.ruleId} of the group already allows the same traffic.` : undefined;
      case 'group_in_use':
        return this.servers?.length ? `Detach it from ${this.servers.join(', ')} first.` : undefined;
      default:
        return undefined;
    }
  }

  /** The detail and the code, each field error the detail does not already say, then the hint. */
  private describe(): string {
    const lines = [`${this.detail} (${this.code})`];
    for (const error of this.fieldErrors ?? []) {
      if (!this.detail.includes(error.field) || !this.detail.includes(error.message)) lines.push(`  ${error.field}: ${error.message}`);
    }
    const hint = this.hint();
    if (hint) lines.push(hint);
    return lines.join('\n');
  }

  /** The problem as the spec types it. */
  get asProblem(): Problem {
    return { ...this.problem, status: this.status, code: this.code, detail: this.detail };
  }
}

/** No answer came at all (connection refused, reset or timed out), after the retries the request allowed. */
export class CloudplaneConnectionError extends Error {
  override readonly name = 'CloudplaneConnectionError';

  constructor(
    readonly method: string,
    readonly url: string,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(`No answer from ${new URL(url).origin} (${method} ${new URL(url).pathname}, ${attempts} attempt${attempts === 1 ? '' : 's'}): ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }

  hint(): string {
    return `Check that the service is running and reachable at ${new URL(this.url).origin}.`;
  }
}

/** waitForAction/waitForOrder ran out of time (poll.timeoutMs) before a final state. */
export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError';

  constructor(
    readonly kind: 'action' | 'order',
    readonly id: number | string,
    /** The last state read, or undefined when no read succeeded. */
    readonly lastState: Action | Order | undefined,
    readonly timeoutMs: number,
    /** The last failed read, when the last read failed. */
    readonly lastError?: unknown,
  ) {
    super(`${kind === 'action' ? 'Action' : 'Order'} ${id} is still ${lastState?.status ?? 'unread'} after ${Math.round(timeoutMs / 1000)} s`);
    this.message = [this.message, this.hint()].join('\n');
  }

  hint(): string {
    const status = this.lastState?.status;
    if (status === 'unknown') {
      return this.kind === 'action'
        ? 'The provisioning system may have carried it out but never confirmed it; it is being reconciled: poll it again later.'
        : 'Billing did not answer when it was placed; whether it went through is being checked: poll it again later, do not order again.';
    }
    if (status === 'awaiting_payment') return 'The invoice waits to be paid in the console (invoice.url).';
    return `Poll the ${this.kind} again later: it has not ended yet.`;
  }
}

/**
 * The service (or a proxy in front of it) answered the event stream's request
 * with something other than a stream: an older service that has no events,
 * or a proxy that drops `Accept: text/event-stream`. The waits then poll.
 */
export class EventStreamUnavailableError extends Error {
  override readonly name = 'EventStreamUnavailableError';

  constructor(
    readonly url: string,
    readonly status: number,
    readonly contentType: string,
  ) {
    super(`${new URL(url).pathname} answered ${status} ${contentType || 'without a content type'} instead of an event stream (text/event-stream)`);
  }

  hint(): string {
    return 'The service, or a proxy in front of it, does not stream events: read them a page at a time (GET …/events/?after=ID) instead.';
  }
}
