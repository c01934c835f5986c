// Signing in to the console with e-mail and password, and with a code from an
// authenticator app (or a recovery code) when the user turned two-factor
// sign-in on. Failed attempts (wrong passwords and wrong codes alike) are
// counted per e-mail and per client address over a window; past the limit
// every attempt is refused with a retry hint, a right password or code
// included, so guessing cannot go on. An unknown e-mail and a wrong password
// get the same answer, after the same amount of work.
//
// The account's own credentials are changed here too (password, two-factor
// sign-in), behind the same throttle: a session left open must not become a
// way to guess the password or a code without limit.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, type FieldError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../secrets.ts';
import { disableTotp, enableTotp, newPasswordProblem, setPasswordHash, takeTotpStep } from '../users/index.ts';
import { asTotpCode, newRecoveryCodes, recoveryCodeHash, totpStep } from './two-factor.ts';

export const SIGN_IN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Failed attempts for one e-mail within the window. */
  perEmail: 5,
  /** Failed attempts from one client address within the window, whatever the e-mail: one address trying many accounts. */
  perAddress: 20,
};

/** How long after the password the code may come: the half-done sign-in is over after that. */
export const SECOND_STEP_MS = 5 * 60 * 1000;

// Checked when the e-mail is unknown, so a miss costs what a wrong password costs.
const DECOY_HASH = hashPassword('decoy password that no user has');

export interface SignedIn {
  userId: number;
  email: string;
  /** The password was right and the user has two-factor sign-in on: a code is still to be given, until this moment. */
  secondStepUntil: string | null;
}

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: string | null;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
}

export interface PasswordChange {
  current: string;
  next: string;
  /** The new password typed a second time. */
  repeated: string;
}

/**
 * A wrong e-mail address or password. Whose account the e-mail names, when
 * it names one, is kept for the audit log (`userId`); the answer is the same
 * either way.
 */
export class SignInRefused extends AppError {
  constructor(readonly userId: number | null) {
    super('unauthenticated', 'The e-mail address or the password is wrong');
  }
}

/** "1 minute", "15 minutes". */
function minutes(count: number): string {
  return `${count} minute${count === 1 ? '' : 's'}`;
}

export interface SignInServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
}

export class SignInService {
  constructor(private readonly deps: SignInServiceDependencies) {}

  async signIn(emailInput: string, password: string, clientAddress: string): Promise<SignedIn> {
    const email = emailInput.trim().toLowerCase();
    await this.refuseWhenThrottled(email, clientAddress);
    const user = await this.deps.db.selectFrom('users').select(['id', 'email', 'password_hash', 'totp_secret']).where('email', '=', email).executeTakeFirst();
    const matches = await verifyPassword(password, user?.password_hash ?? (await DECOY_HASH));
    if (!user || !user.password_hash || !matches) {
      await this.recordFailure(email, clientAddress);
      throw new SignInRefused(user?.id ?? null);
    }
    const secondFactor = user.totp_secret !== null;
    // A success forgets the e-mail's failures: the owner is back in. Not yet
    // when a code is still to come: the password alone must not clear the
    // count of wrong codes.
    if (!secondFactor) await this.forgetFailures(email);
    const secondStepUntil = secondFactor ? new Date(this.deps.clock.now().getTime() + SECOND_STEP_MS).toISOString() : null;
    return { userId: user.id, email: user.email, secondStepUntil };
  }

