// How fast a change reaches those who listen (bench/events.ts runs these):
// 1. Change committed → SSE client has it: STREAMS streams of
//    GET …/events/ open, then server renames one after another; for each,
//    the time from sending the PATCH to each stream reading its
//    `server.renamed` event. The next rename is sent once every stream has
//    the last one, so the figure is the latency of a change, not of a queue.
//    The streams are read in this process, so the figure includes reading
//    100 streams on one event loop, as a busy client would.
// 2. Webhook deliveries a second: a receiver in this process on 127.0.0.1
//    (answering 204), one webhook for `server.renamed`, then DELIVERIES
//    renames spread over RENAME_CONCURRENCY servers, each server's renames
//    one after another (so no two wait on one row); deliveries received ÷
//    the time from the first rename sent to the last delivery received. Every delivery is counted by
//    its webhook-id and verified with `standardwebhooks`.
// A failed check is added to `problems`; nothing here throws on one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export const STREAMS = 100;
export const CHANGES = 200;
/** Renames before the measured ones, so the first figures are not the service's cold paths. Checked like the others. */
export const WARM_UP_CHANGES = 20;
export const DELIVERIES = 2000;
/** Renames under way at once for the webhook figure, each worker on a server of its own. */
export const RENAME_CONCURRENCY = 16;
const CHANGE_BOUND_MS = 30_000;
const DELIVERY_BOUND_MS = 120_000;
const CALL_TIMEOUT_MS = 30_000;
/** The service may call loopback receivers (refused otherwise, as they would be in production). */
export const WEBHOOK_ENV = { CLOUDPLANE_WEBHOOK_ALLOW_PRIVATE: '1' };

export interface StreamFigures {
  streams: number;
  changes: number;
  /** (stream, change) pairs the figures are over: streams × changes when nothing was missing. */
  pairs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The PATCH alone, sent to answered. */
  patchP50Ms: number;
  patchP99Ms: number;
}

export interface WebhookFigures {
  renames: number;
  concurrency: number;
  /** The renames alone: renames ÷ the time from the first sent to the last answered. */
  renamesPerSecond: number;
  received: number;
  deliveriesPerSecond: number;
  /** First rename sent → last delivery received. */
  seconds: number;
  /** Last rename answered → last delivery received: how far delivery was behind the changes. */
  lagAfterLastChangeMs: number;
  duplicates: number;
  verified: number;
}

export const message = (error: unknown) => (error as Error).message ?? String(error);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1))] ?? Number.NaN;
}

