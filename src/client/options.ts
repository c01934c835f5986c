// What a program can set when it creates a client, and the defaults: sized so
// that one request waits out a rate-limited minute (Retry-After up to 60 s) or
// a short outage (upstream_unavailable says Retry-After: 30) without the
// caller noticing, and gives up well before a person would.

export interface RetryOptions {
  /** Attempts of one request in all, the first included (default 5). */
  maxAttempts?: number;
  /** Time one request may take in all, its waits included (default 120 000 ms). A wait that would pass it is not started. */
  maxElapsedMs?: number;
  /** The first backoff's ceiling; each retry doubles it (default 500 ms). */
  baseDelayMs?: number;
  /** The most one backoff waits, unless Retry-After asks for more (default 30 000 ms). */
  maxDelayMs?: number;
}

export interface PollOptions {
  /** The first wait between two reads of an action or order (default 500 ms). */
  initialIntervalMs?: number;
  /** The longest wait between two reads (default 5 000 ms). */
  maxIntervalMs?: number;
  /** How long waitForAction/waitForOrder wait before WaitTimeoutError (default 600 000 ms). */
  timeoutMs?: number;
  /**
   * While a wait follows the event stream, it also reads the action or order
   * when this long passed without an event about it (default 30 000 ms): a
   * state no event announces (an action that became `unknown`) and a stream
   * a proxy holds back are still seen, only later. After a read that failed
   * (429, 502, 503, no answer) the next comes after maxIntervalMs at most.
   */
  streamCheckIntervalMs?: number;
}

export interface RetryEvent {
  /** The attempt that failed (1 for the first). */
  attempt: number;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  /** The answer's status; 0 when no answer came (connection refused or dropped). */
  status: number;
  code?: string;
  retryAfterSeconds?: number;
  method: string;
  /** The URL's path, such as /api/v1/projects/demo/servers/. */
  path: string;
}

export interface ClientOptions {
  /** The project API root, such as http://127.0.0.1:8080/api/v1 */
  baseUrl: string;
  /** An API key, sent as `Authorization: Bearer`. */
  token: string;
  retry?: RetryOptions;
  poll?: PollOptions;
  /** The fetch every request goes through (default globalThis.fetch). */
  fetch?: typeof globalThis.fetch;
  /** Told before each wait for a retry: a command line can say what it is waiting for. */
  onRetry?: (event: RetryEvent) => void;
  /** How the client waits (default real timers); tests pass one that records the waits. */
  sleep?: (ms: number) => Promise<void>;
}

export type ResolvedRetry = Required<RetryOptions>;
export type ResolvedPoll = Required<PollOptions>;

export const DEFAULT_RETRY: ResolvedRetry = { maxAttempts: 5, maxElapsedMs: 120_000, baseDelayMs: 500, maxDelayMs: 30_000 };
export const DEFAULT_POLL: ResolvedPoll = { initialIntervalMs: 500, maxIntervalMs: 5_000, timeoutMs: 600_000, streamCheckIntervalMs: 30_000 };

/** How the client waits unless told otherwise; an abort ends the wait at once and frees its timer, so an aborted event stream lets the program exit. */
export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** A wait the client may cut short: `sleep` is the client's (injected or real), and an abort returns at once. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
