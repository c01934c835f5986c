// Real guests (D23, issue 44): every server action on a Debian guest built
// from Debian's packages with Debian's own cloud-init, OpenSSH and
// qemu-guest-agent, and no net-tools (test/guest-image/build.sh, cached per
// machine by test/helpers/guest-image.ts). Two guests run side by side, one
// per renderer of cloud-init's network configuration:
//   ifupdown  Debian 12, cloud-init 22.4 writes /etc/network/interfaces
//   netplan   Debian 13, cloud-init 25 writes netplan for systemd-networkd
// Each check runs on both, through cloudplane's libvirt backend and the API,
// and is read back in the guest over SSH (or at its serial console):
//   order      SSH as root with the ordered key, the hostname, the default routes
//   reboot     soft: a file written just before is there after, the boot id
//              changed, the SSH host keys are intact; on the netplan guest the
//              same reboot applies a bigger plan: the root filesystem grew
//   network    IPv6 and the private network reach the running guest; the
//              gateways answer
//   console    through the API's WebSocket, with a firewall dropping every
//              port: the reset password logs in, the old does not
//   snapshots  a file of its own: it outlives a reinstall, a restore brings the
//              file back, an order from it boots a copy with its own identity
// The guests are shared by the checks, in this order, to keep the boots few.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { describeIpv4Pool } from '../../src/modules/addresses/index.ts';
import { eventually } from '../helpers/build.ts';
import { realGuestImage } from '../helpers/guest-image.ts';
import { guestCommand, poolFiles, startHypervisor } from '../helpers/hypervisor.ts';
import { attach, createGroup } from '../helpers/firewall.ts';
import { openSerialConsole } from '../helpers/serial-console.ts';
import { settledOrder } from '../helpers/vm-servers.ts';
import { buildWorld } from '../helpers/world.ts';

