// Names for the shapes a program handles, taken from the generated types.
// The service's document describes every schema inline (its
// `components.schemas` is empty), so each name points at the operation that
// answers it rather than at a component; a route change reaches these names
// through `tsx scripts/generate-client.ts`.
import type { operations, paths } from './generated/project-api.ts';

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

export type CurrentUser = ResponseBody<'getCurrentUser', 200>;
export type Project = ResponseBody<'getProject', 200>;
export type Server = ResponseBody<'getServer', 200>;
/** An item of the server list. */
export type ServerSummary = ItemOf<ResponseBody<'listServers', 200>>;
export type Action = ResponseBody<'getAction', 200>;
export type ActionStatus = Action['status'];
export type Order = ResponseBody<'getOrder', 200>;
export type OrderStatus = Order['status'];
export type Product = ItemOf<ResponseBody<'listProducts', 200>>;
export type Image = ItemOf<ResponseBody<'listImages', 200>>;
export type Location = ItemOf<ResponseBody<'listLocations', 200>>;
export type Pricing = ResponseBody<'getPricing', 200>;
export type UpgradeOption = ItemOf<ResponseBody<'listServerUpgradeOptions', 200>>;
export type SshKey = ResponseBody<'getSshKey', 200>;
export type Snapshot = ResponseBody<'getSnapshot', 200>;
export type FirewallGroup = ResponseBody<'getFirewallGroup', 200>;
export type FirewallRule = ResponseBody<'getFirewallGroupRule', 200>;
export type ReverseDnsEntry = ResponseBody<'getServerReverseDns', 200>;

/** One event of a project's log, as the stream and the page send it; `data` is typed by type in events.ts (EventOf). */
export type ProjectEvent = ItemOf<ResponseBody<'listEvents', 200>>;
export type EventType = ProjectEvent['type'];
/** A page of events (`GET …/events/` without `Accept: text/event-stream`). */
export type EventPage = ResponseBody<'listEvents', 200>;

export type ServerOrderRequest = RequestBody<'orderServer'>;
export type UpgradeOrderRequest = RequestBody<'orderServerUpgrade'>;
export type BandwidthOrderRequest = RequestBody<'orderServerBandwidth'>;

type GeneratedProblem = operations['getCurrentUser']['responses']['4XX']['content']['application/problem+json'];

/** One field-level problem of a `validation_error`: `{field, message}` (the field as `name`, `rules[2].port_min`, `query` or `body`). */
export type FieldError = NonNullable<GeneratedProblem['errors']>[number];

/** An error as the service sends it (RFC 9457 problem details), with the extra members the spec names by code. */
export interface Problem {
  type?: string;
  title?: string;
  status: number;
  /** Stable: what a program branches on. */
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
