// Every query on project invitations (migration 0018): pending invitations by
// project for its owner and admins, and by e-mail for the person invited.
// Expiry is compared as ISO 8601 UTC text, which both engines order correctly.
import type { Kysely } from 'kysely';
import type { Database, ProjectInvitationsTable } from '../../db/schema.ts';

export type InvitableRole = ProjectInvitationsTable['role'];

export interface InvitationRow {
  id: number;
  project_id: number;
  email: string;
  role: InvitableRole;
  created_at: string;
  expires_at: string;
}

/** A pending invitation as its invitee sees it: with the project's name and who invited. */
export interface ReceivedInvitationRow extends InvitationRow {
  project_slug: string;
  project_name: string;
  invited_by_email: string | null;
}

const invitationColumns = [
  'project_invitations.id',
  'project_invitations.project_id',
  'project_invitations.email',
  'project_invitations.role',
  'project_invitations.created_at',
  'project_invitations.expires_at',
] as const;

/**
 * Records the invitation, or renews the one already pending for this
 * project and e-mail (its role, inviter and expiry), so there is only ever one.
 */
export async function upsertInvitation(
  db: Kysely<Database>,
  invitation: { project_id: number; email: string; role: InvitableRole; invited_by: number; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('project_invitations')
    .values(invitation)
    .onConflict((conflict) =>
      conflict.columns(['project_id', 'email']).doUpdateSet({
        role: invitation.role,
        invited_by: invitation.invited_by,
        created_at: invitation.created_at,
        expires_at: invitation.expires_at,
      }),
    )
    .execute();
}

/** The project's invitations not yet expired, newest first. */
export function listProjectInvitations(db: Kysely<Database>, projectId: number, now: string): Promise<InvitationRow[]> {
  return db
    .selectFrom('project_invitations')
    .select(invitationColumns)
    .where('project_id', '=', projectId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The invitations for this e-mail not yet expired, with their projects, newest first. */
export function listInvitationsForEmail(db: Kysely<Database>, email: string, now: string): Promise<ReceivedInvitationRow[]> {
  return db
    .selectFrom('project_invitations')
    .innerJoin('projects', 'projects.id', 'project_invitations.project_id')
    .leftJoin('users as inviter', 'inviter.id', 'project_invitations.invited_by')
    .select([...invitationColumns, 'projects.slug as project_slug', 'projects.name as project_name', 'inviter.email as invited_by_email'])
    .where('project_invitations.email', '=', email)
    .where('project_invitations.expires_at', '>', now)
    .where('projects.status', '!=', 'deleting')
    .orderBy('project_invitations.created_at', 'desc')
    .orderBy('project_invitations.id', 'desc')
    .execute();
}

/** One invitation for this e-mail, not yet expired; undefined for any other. */
export function findInvitationForEmail(db: Kysely<Database>, id: number, email: string, now: string): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('project_invitations')
    .select(invitationColumns)
    .where('id', '=', id)
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteInvitation(db: Kysely<Database>, id: number, projectId: number): Promise<boolean> {
  const result = await db.deleteFrom('project_invitations').where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
