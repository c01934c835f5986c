// Project membership. A project always has exactly one owner (the account it
// bills): naming a new owner makes the old one an admin, and the owner cannot
// be removed or demoted directly. These owner rules hold for the operator
// (PUT/DELETE /admin/v1/projects/{slug}/members/{user_id}) and for the
// project's own people in the console alike: both go through `changeRole` and
// `removeMember` below, under the project's row lock.
//
// In the console the owner and admins manage the members: they invite an
// existing user by e-mail, change roles and remove members (an admin may
// leave). Making someone the owner is the owner's alone. Any member may see
// who is in the project.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, notFound, ownerRequired, projectDeleting, validationError } from '../../errors.ts';
import { requireWritable, type Actor } from '../api-keys/api-keys.service.ts';
import * as repo from './projects.repo.ts';

export interface ProjectMember {
  user_id: number;
  email: string;
  name: string;
  role: repo.Role;
}

export const ROLES: readonly repo.Role[] = ['owner', 'admin', 'member'];

const rank: Record<repo.Role, number> = { member: 1, admin: 2, owner: 3 };

/** The members and what the one asking may do with them. */
export interface MemberList {
  members: ProjectMember[];
  /** The asking user's own role. */
  role: repo.Role;
  /** Owner or admin: may invite, change roles and remove. */
  canManage: boolean;
  /** The roles the asking user may give (only the owner gives `owner`). */
  assignableRoles: repo.Role[];
}

export class MemberService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Membership changes are committed with a notice: every process's ProjectAccess drops what it kept. */
    private readonly changes: ChangeFeed,
  ) {}

  /** Who is in the project, for any of its members; another project is 404, as everywhere. */
  async list(actor: Actor, slug: string): Promise<ProjectMember[]> {
    return (await this.listWithRights(actor, slug)).members;
  }

  /** The members, and what the asking member may change. */
  async listWithRights(actor: Actor, slug: string): Promise<MemberList> {
    const project = await repo.findMemberProject(this.db, actor.userId, slug);
    if (!project) throw notFound('project');
    const rows = await repo.listMembers(this.db, project.id);
    const canManage = rank[project.role] >= rank.admin;
    return {
      members: rows.map((row) => ({ user_id: row.user_id, email: row.email, name: `${row.first_name} ${row.last_name}`.trim(), role: row.role })),
      role: project.role,
      canManage,
      assignableRoles: !canManage ? [] : project.role === 'owner' ? [...ROLES] : ['admin', 'member'],
    };
  }

  /** The operator sets a user's role, adding the user when not yet a member. */
  async set(slug: string, userId: number, role: repo.Role): Promise<{ project: string; user_id: number; role: repo.Role }> {
    await this.changes.commit('projects', async (trx) => {
      const project = await this.lock(trx, slug);
      const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw notFound('user');
      await this.applyRole(trx, project.id, userId, role);
    });
    return { project: slug, user_id: userId, role };
  }

  /** The operator removes a member. */
  async remove(slug: string, userId: number): Promise<void> {
    await this.changes.commit('projects', async (trx) => {
      const project = await this.lock(trx, slug);
      await this.applyRemoval(trx, project.id, userId);
    });
  }

  /**
   * An owner or admin adds an existing user, found by e-mail, with a role.
   * An e-mail no user has is a validation error on `email`; a user already
   * in the project is a conflict.
   */
  async invite(actor: Actor, slug: string, emailInput: string, role: repo.Role): Promise<ProjectMember> {
    const email = emailInput.trim().toLowerCase();
    if (email === '') throw validationError('email', 'enter the e-mail address of the person to invite');
    return this.changes.commit('projects', async (trx) => {
      const project = await this.lockForManager(trx, actor, slug, role);
      const user = await trx.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('email', '=', email).executeTakeFirst();
      if (!user) throw validationError('email', 'no user of this cloud has this e-mail address; they need an account first');
      const already = await trx.selectFrom('project_members').select('role').where('project_id', '=', project.id).where('user_id', '=', user.id).executeTakeFirst();
      if (already) throw conflict(`${user.email} is already a member of the project`);
      await this.applyRole(trx, project.id, user.id, role);
      return { user_id: user.id, email: user.email, name: `${user.first_name} ${user.last_name}`.trim(), role };
    });
  }

  /** An owner or admin changes a member's role; only the owner makes another member the owner (and becomes an admin). */
  async changeRole(actor: Actor, slug: string, userId: number, role: repo.Role): Promise<void> {
    await this.changes.commit('projects', async (trx) => {
      const project = await this.lockForManager(trx, actor, slug, role);
      await this.requireMember(trx, project.id, userId);
      await this.applyRole(trx, project.id, userId, role);
    });
  }

  /** An owner or admin removes a member (an admin may remove themself: leaving); never the owner. */
  async removeMember(actor: Actor, slug: string, userId: number): Promise<void> {
    await this.changes.commit('projects', async (trx) => {
      const project = await this.lockForManager(trx, actor, slug, 'member');
      await this.applyRemoval(trx, project.id, userId);
    });
  }

  private async lock(trx: Kysely<Database>, slug: string): Promise<repo.ProjectRow> {
    const project = await repo.lockProject(trx, slug, this.clock.now().toISOString());
    if (!project) throw notFound('project');
    return project;
  }

  /**
   * Locks the project and checks, under the lock, that the actor may give
   * `role`: a member of it (else 404), a writable key, owner or admin, and
   * the owner to give `owner`.
   */
  private async lockForManager(trx: Kysely<Database>, actor: Actor, slug: string, role: repo.Role): Promise<repo.ProjectRow> {
    // Locked first, so the roles read below stay as they are until the change commits
    // (a project that is not the actor's is rolled back untouched: 404).
    const project = await this.lock(trx, slug);
    const membership = await repo.findMemberProject(trx, actor.userId, slug);
    if (!membership) throw notFound('project');
    requireWritable(actor);
    if (rank[membership.role] < rank.admin) {
      throw new AppError('insufficient_role', `Changing the project's members needs the admin role or higher in the project; you are ${membership.role}`);
    }
    if (role === 'owner' && membership.role !== 'owner') {
      throw new AppError('insufficient_role', 'Only the owner can make another member the owner');
    }
    if (project.status === 'deleting') throw projectDeleting();
    return project;
  }

  private async requireMember(trx: Kysely<Database>, projectId: number, userId: number): Promise<void> {
    const member = await trx.selectFrom('project_members').select('role').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
    if (!member) throw notFound('member');
  }

  /** The owner rules for giving a role, wherever it is given. */
  private async applyRole(trx: Kysely<Database>, projectId: number, userId: number, role: repo.Role): Promise<void> {
    const owner = await repo.findOwner(trx, projectId);
    const now = this.clock.now().toISOString();
    if (owner?.user_id === userId && role !== 'owner') {
      throw ownerRequired('The owner cannot be demoted; make another member the owner instead');
    }
    if (role === 'owner' && owner && owner.user_id !== userId) await repo.setMember(trx, projectId, owner.user_id, 'admin', now);
    await repo.setMember(trx, projectId, userId, role, now);
  }

  /** The owner rule for removing, wherever a member is removed. */
  private async applyRemoval(trx: Kysely<Database>, projectId: number, userId: number): Promise<void> {
    const owner = await repo.findOwner(trx, projectId);
    if (owner?.user_id === userId) throw ownerRequired('The owner cannot be removed; make another member the owner first');
    if (!(await repo.removeMember(trx, projectId, userId))) throw notFound('member');
  }
}
