// The one read behind GET /me/: the user and the projects they are a member
// of, in one statement (the projects as a JSON array built by the database),
// since /me/ is the request clients make most and each statement costs more
// than the rows it reads.
import { PostgresAdapter, type Kysely } from 'kysely';
import * as postgresJson from 'kysely/helpers/postgres';
import * as sqliteJson from 'kysely/helpers/sqlite';
import { readJson } from '../../db/columns.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, ProjectMembersTable } from '../../db/schema.ts';

const selectUserWithProjects = preparedQuery((db, userId: number) => {
  // Compiled once per engine (db/prepared.ts), so each engine gets its own JSON functions.
  const json = db.getExecutor().adapter instanceof PostgresAdapter ? postgresJson : sqliteJson;
  return db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      // In project order, as the (user_id, project_id) index gives them: no sort.
      json
        .jsonArrayFrom(
          eb
            .selectFrom('project_members')
            .innerJoin('projects', 'projects.id', 'project_members.project_id')
            .select(['projects.slug', 'projects.name', 'project_members.role'])
            .whereRef('project_members.user_id', '=', 'users.id')
            .orderBy('project_members.project_id'),
        )
        .as('projects'),
    ])
    .where('users.id', '=', userId);
});

export interface UserWithProjects {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  projects: { slug: string; name: string; role: ProjectMembersTable['role'] }[];
}

export async function findUserWithProjects(db: Kysely<Database>, userId: number): Promise<UserWithProjects | undefined> {
  const [row] = await selectUserWithProjects(db, userId);
  if (!row) return undefined;
  // SQLite hands the JSON over as text, PostgreSQL parsed.
  return { id: row.id, email: row.email, first_name: row.first_name, last_name: row.last_name, projects: readJson<UserWithProjects['projects']>(row.projects) };
}