async function call<T>(base: string, token: string, method: string, urlPath: string, body: unknown, expected: number): Promise<T> {
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${urlPath}: HTTP ${response.status}, expected ${expected}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Resolves once `ready()` holds (checked whenever `poke` is called), or with false after `boundMs`. */
function condition(ready: () => boolean, boundMs: number): { promise: Promise<boolean>; poke: () => void } {
  let settle!: (value: boolean) => void;
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  const timer = setTimeout(() => settle(false), boundMs);
  const poke = () => {
    if (!ready()) return;
    clearTimeout(timer);
    settle(true);
  };
  poke();
  return { promise, poke };
}

// ---------- 1. change committed → SSE client ----------

interface Received {
  id: number;
  /** The `id:` line, which a client resumes from (Last-Event-ID): it must be the event's own id. */
  lineId: string | undefined;
  type: string;
  hostname: string | undefined;
  at: number;
}

/** One open stream: the events it read, each with the time its chunk was read; `ended` holds why it stopped early. */
interface OpenStream {
  received: Received[];
  ended?: string;
}

/**
 * GET …/events/ as a stream, read with a minimal parser (`id:` and `data:`
 * lines; comments and `retry:` skipped). `notify` is called on each event,
 * and without one when the stream stops early.
 */
async function openStream(url: string, token: string, signal: AbortSignal, notify: (event?: Received) => void): Promise<OpenStream> {
  const response = await fetch(url, { headers: { ...bearer(token), accept: 'text/event-stream' }, signal });
  if (response.status !== 200 || !response.body) throw new Error(`event stream: HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const stream: OpenStream = { received: [] };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the service ended the stream');
      const at = performance.now();
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const data = lines.find((line) => line.startsWith('data: '));
        if (!data) continue;
        const event = JSON.parse(data.slice('data: '.length)) as { id: number; type: string; data?: { hostname?: string } };
        const lineId = lines.find((line) => line.startsWith('id: '))?.slice('id: '.length);
        const received = { id: event.id, lineId, type: event.type, hostname: event.data?.hostname, at };
        stream.received.push(received);
        notify(received);
      }
    }
  })().catch((error: unknown) => {
    if (signal.aborted) return;
    stream.ended = message(error);
    notify();
  });
  return stream;
}

/** Every stream got exactly the renames sent, in that order, with increasing ids: the problems otherwise. */
function streamProblems(streams: OpenStream[], hostnames: string[]): string[] {
  const problems: string[] = [];
  streams.forEach((stream, index) => {
    if (stream.ended) problems.push(`stream ${index}: ${stream.ended}`);
    const ids = stream.received.map((event) => event.id);
    if (ids.some((id, at) => at > 0 && id <= ids[at - 1]!)) problems.push(`stream ${index}: event ids not increasing (a repeat or a reorder)`);
    const mislabelled = stream.received.filter((event) => event.lineId !== String(event.id)).length;
    if (mislabelled > 0) problems.push(`stream ${index}: ${mislabelled} events whose id: line is not their id`);
    const renamed = stream.received.filter((event) => event.type === 'server.renamed').map((event) => event.hostname);
    if (renamed.length !== hostnames.length || renamed.some((hostname, at) => hostname !== hostnames[at])) {
      const missing = hostnames.filter((hostname) => !renamed.includes(hostname)).length;
      problems.push(`stream ${index}: ${renamed.length} renames read for ${hostnames.length} sent (${missing} missing, the rest repeated or out of order)`);
    }
  });
  return problems.slice(0, 10).concat(problems.length > 10 ? [`… and ${problems.length - 10} more stream problems`] : []);
}

export async function measureStream(base: string, token: string, slug: string, serverId: string, problems: string[], log: (line: string) => void): Promise<StreamFigures> {
  const aborter = new AbortController();
  const arrivals = new Map<string, number[]>();
  let streams: OpenStream[] = [];
  let waitingFor: { poke: () => void } | undefined;
  const notify = (event?: Received) => {
    if (event?.type === 'server.renamed' && event.hostname !== undefined) {
      const times = arrivals.get(event.hostname) ?? [];
      times.push(event.at);
      arrivals.set(event.hostname, times);
    }
    waitingFor?.poke();
  };
  // A stream that stopped is reported below; the others are not kept waiting for it.
  const live = () => streams.filter((stream) => !stream.ended).length;
  try {
    const url = `${base}/api/v1/projects/${slug}/events/`;
    streams = await Promise.all(Array.from({ length: STREAMS }, () => openStream(url, token, aborter.signal, notify)));
    log(`  ${STREAMS} event streams open; ${WARM_UP_CHANGES} + ${CHANGES} renames, each once every stream has the last`);
    const hostnames: string[] = [];
    const latencies: number[] = [];
    const patchLatencies: number[] = [];
    for (let change = 0; change < WARM_UP_CHANGES + CHANGES; change++) {
      const hostname = `event-${String(change).padStart(4, '0')}`;
      hostnames.push(hostname);
      const arrived = condition(() => (arrivals.get(hostname)?.length ?? 0) >= live(), CHANGE_BOUND_MS);
      waitingFor = arrived;
      const sentAt = performance.now();
      await call(base, token, 'PATCH', `/api/v1/projects/${slug}/servers/${serverId}/`, { hostname }, 200);
      const answeredAt = performance.now();
      if (!(await arrived.promise)) problems.push(`stream: ${hostname} reached ${arrivals.get(hostname)?.length ?? 0} of ${STREAMS} streams within ${CHANGE_BOUND_MS / 1000} s`);
      if (change < WARM_UP_CHANGES) continue;
      patchLatencies.push(answeredAt - sentAt);
      for (const at of arrivals.get(hostname) ?? []) latencies.push(at - sentAt);
    }
    problems.push(...streamProblems(streams, hostnames));
    latencies.sort((a, b) => a - b);
    patchLatencies.sort((a, b) => a - b);
    return {
      streams: STREAMS,
      changes: CHANGES,
      pairs: latencies.length,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      maxMs: latencies.at(-1) ?? Number.NaN,
      patchP50Ms: percentile(patchLatencies, 0.5),
      patchP99Ms: percentile(patchLatencies, 0.99),
    };
  } finally {
    aborter.abort();
  }
}

// ---------- 2. webhook deliveries ----------

interface Delivery {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on 127.0.0.1 answering 204 to everything, keeping each delivery and when the last one came. */
async function startReceiver() {
  const deliveries: Delivery[] = [];
  const perId = new Map<string, number>();
  const state = { lastAt: 0, onDelivery: () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.lastAt = performance.now();
      const header = (name: string) => String(request.headers[name] ?? '');
      const id = header('webhook-id');
      perId.set(id, (perId.get(id) ?? 0) + 1);
      deliveries.push({ headers: { 'webhook-id': id, 'webhook-timestamp': header('webhook-timestamp'), 'webhook-signature': header('webhook-signature') }, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
      state.onDelivery();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries, perId, state, close };
}

export async function measureWebhooks(base: string, token: string, slug: string, serverIds: string[], problems: string[], log: (line: string) => void): Promise<WebhookFigures> {
  const receiver = await startReceiver();
  try {
    const webhook = await call<{ id: number; secret: string }>(base, token, 'POST', `/api/v1/projects/${slug}/webhooks/`, { url: receiver.url, event_types: ['server.renamed'], description: 'bench' }, 201);
    const workers = serverIds.slice(0, RENAME_CONCURRENCY);
    log(`  webhook to ${receiver.url}; ${DELIVERIES} renames of ${workers.length} servers, one at a time each`);
    const arrived = condition(() => receiver.perId.size >= DELIVERIES, DELIVERY_BOUND_MS);
    receiver.state.onDelivery = arrived.poke;
    const sent = new Set<string>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      workers.map(async (serverId, worker) => {
        for (let index = next++; index < DELIVERIES; index = next++) {
          const hostname = `hook-${worker}-${index}`;
          sent.add(hostname);
          await call(base, token, 'PATCH', `/api/v1/projects/${slug}/servers/${serverId}/`, { hostname }, 200);
        }
      }),
    );
    const renamesDone = performance.now();
    if (!(await arrived.promise)) problems.push(`webhooks: ${receiver.perId.size} of ${DELIVERIES} deliveries within ${DELIVERY_BOUND_MS / 1000} s of the last rename`);
    const seconds = (receiver.state.lastAt - started) / 1000;
    const figures: WebhookFigures = {
      renames: DELIVERIES,
      concurrency: workers.length,
      renamesPerSecond: DELIVERIES / ((renamesDone - started) / 1000),
      received: receiver.deliveries.length,
      deliveriesPerSecond: receiver.deliveries.length / seconds,
      seconds,
      lagAfterLastChangeMs: receiver.state.lastAt - renamesDone,
      duplicates: [...receiver.perId.values()].reduce((sum, count) => sum + count - 1, 0),
      verified: 0,
    };
    if (figures.duplicates > 0) problems.push(`webhooks: ${figures.duplicates} deliveries received more than once (same webhook-id)`);
    // Checked after the timing: every delivery verifies with a verifier this project did not write, and says which rename it is.
    const verifier = new Webhook(webhook.secret);
    const hostnames = new Set<string>();
    let shownFailures = 0;
    for (const delivery of receiver.deliveries) {
      try {
        const payload = verifier.verify(delivery.body, delivery.headers) as { type?: string; data?: { data?: { hostname?: string } } };
        figures.verified++;
        if (payload.type === 'server.renamed' && payload.data?.data?.hostname) hostnames.add(payload.data.data.hostname);
      } catch (error) {
        // The first few say why; the count below says how many.
        if (shownFailures++ < 3) problems.push(`webhooks: delivery ${delivery.headers['webhook-id']} did not verify: ${message(error)}`);
      }
    }
    if (figures.verified < figures.received) problems.push(`webhooks: ${figures.received - figures.verified} of ${figures.received} deliveries did not verify`);
    const missing = [...sent].filter((hostname) => !hostnames.has(hostname)).length;
    if (missing > 0) problems.push(`webhooks: ${missing} of ${sent.size} renames arrived in no verified delivery`);
    const recorded = await call<{ count: number }>(base, token, 'GET', `/api/v1/projects/${slug}/webhooks/${webhook.id}/deliveries/?page_size=1`, undefined, 200);
    if (recorded.count !== DELIVERIES) problems.push(`webhooks: the service lists ${recorded.count} deliveries for ${DELIVERIES} renames`);
    return figures;
  } finally {
    await receiver.close();
  }
}
