/**
 * cloudplane's typed client of the project API (`src/client`, see README.md).
 *
 * ```ts
 * import { createClient, CloudplaneError } from 'cloudplane/client';
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api/v1', token: process.env.CLOUDPLANE_TOKEN! });
 * const me = await client.call(client.raw.GET('/me/'));
 * for await (const server of client.pages('/projects/{project_slug}/servers/', { path: { project_slug: 'demo' } })) console.log(server.id);
 * const { order } = await client.placeOrder('demo', { hostname: 'web-1', product_id: 1, location: 'fsn1', image: 'debian-12' });
 * const done = await client.waitForOrder('demo', order.id);
 * for await (const event of client.events('demo', { types: ['action.finished'], signal })) console.log(event.data.status);
 * ```
 *
 * Every call made through `client.raw` (typed by the generated `paths`) gets
 * an Idempotency-Key when it is an order or an action start, and is sent
 * again with that same key, after a backoff that honours Retry-After, when
 * the spec says that is safe (see retrying-fetch.ts). `call()` turns a
 * refusal into a CloudplaneError; `pages()` (alias `iterate()`) walks every
 * page of any paginated list path; `events()` follows the project's event
 * stream, reconnecting with Last-Event-ID; `waitForAction()`/`waitForOrder()`
 * follow that stream (or poll, where there is none) to a final state and
 * answer it, `error` and `failed` included.
 *
 * @module
 */
export type { components, operations, paths } from './generated/project-api.ts';
export type {
  Action,
  ActionStatus,
  AuditLogEntry,
  BandwidthOrderRequest,
  CurrentUser,
  Event,
  EventPage,
  EventType,
  FieldError,
  FirewallGroup,
  FirewallGroupCreateRequest,
  FirewallGroupUpdateRequest,
  FirewallRule,
  FirewallRuleCreateRequest,
  FirewallRuleUpdateRequest,
  Image,
  Iso,
  Location,
  Order,
  OrderInvoice,
  OrderStatus,
  PageItem,
  PageParams,
  PaginatedPath,
  Pricing,
  Problem,
  Product,
  ProductLocation,
  Project,
  ProjectCreateRequest,
  ProjectEvent,
  ProjectReplaceRequest,
  ProjectRole,
  ProjectUpdateRequest,
  RequestBody,
  ResponseBody,
  ReverseDnsEntry,
  ReverseDnsSetRequest,
  Server,
  ServerCancellation,
  ServerCancelRequest,
  ServerConsole,
  ServerCreateSnapshotRequest,
  ServerFirewallGroups,
  ServerFirewallGroupsRequest,
  ServerLocation,
  ServerMetrics,
  ServerMountIsoRequest,
  ServerOrderRequest,
  ServerReinstallRequest,
  ServerRenameRequest,
  ServerRestoreSnapshotRequest,
  ServerStatus,
  ServerSummary,
  Snapshot,
  SshKey,
  SshKeyCreateRequest,
  SshKeyUpdateRequest,
  UpgradeOption,
  UpgradeOrderRequest,
  Webhook,
  WebhookAttempt,
  WebhookCreateRequest,
  WebhookDelivery,
  WebhookUpdateRequest,
  WebhookWithSecret,
} from './types.ts';
export type { ClientOptions, PollOptions, RetryEvent, RetryOptions } from './options.ts';
export { DEFAULT_POLL, DEFAULT_RETRY } from './options.ts';
export { CloudplaneConnectionError, CloudplaneError, EventStreamUnavailableError, WaitTimeoutError } from './errors.ts';
export {
  DEFAULT_SILENCE_TIMEOUT_MS,
  EVENT_TYPES,
  isEventType,
  type ConsoleOpened,
  type EventDataByType,
  type EventOf,
  type EventReconnect,
  type EventStreamOptions,
  type FirewallAttachment,
} from './events.ts';
export { FINAL_ACTION_STATUSES, FINAL_ORDER_STATUSES, type OrderWaitOptions, type WaitOptions } from './waits.ts';
export { createClient, type CloudplaneClient, type PageArguments, type PlacedOrder, type PlaceOrderOptions } from './client.ts';
