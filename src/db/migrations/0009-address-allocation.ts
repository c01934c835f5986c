// Addresses are handed out from a per-pool cursor and a list of released
// addresses instead of by reading every address in use, so the 100,000th
// server of a location costs what the 100th did.
//
// - ip_pool_cursors: for each pool of a location, how far the lowest-first
//   walk through the pool has got. Every slot below the cursor is in use or on
//   the released list. Its row is also the lock that allocations from the pool
//   take in turn.
// - ip_released_addresses: addresses that were in use and are free again.
//   Triggers add every allocation that goes away, however it goes (released,
//   its server deleted by the foreign key, or rewritten), so the list cannot
//   miss one. `address_key` orders them by address; a trigger cannot compute
//   it on SQLite, so the allocator fills it in the first time it reads the list.
//
// Nothing is filled in here for pools already in use: which pool a location
// draws from is in the catalogue, not the database. The first allocation
// from a pool without a cursor reads the pool's addresses in use once and
// starts the cursor from them.
//
// Also: billing_services gets an index on server_id. Billing's openService
// looks a server's service up by it on every placement, and without the
// index that read grew with every server placed.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ip_pool_cursors')
    .addColumn('location', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    // The pool in canonical CIDR form: a location whose pool changes starts a new walk.
    .addColumn('pool', 'varchar(50)', (c) => c.notNull())
    // Slots of the pool handed out by the walk so far, counted from its first usable one.
    .addColumn('next_offset', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ip_pool_cursors_pk', ['location', 'kind', 'pool'])
    .execute();

  await db.schema
    .createTable('ip_released_addresses')
    .addColumn('location', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('address', 'varchar(50)', (c) => c.notNull())
    // The address as fixed-width hex, so text order is address order; null until the allocator has read it.
    .addColumn('address_key', 'varchar(32)')
    .addPrimaryKeyConstraint('ip_released_addresses_pk', ['location', 'kind', 'address'])
    .execute();
  await db.schema.createIndex('ip_released_addresses_lowest').on('ip_released_addresses').columns(['location', 'kind', 'address_key']).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function ip_allocation_released() returns trigger language plpgsql as $$
      begin
        insert into ip_released_addresses (location, kind, address) values (old.location, old.kind, old.address)
        on conflict do nothing;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ip_allocations_released after delete on ip_allocations
      for each row execute function ip_allocation_released()`.execute(db);
    await sql`
      create trigger ip_allocations_moved after update of address, location, kind on ip_allocations
      for each row when (old.address <> new.address or old.location <> new.location or old.kind <> new.kind)
      execute function ip_allocation_released()`.execute(db);
  } else {
    await sql`
      create trigger ip_allocations_released after delete on ip_allocations
      begin
        insert or ignore into ip_released_addresses (location, kind, address) values (old.location, old.kind, old.address);
      end`.execute(db);
    await sql`
      create trigger ip_allocations_moved after update of address, location, kind on ip_allocations
      when old.address <> new.address or old.location <> new.location or old.kind <> new.kind
      begin
        insert or ignore into ip_released_addresses (location, kind, address) values (old.location, old.kind, old.address);
      end`.execute(db);
  }

  await db.schema.createIndex('billing_services_server').on('billing_services').column('server_id').execute();
}
