// Project snapshots (D6). Filled in by the snapshots work.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { ProjectAccess } from '../projects/project-access.ts';

export class SnapshotService {
  constructor(
    readonly db: Kysely<Database>,
    readonly clock: Clock,
    readonly access: ProjectAccess,
  ) {}
}
