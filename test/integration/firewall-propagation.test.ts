// What reaches the servers (DESIGN D12): each change is compiled into every
// affected server's nftables ruleset and handed to the network controller,
// which records the applied generation. Propagation goes in batches (a job
// per batch of servers, each set of groups compiled once): each server still
// gets its own table and exactly its own groups' rules. While the controller
// fails, the change waits and is retried; the operator API shows the ruleset
// in force meanwhile.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { enqueueJobRequest } from '../../src/jobs/queue.ts';
import { build, eventually } from '../helpers/build.ts';
import { appliedFirewall, attach, createGroup, createRule, FIREWALL_WORLD, place, rulePath, runDueJobs } from '../helpers/firewall.ts';
import { buildWorld, setFault, type World } from '../helpers/world.ts';

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

/** Every propagation job enqueued after job `afterId`, as the server ids each names. */
async function propagationJobsAfter(w: World, afterId: number): Promise<string[][]> {
  const rows = await w.app.app.database.db.selectFrom('jobs').select(['payload']).where('type', '=', 'firewall.propagate-servers').where('id', '>', afterId).orderBy('id').execute();
  return rows.map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload).serverIds);
}

async function lastJobId(w: World): Promise<number> {
  const row = await w.app.app.database.db.selectFrom('jobs').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function evaluate(w: World, serverId: string, port: number, remote = '198.51.100.7'): Promise<boolean> {
  const verdict = await w.app.admin(`/servers/${serverId}/firewall/evaluate`, { method: 'POST', body: { direction: 'ingress', protocol: 'tcp', remote_address: remote, port } });
  assert.equal(verdict.status, 200, JSON.stringify(verdict.body));
  return verdict.body.allowed;
}

test('a change to a group reaches all its servers in one batch; each server gets its own table and exactly its own groups', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const web = await createGroup(w, 'web');
  const webRule = await createRule(w, web.id, { protocol: 'tcp', port_min: 443 });
  const ssh = await createGroup(w, 'ssh');
  await createRule(w, ssh.id, { protocol: 'tcp', port_min: 22, source_cidr: '192.0.2.0/24' });
  const out = await createGroup(w, 'out', 'egress');
  await createRule(w, out.id, { protocol: 'tcp', port_min: 9000, destination_cidr: '192.0.2.2' });
  const webOnly = [await place(w, 'web-1'), await place(w, 'web-2'), await place(w, 'web-3')];
  const webAndSsh = await place(w, 'web-ssh');
  const egressOnly = await place(w, 'egress');
  const bare = await place(w, 'bare');
  for (const server of webOnly) assert.equal((await attach(w, server, [web.id])).status, 200);
  assert.equal((await attach(w, webAndSsh, [web.id, ssh.id])).status, 200);
  assert.equal((await attach(w, egressOnly, [out.id])).status, 200);
  await runDueJobs(w);

  const before = await lastJobId(w);
  const patched = await w.app.api(rulePath(w, web.id, webRule.id), { method: 'PATCH', key: w.key, body: { port_min: 8443 } });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  // One job for the four servers with the group, not one each; the others are not touched.
  assert.deepEqual(await propagationJobsAfter(w, before), [[...webOnly, webAndSsh].sort()]);
  await runDueJobs(w);

  const rulesets = new Map<string, string>();
  for (const server of [...webOnly, webAndSsh, egressOnly, bare]) {
    const state = await appliedFirewall(w, server);
    assert.ok(state.generation > 0 || server === bare, server);
    assert.equal(state.applied_generation, state.generation, `${server} caught up`);
    if (server === bare) continue;
    assert.match(state.ruleset, new RegExp(`^# cloudplane firewall of server ${server}, generation ${state.generation}\n`));
    assert.ok(state.ruleset.includes(`table inet cloudplane_${server} {\n`), `${server}: its own table`);
    assert.equal(state.ruleset.split('cloudplane_').length - 1, 3, `${server}: no other server's table`);
    assertNftAccepts(state.ruleset);
    rulesets.set(server, state.ruleset);
  }
  for (const server of [...webOnly, webAndSsh]) {
    assert.match(rulesets.get(server)!, /tcp dport 8443 accept/);
    assert.doesNotMatch(rulesets.get(server)!, /dport 443 /);
    assert.equal(await evaluate(w, server, 8443), true);
  }
  // The same groups give the same rules: the rulesets differ only by the server's name.
  const [first, ...others] = webOnly;
  for (const server of others) assert.equal(rulesets.get(server)!.replaceAll(server, first!), rulesets.get(first!));
  assert.match(rulesets.get(webAndSsh)!, /ip saddr 192\.0\.2\.0\/24 tcp dport 22 accept/);
  assert.doesNotMatch(rulesets.get(first!)!, /dport 22/);
  assert.equal(await evaluate(w, webAndSsh, 22, '192.0.2.7'), true);
  assert.equal(await evaluate(w, first!, 22, '192.0.2.7'), false);
  assert.doesNotMatch(rulesets.get(egressOnly)!, /8443/);
  assert.match(rulesets.get(egressOnly)!, /ip daddr 192\.0\.2\.2\/32 tcp dport 9000 accept/);
  assert.equal((await appliedFirewall(w, bare)).ruleset, '', 'a server never attached has nothing applied');
});

