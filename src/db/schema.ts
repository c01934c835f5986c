// The tables, as Kysely sees them. Columns that differ between the two engines
// (booleans are 0/1 in SQLite, JSON is text there) are typed by what is written;
// reads go through db/columns.ts so both engines give the same values.
import type { ColumnType, Generated } from 'kysely';

/** ISO 8601 UTC text written by the app; PostgreSQL stores timestamptz. */
type Timestamp = string;
/** Integer minor units (cents). */
type Money = number;
type Bool = ColumnType<boolean | number, boolean, boolean>;
type Json = ColumnType<unknown, string, string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  legacy_api_access: Bool;
  created_at: Timestamp;
  /** Where the legacy API deploys and keeps keys (D13); made on first need. */
  default_project_id: number | null;
  /** The authenticator secret (base32) once two-factor sign-in is on (migration 0017); never shown after setup. */
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The time step of the last code accepted: a code is good once. */
  totp_last_step: number | null;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Public part of the token, used to find the row; the secret is only stored hashed. */
  lookup_id: string;
  secret_hash: string;
  read_only: Bool;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
  /** Written at most once a minute per key. */
  last_used_at: Timestamp | null;
}

export interface ProjectsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  status: 'setting_up' | 'ready' | 'deleting';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  role: 'owner' | 'admin' | 'member';
  created_at: Timestamp;
}

