// Every query on a project's SSH keys and on which servers use them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface SshKeyRow {
  id: number;
  name: string;
  public_key: string;
  fingerprint: string;
  created_at: string;
}

const keyColumns = ['id', 'name', 'public_key', 'fingerprint', 'created_at'] as const;

export async function countProjectSshKeys(db: Kysely<Database>, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('ssh_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Oldest first. */
export function listProjectSshKeys(db: Kysely<Database>, projectId: number, page: { limit: number; offset: number }): Promise<SshKeyRow[]> {
  return db
    .selectFrom('ssh_keys')
    .select(keyColumns)
    .where('project_id', '=', projectId)
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function findProjectSshKey(db: Kysely<Database>, projectId: number, id: number): Promise<SshKeyRow | undefined> {
  return db.selectFrom('ssh_keys').select(keyColumns).where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
}

/**
 * The keys of the project among `ids` (for servers and reinstalls that name
 * keys by id), oldest first; ids of other projects or of no key are left out,
 * so a caller compares the lengths to find the ones that do not belong.
 */
export function findProjectSshKeys(db: Kysely<Database>, projectId: number, ids: readonly number[]): Promise<SshKeyRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('ssh_keys').select(keyColumns).where('project_id', '=', projectId).where('id', 'in', [...ids]).orderBy('id').execute();
}

export function findProjectSshKeyByFingerprint(db: Kysely<Database>, projectId: number, fingerprint: string): Promise<SshKeyRow | undefined> {
  return db
    .selectFrom('ssh_keys')
    .select(keyColumns)
    .where('project_id', '=', projectId)
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
}

export function insertSshKey(
  db: Kysely<Database>,
  values: { projectId: number; name: string; publicKey: string; fingerprint: string; now: string },
): Promise<SshKeyRow> {
  return db
    .insertInto('ssh_keys')
    .values({ project_id: values.projectId, name: values.name, public_key: values.publicKey, fingerprint: values.fingerprint, created_at: values.now })
    .returning(keyColumns)
    .executeTakeFirstOrThrow();
}

export async function renameSshKey(db: Kysely<Database>, projectId: number, id: number, name: string): Promise<SshKeyRow | undefined> {
  return db.updateTable('ssh_keys').set({ name }).where('project_id', '=', projectId).where('id', '=', id).returning(keyColumns).executeTakeFirst();
}

export async function deleteSshKey(db: Kysely<Database>, projectId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('ssh_keys').where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The servers a key is set on, by id. */
export function findServersUsingSshKey(db: Kysely<Database>, id: number): Promise<{ id: string; hostname: string | null }[]> {
  return db
    .selectFrom('server_ssh_keys')
    .innerJoin('servers', 'servers.id', 'server_ssh_keys.server_id')
    .select(['servers.id', 'servers.hostname'])
    .where('server_ssh_keys.ssh_key_id', '=', id)
    .orderBy('servers.id')
    .execute();
}

/** A foreign key refused the write (PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
