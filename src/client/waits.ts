// Following an action or an order to its end (spec: States and transitions).
// An action ends `success` or `error`; an order ends `completed`, `cancelled`
// or `failed`. Both are returned as they are: an `error` action or a `failed`
// order is an answer, not an exception. `unknown` is not an end (the service
// is still finding out), so it is waited past. A read that fails for a
// reason that passes (429, 502, 503, no answer) is tried again later; any
// other refusal (404, 401) ends the wait with that error.
//
// A wait listens when it can: it opens the project's event stream first,
// then reads the state once (so a change committed between the two is not
// missed: the stream already has it), then waits for an event about it. An
// action's `action.finished` carries the action as the API shows it, and is
// the answer. An order's `order.status_changed` is a cue to read the order:
// the event's invoice link is a bare path (events outlive the address they
// were asked at), and the read is what the API answers, checked with billing.
// The wait still reads after a quiet spell (poll.streamCheckIntervalMs), for
// states no event announces (an action becoming `unknown`), and after a read
// that failed (billing down), as soon as a poll would. When the stream
// cannot be opened (an older service, a proxy that does not pass it) or fails
// for good, it polls, as it always did: the results are the same either way.
import { Stopwatch } from './backoff.ts';
import { CloudplaneConnectionError, CloudplaneError, WaitTimeoutError } from './errors.ts';
import type { ResolvedPoll, Sleep } from './options.ts';
import type { Action, ActionStatus, EventType, Order, OrderStatus, ProjectEvent } from './types.ts';

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

/** What a wait follows: how to read it, when it has ended, and which events carry it. */
export interface Followed<State extends { status: string }> {
  kind: 'action' | 'order';
  id: number | string;
  read: () => Promise<State>;
  final: (state: State) => boolean;
  /** The event types that say it changed. */
  eventTypes: EventType[];
  /** Whether an event is about this action or order. */
  isAbout: (event: ProjectEvent) => boolean;
  /** The state such an event carries, when it is the state as the API shows it; without it, the event is a cue to read. */
  stateOf?: (event: ProjectEvent) => State;
}

/** Opens the project's event stream for these types, resolving once it is open; the wait aborts `signal` when it ends. */
export type OpenEventStream = (types: EventType[], signal: AbortSignal) => Promise<AsyncIterator<ProjectEvent>>;

/** A stream that has not opened by then (a proxy holding the answer back) is given up for polling. */
const STREAM_OPEN_TIMEOUT_MS = 10_000;
const QUIET = Symbol('quiet');

/** A timer to race against the stream, cancelled so that it keeps nothing alive. */
function quietAfter(ms: number): { elapsed: Promise<typeof QUIET>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<typeof QUIET>((resolve) => (timer = setTimeout(() => resolve(QUIET), ms)));
  return { elapsed, cancel: () => clearTimeout(timer) };
}

/** Follows the stream when it opens, else polls. */
export async function waitUntil<State extends { status: string }>(
  followed: Followed<State>,
  openStream: OpenEventStream,
  poll: ResolvedPoll,
  sleep: Sleep,
  options: WaitOptions<State>,
): Promise<State> {
  const startedAt = Date.now();
  const stream = new AbortController();
  try {
    let events: AsyncIterator<ProjectEvent>;
    const openTimer = setTimeout(() => stream.abort(), STREAM_OPEN_TIMEOUT_MS);
    try {
      events = await openStream(followed.eventTypes, stream.signal);
    } catch {
      // An older service, or a proxy that does not pass streams: polling reads the same states, only more often.
      return await pollUntil(followed.kind, followed.id, followed.read, followed.final, poll, sleep, options);
    } finally {
      clearTimeout(openTimer);
    }
    return await followStream(followed, events, poll, sleep, options, startedAt);
  } finally {
    stream.abort();
  }
}

async function followStream<State extends { status: string }>(
  followed: Followed<State>,
  events: AsyncIterator<ProjectEvent>,
  poll: ResolvedPoll,
  sleep: Sleep,
  options: WaitOptions<State>,
  startedAt: number,
): Promise<State> {
  const timeoutMs = options.timeoutMs ?? poll.timeoutMs;
  const elapsedMs = () => Date.now() - startedAt;
  let last: State | undefined;
  let lastError: unknown;
  const settled = (state: State) => {
    last = state;
    lastError = undefined;
    options.onProgress?.(state);
    return followed.final(state);
  };
  const readNow = async (): Promise<boolean> => {
    try {
      return settled(await followed.read());
    } catch (error) {
      if (!passes(error)) throw error;
      lastError = error;
      return false;
    }
  };

  // The stream is open: any change from now on comes as an event. Where does it stand now?
  if (await readNow()) return last!;
  // Every read of the stream is asked for before it is needed; when the wait ends first, the abort ends it, and its outcome is nobody's.
  const nextEvent = () => {
    const pending = events.next();
    void pending.catch(() => undefined);
    return pending;
  };
  let next = nextEvent();
  for (;;) {
    const remainingMs = timeoutMs - elapsedMs();
    if (remainingMs <= 0) throw new WaitTimeoutError(followed.kind, followed.id, last as Action | Order | undefined, timeoutMs, lastError);
    // After a read that failed (billing down for an order), the next one comes as soon as a poll's would.
    const checkMs = lastError === undefined ? poll.streamCheckIntervalMs : Math.min(poll.streamCheckIntervalMs, poll.maxIntervalMs);
    const quiet = quietAfter(Math.min(checkMs, remainingMs));
    let outcome: IteratorResult<ProjectEvent> | typeof QUIET;
    try {
      outcome = await Promise.race([next, quiet.elapsed]);
    } catch {
      // The stream failed for good (the reader throws only what reconnecting cannot mend): poll for the time left.
      return pollUntil(followed.kind, followed.id, followed.read, followed.final, poll, sleep, options, elapsedMs());
    } finally {
      quiet.cancel();
    }
    if (outcome === QUIET) {
      if (elapsedMs() < timeoutMs && (await readNow())) return last!;
      continue;
    }
    if (outcome.done) return pollUntil(followed.kind, followed.id, followed.read, followed.final, poll, sleep, options, elapsedMs());
    next = nextEvent();
    const event = outcome.value;
    if (!followed.isAbout(event)) continue;
    if (followed.stateOf ? settled(followed.stateOf(event)) : await readNow()) return last!;
  }
}

/** Reads the state again and again, the waits growing, until it is final; `spentMs` was already spent on the same wait. */
export async function pollUntil<State extends { status: string }>(
  kind: 'action' | 'order',
  id: number | string,
  read: () => Promise<State>,
  final: (state: State) => boolean,
  poll: ResolvedPoll,
  sleep: Sleep,
  options: WaitOptions<State>,
  spentMs = 0,
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
    if (spentMs + stopwatch.elapsedMs() + interval > timeoutMs) {
      throw new WaitTimeoutError(kind, id, last as Action | Order | undefined, timeoutMs, lastError);
    }
    await stopwatch.sleep(interval);
    // Long-running work (a reinstall, an unknown order being checked) is read less and less often, up to the ceiling.
    interval = Math.min(poll.maxIntervalMs, Math.ceil(interval * 1.5));
  }
}
