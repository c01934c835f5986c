// Projects (D1): created `setting_up` until the provisioning system confirms
// them; deleted only when empty, first in the provisioning system, then here.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { enqueueJob, withdrawQueuedJob } from '../../jobs/queue.ts';
import { crashPoint } from '../../crash-points.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import { requireWritable, type Actor } from '../api-keys/index.ts';
import type { ProjectAccess } from './project-access.ts';
import * as repo from './projects.repo.ts';
import type { CreateProjectInput, Project } from './projects.schemas.ts';
import { claimDefaultProject, findDefaultProjectId } from '../users/index.ts';
import { confirmProjectSetup, deleteProjectWithContents, PROJECT_DELETE_JOB, PROJECT_SETUP_JOB, type ProjectContents } from './projects.jobs.ts';

export interface ProjectServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** Every change to a project or its members is committed with a notice (ProjectAccess keeps memberships until one). */
  changes: ChangeFeed;
  access: ProjectAccess;
  provisioning: ProvisioningPort;
  /** The firewall module, which removes the project's groups before the project goes. */
  firewall: ProjectContents;
  wakeWorker: () => void;
  /** Multiplies simulated durations (CLOUDPLANE_SIM_SCALE). */
}

/** The delete job is a safety net for a provisioning call that did not answer. */
const DELETE_RETRY_DELAY_MS = 2000;
/** How many slugs a default project tries (`anna`, `anna-2`, … `anna-20`) before giving up on the e-mail's local part. */
const DEFAULT_SLUG_ATTEMPTS = 20;

export function slugFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug || 'project';
}

export function toProject(row: repo.MemberProjectRow): Project {
  return { slug: row.slug, name: row.name, role: row.role, status: row.status, created_at: row.created_at };
}

export class ProjectService {
  constructor(private readonly deps: ProjectServiceDependencies) {}

  async list(actor: Actor, page: { limit: number; offset: number }): Promise<{ count: number; projects: Project[] }> {
    const [count, rows] = await Promise.all([
      repo.countMemberProjects(this.deps.db, actor.userId),
      repo.listMemberProjects(this.deps.db, actor.userId, page),
    ]);
    return { count, projects: rows.map(toProject) };
  }

  /** The projects the user owns, by id: the legacy API's servers are theirs. */
  ownedProjects(userId: number): Promise<{ id: number; slug: string }[]> {
    return repo.listOwnedProjects(this.deps.db, userId);
  }

  async get(actor: Actor, slug: string): Promise<Project> {
    return toProject(await this.deps.access.require(actor, slug));
  }

