// Project snapshots (D6). The `server.create_snapshot` action creates them
// (`creating`, then `completed` with a size or `failed`, through
// snapshots.repo.ts); here clients list, read and delete them. Any member may
// read; deleting is a change, so it needs a writable key and a ready project.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import type { Actor } from '../api-keys/api-keys.service.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import * as repo from './snapshots.repo.ts';
import type { Snapshot } from './snapshots.schemas.ts';

export function toSnapshot(row: repo.SnapshotRow): Snapshot {
  return { id: row.id, name: row.name, server_id: row.server_id, status: row.status, size_gb: row.size_gb, created_at: row.created_at };
}

export class SnapshotService {
  constructor(
    private readonly db: Kysely<Database>,
    // Kept for the wiring in services.ts; nothing here reads the time yet.
    readonly clock: Clock,
    private readonly access: ProjectAccess,
  ) {}

  async list(actor: Actor, slug: string, page: { limit: number; offset: number }): Promise<{ count: number; snapshots: Snapshot[] }> {
    const project = await this.access.require(actor, slug);
    const [count, rows] = await Promise.all([repo.countProjectSnapshots(this.db, project.id), repo.listProjectSnapshots(this.db, project.id, page)]);
    return { count, snapshots: rows.map(toSnapshot) };
  }

  async get(actor: Actor, slug: string, id: number): Promise<Snapshot> {
    const project = await this.access.require(actor, slug);
    const row = await repo.findProjectSnapshot(this.db, project.id, id);
    if (!row) throw notFound('Snapshot');
    return toSnapshot(row);
  }

  /** A snapshot still being created cannot be deleted: 409 `conflict` until it has settled. */
  async delete(actor: Actor, slug: string, id: number): Promise<void> {
    const project = await this.access.require(actor, slug, { write: true, ready: true });
    if (await repo.deleteSettledSnapshot(this.db, project.id, id)) return;
    const row = await repo.findProjectSnapshot(this.db, project.id, id);
    if (!row) throw notFound('Snapshot');
    if (row.status === 'creating') throw new ApiError('conflict', 'The snapshot is still being created; delete it once it is completed or failed');
    // It settled between the two statements, so it can go now (unless another request took it first).
    if (!(await repo.deleteSettledSnapshot(this.db, project.id, id))) throw notFound('Snapshot');
  }
}
