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

export function registerProjectJobs(runner: JobRunner, deps: { db: Kysely<Database>; clock: Clock; provisioning: ProvisioningPort }): void {
  // Safe to repeat: creating a project the provisioning system already has is harmless.
  runner.register(PROJECT_SETUP_JOB, async ({ projectId, slug }: ProjectJobPayload) => {
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
  });

  runner.register(PROJECT_DELETE_JOB, async ({ projectId, slug }: ProjectJobPayload) => {
    const project = await repo.findProjectBySlug(deps.db, slug);
    if (!project || project.id !== projectId || project.status !== 'deleting') return;
    await deps.provisioning.deleteProject(slug);
    await deps.db.transaction().execute((trx) => repo.deleteProjectRow(trx, projectId));
  });
}
