// An audit entry commits in the transaction of the change it records (D26),
// before the answer's status is known: it is written with a null status and
// completed once the answer is settled. A crash in between leaves the entry
// with its change and no status, which is what the log then says: the change
// was made, and the service stopped before it answered.
//
// PostgreSQL drops the column's NOT NULL in place. SQLite cannot change a
// column, so the table is made again with the same columns and indexes and
// its rows copied over, in the migration's transaction.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

const COLUMNS = [
  'id', 'created_at', 'project_id', 'interface', 'actor_type', 'user_id', 'api_key_id', 'api_key_name', 'session_ref', 'client_ip',
  'method', 'route', 'operation', 'resource_type', 'resource_id', 'status_code', 'problem_code', 'request_id', 'details',
];

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  if (types.engine === 'postgres') {
    await db.schema.alterTable('audit_log').alterColumn('status_code', (column) => column.dropNotNull()).execute();
    return;
  }
  await types
    .serialId(db.schema.createTable('audit_log_rebuilt'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('project_id', types.reference, (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('interface', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', types.reference)
    .addColumn('api_key_id', types.reference)
    .addColumn('api_key_name', 'varchar(255)')
    .addColumn('session_ref', 'varchar(32)')
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('route', 'varchar(255)', (c) => c.notNull())
    .addColumn('operation', 'varchar(60)')
    .addColumn('resource_type', 'varchar(30)')
    .addColumn('resource_id', 'varchar(64)')
    // Null while the change is committed and its answer not yet settled.
    .addColumn('status_code', 'integer')
    .addColumn('problem_code', 'varchar(60)')
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('details', types.json)
    .execute();
  const columns = sql.join(COLUMNS.map((column) => sql.id(column)));
  await sql`insert into audit_log_rebuilt (${columns}) select ${columns} from audit_log`.execute(db);
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('audit_log_rebuilt').renameTo('audit_log').execute();
  await db.schema.createIndex('audit_log_project').on('audit_log').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('audit_log_created_at').on('audit_log').column('created_at').execute();
}
