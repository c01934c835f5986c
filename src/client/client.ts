// createClient: a typed openapi-fetch client over the retrying fetch, and the
// few things a careful program does on top of single calls: walk every page
// of a list, follow a project's events, follow an action or an order to its
// end, place an order so that a lost answer never buys twice, and ask for a
// server's console.
import createFetchClient, { type Client } from 'openapi-fetch';
import { retryAfterMs } from './backoff.ts';
import { CloudplaneConnectionError, CloudplaneError } from './errors.ts';
import { openEventStream, type EventOf, type EventStreamContext, type EventStreamOptions } from './events.ts';
import type { paths } from './generated/project-api.ts';
import { DEFAULT_POLL, DEFAULT_RETRY, realSleep, type ClientOptions, type Sleep } from './options.ts';
import { walkPages, type PageReader } from './pages.ts';
import { createRetryingFetch, methodOf } from './retrying-fetch.ts';
import type { Action, BandwidthOrderRequest, EventType, Order, PageItem, PageParams, PaginatedPath, ServerConsole, ServerOrderRequest, UpgradeOrderRequest } from './types.ts';
import { FINAL_ACTION_STATUSES, FINAL_ORDER_STATUSES, waitUntil, type OpenEventStream, type OrderWaitOptions, type WaitOptions } from './waits.ts';

/** A list whose path has parameters needs them; `/projects/` may be walked without any. */
export type PageArguments<Path extends PaginatedPath> = PageParams<Path> extends { path: unknown } ? [params: PageParams<Path>] : [params?: PageParams<Path>];

export interface PlaceOrderOptions {
  /** Resume an order whose answer was lost: send it with the key it was first sent with. Default: a new key. */
  idempotencyKey?: string;
}

export interface PlacedOrder {
  order: Order;
  /** The service answered an earlier request with the same key (200 `Idempotent-Replayed: true`): nothing new was bought. */
  replayed: boolean;
  /**
   * Billing did not confirm the order (502 `upstream_error` with `order_id`):
   * it is recorded, probably `unknown`, and `order` is it as read afterwards.
   * Follow it with waitForOrder; never order again unless it ends `failed`.
   */
  pendingAfterUpstreamError: boolean;
  /** The 502 the service answered, when pendingAfterUpstreamError. */
  upstreamError?: CloudplaneError;
  /** The Idempotency-Key the order was sent with. */
  idempotencyKey: string;
}

export interface CloudplaneClient {
  /** The typed openapi-fetch client; every call goes through the retrying, idempotent fetch. */
  readonly raw: Client<paths>;
  /** Runs one typed call and answers its data, or throws CloudplaneError: `await client.call(client.raw.GET('/me/'))`. */
  call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
  /**
   * Every item of a paginated list, page after page (100 a page):
   * `for await (const server of client.pages('/projects/{project_slug}/servers/', { path: { project_slug } }))`.
   * `path` is any GET path whose answer is the pagination envelope (projects, servers, actions, SSH keys,
   * snapshots, firewall groups and rules, reverse DNS); `query` takes the list's filters (and `page_size`).
   */
  pages<Path extends PaginatedPath>(path: Path, ...params: PageArguments<Path>): AsyncGenerator<PageItem<Path>, void, undefined>;
  /** The same as pages(). */
  iterate<Path extends PaginatedPath>(path: Path, ...params: PageArguments<Path>): AsyncGenerator<PageItem<Path>, void, undefined>;
  /** Every item of a paginated list, collected. */
  listAll<Path extends PaginatedPath>(path: Path, ...params: PageArguments<Path>): Promise<PageItem<Path>[]>;
  /**
   * The project's events as they are committed, oldest first, until `signal` aborts:
   * `for await (const event of client.events('demo', { types: ['action.finished'] }))`.
   * Reconnects after a drop with Last-Event-ID, so none is missed or repeated (see events.ts);
   * throws CloudplaneError when the service refuses the stream (401, 404), and
   * EventStreamUnavailableError when it answers something other than a stream.
   */
  events<Type extends EventType = EventType>(project: string, options?: EventStreamOptions<Type>): AsyncGenerator<EventOf<Type>, void, undefined>;
  getAction(project: string, actionId: number | string): Promise<Action>;
  /** The order as billing last says (the service asks billing before answering). */
  getOrder(project: string, orderId: number): Promise<Order>;
  /**
   * Waits until `success` or `error`, and answers the action either way; `unknown` is waited past.
   * Follows the event stream (`action.finished`) when the service has one, else polls with backoff (waits.ts).
   */
  waitForAction(project: string, actionId: number | string, options?: WaitOptions<Action>): Promise<Action>;
  /**
   * Waits until `completed`, `cancelled` or `failed` (or a state of `alsoStopAt`); `unknown` is waited past.
   * Reads the order when the event stream says it changed (`order.status_changed`), else polls with backoff.
   */
  waitForOrder(project: string, orderId: number, options?: OrderWaitOptions): Promise<Order>;
  /** Orders a server with one Idempotency-Key; see PlacedOrder for a 502 with `order_id`. */
  placeOrder(project: string, body: ServerOrderRequest, options?: PlaceOrderOptions): Promise<PlacedOrder>;
  placeUpgradeOrder(project: string, serverId: string, body: UpgradeOrderRequest, options?: PlaceOrderOptions): Promise<PlacedOrder>;
  placeBandwidthOrder(project: string, serverId: string, body: BandwidthOrderRequest, options?: PlaceOrderOptions): Promise<PlacedOrder>;
  /**
   * Where to open a WebSocket to the server's serial console: `{url, expires_at}`, a `ws://` or `wss://` URL
   * holding a single-use token, to be opened within 60 s by any WebSocket client (the client itself speaks
   * HTTP only). Binary frames carry the console's bytes both ways; a text frame `{"type":"resize","cols":C,"rows":R}`
   * tells the terminal's size. Throws CloudplaneError: 403 `read_only_key`, 404, 409 `conflict` (the server is
   * not running, or has no serial console), 503 `upstream_unavailable` once the retries are spent.
   */
  openConsole(project: string, serverId: string): Promise<ServerConsole>;
}

