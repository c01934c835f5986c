// The built-in reverse DNS service: a PTR store in the shared database.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { RdnsPort } from './port.ts';
import { addressKey, networkKeyRange, parseAddress } from './reverse-names.ts';

export class BuiltinRdns implements RdnsPort {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async getPtrs(addresses: readonly string[]): Promise<Map<string, string>> {
    if (addresses.length === 0) return new Map();
    const rows = await this.db.selectFrom('rdns_records').select(['address', 'ptr']).where('address', 'in', addresses).execute();
    return new Map(rows.map((row) => [row.address, row.ptr]));
  }

  async setPtr(address: string, ptr: string): Promise<void> {
    const parsed = parseAddress(address);
    if (!parsed) throw new Error(`not an address: ${address}`);
    const values = { ptr, updated_at: this.clock.now().toISOString() };
    await this.db
      .insertInto('rdns_records')
      .values({ address, address_key: addressKey(parsed), ...values })
      .onConflict((conflict) => conflict.column('address').doUpdateSet(values))
      .execute();
  }

  async deletePtr(address: string): Promise<void> {
    await this.db.deleteFrom('rdns_records').where('address', '=', address).execute();
  }

  async deletePtrsInNetwork(cidr: string): Promise<void> {
    const { first, last } = networkKeyRange(cidr);
    await this.db.deleteFrom('rdns_records').where('address_key', '>=', first).where('address_key', '<=', last).execute();
  }
}
