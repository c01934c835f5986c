// Finding the lowest free slot of a pool without reading the addresses in
// use, so an allocation costs the same in an empty pool and a full one.
//
// Each pool of a location has a cursor (ip_pool_cursors): the pool is handed
// out lowest first, and every slot below the cursor is either in use or on
// the released list (ip_released_addresses, which triggers on ip_allocations
// keep: an allocation that goes away, however it goes, is added). The lowest
// free slot is therefore the lowest released one, or else the cursor's.
//
// The primary key on ip_allocations.address is still what makes a double
// allocation impossible: the cursor and the list only say which slot to try.
// A slot found taken (by a pool that overlaps, or a row written behind the
// allocator's back) is passed over; the insert uses ON CONFLICT DO NOTHING
// because on PostgreSQL a failed statement aborts the caller's transaction.
//
// Allocations from one pool take turns: advancing the cursor, or locking it
// before the released list is touched, holds its row until the caller's
// transaction ends. So two transactions never hand out the same slot, a slot
// given back by a rollback is the next one handed out, and (because the list
// is only changed under the lock) two allocations cannot deadlock over it.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, IpAllocationsTable } from '../../db/schema.ts';
import type { WritingQuery } from '../../db/write-batch.ts';

export type AddressKind = IpAllocationsTable['kind'];

/** A pool as the allocator walks it: slots are numbered like the addresses they stand for. */
export interface PoolSlots {
  kind: AddressKind;
  /** The pool in canonical CIDR form; its cursor is kept under this name. */
  cidr: string;
  /** The first and last slot that may be handed out. */
  first: bigint;
  last: bigint;
  /** Hex digits in a slot's key: 8 for an IPv4 address, 16 for the upper half of an IPv6 /64. */
  keyDigits: number;
  toSlot(address: string): bigint | undefined;
  toAddress(slot: bigint): string;
}

export interface Allocation {
  location: string;
  serverId: string;
  isPrimary: boolean;
  position: number;
  now: string;
}

/** A slot the cursor has moved past, whose row a write of the caller's own (`claim`) is still to insert. */
export interface ReservedSlot {
  address: string;
  /**
   * Inserts the allocation, answering its row; none when the slot was found
   * taken after all (a pool that overlaps, a row written behind the
   * allocator's back), and the caller's transaction must be undone and
   * allocate with allocateLowestFree instead.
   */
  claim: WritingQuery;
}

/**
 * The usual case of allocateLowestFree without its second statement: the
 * cursor moved past its slot (and held until the caller's transaction ends),
 * the row left to the caller, which writes it with its own last statement so
 * that the allocation holds the cursor for one round trip fewer. Undefined
 * when the lowest free slot is not the cursor's (released addresses, no
 * cursor yet, the end of the pool): the cursor is held then all the same, so
 * that a caller takes its locks in the same order either way, and
 * allocateLowestFree finds the slot.
 */
export async function reserveAtCursor(db: Kysely<Database>, pool: PoolSlots, allocation: Allocation): Promise<ReservedSlot | undefined> {
  const offset = await advanceCursor(db, allocation.location, pool, { unlessReleased: true });
  if (offset === undefined) {
    await lockCursor(db, allocation.location, pool);
    return undefined;
  }
  const address = pool.toAddress(pool.first + BigInt(offset));
  return { address, claim: claimQuery(db, address, pool.kind, allocation) };
}

/**
 * Allocates the lowest free slot of the pool to the server, in the caller's
 * transaction; undefined when every slot is in use.
 */
export async function allocateLowestFree(db: Kysely<Database>, pool: PoolSlots, allocation: Allocation): Promise<string | undefined> {
  // The usual case, two statements: nothing released that could be lower, so the cursor's slot is the lowest free one.
  const offset = await advanceCursor(db, allocation.location, pool, { unlessReleased: true });
  if (offset !== undefined) {
    const address = pool.toAddress(pool.first + BigInt(offset));
    if (await claim(db, address, pool.kind, allocation)) return address;
  }

  // Released addresses to consider, a pool without a cursor yet, a full
  // pool, or a slot found taken: the same, one step at a time under the lock.
  await lockCursor(db, allocation.location, pool);
  await keyReleased(db, allocation.location, pool);
  for (;;) {
    const released = await takeLowestReleased(db, allocation.location, pool);
    if (released !== undefined) {
      if (await claim(db, released, pool.kind, allocation)) return released;
      continue;
    }
    const next = await advanceCursor(db, allocation.location, pool, { unlessReleased: false });
    if (next === undefined) return undefined;
    const address = pool.toAddress(pool.first + BigInt(next));
    if (await claim(db, address, pool.kind, allocation)) return address;
  }
}

