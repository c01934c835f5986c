// Servers in full, their addresses, SSH keys, snapshots, actions, the
// built-in billing system's services, the built-in provisioning system's
// operations, firewall attachments and idempotency records.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  // Snapshots of what the server was created with: the catalogue may change later.
  const serverColumns: [string, string, boolean][] = [
    ['location_code', 'varchar(32)', false],
    ['location', types.json, true],
    ['image', types.json, true],
    ['plan', types.json, true],
    ['pending_plan', types.json, false],
    ['product_id', 'integer', false],
    ['suspended_from', 'varchar(20)', false],
    ['has_user_data', types.boolean, false],
    ['iso', types.json, false],
    ['private_network_eligible', types.boolean, false],
    ['private_network_enabled', types.boolean, false],
    ['bandwidth_pooled', types.boolean, false],
    ['bandwidth_allocated_gb', 'integer', false],
    ['bandwidth_extra_gb', 'integer', false],
    ['bandwidth_used_gb', 'integer', false],
    ['billing_service_id', types.reference, false],
  ];
  for (const [name, type] of serverColumns) {
    await db.schema.alterTable('servers').addColumn(name, sql.raw(type)).execute();
  }

  // Server lists page through a project in creation order.
  await db.schema.createIndex('servers_project_created').on('servers').columns(['project_id', 'created_at', 'id']).execute();
  // Pooled bandwidth is summed per project and location.
  await db.schema.createIndex('servers_project_location').on('servers').columns(['project_id', 'location_code']).execute();

  // Running totals of each project's pooled servers per location, kept with
  // every change, so reading a server never adds up thousands of rows.
  await db.schema
    .createTable('bandwidth_pools')
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id'))
    .addColumn('location_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('allocated_gb', 'bigint', (c) => c.notNull())
    .addColumn('extra_gb', 'bigint', (c) => c.notNull())
    .addColumn('used_gb', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bandwidth_pools_pk', ['project_id', 'location_code'])
    .execute();

  await db.schema
    .createTable('server_ssh_keys')
    .addColumn('server_id', 'varchar(16)', (c) => c.notNull().references('servers.id').onDelete('cascade'))
    .addColumn('ssh_key_id', types.reference, (c) => c.notNull().references('ssh_keys.id'))
    .addPrimaryKeyConstraint('server_ssh_keys_pk', ['server_id', 'ssh_key_id'])
    .execute();
  await db.schema.createIndex('ssh_keys_project_fingerprint').on('ssh_keys').columns(['project_id', 'fingerprint']).unique().execute();

  // Every address or subnet handed out, once: the primary key makes a double allocation impossible.
  await db.schema
    .createTable('ip_allocations')
    .addColumn('address', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('location', 'varchar(32)', (c) => c.notNull())
    .addColumn('server_id', 'varchar(16)', (c) => c.notNull().references('servers.id').onDelete('cascade'))
    .addColumn('is_primary', types.boolean, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('allocated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ip_allocations_server').on('ip_allocations').column('server_id').execute();
  await db.schema.createIndex('ip_allocations_location').on('ip_allocations').columns(['location', 'kind']).execute();

  await types
    .serialId(db.schema.createTable('snapshots'))
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id'))
    .addColumn('server_id', 'varchar(16)')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('size_gb', 'integer')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('snapshots_project').on('snapshots').column('project_id').execute();

  await types
    .serialId(db.schema.createTable('actions'))
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id'))
    .addColumn('server_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('params', types.json, (c) => c.notNull())
    // Where the background job is: submitting to provisioning, waiting for it, or reconciling an unknown outcome.
    .addColumn('phase', 'varchar(10)', (c) => c.notNull())
    .addColumn('result', types.json, (c) => c.notNull())
    .addColumn('error', types.json)
    .addColumn('started_at', types.timestamp, (c) => c.notNull())
    .addColumn('finished_at', types.timestamp)
    .execute();
  await db.schema.createIndex('actions_project').on('actions').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('actions_server').on('actions').columns(['server_id', 'status']).execute();
  // At most one unfinished action per server (running, or unknown while its
  // outcome is checked), whatever races the application loses.
  await db.schema
    .createIndex('actions_one_unfinished')
    .on('actions')
    .column('server_id')
    .unique()
    .where(sql<boolean>`status in ('running', 'unknown')`)
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', types.reference, (c) => c.notNull())
    .addColumn('scope', 'varchar(300)', (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('resource_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'scope', 'key'])
    .execute();

  // Built-in billing: one service per billed server.
  await types
    .serialId(db.schema.createTable('billing_services'))
    .addColumn('user_id', types.reference, (c) => c.notNull())
    .addColumn('server_id', 'varchar(16)')
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(30)', (c) => c.notNull())
    .addColumn('billing_cycle', 'varchar(20)', (c) => c.notNull())
    .addColumn('next_due_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('recurring_amount', types.money, (c) => c.notNull())
    .addColumn('setup_fee', types.money, (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();

  // Built-in provisioning: the operations it carries out, keyed by the action that asked.
  await db.schema
    .createTable('provisioning_operations')
    .addColumn('action_id', types.reference, (c) => c.primaryKey())
    .addColumn('server_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('completes_at', types.timestamp, (c) => c.notNull())
    .addColumn('result', types.json, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();

  // Firewall groups attached to servers, kept by the network controller.
  await db.schema
    .createTable('server_firewall_groups')
    .addColumn('server_id', 'varchar(16)', (c) => c.notNull().references('servers.id').onDelete('cascade'))
    .addColumn('group_id', types.reference, (c) => c.notNull())
    .addPrimaryKeyConstraint('server_firewall_groups_pk', ['server_id', 'group_id'])
    .execute();
}
