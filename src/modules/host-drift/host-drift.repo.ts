// Every query on host_drift: one row per registered host, with its check
// job, the differences its last check saw and how that check went. The row
// goes with its host (a foreign key that cascades).
import type { Kysely } from 'kysely';
import { readJson, writeJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import type { DriftItem } from './host-drift.schemas.ts';

export interface HostDriftRow {
  hostId: number;
  jobId: number | null;
  observations: DriftItem[];
  checkedAt: string | null;
  checkError: string | null;
  checkRequestedAt: string | null;
}

const COLUMNS = ['host_id', 'job_id', 'observations', 'checked_at', 'check_error', 'check_requested_at'] as const;

function toRow(row: { host_id: number; job_id: number | null; observations: unknown; checked_at: string | null; check_error: string | null; check_requested_at: string | null }): HostDriftRow {
  return {
    hostId: row.host_id,
    jobId: row.job_id,
    observations: readJson<DriftItem[]>(row.observations),
    checkedAt: row.checked_at,
    checkError: row.check_error,
    checkRequestedAt: row.check_requested_at,
  };
}

export async function findDrift(db: Kysely<Database>, hostId: number): Promise<HostDriftRow | undefined> {
  const row = await db.selectFrom('host_drift').select(COLUMNS).where('host_id', '=', hostId).executeTakeFirst();
  return row && toRow(row);
}

export async function listDrift(db: Kysely<Database>): Promise<HostDriftRow[]> {
  return (await db.selectFrom('host_drift').select(COLUMNS).execute()).map(toRow);
}

/** The host's row, made with nothing seen yet unless it is there. */
export async function ensureDriftRow(trx: Kysely<Database>, hostId: number): Promise<void> {
  await trx
    .insertInto('host_drift')
    .values({ host_id: hostId, job_id: null, observations: writeJson([]), checked_at: null, check_error: null, check_requested_at: null })
    .onConflict((conflict) => conflict.column('host_id').doNothing())
    .execute();
}

/**
 * The host's row locked until `trx` ends (an update that changes nothing:
 * PostgreSQL holds the row, SQLite's write transaction everything), so two
 * workers starting at once give the host one check job.
 */
export async function lockDriftRow(trx: Kysely<Database>, hostId: number): Promise<{ jobId: number | null } | undefined> {
  const row = await trx
    .updateTable('host_drift')
    .set((eb) => ({ job_id: eb.ref('job_id') }))
    .where('host_id', '=', hostId)
    .returning('job_id')
    .executeTakeFirst();
  return row && { jobId: row.job_id };
}

export async function setCheckJob(trx: Kysely<Database>, hostId: number, jobId: number): Promise<void> {
  await trx.updateTable('host_drift').set({ job_id: jobId }).where('host_id', '=', hostId).execute();
}

/** A check that reached the host: what it saw, and when. */
export async function recordCheck(db: Kysely<Database>, hostId: number, observations: readonly DriftItem[], checkedAt: string): Promise<void> {
  await db.updateTable('host_drift').set({ observations: writeJson(observations), checked_at: checkedAt, check_error: null }).where('host_id', '=', hostId).execute();
}

/** An attempt that could not reach the host: why; what the last check saw stays. */
export async function recordCheckFailure(db: Kysely<Database>, hostId: number, error: string): Promise<void> {
  await db.updateTable('host_drift').set({ check_error: error.slice(0, 2000) }).where('host_id', '=', hostId).execute();
}

export async function recordCheckRequest(db: Kysely<Database>, hostId: number, requestedAt: string): Promise<void> {
  await db.updateTable('host_drift').set({ check_requested_at: requestedAt }).where('host_id', '=', hostId).execute();
}
