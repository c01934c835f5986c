// The fetch under every typed call: it gives orders and action starts an
// Idempotency-Key, and sends a request again when the spec says that is safe,
// waiting with backoff and honouring Retry-After.
//
// What is sent again, and why (spec: Errors, Order idempotency, Cancel; DESIGN
// D4, D7 and the operator's fault modes):
// - 429 `rate_limited` and 503 (`upstream_unavailable`,
//   `reverse_dns_unavailable`), whatever the method: the request was refused
//   before anything was done (a refused order is not even counted; a start
//   while provisioning is down records nothing), so the same request can only
//   do now what it would have done then.
// - 502 `upstream_error`, and no answer at all, only for requests that are
//   safe to repeat: reads (GET, HEAD), replacements and field updates (PUT,
//   PATCH: sending them twice leaves the same state), a request carrying an
//   Idempotency-Key (the service answers the first result instead of doing it
//   twice) and a server cancel (the spec: "send it again"; a repeat changes
//   nothing). Other creates (firewall groups and rules, SSH keys, projects)
//   and deletes are not: the first may have happened, and the caller is
//   better placed to decide (a group create sent again answers name_taken
//   with group_id).
// - Never an order's 502 carrying `order_id`: the order is recorded as
//   `unknown`, and the spec says to poll it instead of ordering again. The
//   answer goes back to the caller (placeOrder turns it into polling).
import { backoffDelay, retryAfterMs, Stopwatch } from './backoff.ts';
import { CloudplaneConnectionError } from './errors.ts';
import type { ResolvedRetry, RetryEvent } from './options.ts';

/** Orders (server, upgrade, bandwidth) and action starts: every one gets an Idempotency-Key. */
const ORDER_PATH = /\/projects\/[^/]+\/servers\/(?:[^/]+\/(?:upgrade|bandwidth)\/)?$/;
const ACTION_START_PATH = /\/projects\/[^/]+\/servers\/[^/]+\/actions\/[^/]+\/$/;
const CANCEL_PATH = /\/projects\/[^/]+\/servers\/[^/]+\/cancel\/$/;
const SAFE_TO_REPEAT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'PATCH']);
const REFUSED_BEFORE_ANYTHING = new Set([429, 503]);

/** The method each answer was asked with, so an error can say which request it refused (a Response does not keep it). */
const methodOfResponse = new WeakMap<Response, string>();

export function methodOf(response: Response): string | undefined {
  return methodOfResponse.get(response);
}

export function isOrderRequest(method: string, path: string): boolean {
  return method === 'POST' && ORDER_PATH.test(path);
}

export function needsIdempotencyKey(method: string, path: string): boolean {
  return method === 'POST' && (ORDER_PATH.test(path) || ACTION_START_PATH.test(path));
}

function safeToRepeat(method: string, path: string, headers: Headers): boolean {
  return SAFE_TO_REPEAT_METHODS.has(method) || headers.has('idempotency-key') || (method === 'POST' && CANCEL_PATH.test(path));
}

export interface RetryingFetchOptions {
  fetch: typeof globalThis.fetch;
  retry: ResolvedRetry;
  sleep: (ms: number) => Promise<void>;
  onRetry?: (event: RetryEvent) => void;
  newKey?: () => string;
}

/** What an answer that is not sent again says, read without consuming it for the caller. */
async function problemOf(response: Response): Promise<{ code?: string; orderId?: unknown }> {
  try {
    const body: unknown = await response.clone().json();
    if (typeof body !== 'object' || body === null) return {};
    const { code, order_id: orderId } = body as Record<string, unknown>;
    return { code: typeof code === 'string' ? code : undefined, orderId };
  } catch {
    return {};
  }
}

export function createRetryingFetch(options: RetryingFetchOptions): (input: Request) => Promise<Response> {
  const newKey = options.newKey ?? (() => globalThis.crypto.randomUUID());

  return async (input: Request): Promise<Response> => {
    const method = input.method.toUpperCase();
    const url = new URL(input.url);
    const headers = new Headers(input.headers);
    if (needsIdempotencyKey(method, url.pathname) && !headers.has('idempotency-key')) headers.set('idempotency-key', newKey());
    // Read once: every attempt is a fresh Request with the same method, headers (the same key) and bytes.
    const body = input.body === null ? undefined : await input.arrayBuffer();
    const attemptRequest = () => new Request(url, { method, headers, body, signal: input.signal, redirect: input.redirect });
    const repeatable = safeToRepeat(method, url.pathname, headers);
    const stopwatch = new Stopwatch(options.sleep);

    for (let attempt = 1; ; attempt += 1) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await options.fetch(attemptRequest());
      } catch (error) {
        // The caller gave up (an abort signal): not a failure to retry.
        if (input.signal.aborted) throw error;
        failure = error;
      }

      const status = response?.status ?? 0;
      let retryable: boolean;
      if (!response) retryable = repeatable;
      else if (REFUSED_BEFORE_ANYTHING.has(status)) retryable = true;
      else if (status === 502) retryable = repeatable && !(isOrderRequest(method, url.pathname) && (await problemOf(response)).orderId !== undefined);
      else retryable = false;

      const retryAfter = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
      const backoff = backoffDelay(attempt, options.retry.baseDelayMs, options.retry.maxDelayMs);
      // Retry-After is the least the service asked for; the jittered backoff may wait longer, never less.
      const delayMs = Math.max(retryAfter ?? 0, backoff);
      const withinBounds = attempt < options.retry.maxAttempts && stopwatch.elapsedMs() + delayMs <= options.retry.maxElapsedMs;

      if (!retryable || !withinBounds) {
        if (response) {
          methodOfResponse.set(response, method);
          return response;
        }
        throw new CloudplaneConnectionError(method, url.href, attempt, failure);
      }

      const code = response ? (await problemOf(response)).code : undefined;
      // This answer is dropped: free its connection.
      await response?.body?.cancel().catch(() => undefined);
      options.onRetry?.({
        attempt,
        delayMs,
        status,
        ...(code !== undefined ? { code } : {}),
        ...(retryAfter !== undefined ? { retryAfterSeconds: Math.ceil(retryAfter / 1000) } : {}),
        method,
        path: url.pathname,
      });
      await stopwatch.sleep(delayMs);
    }
  };
}
