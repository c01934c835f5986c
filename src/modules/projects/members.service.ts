// Project membership. A project always has exactly one owner (the account it
// bills): naming a new owner makes the old one an admin, and the owner cannot
// be removed or demoted directly. These owner rules hold for the operator
// (PUT/DELETE /admin/v1/projects/{slug}/members/{user_id}) and for the
// project's own people in the console alike: both go through the same
// `applyRole` and `applyRemoval` below, under the project's row lock.
//
// In the console the owner and admins manage the members: they invite an
// e-mail address as an admin or a member, change roles between those two and
// remove members (an admin may leave). An invitation adds nobody: the person
// with that address joins only when they accept it in their own console, so
// nobody is put into (or made to pay for) a project without saying yes, and
// the answer to an invitation never tells whether the address has an account.
// Ownership is never given in the console (a project is billed to its owner,
// D25); only the operator's member API sets an owner. Any member may see who
// is in the project.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound, ownerRequired, projectDeleting, validationError } from '../../errors.ts';
import { requireWritable, type Actor } from '../api-keys/index.ts';
import * as invitations from './invitations.repo.ts';
import * as repo from './projects.repo.ts';

export interface ProjectMember {
  user_id: number;
  email: string;
  name: string;
  role: repo.Role;
}

export const ROLES: readonly repo.Role[] = ['owner', 'admin', 'member'];

/** The roles given in the console, by invitation or by a change of role: never `owner`. */
export const CONSOLE_ROLES: readonly invitations.InvitableRole[] = ['admin', 'member'];

/** How long an invitation waits to be accepted, by cloudplane's clock. */
export const INVITATION_DAYS = 7;
const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

/** Why the console never makes anyone the owner (the project is billed to its owner). */
export const OWNER_NOT_IN_CONSOLE = 'ownership cannot be handed over in the console; ask the provider';

/** A loose check of an address's shape: enough to catch a typo, and the same answer whether or not a user has it. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/** A pending invitation as the project's owner and admins see it. */
export interface SentInvitation {
  id: number;
  email: string;
  role: invitations.InvitableRole;
  created_at: string;
  expires_at: string;
}

/** A pending invitation as the person invited sees it. */
export interface ReceivedInvitation {
  id: number;
  project: { slug: string; name: string };
  role: invitations.InvitableRole;
  invited_by: string | null;
  expires_at: string;
}

const rank: Record<repo.Role, number> = { member: 1, admin: 2, owner: 3 };

/** The members and what the one asking may do with them. */
export interface MemberList {
  members: ProjectMember[];
  /** The asking user's own role. */
  role: repo.Role;
  /** Owner or admin: may invite, change roles and remove. */
  canManage: boolean;
  /** The roles the asking user may give: admin and member for the owner and admins, never owner. */
  assignableRoles: invitations.InvitableRole[];
  /** The pending invitations, for the owner and admins (empty for a plain member). */
  invitations: SentInvitation[];
}

export interface MemberServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** Membership changes are committed with a notice: every process's ProjectAccess drops what it kept. */
  changes: ChangeFeed;
}

export class MemberService {
  constructor(private readonly deps: MemberServiceDependencies) {}

  /** Who is in the project, for any of its members; another project is 404, as everywhere. */
  async list(actor: Actor, slug: string): Promise<ProjectMember[]> {
    return (await this.listWithRights(actor, slug)).members;
  }

  /** The members, and what the asking member may change. */
  async listWithRights(actor: Actor, slug: string): Promise<MemberList> {
    const project = await repo.findMemberProject(this.deps.db, actor.userId, slug);
    if (!project) throw notFound('project');
    const rows = await repo.listMembers(this.deps.db, project.id);
    const canManage = rank[project.role] >= rank.admin;
    const pending = canManage ? await invitations.listProjectInvitations(this.deps.db, project.id, this.deps.clock.now().toISOString()) : [];
    return {
      members: rows.map((row) => ({ user_id: row.user_id, email: row.email, name: `${row.first_name} ${row.last_name}`.trim(), role: row.role })),
      role: project.role,
      canManage,
      assignableRoles: canManage ? [...CONSOLE_ROLES] : [],
      invitations: pending.map(({ id, email, role, created_at, expires_at }) => ({ id, email, role, created_at, expires_at })),
    };
  }

