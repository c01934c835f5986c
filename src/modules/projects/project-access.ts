// Who may do what in a project. Every project-scoped service starts here.
// The checks run in a fixed order so clients always see the same answer for
// the same situation: not a member (404), read-only key (403), role (403),
// project being deleted (409), project not yet set up (403).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { requireWritable, type Actor } from '../api-keys/api-keys.service.ts';
import { findMemberProject, type MemberProjectRow, type Role } from './projects.repo.ts';

const rank: Record<Role, number> = { member: 1, admin: 2, owner: 3 };

export interface AccessNeeds {
  /** The call changes something: read-only keys are refused. */
  write?: boolean;
  minRole?: Role;
  /** The call needs the provisioning system to have confirmed the project. */
  ready?: boolean;
  /** The call may go ahead while the project is being deleted (repeating the delete). */
  whileDeleting?: boolean;
}

export class ProjectAccess {
  constructor(private readonly db: Kysely<Database>) {}

  async require(actor: Actor, slug: string, needs: AccessNeeds = {}): Promise<MemberProjectRow> {
    const project = await findMemberProject(this.db, actor.userId, slug);
    if (!project) throw new ApiError('not_found', 'Project not found');
    if (needs.write) requireWritable(actor);
    if (needs.minRole && rank[project.role] < rank[needs.minRole]) {
      throw new ApiError('insufficient_role', `This needs the ${needs.minRole} role or higher in the project; you are ${project.role}`);
    }
    if ((needs.write || needs.ready) && project.status === 'deleting' && !needs.whileDeleting) {
      throw new ApiError('project_deleting', 'The project is being deleted');
    }
    if (needs.ready && project.status === 'setting_up') {
      throw new ApiError('project_not_ready', 'The project is still being set up; try again in a few seconds');
    }
    return project;
  }
}
