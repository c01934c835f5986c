// Project snapshots (D6). The `server.create_snapshot` action creates them
// (`creating`, then `completed` with a size or `failed`, through `start`,
// `complete` and `fail` below); here clients list, read and delete them. Any
// member may read; deleting is a change, so it needs a writable key and a
// ready project.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { notFound, snapshotNotReady, validationError } from '../../errors.ts';
import type { Actor } from '../api-keys/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import { enqueueSnapshotRemoval } from './snapshots.jobs.ts';
import * as repo from './snapshots.repo.ts';
import type { Snapshot } from './snapshots.schemas.ts';

export function toSnapshot(row: repo.SnapshotRow): Snapshot {
  return { id: row.id, name: row.name, server_id: row.server_id, status: row.status, size_gb: row.size_gb, created_at: row.created_at };
}

export interface SnapshotServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  access: ProjectAccess;
}

export class SnapshotService {
  constructor(private readonly deps: SnapshotServiceDependencies) {}

  /**
   * Records a new snapshot of the server as `creating`, in the caller's
   * transaction `trx`; returns its id. For the create_snapshot action: it
   * checks no access, the action's start did before.
   */
  start(trx: Kysely<Database>, values: { projectId: number; serverId: string; name: string; now: string }): Promise<number> {
    return repo.insertSnapshot(trx, values);
  }

  /**
   * A snapshot the provisioning system made: `completed`, with its size. Safe
   * to repeat. For the create_snapshot action's job, in the transaction that
   * settles the action; it checks no access (the action's start did).
   */
  complete(db: Kysely<Database>, id: number, sizeGb: number): Promise<void> {
    return repo.markSnapshot(db, id, { status: 'completed', sizeGb });
  }

  /**
   * A snapshot that was not made: `failed`. Safe to repeat. For the
   * create_snapshot action's job, in the transaction that fails the action;
   * it checks no access (the action's start did).
   */
  fail(db: Kysely<Database>, id: number): Promise<void> {
    return repo.markSnapshot(db, id, { status: 'failed', sizeGb: null });
  }

  /**
   * A completed snapshot of the project, for whatever is made from it
   * (restoring a server, ordering one); otherwise 400 on `snapshot_id`. It
   * checks no access: the calling service checked the project, and reads
   * through `db`, its own database or transaction.
   */
  async requireCompleted(db: Kysely<Database>, projectId: number, id: number): Promise<repo.SnapshotRow> {
    const snapshot = await repo.findProjectSnapshot(db, projectId, id);
    if (!snapshot || snapshot.status !== 'completed') throw validationError('snapshot_id', 'must be a completed snapshot of the project');
    return snapshot;
  }

  async list(actor: Actor, slug: string, page: { limit: number; offset: number }): Promise<{ count: number; snapshots: Snapshot[] }> {
    const project = await this.deps.access.require(actor, slug);
    const [count, rows] = await Promise.all([repo.countProjectSnapshots(this.deps.db, project.id), repo.listProjectSnapshots(this.deps.db, project.id, page)]);
    return { count, snapshots: rows.map(toSnapshot) };
  }

  async get(actor: Actor, slug: string, id: number): Promise<Snapshot> {
    const project = await this.deps.access.require(actor, slug);
    const row = await repo.findProjectSnapshot(this.deps.db, project.id, id);
    if (!row) throw notFound('Snapshot');
    return toSnapshot(row);
  }

  /**
   * A snapshot still being created cannot be deleted: 409 `conflict` until
   * it has settled. A made one is removed from its server's host by a job
   * committed with the deletion.
   */
  async delete(actor: Actor, slug: string, id: number): Promise<void> {
    const project = await this.deps.access.require(actor, slug, { write: true, ready: true });
    const deleted = await this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.findProjectSnapshot(trx, project.id, id);
      if (!row) throw notFound('Snapshot');
      if (row.status === 'creating') throw snapshotNotReady();
      // One statement decides (not `creating`): a snapshot settling at this moment is never deleted half-made.
      if (!(await repo.deleteSettledSnapshot(trx, project.id, id))) return null;
      if (row.status === 'completed' && row.server_id !== null) await enqueueSnapshotRemoval(trx, this.deps.clock, row.server_id, row.id);
      return row;
    });
    // Another request deleted it first.
    if (!deleted) throw notFound('Snapshot');
  }
}
