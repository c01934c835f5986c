// The checks a module offers the others instead of its repo (docs/architecture.md,
// "A module's repo is its own"): projects' lockForChange, ssh-keys'
// requireOwned and snapshots' requireCompleted, on a real database (SQLite by
// default, PostgreSQL when TEST_DATABASE_URL is set).
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { Kysely } from 'kysely';
import type { Clock } from '../../src/clock.ts';
import type { ChangeFeed } from '../../src/db/change-feed.ts';
import type { Database, ProjectsTable } from '../../src/db/schema.ts';
import { AppError } from '../../src/errors.ts';
import { ProjectAccess } from '../../src/modules/projects/project-access.ts';
import { SnapshotService } from '../../src/modules/snapshots/snapshots.service.ts';
import { SshKeyService } from '../../src/modules/ssh-keys/ssh-keys.service.ts';
import { openMigratedDatabase } from '../helpers/database.ts';

const NOW = '2025-01-01T00:00:00.000Z';
const LATER = new Date('2025-01-02T00:00:00.000Z');
const clock: Clock = { now: () => LATER };
/** lockForChange keeps nothing: a change feed that never lets a membership be kept is all it needs. */
const keepNothing = { stamp: () => null } as unknown as ChangeFeed;

async function setup(t: TestContext): Promise<Kysely<Database>> {
  const handle = await openMigratedDatabase(t);
  return handle.db;
}

async function addProject(db: Kysely<Database>, slug: string, status: ProjectsTable['status'] = 'ready'): Promise<number> {
  const row = await db.insertInto('projects').values({ slug, name: slug, status, created_at: NOW, updated_at: NOW }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function addSshKey(db: Kysely<Database>, projectId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('ssh_keys')
    .values({ project_id: projectId, name, public_key: `ssh-ed25519 AAAA${name}`, fingerprint: `SHA256:${name}`, created_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addSnapshot(db: Kysely<Database>, projectId: number, status: 'creating' | 'completed' | 'failed'): Promise<number> {
  const row = await db
    .insertInto('snapshots')
    .values({ project_id: projectId, server_id: null, name: `${status} snapshot`, status, size_gb: status === 'completed' ? 20 : null, created_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An AppError with this code (and, for a validation error, this field). */
function refusal(code: string, field?: string) {
  return (error: unknown) => {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.equal(error.code, code);
    if (field) assert.deepEqual((error.extra.errors as { field: string }[]).map((entry) => entry.field), [field]);
    return true;
  };
}

test('lockForChange locks a project that takes changes and answers its row', async (t) => {
  const db = await setup(t);
  const access = new ProjectAccess({ db, clock, changes: keepNothing });
  const ready = await addProject(db, 'ready');
  const settingUp = await addProject(db, 'setting-up', 'setting_up');

  const row = await db.transaction().execute((trx) => access.lockForChange(trx, ready));
  assert.deepEqual({ id: row.id, slug: row.slug, status: row.status }, { id: ready, slug: 'ready', status: 'ready' });
  // The lock is a write of the row: its updated_at is the clock's.
  const stored = await db.selectFrom('projects').select('updated_at').where('id', '=', ready).executeTakeFirstOrThrow();
  assert.equal(new Date(stored.updated_at).toISOString(), LATER.toISOString());
  // Being set up is no reason to refuse here (ProjectAccess.require decides that).
  assert.equal((await db.transaction().execute((trx) => access.lockForChange(trx, settingUp))).status, 'setting_up');
});

test('lockForChange refuses a project being deleted (409) or gone (404)', async (t) => {
  const db = await setup(t);
  const access = new ProjectAccess({ db, clock, changes: keepNothing });
  const deleting = await addProject(db, 'deleting', 'deleting');

  await assert.rejects(
    db.transaction().execute((trx) => access.lockForChange(trx, deleting)),
    refusal('project_deleting'),
  );
  await assert.rejects(
    db.transaction().execute((trx) => access.lockForChange(trx, deleting + 1000)),
    refusal('not_found'),
  );
});

test('SshKeyService.requireOwned answers the distinct ids once every one is a key of the project', async (t) => {
  const db = await setup(t);
  const sshKeys = new SshKeyService({ db, clock, access: new ProjectAccess({ db, clock, changes: keepNothing }) });
  const project = await addProject(db, 'keys');
  const other = await addProject(db, 'other-keys');
  const first = await addSshKey(db, project, 'first');
  const second = await addSshKey(db, project, 'second');
  const foreign = await addSshKey(db, other, 'foreign');

  assert.deepEqual(await sshKeys.requireOwned(db, project, []), []);
  assert.deepEqual(await sshKeys.requireOwned(db, project, [second, first, second]), [second, first]);
  await assert.rejects(sshKeys.requireOwned(db, project, [first, foreign]), refusal('validation_error', 'ssh_keys'));
  await assert.rejects(sshKeys.requireOwned(db, project, [first, foreign + 1000]), refusal('validation_error', 'ssh_keys'));
});

test('SnapshotService.requireCompleted takes only a completed snapshot of the project', async (t) => {
  const db = await setup(t);
  const snapshots = new SnapshotService({ db, clock, access: new ProjectAccess({ db, clock, changes: keepNothing }) });
  const project = await addProject(db, 'snapshots');
  const other = await addProject(db, 'other-snapshots');
  const completed = await addSnapshot(db, project, 'completed');
  const creating = await addSnapshot(db, project, 'creating');
  const failed = await addSnapshot(db, project, 'failed');
  const foreign = await addSnapshot(db, other, 'completed');

  assert.equal((await snapshots.requireCompleted(db, project, completed)).id, completed);
  for (const id of [creating, failed, foreign, foreign + 1000]) {
    await assert.rejects(snapshots.requireCompleted(db, project, id), refusal('validation_error', 'snapshot_id'));
  }
});
