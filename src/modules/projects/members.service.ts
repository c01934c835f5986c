// Project membership, set by the operator. A project always has exactly one
// owner (the account it bills): naming a new owner makes the old one an admin,
// and the owner cannot be removed or demoted directly.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { notFound, ownerRequired } from '../../errors.ts';
import type { Actor } from '../api-keys/api-keys.service.ts';
import * as repo from './projects.repo.ts';

export interface ProjectMember {
  user_id: number;
  email: string;
  name: string;
  role: repo.Role;
}

export class MemberService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Membership changes are committed with a notice: every process's ProjectAccess drops what it kept. */
    private readonly changes: ChangeFeed,
  ) {}

  /** Who is in the project, for any of its members; another project is 404, as everywhere. */
  async list(actor: Actor, slug: string): Promise<ProjectMember[]> {
    const project = await repo.findMemberProject(this.db, actor.userId, slug);
    if (!project) throw notFound('project');
    const rows = await repo.listMembers(this.db, project.id);
    return rows.map((row) => ({ user_id: row.user_id, email: row.email, name: `${row.first_name} ${row.last_name}`.trim(), role: row.role }));
  }

  async set(slug: string, userId: number, role: repo.Role): Promise<{ project: string; user_id: number; role: repo.Role }> {
    await this.changes.commit('projects', async (trx) => {
      const project = await repo.lockProject(trx, slug, this.clock.now().toISOString());
      if (!project) throw notFound('project');
      const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw notFound('user');
      const owner = await repo.findOwner(trx, project.id);
      const now = this.clock.now().toISOString();
      if (owner?.user_id === userId && role !== 'owner') {
        throw ownerRequired('The owner cannot be demoted; make another member the owner instead');
      }
      if (role === 'owner' && owner && owner.user_id !== userId) await repo.setMember(trx, project.id, owner.user_id, 'admin', now);
      await repo.setMember(trx, project.id, userId, role, now);
    });
    return { project: slug, user_id: userId, role };
  }

  async remove(slug: string, userId: number): Promise<void> {
    await this.changes.commit('projects', async (trx) => {
      const project = await repo.lockProject(trx, slug, this.clock.now().toISOString());
      if (!project) throw notFound('project');
      const owner = await repo.findOwner(trx, project.id);
      if (owner?.user_id === userId) throw ownerRequired('The owner cannot be removed; make another member the owner first');
      if (!(await repo.removeMember(trx, project.id, userId))) throw notFound('member');
    });
  }
}
