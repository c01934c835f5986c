// OpenSSH public keys made with node:crypto, so tests need no ssh-keygen.
import { generateKeyPairSync } from 'node:crypto';

/** A string in the SSH wire format: 4-byte length, then the bytes. */
export function wireString(value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'latin1') : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** A fresh ed25519 public key as an OpenSSH line. */
export function ed25519Key(comment?: string): string {
  const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
  const blob = Buffer.concat([wireString('ssh-ed25519'), wireString(Buffer.from(jwk.x!, 'base64url'))]);
  return `ssh-ed25519 ${blob.toString('base64')}${comment ? ` ${comment}` : ''}`;
}
