// Background steps of a project's life: confirmation by the provisioning
// system after create, and finishing a delete whose provisioning call got no answer.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import * as repo from './projects.repo.ts';

export const PROJECT_SETUP_JOB = 'project.setup';
export const PROJECT_DELETE_JOB = 'project.delete';

interface ProjectJobPayload {
  projectId: number;
  slug: string;
}

export interface ProjectSetupDependencies {
  db: Kysely<Database>;
  clock: Clock;
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
  await deps.db
    .updateTable('projects')
    .set({ status: 'ready', updated_at: deps.clock.now().toISOString() })
    .where('id', '=', projectId)
    .where('status', '=', 'setting_up')
    .execute();
}

export function registerProjectJobs(runner: JobRunner, deps: ProjectSetupDependencies): void {
  runner.register(PROJECT_SETUP_JOB, ({ projectId, slug }: ProjectJobPayload) => confirmProjectSetup(deps, projectId, slug));

  runner.register(PROJECT_DELETE_JOB, async ({ projectId, slug }: ProjectJobPayload) => {
    const project = await repo.findProjectBySlug(deps.db, slug);
    if (!project || project.id !== projectId || project.status !== 'deleting') return;
    await deps.provisioning.deleteProject(slug);
    await deps.db.transaction().execute((trx) => repo.deleteProjectRow(trx, projectId));
  });
}
