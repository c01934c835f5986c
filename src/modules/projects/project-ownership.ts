// Which projects a user owns, as a query other statements embed: a project's
// owner is its one member with the role owner. Kept here, beside the
// membership rules, so a statement that reads "the servers of the projects
// this user owns" (the legacy account view) asks the same question in the
// same words as the projects module, in one statement instead of two.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fixedInSql } from '../../db/prepared.ts';

/** The ids of the projects `userId` owns, as a subquery (`where(column, 'in', …)`). */
export function projectIdsOwnedBy(db: Kysely<Database>, userId: number) {
  return db.selectFrom('project_members').select('project_members.project_id').where('project_members.user_id', '=', userId).where('project_members.role', '=', fixedInSql('owner'));
}
