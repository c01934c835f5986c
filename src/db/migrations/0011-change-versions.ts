// How SQLite processes sharing one file hear of each other's changes
// (db/change-feed.ts): a writer bumps its topic's version in the transaction
// that makes the change; the others notice the new version within
// milliseconds and drop their copies. PostgreSQL announces changes with
// NOTIFY instead and leaves this table empty.
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, _types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('change_versions')
    .addColumn('topic', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
}
