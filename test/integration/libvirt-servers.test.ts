// Servers that run (D19), against real libvirt and real VMs: the libvirt
// backend on a hypervisor host the test makes (test/helpers/hypervisor.ts:
// libvirtd inside a network namespace of its own, where libvirt makes the
// location's bridge; the test image built from Debian's packages). An order
// through the API becomes a domain you can SSH into; reboot, power off, power
// on and shutdown act on it; libvirtd stopped makes an action 503 until it is
// back; deleting the server leaves no domain and no disk; a creation libvirt
// refuses fails the order and leaves nothing, and so does one that finds the
// pool's filesystem full (a tmpfs of the test's own), until there is room.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig, type Config } from '../../src/config.ts';
import { eventually } from '../helpers/build.ts';
import { guestCommand, poolFiles, startHypervisor, type Hypervisor } from '../helpers/hypervisor.ts';
import { assertLedgerBalances, balance, BASE_ORDER, minor } from '../helpers/orders.ts';
import { ACTION_BOUND_MS, actionSucceeds, BOOT_BOUND_MS, catalogueWithTestImage, orderedServer, settledOrder } from '../helpers/vm-servers.ts';
import { buildWorld, type World } from '../helpers/world.ts';

/** The provisioning configuration a process started with the hypervisor's environment reads. */
const libvirtConfig = (hypervisor: Hypervisor): Config['provisioning'] => loadConfig(hypervisor.env).provisioning;

/** The pool's filesystem: room for everything the test's servers write. */
const POOL_FILESYSTEM_BYTES = 1024 ** 3;
/**
 * The pool's filesystem too small for a new server: a new disk takes about
 * 200 KiB (a qcow2 of the plan's size, its tables written) and its seed about
 * 370 KiB (an ISO of three small files).
 */
const FULL_POOL_FILESYSTEMS = [
  { bytes: 64 * 1024, missing: "the server's disk" },
  { bytes: 384 * 1024, missing: "the server's seed" },
];

async function action(w: World, serverId: string, name: string): Promise<{ status: number; body: any }> {
  return w.app.api(`/projects/${w.slug}/servers/${serverId}/actions/${name}/`, { method: 'POST', key: w.key });
}

