// Tokens and passwords: generated with a CSPRNG, stored only as hashes,
// compared in constant time.
import { hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Tokens carry 256 random bits, so a fast hash is enough: there is nothing to
 * brute-force. Every API request hashes its key: the one-shot form skips
 * creating a Hash object each time.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Passwords are low-entropy, so they get a slow, salted hash: scrypt$salt$hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const candidate = await scryptAsync(password, Buffer.from(salt, 'hex'), 32);
  return sameHash(candidate.toString('hex'), hash);
}