// Offsets are kept as numbers: the cursor moves one slot per allocation, so it
// never comes near 2^53, whatever the size of the pool.
function slotCount(pool: PoolSlots): number {
  const count = pool.last - pool.first + 1n;
  return count > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(count);
}

function keyOf(pool: PoolSlots, slot: bigint): string {
  return slot.toString(16).padStart(pool.keyDigits, '0');
}

function cursorOf(location: string, pool: PoolSlots) {
  return { location, kind: pool.kind, pool: pool.cidr };
}

/**
 * Moves the cursor one slot on, answering the offset of the slot it moved
 * past; undefined when the pool has no cursor yet, the walk is at its end,
 * or (`unlessReleased`) a released address of the pool might be lower.
 */
async function advanceCursor(db: Kysely<Database>, location: string, pool: PoolSlots, options: { unlessReleased: boolean }): Promise<number | undefined> {
  const cursor = cursorOf(location, pool);
  let advance = db
    .updateTable('ip_pool_cursors')
    .set((eb) => ({ next_offset: eb('next_offset', '+', 1) }))
    .where('location', '=', cursor.location)
    .where('kind', '=', cursor.kind)
    .where('pool', '=', cursor.pool)
    .where('next_offset', '<', slotCount(pool));
  if (options.unlessReleased) {
    // One not yet keyed, or one keyed inside the pool, could be lower than the cursor's slot. Two
    // conditions rather than an OR, so each is one index lookup even with released addresses of an
    // earlier pool of the location lying about.
    const released = (eb: ExpressionBuilder<Database, 'ip_pool_cursors'>) =>
      eb.selectFrom('ip_released_addresses').select('address').where('ip_released_addresses.location', '=', location).where('ip_released_addresses.kind', '=', pool.kind);
    advance = advance
      .where((eb) => eb.not(eb.exists(released(eb).where('address_key', 'is', null))))
      .where((eb) => eb.not(eb.exists(released(eb).where('address_key', '>=', keyOf(pool, pool.first)).where('address_key', '<=', keyOf(pool, pool.last)))));
  }
  const moved = await advance.returning('next_offset').executeTakeFirst();
  return moved === undefined ? undefined : Number(moved.next_offset) - 1;
}

/** Holds the pool's cursor until the transaction ends, starting the walk when the pool has none. */
async function lockCursor(db: Kysely<Database>, location: string, pool: PoolSlots): Promise<void> {
  const cursor = cursorOf(location, pool);
  // Writing the row unchanged locks it on PostgreSQL; SQLite's write lock already covers the transaction.
  const locked = await db
    .updateTable('ip_pool_cursors')
    .set((eb) => ({ next_offset: eb.ref('next_offset') }))
    .where('location', '=', cursor.location)
    .where('kind', '=', cursor.kind)
    .where('pool', '=', cursor.pool)
    .returning('next_offset')
    .executeTakeFirst();
  if (locked) return;
  const created = await db
    .insertInto('ip_pool_cursors')
    .values({ ...cursor, next_offset: 0 })
    .onConflict((conflict) => conflict.columns(['location', 'kind', 'pool']).doNothing())
    .returning('next_offset')
    .executeTakeFirst();
  // Another transaction started the walk first and has committed by now: lock its cursor instead.
  if (!created) return lockCursor(db, location, pool);
  await startWalk(db, location, pool);
}

// When a walk starts, the free slots put on the released list are at most as
// many as the addresses in use (so writing them costs no more than the read),
// or this many, however few are in use.
const MIN_RELEASED_AT_START = 1024;

/**
 * The pool's first allocation in this location since cursors exist: a new
 * pool, or one filled before migration 0009. The addresses in use are read
 * once; the cursor starts past the highest, and the free slots below it go on
 * the released list. A few addresses far up a large pool (left by a pool that
 * overlapped) would make that list huge, so the cursor stops below them and
 * passes over each as it comes to it.
 */
