// Users are created by the operator (the provider's back office). A user may
// have a billing account in the billing system; the default is EUR with 0.00.
// The account is opened through the billing outbox, recorded with the user.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { readBool } from '../../db/columns.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { formatMoney, parseMoney } from '../../money.ts';
import { hashPassword } from '../../secrets.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import type { BillingOutbox } from '../billing/billing-outbox.ts';

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

/** Users whose legacy access is kept in memory: a bound, not a working set (evicted oldest first). */
const MAX_KEPT_LEGACY_ACCESS = 10_000;

export class UserService {
  /**
   * Legacy access by user id, for users that exist. Kept without expiry in
   * every process: the operator grants it or not when it creates the user
   * (create), nothing changes it afterwards, and a user is never deleted, so
   * a kept answer cannot go stale. A way to change it would have to be
   * announced through the change feed (db/change-feed.ts), as key
   * revocations are. It saves a read on every legacy request.
   */
  private readonly legacyAccess = new Map<number, boolean>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Billing as the back office sees it: reading a user's account works while billing is made to fail. */
    private readonly billing: BillingPort,
    private readonly outbox: BillingOutbox,
  ) {}

  async create(input: NewUser): Promise<UserRecord> {
    const account = input.billing_account === undefined ? { currency: 'EUR', credit_balance: '0.00' } : input.billing_account;
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    try {
      const { id, recorded } = await this.db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            email: input.email.toLowerCase(),
            first_name: input.first_name ?? '',
            last_name: input.last_name ?? '',
            password_hash: passwordHash,
            legacy_api_access: input.legacy_api_access ?? false,
            created_at: this.clock.now().toISOString(),
            default_project_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const opening = account
          ? [await this.outbox.record(trx, { change: 'open_account', userId: user.id, currency: account.currency, creditBalance: parseMoney(account.credit_balance) })]
          : [];
        return { id: user.id, recorded: opening };
      });
      await this.outbox.deliverNow(recorded);
      return this.get(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('email_taken', 'A user with this e-mail address exists', { errors: [{ field: 'email', message: 'already in use' }] });
      throw error;
    }
  }

  /** Whether the operator granted the user the legacy account API (D13); false for a user that does not exist. */
  async hasLegacyAccess(userId: number): Promise<boolean> {
    const kept = this.legacyAccess.get(userId);
    if (kept !== undefined) return kept;
    const [user] = await selectLegacyAccess(this.db, userId);
    // Not kept for a user that does not exist (yet): it may be created with access.
    if (user === undefined) return false;
    const granted = readBool(user.legacy_api_access);
    if (this.legacyAccess.size >= MAX_KEPT_LEGACY_ACCESS) this.legacyAccess.delete(this.legacyAccess.keys().next().value!);
    this.legacyAccess.set(userId, granted);
    return granted;
  }

  async get(userId: number): Promise<UserRecord> {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('user');
    const account = await this.billing.getAccount(userId);
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
