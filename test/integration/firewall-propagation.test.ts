import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { build, eventually } from '../helpers/build.ts';

/** The ruleset the controller received is one nftables accepts (`nft -c` checks without applying). */
function assertNftAccepts(ruleset: string): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-nft-')), 'ruleset.nft');
  fs.writeFileSync(file, ruleset);
  try {
    execFileSync('nft', ['-c', '-f', file], { stdio: 'pipe' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

test('a rule change reaches the server: applied generation catches up, the ruleset and evaluation follow', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ credit: '50.00' });
  const slug = await app.createReadyProject(key, 'Walls');
  const placed = await app.admin(`/projects/${slug}/servers`, { method: 'POST', body: { hostname: 'web', product_id: 1, location: 'fsn1', image: 'debian-12' } });
  assert.equal(placed.status, 201);
  const serverId = placed.body.id;

  // No group: everything is allowed.
  let verdict = await app.admin(`/servers/${serverId}/firewall/evaluate`, { method: 'POST', body: { direction: 'ingress', protocol: 'tcp', remote_address: '198.51.100.7', port: 22 } });
  assert.deepEqual(verdict.body, { allowed: true, rule_ids: [] });

  const group = await app.api(`/projects/${slug}/firewall-groups/`, { method: 'POST', key, body: { name: 'web', direction: 'ingress' } });
  assert.equal(group.status, 201, JSON.stringify(group.body));
  const rule = await app.api(`/projects/${slug}/firewall-groups/${group.body.id}/rules/`, { method: 'POST', key, body: { protocol: 'tcp', port_min: 443 } });
  assert.equal(rule.status, 201, JSON.stringify(rule.body));
  const attached = await app.api(`/projects/${slug}/servers/${serverId}/firewall-groups/`, { method: 'PUT', key, body: { firewall_groups: [group.body.id] } });
  assert.equal(attached.status, 200);

  const caughtUp = async () => {
    const state = await app.admin(`/servers/${serverId}/firewall`);
    return state.body.generation > 0 && state.body.applied_generation === state.body.generation ? state.body : null;
  };
  const first = await eventually(caughtUp);
  assert.match(first.ruleset, /tcp dport 443 accept comment "rule \d+"/);
  assertNftAccepts(first.ruleset);
  verdict = await app.admin(`/servers/${serverId}/firewall/evaluate`, { method: 'POST', body: { direction: 'ingress', protocol: 'tcp', remote_address: '198.51.100.7', port: 443 } });
  assert.deepEqual(verdict.body, { allowed: true, rule_ids: [rule.body.id] });
  verdict = await app.admin(`/servers/${serverId}/firewall/evaluate`, { method: 'POST', body: { direction: 'ingress', protocol: 'tcp', remote_address: '198.51.100.7', port: 22 } });
  assert.deepEqual(verdict.body, { allowed: false, rule_ids: [] });

  // Deleting the rule: traffic it allowed is refused once the change is applied.
  const removed = await app.api(`/projects/${slug}/firewall-groups/${group.body.id}/rules/${rule.body.id}/`, { method: 'DELETE', key });
  assert.equal(removed.status, 204);
  const second = await eventually(async () => {
    const state = await caughtUp();
    return state && state.generation > first.generation ? state : null;
  });
  assert.doesNotMatch(second.ruleset, /dport 443/);
  assertNftAccepts(second.ruleset);
  verdict = await app.admin(`/servers/${serverId}/firewall/evaluate`, { method: 'POST', body: { direction: 'ingress', protocol: 'tcp', remote_address: '198.51.100.7', port: 443 } });
  assert.equal(verdict.body.allowed, false);

  // Bad evaluation requests are 400, never 500.
  for (const body of [
    { direction: 'ingress', protocol: 'tcp', remote_address: '198.51.100.7' },
    { direction: 'ingress', protocol: 'icmp', remote_address: '198.51.100.7', port: 1 },
    { direction: 'ingress', protocol: 'tcp', remote_address: 'fe80::1%eth0', port: 1 },
    { direction: 'ingress', protocol: 'tcp', remote_address: 'not-an-ip', port: 1 },
  ]) {
    assert.equal((await app.admin(`/servers/${serverId}/firewall/evaluate`, { method: 'POST', body })).status, 400, JSON.stringify(body));
  }
  assert.equal((await app.admin('/servers/0000000000000000/firewall')).status, 404);
});

test('a project with firewall groups (and no servers) can be deleted', async (t) => {
  const app = await build(t);
  const { key } = await app.createUser();
  const slug = await app.createReadyProject(key, 'Temporary');
  const group = await app.api(`/projects/${slug}/firewall-groups/`, { method: 'POST', key, body: { name: 'tmp', direction: 'egress' } });
  assert.equal(group.status, 201);
  assert.equal((await app.api(`/projects/${slug}/firewall-groups/${group.body.id}/rules/`, { method: 'POST', key, body: { protocol: 'any' } })).status, 201);
  assert.equal((await app.api(`/projects/${slug}/`, { method: 'DELETE', key })).status, 204);
  assert.equal((await app.api(`/projects/${slug}/`, { key })).status, 404);
});
