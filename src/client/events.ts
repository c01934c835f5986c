// A project's events as they happen: `GET /projects/{slug}/events/` with
// `Accept: text/event-stream` (Server-Sent Events), parsed by
// eventsource-parser and yielded as typed events, oldest first.
//
// A stream is meant to drop now and then (a restart, a deploy, a proxy's idle
// timeout), so a drop is not an error: the reader reconnects with
// `Last-Event-ID` and the service goes on after the last event delivered,
// whichever process answers, so nothing is missed or sent twice. It waits the
// service's `retry:` (2 s) before each reconnection, longer with backoff while
// attempts fail, and takes a connection that stays silent past three
// heartbeats (half-open TCP, a proxy that stopped forwarding) as dropped too.
// Before any event came, the answer's `Last-Event-ID` header is the cursor:
// a reconnection then resumes from where the stream began, not from "now".
//
// Only an answer that can never become a stream ends it with an error: a
// refusal (401, 403, 404 …) or a page of JSON instead of a stream. The first
// connection of events() is a request like any other (retried as the
// client's retry options say); after it, reconnections go on until the
// caller's signal aborts, as a browser's EventSource does.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { backoffDelay, retryAfterMs } from './backoff.ts';
import { CloudplaneError, EventStreamUnavailableError } from './errors.ts';
import type { ResolvedRetry, Sleep } from './options.ts';
import type { Action, EventType, FirewallGroup, FirewallRule, Order, ProjectEvent, ReverseDnsEntry, ServerSummary } from './types.ts';

/** Every event type, at run time (a command line checks `--types` against it); tsc fails below when the API has one this list lacks. */
export const EVENT_TYPES = [
  'action.started',
  'action.finished',
  'order.created',
  'order.status_changed',
  'order.withdrawn',
  'server.created',
  'server.renamed',
  'server.status_changed',
  'server.deleted',
  'server.cancellation_requested',
  'console.opened',
  'firewall_group.created',
  'firewall_group.updated',
  'firewall_group.deleted',
  'firewall_group.attached',
  'firewall_group.detached',
  'firewall_rule.created',
  'firewall_rule.updated',
  'firewall_rule.deleted',
  'firewall.applied',
  'reverse_dns.set',
  'reverse_dns.removed',
  'invoice.paid',
  'webhook.disabled',
] as const satisfies readonly EventType[];
type EveryTypeListed<Unlisted extends never> = Unlisted;
type _EveryEventTypeIsListed = EveryTypeListed<Exclude<EventType, (typeof EVENT_TYPES)[number]>>;

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** What `data` holds, for the event types whose resource the client has a name for; the others are `unknown` to narrow yourself. */
export interface EventDataByType {
  'action.started': Action;
  'action.finished': Action;
  'order.created': Order;
  'order.status_changed': Order;
  /** The order as it was when billing refused it; it is gone. */
  'order.withdrawn': Order;
  'server.created': ServerSummary;
  'server.renamed': ServerSummary;
  /** The server as the list shows it, and the status it had before. */
  'server.status_changed': ServerSummary & { previous_status: string };
  /** The server as it was last. */
  'server.deleted': ServerSummary;
  'server.cancellation_requested': ServerSummary;
  'console.opened': ConsoleOpened;
  'firewall_group.created': FirewallGroup;
  'firewall_group.updated': FirewallGroup;
  /** The group as it was last. */
  'firewall_group.deleted': FirewallGroup;
  /** The server's groups after the change (`id` is the group attached or detached). */
  'firewall_group.attached': FirewallAttachment;
  'firewall_group.detached': FirewallAttachment;
  'firewall_rule.created': FirewallRule & { group_id: number };
  'firewall_rule.updated': FirewallRule & { group_id: number };
  'firewall_rule.deleted': FirewallRule & { group_id: number };
  'reverse_dns.set': ReverseDnsEntry & { server_id: string };
  'reverse_dns.removed': ReverseDnsEntry & { server_id: string };
}

/** A console session of the server opened: its WebSocket presented its token (the event's resource is the server). */
export interface ConsoleOpened {
  server_id: string;
  console_session_id: number;
  /** Asked for with an API key (`project`) or in the web console (`console`). */
  interface: 'project' | 'console';
  user_id: number;
  /** The key it was asked for with; null in the web console. */
  api_key_id: number | null;
}

export interface FirewallAttachment {
  /** The group attached or detached. */
  id: number;
  server_id: string;
  /** Every group attached to the server now. */
  firewall_groups: number[];
}

/** An event of one type, its `data` typed: `if (event.type === 'action.finished') event.data.status`. */
export type EventOf<Type extends EventType = EventType> = Type extends EventType
  ? Omit<ProjectEvent, 'type' | 'data'> & { type: Type; data: Type extends keyof EventDataByType ? EventDataByType[Type] : unknown }
  : never;

