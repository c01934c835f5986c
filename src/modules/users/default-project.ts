// A user's default project (`users.default_project_id`): the project the
// legacy API and first start act in. The projects module makes that project
// and claims it here, in its own transaction; the column is the users
// module's, so only these two statements touch it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The user's e-mail and the id recorded as their default project (null: none yet). */
export async function findDefaultProjectId(db: Kysely<Database>, userId: number): Promise<{ email: string; projectId: number | null }> {
  const user = await db.selectFrom('users').select(['email', 'default_project_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { email: user.email, projectId: user.default_project_id };
}

/** Makes the project the user's default one, unless they have one already: of two claims at once, one wins. */
export async function claimDefaultProject(db: Kysely<Database>, userId: number, projectId: number): Promise<boolean> {
  const claimed = await db
    .updateTable('users')
    .set({ default_project_id: projectId })
    .where('id', '=', userId)
    .where('default_project_id', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}