test('an ordered server is a VM you can SSH into on a bridge made for its location; power actions act on it; libvirtd down is a 503; deleting it leaves nothing', async (t) => {
  const hypervisor = await startHypervisor({ poolFilesystemBytes: POOL_FILESYSTEM_BYTES });
  t.after(() => hypervisor.destroy());
  const keys = mkdtempSync(path.join(tmpdir(), 'cloudplane-vm-key-'));
  t.after(() => rmSync(keys, { recursive: true, force: true }));
  // qemu (as libvirt-qemu) reads a kernel kept here.
  chmodSync(keys, 0o755);
  const keyFile = path.join(keys, 'id_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', keyFile]);

  const w = await buildWorld(t, { credit: '500.00', build: { config: { provisioning: libvirtConfig(hypervisor) } } });
  const doomedKernel = path.join(keys, 'vmlinuz');
  copyFileSync(hypervisor.image.kernel, doomedKernel);
  // debian-13 gets a copy of the test image's kernel, for the test to remove.
  await catalogueWithTestImage(w, hypervisor, (catalogue) => {
    catalogue.images = catalogue.images.map((image) => (image.name === 'debian-13' ? { ...image, files: { ...hypervisor.image, kernel: doomedKernel } } : image));
  });
  const key = await w.app.api(`/projects/${w.slug}/ssh-keys/`, { method: 'POST', key: w.key, body: { name: 'vm', public_key: readFileSync(`${keyFile}.pub`, 'utf8').trim() } });
  assert.equal(key.status, 201, JSON.stringify(key.body));

  const orderedAt = Date.now();
  const { id: serverId, address } = await orderedServer(w, { hostname: 'vm-1', ssh_keys: [key.body.id] });
  assert.equal((await hypervisor.virsh('domstate', serverId)).trim(), 'running', 'the domain runs');
  const disk = await hypervisor.virsh('vol-dumpxml', '--pool', hypervisor.pool, `${serverId}-disk.qcow2`);
  assert.match(disk, new RegExp(`<backingStore>[\\s\\S]*<path>${hypervisor.image.disk}</path>`), "the disk is backed by the image's base disk");
  assert.match(disk, /<capacity unit='bytes'>1073741824<\/capacity>/, "and sized to the plan's 1 GB");
  const bridge = await hypervisor.inside('ip', ['-o', 'addr', 'show', 'dev', `${hypervisor.env.LIBVIRT_BRIDGE_PREFIX}${BASE_ORDER.location}`]);
  assert.match(bridge.stdout, /inet 192\.0\.2\.1\/25/, "the location's bridge was made on the host with its pool's gateway");
  assert.match(bridge.stdout, /inet6 fe80::1\/64/, 'and the IPv6 link-local router');

  const hostname = await eventually(() => guestCommand(hypervisor, keyFile, address, 'hostname'), BOOT_BOUND_MS, 500);
  assert.equal(hostname, 'vm-1', 'the guest took its hostname from the seed');
  t.diagnostic(`ordered → SSH answered in ${((Date.now() - orderedAt) / 1000).toFixed(1)} s`);

  const bootId = await guestCommand(hypervisor, keyFile, address, 'cat /proc/sys/kernel/random/boot_id');
  assert.ok(bootId);
  await actionSucceeds(w, serverId, 'reboot');
  const rebooted = await eventually(async () => {
    const now = await guestCommand(hypervisor, keyFile, address, 'cat /proc/sys/kernel/random/boot_id');
    return now && now !== bootId ? now : null;
  }, BOOT_BOUND_MS, 500);
  assert.notEqual(rebooted, bootId, 'the reboot booted the guest again');

  await actionSucceeds(w, serverId, 'power_off');
  assert.equal((await hypervisor.virsh('domstate', serverId)).trim(), 'shut off');
  assert.equal(await guestCommand(hypervisor, keyFile, address, 'true'), null, 'SSH fails while it is off');
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { key: w.key })).body.status, 'stopped');

  // Powered on and off outside cloudplane: the server shows what libvirt says.
  await hypervisor.virsh('start', serverId);
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { key: w.key })).body.status, 'running', 'started outside cloudplane');
  await hypervisor.virsh('destroy', serverId);
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { key: w.key })).body.status, 'stopped', 'powered off outside cloudplane');

  await actionSucceeds(w, serverId, 'power_on');
  assert.equal(await eventually(() => guestCommand(hypervisor, keyFile, address, 'hostname'), BOOT_BOUND_MS, 500), 'vm-1', 'SSH works again');

  // A shutdown asks the guest (ACPI); one that does not power off in time (the test image has no ACPI daemon) is powered off.
  await actionSucceeds(w, serverId, 'shutdown');
  assert.equal((await hypervisor.virsh('domstate', serverId)).trim(), 'shut off', 'shut down');
  await actionSucceeds(w, serverId, 'power_on');
  assert.equal(await eventually(() => guestCommand(hypervisor, keyFile, address, 'hostname'), BOOT_BOUND_MS, 500), 'vm-1');

  await hypervisor.stopLibvirtd();
  const refused = await action(w, serverId, 'reboot');
  assert.equal(refused.status, 503, JSON.stringify(refused.body));
  assert.equal(refused.body.code, 'upstream_unavailable');
  await hypervisor.startLibvirtd();
  await actionSucceeds(w, serverId, 'reboot');

  const cancelled = await w.app.api(`/projects/${w.slug}/servers/${serverId}/cancel/`, { method: 'POST', key: w.key, body: { when: 'immediate' } });
  assert.equal(cancelled.status, 202, JSON.stringify(cancelled.body));
  await eventually(async () => !(await hypervisor.domains()).includes(serverId), ACTION_BOUND_MS, 200);
  assert.deepEqual(poolFiles(hypervisor), [], 'no disk or seed is left');

  // A creation libvirt refuses (the image's kernel went from the host after the catalogue named it): the order fails and nothing is left of it.
  rmSync(doomedKernel);
  const refusedOrder = await w.app.api(`/projects/${w.slug}/servers/`, { method: 'POST', key: w.key, body: { ...BASE_ORDER, image: 'debian-13', hostname: 'vm-2', ssh_keys: [key.body.id] } });
  assert.equal(refusedOrder.status, 201, JSON.stringify(refusedOrder.body));
  const failedOrder = await settledOrder(w, refusedOrder.body.id);
  assert.equal(failedOrder.status, 'failed', JSON.stringify(failedOrder));
  assert.match(failedOrder.warnings.join(' '), /could not be created/);
  assert.equal((await w.app.api(`/projects/${w.slug}/servers/`, { key: w.key })).body.count, 0, 'no server is left');
  const services = await w.app.app.upstreams.backOffice.billing.listServices(w.userId);
  assert.deepEqual(services.map((service) => service.status), ['Cancelled', 'Cancelled'], "neither server's service is billed");
  assert.deepEqual(poolFiles(hypervisor), [], 'no disk or seed is left of it');
  assert.deepEqual(await hypervisor.domains(), [], 'no domain is left');

  // The pool's filesystem full, with no room for the disk, then room for the disk but not the seed: each order fails
  // with the reason, and nothing is made of it (no domain, no volume, no file).
  const fullPoolFrom = Date.now();
  let cancelledServices = 2;
  for (const full of FULL_POOL_FILESYSTEMS) {
    hypervisor.resizePoolFilesystem(full.bytes);
    const creditBefore = await balance(w.app, w.key);
    const ordered = await w.app.api(`/projects/${w.slug}/servers/`, { method: 'POST', key: w.key, body: { ...BASE_ORDER, hostname: 'vm-3', ssh_keys: [key.body.id] } });
    assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
    const failedForRoom = await settledOrder(w, ordered.body.id);
    assert.equal(failedForRoom.status, 'failed', JSON.stringify(failedForRoom));
    assert.deepEqual(failedForRoom.warnings, [`Delivery failed: the server could not be created: the hypervisor host's storage is full (no room for ${full.missing})`]);
    assert.equal((await w.app.api(`/projects/${w.slug}/servers/`, { key: w.key })).body.count, 0, `${full.missing}: no server is left`);
    assert.deepEqual(poolFiles(hypervisor), [], `${full.missing}: no file is left in the pool`);
    assert.equal((await hypervisor.virsh('vol-list', '--pool', hypervisor.pool)).trim(), '', `${full.missing}: libvirt knows no volume of it`);
    assert.deepEqual(await hypervisor.domains(), [], `${full.missing}: no domain is defined`);
    // As any failed delivery: charged once, the reserved service cancelled, the books adding up.
    assert.equal(await balance(w.app, w.key), creditBefore - minor(failedForRoom.invoice.total), `${full.missing}: charged once, as any paid order`);
    cancelledServices += 1;
    const statuses = (await w.app.app.upstreams.backOffice.billing.listServices(w.userId)).map((service) => service.status);
    assert.deepEqual(statuses, Array(cancelledServices).fill('Cancelled'), `${full.missing}: its service is cancelled`);
    await assertLedgerBalances(w.app);
  }

  // Room again: the next order is delivered, its disk and seed in the pool and its domain running.
  hypervisor.resizePoolFilesystem(POOL_FILESYSTEM_BYTES);
  const { id: roomyId } = await orderedServer(w, { hostname: 'vm-4', ssh_keys: [key.body.id] });
  assert.equal((await hypervisor.virsh('domstate', roomyId)).trim(), 'running');
  assert.deepEqual(poolFiles(hypervisor).sort(), [`${roomyId}-disk.qcow2`, `${roomyId}-seed.iso`]);
  t.diagnostic(`the full pool's two refused orders and the delivered one took ${((Date.now() - fullPoolFrom) / 1000).toFixed(1)} s`);
});
