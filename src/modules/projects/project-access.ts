// Who may do what in a project. Every project-scoped service starts here.
// The checks run in a fixed order so clients always see the same answer for
// the same situation: not a member (404), read-only key (403), role (403),
// project being deleted (409), project not yet set up (403). Other modules
// ask here, not projects.repo.ts, for what they need of a project.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { KeyedUntilChanged, type ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound, projectDeleting } from '../../errors.ts';
import { requireWritable, type Actor } from '../api-keys/index.ts';
import { findMemberProject, findOwner, findProjectById, findProjectBySlug, lockProjectById, type MemberProjectRow, type ProjectRow, type Role } from './projects.repo.ts';

export type { MemberProjectRow, ProjectRow, Role } from './projects.repo.ts';

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

/**
 * How many memberships a process keeps (KeyedUntilChanged). Every
 * project-scoped request starts by finding the caller's membership of the
 * project, so each process keeps the ones it found, until any process changes
 * a project or its members: those changes are committed with a notice on the
 * change feed ('projects'), which every process hears within milliseconds
 * (this one at once), and then nothing kept before is trusted.
 */
const MAX_CACHED_MEMBERSHIPS = 10_000;

export interface ProjectAccessDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** Says when any process changed a project or its members ('projects'): the memberships kept are then read again. */
  changes: ChangeFeed;
}

/**
 * How many projects by slug, and owners by project, a process keeps for the
 * operator's calls and for billing the owner (an operator's import asks both
 * for every server), on the same terms as the memberships.
 */
const MAX_CACHED_PROJECTS = 10_000;

export class ProjectAccess {
  /** Memberships by user and slug. */
  private readonly memberships: KeyedUntilChanged<MemberProjectRow>;
  private readonly projectsBySlug: KeyedUntilChanged<ProjectRow>;
  private readonly owners: KeyedUntilChanged<{ userId: number }>;

  constructor(private readonly deps: ProjectAccessDependencies) {
    this.memberships = new KeyedUntilChanged(deps.changes, 'projects', MAX_CACHED_MEMBERSHIPS);
    this.projectsBySlug = new KeyedUntilChanged(deps.changes, 'projects', MAX_CACHED_PROJECTS);
    this.owners = new KeyedUntilChanged(deps.changes, 'projects', MAX_CACHED_PROJECTS);
  }

  async require(actor: Actor, slug: string, needs: AccessNeeds = {}): Promise<MemberProjectRow> {
    const project = await this.memberships.get(`${actor.userId} ${slug}`, () => findMemberProject(this.deps.db, actor.userId, slug));
    if (!project) throw new AppError('not_found', 'Project not found');
    if (needs.write) requireWritable(actor);
    if (needs.minRole && rank[project.role] < rank[needs.minRole]) {
      throw new AppError('insufficient_role', `This needs the ${needs.minRole} role or higher in the project; you are ${project.role}`);
    }
    if ((needs.write || needs.ready) && project.status === 'deleting' && !needs.whileDeleting) {
      throw projectDeleting();
    }
    if (needs.ready && project.status === 'setting_up') {
      throw new AppError('project_not_ready', 'The project is still being set up; try again in a few seconds');
    }
    return project;
  }

  /**
   * Locks the project row for the rest of the transaction `trx` and refuses a
   * project that is being deleted (or is gone). Deleting a project checks it
   * is empty under the same lock, so nothing (a key, a firewall group) is
   * added to a project on its way out, and a project already marked
   * `deleting` is not marked again.
   */
  async lockForChange(trx: Kysely<Database>, projectId: number): Promise<ProjectRow> {
    const current = await lockProjectById(trx, projectId, this.deps.clock.now().toISOString());
    if (!current) throw new AppError('not_found', 'Project not found');
    if (current.status === 'deleting') throw projectDeleting();
    return current;
  }

  /** A project by its slug, for the operator, who is no member of it; 404 when there is none. */
  async requireForOperator(slug: string): Promise<ProjectRow> {
    const project = await this.projectsBySlug.get(slug, () => findProjectBySlug(this.deps.db, slug));
    if (!project) throw notFound('project');
    return project;
  }

  /** The user id of the project's owner (the account it bills), if it has one. */
  async ownerId(projectId: number): Promise<number | undefined> {
    const owner = await this.owners.get(String(projectId), async () => {
      const found = await findOwner(this.deps.db, projectId);
      return found && { userId: found.user_id };
    });
    return owner?.userId;
  }

  /** A project's slug by its id (for links from records that name the project by id). */
  async slugOf(projectId: number): Promise<string | undefined> {
    return (await findProjectById(this.deps.db, projectId))?.slug;
  }
}
