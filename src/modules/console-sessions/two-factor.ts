// The codes of two-factor sign-in, apart from where they are stored: TOTP
// (RFC 6238, through the otpauth library: SHA-1, 6 digits, 30-second steps,
// what every authenticator app reads from an otpauth:// URI) and recovery
// codes. A TOTP code is accepted one step early or late (clocks drift) and
// its step is returned, so the caller can refuse the same code twice.
// Recovery codes carry 80 random bits, so a fast hash stores them safely.
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from '../../secrets.ts';

/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'cloudplane';
export const RECOVERY_CODE_COUNT = 10;

/** Steps either side of now a code may come from: ±30 seconds of clock drift. */
const STEP_WINDOW = 1;
const PERIOD_SECONDS = 30;
// Crockford's base32 without I, L, O, U: nothing to misread when typed from paper.
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function totpFor(secretBase32: string, accountName = ''): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: accountName, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new authenticator secret: 160 random bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What an authenticator app scans: otpauth://totp/cloudplane:<e-mail>?secret=…&issuer=cloudplane… */
export function totpUri(secretBase32: string, accountName: string): string {
  return totpFor(secretBase32, accountName).toString();
}

/** The secret in groups of four, as it is easiest to type into an app by hand. */
export function groupedSecret(secretBase32: string): string {
  return secretBase32.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Six digits, spaces allowed (apps show "123 456"); anything else is not a TOTP code. */
export function asTotpCode(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The time step the code belongs to at `now`, or null when it is not a current code. */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const token = asTotpCode(code);
  if (token === null) return null;
  const timestamp = now.getTime();
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token, timestamp, window: STEP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** Ten codes such as "7KQ2-M9XD-4HTV-PB3R", to be shown once and stored hashed. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(16);
    const characters = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return characters.match(/.{4}/g)!.join('-');
  });
}

/** The stored hash of a recovery code as typed: case, spaces and dashes do not matter, and O/I/L read as 0/1/1. */
export function recoveryCodeHash(input: string): string {
  const normalised = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return hashToken(`recovery-code:${normalised}`);
}
