// The reverse DNS endpoints (spec: Reverse DNS entry, the three endpoints and
// their rules, 503 reverse_dns_unavailable; DESIGN D2, D11), written once and
// run against each backend: the built-in store (reverse-dns.test.ts) and a
// real PowerDNS (reverse-dns-powerdns.test.ts). Where the backend is a real
// DNS server, every change is also checked with `dig -x` against it.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../src/config.ts';
import { eventually, type CallResult } from '../helpers/build.ts';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { addMember, buildWorld, placeServer, setFault, type World } from '../helpers/world.ts';

type Json = Record<string, any>;

export interface ReverseDnsBackend {
  name: string;
  /**
   * The longest name the backend can hold. The API's rule allows 255
   * characters; a real DNS server holds at most 253 (255 octets on the wire),
   * and a longer one is refused as a 400 on ptr with its reason.
   */
  longestName: number;
  /** Starts what the backend needs for one test; the config points the app at it. */
  start(t: TestContext): Promise<{ config: Partial<Config>; digReverse?: (address: string) => Promise<string> }>;
}

/** A world on the backend, and a way to ask it over DNS when it is a real DNS server. */
interface ReverseDnsWorld extends World {
  digReverse?: (address: string) => Promise<string>;
}

async function world(t: TestContext, backend: ReverseDnsBackend): Promise<ReverseDnsWorld> {
  const { config, digReverse } = await backend.start(t);
  const w = await buildWorld(t, { build: { config }, credit: '100.00', project: 'Reverse DNS' });
  return { ...w, digReverse };
}

/** A server with an additional IPv4 address and an IPv6 subnet, unless `body` says otherwise. */
function place(w: ReverseDnsWorld, body: Json = {}): Promise<Json> {
  return placeServer(w, { ipv4_additional: 1, ipv6: true, ...body });
}

const ipv4Of = (server: Json): [string, string, ...string[]] => server.network.ipv4.map((entry: Json) => entry.address);
const subnetOf = (server: Json): string => server.network.ipv6[0].subnet;
/** An address inside the server's /64, written canonically: the subnet's network with `::a1` as interface id. */
const insideSubnet = (server: Json, suffix = 'a1'): string => subnetOf(server).replace('::/64', `::${suffix}`);

function list(w: ReverseDnsWorld, serverId: string, query = '', key = w.key): Promise<CallResult> {
  return w.app.api(`/projects/${w.slug}/servers/${serverId}/reverse-dns/${query}`, { key });
}

function getOne(w: ReverseDnsWorld, serverId: string, address: string, key = w.key): Promise<CallResult> {
  return w.app.api(`/projects/${w.slug}/servers/${serverId}/reverse-dns/${encodeURIComponent(address)}/`, { key });
}

function put(w: ReverseDnsWorld, serverId: string, address: string, body: unknown, key = w.key): Promise<CallResult> {
  return w.app.api(`/projects/${w.slug}/servers/${serverId}/reverse-dns/${encodeURIComponent(address)}/`, { method: 'PUT', key, body });
}

function remove(w: ReverseDnsWorld, serverId: string, address: string, key = w.key): Promise<CallResult> {
  return w.app.api(`/projects/${w.slug}/servers/${serverId}/reverse-dns/${encodeURIComponent(address)}/`, { method: 'DELETE', key });
}

/** The list's entries (first page). */
async function entries(w: ReverseDnsWorld, serverId: string): Promise<[Json, ...Json[]]> {
  const response = await list(w, serverId);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.results;
}

/** What a real DNS server answers for the address, when the backend is one. */
async function assertResolves(w: ReverseDnsWorld, address: string, ptr: string | null): Promise<void> {
  if (!w.digReverse) return;
  assert.equal(await w.digReverse(address), ptr === null ? '' : `${ptr}.`, `dig -x ${address}`);
}

