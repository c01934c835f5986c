// Users are created by the operator (the provider's back office). A user may
// have a billing account in the billing system; the default is EUR with 0.00.
// The account is opened through the billing outbox, recorded with the user.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { KeyedUntilChanged, type ChangeFeed } from '../../db/change-feed.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { readBool } from '../../db/columns.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { formatMoney, parseMoney } from '../../money.ts';
import { hashPassword } from '../../secrets.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import type { BillingOutbox } from '../billing/index.ts';

export interface NewUser {
  email: string;
  first_name?: string;
  last_name?: string;
  password?: string;
  billing_account?: { currency: string; credit_balance: string } | null;
  legacy_api_access?: boolean;
}

export interface UserRecord {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  legacy_api_access: boolean;
  billing_account: { exists: boolean; credit_balance: string | null; currency: string | null };
  created_at: string;
}

// Every legacy request asks it: prepared once.
const selectLegacyAccess = preparedQuery((db, userId: number) => db.selectFrom('users').select('legacy_api_access').where('id', '=', userId));

/** Users whose legacy access is kept in memory: a bound, not a working set (least recently used go first). */
const MAX_KEPT_LEGACY_ACCESS = 10_000;

export interface UserServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** Billing as the back office sees it: reading a user's account works while billing is made to fail. */
  billing: BillingPort;
  /** Opens a new user's billing account, recorded in the transaction that creates the user. */
  outbox: BillingOutbox;
  /** Says when any process changed a user's legacy access ('users'): what was kept is then read again. */
  changes: ChangeFeed;
}

export class UserService {
  /**
   * Legacy access by user id, kept until the 'users' topic changes. Today
   * nothing changes it: the operator grants it or not when it creates the
   * user, and a user is never deleted. A way to change it commits through the
   * change feed under 'users', as key revocations do under 'api-keys'. It
   * saves a read on every legacy request.
   */
  private readonly legacyAccess: KeyedUntilChanged<boolean>;

  constructor(private readonly deps: UserServiceDependencies) {
    this.legacyAccess = new KeyedUntilChanged(deps.changes, 'users', MAX_KEPT_LEGACY_ACCESS);
  }

  async create(input: NewUser): Promise<UserRecord> {
    const account = input.billing_account === undefined ? { currency: 'EUR', credit_balance: '0.00' } : input.billing_account;
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    try {
      const { id, recorded } = await this.deps.db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            email: input.email.toLowerCase(),
            first_name: input.first_name ?? '',
            last_name: input.last_name ?? '',
            password_hash: passwordHash,
            legacy_api_access: input.legacy_api_access ?? false,
            created_at: this.deps.clock.now().toISOString(),
            default_project_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const opening = account
          ? [await this.deps.outbox.record(trx, { change: 'open_account', userId: user.id, currency: account.currency, creditBalance: parseMoney(account.credit_balance) })]
          : [];
        return { id: user.id, recorded: opening };
      });
      await this.deps.outbox.deliverNow(recorded);
      return this.get(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('email_taken', 'A user with this e-mail address exists', { errors: [{ field: 'email', message: 'already in use' }] });
      throw error;
    }
  }

  /** Whether the operator granted the user the legacy account API (D13); false for a user that does not exist. */
  async hasLegacyAccess(userId: number): Promise<boolean> {
    // A user that does not exist (yet) is not kept (undefined): it may be created with access.
    const granted = await this.legacyAccess.get(String(userId), async () => {
      const [user] = await selectLegacyAccess(this.deps.db, userId);
      return user && readBool(user.legacy_api_access);
    });
    return granted ?? false;
  }

  async get(userId: number): Promise<UserRecord> {
    const user = await this.deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('user');
    const account = await this.deps.billing.getAccount(userId);
    return {
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      legacy_api_access: readBool(user.legacy_api_access),
      billing_account: account
        ? { exists: true, credit_balance: formatMoney(account.creditBalance), currency: account.currency }
        : { exists: false, credit_balance: null, currency: null },
      created_at: user.created_at,
    };
  }
}