for (const mode of ['down', 'error']) {
  test(`the controller ${mode}: the change waits and is retried until applied; meanwhile the operator sees the ruleset in force`, async (t) => {
    const w = await buildWorld(t, FIREWALL_WORLD);
    const group = await createGroup(w, 'web');
    const rule = await createRule(w, group.id, { protocol: 'tcp', port_min: 443 });
    const servers = [await place(w, 'web-1'), await place(w, 'web-2')];
    for (const server of servers) assert.equal((await attach(w, server, [group.id])).status, 200);
    await runDueJobs(w);
    const applied = await Promise.all(servers.map((server) => appliedFirewall(w, server)));

    // The worker stops so the change is recorded while the controller still answers, and propagated only once it fails.
    const runner = w.app.app.runner!;
    await runner.stop();
    const patched = await w.app.api(rulePath(w, group.id, rule.id), { method: 'PATCH', key: w.key, body: { port_min: 8443 } });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    await setFault(w.app, 'firewall', mode);
    runner.start();
    await runner.runDueJobs();
    // Stopped again, so no retry runs (and fails again) while the state is read.
    await runner.stop();

    const jobs = await w.app.app.database.db.selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('type', '=', 'firewall.propagate-servers').where('status', '<>', 'done').execute();
    assert.equal(jobs.length, 1, JSON.stringify(jobs));
    assert.equal(jobs[0]!.status, 'queued', 'to be tried again');
    assert.equal(jobs[0]!.attempts, 1);
    assert.match(jobs[0]!.last_error ?? '', /firewall/i);
    for (const [index, server] of servers.entries()) {
      const state = await appliedFirewall(w, server);
      // The change is recorded (its generation) but not in force: what the controller applied is still the old rule.
      assert.equal(state.generation, applied[index]!.generation + 1);
      assert.equal(state.applied_generation, applied[index]!.generation);
      assert.equal(state.ruleset, applied[index]!.ruleset);
      assert.equal(await evaluate(w, server, 443), true);
      assert.equal(await evaluate(w, server, 8443), false);
    }

    await setFault(w.app, 'firewall', 'ok');
    runner.start();
    // The retry's backoff (under a second for the first) passes on the test clock.
    assert.equal((await w.app.admin('/clock/advance', { method: 'POST', body: { seconds: 5 } })).status, 200);
    await runner.runDueJobs();
    for (const server of servers) {
      const state = await appliedFirewall(w, server);
      assert.equal(state.applied_generation, state.generation, `${server} caught up after the retry`);
      assert.match(state.ruleset, /tcp dport 8443 accept/);
      assert.equal(await evaluate(w, server, 8443), true);
    }
  });
}

test('a propagation job queued by an older version (one server each) still brings its server up to date', async (t) => {
  const w = await buildWorld(t, FIREWALL_WORLD);
  const group = await createGroup(w, 'web');
  await createRule(w, group.id, { protocol: 'tcp', port_min: 443 });
  const server = await place(w, 'web-1');
  const runner = w.app.app.runner!;
  await runner.stop();
  assert.equal((await attach(w, server, [group.id])).status, 200);
  // The queue as an older version left it: this version's job for the change replaced by the per-server job it used to enqueue.
  const { db } = w.app.app.database;
  await db.deleteFrom('jobs').where('type', '=', 'firewall.propagate-servers').execute();
  await enqueueJobRequest(db, w.app.app.clock, { type: 'firewall.propagate', payload: { serverId: server } });
  runner.start();
  await runner.runDueJobs();
  const state = await appliedFirewall(w, server);
  assert.ok(state.generation > 0);
  assert.equal(state.applied_generation, state.generation);
  assert.match(state.ruleset, /tcp dport 443 accept/);
});

test('the built-in controller: a batch of any size is applied, per server an older generation never replaces a newer one', async (t) => {
  const app = await build(t);
  const { firewall } = app.app.upstreams;
  // More servers than one statement takes, so the batch spans several (in one transaction).
  const ids = Array.from({ length: 1201 }, (_, index) => index.toString(16).padStart(16, '0'));
  const ruleset = (id: string, generation: number) => ({ serverId: id, generation, ruleset: `# ${id} at ${generation}`, rules: [{ id: 1, direction: 'ingress', rules: [] }] });
  await firewall.applyRulesets(ids.map((id) => ruleset(id, 2)));
  let generations = await firewall.appliedGenerations([...ids, 'ffffffffffffffff']);
  assert.equal(generations.size, ids.length, 'a server that applied nothing is not in the map');
  assert.ok([...generations.values()].every((generation) => generation === 2));

  // Older and equal generations change nothing; newer ones replace; of one server given twice the newest counts.
  const [older, equal, newer, twice] = ids;
  await firewall.applyRulesets([ruleset(older!, 1), ruleset(equal!, 2), ruleset(newer!, 3), ruleset(twice!, 5), ruleset(twice!, 4)]);
  generations = await firewall.appliedGenerations([older!, equal!, newer!, twice!]);
  assert.deepEqual([...generations].sort(), [[older, 2], [equal, 2], [newer, 3], [twice, 5]].sort());
  assert.deepEqual(await firewall.getApplied(older!), { generation: 2, ruleset: `# ${older} at 2`, rules: [{ id: 1, direction: 'ingress', rules: [] }] });
  assert.equal((await firewall.getApplied(twice!))?.ruleset, `# ${twice} at 5`);
  assert.equal((await firewall.getApplied(ids[1200]!))?.ruleset, `# ${ids[1200]} at 2`);
  await firewall.applyRulesets([]);
});