export function reverseDnsTests(backend: ReverseDnsBackend): void {
  const name = (what: string) => `${backend.name}: ${what}`;

  test(name('list, set, replace and remove the PTR of an IPv4 address; the list has one entry per IPv4 address, primary first'), async (t) => {
    const w = await world(t, backend);
    const server = await place(w);
    const [primary, additional] = ipv4Of(server);

    const empty = await list(w, server.id);
    assert.equal(empty.status, 200, JSON.stringify(empty.body));
    assert.deepEqual(empty.body, {
      count: 2,
      next: null,
      previous: null,
      results: [
        { address: primary, ptr: null },
        { address: additional, ptr: null },
      ],
    });
    await assertResolves(w, primary, null);

    const set = await put(w, server.id, primary, { ptr: 'web-1.example.com' });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(set.body, { address: primary, ptr: 'web-1.example.com' });
    assert.deepEqual(await entries(w, server.id), [
      { address: primary, ptr: 'web-1.example.com' },
      { address: additional, ptr: null },
    ]);
    await assertResolves(w, primary, 'web-1.example.com');

    // Each address is also reachable on its own (D11), with or without a name.
    const one = await getOne(w, server.id, primary);
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.deepEqual(one.body, { address: primary, ptr: 'web-1.example.com' });
    assert.deepEqual((await getOne(w, server.id, additional)).body, { address: additional, ptr: null });

    // A second PUT replaces the name: an address has one PTR.
    const replaced = await put(w, server.id, primary, { ptr: 'Mail.Example.NET' });
    assert.deepEqual(replaced.body, { address: primary, ptr: 'Mail.Example.NET' });
    assert.deepEqual((await entries(w, server.id))[0], { address: primary, ptr: 'Mail.Example.NET' });
    await assertResolves(w, primary, 'Mail.Example.NET');

    await put(w, server.id, additional, { ptr: 'extra.example.com' });
    const removed = await remove(w, server.id, primary);
    assert.equal(removed.status, 204);
    assert.equal(removed.body, null, '204 has no body');
    assert.deepEqual(await entries(w, server.id), [
      { address: primary, ptr: null },
      { address: additional, ptr: 'extra.example.com' },
    ]);
    await assertResolves(w, primary, null);
    await assertResolves(w, additional, 'extra.example.com');

    // Removing a name that is not there is not an error.
    assert.equal((await remove(w, server.id, primary)).status, 204);
  });

  test(name('IPv6: any address inside the server subnet, written any valid way, is the same canonical address; set there but never listed'), async (t) => {
    const w = await world(t, backend);
    const server = await place(w);
    const address = insideSubnet(server);
    const expanded = ipaddr.IPv6.parse(address).toNormalizedString().split(':').map((group) => group.padStart(4, '0')).join(':').toUpperCase();
    assert.match(expanded, /^[0-9A-F]{4}(:[0-9A-F]{4}){7}$/, `${expanded} is the fully written form of ${address}`);

    const set = await put(w, server.id, expanded, { ptr: 'v6.example.com' });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(set.body, { address, ptr: 'v6.example.com' }, 'answered in canonical form');
    await assertResolves(w, address, 'v6.example.com');

    // Reachable by GET on the address, in any spelling, though not listed (D11); an address of the subnet without a name answers ptr null.
    for (const spelling of [address, expanded, address.toUpperCase()]) {
      const one = await getOne(w, server.id, spelling);
      assert.equal(one.status, 200, `GET ${spelling}: ${JSON.stringify(one.body)}`);
      assert.deepEqual(one.body, { address, ptr: 'v6.example.com' }, `GET ${spelling}`);
    }
    assert.deepEqual((await getOne(w, server.id, insideSubnet(server, 'b2'))).body, { address: insideSubnet(server, 'b2'), ptr: null });

    // Not listed: the list holds the IPv4 addresses only.
    assert.deepEqual((await entries(w, server.id)).map((entry) => entry.address), ipv4Of(server));

    // Another spelling replaces the same record, and deleting by the canonical form removes it.
    const again = await put(w, server.id, address.toUpperCase(), { ptr: 'v6-renamed.example.com' });
    assert.deepEqual(again.body, { address, ptr: 'v6-renamed.example.com' });
    await assertResolves(w, address, 'v6-renamed.example.com');
    assert.equal((await remove(w, server.id, expanded.toLowerCase())).status, 204);
    await assertResolves(w, address, null);

    // Both ends of the /64 are inside it.
    const base = ipaddr.IPv6.networkAddressFromCIDR(subnetOf(server)).toString();
    const last = ipaddr.IPv6.broadcastAddressFromCIDR(subnetOf(server)).toString();
    assert.equal((await put(w, server.id, base, { ptr: 'first.example.com' })).status, 200);
    assert.equal((await put(w, server.id, last, { ptr: 'last.example.com' })).status, 200);
    await assertResolves(w, last, 'last.example.com');
  });

  test(name('an address that is not the server\'s (another server\'s, outside the subnet, malformed) answers 404 not_found'), async (t) => {
    const w = await world(t, backend);
    const server = await place(w);
    const neighbour = await place(w, { hostname: 'web-2' });
    const other = await place(w, { hostname: 'no-v6', ipv6: false, ipv4_additional: 0 });

    const outsideSubnet = subnetOf(neighbour).replace('::/64', '::1');
    const notServers = [
      ipv4Of(neighbour)[0], // another server's IPv4
      outsideSubnet, // inside another server's subnet
      '2001:db8:ffff::1', // in no subnet
      '192.0.2.250', // in the pool, given to nobody
      '203.0.113.9', // outside every pool
      '999.1.1.1',
      '192.0.2',
      '127.1', // shorthand ipaddr.js would read as 127.0.0.1
      '0xc0.0.2.2',
      'not-an-address',
      'fe80::1%eth0',
      `${subnetOf(server)}`, // the subnet itself is not an address
      '::ffff:192.0.2.2', // IPv4-mapped: an IPv6 address, not the server's IPv4
    ];
    for (const address of notServers) {
      assertProblem(await put(w, server.id, address, { ptr: 'x.example.com' }), 404, 'not_found', `PUT ${address}`);
      assertProblem(await remove(w, server.id, address), 404, 'not_found', `DELETE ${address}`);
      assertProblem(await getOne(w, server.id, address), 404, 'not_found', `GET ${address}`);
    }
    // A server without IPv6 has no subnet to set names in.
    assertProblem(await put(w, other.id, insideSubnet(server), { ptr: 'x.example.com' }), 404, 'not_found', 'no IPv6 on this server');

    // An unknown server, a malformed server id, another customer's project.
    assertProblem(await list(w, '0123456789abcdef'), 404, 'not_found', 'unknown server');
    assertProblem(await list(w, 'NOT-A-SERVER'), 404, 'not_found', 'malformed server id');
    assertProblem(await put(w, '0123456789abcdef', ipv4Of(server)[0], { ptr: 'x.example.com' }), 404, 'not_found', 'unknown server');
    const stranger = await w.app.createUser();
    assertProblem(await list(w, server.id, '', stranger.key), 404, 'not_found', 'not a member');
    assertProblem(await put(w, server.id, ipv4Of(server)[0], { ptr: 'x.example.com' }, stranger.key), 404, 'not_found', 'not a member');
    assertProblem(await remove(w, server.id, ipv4Of(server)[0], stranger.key), 404, 'not_found', 'not a member');
    assertProblem(await getOne(w, server.id, ipv4Of(server)[0], stranger.key), 404, 'not_found', 'not a member');

    // Nothing was written anywhere.
    for (const each of [server, neighbour]) {
      assert.deepEqual((await entries(w, each.id)).map((entry) => entry.ptr), [null, null]);
    }
    await assertResolves(w, ipv4Of(neighbour)[0], null);
    await assertResolves(w, outsideSubnet, null);
  });

  test(name('ptr rules: up to 255 ASCII characters, no trailing dot, labels of 1–63 letters, digits and hyphens not starting or ending with one'), async (t) => {
    const w = await world(t, backend);
    const server = await place(w);
    const primary = ipv4Of(server)[0];
    const label63 = 'a'.repeat(63);
    // 63 + 1 + 63 + 1 + 63 + 1 + 63 = 255
    const longest = [label63, label63, label63, label63].join('.');
    assert.equal(longest.length, 255);

    const bad: [string, unknown][] = [
      ['empty', ''],
      ['trailing dot', 'web-1.example.com.'],
      ['leading dot', '.example.com'],
      ['empty label', 'web..example.com'],
      ['label starts with a hyphen', '-web.example.com'],
      ['label ends with a hyphen', 'web-.example.com'],
      ['last label ends with a hyphen', 'web.example.com-'],
      ['64-character label', `${'a'.repeat(64)}.example.com`],
      ['256 characters', `${longest}a`],
      ['underscore', 'web_1.example.com'],
      ['space', 'web 1.example.com'],
      ['non-ASCII', 'wéb.example.com'],
      ['an IDN in Unicode', 'bücher.example'],
      ['slash', 'web/1.example.com'],
      ['only a dot', '.'],
      ['a number', 42],
      ['null', null],
      ['an object', { name: 'x' }],
    ];
    for (const [label, ptr] of bad) {
      assertFieldError(await put(w, server.id, primary, { ptr }), 'ptr', label);
    }
    assertFieldError(await put(w, server.id, primary, {}), 'ptr', 'missing');
    assert.deepEqual((await entries(w, server.id))[0], { address: primary, ptr: null }, 'nothing was set by a refused name');
    await assertResolves(w, primary, null);

    const storable = longest.slice(0, backend.longestName);
    if (backend.longestName < longest.length) {
      const refused = await put(w, server.id, primary, { ptr: longest });
      assertFieldError(refused, 'ptr', 'longer than the DNS server holds');
      assert.match(refused.body.detail, /too long/, JSON.stringify(refused.body));
    }
    const good = [storable, `${label63}.example.com`, 'localhost', 'A-1.Example.COM', '1.2.3', 'xn--bcher-kva.example', 'a.b-c.d'];
    for (const ptr of good) {
      const answer = await put(w, server.id, primary, { ptr });
      assert.equal(answer.status, 200, `${ptr}: ${JSON.stringify(answer.body)}`);
      assert.deepEqual((await entries(w, server.id))[0], { address: primary, ptr });
    }
    await assertResolves(w, primary, 'a.b-c.d');
  });

  test(name('who may: any member sets and removes; a read-only key only reads'), async (t) => {
    const w = await world(t, backend);
    const server = await place(w);
    const primary = ipv4Of(server)[0];
    const member = await w.app.createUser();
    await addMember(w.app, w.slug, member.userId, 'member');
    const readOnly = await w.app.createKey(w.userId, { readOnly: true });

    assert.equal((await put(w, server.id, primary, { ptr: 'member.example.com' }, member.key)).status, 200);
    assert.equal((await list(w, server.id, '', member.key)).body.results[0].ptr, 'member.example.com');

    const read = await list(w, server.id, '', readOnly.key);
    assert.equal(read.status, 200);
    assert.equal(read.body.results[0].ptr, 'member.example.com');
    assert.deepEqual((await getOne(w, server.id, primary, readOnly.key)).body, { address: primary, ptr: 'member.example.com' }, 'a read-only key reads one address');
    assertProblem(await put(w, server.id, primary, { ptr: 'ro.example.com' }, readOnly.key), 403, 'read_only_key');
    assertProblem(await put(w, server.id, primary, { ptr: 'bad_name' }, readOnly.key), 403, 'read_only_key', 'refused before validation');
    assertProblem(await remove(w, server.id, primary, readOnly.key), 403, 'read_only_key');
    assert.equal((await entries(w, server.id))[0].ptr, 'member.example.com', 'unchanged');

    assert.equal((await remove(w, server.id, primary, member.key)).status, 204);
    assert.equal((await entries(w, server.id))[0].ptr, null);
  });

  test(name('the reverse DNS service down or silent: 503 reverse_dns_unavailable with Retry-After: 300 on every endpoint, nothing changed; an error answer is 502'), async (t) => {
    const w = await world(t, backend);
    const server = await place(w);
    const [primary, additional] = ipv4Of(server);
    await put(w, server.id, primary, { ptr: 'keep.example.com' });

    for (const mode of ['down', 'timeout']) {
      await setFault(w.app, 'rdns', mode);
      for (const [label, answer] of [
        ['GET', await list(w, server.id)],
        ['GET one', await getOne(w, server.id, primary)],
        ['PUT', await put(w, server.id, additional, { ptr: 'new.example.com' })],
        ['PUT (replace)', await put(w, server.id, primary, { ptr: 'replaced.example.com' })],
        ['DELETE', await remove(w, server.id, primary)],
        ['PUT IPv6', await put(w, server.id, insideSubnet(server), { ptr: 'v6.example.com' })],
      ] as const) {
        assertProblem(answer, 503, 'reverse_dns_unavailable', `${mode} ${label}`);
        assert.equal(answer.headers.get('retry-after'), '300', `${mode} ${label}`);
      }
      await setFault(w.app, 'rdns', 'ok');
      assert.deepEqual(await entries(w, server.id), [
        { address: primary, ptr: 'keep.example.com' },
        { address: additional, ptr: null },
      ], `nothing half-written while ${mode}`);
      await assertResolves(w, primary, 'keep.example.com');
      await assertResolves(w, additional, null);
      await assertResolves(w, insideSubnet(server), null);
    }

    // The service answering with an error is the general 502.
    await setFault(w.app, 'rdns', 'error');
    assertProblem(await put(w, server.id, additional, { ptr: 'new.example.com' }), 502, 'upstream_error');
    assertProblem(await list(w, server.id), 502, 'upstream_error');
    assertProblem(await getOne(w, server.id, primary), 502, 'upstream_error');
    await setFault(w.app, 'rdns', 'ok');

    // Bad input is answered before the reverse DNS service is asked: 400 and 404 stay what they are.
    await setFault(w.app, 'rdns', 'down');
    assertFieldError(await put(w, server.id, primary, { ptr: 'bad_name' }), 'ptr', 'validation while down');
    assertProblem(await put(w, server.id, '198.51.100.77', { ptr: 'x.example.com' }), 404, 'not_found', 'not the server\'s while down');
    await setFault(w.app, 'rdns', 'ok');

    // A fault with a count clears by itself.
    await setFault(w.app, 'rdns', { mode: 'down', count: 1 });
    assertProblem(await list(w, server.id), 503, 'reverse_dns_unavailable');
    assert.equal((await list(w, server.id)).status, 200);
  });

  test(name('pages: the list is paginated like every list'), async (t) => {
    const w = await world(t, backend);
    const server = await place(w, { ipv4_additional: 2 });
    const addresses = ipv4Of(server);
    assert.equal(addresses.length, 3);
    await put(w, server.id, addresses[2]!, { ptr: 'third.example.com' });

    const first = await list(w, server.id, '?page_size=2');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.count, 3);
    assert.deepEqual(first.body.results.map((entry: Json) => entry.address), addresses.slice(0, 2));
    assert.equal(first.body.previous, null);
    assert.match(first.body.next, /\/reverse-dns\/\?page=2&page_size=2$|\/reverse-dns\/\?page_size=2&page=2$/);

    const second = await list(w, server.id, '?page=2&page_size=2');
    assert.deepEqual(second.body.results, [{ address: addresses[2], ptr: 'third.example.com' }]);
    assert.equal(second.body.next, null);
    assertProblem(await list(w, server.id, '?page=3&page_size=2'), 404, 'not_found', 'past the end');
    assertProblem(await list(w, server.id, '?page=abc'), 404, 'not_found', 'not a number');
  });

  test(name('a deleted server takes its PTRs along: its IPv4 names and every name inside its IPv6 subnet'), async (t) => {
    const w = await world(t, backend);
    const server = await place(w);
    const keeper = await place(w, { hostname: 'keeper' });
    const [primary, additional] = ipv4Of(server);
    const v6 = insideSubnet(server);
    const v6Other = insideSubnet(server, 'beef');
    for (const [serverId, address, ptr] of [
      [server.id, primary, 'gone-1.example.com'],
      [server.id, additional, 'gone-2.example.com'],
      [server.id, v6, 'gone-v6.example.com'],
      [server.id, v6Other, 'gone-v6b.example.com'],
      [keeper.id, ipv4Of(keeper)[0], 'keeper.example.com'],
      [keeper.id, insideSubnet(keeper), 'keeper-v6.example.com'],
    ]) {
      assert.equal((await put(w, serverId, address, { ptr })).status, 200, `${address} ${ptr}`);
    }

    const cancelled = await w.app.api(`/projects/${w.slug}/servers/${server.id}/cancel/`, { method: 'POST', key: w.key, body: { when: 'immediate' } });
    assert.equal(cancelled.status, 202, JSON.stringify(cancelled.body));
    const rdns = w.app.app.upstreams.rdns;
    const gone = await rdns.getPtrs([primary, additional, v6, v6Other]);
    assert.deepEqual([...gone], [], 'every name of the deleted server is gone');
    for (const address of [primary, additional, v6, v6Other]) await assertResolves(w, address, null);

    // The neighbour's names stay.
    assert.deepEqual(await entries(w, keeper.id), [
      { address: ipv4Of(keeper)[0], ptr: 'keeper.example.com' },
      { address: ipv4Of(keeper)[1], ptr: null },
    ]);
    assert.deepEqual([...(await rdns.getPtrs([insideSubnet(keeper)]))], [[insideSubnet(keeper), 'keeper-v6.example.com']]);
    await assertResolves(w, insideSubnet(keeper), 'keeper-v6.example.com');

    // A server placed on the freed addresses starts without names.
    const next = await place(w, { hostname: 'next' });
    assert.deepEqual(ipv4Of(next).sort(), [primary, additional].sort());
    assert.deepEqual((await entries(w, next.id)).map((entry) => entry.ptr), [null, null]);
  });

  test(name('names of a server deleted while the reverse DNS service is down are removed once it is back'), async (t) => {
    const w = await world(t, backend);
    const server = await place(w);
    const primary = ipv4Of(server)[0];
    const v6 = insideSubnet(server);
    await put(w, server.id, primary, { ptr: 'later.example.com' });
    await put(w, server.id, v6, { ptr: 'later-v6.example.com' });

    await setFault(w.app, 'rdns', 'down');
    const cancelled = await w.app.api(`/projects/${w.slug}/servers/${server.id}/cancel/`, { method: 'POST', key: w.key, body: { when: 'immediate' } });
    assert.equal(cancelled.status, 202, JSON.stringify(cancelled.body));
    await setFault(w.app, 'rdns', 'ok');
    const rdns = w.app.app.upstreams.rdns;
    assert.equal((await rdns.getPtrs([primary])).get(primary), 'later.example.com', 'still there: the removal waits for the service');

    // The safety-net job is due a minute later: move it up rather than wait.
    const db = w.app.app.database.db;
    const moved = await db.updateTable('jobs').set({ run_at: new Date(0).toISOString() }).where('type', '=', 'rdns.remove_server_records').where('status', '=', 'queued').executeTakeFirst();
    assert.equal(Number(moved.numUpdatedRows), 1, 'one removal job waits');
    await eventually(async () => (await rdns.getPtrs([primary, v6])).size === 0);
    await assertResolves(w, primary, null);
    await assertResolves(w, v6, null);
  });
}
