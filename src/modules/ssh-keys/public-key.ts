// OpenSSH public keys (`<type> <base64> [comment]`, one line of an
// authorized_keys or .pub file): parsing, the strength rules of D6, and the
// SHA256 fingerprint `ssh-keygen -l -E sha256` shows. Pure functions: the
// service turns an InvalidPublicKey into a 400 on `public_key`.
import { createHash, createPublicKey } from 'node:crypto';

export type PublicKeyType = 'ssh-ed25519' | 'ssh-rsa' | 'ecdsa-sha2-nistp256' | 'ecdsa-sha2-nistp384' | 'ecdsa-sha2-nistp521';

export interface ParsedPublicKey {
  type: PublicKeyType;
  /** The decoded key blob (SSH wire format), what the fingerprint is taken of. */
  blob: Buffer;
  comment: string | null;
  /** `<type> <base64>` plus ` <comment>` when there is one: what is stored and shown. */
  normalised: string;
  /** `SHA256:` and the unpadded base64 of the blob's SHA-256, as ssh-keygen prints it. */
  fingerprint: string;
}

export class InvalidPublicKey extends Error {}

export const MIN_RSA_BITS = 2048;

const ACCEPTED = 'use an ed25519, RSA (2048 bits or more) or ECDSA key';

// Each ECDSA type names its curve twice (in the type and inside the blob);
// the point is uncompressed: 0x04, then x and y of the curve's field size.
const ecdsaCurves = {
  'ecdsa-sha2-nistp256': { name: 'nistp256', jwkCurve: 'P-256', fieldBytes: 32 },
  'ecdsa-sha2-nistp384': { name: 'nistp384', jwkCurve: 'P-384', fieldBytes: 48 },
  'ecdsa-sha2-nistp521': { name: 'nistp521', jwkCurve: 'P-521', fieldBytes: 66 },
} as const;

type EcdsaType = keyof typeof ecdsaCurves;

function isAccepted(type: string): type is PublicKeyType {
  // hasOwn, not `in`: a type such as "toString" or "__proto__" must not look like a curve.
  return type === 'ssh-ed25519' || type === 'ssh-rsa' || Object.hasOwn(ecdsaCurves, type);
}

/** Reads the SSH wire format (RFC 4251 §5): uint32-length-prefixed strings and mpints. */
class WireReader {
  private offset = 0;

  constructor(private readonly data: Buffer) {}

  get done(): boolean {
    return this.offset === this.data.length;
  }

  string(what: string): Buffer {
    if (this.data.length - this.offset < 4) throw new InvalidPublicKey(`the key data is cut short before the ${what}`);
    const length = this.data.readUInt32BE(this.offset);
    this.offset += 4;
    if (length > this.data.length - this.offset) throw new InvalidPublicKey(`the key data is cut short in the ${what}`);
    const value = this.data.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }

  /** A positive, minimally encoded multiple-precision integer, without its sign byte. */
  positiveMpint(what: string): Buffer {
    const value = this.string(what);
    if (value.length === 0 || (value[0]! & 0x80) !== 0) throw new InvalidPublicKey(`the ${what} of the key is not a positive number`);
    if (value[0] === 0 && (value.length === 1 || (value[1]! & 0x80) === 0)) {
      throw new InvalidPublicKey(`the ${what} of the key is not minimally encoded`);
    }
    return value[0] === 0 ? value.subarray(1) : value;
  }
}

function bitLength(magnitude: Buffer): number {
  const top = magnitude[0] ?? 0;
  return top === 0 ? 0 : (magnitude.length - 1) * 8 + (32 - Math.clz32(top));
}

function decodeBase64(text: string): Buffer {
  // Strict: only the standard alphabet, correct padding, and nothing
  // Buffer.from would silently skip or repair.
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) throw new InvalidPublicKey('the key data is not valid base64');
  const decoded = Buffer.from(text, 'base64');
  if (decoded.toString('base64') !== text) throw new InvalidPublicKey('the key data is not valid base64');
  return decoded;
}

