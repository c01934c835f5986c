// OpenSSH public keys: real keys made by ssh-keygen are accepted with the
// fingerprint ssh-keygen itself prints; weak, foreign, damaged and private
// keys are refused with a message that says why. Needs ssh-keygen
// (Debian: openssh-client).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fingerprintOf, InvalidPublicKey, parsePublicKey } from '../../src/modules/ssh-keys/public-key.ts';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-public-key-'));
after(() => fs.rmSync(directory, { recursive: true, force: true }));

let counter = 0;

interface GeneratedKey {
  /** The .pub file as ssh-keygen wrote it. */
  publicLine: string;
  privateText: string;
  /** `SHA256:…` as `ssh-keygen -l -E sha256` prints it. */
  fingerprint: string;
  bits: number;
}

function sshKeygen(type: string, bits: number | null, comment: string): GeneratedKey {
  counter += 1;
  const file = path.join(directory, `key${counter}`);
  const args = ['-q', '-t', type, '-N', '', '-C', comment, '-f', file];
  if (bits !== null) args.push('-b', String(bits));
  execFileSync('ssh-keygen', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const listed = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${file}.pub`], { encoding: 'utf8' });
  const match = /^(\d+) (SHA256:[A-Za-z0-9+/]+) /.exec(listed);
  assert.ok(match, `unexpected ssh-keygen -l output: ${listed}`);
  return {
    publicLine: fs.readFileSync(`${file}.pub`, 'utf8'),
    privateText: fs.readFileSync(file, 'utf8'),
    fingerprint: match[2]!,
    bits: Number(match[1]),
  };
}

function refused(text: string, message: RegExp): void {
  assert.throws(
    () => parsePublicKey(text),
    (error: unknown) => {
      assert.ok(error instanceof InvalidPublicKey, `expected InvalidPublicKey, got ${String(error)}`);
      assert.match(error.message, message);
      return true;
    },
  );
}

/** SSH wire format: a uint32 length, then the bytes. */
function wireString(value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'latin1') : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function blobOf(line: string): Buffer {
  return Buffer.from(line.split(' ')[1]!, 'base64');
}

describe('keys made by ssh-keygen are accepted with its fingerprint', () => {
  const cases: Array<[string, string, number | null]> = [
    ['ed25519', 'ssh-ed25519', null],
    ['rsa 2048', 'ssh-rsa', 2048],
    ['rsa 3072', 'ssh-rsa', 3072],
    ['rsa 4096', 'ssh-rsa', 4096],
    ['ecdsa 256', 'ecdsa-sha2-nistp256', 256],
    ['ecdsa 384', 'ecdsa-sha2-nistp384', 384],
    ['ecdsa 521', 'ecdsa-sha2-nistp521', 521],
  ];
  for (const [label, type, bits] of cases) {
    test(label, () => {
      const generated = sshKeygen(type === 'ssh-ed25519' ? 'ed25519' : type === 'ssh-rsa' ? 'rsa' : 'ecdsa', bits, `me@${label.replace(' ', '-')}`);
      if (bits !== null) assert.equal(generated.bits, bits);
      const parsed = parsePublicKey(generated.publicLine);
      assert.equal(parsed.type, type);
      assert.equal(parsed.fingerprint, generated.fingerprint);
      assert.equal(parsed.comment, `me@${label.replace(' ', '-')}`);
      assert.equal(parsed.normalised, generated.publicLine.trim());
      assert.deepEqual(parsed.blob, blobOf(generated.publicLine));
    });
  }
});

test('a recorded key gives the fingerprint ssh-keygen printed for it', () => {
  const parsed = parsePublicKey('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl laptop');
  assert.equal(parsed.fingerprint, 'SHA256:+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU');
  assert.equal(fingerprintOf(parsed.blob), parsed.fingerprint);
  assert.doesNotMatch(parsed.fingerprint, /=/);
});

test('normalising: surrounding space and line ends go, tabs become one space, the comment is kept whole', () => {
  const generated = sshKeygen('ed25519', null, '');
  const [type, data] = generated.publicLine.trim().split(' ');
  assert.equal(parsePublicKey(generated.publicLine).comment, null);
  assert.equal(parsePublicKey(generated.publicLine).normalised, `${type} ${data}`);
  const spaced = parsePublicKey(`  \t${type}\t ${data}   work laptop (2024)  \r\n`);
  assert.equal(spaced.normalised, `${type} ${data} work laptop (2024)`);
  assert.equal(spaced.comment, 'work laptop (2024)');
  assert.equal(spaced.fingerprint, generated.fingerprint);
});

describe('refused', () => {
  test('RSA under 2048 bits, naming the size', () => {
    refused(sshKeygen('rsa', 1024, 'weak').publicLine, /at least 2048 bits.*has 1024/);
  });

  test('DSA', () => {
    refused(sshKeygen('dsa', null, 'old').publicLine, /DSA keys are not accepted/);
  });

  test('a private key, OpenSSH or PEM', () => {
    refused(sshKeygen('ed25519', null, 'secret').privateText, /private key/);
    refused('-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\n', /private key/);
  });

  test('other formats of public key', () => {
    refused('-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----', /OpenSSH format/);
    refused('---- BEGIN SSH2 PUBLIC KEY ----\nAAAAC3NzaC1lZDI1NTE5\n---- END SSH2 PUBLIC KEY ----', /OpenSSH format/);
  });

  test('garbage, empty, a type alone, unknown types and authorized_keys options', () => {
    refused('', /empty/);
    refused('   \n ', /empty/);
    refused('hello', /OpenSSH public key/);
    refused('ssh-ed25519', /OpenSSH public key/);
    refused('not a key at all', /"not" is not a supported key type/);
    const line = sshKeygen('ed25519', null, 'x').publicLine.trim();
    refused(`no-pty,command="/bin/true" ${line}`, /not a supported key type/);
    refused(line.replace('ssh-ed25519', 'sk-ssh-ed25519@openssh.com'), /not a supported key type/);
    // Names every object has must not pass for a key type.
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const blob = Buffer.concat([wireString(name), wireString(name), wireString(Buffer.alloc(65, 4))]);
      refused(`${name} ${blob.toString('base64')}`, /not a supported key type/);
    }
  });

  test('several lines', () => {
    const first = sshKeygen('ed25519', null, 'one').publicLine.trim();
    const second = sshKeygen('ed25519', null, 'two').publicLine.trim();
    refused(`${first}\n${second}`, /single line/);
    refused(`${first}\r${second}`, /single line/);
  });

  test('bad base64', () => {
    const [type, data] = sshKeygen('ed25519', null, '').publicLine.trim().split(' ') as [string, string];
    refused(`${type} ${data.slice(0, 20)}!${data.slice(21)}`, /not valid base64/);
    refused(`${type} ${data.slice(0, -1)}`, /not valid base64/);
    refused(`${type} ${data}=`, /not valid base64/);
    refused(`${type} ${data.replace(/\+/g, '-').replace(/\//g, '_')}x`, /not valid base64/);
  });

  test('a truncated or overlong blob', () => {
    for (const [keyType, bits] of [['ed25519', null], ['rsa', 2048], ['ecdsa', 256]] as const) {
      const line = sshKeygen(keyType, bits, '').publicLine.trim();
      const [type] = line.split(' ');
      const blob = blobOf(line);
      refused(`${type} ${blob.subarray(0, blob.length - 1).toString('base64')}`, /cut short|not an uncompressed point|32 bytes/);
      refused(`${type} ${blob.subarray(0, 10).toString('base64')}`, /cut short/);
      refused(`${type} ${Buffer.concat([blob, Buffer.from([0])]).toString('base64')}`, /unexpected bytes at the end/);
    }
  });

  test('a type inside the blob other than the one on the line', () => {
    const ed25519 = sshKeygen('ed25519', null, '').publicLine.trim();
    refused(ed25519.replace('ssh-ed25519', 'ssh-rsa'), /for a ssh-ed25519 key but the line says ssh-rsa/);
    const ecdsa = sshKeygen('ecdsa', 256, '').publicLine.trim();
    refused(ecdsa.replace('ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384'), /line says ecdsa-sha2-nistp384/);
  });

  test('an ECDSA curve name that does not match the type, or a point off the curve', () => {
    const line = sshKeygen('ecdsa', 256, '').publicLine.trim();
    const blob = blobOf(line);
    // type string (4 + 19), curve name (4 + 8), point (4 + 65)
    const point = blob.subarray(4 + 19 + 4 + 8 + 4);
    assert.equal(point.length, 65);
    const renamed = Buffer.concat([wireString('ecdsa-sha2-nistp256'), wireString('nistp384'), wireString(point)]);
    refused(`ecdsa-sha2-nistp256 ${renamed.toString('base64')}`, /names the curve "nistp384"/);
    const moved = Buffer.from(point);
    moved[64] = moved[64]! ^ 1;
    const offCurve = Buffer.concat([wireString('ecdsa-sha2-nistp256'), wireString('nistp256'), wireString(moved)]);
    refused(`ecdsa-sha2-nistp256 ${offCurve.toString('base64')}`, /not on the curve/);
    const compressed = Buffer.concat([wireString('ecdsa-sha2-nistp256'), wireString('nistp256'), wireString(Buffer.concat([Buffer.from([2]), point.subarray(1, 33)]))]);
    refused(`ecdsa-sha2-nistp256 ${compressed.toString('base64')}`, /not an uncompressed point/);
  });

  test('RSA numbers that are negative or padded', () => {
    const line = sshKeygen('rsa', 2048, '').publicLine.trim();
    const blob = blobOf(line);
    // type string (4 + 7), exponent, modulus
    const exponentLength = blob.readUInt32BE(11);
    const exponent = blob.subarray(15, 15 + exponentLength);
    const modulus = blob.subarray(15 + exponentLength + 4);
    assert.equal(modulus[0], 0, 'a 2048-bit modulus has its sign byte');
    const negative = Buffer.concat([wireString('ssh-rsa'), wireString(exponent), wireString(modulus.subarray(1))]);
    refused(`ssh-rsa ${negative.toString('base64')}`, /modulus of the key is not a positive number/);
    const padded = Buffer.concat([wireString('ssh-rsa'), wireString(Buffer.concat([Buffer.from([0]), exponent])), wireString(modulus)]);
    refused(`ssh-rsa ${padded.toString('base64')}`, /exponent of the key is not minimally encoded/);
    const evenExponent = Buffer.concat([wireString('ssh-rsa'), wireString(Buffer.from([2])), wireString(modulus)]);
    refused(`ssh-rsa ${evenExponent.toString('base64')}`, /exponent is not valid/);
  });

  test('an ed25519 key of the wrong size', () => {
    const short = Buffer.concat([wireString('ssh-ed25519'), wireString(Buffer.alloc(31, 7))]);
    refused(`ssh-ed25519 ${short.toString('base64')}`, /32 bytes, this one is 31/);
  });
});
