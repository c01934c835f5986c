// Every query on server metric samples (migration 0015), and the servers
// whose counters the sampler reads.
import { sql, type Kysely, type SqlBool } from 'kysely';
import { deleteInBatches } from '../../db/pruning.ts';
import type { Database } from '../../db/schema.ts';
import type { ServerCounters } from '../../upstreams/provisioning/port.ts';

export interface MetricSample extends ServerCounters {
  serverId: string;
}

/** The ids of running servers after `afterId` (null: from the first), in id order: one batch of the sampler. */
export async function listRunningServerIds(db: Kysely<Database>, afterId: string | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('servers').select('id').where('status', '=', 'running');
  if (afterId !== null) query = query.where('id', '>', afterId);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Stores samples; a second sample of a server at the same moment (a round run twice) is dropped. */
export async function insertSamples(db: Kysely<Database>, samples: readonly MetricSample[]): Promise<void> {
  if (samples.length === 0) return;
  await db
    .insertInto('server_metric_samples')
    .values(
      samples.map((sample) => ({
        server_id: sample.serverId,
        at: sample.at,
        cpu_time_ns: sample.cpuTimeNs,
        network_rx_bytes: sample.networkRxBytes,
        network_tx_bytes: sample.networkTxBytes,
        disk_read_bytes: sample.diskReadBytes,
        disk_write_bytes: sample.diskWriteBytes,
      })),
    )
    .onConflict((conflict) => conflict.columns(['server_id', 'at']).doNothing())
    .execute();
}

/** A server's samples taken after `after` and up to `until`, oldest first. */
export async function listSamples(db: Kysely<Database>, serverId: string, after: string, until: string): Promise<MetricSample[]> {
  const rows = await db
    .selectFrom('server_metric_samples')
    .select(['at', 'cpu_time_ns', 'network_rx_bytes', 'network_tx_bytes', 'disk_read_bytes', 'disk_write_bytes'])
    .where('server_id', '=', serverId)
    .where('at', '>', after)
    .where('at', '<=', until)
    .orderBy('at')
    .execute();
  return rows.map((row) => ({
    serverId,
    at: row.at,
    // bigint columns: numbers on both engines (db/client.ts reads PostgreSQL's int8 as a number).
    cpuTimeNs: Number(row.cpu_time_ns),
    networkRxBytes: Number(row.network_rx_bytes),
    networkTxBytes: Number(row.network_tx_bytes),
    diskReadBytes: Number(row.disk_read_bytes),
    diskWriteBytes: Number(row.disk_write_bytes),
  }));
}

/** Removes every sample taken before `before`; how many went. */
/** Deletes the samples taken before `before`, in batches (a day of samples at 10,000 servers is 14 million rows). */
export function pruneSamples(db: Kysely<Database>, before: string): Promise<number> {
  return deleteInBatches(db, 'server_metric_samples', sql<SqlBool>`at < ${before}`);
}