/** A pending invitation to a project (migration 0018): the invited person joins only by accepting it. */
export interface ProjectInvitationsTable {
  id: Generated<number>;
  project_id: number;
  /** Trimmed and lower-cased, as users.email. */
  email: string;
  /** Never 'owner': ownership is not given by invitation. */
  role: 'admin' | 'member';
  /** Who invited; null once that user is deleted. */
  invited_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface ServersTable {
  id: string;
  project_id: number;
  hostname: string | null;
  status: 'running' | 'stopped' | 'suspended';
  created_at: Timestamp;
  location_code: string | null;
  /** Snapshots taken when the server was created or last changed: {code, city, country_code}. */
  location: Json;
  /** {name, display_name} */
  image: Json;
  /** {name, category, cpu_cores, ram_mb, disk_gb, boot_disk_gb} */
  plan: Json;
  /** The plan a reboot through the API will apply; null when nothing waits. */
  pending_plan: Json | null;
  product_id: number | null;
  /** The power state to return to when unsuspended. */
  suspended_from: 'running' | 'stopped' | null;
  has_user_data: Bool | null;
  /** {id, name} of the mounted ISO */
  iso: Json | null;
  private_network_eligible: Bool | null;
  private_network_enabled: Bool | null;
  bandwidth_pooled: Bool | null;
  bandwidth_allocated_gb: number | null;
  bandwidth_extra_gb: number | null;
  bandwidth_used_gb: number | null;
  billing_service_id: number | null;
  /** {when, reason, requested_at} of the server's one cancellation request. */
  cancellation: Json | null;
  firewall_generation: Generated<number>;
  /** The generation whose firewall.applied event is recorded (migration 0019). */
  firewall_announced_generation: Generated<number>;
  /** The hypervisor host placement chose (migration 0014); null: the provisioning backend's default host. */
  host_id: number | null;
}

/** A hypervisor host of a location, registered by the operator (migration 0014). */
export interface HostsTable {
  id: Generated<number>;
  name: string;
  location: string;
  /** The libvirt connection URI of the host. */
  uri: string;
  cpu_cores: number;
  ram_mb: number;
  disk_gb: number;
  /** `draining`: keeps its servers, takes no new ones. */
  state: 'active' | 'draining';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BandwidthPoolsTable {
  project_id: number;
  location_code: string;
  allocated_gb: number;
  extra_gb: number;
  used_gb: number;
}

/** How many servers a project has, kept by triggers on servers (migration 0010): the server list's count. */
export interface ProjectServerCountsTable {
  project_id: number;
  servers: number;
}

export interface ServerSshKeysTable {
  server_id: string;
  ssh_key_id: number;
}

export interface IpAllocationsTable {
  /** An IPv4 address, or an IPv6 subnet in CIDR form. */
  address: string;
  kind: 'ipv4' | 'ipv6_subnet';
  location: string;
  server_id: string;
  is_primary: Bool;
  /** Order among the server's addresses. */
  position: number;
  allocated_at: Timestamp;
}

/** How far the lowest-first walk through one pool of a location has got (migration 0009). */
export interface IpPoolCursorsTable {
  location: string;
  kind: IpAllocationsTable['kind'];
  /** The pool in canonical CIDR form. */
  pool: string;
  /** Slots handed out by the walk so far, counted from the pool's first usable one. */
  next_offset: number;
}

/** Addresses that were allocated and are free again; triggers on ip_allocations add them. */
export interface IpReleasedAddressesTable {
  location: string;
  kind: IpAllocationsTable['kind'];
  address: string;
  /** Fixed-width hex of the address (text order is address order); null until the allocator has read it. */
  address_key: string | null;
}

export interface SnapshotsTable {
  id: Generated<number>;
  project_id: number;
  server_id: string | null;
  name: string;
  status: 'creating' | 'completed' | 'failed';
  size_gb: number | null;
  created_at: Timestamp;
}

export interface ActionsTable {
  id: Generated<number>;
  project_id: number;
  server_id: string;
  type: string;
  status: 'running' | 'unknown' | 'success' | 'error';
  params: Json;
  phase: 'submit' | 'wait' | 'reconcile' | 'done';
  result: Json;
  error: Json | null;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  scope: string;
  key: string;
  request_hash: string;
  resource_id: string;
  created_at: Timestamp;
}

export interface BillingServicesTable {
  id: Generated<number>;
  user_id: number;
  server_id: string | null;
  product_id: number;
  status: string;
  billing_cycle: string;
  next_due_date: string;
  recurring_amount: Money;
  setup_fee: Money;
  currency: string;
  created_at: Timestamp;
  /** The order whose invoice reserved this service; null for a service opened without an order. */
  order_ref: string | null;
}

export interface ProvisioningOperationsTable {
  action_id: number;
  server_id: string;
  type: string;
  completes_at: Timestamp;
  result: Json;
  /** What the operation needs (the libvirt backend's record); null for the simulator's. */
  parameters: Json | null;
  /** When the backend finished acting on the machine; null while it has not (the libvirt backend's record). */
  carried_out_at: Timestamp | null;
  /** How far an operation that waits on the guest got (the libvirt backend's note); null: nothing to wait for. */
  progress: Json | null;
  created_at: Timestamp;
}
/** A snapshot's file (the libvirt backend's record), written before libvirt makes it. */
export interface ProvisioningSnapshotsTable {
  snapshot_id: number;
  /** The server it was taken of (which may be deleted since). */
  server_id: string;
  /** The libvirt URI of the host whose pool holds the file. */
  host: string;
  volume: string;
  /** The kernel, initramfs and command line the disk boots with (a direct-boot image); null: its own boot loader. */
  boot: Json | null;
  created_at: Timestamp;
}

export interface ProvisioningPrivateAddressesTable {
  /** The project's private network, as the libvirt backend names it. */
  network: string;
  /** The address's host part in the network's 10.0.0.0/16. */
  host_number: number;
  server_id: string;
}

export interface ProvisioningServersTable {
  server_id: string;
  /**
   * `creating` until `completes_at`, then `active`; `failed` with `error`;
   * `deleted`; `lost`: the simulator's machine made to vanish behind
   * cloudplane's back (the operator's drift hook), never set by libvirt.
   */
  status: 'creating' | 'active' | 'failed' | 'deleted' | 'lost';
  /** The ServerDefinition the server was created with. */
  definition: Json;
  completes_at: Timestamp;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The drift last seen between a hypervisor host and the rows (migration 0023), kept by the host's check job. */
export interface HostDriftTable {
  host_id: number;
  /** The host's recurring check job. */
  job_id: number | null;
  /** Every difference the last check saw, each with when it was first seen (the host-drift module's Observation[]). */
  observations: Json;
  checked_at: Timestamp | null;
  check_error: string | null;
  check_requested_at: Timestamp | null;
}

/** A console session of a server (D24): its token's hash, who asked, and when it opened and closed. */
export interface ServerConsoleSessionsTable {
  id: Generated<number>;
  server_id: string;
  project_id: number;
  /** SHA-256 of the single-use token, hex; the token itself is never stored. */
  token_hash: string;
  /** Where it was asked for: `project` (an API key) or `console` (a signed-in user; its WebSocket must come from the console's origin). */
  interface: 'project' | 'console';
  user_id: number;
  api_key_id: number | null;
  session_ref: string | null;
  client_ip: string;
  created_at: Timestamp;
  /** The token is refused from then on unless it was used. */
  expires_at: Timestamp;
  /** When a WebSocket presented the token (it is used up then); null: not yet. */
  opened_at: Timestamp | null;
  closed_at: Timestamp | null;
  close_reason: string | null;
  /** Bytes from the client to the server's console, and back; written when the session closes. */
  bytes_in: Generated<number>;
  bytes_out: Generated<number>;
}

export interface ServerFirewallGroupsTable {
  server_id: string;
  group_id: number;
}

export interface SshKeysTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  public_key: string;
  fingerprint: string;
  created_at: Timestamp;
}

export interface BillingAccountsTable {
  user_id: number;
  currency: string;
  credit_balance: Money;
  created_at: Timestamp;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  amount: Money;
  balance_after: Money;
  reason: string;
  created_at: Timestamp;
  /** Names the payment a credit came from, so it is credited once. */
  reference: string | null;
}

export interface BillingCatalogueTable {
  id: number;
  document: Json;
  updated_at: Timestamp;
}

export interface ProvisioningProjectsTable {
  slug: string;
  status: 'active' | 'deleted';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RdnsRecordsTable {
  address: string;
  /** Family and address as fixed-width hex: text order is address order (reverse-names.ts). */
  address_key: string | null;
  ptr: string;
  updated_at: Timestamp;
}

export interface FirewallAppliedTable {
  server_id: string;
  generation: number;
  ruleset: string;
  /** The effective rules as data, for evaluating connections against what is applied. */
  rules: Json | null;
  applied_at: Timestamp;
}

export interface FirewallGroupsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  direction: 'ingress' | 'egress';
  created_at: Timestamp;
}

export interface FirewallRulesTable {
  id: Generated<number>;
  group_id: number;
  protocol: 'tcp' | 'udp' | 'icmp' | 'any';
  port_min: number | null;
  port_max: number | null;
  source_cidr: string | null;
  destination_cidr: string | null;
  priority: number;
  comment: string | null;
  identity: string;
  created_at: Timestamp;
}

export interface FaultsTable {
  system: string;
  mode: 'ok' | 'down' | 'error' | 'timeout';
  remaining: number | null;
  committed: Bool;
  updated_at: Timestamp;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  payload: Json;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** SQLite's change notices (db/change-feed.ts): how many changes each topic has had. */
export interface ChangeVersionsTable {
  topic: string;
  version: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  user_id: number;
  order_ref: string | null;
  status: 'unpaid' | 'paid' | 'cancelled';
  total: Money;
  credit_applied: Money;
  currency: string;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface InvoiceItemsTable {
  id: Generated<number>;
  invoice_id: number;
  description: string;
  amount: Money;
}

export interface OrdersTable {
  id: Generated<number>;
  project_id: number;
  billed_user_id: number;
  type: 'server' | 'upgrade' | 'bandwidth';
  status: 'submitting' | 'awaiting_payment' | 'provisioning' | 'completed' | 'cancelled' | 'failed' | 'unknown';
  server_id: string | null;
  request: Json;
  delivery: Json;
  total: Money;
  currency: string;
  invoice_id: number | null;
  /** A server order's billing service, reserved (Pending) when the order is recorded. */
  billing_service_id: number | null;
  /** {id, status, total, currency} as last recorded */
  invoice: Json | null;
  warnings: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RateLimitHitsTable {
  id: Generated<number>;
  key_id: number;
  bucket: string;
  at: Timestamp;
}

export interface ConsoleSessionsTable {
  id_hash: string;
  user_id: number | null;
  data: Json;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

/** A user's recovery codes for two-factor sign-in (migration 0017): hashes only, each used once. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SignInFailuresTable {
  id: Generated<number>;
  email: string;
  client_address: string;
  at: Timestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  form_token: string;
  purpose: 'invoice' | 'top_up';
  invoice_id: number | null;
  method: 'card' | 'credit';
  amount: Money;
  currency: string;
  status: 'pending' | 'succeeded' | 'declined' | 'failed';
  card_brand: string | null;
  card_last4: string | null;
  charge_ref: string | null;
  problem: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GatewayChargesTable {
  id: Generated<number>;
  idempotency_key: string;
  amount: Money;
  currency: string;
  status: 'succeeded' | 'declined';
  card_brand: string;
  card_last4: string;
  decline_reason: string | null;
  created_at: Timestamp;
}

/** A server's cumulative counters at one moment (migrations 0015, 0025, 0026). */
export interface ServerMetricSamplesTable {
  /** The server's id read as a signed 64-bit integer (servers/server-metrics.keys.ts), as decimal text: the driver's numbers cannot hold it. */
  server_key: string;
  /** Milliseconds since the epoch. */
  at: number;
  cpu_time_ns: number;
  network_rx_bytes: number;
  network_tx_bytes: number;
  disk_read_bytes: number;
  disk_write_bytes: number;
}

/** What a server did over one bucket of a rollup's resolution (migration 0025): the time its pairs of samples span, each counter's increase. */
export interface ServerMetricRollupsTable {
  /** As the samples' (migration 0026). */
  server_key: string;
  /** The bucket's start, milliseconds since the epoch. */
  at: number;
  elapsed_ms: number;
  cpu_time_ns: number;
  network_rx_bytes: number;
  network_tx_bytes: number;
  disk_read_bytes: number;
  disk_write_bytes: number;
}

/** Per rollup resolution, the moment before which every bucket is rolled up. */
export interface ServerMetricRollupProgressTable {
  resolution: string;
  through: number;
}

/** The last event id given out per project (migration 0019): taking the next one locks the row until commit. */
export interface ProjectEventSequencesTable {
  project_id: number;
  last_id: number;
}

export interface EventsTable {
  project_id: number;
  /** Increasing per project, in commit order. */
  id: number;
  type: string;
  resource_type: string;
  resource_id: string;
  data: Json;
  created_at: Timestamp;
}

export interface WebhooksTable {
  id: Generated<number>;
  project_id: number;
  url: string;
  description: string;
  /** A JSON array of event types; empty: every type. */
  event_types: Json;
  /** `whsec_…`; read to sign, so stored as is, and shown once. */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  enabled: Bool;
  disabled_reason: string | null;
  failing_since: Timestamp | null;
  /** The last event id dispatched into deliveries. */
  last_event_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  project_id: number;
  event_id: number;
  event_type: string;
  /** The `webhook-id` header, the same on every attempt. */
  message_id: string;
  body: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: Timestamp;
  response_status: number | null;
  latency_ms: number;
  response_excerpt: string;
  error: string | null;
  succeeded: Bool;
}

export interface AuditLogTable {
  id: Generated<number>;
  created_at: Timestamp;
  project_id: number | null;
  interface: 'project' | 'legacy' | 'console' | 'operator';
  actor_type: 'api_key' | 'user' | 'operator' | 'anonymous';
  user_id: number | null;
  api_key_id: number | null;
  api_key_name: string | null;
  session_ref: string | null;
  client_ip: string;
  method: string;
  route: string;
  operation: string | null;
  resource_type: string | null;
  resource_id: string | null;
  /** Null while the change is committed and its answer not yet settled; it stays null when the service stopped in between. */
  status_code: number | null;
  problem_code: string | null;
  request_id: string;
  /** What the entry says beyond its columns (a console session's length and bytes); null for most. */
  details: ColumnType<unknown, string | null, string | null>;
}

export interface Database {
  users: UsersTable;
  api_keys: ApiKeysTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  project_invitations: ProjectInvitationsTable;
  servers: ServersTable;
  hosts: HostsTable;
  host_drift: HostDriftTable;
  server_ssh_keys: ServerSshKeysTable;
  bandwidth_pools: BandwidthPoolsTable;
  project_server_counts: ProjectServerCountsTable;
  ip_allocations: IpAllocationsTable;
  ip_pool_cursors: IpPoolCursorsTable;
  ip_released_addresses: IpReleasedAddressesTable;
  snapshots: SnapshotsTable;
  actions: ActionsTable;
  idempotency_keys: IdempotencyKeysTable;
  billing_services: BillingServicesTable;
  provisioning_operations: ProvisioningOperationsTable;
  provisioning_servers: ProvisioningServersTable;
  provisioning_private_addresses: ProvisioningPrivateAddressesTable;
  provisioning_snapshots: ProvisioningSnapshotsTable;
  server_console_sessions: ServerConsoleSessionsTable;
  server_firewall_groups: ServerFirewallGroupsTable;
  ssh_keys: SshKeysTable;
  billing_accounts: BillingAccountsTable;
  credit_ledger: CreditLedgerTable;
  billing_catalogue: BillingCatalogueTable;
  provisioning_projects: ProvisioningProjectsTable;
  rdns_records: RdnsRecordsTable;
  firewall_applied: FirewallAppliedTable;
  faults: FaultsTable;
  jobs: JobsTable;
  settings: SettingsTable;
  change_versions: ChangeVersionsTable;
  invoices: InvoicesTable;
  firewall_groups: FirewallGroupsTable;
  firewall_rules: FirewallRulesTable;
  invoice_items: InvoiceItemsTable;
  orders: OrdersTable;
  rate_limit_hits: RateLimitHitsTable;
  console_sessions: ConsoleSessionsTable;
  sign_in_failures: SignInFailuresTable;
  recovery_codes: RecoveryCodesTable;
  payments: PaymentsTable;
  gateway_charges: GatewayChargesTable;
  server_metric_samples: ServerMetricSamplesTable;
  server_metric_rollups_5m: ServerMetricRollupsTable;
  server_metric_rollups_1h: ServerMetricRollupsTable;
  server_metric_rollup_progress: ServerMetricRollupProgressTable;
  project_event_sequences: ProjectEventSequencesTable;
  events: EventsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  audit_log: AuditLogTable;
}
