// Indexes for the reads every request makes. A user's memberships in project
// order: /me/ lists them without sorting, straight from the index.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('project_members_user_project').on('project_members').columns(['user_id', 'project_id', 'role']).execute();
  // The new index starts with user_id, so it serves every lookup the old one did.
  await db.schema.dropIndex('project_members_user').execute();
}