  /**
   * The second step of a sign-in: a current code from the authenticator app
   * (each good once) or an unused recovery code. True signs the user in; a
   * wrong code counts as a failed sign-in. Past `until` (signIn's
   * secondStepUntil) the sign-in is over: 401, start again.
   */
  async completeSignIn(userId: number, code: string, until: string, clientAddress: string): Promise<boolean> {
    if (this.deps.clock.now().toISOString() >= until) {
      throw new AppError('unauthenticated', 'The sign-in took too long: enter your e-mail address and password again');
    }
    const user = await this.deps.db.selectFrom('users').select(['email', 'totp_secret']).where('id', '=', userId).executeTakeFirst();
    if (!user) return false;
    await this.refuseWhenThrottled(user.email, clientAddress);
    if (user.totp_secret === null || !(await this.acceptCode(userId, user.totp_secret, code))) {
      await this.recordFailure(user.email, clientAddress);
      return false;
    }
    await this.forgetFailures(user.email);
    return true;
  }

  /**
   * The password asked again before something sensitive (making an API key).
   * A wrong one counts as a failed sign-in, so a session left open cannot be
   * used to guess the password without limit.
   */
  async confirmPassword(userId: number, password: string, clientAddress: string): Promise<boolean> {
    const user = await this.deps.db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', userId).executeTakeFirst();
    if (!user) return false;
    await this.refuseWhenThrottled(user.email, clientAddress);
    const matches = await verifyPassword(password, user.password_hash ?? (await DECOY_HASH));
    if (!matches || !user.password_hash) {
      await this.recordFailure(user.email, clientAddress);
      return false;
    }
    return true;
  }

  /**
   * A new password for the user, the current one asked first. The new one
   * follows the rules the operator's API sets (a validation_error naming
   * `new_password` or `new_password_again`); a wrong current password answers
   * false and counts as a failed sign-in. Ending the user's other sessions is
   * the caller's next step (ConsoleSessionService.endOtherSessions).
   */
  async changePassword(userId: number, change: PasswordChange, clientAddress: string): Promise<boolean> {
    // The rules first, then the current password: a slow hash is spent only on a change that could succeed.
    const problems: FieldError[] = [];
    const problem = newPasswordProblem(change.next);
    if (problem) problems.push({ field: 'new_password', message: problem });
    else if (change.repeated !== change.next) problems.push({ field: 'new_password_again', message: 'type the same new password twice' });
    else if (change.next === change.current) problems.push({ field: 'new_password', message: 'choose a password other than the current one' });
    if (problems.length > 0) {
      throw new AppError('validation_error', problems.map((entry) => `${entry.field}: ${entry.message}`).join('; '), { errors: problems });
    }
    if (!(await this.confirmPassword(userId, change.current, clientAddress))) return false;
    await setPasswordHash(this.deps.db, userId, await hashPassword(change.next));
    return true;
  }

  async twoFactorState(userId: number): Promise<TwoFactorState> {
    const user = await this.deps.db.selectFrom('users').select(['totp_secret', 'totp_enabled_at']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.totp_secret === null) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
    const left = await this.deps.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { enabled: true, enabledAt: user.totp_enabled_at, recoveryCodesLeft: Number(left.count) };
  }

