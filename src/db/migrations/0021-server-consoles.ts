// A server's console (D24). Each row is one console session: made with its
// single-use token (only the token's SHA-256 is kept), opened when a WebSocket
// presents the token within its 60 s, closed with the reason and the bytes
// carried. The row says who asked and through which interface, so the bridge
// can check, while the session is open, that they still may. Audit entries
// gain `details`: what an entry says beyond its columns (a console session's
// length and bytes).
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await types
    .serialId(db.schema.createTable('server_console_sessions'))
    .addColumn('server_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('project_id', types.reference, (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('interface', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', types.reference, (c) => c.notNull())
    .addColumn('api_key_id', types.reference)
    .addColumn('session_ref', 'varchar(32)')
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .addColumn('opened_at', types.timestamp)
    .addColumn('closed_at', types.timestamp)
    .addColumn('close_reason', 'varchar(120)')
    .addColumn('bytes_in', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_out', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('server_console_sessions_server').on('server_console_sessions').columns(['server_id', 'opened_at']).execute();
  await db.schema.alterTable('audit_log').addColumn('details', types.json).execute();
}