function checkEd25519(reader: WireReader): void {
  const key = reader.string('ed25519 key');
  if (key.length !== 32) throw new InvalidPublicKey(`an ed25519 key is 32 bytes, this one is ${key.length}`);
}

function checkRsa(reader: WireReader): void {
  const exponent = reader.positiveMpint('exponent');
  const modulus = reader.positiveMpint('modulus');
  if ((exponent[exponent.length - 1]! & 1) === 0 || bitLength(exponent) < 2) throw new InvalidPublicKey('the RSA exponent is not valid');
  const bits = bitLength(modulus);
  if (bits < MIN_RSA_BITS) throw new InvalidPublicKey(`RSA keys must have at least ${MIN_RSA_BITS} bits, this one has ${bits}; ${ACCEPTED}`);
}

function checkEcdsa(reader: WireReader, type: EcdsaType): void {
  const curve = ecdsaCurves[type];
  const curveName = reader.string('curve name').toString('latin1');
  if (curveName !== curve.name) throw new InvalidPublicKey(`the key data names the curve "${curveName}" but the type is ${type}`);
  const point = reader.string('curve point');
  if (point.length !== 1 + 2 * curve.fieldBytes || point[0] !== 0x04) {
    throw new InvalidPublicKey(`the ${curve.name} public point is not an uncompressed point of that curve`);
  }
  // OpenSSL refuses a point that is not on the curve; ssh-keygen does too.
  try {
    createPublicKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: curve.jwkCurve,
        x: point.subarray(1, 1 + curve.fieldBytes).toString('base64url'),
        y: point.subarray(1 + curve.fieldBytes).toString('base64url'),
      },
    });
  } catch {
    throw new InvalidPublicKey(`the ${curve.name} public point is not on the curve`);
  }
}

export function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/**
 * Parses one OpenSSH public key line. Throws InvalidPublicKey with a message
 * a person can act on for anything else: private keys, other formats, other
 * or weak key types, several lines, and key data that is damaged or does not
 * match the type it is given as.
 */
export function parsePublicKey(text: string): ParsedPublicKey {
  const line = text.trim();
  if (line === '') throw new InvalidPublicKey('is empty; paste the contents of the .pub file');
  if (/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(line)) {
    throw new InvalidPublicKey('is a private key; never share it. Paste the public key (the contents of the .pub file) instead');
  }
  if (/^-----BEGIN |^---- BEGIN SSH2 PUBLIC KEY ----/.test(line)) {
    throw new InvalidPublicKey('is a PEM or RFC 4716 key; give it in OpenSSH format (ssh-keygen -i -f key converts it)');
  }
  if (/[\r\n]/.test(line)) throw new InvalidPublicKey('must be one key on a single line');

  const match = /^(\S+)[ \t]+(\S+)(?:[ \t]+(.*))?$/.exec(line);
  if (!match) throw new InvalidPublicKey('must be an OpenSSH public key: "<type> <base64 key data> [comment]"');
  const [, type = '', data = '', rawComment] = match;
  if (type === 'ssh-dss') throw new InvalidPublicKey(`DSA keys are not accepted; ${ACCEPTED}`);
  if (!isAccepted(type)) {
    const shown = type.length > 40 ? `${type.slice(0, 40)}…` : type;
    throw new InvalidPublicKey(`"${shown}" is not a supported key type; ${ACCEPTED}`);
  }

  const blob = decodeBase64(data);
  const reader = new WireReader(blob);
  const blobType = reader.string('key type').toString('latin1');
  if (blobType !== type) throw new InvalidPublicKey(`the key data is for a ${blobType.slice(0, 40) || 'missing'} key but the line says ${type}`);
  if (type === 'ssh-ed25519') checkEd25519(reader);
  else if (type === 'ssh-rsa') checkRsa(reader);
  else checkEcdsa(reader, type);
  if (!reader.done) throw new InvalidPublicKey('the key data has unexpected bytes at the end');

  const comment = rawComment?.trim() || null;
  return {
    type,
    blob,
    comment,
    normalised: comment ? `${type} ${data} ${comment}` : `${type} ${data}`,
    fingerprint: fingerprintOf(blob),
  };
}