async function startWalk(db: Kysely<Database>, location: string, pool: PoolSlots): Promise<void> {
  const rows = await db.selectFrom('ip_allocations').select('address').where('location', '=', location).where('kind', '=', pool.kind).execute();
  const inUse = new Set<bigint>();
  for (const { address } of rows) {
    const slot = pool.toSlot(address);
    if (slot !== undefined && slot >= pool.first && slot <= pool.last) inUse.add(slot - pool.first);
  }
  const offsets = [...inUse].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const releasedAllowed = BigInt(Math.max(offsets.length, MIN_RELEASED_AT_START));

  // offsets[i] - i is how many free slots lie below offsets[i]; it never decreases along the list.
  let start = 0n;
  for (const [index, offset] of offsets.entries()) {
    if (offset - BigInt(index) > releasedAllowed) break;
    start = offset + 1n;
  }
  const free: { location: string; kind: AddressKind; address: string; address_key: string }[] = [];
  for (let offset = 0n, next = 0; offset < start; offset++) {
    if (offsets[next] === offset) {
      next++;
      continue;
    }
    const slot = pool.first + offset;
    free.push({ location, kind: pool.kind, address: pool.toAddress(slot), address_key: keyOf(pool, slot) });
  }
  // In slices, far below either engine's limit on bound parameters.
  for (let from = 0; from < free.length; from += 500) {
    await db
      .insertInto('ip_released_addresses')
      .values(free.slice(from, from + 500))
      .onConflict((conflict) => conflict.columns(['location', 'kind', 'address']).doNothing())
      .execute();
  }
  const cursor = cursorOf(location, pool);
  await db
    .updateTable('ip_pool_cursors')
    .set({ next_offset: Number(start) })
    .where('location', '=', cursor.location)
    .where('kind', '=', cursor.kind)
    .where('pool', '=', cursor.pool)
    .execute();
}

/** Gives the addresses the triggers added their keys; one that is no address of this kind is dropped. */
async function keyReleased(db: Kysely<Database>, location: string, pool: PoolSlots): Promise<void> {
  const unkeyed = await db
    .selectFrom('ip_released_addresses')
    .select('address')
    .where('location', '=', location)
    .where('kind', '=', pool.kind)
    .where('address_key', 'is', null)
    .execute();
  for (const { address } of unkeyed) {
    const slot = pool.toSlot(address);
    const entry = { location, kind: pool.kind, address };
    if (slot === undefined) {
      await db.deleteFrom('ip_released_addresses').where('location', '=', entry.location).where('kind', '=', entry.kind).where('address', '=', entry.address).execute();
    } else {
      await db
        .updateTable('ip_released_addresses')
        .set({ address_key: keyOf(pool, slot) })
        .where('location', '=', entry.location)
        .where('kind', '=', entry.kind)
        .where('address', '=', entry.address)
        .execute();
    }
  }
}

/** Takes the lowest released address of the pool off the list; undefined when none is left. */
async function takeLowestReleased(db: Kysely<Database>, location: string, pool: PoolSlots): Promise<string | undefined> {
  for (;;) {
    const lowest = await db
      .selectFrom('ip_released_addresses')
      .select('address')
      .where('location', '=', location)
      .where('kind', '=', pool.kind)
      .where('address_key', '>=', keyOf(pool, pool.first))
      .where('address_key', '<=', keyOf(pool, pool.last))
      .orderBy('address_key')
      .limit(1)
      .executeTakeFirst();
    if (!lowest) return undefined;
    const taken = await db
      .deleteFrom('ip_released_addresses')
      .where('location', '=', location)
      .where('kind', '=', pool.kind)
      .where('address', '=', lowest.address)
      .executeTakeFirst();
    // Zero rows: a pool overlapping this one (the location's pool before a change) took it first.
    if (Number(taken.numDeletedRows) > 0) return lowest.address;
  }
}

/** Inserts the allocation unless the address is already taken; true when this call got it. */
async function claim(db: Kysely<Database>, address: string, kind: AddressKind, allocation: Allocation): Promise<boolean> {
  return (await claimQuery(db, address, kind, allocation).executeTakeFirst()) !== undefined;
}

/** The allocation's insert, answering its address, or nothing when the address is already taken. */
function claimQuery(db: Kysely<Database>, address: string, kind: AddressKind, allocation: Allocation) {
  return db
    .insertInto('ip_allocations')
    .values({
      address,
      kind,
      location: allocation.location,
      server_id: allocation.serverId,
      is_primary: allocation.isPrimary,
      position: allocation.position,
      allocated_at: allocation.now,
    })
    .onConflict((conflict) => conflict.column('address').doNothing())
    .returning('address');
}
