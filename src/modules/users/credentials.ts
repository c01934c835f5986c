// A user's sign-in credentials as the users table keeps them: the password's
// hash and the two-factor secret with the last time step it accepted. The
// console's sign-in (console-sessions) decides when they change; these are
// the only statements that write them, as the table is the users module's.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Stores a new password hash (hashed by the caller: secrets.ts's hashPassword). */
export async function setPasswordHash(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Turns two-factor sign-in on with `secret`, unless it is on already: of two at once, one wins (false for the other). */
export async function enableTotp(db: Kysely<Database>, userId: number, secret: string, enabledAt: string, step: number): Promise<boolean> {
  const turnedOn = await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_enabled_at: enabledAt, totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return Number(turnedOn.numUpdatedRows) > 0;
}

/** Turns two-factor sign-in off. */
export async function disableTotp(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('users').set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where('id', '=', userId).execute();
}

/**
 * Takes a code's time step, if no code of that step or a later one was
 * accepted before: a code is good once. False when it was taken already.
 */
export async function takeTotpStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const taken = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}
