// A project's members (/console/projects/:slug/members): who is in the
// project with which role; its owner and admins invite an existing user by
// e-mail, change roles and remove members (asked first). Every change goes
// through MemberService, the same owner rules as the operator's member API:
// one owner always, never removed or demoted directly; making another member
// the owner makes the old owner an admin, and only the owner can do it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, validationError } from '../../errors.ts';
import { ROLES } from '../../modules/projects/members.service.ts';
import type { Role } from '../../modules/projects/project-access.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { redirectWith, sendPage } from '../console-page.ts';
import { projectNav, projectUrl } from './display.ts';
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

interface InviteValues {
  email: string;
  role: string;
}

const EMPTY_INVITE: InviteValues = { email: '', role: 'member' };

/** A role as sent by the form; anything else is refused in the form's words. */
function roleFrom(text: string | undefined): Role {
  if (text !== undefined && (ROLES as readonly string[]).includes(text)) return text as Role;
  throw validationError('role', `choose ${ROLES.map(roleLabel).join(', ')}`);
}

const memberId = (text: string) => pathId(text, 'Member');

const ROLE_MEANINGS: Record<Role, string> = {
  owner: 'the project is billed to their account; everything, including deleting the project',
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
          // The owner is changed by making another member the owner; an admin cannot touch what only the owner gives.
          changeable: list.canManage && member.role !== 'owner',
        })),
        yourRole: roleLabel(list.role),
        canManage: list.canManage,
        isOwner: list.role === 'owner',
        roleChoices,
        inviteRoles: roleChoices.filter((choice) => choice.value !== 'owner'),
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
      const member = await services.members.invite(consoleActor(request.consoleUser), slug, invite.email, roleFrom(body.role));
      return redirectWith(request, reply, `${projectUrl(slug)}/members`, { kind: 'success', message: `${member.email} is now a member of the project, as ${roleLabel(member.role)}.` });
    } catch (error) {
      return refused(request, reply, slug, error, invite);
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
      const message =
        role === 'owner' ? `${member.email} is now the owner of the project; you are an admin.` : `${member.email} is now ${role === 'admin' ? 'an admin' : 'a member'} of the project.`;
      return redirectWith(request, reply, `${projectUrl(slug)}/members`, { kind: 'success', message });
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
}
