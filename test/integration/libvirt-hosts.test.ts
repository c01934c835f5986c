// Hypervisor hosts against real libvirt (D19; issue 29): two hosts in one
// location are two URIs of the test's libvirtd (test/helpers/hypervisor.ts),
// `qemu:///system` and `qemu+unix:///system?socket=<a symlink to its
// socket>`, so taking the symlink away is a host that stops answering. Two
// ordered servers land one on each (the first host has vCPUs for one), each a
// running domain, and the operator's list shows each host's use. With the
// second host gone, an action on its server answers 503
// `upstream_unavailable` and records nothing, while the first host's server
// acts as before; with the host back, the action works. Then drift (D26): a
// domain defined by hand, a server's domain powered off and another's
// undefined behind cloudplane's back; each host's report names the missing
// machine at once (its server shows stopped, a reboot ends machine_missing),
// the stray domain and volume and the power state once they have lasted a
// minute (the test clock moved), and libvirt still has all of it. Placement
// on the simulator, and the operator API's rules: hosts.test.ts.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { eventually, type CallResult } from '../helpers/build.ts';
import { startHypervisor, type Hypervisor } from '../helpers/hypervisor.ts';
import { BASE_ORDER } from '../helpers/orders.ts';
import { assertProblem } from '../helpers/problems.ts';
import { ACTION_BOUND_MS, actionSucceeds, catalogueWithTestImage, finishedAction, orderedServer, SMALL_PLAN } from '../helpers/vm-servers.ts';
import { buildWorld, type World } from '../helpers/world.ts';

/** Where libvirtd listens (the same path whichever network namespace it runs in). */
const SOCKET_PATHS = ['/run/libvirt/libvirt-sock', '/var/run/libvirt/libvirt-sock'];

