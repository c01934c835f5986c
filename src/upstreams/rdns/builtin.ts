// The built-in reverse DNS service: a PTR store in the shared database.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { RdnsPort } from './port.ts';

export class BuiltinRdns implements RdnsPort {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async getPtr(address: string): Promise<string | null> {
    const row = await this.db.selectFrom('rdns_records').select('ptr').where('address', '=', address).executeTakeFirst();
    return row?.ptr ?? null;
  }

  async setPtr(address: string, ptr: string): Promise<void> {
    const values = { ptr, updated_at: this.clock.now().toISOString() };
    await this.db
      .insertInto('rdns_records')
      .values({ address, ...values })
      .onConflict((conflict) => conflict.column('address').doUpdateSet(values))
      .execute();
  }

  async deletePtr(address: string): Promise<void> {
    await this.db.deleteFrom('rdns_records').where('address', '=', address).execute();
  }
}
