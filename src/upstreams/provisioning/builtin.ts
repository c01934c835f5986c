// The built-in provisioning system. For projects it keeps a registry that
// confirms a new project and forgets a deleted one.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { ProvisionedProjectStatus, ProvisioningPort } from './port.ts';

export class BuiltinProvisioning implements ProvisioningPort {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async createProject(slug: string): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('provisioning_projects')
      .values({ slug, status: 'active', created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('slug').doUpdateSet({ status: 'active', updated_at: now }))
      .execute();
  }

  async getProject(slug: string): Promise<{ status: ProvisionedProjectStatus } | null> {
    const row = await this.db.selectFrom('provisioning_projects').select('status').where('slug', '=', slug).executeTakeFirst();
    return row ? { status: row.status } : null;
  }

  async deleteProject(slug: string): Promise<void> {
    await this.db
      .updateTable('provisioning_projects')
      .set({ status: 'deleted', updated_at: this.clock.now().toISOString() })
      .where('slug', '=', slug)
      .execute();
  }
}