async function registerHost(w: World, body: Record<string, unknown>): Promise<{ id: number; uri: string }> {
  const response = await w.app.admin('/hosts', { method: 'POST', body: { location: BASE_ORDER.location, ...body } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

async function reboot(w: World, serverId: string): Promise<CallResult> {
  return w.app.api(`/projects/${w.slug}/servers/${serverId}/actions/reboot/`, { method: 'POST', key: w.key });
}

async function actionCount(w: World): Promise<number> {
  const listed = await w.app.api(`/projects/${w.slug}/actions/`, { key: w.key });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  return listed.body.count;
}

/** The host's drift report once a check asked for now has run (the worker's due jobs, drained). */
async function checkedDrift(w: World, hostId: number): Promise<any> {
  const asked = await w.app.admin(`/hosts/${hostId}/drift/check`, { method: 'POST' });
  assert.equal(asked.status, 202, JSON.stringify(asked.body));
  await w.app.app.runner!.runDueJobs();
  const report = await w.app.admin(`/hosts/${hostId}/drift`);
  assert.equal(report.status, 200, JSON.stringify(report.body));
  assert.equal(report.body.error, null, JSON.stringify(report.body));
  return report.body;
}

const describeItem = (item: { kind: string; server_id: string | null; domain: string | null; volume: string | null; expected: string | null; actual: string | null }) =>
  [item.kind, item.server_id ?? item.domain ?? item.volume, ...(item.expected ? [`${item.expected}→${item.actual}`] : [])].join(' ');

/**
 * A domain defined by hand that no server owns, never started, with a small
 * volume in the test's pool: the hypervisor helper recognises a domain of the
 * test's pool as the test's own, so a run killed before its teardown leaves
 * nothing the next run does not remove.
 */
async function defineStrayDomain(hypervisor: Hypervisor): Promise<{ domain: string; volume: string }> {
  const stray = { domain: `${hypervisor.pool}-stray`, volume: 'drift-stray.qcow2' };
  await hypervisor.virsh('vol-create-as', hypervisor.pool, stray.volume, '1M', '--format', 'qcow2');
  const directory = mkdtempSync(path.join(tmpdir(), 'cloudplane-stray-'));
  try {
    const definition = path.join(directory, 'domain.xml');
    writeFileSync(
      definition,
      `<domain type='qemu'><name>${stray.domain}</name><memory unit='MiB'>32</memory><vcpu>1</vcpu>` +
        "<os><type arch='x86_64' machine='pc'>hvm</type></os><devices>" +
        `<disk type='volume' device='disk'><driver name='qemu' type='qcow2'/><source pool='${hypervisor.pool}' volume='${stray.volume}'/><target dev='vda' bus='virtio'/></disk>` +
        '</devices></domain>',
    );
    await hypervisor.virsh('define', definition);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return stray;
}

async function removeStrayDomain(hypervisor: Hypervisor, stray: { domain: string; volume: string }): Promise<void> {
  await hypervisor.virsh('undefine', stray.domain).catch(() => undefined);
  await hypervisor.virsh('vol-delete', '--pool', hypervisor.pool, stray.volume).catch(() => undefined);
}

test('two hosts of a location: each takes a server; one that stops answering refuses its servers’ actions (503) while the other works; back, it works again', async (t) => {
  const hypervisor = await startHypervisor();
  t.after(() => hypervisor.destroy());
  const startedAt = Date.now();
  const socket = SOCKET_PATHS.find((candidate) => existsSync(candidate));
  assert.ok(socket, `libvirtd's socket is at one of ${SOCKET_PATHS.join(', ')}`);
  const links = mkdtempSync(path.join(tmpdir(), 'cloudplane-hosts-'));
  t.after(() => rmSync(links, { recursive: true, force: true }));
  const link = path.join(links, 'libvirt-sock');
  symlinkSync(socket, link);

  const w = await buildWorld(t, { credit: '500.00', build: { config: { provisioning: loadConfig(hypervisor.env).provisioning } } });
  await catalogueWithTestImage(w, hypervisor);
  // The first has the most free memory but vCPUs for one server; the second takes the next.
  const first = await registerHost(w, { name: 'hv-first', uri: hypervisor.env.LIBVIRT_URI, cpu_cores: 1, ram_mb: 2048, disk_gb: 10 });
  const second = await registerHost(w, { name: 'hv-second', uri: `qemu+unix:///system?socket=${link}`, cpu_cores: 4, ram_mb: 1024, disk_gb: 10 });

  const onFirst = (await orderedServer(w, { hostname: 'on-first' })).id;
  const onSecond = (await orderedServer(w, { hostname: 'on-second' })).id;
  for (const serverId of [onFirst, onSecond]) assert.equal((await hypervisor.virsh('domstate', serverId)).trim(), 'running', `${serverId} is a running domain`);
  assert.deepEqual((await hypervisor.domains()).sort(), [onFirst, onSecond].sort());
  const hosts = (await w.app.admin(`/hosts?location=${BASE_ORDER.location}`)).body;
  const used = { servers: 1, cpu_cores: SMALL_PLAN.cpu_cores, ram_mb: SMALL_PLAN.ram_mb, disk_gb: SMALL_PLAN.disk_gb };
  assert.deepEqual(
    hosts.map((host: { id: number; used: object }) => [host.id, host.used]),
    [
      [first.id, used],
      [second.id, used],
    ],
  );

  // The second host stops answering: its server's actions are refused at the door, the first host's go on.
  rmSync(link);
  const before = await actionCount(w);
  const refused = await reboot(w, onSecond);
  assertProblem(refused, 503, 'upstream_unavailable', 'an action on the unanswering host');
  assert.equal(refused.headers.get('retry-after'), '30');
  assert.equal(await actionCount(w), before, 'the refused action is not recorded');
  await actionSucceeds(w, onFirst, 'reboot');
  assert.equal((await hypervisor.virsh('domstate', onFirst)).trim(), 'running');

  // Back: its server acts again.
  symlinkSync(socket, link);
  await actionSucceeds(w, onSecond, 'reboot');
  assert.equal((await hypervisor.virsh('domstate', onSecond)).trim(), 'running');

  // Drift (D26): the host made to differ from the rows behind cloudplane's back, three ways, each reported and none repaired.
  const driftStartedAt = Date.now();
  const stray = await defineStrayDomain(hypervisor);
  t.after(() => removeStrayDomain(hypervisor, stray));
  await hypervisor.virsh('destroy', onFirst);
  await hypervisor.virsh('destroy', onSecond);
  await hypervisor.virsh('undefine', onSecond);
  // A machine gone is named at once; the other differences only once they have lasted a minute.
  const soon = { first: await checkedDrift(w, first.id), second: await checkedDrift(w, second.id) };
  assert.deepEqual(soon.first.items, [], JSON.stringify(soon.first));
  assert.deepEqual(soon.second.items.map(describeItem), [`missing_machine ${onSecond} running→missing`], JSON.stringify(soon.second));
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/${onSecond}/`, { key: w.key })).body.status, 'stopped');
  const rebootMissing = await finishedAction(w, (await reboot(w, onSecond)).body.id);
  assert.equal(rebootMissing.status, 'error', JSON.stringify(rebootMissing));
  assert.equal(rebootMissing.error.code, 'machine_missing');
  assert.match(rebootMissing.error.message, new RegExp(`machine is missing: libvirt at .* has no domain ${onSecond}`));

  assert.equal((await w.app.admin('/clock/advance', { method: 'POST', body: { seconds: 61 } })).status, 200);
  const later = { first: await checkedDrift(w, first.id), second: await checkedDrift(w, second.id) };
  const strayItems = [`unknown_domain ${stray.domain}`, `unknown_volume ${stray.volume}`];
  assert.deepEqual(later.first.items.map(describeItem), [`power_state ${onFirst} running→stopped`, ...strayItems], JSON.stringify(later.first));
  assert.deepEqual(later.second.items.map(describeItem), [`missing_machine ${onSecond} stopped→missing`, ...strayItems], JSON.stringify(later.second));
  assert.equal(later.first.items[0].since, soon.first.checked_at, 'the power state differs since the first check that saw it');
  // Nothing was deleted, started or defined again: libvirt has what the test left.
  assert.equal((await hypervisor.virsh('domstate', stray.domain)).trim(), 'shut off');
  assert.match(await hypervisor.virsh('vol-info', '--pool', hypervisor.pool, stray.volume), /Capacity/);
  assert.equal((await hypervisor.virsh('domstate', onFirst)).trim(), 'shut off');
  assert.equal((await hypervisor.virsh('domstate', onSecond).catch((error: Error) => error.message)).includes('failed to get domain'), true);
  await removeStrayDomain(hypervisor, stray);
  t.diagnostic(`drift checks on real libvirt: ${((Date.now() - driftStartedAt) / 1000).toFixed(1)} s`);

  // Deleted, the servers leave nothing on either host, and the hosts' room is free again.
  for (const serverId of [onFirst, onSecond]) {
    const cancelled = await w.app.api(`/projects/${w.slug}/servers/${serverId}/cancel/`, { method: 'POST', key: w.key, body: { when: 'immediate' } });
    assert.equal(cancelled.status, 202, JSON.stringify(cancelled.body));
  }
  await eventually(async () => (await hypervisor.domains()).length === 0, ACTION_BOUND_MS, 200);
  const emptied = (await w.app.admin(`/hosts?location=${BASE_ORDER.location}`)).body;
  assert.deepEqual(
    emptied.map((host: { used: { servers: number } }) => host.used.servers),
    [0, 0],
  );
  t.diagnostic(`with the hypervisor up: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
});
