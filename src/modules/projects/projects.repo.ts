// Every query on projects and their members.
import type { Kysely } from 'kysely';
import { fixedInSql, preparedQuery } from '../../db/prepared.ts';
import type { Database, ProjectMembersTable, ProjectsTable } from '../../db/schema.ts';
import { projectIdsOwnedBy } from './project-ownership.ts';

export type Role = ProjectMembersTable['role'];
export type ProjectStatus = ProjectsTable['status'];

export interface ProjectRow {
  id: number;
  slug: string;
  name: string;
  status: ProjectStatus;
  created_at: string;
}

export interface MemberProjectRow extends ProjectRow {
  role: Role;
}

const projectColumns = ['projects.id', 'projects.slug', 'projects.name', 'projects.status', 'projects.created_at'] as const;

// Every project-scoped request starts with this read: prepared once.
const selectMemberProject = preparedQuery((db, userId: number, slug: string) =>
  db
    .selectFrom('projects')
    .innerJoin('project_members', 'project_members.project_id', 'projects.id')
    .select([...projectColumns, 'project_members.role'])
    .where('projects.slug', '=', slug)
    .where('project_members.user_id', '=', userId),
);

export async function findMemberProject(db: Kysely<Database>, userId: number, slug: string): Promise<MemberProjectRow | undefined> {
  return (await selectMemberProject(db, userId, slug))[0];
}

export function findProjectBySlug(db: Kysely<Database>, slug: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').select(projectColumns).where('slug', '=', slug).executeTakeFirst();
}

export function findProjectById(db: Kysely<Database>, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').select(projectColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * Writes the project row first thing in a transaction, which locks it on
 * both engines (a row lock on PostgreSQL, the write lock on SQLite), so
 * membership changes of one project run one after the other.
 */
export async function lockProject(db: Kysely<Database>, slug: string, now: string): Promise<ProjectRow | undefined> {
  return db
    .updateTable('projects')
    .set({ updated_at: now })
    .where('slug', '=', slug)
    .returning(['id', 'slug', 'name', 'status', 'created_at'])
    .executeTakeFirst();
}

export async function countMemberProjects(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('project_members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function listMemberProjects(db: Kysely<Database>, userId: number, page: { limit: number; offset: number }): Promise<MemberProjectRow[]> {
  return db
    .selectFrom('projects')
    .innerJoin('project_members', 'project_members.project_id', 'projects.id')
    .select([...projectColumns, 'project_members.role'])
    .where('project_members.user_id', '=', userId)
    .orderBy('projects.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function insertProject(
  db: Kysely<Database>,
  values: { slug: string; name: string; status: ProjectStatus; ownerId: number; now: string },
): Promise<ProjectRow> {
  const project = await db
    .insertInto('projects')
    .values({ slug: values.slug, name: values.name, status: values.status, created_at: values.now, updated_at: values.now })
    .returning(['id', 'slug', 'name', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('project_members')
    .values({ project_id: project.id, user_id: values.ownerId, role: 'owner', created_at: values.now })
    .execute();
  return project;
}

export async function updateProject(db: Kysely<Database>, id: number, values: { name?: string; status?: ProjectStatus; now: string }): Promise<void> {
  const { now, ...changes } = values;
  await db.updateTable('projects').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

/** Deletes the project and its memberships; what other modules keep of it goes first (ProjectContents). */
export async function deleteProjectRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('project_members').where('project_id', '=', id).execute();
  await db.deleteFrom('projects').where('id', '=', id).execute();
}

export async function countProjectContents(db: Kysely<Database>, projectId: number): Promise<{ servers: number; ssh_keys: number }> {
  const servers = await db
    .selectFrom('servers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  const keys = await db
    .selectFrom('ssh_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return { servers: Number(servers.count), ssh_keys: Number(keys.count) };
}

export async function setMember(db: Kysely<Database>, projectId: number, userId: number, role: Role, now: string): Promise<void> {
  await db
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: userId, role, created_at: now })
    .onConflict((conflict) => conflict.columns(['project_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}

export async function removeMember(db: Kysely<Database>, projectId: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('project_members').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The project's members with their names, the owner first, then by when they joined. */
export function listMembers(db: Kysely<Database>, projectId: number): Promise<{ user_id: number; email: string; first_name: string; last_name: string; role: Role }[]> {
  return db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select(['project_members.user_id', 'users.email', 'users.first_name', 'users.last_name', 'project_members.role'])
    .where('project_members.project_id', '=', projectId)
    .orderBy((eb) => eb.case().when('project_members.role', '=', 'owner').then(eb.lit(0)).else(eb.lit(1)).end())
    .orderBy('project_members.created_at')
    .orderBy('project_members.user_id')
    .execute();
}

export function findOwner(db: Kysely<Database>, projectId: number): Promise<{ user_id: number } | undefined> {
  return db.selectFrom('project_members').select('user_id').where('project_id', '=', projectId).where('role', '=', fixedInSql('owner')).executeTakeFirst();
}

/** Locks the project row by id, as `lockProject` does by slug. */
export async function lockProjectById(db: Kysely<Database>, id: number, now: string): Promise<ProjectRow | undefined> {
  return db
    .updateTable('projects')
    .set({ updated_at: now })
    .where('id', '=', id)
    .returning(['id', 'slug', 'name', 'status', 'created_at'])
    .executeTakeFirst();
}

// Every legacy look-up of one server starts with it: prepared once.
const selectOwnedProjects = preparedQuery((db, userId: number) =>
  db.selectFrom('projects').select(['projects.id', 'projects.slug']).where('projects.id', 'in', projectIdsOwnedBy(db, userId)).orderBy('projects.id'),
);

/** The projects the user owns (the billed account of each), by id. */
export function listOwnedProjects(db: Kysely<Database>, userId: number): Promise<{ id: number; slug: string }[]> {
  return selectOwnedProjects(db, userId);
}