  /** The operator sets a user's role, adding the user when not yet a member. */
  async set(slug: string, userId: number, role: repo.Role): Promise<{ project: string; user_id: number; role: repo.Role }> {
    await this.deps.changes.commit('projects', async (trx) => {
      const project = await this.lock(trx, slug);
      const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw notFound('user');
      await this.applyRole(trx, project.id, userId, role);
    });
    return { project: slug, user_id: userId, role };
  }

  /** The operator removes a member. */
  async remove(slug: string, userId: number): Promise<void> {
    await this.deps.changes.commit('projects', async (trx) => {
      const project = await this.lock(trx, slug);
      await this.applyRemoval(trx, project.id, userId);
    });
  }

  /**
   * An owner or admin invites an e-mail address as an admin or a member. It
   * records (or renews) the one pending invitation for that address; nobody
   * joins until the person accepts it. The answer is the same whether or not
   * a user has the address, or is already in the project: it tells nothing
   * about other people's accounts.
   */
  async invite(actor: Actor, slug: string, emailInput: string, role: repo.Role): Promise<{ email: string; role: invitations.InvitableRole; expires_at: string }> {
    const email = emailInput.trim().toLowerCase();
    if (email === '') throw validationError('email', 'enter the e-mail address of the person to invite');
    if (email.length > 320 || !EMAIL_SHAPE.test(email)) throw validationError('email', 'enter an e-mail address such as name@example.com');
    const invitedRole = consoleRole(role);
    const now = this.deps.clock.now();
    const expires_at = new Date(now.getTime() + INVITATION_MS).toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      const project = await this.lockForManager(trx, actor, slug, invitedRole);
      await invitations.upsertInvitation(trx, { project_id: project.id, email, role: invitedRole, invited_by: actor.userId, created_at: now.toISOString(), expires_at });
    });
    return { email, role: invitedRole, expires_at };
  }

  /** An owner or admin withdraws a pending invitation of the project; another project's (or none) is 404. */
  async withdrawInvitation(actor: Actor, slug: string, invitationId: number): Promise<{ email: string }> {
    return this.deps.db.transaction().execute(async (trx) => {
      const project = await this.lockForManager(trx, actor, slug, 'member');
      const invitation = await trx.selectFrom('project_invitations').select('email').where('id', '=', invitationId).where('project_id', '=', project.id).executeTakeFirst();
      if (!invitation || !(await invitations.deleteInvitation(trx, invitationId, project.id))) throw notFound('invitation');
      return invitation;
    });
  }

  /** The signed-in user's own pending invitations (those for their e-mail, not expired). */
  async invitationsFor(actor: Actor): Promise<ReceivedInvitation[]> {
    const email = await this.emailOf(this.deps.db, actor);
    const rows = await invitations.listInvitationsForEmail(this.deps.db, email, this.deps.clock.now().toISOString());
    return rows.map((row) => ({
      id: row.id,
      project: { slug: row.project_slug, name: row.project_name },
      role: row.role,
      invited_by: row.invited_by_email,
      expires_at: row.expires_at,
    }));
  }

  /**
   * The invited user accepts: they become a member with the invitation's role
   * and the invitation is gone, in one transaction under the project's lock.
   * Only an invitation for the user's own e-mail and not expired; any other is
   * 404. Someone already in the project keeps their role (nothing changes but
   * the invitation going).
   */
  async acceptInvitation(actor: Actor, invitationId: number): Promise<{ project: { slug: string; name: string }; role: repo.Role; joined: boolean }> {
    requireWritable(actor);
    return this.deps.changes.commit('projects', async (trx) => {
      const email = await this.emailOf(trx, actor);
      const found = await invitations.findInvitationForEmail(trx, invitationId, email, this.deps.clock.now().toISOString());
      if (!found) throw notFound('invitation');
      const project = await repo.lockProjectById(trx, found.project_id, this.deps.clock.now().toISOString());
      // Read again under the lock: it may have been withdrawn or renewed meanwhile.
      const invitation = await invitations.findInvitationForEmail(trx, invitationId, email, this.deps.clock.now().toISOString());
      if (!project || !invitation) throw notFound('invitation');
      if (project.status === 'deleting') throw projectDeleting();
      await invitations.deleteInvitation(trx, invitation.id, project.id);
      const already = await trx.selectFrom('project_members').select('role').where('project_id', '=', project.id).where('user_id', '=', actor.userId).executeTakeFirst();
      if (already) return { project: { slug: project.slug, name: project.name }, role: already.role, joined: false };
      await this.applyRole(trx, project.id, actor.userId, invitation.role);
      return { project: { slug: project.slug, name: project.name }, role: invitation.role, joined: true };
    });
  }

  /** The invited user declines: the invitation is gone. Only their own (else 404). */
  async declineInvitation(actor: Actor, invitationId: number): Promise<{ project: { slug: string; name: string } }> {
    requireWritable(actor);
    return this.deps.db.transaction().execute(async (trx) => {
      const email = await this.emailOf(trx, actor);
      const invitation = await invitations.findInvitationForEmail(trx, invitationId, email, this.deps.clock.now().toISOString());
      const project = invitation ? await repo.findProjectById(trx, invitation.project_id) : undefined;
      if (!invitation || !project || !(await invitations.deleteInvitation(trx, invitation.id, project.id))) throw notFound('invitation');
      return { project: { slug: project.slug, name: project.name } };
    });
  }

  /**
   * An owner or admin changes a member's role between admin and member.
   * Making someone the owner is refused here: the console never hands over
   * ownership (the operator's `set` can).
   */
  async changeRole(actor: Actor, slug: string, userId: number, role: repo.Role): Promise<void> {
    const given = consoleRole(role);
    await this.deps.changes.commit('projects', async (trx) => {
      const project = await this.lockForManager(trx, actor, slug, given);
      await this.requireMember(trx, project.id, userId);
      await this.applyRole(trx, project.id, userId, given);
    });
  }

  /** An owner or admin removes a member (an admin may remove themself: leaving); never the owner. */
  async removeMember(actor: Actor, slug: string, userId: number): Promise<void> {
    await this.deps.changes.commit('projects', async (trx) => {
      const project = await this.lockForManager(trx, actor, slug, 'member');
      await this.applyRemoval(trx, project.id, userId);
    });
  }

  /** The user's e-mail as stored (normalised when the user was made). */
  private async emailOf(db: Kysely<Database>, actor: Actor): Promise<string> {
    const user = await db.selectFrom('users').select('email').where('id', '=', actor.userId).executeTakeFirst();
    if (!user) throw notFound('user');
    return user.email;
  }

  private async lock(trx: Kysely<Database>, slug: string): Promise<repo.ProjectRow> {
    const project = await repo.lockProject(trx, slug, this.deps.clock.now().toISOString());
    if (!project) throw notFound('project');
    return project;
  }

  /**
   * Locks the project and checks, under the lock, that the actor may give
   * `role`: a member of it (else 404), a writable key, owner or admin, and
   * the owner to give `owner` (which the console never asks for).
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
    const now = this.deps.clock.now().toISOString();
    if (owner?.user_id === userId && role !== 'owner') {
      throw ownerRequired('The owner cannot be demoted; only the provider can hand over ownership');
    }
    if (role === 'owner' && owner && owner.user_id !== userId) await repo.setMember(trx, projectId, owner.user_id, 'admin', now);
    await repo.setMember(trx, projectId, userId, role, now);
  }

  /** The owner rule for removing, wherever a member is removed. */
  private async applyRemoval(trx: Kysely<Database>, projectId: number, userId: number): Promise<void> {
    const owner = await repo.findOwner(trx, projectId);
    if (owner?.user_id === userId) throw ownerRequired('The owner cannot be removed; only the provider can hand over ownership');
    if (!(await repo.removeMember(trx, projectId, userId))) throw notFound('member');
  }
}

/** A role the console gives (admin or member); `owner` and anything else is refused on the role. */
function consoleRole(role: string): invitations.InvitableRole {
  if (role === 'owner') throw validationError('role', OWNER_NOT_IN_CONSOLE);
  if (!(CONSOLE_ROLES as readonly string[]).includes(role)) throw validationError('role', 'choose admin or member');
  return role as invitations.InvitableRole;
}
