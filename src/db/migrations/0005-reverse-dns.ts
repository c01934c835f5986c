// The built-in reverse DNS store gets a fixed-width address key, so that the
// PTRs inside a network (a deleted server's IPv6 /64) are one indexed range.
import type { Kysely } from 'kysely';
import { addressKey, parseAddress } from '../../upstreams/rdns/reverse-names.ts';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, _types: ColumnTypes): Promise<void> {
  await db.schema.alterTable('rdns_records').addColumn('address_key', 'varchar(33)').execute();
  const rows: { address: string }[] = await db.selectFrom('rdns_records').select('address').execute();
  for (const { address } of rows) {
    const parsed = parseAddress(address);
    // A row no address can be read from could never be asked for; it goes rather than block the index.
    if (parsed) await db.updateTable('rdns_records').set({ address_key: addressKey(parsed) }).where('address', '=', address).execute();
    else await db.deleteFrom('rdns_records').where('address', '=', address).execute();
  }
  await db.schema.createIndex('rdns_records_address_key').on('rdns_records').column('address_key').execute();
}
