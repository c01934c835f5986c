// How long to wait before trying again, and how long has been spent.

/**
 * Exponential backoff with full jitter: a random wait up to base × 2^(n−1),
 * capped. Full jitter spreads clients that failed together (a restart, an
 * outage ending) over the whole window instead of sending them back in step.
 */
export function backoffDelay(retry: number, baseDelayMs: number, maxDelayMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(random() * ceiling);
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Time spent on one request or one wait for an action: real time, except that
 * a wait counts for what was asked. With real timers the two agree; with an
 * injected sleep that returns at once, bounds still hold as if it had waited,
 * so a test sees the same decisions a program would.
 */
export class Stopwatch {
  private readonly startedAt = Date.now();
  private skippedMs = 0;

  constructor(private readonly sleepFunction: (ms: number) => Promise<void>) {}

  elapsedMs(): number {
    return Date.now() - this.startedAt + this.skippedMs;
  }

  async sleep(ms: number): Promise<void> {
    const before = Date.now();
    await this.sleepFunction(ms);
    this.skippedMs += Math.max(0, ms - (Date.now() - before));
  }
}
