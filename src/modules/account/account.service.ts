// GET /me/: the key's user, their billing account and their projects. When
// billing cannot be read the rest is still answered, with billing_account null.
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { formatMoney } from '../../money.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { Actor } from '../api-keys/api-keys.service.ts';
import type { ProjectService } from '../projects/projects.service.ts';
import type { CurrentUser } from './account.schemas.ts';

// Read on every /me/: prepared once.
const selectUser = preparedQuery((db, userId: number) => db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', '=', userId));

export class AccountService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly billing: BillingPort,
    private readonly projects: ProjectService,
  ) {}

  async me(actor: Actor): Promise<CurrentUser> {
    const [user, projects, billingAccount] = await Promise.all([
      selectUser(this.db, actor.userId).then((rows) => rows[0]),
      this.projects.memberProjects(actor),
      this.readBillingAccount(actor.userId),
    ]);
    if (!user) throw notFound('user');
    return {
      ...user,
      billing_account: billingAccount,
      projects: projects.map((project) => ({ slug: project.slug, name: project.name, role: project.role })),
    };
  }

  private async readBillingAccount(userId: number): Promise<CurrentUser['billing_account']> {
    try {
      const account = await this.billing.getAccount(userId);
      return account
        ? { exists: true, credit_balance: formatMoney(account.creditBalance), currency: account.currency }
        : { exists: false, credit_balance: null, currency: null };
    } catch (error) {
      if (isUpstreamError(error)) return null;
      throw error;
    }
  }
}
