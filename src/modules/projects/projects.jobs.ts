// Background steps of a project's life: confirmation by the provisioning
// system after create, and finishing a delete whose provisioning call got no answer.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { crashPoint } from '../../crash-points.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import * as repo from './projects.repo.ts';

const projectJobPayload = Type.Object({ projectId: Type.Integer(), slug: Type.String() });

/**
 * What other modules keep of a project that must go before its row: an empty
 * project can still have firewall groups (never attached, as it has no
 * servers). Named by what the deletion asks, as those modules build on this one.
 */
export interface ProjectContents {
  removeGroupsOfDeletedProject(db: Kysely<Database>, projectId: number): Promise<void>;
}

/** Deletes the project's row, in `trx`, after what other modules keep of it. */
export async function deleteProjectWithContents(trx: Kysely<Database>, contents: ProjectContents, projectId: number): Promise<void> {
  await contents.removeGroupsOfDeletedProject(trx, projectId);
  await repo.deleteProjectRow(trx, projectId);
}

export interface ProjectSetupDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** A project's status changes are committed with a notice (ProjectAccess keeps memberships until one). */
  changes: ChangeFeed;
  provisioning: ProvisioningPort;
}

/**
 * Has the provisioning system confirm a project that is setting up, and marks
 * it ready. Safe to repeat: creating a project the provisioning system already
 * has is harmless. The setup job runs it; the legacy API runs it at once for
 * the default project it makes, so a first deploy need not wait for the job.
 */
export async function confirmProjectSetup(deps: ProjectSetupDependencies, projectId: number, slug: string): Promise<void> {
  const project = await repo.findProjectBySlug(deps.db, slug);
  if (!project || project.id !== projectId || project.status !== 'setting_up') return;
  await deps.provisioning.createProject(slug);
  const confirmed = await deps.provisioning.getProject(slug);
  if (confirmed?.status !== 'active') throw new Error(`provisioning has not confirmed project ${slug}`);
  crashPoint('project.setup.after-provisioning');
  await deps.changes.commit('projects', (trx) =>
    trx
      .updateTable('projects')
      .set({ status: 'ready', updated_at: deps.clock.now().toISOString() })
      .where('id', '=', projectId)
      .where('status', '=', 'setting_up')
      .execute(),
  );
}

export const PROJECT_SETUP_JOB = defineJob({
  name: 'project.setup',
  payload: projectJobPayload,
  handler: ({ projectId, slug }, deps: ProjectSetupDependencies) => confirmProjectSetup(deps, projectId, slug),
});

export const PROJECT_DELETE_JOB = defineJob({
  name: 'project.delete',
  payload: projectJobPayload,
  handler: async ({ projectId, slug }, deps: ProjectSetupDependencies & { firewall: ProjectContents }) => {
    const project = await repo.findProjectBySlug(deps.db, slug);
    if (!project || project.id !== projectId || project.status !== 'deleting') return;
    await deps.provisioning.deleteProject(slug);
    await deps.changes.commit('projects', (trx) => deleteProjectWithContents(trx, deps.firewall, projectId));
  },
});

/** The project module's jobs, registered by `registerJobs` (services.ts). */
export const projectJobs = [PROJECT_SETUP_JOB, PROJECT_DELETE_JOB];
