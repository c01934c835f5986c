// Signing in to the console with e-mail and password. Failed attempts are
// counted per e-mail and per client address over a window; past the limit
// every attempt is refused with a retry hint, a right password included, so
// guessing cannot go on. An unknown e-mail and a wrong password get the same
// answer, after the same amount of work.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../secrets.ts';

export const SIGN_IN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Failed attempts for one e-mail within the window. */
  perEmail: 5,
  /** Failed attempts from one client address within the window, whatever the e-mail: one address trying many accounts. */
  perAddress: 20,
};

// Checked when the e-mail is unknown, so a miss costs what a wrong password costs.
const DECOY_HASH = hashPassword('decoy password that no user has');

export interface SignedIn {
  userId: number;
  email: string;
}

function wrongCredentials(): AppError {
  return new AppError('unauthenticated', 'The e-mail address or the password is wrong');
}

export class SignInService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async signIn(emailInput: string, password: string, clientAddress: string): Promise<SignedIn> {
    const email = emailInput.trim().toLowerCase();
    await this.refuseWhenThrottled(email, clientAddress);
    const user = await this.db.selectFrom('users').select(['id', 'email', 'password_hash']).where('email', '=', email).executeTakeFirst();
    const matches = await verifyPassword(password, user?.password_hash ?? (await DECOY_HASH));
    if (!user || !user.password_hash || !matches) {
      await this.db.insertInto('sign_in_failures').values({ email, client_address: clientAddress, at: this.clock.now().toISOString() }).execute();
      throw wrongCredentials();
    }
    // A success forgets the e-mail's failures: the owner is back in.
    await this.db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
    return { userId: user.id, email: user.email };
  }

  /**
   * The password asked again before something sensitive (making an API key).
   * A wrong one counts as a failed sign-in, so a session left open cannot be
   * used to guess the password without limit.
   */
  async confirmPassword(userId: number, password: string, clientAddress: string): Promise<boolean> {
    const user = await this.db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', userId).executeTakeFirst();
    if (!user) return false;
    await this.refuseWhenThrottled(user.email, clientAddress);
    const matches = await verifyPassword(password, user.password_hash ?? (await DECOY_HASH));
    if (!matches || !user.password_hash) {
      await this.db.insertInto('sign_in_failures').values({ email: user.email, client_address: clientAddress, at: this.clock.now().toISOString() }).execute();
      return false;
    }
    return true;
  }

  private async refuseWhenThrottled(email: string, clientAddress: string): Promise<void> {
    const now = this.clock.now().getTime();
    const since = new Date(now - SIGN_IN_THROTTLE.windowMs).toISOString();
    const oldestCounted = async (column: 'email' | 'client_address', value: string, limit: number): Promise<string | null> => {
      const rows = await this.db
        .selectFrom('sign_in_failures')
        .select('at')
        .where(column, '=', value)
        .where('at', '>', since)
        .orderBy('at', 'desc')
        .limit(limit)
        .execute();
      // Refused until the oldest of the last `limit` failures leaves the window.
      return rows.length >= limit ? rows[rows.length - 1]!.at : null;
    };
    const blockers = [await oldestCounted('email', email, SIGN_IN_THROTTLE.perEmail), await oldestCounted('client_address', clientAddress, SIGN_IN_THROTTLE.perAddress)];
    const until = blockers.filter((at): at is string => at !== null).map((at) => Date.parse(at) + SIGN_IN_THROTTLE.windowMs);
    if (until.length === 0) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((Math.max(...until) - now) / 1000));
    throw new AppError('rate_limited', `Too many failed sign-ins; try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s)`, {}, { retryAfterSeconds });
  }

  /** Failures older than the window count for nothing; dropped now and then. */
  async forgetOldFailures(): Promise<void> {
    const since = new Date(this.clock.now().getTime() - SIGN_IN_THROTTLE.windowMs).toISOString();
    await this.db.deleteFrom('sign_in_failures').where('at', '<=', since).execute();
  }
}
