// Reading servers as the spec describes them, for the servers tests
// (servers.*.test.ts): every field of the full object checked against the
// demo catalogue and the location's address pools, the billing date one cycle
// on, bandwidth usage set by the operator, and an action run to success.
import assert from 'node:assert/strict';
import ipaddr from 'ipaddr.js';
import { demoCatalogue } from '../../src/modules/catalogue/index.ts';
import { eventually, type TestApp } from './build.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = /^\d+\.\d{2}$/;
const SERVER_ID = /^[0-9a-f]{16}$/;

const SERVER_FIELDS = [
  'bandwidth',
  'billing',
  'created_at',
  'firewall_groups',
  'has_user_data',
  'hostname',
  'id',
  'image',
  'iso',
  'location',
  'network',
  'pending_changes',
  'plan',
  'ssh_keys',
  'status',
];
export const SUMMARY_FIELDS = ['hostname', 'id', 'ipv4_primary', 'location', 'plan', 'status'];

type Json = Record<string, any>;

export async function getServer(app: TestApp, key: string, slug: string, id: string): Promise<Json> {
  const response = await app.api(`/projects/${slug}/servers/${id}/`, { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

export async function setUsage(app: TestApp, id: string, usedGb: number): Promise<Json> {
  const response = await app.admin(`/servers/${id}/bandwidth-usage`, { method: 'PUT', body: { used_gb: usedGb } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.bandwidth.used_gb, usedGb);
  return response.body;
}

/** Starts an action through the API and waits until it has succeeded. */
export async function runAction(app: TestApp, key: string, slug: string, serverId: string, name: string): Promise<Json> {
  const started = await app.api(`/projects/${slug}/servers/${serverId}/actions/${name}/`, { method: 'POST', key });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  return eventually(async () => {
    const action = await app.api(`/projects/${slug}/actions/${started.body.id}/`, { key });
    assert.equal(action.status, 200, JSON.stringify(action.body));
    assert.ok(action.body.status === 'running' || action.body.status === 'success', JSON.stringify(action.body));
    return action.body.status === 'success' ? action.body : null;
  });
}

function product(id: number) {
  const found = demoCatalogue.products.find((entry) => entry.id === id);
  assert.ok(found, `demo product ${id}`);
  return found;
}

export function location(code: string) {
  const found = demoCatalogue.locations.find((entry) => entry.code === code);
  assert.ok(found, `demo location ${code}`);
  return found;
}

const cents = (money: string): number => Math.round(Number(money) * 100);
const money = (minor: number): string => (minor / 100).toFixed(2);

/** One billing cycle after `created`, as YYYY-MM-DD; a day past the month's end falls back to its last day. */
function oneCycleAfter(created: string, cycle: string): string {
  const months = { monthly: 1, quarterly: 3, annually: 12 }[cycle];
  assert.ok(months, cycle);
  const from = new Date(created);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay))).toISOString().slice(0, 10);
}

export function inIpv4Pool(address: string, pool: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(address) && ipaddr.IPv4.parse(address).match(ipaddr.IPv4.parseCIDR(pool));
}

export interface Expected {
  hostname: string;
  productId: number;
  location: string;
  image: string;
  cycle: string;
  ipv4Additional: number;
  ipv6: boolean;
  sshKeys: number[];
}

/** Every field of the spec's table, with its type and the value the placement asked for. */
export function assertFullServer(server: Json, expected: Expected): void {
  const offer = product(expected.productId);
  const site = location(expected.location);
  const image = demoCatalogue.images.find((entry) => entry.name === expected.image)!;

  assert.deepEqual(Object.keys(server).sort(), SERVER_FIELDS);
  assert.match(server.id, SERVER_ID, 'D14: 16 lowercase hexadecimal characters');
  assert.equal(server.hostname, expected.hostname);
  assert.equal(server.status, 'running');
  assert.equal(server.pending_changes, false);
  assert.deepEqual(server.location, { code: site.code, city: site.city, country_code: site.country_code });
  assert.deepEqual(server.image, { name: image.name, display_name: image.display_name });
  assert.deepEqual(server.plan, {
    name: offer.name,
    category: offer.category,
    cpu_cores: offer.plan.cpu_cores,
    ram_mb: offer.plan.ram_mb,
    disk_gb: offer.plan.disk_gb,
    boot_disk_gb: offer.plan.boot_disk_gb,
  });

  // Network: primary first, only the primary has a gateway, every address from the location's pool.
  assert.deepEqual(Object.keys(server.network).sort(), ['ipv4', 'ipv6', 'private_network']);
  const ipv4: Json[] = server.network.ipv4;
  assert.equal(ipv4.length, 1 + expected.ipv4Additional);
  const pool = site.ipv4_pool!;
  const [poolNetwork, prefix] = ipaddr.IPv4.parseCIDR(pool);
  const netmask = ipaddr.IPv4.subnetMaskFromPrefixLength(prefix).toString();
  const broadcast = ipaddr.IPv4.broadcastAddressFromCIDR(pool).toString();
  ipv4.forEach((entry, index) => {
    assert.deepEqual(Object.keys(entry).sort(), ['address', 'gateway', 'netmask', 'primary']);
    assert.equal(typeof entry.address, 'string');
    assert.ok(inIpv4Pool(entry.address, pool), `${entry.address} is inside ${pool}`);
    assert.notEqual(entry.address, poolNetwork.toString(), 'not the network address');
    assert.notEqual(entry.address, broadcast, 'not the broadcast address');
    assert.equal(entry.primary, index === 0, 'the primary address comes first, and only it is primary');
    assert.equal(entry.netmask, netmask);
    if (index === 0) {
      assert.equal(typeof entry.gateway, 'string');
      assert.ok(inIpv4Pool(entry.gateway, pool), 'the gateway is on the same network');
      assert.ok(!ipv4.some((other) => other.address === entry.gateway), 'the gateway is not one of the server addresses');
    } else {
      assert.equal(entry.gateway, null, 'only the primary address has a gateway');
    }
  });
  assert.equal(new Set(ipv4.map((entry) => entry.address)).size, ipv4.length, 'no address twice on one server');

  if (expected.ipv6) {
    assert.equal(server.network.ipv6.length, 1);
    const { subnet } = server.network.ipv6[0];
    assert.deepEqual(Object.keys(server.network.ipv6[0]), ['subnet']);
    assert.ok(ipaddr.IPv6.isValidCIDR(subnet), subnet);
    const [subnetAddress, subnetPrefix] = ipaddr.IPv6.parseCIDR(subnet);
    assert.equal(subnetPrefix, 64);
    assert.ok(subnetAddress.match(ipaddr.IPv6.parseCIDR(site.ipv6_pool!)), `${subnet} is inside ${site.ipv6_pool}`);
    assert.equal(ipaddr.IPv6.networkAddressFromCIDR(subnet).toString(), subnetAddress.toString(), 'a network, no host bits');
  } else {
    assert.deepEqual(server.network.ipv6, []);
  }
  assert.deepEqual(server.network.private_network, { eligible: offer.private_network, enabled: false });

  // Bandwidth: the product's allowance; pooled products show the pool, others null.
  assert.deepEqual(Object.keys(server.bandwidth).sort(), ['allocated_gb', 'extra_gb', 'pool', 'pooled', 'used_gb']);
  assert.equal(server.bandwidth.pooled, offer.pooled_bandwidth);
  assert.equal(server.bandwidth.allocated_gb, offer.bandwidth_gb);
  assert.equal(server.bandwidth.extra_gb, 0);
  assert.equal(server.bandwidth.used_gb, 0);
  if (offer.pooled_bandwidth) {
    assert.deepEqual(Object.keys(server.bandwidth.pool).sort(), ['allocated_gb', 'extra_gb', 'used_gb']);
    for (const value of Object.values(server.bandwidth.pool)) assert.ok(Number.isInteger(value), 'pool totals are integers');
  } else {
    assert.equal(server.bandwidth.pool, null);
  }

  assert.deepEqual(server.firewall_groups, []);
  assert.deepEqual(server.ssh_keys, [...expected.sshKeys].sort((a, b) => a - b));
  assert.equal(server.iso, null);
  assert.equal(server.has_user_data, false);

  // Billing: the service placed with the server, at the product's price plus the extras.
  const billing = server.billing;
  assert.deepEqual(Object.keys(billing).sort(), ['billing_cycle', 'currency', 'next_due_date', 'recurring_amount', 'service_id', 'status', 'upgradeable_to']);
  assert.ok(Number.isInteger(billing.service_id) && billing.service_id > 0);
  assert.equal(billing.status, 'Active');
  assert.equal(billing.billing_cycle, expected.cycle);
  assert.match(billing.next_due_date, DATE);
  assert.equal(billing.next_due_date, oneCycleAfter(server.created_at, expected.cycle));
  assert.match(billing.recurring_amount, MONEY);
  const price =
    cents(offer.prices[expected.cycle]!) +
    expected.ipv4Additional * cents(demoCatalogue.pricing.ipv4_additional[expected.cycle]!) +
    (expected.ipv6 ? cents(demoCatalogue.pricing.ipv6[expected.cycle]!) : 0);
  assert.equal(billing.recurring_amount, money(price));
  assert.equal(billing.currency, offer.currency);
  assert.deepEqual(billing.upgradeable_to, offer.upgradeable_to);

  assert.match(server.created_at, ISO_UTC);
  assert.ok(Math.abs(Date.parse(server.created_at) - Date.now()) < 60_000, 'created just now');
}
