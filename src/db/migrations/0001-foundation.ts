// Users, keys, projects and members; the built-in billing and provisioning
// systems' own tables; faults, durable jobs and settings.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await types
    .serialId(db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('legacy_api_access', types.boolean, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();

  await types
    .serialId(db.schema.createTable('api_keys'))
    .addColumn('user_id', types.reference, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('lookup_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('read_only', types.boolean, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp)
    .addColumn('revoked_at', types.timestamp)
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();

  await types
    .serialId(db.schema.createTable('projects'))
    .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('project_members')
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', types.reference, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_members_user').on('project_members').column('user_id').execute();
  // A project bills one account: at most one owner, whatever races the application loses.
  await db.schema
    .createIndex('project_members_one_owner')
    .on('project_members')
    .column('project_id')
    .unique()
    .where(sql.ref('role'), '=', 'owner')
    .execute();

  await db.schema
    .createTable('servers')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id'))
    .addColumn('hostname', 'varchar(64)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('servers_project').on('servers').column('project_id').execute();

  await types
    .serialId(db.schema.createTable('ssh_keys'))
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ssh_keys_project').on('ssh_keys').column('project_id').execute();

  // Built-in billing: one account per user, an append-only ledger of credit movements.
  await db.schema
    .createTable('billing_accounts')
    .addColumn('user_id', types.reference, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('credit_balance', types.money, (c) => c.notNull().check(sqlNonNegative('credit_balance')))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();

  await types
    .serialId(db.schema.createTable('credit_ledger'))
    .addColumn('user_id', types.reference, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', types.money, (c) => c.notNull())
    .addColumn('balance_after', types.money, (c) => c.notNull())
    .addColumn('reason', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_ledger_user').on('credit_ledger').column('user_id').execute();

  await db.schema
    .createTable('billing_catalogue')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('document', types.json, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();

  // Built-in provisioning system: the projects it knows about.
  await db.schema
    .createTable('provisioning_projects')
    .addColumn('slug', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();

  // Built-in reverse DNS service: PTR records by canonical address.
  await db.schema
    .createTable('rdns_records')
    .addColumn('address', 'varchar(45)', (c) => c.primaryKey())
    .addColumn('ptr', 'varchar(255)', (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();

  // Built-in firewall controller: the ruleset each server runs, by generation.
  await db.schema
    .createTable('firewall_applied')
    .addColumn('server_id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('ruleset', 'text', (c) => c.notNull())
    .addColumn('applied_at', types.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('faults')
    .addColumn('system', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('mode', 'varchar(10)', (c) => c.notNull())
    .addColumn('remaining', 'integer')
    .addColumn('committed', types.boolean, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();

  await types
    .serialId(db.schema.createTable('jobs'))
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', types.json, (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', types.timestamp, (c) => c.notNull())
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('locked_until', types.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_claimable').on('jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}


function sqlNonNegative(column: string) {
  return sql`${sql.ref(column)} >= 0`;
}
