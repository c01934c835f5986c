// Every action on a real VM (D19, issue 29), against real libvirt: the test
// image (test/vm-image) boots under QEMU on a hypervisor host the test makes
// (test/helpers/hypervisor.ts), and each action is checked in the guest over
// SSH, from inside the host's network namespace:
//   snapshots  a file of its own in the pool; a file written before the
//              snapshot is back after a restore, one written after is gone;
//              a deleted snapshot leaves no file
//   password   the new root password logs in over SSH and at the serial console (through the API)
//   ISO        the CD-ROM holds the ISO (its file readable), then nothing
//   metrics    CPU time, network and disk bytes read from libvirt, graphed
//   IPv6       the server's address is configured on its NIC
//   private    two servers of one project reach each other on a second NIC;
//              another project's server does not reach them
//   plan       more vCPUs and memory after the reboot, the disk grown
//   bandwidth  recorded, the machine untouched
//   reinstall  a fresh disk, the same address and keys, a new password
//   suspension the operator's suspend powers the machine off, unsuspend on
//   end of term the deletion at the end of the term removes the domain
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { eventually } from '../helpers/build.ts';
import { guestCommand, poolFiles, startHypervisor } from '../helpers/hypervisor.ts';
import { BASE_ORDER } from '../helpers/orders.ts';
import { openSerialConsole } from '../helpers/serial-console.ts';
import { ACTION_BOUND_MS, actionSucceeds, BOOT_BOUND_MS, catalogueWithTestImage, orderedServer, settledOrder } from '../helpers/vm-servers.ts';
import { buildWorld, otherProject, type World } from '../helpers/world.ts';

const ISO_ID = 1;
/** The upgrade the test orders: product 1 → 2, each given a plan an emulated VM can hold. */
const LARGER_PLAN = { cpu_cores: 2, ram_mb: 384, disk_gb: 2, boot_disk_gb: 2 };

interface Guest {
  w: World;
  id: string;
  address: string;
}

const act = (guest: Guest, name: string, body?: Record<string, unknown>) => actionSucceeds(guest.w, guest.id, name, body);

