// The typed client (src/client) against a real app on the embedded database,
// for the client tests: a world, a client for its key, every request the
// client sends recorded as it went out (method, path, Idempotency-Key, the
// answer's status and Retry-After), and every wait it asked for.
//
// The client's sleep is injected: it records the wait, runs the test's hook
// for it (clear a fault, move the test clock: the condition the wait stands
// for), then yields for at most a few milliseconds, so a Retry-After of 30 s
// costs the test nothing while the app's worker still gets to run.
import { setTimeout as delay } from 'node:timers/promises';
import { createClient, type ClientOptions, type CloudplaneClient, type RetryEvent } from '../../src/client/index.ts';
import type { TestApp } from '../helpers/build.ts';
import type { World } from '../helpers/world.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query, as sent (`?types=…`), or '' */
  search: string;
  idempotencyKey: string | null;
  accept: string | null;
  lastEventId: string | null;
  status: number;
  retryAfter: string | null;
}

export interface TestClient {
  client: CloudplaneClient;
  requests: RecordedRequest[];
  /** Every wait the client asked for, in order (retries and polls alike). */
  waits: number[];
  retries: RetryEvent[];
}

export interface TestClientOptions {
  /** Runs before each wait returns; `index` counts the waits from 0. */
  onWait?: (ms: number, index: number) => Promise<void> | void;
  /** Wraps the recording fetch: a test can drop an answer on the floor. */
  wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
  retry?: ClientOptions['retry'];
  poll?: ClientOptions['poll'];
  token?: string;
}

/** How much real time one injected wait takes at most. */
const REAL_WAIT_CAP_MS = 20;

export function testClient(w: Pick<World, 'app' | 'key'>, options: TestClientOptions = {}): TestClient {
  const requests: RecordedRequest[] = [];
  const waits: number[] = [];
  const retries: RetryEvent[] = [];
  const recordingFetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const idempotencyKey = request.headers.get('idempotency-key');
    const response = await globalThis.fetch(request);
    const { pathname: path, search } = new URL(request.url);
    const [accept, lastEventId] = [request.headers.get('accept'), request.headers.get('last-event-id')];
    requests.push({ method: request.method, path, search, idempotencyKey, accept, lastEventId, status: response.status, retryAfter: response.headers.get('retry-after') });
    return response;
  };
  const client = createClient({
    baseUrl: `${w.app.baseUrl}/api/v1`,
    token: options.token ?? w.key,
    fetch: options.wrapFetch ? options.wrapFetch(recordingFetch) : recordingFetch,
    retry: options.retry,
    // Short polls: the app runs at simScale 0.01, so a reboot takes about 50 ms. A wait following the
    // event stream reads the state after 200 ms without news: an action turning `unknown` has no event.
    poll: { initialIntervalMs: 10, maxIntervalMs: 50, timeoutMs: 20_000, streamCheckIntervalMs: 200, ...options.poll },
    onRetry: (event) => retries.push(event),
    sleep: async (ms) => {
      const index = waits.length;
      waits.push(ms);
      await options.onWait?.(ms, index);
      await delay(Math.min(ms, REAL_WAIT_CAP_MS));
    },
  });
  return { client, requests, waits, retries };
}

/** The recorded requests to paths ending with `suffix`, with this method. */
export function requestsTo(requests: RecordedRequest[], method: string, suffix: string): RecordedRequest[] {
  return requests.filter((request) => request.method === method && request.path.endsWith(suffix));
}

/** Moves the app's test clock on (operator API); the order rate limit counts by that clock. */
export async function advanceClock(app: TestApp, seconds: number): Promise<void> {
  const response = await app.admin('/clock/advance', { method: 'POST', body: { seconds } });
  if (response.status !== 200) throw new Error(`clock advance answered ${response.status}: ${JSON.stringify(response.body)}`);
}
