// One strict reading of a written IP address for the whole service.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseIpAddress } from '../../src/ip-address.ts';

test('IPv4 only as four decimal parts; IPv6 in any valid spelling but without a zone id', () => {
  assert.equal(parseIpAddress('192.0.2.5')?.toString(), '192.0.2.5');
  assert.equal(parseIpAddress('2001:db8:0:0::1')?.toString(), '2001:db8::1');
  assert.equal(parseIpAddress('::ffff:192.0.2.5')?.kind(), 'ipv6');
  for (const text of ['127.1', '010.0.0.1', '0x7f.0.0.1', '192.0.2', '192.0.2.256', 'fe80::1%eth0', '2001:db8::/64', '', 'example.com', '1.2.3.4.5']) {
    assert.equal(parseIpAddress(text), undefined, text);
  }
});
