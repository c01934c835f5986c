// Reverse DNS in a real PowerDNS Authoritative server (RDNS_BACKEND=powerdns):
// the same endpoint cases as the built-in store, each checked with `dig -x`
// against that server, plus what only a real server can do wrong: be
// unreachable, not answer, or already hold zones cut differently.
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { test } from 'node:test';
import type { Config } from '../../src/config.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { startPowerDns, type PowerDns } from '../helpers/powerdns.ts';
import { assertProblem } from '../helpers/problems.ts';
import { reverseDnsTests } from './reverse-dns.cases.ts';

function powerDnsConfig(pdns: Pick<PowerDns, 'apiUrl' | 'apiKey' | 'serverId'>, timeoutMs = 5000): Partial<Config> {
  return { rdns: { backend: 'powerdns', apiUrl: pdns.apiUrl, apiKey: pdns.apiKey, serverId: pdns.serverId, timeoutMs } };
}

reverseDnsTests({
  name: 'PowerDNS',
  longestName: 253,
  async start(t) {
    const pdns = await startPowerDns(t);
    return { config: powerDnsConfig(pdns), digReverse: (address) => pdns.digReverse(address) };
  },
});

async function serverWithAddresses(app: TestApp): Promise<{ key: string; slug: string; id: string; primary: string; subnet: string }> {
  const owner = await app.createUser({ credit: '100.00' });
  const slug = await app.createReadyProject(owner.key, 'PowerDNS');
  const placed = await app.admin(`/projects/${slug}/servers`, {
    method: 'POST',
    body: { hostname: 'pdns-1', product_id: 1, location: 'fsn1', image: 'debian-12', ipv6: true },
  });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  return { key: owner.key, slug, id: placed.body.id, primary: placed.body.network.ipv4[0].address, subnet: placed.body.network.ipv6[0].subnet };
}

async function assertAllUnavailable(app: TestApp, key: string, base: string, address: string, label: string): Promise<void> {
  for (const [method, path, body] of [
    ['GET', `${base}/`, undefined],
    ['PUT', `${base}/${address}/`, { ptr: 'x.example.com' }],
    ['DELETE', `${base}/${address}/`, undefined],
  ] as const) {
    const answer = await app.api(path, { method, key, body });
    assertProblem(answer, 503, 'reverse_dns_unavailable', `${label}: ${method}`);
    assert.equal(answer.headers.get('retry-after'), '300', `${label}: ${method}`);
  }
}

test('PowerDNS: zones are created when missing (/24 for IPv4, /48 for IPv6), and a zone the server already has is used', async (t) => {
  const pdns = await startPowerDns(t);
  // The operator already delegates the IPv6 pool as one /32 zone: records go there, no /48 zone is made.
  const created = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones`, {
    method: 'POST',
    headers: { 'X-API-Key': pdns.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: '8.b.d.0.1.0.0.2.ip6.arpa.', kind: 'Native', nameservers: [] }),
  });
  assert.equal(created.status, 201);
  const app = await build(t, { config: powerDnsConfig(pdns) });
  const { key, slug, id, primary, subnet } = await serverWithAddresses(app);
  const v6 = subnet.replace('::/64', '::10');

  assert.equal((await app.api(`/projects/${slug}/servers/${id}/reverse-dns/${primary}/`, { method: 'PUT', key, body: { ptr: 'a.example.com' } })).status, 200);
  assert.equal((await app.api(`/projects/${slug}/servers/${id}/reverse-dns/${v6}/`, { method: 'PUT', key, body: { ptr: 'b.example.com' } })).status, 200);
  const ipv4Zone = `${primary.split('.').slice(0, 3).reverse().join('.')}.in-addr.arpa.`;
  assert.deepEqual(await pdns.zoneNames(), [ipv4Zone, '8.b.d.0.1.0.0.2.ip6.arpa.'].sort());
  assert.equal(await pdns.digReverse(primary), 'a.example.com.');
  assert.equal(await pdns.digReverse(v6), 'b.example.com.');

  // Removing the last name keeps the zone: zones are the operator's delegation.
  assert.equal((await app.api(`/projects/${slug}/servers/${id}/reverse-dns/${primary}/`, { method: 'DELETE', key })).status, 204);
  assert.ok((await pdns.zoneNames()).includes(ipv4Zone));
  assert.equal(await pdns.digReverse(primary), '');
});

test('PowerDNS unreachable: 503 reverse_dns_unavailable with Retry-After: 300 on all three endpoints', async (t) => {
  // A port nothing listens on.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as { port: number };
  await new Promise((resolve) => closed.close(resolve));

  const app = await build(t, { config: powerDnsConfig({ apiUrl: `http://127.0.0.1:${port}`, apiKey: 'k', serverId: 'localhost' }) });
  const { key, slug, id, primary } = await serverWithAddresses(app);
  await assertAllUnavailable(app, key, `/projects/${slug}/servers/${id}/reverse-dns`, primary, 'refused');
});

test('PowerDNS that does not answer within PDNS_TIMEOUT_MS: 503 reverse_dns_unavailable', async (t) => {
  // Accepts connections and never answers.
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  t.after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
  const { port } = silent.address() as { port: number };

  const app = await build(t, { config: powerDnsConfig({ apiUrl: `http://127.0.0.1:${port}`, apiKey: 'k', serverId: 'localhost' }, 300) });
  const { key, slug, id, primary } = await serverWithAddresses(app);
  await assertAllUnavailable(app, key, `/projects/${slug}/servers/${id}/reverse-dns`, primary, 'silent');
});

test('PowerDNS refusing the API key: 502 upstream_error, nothing written', async (t) => {
  const pdns = await startPowerDns(t);
  const app = await build(t, { config: powerDnsConfig({ ...pdns, apiKey: 'wrong-key' }) });
  const { key, slug, id, primary } = await serverWithAddresses(app);
  assertProblem(await app.api(`/projects/${slug}/servers/${id}/reverse-dns/${primary}/`, { method: 'PUT', key, body: { ptr: 'x.example.com' } }), 502, 'upstream_error');
  assert.equal(await pdns.digReverse(primary), '');
});
