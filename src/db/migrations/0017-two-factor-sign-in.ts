// Two-factor sign-in to the console (TOTP, RFC 6238): a user's authenticator
// secret, when it was turned on, and the last time step a code was accepted
// for (a code is refused when it is used again within its step); and the
// user's recovery codes, stored only as hashes, each good for one sign-in.
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  // Base32 of a 20-byte secret is 32 characters; room for a longer one.
  await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(128)').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', types.timestamp).execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();

  await types
    .serialId(db.schema.createTable('recovery_codes'))
    .addColumn('user_id', types.reference, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('used_at', types.timestamp)
    .execute();
  await db.schema.createIndex('recovery_codes_user_code').unique().on('recovery_codes').columns(['user_id', 'code_hash']).execute();
}
