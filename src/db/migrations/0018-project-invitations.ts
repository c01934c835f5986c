// Invitations to a project: the owner or an admin invites an e-mail address
// with a role (admin or member, never owner), and the person with that address
// joins only once they accept it in their own console. Nobody is added to a
// project, and so nobody is made to pay for one, without saying yes. One
// pending invitation per project and address; it expires by itself.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await types
    .serialId(db.schema.createTable('project_invitations'))
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // Trimmed and lower-cased, as users' e-mails are stored; whether a user has it is not known here.
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    // Ownership is never given by invitation: the database refuses it too.
    .addColumn('role', 'varchar(10)', (c) => c.notNull().check(sql`role in ('admin', 'member')`))
    .addColumn('invited_by', types.reference, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_invitations_project_email').unique().on('project_invitations').columns(['project_id', 'email']).execute();
  // A signed-in user's pending invitations are found by their e-mail.
  await db.schema.createIndex('project_invitations_email').on('project_invitations').column('email').execute();
}
