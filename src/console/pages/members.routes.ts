// A project's members (/console/projects/:slug/members): who is in the
// project with which role; its owner and admins invite an e-mail address as
// an admin or a member, see and withdraw pending invitations, change roles
// between admin and member and remove members (asked first). An invitation
// adds nobody: the invited person accepts or declines it in their own console
// (the received invitations are listed on the overview and the projects page,
// with the accept/decline routes here). The invite answer is the same whether
// or not anyone has the address, as on the sign-in page. Ownership is never
// handed over in the console: the project is billed to its owner, so making
// someone else the owner is the provider's (the operator API's) alone. Every
// change goes through MemberService, with the owner rules of the operator's
// member API: one owner always, never removed or demoted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, validationError } from '../../errors.ts';
import { CONSOLE_ROLES, INVITATION_DAYS, OWNER_NOT_IN_CONSOLE, type Role, ROLES } from '../../modules/projects/index.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { CONSOLE_ROOT } from '../console-root.ts';
import { redirectWith, sendPage } from '../console-page.ts';
import { moment, projectNav, projectUrl } from './display.ts';
import { roleLabel } from './labels.ts';
import { refusalOf, type Refusal } from './refusals.ts';
import { pathId } from './form-values.ts';

/**
 * The invite form's labels by the service's field names. `role` needs none
 * ("Role" is its own name in words), and listing it would relabel the word
 * "role" in other messages ("needs the admin role").
 */
const MEMBER_LABELS = { email: 'E-mail' };