type CallResult<T> = { data?: T; error?: unknown; response: Response };

function errorOf(result: CallResult<unknown>): CloudplaneError {
  const retryAfter = retryAfterMs(result.response.headers.get('retry-after'));
  const url = result.response.url ? new URL(result.response.url) : undefined;
  return new CloudplaneError(result.response.status, result.error, {
    method: methodOf(result.response),
    path: url?.pathname,
    retryAfterSeconds: retryAfter === undefined ? undefined : Math.ceil(retryAfter / 1000),
  });
}

function transient(error: unknown): boolean {
  return error instanceof CloudplaneConnectionError || (error instanceof CloudplaneError && [429, 502, 503].includes(error.status));
}

export function createClient(options: ClientOptions): CloudplaneClient {
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const poll = { ...DEFAULT_POLL, ...options.poll };
  const sleep: Sleep = options.sleep ?? realSleep;
  const newKey = () => globalThis.crypto.randomUUID();
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetch = options.fetch ?? globalThis.fetch;
  const retryingFetch = createRetryingFetch({ fetch, retry, sleep, onRetry: options.onRetry, newKey });
  const raw = createFetchClient<paths>({ baseUrl, headers: { authorization: `Bearer ${options.token}` }, fetch: retryingFetch });
  const streams: EventStreamContext = { baseUrl, token: options.token, fetch, retryingFetch, retry, sleep };

  async function call<T>(request: Promise<CallResult<T>>): Promise<T> {
    const result = await request;
    if (!result.response.ok) throw errorOf(result);
    return result.data as T;
  }

  // The generic path is checked by the caller's types (PaginatedPath); underneath it is one GET.
  const readPage: PageReader = (path, init) => call((raw.GET as unknown as (path: string, init: unknown) => Promise<CallResult<unknown>>)(path, init));
  function pages<Path extends PaginatedPath>(path: Path, ...params: PageArguments<Path>) {
    return walkPages(readPage, path, params[0]);
  }

  async function listAll<Path extends PaginatedPath>(path: Path, ...params: PageArguments<Path>): Promise<PageItem<Path>[]> {
    const items: PageItem<Path>[] = [];
    for await (const item of pages(path, ...params)) items.push(item);
    return items;
  }

  const getAction = (project: string, actionId: number | string) =>
    call(raw.GET('/projects/{project_slug}/actions/{action_id}/', { params: { path: { project_slug: project, action_id: String(actionId) } } }));
  const getOrder = (project: string, orderId: number) =>
    call(raw.GET('/projects/{project_slug}/orders/{order_id}/', { params: { path: { project_slug: project, order_id: orderId } } }));

  async function* events<Type extends EventType>(project: string, eventOptions: EventStreamOptions<Type> = {}) {
    let stream: AsyncGenerator<EventOf<Type>, void, undefined>;
    try {
      stream = await openEventStream(streams, project, eventOptions, 'retried');
    } catch (error) {
      // Aborted before the stream opened: the caller is done, as after it opened.
      if (eventOptions.signal?.aborted) return;
      throw error;
    }
    yield* stream;
  }

  /** A wait's stream: one attempt (a wait that cannot have it polls instead). */
  const waitStream =
    (project: string): OpenEventStream =>
    (types, signal) =>
      openEventStream(streams, project, { types, signal }, 'once');

  /**
   * An order billing did not confirm, as it stands: read through billing when
   * it answers; otherwise as last recorded (the order list needs no billing),
   * which is `unknown` until the service's check settles it.
   */
  async function orderAfterUpstreamError(project: string, orderId: number, upstreamError: CloudplaneError): Promise<Order> {
    try {
      return await getOrder(project, orderId);
    } catch (error) {
      if (!transient(error)) throw error;
      const recorded = (await call(raw.GET('/projects/{project_slug}/orders/', { params: { path: { project_slug: project } } }))).find((order) => order.id === orderId);
      if (!recorded) throw upstreamError;
      return recorded;
    }
  }

  async function placed(project: string, key: string, result: CallResult<Order>): Promise<PlacedOrder> {
    if (result.response.ok) {
      const replayed = result.response.status === 200 || result.response.headers.get('idempotent-replayed') === 'true';
      return { order: result.data as Order, replayed, pendingAfterUpstreamError: false, idempotencyKey: key };
    }
    const error = errorOf(result);
    if (error.code !== 'upstream_error' || error.orderId === undefined) throw error;
    const order = await orderAfterUpstreamError(project, error.orderId, error);
    return { order, replayed: false, pendingAfterUpstreamError: true, upstreamError: error, idempotencyKey: key };
  }

  return {
    raw,
    call,
    pages,
    iterate: pages,
    listAll,
    getAction,
    getOrder,
    events,
    waitForAction: (project, actionId, waitOptions = {}) =>
      waitUntil<Action>(
        {
          kind: 'action',
          id: actionId,
          read: () => getAction(project, actionId),
          final: (action) => FINAL_ACTION_STATUSES.includes(action.status),
          eventTypes: ['action.finished'],
          isAbout: (event) => event.type === 'action.finished' && event.resource.id === String(actionId),
          stateOf: (event) => event.data as Action,
        },
        waitStream(project),
        poll,
        sleep,
        waitOptions,
      ),
    waitForOrder: (project, orderId, waitOptions = {}) =>
      waitUntil<Order>(
        {
          kind: 'order',
          id: orderId,
          read: () => getOrder(project, orderId),
          final: (order) => FINAL_ORDER_STATUSES.includes(order.status) || (waitOptions.alsoStopAt ?? []).includes(order.status),
          eventTypes: ['order.status_changed'],
          isAbout: (event) => event.type === 'order.status_changed' && event.resource.id === String(orderId),
        },
        waitStream(project),
        poll,
        sleep,
        waitOptions,
      ),
    async placeOrder(project, body, placeOptions = {}) {
      const key = placeOptions.idempotencyKey ?? newKey();
      const params = { path: { project_slug: project }, header: { 'idempotency-key': key } };
      return placed(project, key, await raw.POST('/projects/{project_slug}/servers/', { params, body }));
    },
    async placeUpgradeOrder(project, serverId, body, placeOptions = {}) {
      const key = placeOptions.idempotencyKey ?? newKey();
      const params = { path: { project_slug: project, server_id: serverId }, header: { 'idempotency-key': key } };
      return placed(project, key, await raw.POST('/projects/{project_slug}/servers/{server_id}/upgrade/', { params, body }));
    },
    async placeBandwidthOrder(project, serverId, body, placeOptions = {}) {
      const key = placeOptions.idempotencyKey ?? newKey();
      const params = { path: { project_slug: project, server_id: serverId }, header: { 'idempotency-key': key } };
      return placed(project, key, await raw.POST('/projects/{project_slug}/servers/{server_id}/bandwidth/', { params, body }));
    },
    openConsole: (project, serverId) =>
      call(raw.POST('/projects/{project_slug}/servers/{server_id}/console/', { params: { path: { project_slug: project, server_id: serverId } } })),
  };
}