export interface EventStreamOptions<Type extends EventType = EventType> {
  /** Only these types (default: every type). */
  types?: readonly Type[];
  /** Start after this event id (one stored earlier; 0 for every event kept). Default: with the next event committed. */
  after?: number;
  /** Aborting it ends the iteration: the loop finishes without an error. */
  signal?: AbortSignal;
  /** Told before each reconnection: a command line can say that the stream dropped and when it tries again. */
  onReconnect?: (reconnect: EventReconnect) => void;
  /** A connection that sends nothing (not even a heartbeat) this long is taken as dropped (default 45 000 ms: three heartbeats). */
  silenceTimeoutMs?: number;
}

export interface EventReconnect {
  /** Attempts since the stream last opened: 1 for the first after a drop. */
  attempt: number;
  delayMs: number;
  /** The stream resumes after this id (sent as Last-Event-ID); undefined when none is known, and it starts with the next event. */
  lastEventId: string | undefined;
  /** What ended the last connection, or why the last attempt failed. */
  reason: string;
}

/** What a stream needs from the client it belongs to. */
export interface EventStreamContext {
  /** The project API root, without a trailing slash. */
  baseUrl: string;
  token: string;
  /** One attempt: every reconnection. */
  fetch: typeof globalThis.fetch;
  /** The client's retrying fetch: the first connection of events(). */
  retryingFetch: (request: Request) => Promise<Response>;
  retry: ResolvedRetry;
  sleep: Sleep;
}

/** How the first connection is made: `retried` as any read (events()), or `once` (a wait, which polls when the stream cannot be had). */
export type FirstConnection = 'retried' | 'once';

/** The service's heartbeat comes every 15 s (src/modules/events/event-stream.ts): three missed means the connection is gone. */
export const DEFAULT_SILENCE_TIMEOUT_MS = 45_000;
/** Until the service says otherwise with `retry:` (it says 2 000). */
const DEFAULT_RECONNECT_MS = 2_000;
const EVENT_STREAM_TYPE = /^text\/event-stream\b/i;

/** A wait the caller's abort cuts short, whatever `sleep` is (an injected one may not listen to signals). */
function pause(sleep: Sleep, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    sleep(ms, signal).then(done, done);
  });
}

/** A reconnection may succeed later: no answer, a timeout, rate limiting, a service restarting behind its proxy. */
function worthReconnecting(error: unknown): boolean {
  if (error instanceof EventStreamUnavailableError) return false;
  if (error instanceof CloudplaneError) return error.status === 408 || error.status === 429 || error.status >= 500;
  return true;
}

function describeFailure(error: unknown): string {
  if (error instanceof CloudplaneError) return `the service answered ${error.status} (${error.code})`;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `no answer (${error instanceof Error ? error.message : String(error)}${cause})`;
}

function parseEvent(message: EventSourceMessage): ProjectEvent {
  try {
    return JSON.parse(message.data) as ProjectEvent;
  } catch {
    throw new Error(`The event stream sent event ${message.id ?? '(without an id)'} (${message.event ?? 'without a type'}) whose data is not JSON`);
  }
}

/** One connection's parts, so that closing it can reach each. */
interface Connection {
  controller: AbortController;
  response?: Response;
  reader?: ReadableStreamDefaultReader<Uint8Array>;
}

class ProjectEventStream<Type extends EventType> {
  /** The id of the last event delivered, or where the stream began: sent as Last-Event-ID on reconnecting. */
  private lastEventId: string | undefined;
  private reconnectMs = DEFAULT_RECONNECT_MS;
  /** Set by a refused reconnection that asked to wait (429, 503). */
  private retryAfter: number | undefined;
  /** The connection open now, its events not read yet (`unread`) or being read. */
  private connection: Connection | undefined;
  private unread = false;
  private readonly url: URL;
  private readonly stopListener = () => this.closeConnection();

  constructor(
    private readonly context: EventStreamContext,
    project: string,
    private readonly options: EventStreamOptions<Type>,
  ) {
    this.url = new URL(`${context.baseUrl}/projects/${encodeURIComponent(project)}/events/`);
    if (options.types?.length) this.url.searchParams.set('types', options.types.join(','));
    options.signal?.addEventListener('abort', this.stopListener, { once: true });
  }

  private get stopped(): boolean {
    return this.options.signal?.aborted === true;
  }

  /**
   * Ends the connection now. Aborting the fetch alone may not reach a body
   * already being read: undici's Request follows the caller's signal through
   * a weak reference, which a garbage collection can drop (nodejs/undici#3644),
   * and a stream never ends by itself. So the body is cancelled too.
   */
  private closeConnection(): void {
    const connection = this.connection;
    if (!connection) return;
    connection.controller.abort();
    if (connection.reader) void connection.reader.cancel().catch(() => undefined);
    else if (connection.response?.body && !connection.response.body.locked) void connection.response.body.cancel().catch(() => undefined);
  }

