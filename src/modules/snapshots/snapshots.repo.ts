// Every query on a project's snapshots. The server actions module creates
// them (`server.create_snapshot`) and settles them through the functions of
// snapshots.service.ts; the snapshot routes read and delete them.
import type { Kysely } from 'kysely';
import type { Database, SnapshotsTable } from '../../db/schema.ts';

export type SnapshotStatus = SnapshotsTable['status'];

export interface SnapshotRow {
  id: number;
  project_id: number;
  server_id: string | null;
  name: string;
  status: SnapshotStatus;
  size_gb: number | null;
  created_at: string;
}

const snapshotColumns = ['id', 'project_id', 'server_id', 'name', 'status', 'size_gb', 'created_at'] as const;

/** Records a new snapshot as `creating`; returns its id. */
export async function insertSnapshot(
  db: Kysely<Database>,
  values: { projectId: number; serverId: string; name: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('snapshots')
    .values({ project_id: values.projectId, server_id: values.serverId, name: values.name, status: 'creating', size_gb: null, created_at: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Settles a snapshot: `completed` with its size, or `failed`. Safe to repeat. */
export async function markSnapshot(db: Kysely<Database>, id: number, values: { status: SnapshotStatus; sizeGb: number | null }): Promise<void> {
  await db.updateTable('snapshots').set({ status: values.status, size_gb: values.sizeGb }).where('id', '=', id).execute();
}

export function findProjectSnapshot(db: Kysely<Database>, projectId: number, id: number): Promise<SnapshotRow | undefined> {
  return db.selectFrom('snapshots').select(snapshotColumns).where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
}

export async function countProjectSnapshots(db: Kysely<Database>, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('snapshots')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Newest first; ids grow with creation, so they order by it without ties. */
export function listProjectSnapshots(db: Kysely<Database>, projectId: number, page: { limit: number; offset: number }): Promise<SnapshotRow[]> {
  return db
    .selectFrom('snapshots')
    .select(snapshotColumns)
    .where('project_id', '=', projectId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/**
 * Deletes a snapshot unless it is still being created, in one statement, so
 * a snapshot that is settling at the same moment is never deleted half-made.
 */
export async function deleteSettledSnapshot(db: Kysely<Database>, projectId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('snapshots')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('status', '<>', 'creating')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
