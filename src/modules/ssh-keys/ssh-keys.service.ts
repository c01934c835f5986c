// Project SSH keys (D6). Filled in by the SSH keys work.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { ProjectAccess } from '../projects/project-access.ts';

export class SshKeyService {
  constructor(
    readonly db: Kysely<Database>,
    readonly clock: Clock,
    readonly access: ProjectAccess,
  ) {}
}
