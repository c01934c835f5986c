// How the metric tables name a server (migration 0026).

/**
 * The key that names a server in the metric tables: its id (16 hex digits)
 * read as a signed 64-bit integer, a third smaller than the id's text in a
 * row and its index (migration 0026, which computes the same from stored
 * ids). Decimal text, which both engines take for a bigint column: the
 * drivers read integers as numbers, which lose digits past 2^53, so the
 * repository casts a key it reads back to text as well.
 */
export function serverMetricKey(serverId: string): string {
  return BigInt.asIntN(64, BigInt(`0x${serverId}`)).toString();
}