const InviteForm = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320 })),
  role: Type.Optional(Type.String({ maxLength: 20 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

const RoleForm = Type.Object({
  role: Type.Optional(Type.String({ maxLength: 20 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

/** The accept/decline forms say which page they were sent from, to go back to it. */
const InvitationAnswerForm = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 20 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

/** Where a declined invitation's form goes back to: the page it was sent from (the projects page by default). */
function pageAnsweredFrom(from: string | undefined): string {
  // Read in the request, not at load: console.plugin.ts (CONSOLE_ROOT) loads this module.
  return `${CONSOLE_ROOT}/${from === 'overview' ? 'overview' : 'projects'}`;
}

interface InviteValues {
  email: string;
  role: string;
}

const EMPTY_INVITE: InviteValues = { email: '', role: 'member' };

/** A role the console gives (admin or member), as sent by the form; the owner and anything else are refused in the form's words. */
function roleFrom(text: string | undefined): Role {
  if (text === 'owner') throw validationError('role', OWNER_NOT_IN_CONSOLE);
  if (text !== undefined && (CONSOLE_ROLES as readonly string[]).includes(text)) return text as Role;
  throw validationError('role', `choose ${CONSOLE_ROLES.map(roleLabel).join(' or ')}`);
}

const memberId = (text: string) => pathId(text, 'Member');
const invitationId = (text: string) => pathId(text, 'Invitation');

const ROLE_MEANINGS: Record<Role, string> = {
  owner: 'the project is billed to their account; everything, including deleting the project. Ownership cannot be handed over in the console: ask the provider',
  admin: 'orders, upgrades and cancels servers, and manages members',
  member: 'sees everything, runs actions, manages SSH keys, firewalls and reverse DNS',
};

export async function memberPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  async function sendMembers(request: FastifyRequest, reply: FastifyReply, slug: string, invite: InviteValues, refusal: Refusal | null): Promise<FastifyReply> {
    const actor = consoleActor(request.consoleUser);
    const project = await services.projects.get(actor, slug);
    const base = `${projectUrl(project.slug)}/members`;
    const list = await services.members.listWithRights(actor, slug);
    const roleChoices = list.assignableRoles.map((role) => ({ value: role, text: roleLabel(role) }));
    return sendPage(
      request,
      reply,
      'members',
      {
        title: `Members of ${project.name}`,
        heading: 'Members',
        section: 'projects',
        projectNav: projectNav(project, 'members'),
        breadcrumbs: [
          { text: 'Projects', url: '/console/projects' },
          { text: project.name, url: projectUrl(project.slug) },
          { text: 'Members', url: base },
        ],
        members: list.members.map((member) => ({
          ...member,
          you: member.user_id === actor.userId,
          roleText: roleLabel(member.role),
          roleUrl: `${base}/${member.user_id}/role`,
          removeUrl: `${base}/${member.user_id}/remove`,
          // The owner is never demoted or removed, and ownership is not handed over in the console.
          changeable: list.canManage && member.role !== 'owner',
        })),
        yourRole: roleLabel(list.role),
        canManage: list.canManage,
        roleChoices,
        inviteRoles: roleChoices,
        invitationDays: INVITATION_DAYS,
        invitations: list.invitations.map((invitation) => ({
          id: invitation.id,
          email: invitation.email,
          roleText: roleLabel(invitation.role),
          sent: moment(invitation.created_at),
          expires: moment(invitation.expires_at),
          withdrawUrl: `${projectUrl(project.slug)}/invitations/${invitation.id}/withdraw`,
        })),
        meanings: ROLES.map((role) => ({ role: roleLabel(role), meaning: ROLE_MEANINGS[role] })),
        inviteUrl: base,
        invite,
        problem: refusal ? { message: refusal.message, status: refusal.status } : null,
        fieldErrors: refusal?.fieldMessages ?? {},
        invalidFields: refusal?.fields ?? [],
      },
      refusal?.status ?? 200,
    );
  }

  /** A refusal the user can act on comes back on the members page; the rest (a project not theirs: 404) is an error page. */
  async function refused(request: FastifyRequest, reply: FastifyReply, slug: string, error: unknown, invite = EMPTY_INVITE): Promise<FastifyReply> {
    const refusal = refusalOf(error, MEMBER_LABELS);
    if (!refusal) throw error;
    return sendMembers(request, reply, slug, invite, refusal);
  }

  app.get('/projects/:slug/members', async (request, reply) => sendMembers(request, reply, (request.params as { slug: string }).slug, EMPTY_INVITE, null));

  app.post('/projects/:slug/members', { schema: { body: InviteForm } }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const body = request.body as { email?: string; role?: string };
    const invite = { email: body.email ?? '', role: body.role ?? 'member' };
    try {
      const sent = await services.members.invite(consoleActor(request.consoleUser), slug, invite.email, roleFrom(body.role));
      // The same answer whether or not anyone has the address: it tells nothing about other people's accounts.
      return redirectWith(request, reply, `${projectUrl(slug)}/members`, { kind: 'success', message: `Invitation sent to ${sent.email}; they join once they accept it.` });
    } catch (error) {
      return refused(request, reply, slug, error, invite);
    }
  });

  app.post('/projects/:slug/invitations/:invitationId/withdraw', async (request, reply) => {
    const { slug, invitationId: idText } = request.params as { slug: string; invitationId: string };
    try {
      const withdrawn = await services.members.withdrawInvitation(consoleActor(request.consoleUser), slug, invitationId(idText));
      return redirectWith(request, reply, `${projectUrl(slug)}/members`, { kind: 'success', message: `The invitation to ${withdrawn.email} was withdrawn.` });
    } catch (error) {
      return refused(request, reply, slug, error);
    }
  });

  app.post('/projects/:slug/members/:userId/role', { schema: { body: RoleForm } }, async (request, reply) => {
    const { slug, userId } = request.params as { slug: string; userId: string };
    const actor = consoleActor(request.consoleUser);
    try {
      const member = (await services.members.list(actor, slug)).find((candidate) => candidate.user_id === memberId(userId));
      if (!member) throw new AppError('not_found', 'Member not found');
      const role = roleFrom((request.body as { role?: string }).role);
      await services.members.changeRole(actor, slug, member.user_id, role);
      return redirectWith(request, reply, `${projectUrl(slug)}/members`, { kind: 'success', message: `${member.email} is now ${role === 'admin' ? 'an admin' : 'a member'} of the project.` });
    } catch (error) {
      return refused(request, reply, slug, error);
    }
  });

  app.post('/projects/:slug/members/:userId/remove', async (request, reply) => {
    const { slug, userId } = request.params as { slug: string; userId: string };
    const actor = consoleActor(request.consoleUser);
    try {
      const member = (await services.members.list(actor, slug)).find((candidate) => candidate.user_id === memberId(userId));
      if (!member) throw new AppError('not_found', 'Member not found');
      const project = await services.projects.get(actor, slug);
      await services.members.removeMember(actor, slug, member.user_id);
      if (member.user_id === actor.userId) {
        return redirectWith(request, reply, '/console/projects', { kind: 'success', message: `You left the project ${project.name}.` });
      }
      return redirectWith(request, reply, `${projectUrl(slug)}/members`, { kind: 'success', message: `${member.email} was removed from the project.` });
    } catch (error) {
      return refused(request, reply, slug, error);
    }
  });

  // The signed-in user answers an invitation for their own e-mail (listed on the overview and the projects page).
  // Any other invitation, or one expired, is a 404 page.
  app.post('/invitations/:invitationId/accept', { schema: { body: InvitationAnswerForm } }, async (request, reply) => {
    const { invitationId: idText } = request.params as { invitationId: string };
    const accepted = await services.members.acceptInvitation(consoleActor(request.consoleUser), invitationId(idText));
    const message = accepted.joined
      ? `You joined the project ${accepted.project.name}, as ${roleLabel(accepted.role)}.`
      : `You are already in the project ${accepted.project.name}, as ${roleLabel(accepted.role)}.`;
    return redirectWith(request, reply, projectUrl(accepted.project.slug), { kind: 'success', message });
  });

  app.post('/invitations/:invitationId/decline', { schema: { body: InvitationAnswerForm } }, async (request, reply) => {
    const { invitationId: idText } = request.params as { invitationId: string };
    const declined = await services.members.declineInvitation(consoleActor(request.consoleUser), invitationId(idText));
    return redirectWith(request, reply, pageAnsweredFrom((request.body as { from?: string }).from), { kind: 'success', message: `You declined the invitation to the project ${declined.project.name}.` });
  });
}

/**
 * The signed-in user's pending invitations, as the overview and the projects
 * page list them (each with Accept and Decline); `from` names the page, to
 * come back to it after declining.
 */
export async function receivedInvitations(services: Services, request: FastifyRequest, from: 'overview' | 'projects') {
  const received = await services.members.invitationsFor(consoleActor(request.consoleUser));
  return received.map((invitation) => ({
    id: invitation.id,
    projectName: invitation.project.name,
    roleText: roleLabel(invitation.role),
    invitedBy: invitation.invited_by,
    expires: moment(invitation.expires_at),
    acceptUrl: `${CONSOLE_ROOT}/invitations/${invitation.id}/accept`,
    declineUrl: `${CONSOLE_ROOT}/invitations/${invitation.id}/decline`,
    from,
  }));
}