test('every action acts on the real VM: snapshots, password, ISO, IPv6, private network, plan, bandwidth, reinstall, suspension, end of term', async (t) => {
  const hypervisor = await startHypervisor();
  t.after(() => hypervisor.destroy());
  const files = mkdtempSync(path.join(tmpdir(), 'cloudplane-vm-actions-'));
  t.after(() => rmSync(files, { recursive: true, force: true }));
  // qemu (as libvirt-qemu) reads the ISO kept here.
  chmodSync(files, 0o755);
  const keyFile = path.join(files, 'id_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', keyFile]);
  mkdirSync(path.join(files, 'iso'));
  writeFileSync(path.join(files, 'iso', 'hello.txt'), 'from the rescue ISO\n');
  const isoFile = path.join(files, 'rescue.iso');
  execFileSync('genisoimage', ['-quiet', '-output', isoFile, '-volid', 'RESCUE', '-rock', path.join(files, 'iso', 'hello.txt')]);
  chmodSync(isoFile, 0o644);

  const w = await buildWorld(t, { credit: '500.00', build: { config: { provisioning: loadConfig(hypervisor.env).provisioning } } });
  await catalogueWithTestImage(w, hypervisor, (catalogue) => {
    catalogue.products = catalogue.products.map((product) => (product.id === 2 ? { ...product, plan: LARGER_PLAN } : product));
    catalogue.isos = [{ id: ISO_ID, name: 'rescue.iso', file: isoFile }, ...catalogue.isos.filter((iso) => iso.id !== ISO_ID)];
  });
  const other = await otherProject(w, 'Elsewhere');
  const publicKey = readFileSync(`${keyFile}.pub`, 'utf8').trim();

  const keyIds = new Map<string, number>();
  for (const world of [w, other]) {
    const key = await world.app.api(`/projects/${world.slug}/ssh-keys/`, { method: 'POST', key: world.key, body: { name: 'vm', public_key: publicKey } });
    assert.equal(key.status, 201, JSON.stringify(key.body));
    keyIds.set(world.slug, key.body.id);
  }
  const order = async (world: World, hostname: string): Promise<Guest> => ({ w: world, ...(await orderedServer(world, { hostname, ssh_keys: [keyIds.get(world.slug)] })) });
  const ssh = (guest: Guest, command: string) => guestCommand(hypervisor, keyFile, guest.address, command);
  const sshUp = (guest: Guest, command: string) => eventually(() => ssh(guest, command), BOOT_BOUND_MS, 500);
  const bootId = (guest: Guest) => sshUp(guest, 'cat /proc/sys/kernel/random/boot_id');
  /** Waits until the guest has booted again since `before` and answers SSH. */
  const bootedAgain = (guest: Guest, before: string) =>
    eventually(async () => {
      const now = await ssh(guest, 'cat /proc/sys/kernel/random/boot_id');
      return now && now !== before ? now : null;
    }, BOOT_BOUND_MS, 500);

  const [a, b, c] = await Promise.all([order(w, 'vm-a'), order(w, 'vm-b'), order(other, 'vm-c')]);
  for (const guest of [a, b, c]) await sshUp(guest, 'hostname');

  await t.test('snapshots: a file of its own; a restore brings back what was written before and removes what was written after; a deleted one leaves no file', async () => {
    assert.ok(await ssh(a, 'echo kept > /data/before && sync && echo ok'), 'a file on the disk');
    const made = await act(a, 'create_snapshot', { name: 'before-change' });
    const snapshotId = made.snapshot_id as number;
    assert.ok(poolFiles(hypervisor).includes(`snapshot-${snapshotId}.qcow2`), `the snapshot is a file in the pool: ${poolFiles(hypervisor).join(', ')}`);
    assert.equal((await hypervisor.virsh('snapshot-list', a.id, '--name')).trim(), '', 'nothing inside the disk');
    const snapshot = (await w.app.api(`/projects/${w.slug}/snapshots/${snapshotId}/`, { key: w.key })).body;
    assert.equal(snapshot.status, 'completed');
    assert.ok(snapshot.size_gb >= 1, 'its size is what the file takes');
    assert.ok(await ssh(a, 'rm /data/before && echo new > /data/after && sync && echo ok'));
    await act(a, 'restore_snapshot', { snapshot_id: snapshotId });
    assert.equal(await sshUp(a, 'cat /data/before'), 'kept', 'the file written before the snapshot is back');
    assert.equal(await ssh(a, 'test -e /data/after && echo there || echo gone'), 'gone', 'the file written after it is gone');
    const deleted = await w.app.api(`/projects/${w.slug}/snapshots/${snapshotId}/`, { method: 'DELETE', key: w.key });
    assert.equal(deleted.status, 204, JSON.stringify(deleted.body));
    await eventually(async () => !poolFiles(hypervisor).includes(`snapshot-${snapshotId}.qcow2`), ACTION_BOUND_MS, 250);

    // Of a stopped server: a copy of its disk, not a backup job of a running machine.
    await act(a, 'power_off');
    const ofStopped = (await act(a, 'create_snapshot', { name: 'stopped' })).snapshot_id as number;
    assert.ok(poolFiles(hypervisor).includes(`snapshot-${ofStopped}.qcow2`), 'a stopped server is snapshotted as a file too');
    assert.equal((await w.app.api(`/projects/${w.slug}/snapshots/${ofStopped}/`, { key: w.key })).body.status, 'completed');
    await act(a, 'power_on');
    assert.equal(await sshUp(a, 'cat /data/before'), 'kept', 'and the server runs on its disk');
  });

  await t.test('reset password: the new root password logs in over SSH and at the serial console', async () => {
    const { root_password: password } = await act(a, 'reset_password');
    assert.equal(typeof password, 'string');
    const askpass = path.join(files, 'askpass');
    writeFileSync(askpass, `#!/bin/sh\necho '${password}'\n`, { mode: 0o700 });
    const login = (script: string) =>
      hypervisor.inside('env', [
        `SSH_ASKPASS=${script}`,
        'SSH_ASKPASS_REQUIRE=force',
        'DISPLAY=:0',
        'ssh',
        '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'ConnectTimeout=5', '-o', 'LogLevel=ERROR',
        '-o', 'PubkeyAuthentication=no', '-o', 'PreferredAuthentications=password', '-o', 'NumberOfPasswordPrompts=1',
        `root@${a.address}`, 'echo in',
      ], { timeoutMs: 30_000 });
    const withNew = await eventually(async () => ((await login(askpass)).stdout.trim() === 'in' ? 'in' : null), 30_000, 1000);
    assert.equal(withNew, 'in', 'the new password logs in');
    const wrong = path.join(files, 'askpass-wrong');
    writeFileSync(wrong, "#!/bin/sh\necho 'not-the-password'\n", { mode: 0o700 });
    assert.notEqual((await login(wrong)).stdout.trim(), 'in', 'another password does not');

    // The same password at the domain's serial console, through the API's WebSocket (D24).
    const asked = await w.app.api(`/projects/${w.slug}/servers/${a.id}/console/`, { method: 'POST', key: w.key });
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    const console = await openSerialConsole(asked.body.url, a.id);
    try {
      assert.equal(await console.login('root', 'not-the-password'), false, 'a wrong password does not log in at the console');
      assert.equal(await console.login('root', String(password)), true, 'the new one does');
      assert.equal((await console.run('hostname')).trim(), 'vm-a');
      console.send('exit\r');
    } finally {
      console.close();
    }
  });

  await t.test('ISO: mounting puts the ISO in the CD-ROM drive, unmounting takes it out', async () => {
    await act(a, 'mount_iso', { iso_id: ISO_ID });
    assert.equal(await sshUp(a, 'mkdir -p /mnt/iso && mount -t iso9660 -o ro /dev/sr0 /mnt/iso && cat /mnt/iso/hello.txt; umount /mnt/iso'), 'from the rescue ISO');
    assert.equal((await w.app.api(`/projects/${w.slug}/servers/${a.id}/`, { key: w.key })).body.iso.id, ISO_ID);
    await act(a, 'unmount_iso');
    assert.equal(await ssh(a, 'blockdev --getsz /dev/sr0 2>/dev/null || echo 0'), '0', 'the drive is empty');
    assert.doesNotMatch(await hypervisor.virsh('dumpxml', a.id), /rescue\.iso/, 'and libvirt holds no ISO for it');
  });

  await t.test('metrics: CPU time, network and disk bytes come from the hypervisor, and the API graphs them', async () => {
    const counters = await w.app.app.upstreams.provisioning.serverCounters(a.id);
    assert.ok(counters && counters.cpuTimeNs > 0 && counters.networkRxBytes > 0 && counters.networkTxBytes > 0 && counters.diskReadBytes > 0, JSON.stringify(counters));
    const clockNow = async (seconds: number) => (await w.app.admin('/clock/advance', { method: 'POST', body: { seconds } })).body.now as string;
    const start = await clockNow(0);
    // The sampler reads the running servers each minute of the (test) clock; two samples make the first point.
    const metrics = await eventually(async () => {
      const end = new Date(Date.parse(await clockNow(60)) + 1000).toISOString();
      const query = new URLSearchParams({ type: 'cpu,disk,network', start, end, step: '60' });
      const found = (await w.app.api(`/projects/${w.slug}/servers/${a.id}/metrics/?${query}`, { key: w.key })).body;
      return found.time_series?.cpu?.values?.length > 0 ? found : null;
    }, ACTION_BOUND_MS, 1000);
    for (const name of ['cpu', 'network.bytes.in', 'network.bytes.out', 'disk.bytes.read', 'disk.bytes.write']) {
      const values: [number, string][] = metrics.time_series[name].values;
      assert.ok(values.length > 0 && values.every(([, value]) => Number(value) >= 0), `${name}: ${JSON.stringify(values)}`);
    }
  });

  await t.test('IPv6: the server gets its subnet and the guest has the address on its NIC', async () => {
    const before = await bootId(a);
    const { subnet } = await act(a, 'enable_ipv6');
    assert.match(subnet, /^[0-9a-f:]+\/64$/);
    await bootedAgain(a, before);
    const server = (await w.app.api(`/projects/${w.slug}/servers/${a.id}/`, { key: w.key })).body;
    const address = `${subnet.split('/')[0]}1`;
    assert.ok(JSON.stringify(server.network).includes(subnet.split('/')[0]), 'the API shows the subnet');
    assert.match(await sshUp(a, 'ip -6 addr show dev eth0 scope global'), new RegExp(`inet6 ${address}/64`), 'the guest has the address');
    assert.match(await sshUp(a, 'ip -6 route show default'), /via fe80::1/, 'and routes through the link-local router');
  });

  await t.test('private network: two servers of one project reach each other on it, another project does not', async () => {
    const booted = await Promise.all([a, b, c].map(bootId));
    await Promise.all([a, b, c].map((guest) => act(guest, 'enable_private_network')));
    await Promise.all([a, b, c].map((guest, i) => bootedAgain(guest, booted[i]!)));
    const privateAddress = async (guest: Guest) => (await sshUp(guest, "ip -4 -o addr show dev eth1 | awk '{print $4}' | cut -d/ -f1")).trim();
    const [addressA, addressB] = [await privateAddress(a), await privateAddress(b)];
    assert.match(addressA, /^10\.0\.\d+\.\d+$/);
    assert.notEqual(addressA, addressB);
    assert.equal(await ssh(a, `ping -c 1 -W 2 ${addressB} >/dev/null && echo reached`), 'reached', 'A reaches B on the private network');
    assert.equal(await ssh(b, `ping -c 1 -W 2 ${addressA} >/dev/null && echo reached`), 'reached', 'B reaches A');
    // The other project's network has addresses of its own (C may hold B's or A's number there): it must reach neither of the other two.
    const addressC = await privateAddress(c);
    const target = [addressA, addressB].find((address) => address !== addressC)!;
    assert.equal(await ssh(c, `ping -c 2 -W 2 ${target} >/dev/null && echo reached || echo unreachable`), 'unreachable', "another project's server does not reach them");
    assert.equal((await w.app.api(`/projects/${w.slug}/servers/${a.id}/`, { key: w.key })).body.network.private_network.enabled, true);
  });

  await t.test('plan change: after the reboot the guest has the new vCPUs and memory, and a grown disk', async () => {
    const sectorsBefore = Number(await sshUp(a, 'cat /sys/block/vda/size'));
    const upgrade = await w.app.api(`/projects/${w.slug}/servers/${a.id}/upgrade/`, { method: 'POST', key: w.key, body: { product_id: 2, upgrade_disk: true } });
    assert.equal(upgrade.status, 201, JSON.stringify(upgrade.body));
    assert.equal((await settledOrder(w, upgrade.body.id)).status, 'completed');
    assert.equal((await w.app.api(`/projects/${w.slug}/servers/${a.id}/`, { key: w.key })).body.pending_changes, true);
    assert.equal(await ssh(a, 'nproc'), '1', 'nothing changes before the reboot');
    const before = await bootId(a);
    await act(a, 'reboot');
    await bootedAgain(a, before);
    assert.equal(await sshUp(a, 'nproc'), '2', 'two vCPUs');
    const memoryKb = Number(await ssh(a, "awk '/MemTotal/ {print $2}' /proc/meminfo"));
    assert.ok(memoryKb > 300 * 1024, `more memory (${memoryKb} kB)`);
    const sectorsAfter = Number(await ssh(a, 'cat /sys/block/vda/size'));
    assert.equal(sectorsAfter, (LARGER_PLAN.disk_gb * 1024 ** 3) / 512, `the disk grew from ${sectorsBefore} sectors`);
    assert.equal((await w.app.api(`/projects/${w.slug}/servers/${a.id}/`, { key: w.key })).body.pending_changes, false);
  });

  await t.test('extra bandwidth: recorded, the machine untouched', async () => {
    const before = await bootId(a);
    const xmlBefore = await hypervisor.virsh('dumpxml', '--inactive', a.id);
    const pricing = (await w.app.api(`/projects/${w.slug}/pricing/`, { key: w.key })).body;
    const ordered = await w.app.api(`/projects/${w.slug}/servers/${a.id}/bandwidth/`, { method: 'POST', key: w.key, body: { size_gb: pricing.extra_bandwidth[0].size_gb } });
    assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
    assert.equal((await settledOrder(w, ordered.body.id)).status, 'completed');
    assert.equal(await bootId(a), before, 'the guest was not rebooted');
    assert.equal(await hypervisor.virsh('dumpxml', '--inactive', a.id), xmlBefore, 'the domain is unchanged');
  });

  await t.test('reinstall: a fresh disk from the image, the same address and keys, a new password', async () => {
    assert.ok(await sshUp(a, 'echo old > /data/old-install && sync && echo ok'));
    const before = await bootId(a);
    const { root_password: password } = await act(a, 'reinstall', { image: BASE_ORDER.image });
    assert.equal(typeof password, 'string');
    await bootedAgain(a, before);
    assert.equal(await sshUp(a, 'test -e /data/old-install && echo there || echo gone'), 'gone', 'a fresh disk');
    assert.equal(await ssh(a, 'hostname'), 'vm-a', 'the same server, reached on the same address with the same key');
    assert.equal(await ssh(a, "ip -4 -o addr show dev eth1 | awk '{print $4}' | cut -d/ -f1 | grep -c ."), '1', 'still on the private network');
  });

  await t.test("suspension: the operator's suspend powers the machine off, unsuspending powers it on", async () => {
    const suspended = await w.app.admin(`/servers/${b.id}/suspend`, { method: 'POST' });
    assert.equal(suspended.status, 200, JSON.stringify(suspended.body));
    await eventually(async () => (await hypervisor.virsh('domstate', b.id)).trim() === 'shut off', ACTION_BOUND_MS, 250);
    assert.equal(await ssh(b, 'true'), null, 'SSH fails while it is suspended');
    assert.equal((await w.app.api(`/projects/${w.slug}/servers/${b.id}/`, { key: w.key })).body.status, 'suspended');
    const unsuspended = await w.app.admin(`/servers/${b.id}/unsuspend`, { method: 'POST' });
    assert.equal(unsuspended.status, 200, JSON.stringify(unsuspended.body));
    assert.equal(await sshUp(b, 'hostname'), 'vm-b', 'running again');
  });

  await t.test('end of term: the deletion at the end of the term removes the domain and its disks', async () => {
    const cancelled = await w.app.api(`/projects/${w.slug}/servers/${b.id}/cancel/`, { method: 'POST', key: w.key, body: { when: 'end_of_term', reason: 'test' } });
    assert.equal(cancelled.status, 202, JSON.stringify(cancelled.body));
    assert.equal((await hypervisor.virsh('domstate', b.id)).trim(), 'running', 'it runs until the end of its term');
    const advanced = await w.app.admin('/clock/advance', { method: 'POST', body: { seconds: 400 * 24 * 3600 } });
    assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
    // The domain goes first and its volumes after it, so both are waited for.
    await eventually(async () => !(await hypervisor.domains()).includes(b.id) && !poolFiles(hypervisor).some((file) => file.startsWith(b.id)), ACTION_BOUND_MS, 250);
    assert.equal((await w.app.api(`/projects/${w.slug}/servers/${b.id}/`, { key: w.key })).status, 404, 'the server is gone from the API too');
  });
});