  /** One connection: resolves once the service answered with a stream (events committed from then on will come), else throws. */
  async connect(first: FirstConnection | 'reconnect'): Promise<void> {
    const connection: Connection = { controller: new AbortController() };
    this.connection = connection;
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, connection.controller.signal]) : connection.controller.signal;
    const url = new URL(this.url);
    const headers = new Headers({ accept: 'text/event-stream', authorization: `Bearer ${this.context.token}` });
    // Last-Event-ID wins over `after` at the service; `after` only matters until an id is known.
    if (this.lastEventId !== undefined) headers.set('last-event-id', this.lastEventId);
    else if (this.options.after !== undefined) url.searchParams.set('after', String(this.options.after));
    const request = new Request(url, { headers, signal });
    const response = first === 'retried' ? await this.context.retryingFetch(request) : await this.context.fetch(request);
    connection.response = response;
    // Aborted while the answer was on its way: it is not wanted any more.
    if (this.stopped) this.closeConnection();
    await this.accept(response, url);
    this.lastEventId ??= response.headers.get('last-event-id') ?? undefined;
    this.unread = true;
  }

  /** A stream, or the reason there is none: the service's problem, or what answered instead. */
  private async accept(response: Response, url: URL): Promise<void> {
    const contentType = response.headers.get('content-type') ?? '';
    if (response.ok && EVENT_STREAM_TYPE.test(contentType)) return;
    const text = await response.text().catch(() => '');
    if (response.ok) throw new EventStreamUnavailableError(url.href, response.status, contentType);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not a problem document (a proxy's page): CloudplaneError keeps the text as the detail.
    }
    const retryAfter = retryAfterMs(response.headers.get('retry-after'));
    throw new CloudplaneError(response.status, body, {
      method: 'GET',
      path: url.pathname,
      retryAfterSeconds: retryAfter === undefined ? undefined : Math.ceil(retryAfter / 1000),
    });
  }

  async *events(): AsyncGenerator<EventOf<Type>, void, undefined> {
    try {
      let attempt = 0;
      let reason = 'the stream ended';
      for (;;) {
        if (this.unread) {
          this.unread = false;
          reason = yield* this.read(this.connection!);
          attempt = 0;
        }
        if (this.stopped) return;
        attempt += 1;
        const backoff = backoffDelay(attempt, this.context.retry.baseDelayMs, this.context.retry.maxDelayMs);
        const delayMs = Math.max(this.reconnectMs, backoff, this.retryAfter ?? 0);
        this.retryAfter = undefined;
        this.options.onReconnect?.({ attempt, delayMs, lastEventId: this.lastEventId, reason });
        await pause(this.context.sleep, delayMs, this.options.signal);
        if (this.stopped) return;
        try {
          await this.connect('reconnect');
        } catch (error) {
          if (this.stopped) return;
          if (!worthReconnecting(error)) throw error;
          reason = describeFailure(error);
          if (error instanceof CloudplaneError && error.retryAfterSeconds !== undefined) this.retryAfter = error.retryAfterSeconds * 1000;
        }
      }
    } finally {
      // The caller left the loop (or aborted): close the connection rather than leave it to the service's heartbeat to find.
      this.closeConnection();
      this.options.signal?.removeEventListener('abort', this.stopListener);
    }
  }

  /** Yields one connection's events; answers why it ended. */
  private async *read(connection: Connection): AsyncGenerator<EventOf<Type>, string, undefined> {
    if (!connection.response?.body) return 'the service answered without a body';
    const messages: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (message) => messages.push(message), onRetry: (ms) => (this.reconnectMs = ms) });
    const reader = connection.response.body.getReader();
    connection.reader = reader;
    const decoder = new TextDecoder();
    const silenceMs = this.options.silenceTimeoutMs ?? DEFAULT_SILENCE_TIMEOUT_MS;
    try {
      for (;;) {
        if (this.stopped) return 'stopped';
        let silent = false;
        // Only while waiting for the service: a caller slow to take an event is not the connection's silence.
        const watchdog = setTimeout(() => {
          silent = true;
          this.closeConnection();
        }, silenceMs);
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          chunk = { done: true, value: undefined };
          if (!silent && !this.stopped) return `the connection failed (${error instanceof Error ? error.message : String(error)})`;
        } finally {
          clearTimeout(watchdog);
        }
        if (silent) return `nothing came for ${silenceMs % 1000 === 0 ? `${silenceMs / 1000} s` : `${silenceMs} ms`}`;
        if (chunk.done) return this.stopped ? 'stopped' : 'the service ended the stream';
        parser.feed(decoder.decode(chunk.value, { stream: true }));
        for (const message of messages.splice(0)) {
          const event = parseEvent(message) as EventOf<Type>;
          if (message.id !== undefined) this.lastEventId = message.id;
          yield event;
        }
      }
    } finally {
      this.closeConnection();
    }
  }
}

/**
 * Opens a project's event stream and answers its events, reconnecting as
 * above. Resolves once the first connection is open: what is committed from
 * then on will be yielded, which is what a wait needs before it reads the
 * state it waits on.
 */
export async function openEventStream<Type extends EventType>(
  context: EventStreamContext,
  project: string,
  options: EventStreamOptions<Type>,
  first: FirstConnection,
): Promise<AsyncGenerator<EventOf<Type>, void, undefined>> {
  const stream = new ProjectEventStream(context, project, options);
  await stream.connect(first);
  return stream.events();
}