  /**
   * Turns two-factor sign-in on with the secret the user's app was given,
   * once the app shows it has it: a current code for that secret. The
   * password is asked too (counted like a sign-in when wrong), so a session
   * left open cannot tie the account to someone else's phone. Enabled, it
   * returns the new recovery codes (shown once, stored hashed). Already on:
   * 409 conflict.
   */
  async enableTwoFactor(
    userId: number,
    secret: string,
    proof: { password: string; code: string },
    clientAddress: string,
  ): Promise<{ outcome: 'enabled'; recoveryCodes: string[] } | { outcome: 'wrong_password' | 'wrong_code' }> {
    if (!(await this.confirmPassword(userId, proof.password, clientAddress))) return { outcome: 'wrong_password' };
    const now = this.deps.clock.now();
    const step = totpStep(secret, proof.code, now);
    if (step === null) return { outcome: 'wrong_code' };
    const recoveryCodes = newRecoveryCodes();
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await enableTotp(trx, userId, secret, now.toISOString(), step))) throw conflict('Two-factor sign-in is already on');
      await this.replaceRecoveryCodes(trx, userId, recoveryCodes);
    });
    return { outcome: 'enabled', recoveryCodes };
  }

  /**
   * Turns two-factor sign-in off: the password and a code (from the app, or
   * a recovery code) are asked, each wrong one counted as a failed sign-in.
   */
  async disableTwoFactor(userId: number, password: string, code: string, clientAddress: string): Promise<'disabled' | 'wrong_password' | 'wrong_code'> {
    if (!(await this.confirmPassword(userId, password, clientAddress))) return 'wrong_password';
    if (!(await this.confirmCode(userId, code, clientAddress))) return 'wrong_code';
    await this.deps.db.transaction().execute(async (trx) => {
      await disableTotp(trx, userId);
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    });
    return 'disabled';
  }

  /** Ten new recovery codes in place of the old ones (used or not), after a code; null when the code is wrong. */
  async renewRecoveryCodes(userId: number, code: string, clientAddress: string): Promise<string[] | null> {
    if (!(await this.confirmCode(userId, code, clientAddress))) return null;
    const codes = newRecoveryCodes();
    await this.deps.db.transaction().execute((trx) => this.replaceRecoveryCodes(trx, userId, codes));
    return codes;
  }

  /** A code asked again while signed in, throttled like the sign-in's; false when two-factor sign-in is off. */
  private async confirmCode(userId: number, code: string, clientAddress: string): Promise<boolean> {
    const user = await this.deps.db.selectFrom('users').select(['email', 'totp_secret']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.totp_secret === null) return false;
    await this.refuseWhenThrottled(user.email, clientAddress);
    if (!(await this.acceptCode(userId, user.totp_secret, code))) {
      await this.recordFailure(user.email, clientAddress);
      return false;
    }
    return true;
  }

  /**
   * A TOTP code is taken when it is current and its step is later than the
   * last one taken (a code seen over a shoulder cannot be used again); any
   * other text is tried as a recovery code, which is then used up. Both are
   * single conditional writes, so two requests with one code cannot both pass.
   */
  private async acceptCode(userId: number, secret: string, code: string): Promise<boolean> {
    if (asTotpCode(code) !== null) {
      const step = totpStep(secret, code, this.deps.clock.now());
      if (step === null) return false;
      return takeTotpStep(this.deps.db, userId, step);
    }
    if (code.trim() === '') return false;
    const used = await this.deps.db
      .updateTable('recovery_codes')
      .set({ used_at: this.deps.clock.now().toISOString() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', recoveryCodeHash(code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) > 0;
  }

  private async replaceRecoveryCodes(trx: Kysely<Database>, userId: number, codes: readonly string[]): Promise<void> {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    const createdAt = this.deps.clock.now().toISOString();
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code), created_at: createdAt, used_at: null })))
      .execute();
  }

  private async recordFailure(email: string, clientAddress: string): Promise<void> {
    await this.deps.db.insertInto('sign_in_failures').values({ email, client_address: clientAddress, at: this.deps.clock.now().toISOString() }).execute();
  }

  private async forgetFailures(email: string): Promise<void> {
    await this.deps.db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
  }

  private async refuseWhenThrottled(email: string, clientAddress: string): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const since = new Date(now - SIGN_IN_THROTTLE.windowMs).toISOString();
    const oldestCounted = async (column: 'email' | 'client_address', value: string, limit: number): Promise<string | null> => {
      const rows = await this.deps.db
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
    throw new AppError('rate_limited', `Too many failed sign-ins; try again in ${minutes(Math.ceil(retryAfterSeconds / 60))}`, {}, { retryAfterSeconds });
  }

  /** Failures older than the window count for nothing; dropped now and then. */
  async forgetOldFailures(): Promise<void> {
    const since = new Date(this.deps.clock.now().getTime() - SIGN_IN_THROTTLE.windowMs).toISOString();
    await this.deps.db.deleteFrom('sign_in_failures').where('at', '<=', since).execute();
  }
}
