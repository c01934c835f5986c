// Names for the shapes a program handles, taken from the generated types.
// The service's document names each resource, request body and the problem
// document in `components.schemas` (the route schemas' titles), so each name
// here is that component; a route change reaches these names through
// `tsx scripts/generate-client.ts`.
import type { components, operations, paths } from './generated/project-api.ts';

/** The JSON body of an operation's answer with this status. */
export type ResponseBody<Operation extends keyof operations, Status extends keyof operations[Operation]['responses']> =
  operations[Operation]['responses'][Status] extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body an operation takes. */
export type RequestBody<Operation extends keyof operations> = operations[Operation] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

type ItemOf<List> = List extends readonly (infer Item)[] ? Item : List extends { results: readonly (infer Item)[] } ? Item : never;

type Named = components['schemas'];

export type CurrentUser = Named['CurrentUser'];
export type Project = Named['Project'];
export type ProjectRole = Named['ProjectRole'];
export type Server = Named['Server'];
/** An item of the server list. */
export type ServerSummary = Named['ServerSummary'];
export type ServerStatus = Named['ServerStatus'];
export type ServerLocation = Named['ServerLocation'];
export type ServerMetrics = Named['ServerMetrics'];
export type ServerFirewallGroups = Named['ServerFirewallGroups'];
/** What opening a server's console answers: the WebSocket's single-use URL, and until when it may be opened. */
export type ServerConsole = Named['ServerConsole'];
/** What a cancel answers: the cancellation is requested. */
export type ServerCancellation = Named['ServerCancellation'];
export type Action = Named['Action'];
export type ActionStatus = Named['ActionStatus'];
export type Order = Named['Order'];
export type OrderStatus = Named['OrderStatus'];
export type OrderInvoice = Named['OrderInvoice'];
export type Product = Named['Product'];
export type ProductLocation = Named['ProductLocation'];
export type Image = Named['Image'];
export type Location = Named['Location'];
export type Iso = Named['Iso'];
export type Pricing = Named['Pricing'];
export type UpgradeOption = Named['UpgradeOption'];
export type SshKey = Named['SshKey'];
export type Snapshot = Named['Snapshot'];
export type FirewallGroup = Named['FirewallGroup'];
export type FirewallRule = Named['FirewallRule'];
export type ReverseDnsEntry = Named['ReverseDnsEntry'];
export type Webhook = Named['Webhook'];
/** A webhook as its creation and a secret rotation answer it: with the signing secret, shown this once. */
export type WebhookWithSecret = Named['WebhookWithSecret'];
export type WebhookDelivery = Named['WebhookDelivery'];
export type WebhookAttempt = Named['WebhookAttempt'];
export type AuditLogEntry = Named['AuditLogEntry'];

/** One event of a project's log, as the stream and the page send it; `data` is typed by type in events.ts (EventOf). */
export type Event = Named['Event'];
/** The same as `Event`, by the name this client gave it first. */
export type ProjectEvent = Event;
export type EventType = Event['type'];
/** A page of events (`GET …/events/` without `Accept: text/event-stream`). */
export type EventPage = Named['EventPage'];

export type ServerOrderRequest = Named['ServerOrderRequest'];
export type UpgradeOrderRequest = Named['UpgradeOrderRequest'];
export type BandwidthOrderRequest = Named['BandwidthOrderRequest'];
export type ProjectCreateRequest = Named['ProjectCreateRequest'];
export type ProjectReplaceRequest = Named['ProjectReplaceRequest'];
export type ProjectUpdateRequest = Named['ProjectUpdateRequest'];
export type ServerRenameRequest = Named['ServerRenameRequest'];
export type ServerCancelRequest = Named['ServerCancelRequest'];
export type ServerReinstallRequest = Named['ServerReinstallRequest'];
export type ServerCreateSnapshotRequest = Named['ServerCreateSnapshotRequest'];
export type ServerRestoreSnapshotRequest = Named['ServerRestoreSnapshotRequest'];
export type ServerMountIsoRequest = Named['ServerMountIsoRequest'];
export type ServerFirewallGroupsRequest = Named['ServerFirewallGroupsRequest'];
export type SshKeyCreateRequest = Named['SshKeyCreateRequest'];
export type SshKeyUpdateRequest = Named['SshKeyUpdateRequest'];
export type FirewallGroupCreateRequest = Named['FirewallGroupCreateRequest'];
export type FirewallGroupUpdateRequest = Named['FirewallGroupUpdateRequest'];
export type FirewallRuleCreateRequest = Named['FirewallRuleCreateRequest'];
export type FirewallRuleUpdateRequest = Named['FirewallRuleUpdateRequest'];
export type ReverseDnsSetRequest = Named['ReverseDnsSetRequest'];
export type WebhookCreateRequest = Named['WebhookCreateRequest'];
export type WebhookUpdateRequest = Named['WebhookUpdateRequest'];

/** One field-level problem of a `validation_error`: `{field, message}` (the field as `name`, `rules[2].port_min`, `query` or `body`). */
export type FieldError = Named['FieldError'];

/**
 * An error as the service sends it (RFC 9457 problem details), with the extra
 * members the spec names by code. Written here rather than taken from the
 * document's `Problem`, whose `code` lists this version's codes: a program
 * may meet a newer service, whose new codes must still read as problems.
 */
export interface Problem {
  type?: string;
  title?: string;
  status: number;
  /** Stable: what a program branches on (the document's `Problem` lists the codes of this version). */
  code: string;
  /** For people; may change. */
  detail: string;
  errors?: FieldError[];
  /** `name_taken`: the group that has the name. */
  group_id?: number;
  /** `rule_exists`: the identical rule. */
  rule_id?: number;
  /** `group_in_use`: the servers the group is attached to. */
  servers?: string[];
  /** `upstream_error` on an order: the order, recorded as `unknown`. */
  order_id?: number;
  [member: string]: unknown;
}

/** The GET paths whose answer is the pagination envelope `{count, next, previous, results}`. */
export type PaginatedPath = {
  [Path in keyof paths]: paths[Path] extends { get: { responses: { 200: { content: { 'application/json': { results: readonly unknown[]; next: string | null } } } } } }
    ? Path
    : never;
}[keyof paths];

type ListOperation<Path extends PaginatedPath> = paths[Path]['get'];

/** What a paginated list yields, one item at a time. */
export type PageItem<Path extends PaginatedPath> = ItemOf<ListOperation<Path>['responses'][200]['content']['application/json']>;

type ListQuery<Path extends PaginatedPath> = NonNullable<ListOperation<Path>['parameters']['query']>;

/**
 * The parameters of a paginated list, without `page` (the iterator walks the
 * pages): its path parameters, and its filters and `page_size` in `query`.
 */
export type PageParams<Path extends PaginatedPath> = (ListOperation<Path>['parameters'] extends { path: infer PathParams }
  ? { path: PathParams }
  : { path?: undefined }) & { query?: Omit<ListQuery<Path>, 'page'> };
