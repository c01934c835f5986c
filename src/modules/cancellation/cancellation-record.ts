// A server's cancellation request as its row keeps it (the `cancellation`
// column), read one way by the service and by the jobs that carry it out.
import type { Kysely } from 'kysely';
import { readJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import type { CancellationKind } from './cancellation.schemas.ts';

/** Billing's status of a cancelled service. */
export const CANCELLED = 'Cancelled';

/** What the `cancellation` column of a server holds. */
export interface StoredCancellation {
  when: CancellationKind;
  reason: string | null;
  requested_at: string;
}

/** The server's recorded cancellation request, or null. */
export async function findCancellation(db: Kysely<Database>, serverId: string): Promise<StoredCancellation | null | undefined> {
  const row = await db.selectFrom('servers').select('cancellation').where('id', '=', serverId).executeTakeFirst();
  if (!row) return undefined;
  return row.cancellation === null ? null : readJson<StoredCancellation>(row.cancellation);
}

/** 00:00 UTC of a YYYY-MM-DD date, in milliseconds: when an end-of-term cancellation is carried out. */
export function endOfTermAt(nextDueDate: string): number {
  return Date.parse(`${nextDueDate}T00:00:00.000Z`);
}
