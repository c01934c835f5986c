// A server's events: what its event carries is the server as the server list
// shows it (its summary), read inside the transaction of the change, so the
// event says what was committed.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type EventType, recordEvent } from '../events/index.ts';
import { findServerSummary } from './servers.repo.ts';
import { toSummary } from './server-view.ts';

type ServerEventType = Extract<EventType, `server.${string}`>;

/** Records `type` for the server as it now stands in `trx`; nothing when the server is not there (deleted in the same change). */
export async function recordServerEvent(trx: Transaction<Database>, type: ServerEventType, serverId: string, now: string): Promise<void> {
  const row = await findServerSummary(trx, serverId);
  if (!row) return;
  await recordEvent(trx, { projectId: Number(row.project_id), type, resource: { type: 'server', id: serverId }, data: toSummary(row), now });
}

/** Records server.status_changed when the server's status in `trx` is no longer `before`. */
export async function recordServerStatusChange(trx: Transaction<Database>, serverId: string, before: string, now: string): Promise<void> {
  const row = await findServerSummary(trx, serverId);
  if (!row || row.status === before) return;
  await recordEvent(trx, { projectId: Number(row.project_id), type: 'server.status_changed', resource: { type: 'server', id: serverId }, data: { ...toSummary(row), previous_status: before }, now });
}
