// GET /me/: the key's user, their billing account and their projects. When
// billing cannot be read the rest is still answered, with billing_account null.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { formatMoney } from '../../money.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { Actor } from '../api-keys/index.ts';
import { findUserWithProjects } from './account.repo.ts';
import type { CurrentUser } from './account.schemas.ts';

export interface AccountServiceDependencies {
  db: Kysely<Database>;
  /** Read for the user's billing account: when it cannot be read, the rest is still answered. */
  billing: BillingPort;
}

export class AccountService {
  constructor(private readonly deps: AccountServiceDependencies) {}

  async me(actor: Actor): Promise<CurrentUser> {
    const [user, billingAccount] = await Promise.all([findUserWithProjects(this.deps.db, actor.userId), this.readBillingAccount(actor.userId)]);
    if (!user) throw notFound('user');
    return { ...user, billing_account: billingAccount };
  }

  private async readBillingAccount(userId: number): Promise<CurrentUser['billing_account']> {
    try {
      const account = await this.deps.billing.getAccount(userId);
      return account
        ? { exists: true, credit_balance: formatMoney(account.creditBalance), currency: account.currency }
        : { exists: false, credit_balance: null, currency: null };
    } catch (error) {
      if (isUpstreamError(error)) return null;
      throw error;
    }
  }
}