/** Under software emulation a Debian guest boots to SSH in about a minute, two at once on a loaded machine in two; generous all the same. */
const BOOT_BOUND_MS = 300_000;
/** The soft stop's timeout (the default's, not the fast tests' 5 s), and an action's bound: the stop, then the machine's start. */
const SHUTDOWN_TIMEOUT_S = 120;
const ACTION_BOUND_MS = (SHUTDOWN_TIMEOUT_S + 180) * 1000;
const SSH_OPTIONS = ['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'ConnectTimeout=10', '-o', 'BatchMode=yes', '-o', 'LogLevel=ERROR'];
/** The plans: small enough for two emulated guests side by side, the second with a larger disk. */
const PLAN = { cpu_cores: 1, ram_mb: 768, disk_gb: 3, boot_disk_gb: 3 };
const LARGER_PLAN = { cpu_cores: 1, ram_mb: 768, disk_gb: 5, boot_disk_gb: 5 };
const VARIANTS = [
  { variant: 'ifupdown', image: 'debian-12', hostname: 'bookworm-1' },
  { variant: 'netplan', image: 'debian-13', hostname: 'trixie-1' },
] as const;

interface Guest {
  variant: (typeof VARIANTS)[number]['variant'];
  id: string;
  address: string;
  hostname: string;
}

test('a real Debian guest with its own cloud-init: order, soft reboot and resize, network, console, snapshots', { timeout: 45 * 60_000 }, async (t) => {
  // Built (or found in the cache) before the machine's hypervisor is held: other VM tests run meanwhile.
  const [bookworm, trixie] = await Promise.all([realGuestImage('ifupdown'), realGuestImage('netplan')]);
  const hypervisor = await startHypervisor();
  t.after(() => hypervisor.destroy());
  const files = mkdtempSync(path.join(tmpdir(), 'cloudplane-real-guest-'));
  t.after(() => rmSync(files, { recursive: true, force: true }));
  const keyFile = path.join(files, 'id_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', keyFile]);

  // A soft stop of a real guest takes seconds under emulation: the timeout is the default's, not the fast tests' 5 s.
  // The firewall is enforced on the taps (nftables in the host's namespace): the console must work with every port dropped.
  const env = { ...hypervisor.env, LIBVIRT_SHUTDOWN_TIMEOUT: String(SHUTDOWN_TIMEOUT_S), FIREWALL_BACKEND: 'nftables', FIREWALL_NFT_COMMAND: `ip netns exec ${hypervisor.namespace} nft` };
  const config = loadConfig(env);
  const w = await buildWorld(t, { credit: '500.00', build: { config: { provisioning: config.provisioning, firewall: config.firewall } } });
  const catalogue = (await w.app.admin('/catalogue')).body;
  const filesOf = { 'debian-12': bookworm, 'debian-13': trixie } as Record<string, { disk: string; kernel: string; initrd: string; cmdline: string }>;
  catalogue.images = catalogue.images.map((image: { name: string }) => {
    const built = filesOf[image.name];
    return built ? { ...image, files: { disk: built.disk, kernel: built.kernel, initrd: built.initrd, cmdline: built.cmdline } } : image;
  });
  catalogue.products = catalogue.products.map((product: { id: number }) => (product.id === 1 ? { ...product, plan: PLAN } : product.id === 2 ? { ...product, plan: LARGER_PLAN } : product));
  const replaced = await w.app.admin('/catalogue', { method: 'PUT', body: catalogue });
  assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
  const key = await w.app.api(`/projects/${w.slug}/ssh-keys/`, { method: 'POST', key: w.key, body: { name: 'tests', public_key: readFileSync(`${keyFile}.pub`, 'utf8').trim() } });
  assert.equal(key.status, 201, JSON.stringify(key.body));

  /**
   * A command's output over SSH as root, whatever its exit status. SSH's own
   * failure (exit 255, or no answer: a guest still booting, a connection lost
   * while the machine is loaded) is tried again, within the boot bound.
   */
  const ssh = (guest: Pick<Guest, 'address'>, command: string) =>
    eventually(async () => {
      const result = await hypervisor.inside('ssh', [...SSH_OPTIONS, '-i', keyFile, `root@${guest.address}`, command], { timeoutMs: 60_000 });
      return result.code === 255 || result.code < 0 ? null : result.stdout.trim();
    }, BOOT_BOUND_MS, 1000);
  /** The output once the command succeeds (a guest that has just booted may not be ready for it yet). */
  const sshUp = (guest: Pick<Guest, 'address'>, command: string) => eventually(() => guestCommand(hypervisor, keyFile, guest.address, command), BOOT_BOUND_MS, 1000);
  const bootId = (guest: Guest) => sshUp(guest, 'cat /proc/sys/kernel/random/boot_id');
  /** An action started and waited for: a soft stop may take the guest up to LIBVIRT_SHUTDOWN_TIMEOUT, then it boots. */
  const act = async (guest: Guest, name: string, body?: Record<string, unknown>) => {
    const started = await w.app.api(`/projects/${w.slug}/servers/${guest.id}/actions/${name}/`, { method: 'POST', key: w.key, body });
    assert.equal(started.status, 202, `${name}: ${JSON.stringify(started.body)}`);
    const done = await eventually(async () => {
      const found = (await w.app.api(`/projects/${w.slug}/actions/${started.body.id}/`, { key: w.key })).body;
      return found.status === 'running' ? null : found;
    }, ACTION_BOUND_MS, 500);
    assert.equal(done.status, 'success', `${guest.variant} ${name}: ${JSON.stringify(done)}`);
    return done.result as Record<string, any>;
  };
  const both = <T>(work: (guest: Guest) => Promise<T>) => Promise.all(guests.map(work));
  const serverOf = async (guest: Guest) => (await w.app.api(`/projects/${w.slug}/servers/${guest.id}/`, { key: w.key })).body;

  /** Orders a server and waits until SSH answers as root; how long that took. */
  async function order(body: Record<string, unknown>, hostname: string): Promise<Guest & { secondsToSsh: number }> {
    const started = performance.now();
    const ordered = await w.app.api(`/projects/${w.slug}/servers/`, { method: 'POST', key: w.key, body: { product_id: 1, location: 'fsn1', ssh_keys: [key.body.id], hostname, ...body } });
    assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
    const settled = await settledOrder(w, ordered.body.id);
    assert.equal(settled.status, 'completed', JSON.stringify(settled));
    const server = (await w.app.api(`/projects/${w.slug}/servers/${settled.server_id}/`, { key: w.key })).body;
    const guest = { variant: 'ifupdown' as Guest['variant'], id: server.id as string, address: server.network.ipv4[0].address as string, hostname };
    assert.equal(await sshUp(guest, 'hostname'), hostname, 'SSH as root with the ordered key; the hostname as ordered');
    return { ...guest, secondsToSsh: (performance.now() - started) / 1000 };
  }

  const guests: Guest[] = await Promise.all(
    VARIANTS.map(async ({ variant, image, hostname }) => {
      const guest = await order({ image }, hostname);
      t.diagnostic(`${variant}: order to SSH as root in ${guest.secondsToSsh.toFixed(1)} s (software emulation)`);
      return { ...guest, variant };
    }),
  );

  await t.test('order: the renderer of each image, the default routes without net-tools, the gateway answers', async () => {
    await both(async (guest) => {
      assert.equal(await ssh(guest, 'command -v route ifconfig || echo none'), 'none', `${guest.variant}: no net-tools in the guest`);
      const rendered = guest.variant === 'ifupdown' ? '/etc/network/interfaces.d/50-cloud-init' : '/etc/netplan/50-cloud-init.yaml';
      assert.equal(await ssh(guest, `test -s ${rendered} && echo rendered`), 'rendered', `${guest.variant}: cloud-init wrote ${rendered}`);
      const gateway = describeIpv4Pool(catalogue.locations.find((location: { code: string }) => location.code === 'fsn1').ipv4_pool).gateway;
      assert.match((await ssh(guest, 'ip -4 route show default')), new RegExp(`^default via ${gateway.replaceAll('.', '\\.')} dev eth0`), `${guest.variant}: the IPv4 default route`);
      assert.equal(await ssh(guest, `ping -c 1 -W 5 ${gateway} >/dev/null && echo reached`), 'reached', `${guest.variant}: the guest reaches the host's gateway`);
    });
  });

  await t.test('reboot is soft: a file written just before is there after, a new boot, the SSH host keys intact; a bigger plan grows the root filesystem', async () => {
    await both(async (guest) => {
      const before = await bootId(guest);
      const hostKeys = await ssh(guest, 'for key in /etc/ssh/ssh_host_*_key.pub; do ssh-keygen -lf "$key"; done');
      assert.ok(hostKeys && hostKeys.split('\n').length >= 3, `${guest.variant}: host keys ${hostKeys}`);
      // One boot does for both checks on the netplan guest (the boots are what the test's time goes on): its reboot
      // also applies a bigger plan. The ifupdown guest keeps its plan: its snapshot is ordered from later, on the small one.
      const resized = guest.variant === 'netplan';
      const rootBytes = async () => Number(await sshUp(guest, "df -B1 --output=size / | tail -n 1 | tr -d ' '"));
      const rootBefore = resized ? await rootBytes() : 0;
      if (resized) {
        const upgrade = await w.app.api(`/projects/${w.slug}/servers/${guest.id}/upgrade/`, { method: 'POST', key: w.key, body: { product_id: 2, upgrade_disk: true } });
        assert.equal(upgrade.status, 201, JSON.stringify(upgrade.body));
        assert.equal((await settledOrder(w, upgrade.body.id)).status, 'completed');
      }
      // No sync: what the guest has not written out yet is what a hard reset loses.
      assert.equal(await ssh(guest, 'echo "written a moment before the reboot" > /root/before-reboot && echo ok'), 'ok');
      const result = await act(guest, 'reboot');
      assert.deepEqual(result, {}, `${guest.variant}: the guest shut down by itself (no forced power off)`);
      const after = await bootId(guest);
      assert.notEqual(after, before, `${guest.variant}: the guest booted again`);
      assert.equal(await ssh(guest, 'cat /root/before-reboot || echo missing'), 'written a moment before the reboot', `${guest.variant}: the file is there`);
      assert.equal(await ssh(guest, 'find /etc/ssh -name "ssh_host_*" -size 0 | wc -l'), '0', `${guest.variant}: no host key file is empty`);
      assert.equal(await ssh(guest, 'for key in /etc/ssh/ssh_host_*_key.pub; do ssh-keygen -lf "$key"; done'), hostKeys, `${guest.variant}: the same host keys`);
      t.diagnostic(`${guest.variant}: reboot through the API: boot ${before} → ${after}, /root/before-reboot kept, host keys unchanged`);
      if (!resized) return;
      const rootAfter = await eventually(async () => {
        const size = await rootBytes();
        return size > rootBefore ? size : null;
      }, BOOT_BOUND_MS, 2000);
      assert.ok(rootAfter > (LARGER_PLAN.disk_gb - 1) * 1024 ** 3, `${guest.variant}: the root filesystem grew from ${rootBefore} to ${rootAfter} bytes`);
      assert.equal((await serverOf(guest)).pending_changes, false);
      t.diagnostic(`${guest.variant}: plan ${PLAN.disk_gb} → ${LARGER_PLAN.disk_gb} GB applied by the reboot: / from ${rootBefore} to ${rootAfter} bytes (cloud-init's growpart and resizefs)`);
    });
  });

  await t.test('network: IPv6 and the private network reach the running guest; the IPv6 gateway answers', async () => {
    await both(async (guest) => {
      const { subnet } = await act(guest, 'enable_ipv6');
      const address = `${String(subnet).split('/')[0]}1`;
      assert.match((await sshUp(guest, `ip -6 addr show dev eth0 scope global | grep -q '${address}/64' && ip -6 addr show dev eth0 scope global`)), new RegExp(`inet6 ${address}/64`), `${guest.variant}: the address is on the NIC`);
      assert.match((await ssh(guest, 'ip -6 route show default')), /default via fe80::1 dev eth0/, `${guest.variant}: the IPv6 default route`);
      assert.equal(await ssh(guest, 'ping -6 -c 1 -W 5 fe80::1%eth0 >/dev/null && echo reached'), 'reached', `${guest.variant}: the IPv6 gateway answers`);
      await act(guest, 'enable_private_network');
    });
    const privateAddresses = await both(async (guest) => (await sshUp(guest, "ip -4 -o addr show dev eth1 | awk '{print $4}' | cut -d/ -f1 | grep .")));
    assert.ok(privateAddresses.every((address) => /^10\.0\.\d+\.\d+$/.test(address)), JSON.stringify(privateAddresses));
    assert.equal(await ssh(guests[0]!, `ping -c 1 -W 5 ${privateAddresses[1]} >/dev/null && echo reached`), 'reached', 'the two guests reach each other on the private network');
  });

  await t.test('the console through the API, past a firewall that drops every port: the reset password logs in, the old one does not', async () => {
    const shutOut = await createGroup(w, 'nothing-in');
    await both(async (guest) => {
      const { root_password: first } = await act(guest, 'reset_password');
      const { root_password: second } = await act(guest, 'reset_password');
      assert.notEqual(first, second);
      const attached = await attach(w, guest.id, [shutOut.id]);
      assert.equal(attached.status, 200, JSON.stringify(attached.body));
      await eventually(async () => (await hypervisor.inside('ssh', [...SSH_OPTIONS, '-o', 'ConnectTimeout=3', '-i', keyFile, `root@${guest.address}`, 'true'], { timeoutMs: 20_000 })).code === 255, 60_000, 500);

      const asked = await w.app.api(`/projects/${w.slug}/servers/${guest.id}/console/`, { method: 'POST', key: w.key });
      assert.equal(asked.status, 201, JSON.stringify(asked.body));
      const console = await openSerialConsole(asked.body.url, `${guest.variant} ${guest.id}`);
      try {
        assert.equal(await console.login('root', String(first)), false, `${guest.variant}: the old password does not log in`);
        assert.equal(await console.login('root', String(second)), true, `${guest.variant}: the new one does`);
        assert.equal((await console.run('hostname')).trim(), guest.hostname, `${guest.variant}: a shell on the server, SSH shut out`);
        console.send('exit\r');
      } finally {
        console.close();
      }
      const detached = await attach(w, guest.id, []);
      assert.equal(detached.status, 200, JSON.stringify(detached.body));
      assert.equal(await sshUp(guest, 'hostname'), guest.hostname, `${guest.variant}: SSH again once the group is detached`);
      t.diagnostic(`${guest.variant}: logged in at the console through the API with SSH dropped by the firewall`);
    });
    const entries = (await w.app.api(`/projects/${w.slug}/audit-log/?resource_type=server&resource_id=${guests[0]!.id}`, { key: w.key })).body.results;
    const closed = entries.find((entry: { operation: string | null }) => entry.operation === 'console.closed');
    assert.ok(closed?.details.bytes_in > 0 && closed.details.bytes_out > 0, JSON.stringify(closed));
    t.diagnostic(`the session's audit entry: ${JSON.stringify(closed)}`);
  });

  await t.test('snapshots outlive the disk: a reinstall keeps them, a restore brings the file back, an order boots a copy', async () => {
    const guest = guests[0]!;
    assert.equal(await ssh(guest, 'echo "saved in the snapshot" > /root/in-snapshot && sync && echo ok'), 'ok');
    const { snapshot_id: snapshotId } = await act(guest, 'create_snapshot', { name: 'before-reinstall' });
    const snapshotFile = `snapshot-${snapshotId}.qcow2`;
    assert.ok(poolFiles(hypervisor).includes(snapshotFile), 'a file of its own, apart from the disk');
    const snapshot = (await w.app.api(`/projects/${w.slug}/snapshots/${snapshotId}/`, { key: w.key })).body;
    assert.equal(snapshot.status, 'completed');
    const allocated = Number((await hypervisor.virsh('vol-info', '--pool', hypervisor.pool, snapshotFile, '--bytes')).match(/Allocation:\s+(\d+)/)![1]);
    assert.equal(snapshot.size_gb, Math.max(1, Math.ceil(allocated / 1024 ** 3)), `size_gb is what the file takes (${allocated} bytes)`);
    assert.equal(await ssh(guest, 'echo "after the snapshot" > /root/after-snapshot && sync && echo ok'), 'ok');
    t.diagnostic(`${guest.variant}: snapshot ${snapshotId} is ${snapshotFile}, ${allocated} bytes on disk (size_gb ${snapshot.size_gb}); /root/in-snapshot written before it, /root/after-snapshot after`);

    await act(guest, 'reinstall', { image: 'debian-12' });
    assert.equal(await sshUp(guest, 'test -e /root/in-snapshot && echo there || echo gone'), 'gone', 'the reinstall made a fresh disk');
    assert.ok(poolFiles(hypervisor).includes(snapshotFile), 'the snapshot outlived the disk');
    t.diagnostic(`${guest.variant}: reinstalled: /root/in-snapshot gone, ${snapshotFile} still in the pool`);

    await act(guest, 'restore_snapshot', { snapshot_id: snapshotId });
    assert.equal(await sshUp(guest, 'cat /root/in-snapshot'), 'saved in the snapshot', 'the restore brought the file back');
    assert.equal(await ssh(guest, 'test -e /root/after-snapshot && echo there || echo gone'), 'gone', 'what was written after the snapshot is not');
    t.diagnostic(`${guest.variant}: restored snapshot ${snapshotId}: /root/in-snapshot back, /root/after-snapshot gone`);

    const hostKeys = await ssh(guest, 'ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub');
    const copy = await order({ snapshot_id: snapshotId }, 'from-snapshot');
    t.diagnostic(`an order from snapshot ${snapshotId}: SSH as root in ${copy.secondsToSsh.toFixed(1)} s`);
    assert.equal(await ssh(copy, 'cat /root/in-snapshot || echo missing'), 'saved in the snapshot', 'the copy holds the file');
    assert.equal(await ssh(copy, 'hostname'), 'from-snapshot', 'with its own hostname');
    assert.notEqual(copy.address, guest.address, 'and its own address');
    assert.match((await ssh(copy, 'ip -4 addr show dev eth0')), new RegExp(`inet ${copy.address.replaceAll('.', '\\.')}/`), 'configured in the guest');
    assert.notEqual(await ssh(copy, 'ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub'), hostKeys, 'and its own SSH host keys (a new instance to cloud-init)');
    t.diagnostic(`ordered from snapshot ${snapshotId}: ${copy.id} at ${copy.address}, hostname from-snapshot, /root/in-snapshot there, its own host keys`);

    const cancelled = await w.app.api(`/projects/${w.slug}/servers/${copy.id}/cancel/`, { method: 'POST', key: w.key, body: { when: 'immediate', reason: 'test' } });
    assert.ok([200, 202].includes(cancelled.status), JSON.stringify(cancelled.body));
    await eventually(async () => !(await hypervisor.domains()).includes(copy.id), BOOT_BOUND_MS, 500);
    assert.ok(!poolFiles(hypervisor).some((file) => file.startsWith(copy.id)), 'the deleted server left no disk or seed');
    assert.ok(poolFiles(hypervisor).includes(snapshotFile), 'the snapshot stays with its own record');
    const deleted = await w.app.api(`/projects/${w.slug}/snapshots/${snapshotId}/`, { method: 'DELETE', key: w.key });
    assert.equal(deleted.status, 204, JSON.stringify(deleted.body));
    await eventually(async () => !poolFiles(hypervisor).includes(snapshotFile), BOOT_BOUND_MS, 250);
  });
});