  async create(actor: Actor, input: CreateProjectInput): Promise<Project> {
    requireWritable(actor);
    const { changes, clock } = this.deps;
    const slug = input.slug ?? slugFromName(input.name);
    try {
      const project = await changes.commit('projects', async (trx) => {
        const now = clock.now().toISOString();
        const row = await repo.insertProject(trx, { slug, name: input.name.trim(), status: 'setting_up', ownerId: actor.userId, now });
        await enqueueJob(trx, clock, PROJECT_SETUP_JOB, { projectId: row.id, slug }, { delayMs: this.deps.provisioning.durations.projectSetup, maxAttempts: 1000 });
        return row;
      });
      this.deps.wakeWorker();
      return toProject({ ...project, role: 'owner' });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('slug_taken', `The slug "${slug}" is taken; choose another`, { errors: [{ field: 'slug', message: 'already taken' }] });
      }
      throw error;
    }
  }

  async rename(actor: Actor, slug: string, name: string | undefined): Promise<Project> {
    const project = await this.deps.access.require(actor, slug, { write: true, minRole: 'admin' });
    if (name === undefined) return toProject(project);
    await this.deps.changes.commit('projects', (trx) => repo.updateProject(trx, project.id, { name: name.trim(), now: this.deps.clock.now().toISOString() }));
    return toProject({ ...project, name: name.trim() });
  }

  /**
   * Checks the project is empty and marks it `deleting` (with a durable job
   * as a safety net), then deletes it in the provisioning system and here.
   * A refusal from provisioning puts the project back as it was; a call that
   * got no answer leaves it `deleting` for the job to finish. Repeating the
   * DELETE of a `deleting` project (as a 502 invites) tries provisioning again.
   */
  async delete(actor: Actor, slug: string): Promise<void> {
    const { changes, clock } = this.deps;
    const project = await this.deps.access.require(actor, slug, { write: true, minRole: 'owner', whileDeleting: true });
    const markedNow = project.status !== 'deleting';
    const jobId = markedNow ? await this.markDeleting(project) : null;
    crashPoint('project.delete.after-record');

    try {
      await this.deps.provisioning.deleteProject(slug);
    } catch (error) {
      if (jobId !== null && isUpstreamError(error) && error.kind !== 'timeout') {
        await changes.commit('projects', async (trx) => {
          await repo.updateProject(trx, project.id, { status: project.status, now: clock.now().toISOString() });
          await withdrawQueuedJob(trx, jobId);
        });
      }
      throw error;
    }
    crashPoint('project.delete.after-provisioning');
    await changes.commit('projects', async (trx) => {
      await deleteProjectWithContents(trx, this.deps.firewall, project.id);
      if (jobId !== null) await withdrawQueuedJob(trx, jobId);
    });
  }

  /**
   * The slug of the user's default project (the legacy API's deploys and keys
   * go there). Without one: null, or (with `create`) a new project named after
   * the e-mail's local part, which the provisioning system is asked to confirm
   * at once so a first deploy can go ahead (its setup job stays as the safety
   * net when provisioning fails).
   */
  async ensureDefaultProject(userId: number, options: { create: boolean; name?: string }): Promise<string | null> {
    const found = await findDefaultProject(this.deps.db, userId);
    let project = found.project;
    if (!project) {
      if (!options.create) return null;
      project = await this.createDefaultProject(userId, found.email, options.name ?? 'Default project');
    }
    if (project.status === 'setting_up') await confirmProjectSetup(this.deps, project.id, project.slug);
    return project.slug;
  }

  private async createDefaultProject(userId: number, email: string, name: string): Promise<repo.ProjectRow> {
    const { db, changes, clock } = this.deps;
    const base = slugFromName(email.split('@')[0] ?? 'default');
    for (let attempt = 1; attempt <= DEFAULT_SLUG_ATTEMPTS; attempt += 1) {
      const slug = attempt === 1 ? base : `${base.slice(0, 45)}-${attempt}`;
      try {
        const created = await changes.commit('projects', async (trx) => {
          const now = clock.now().toISOString();
          const row = await repo.insertProject(trx, { slug, name, status: 'setting_up', ownerId: userId, now });
          await enqueueJob(trx, clock, PROJECT_SETUP_JOB, { projectId: row.id, slug }, { maxAttempts: 1000 });
          if (!(await claimDefaultProject(trx, userId, row.id))) throw new LostRace();
          return row;
        });
        this.deps.wakeWorker();
        return created;
      } catch (error) {
        if (error instanceof LostRace) {
          // Another first deploy made the default project meanwhile: that one is kept.
          const winner = (await findDefaultProject(db, userId)).project;
          if (winner) return winner;
          continue;
        }
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new AppError('slug_taken', 'No free project slug for the default project; create a project named after your e-mail in the console');
  }

  /** Refuses a project with servers or keys, else marks it `deleting` with the job that will finish the delete. */
  private async markDeleting(project: repo.MemberProjectRow): Promise<number> {
    const { changes, clock } = this.deps;
    return changes.commit('projects', async (trx) => {
      await this.deps.access.lockForChange(trx, project.id);
      const contents = await repo.countProjectContents(trx, project.id);
      if (contents.servers > 0 || contents.ssh_keys > 0) {
        throw new AppError('project_not_empty', "Delete the project's servers and SSH keys first", contents);
      }
      await repo.updateProject(trx, project.id, { status: 'deleting', now: clock.now().toISOString() });
      return enqueueJob(trx, clock, PROJECT_DELETE_JOB, { projectId: project.id, slug: project.slug }, { delayMs: DELETE_RETRY_DELAY_MS, maxAttempts: 1000 });
    });
  }
}

class LostRace extends Error {}

/** The user's e-mail and the project recorded as their default one, if it still exists. */
async function findDefaultProject(db: Kysely<Database>, userId: number): Promise<{ email: string; project: repo.ProjectRow | undefined }> {
  const { email, projectId } = await findDefaultProjectId(db, userId);
  return { email, project: projectId === null ? undefined : await repo.findProjectById(db, projectId) };
}
