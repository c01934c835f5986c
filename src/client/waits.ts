// Following an action or an order to its end (spec: States and transitions).
// An action ends `success` or `error`; an order ends `completed`, `cancelled`
// or `failed`. Both are returned as they are: an `error` action or a `failed`
// order is an answer, not an exception. `unknown` is not an end (the service
// is still finding out), so it keeps being polled. A read that fails for a
// reason that passes (429, 502, 503, no answer) is tried again at the next
// poll; any other refusal (404, 401) ends the wait with that error.
import { Stopwatch } from './backoff.ts';
import { CloudplaneConnectionError, CloudplaneError, WaitTimeoutError } from './errors.ts';
import type { ResolvedPoll } from './options.ts';
import type { Action, ActionStatus, Order, OrderStatus } from './types.ts';

export const FINAL_ACTION_STATUSES: readonly ActionStatus[] = ['success', 'error'];
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'failed'];

export interface WaitOptions<State> {
  /** Told every state read, the first included. */
  onProgress?: (state: State) => void;
  /** Overrides the client's poll.timeoutMs for this wait. */
  timeoutMs?: number;
}

export interface OrderWaitOptions extends WaitOptions<Order> {
  /**
   * Also return at these states. `awaiting_payment` is the usual one: the
   * order then waits for a person to pay its invoice in the console, which
   * polling cannot hurry.
   */
  alsoStopAt?: readonly OrderStatus[];
}

function passes(error: unknown): boolean {
  if (error instanceof CloudplaneConnectionError) return true;
  return error instanceof CloudplaneError && (error.status === 429 || error.status === 502 || error.status === 503);
}

export async function pollUntil<State extends { status: string }>(
  kind: 'action' | 'order',
  id: number | string,
  read: () => Promise<State>,
  final: (state: State) => boolean,
  poll: ResolvedPoll,
  sleep: (ms: number) => Promise<void>,
  options: WaitOptions<State>,
): Promise<State> {
  const timeoutMs = options.timeoutMs ?? poll.timeoutMs;
  const stopwatch = new Stopwatch(sleep);
  let interval = poll.initialIntervalMs;
  let last: State | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await read();
      lastError = undefined;
      options.onProgress?.(last);
      if (final(last)) return last;
    } catch (error) {
      if (!passes(error)) throw error;
      lastError = error;
    }
    if (stopwatch.elapsedMs() + interval > timeoutMs) {
      throw new WaitTimeoutError(kind, id, last as Action | Order | undefined, timeoutMs, lastError);
    }
    await stopwatch.sleep(interval);
    // Long-running work (a reinstall, an unknown order being checked) is read less and less often, up to the ceiling.
    interval = Math.min(poll.maxIntervalMs, Math.ceil(interval * 1.5));
  }
}
