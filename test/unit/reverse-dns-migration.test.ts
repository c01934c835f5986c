// Migration 0005 keys the reverse DNS rows with its own frozen copy of the
// address reading of its day (it may import nothing but kysely). These keys
// are what it wrote then; a change to them belongs in a new migration.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressKey } from '../../src/db/migrations/0005-reverse-dns.ts';

test('migration 0005 keys an address as it did the day it was written', () => {
  const cases: [string, string | undefined][] = [
    ['192.0.2.5', '4c0000205'],
    ['0.0.0.0', '400000000'],
    ['255.255.255.255', '4ffffffff'],
    ['2001:db8::1', '620010db8000000000000000000000001'],
    ['2001:DB8:0:0:0:0:0:1', '620010db8000000000000000000000001'],
    ['::', '600000000000000000000000000000000'],
    ['::ffff:192.0.2.5', '600000000000000000000ffffc0000205'],
    ['::192.0.2.5', '600000000000000000000ffffc0000205'],
    ['1:2:3:4:5:6:7:8', '600010002000300040005000600070008'],
    // Refused, so the row goes: not four decimal parts, a zone id, more than one "::", not an address.
    ['127.1', undefined],
    ['01.2.3.4', undefined],
    ['256.1.1.1', undefined],
    ['fe80::1%eth0', undefined],
    ['1::2::3', undefined],
    ['12345::', undefined],
    ['not an address', undefined],
  ];
  for (const [text, key] of cases) assert.equal(addressKey(text), key, text);
});
