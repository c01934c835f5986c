// The libvirt backend's crash points (D20, D23), against real libvirt: a real
// `cloudplane serve` with PROVISIONING_BACKEND=libvirt is killed (SIGKILL, by
// itself) between two libvirt steps of a soft reboot or a snapshot's copy,
// started again on the same database, and must finish the action from its
// note and libvirt's answer: the action `success`, one domain running, the
// guest rebooted once (its boot id changed, it answers SSH), the snapshot
// completed with exactly one file, and no volume or file the server does not
// own. The guests are the fast test image (test/vm-image): what is proven is
// the backend's order of steps, not the guest.
//
// Typed by LibvirtCrashPointName, so a libvirt point added to
// src/crash-points.ts without a scenario here does not compile (the other
// points' scenarios are in test/integration/crash-points.test.ts).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { LibvirtCrashPointName } from '../../src/crash-points.ts';
import { eventually, worldCalls, type CallResult } from '../helpers/build.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { guestCommand, poolFiles, startHypervisor, type Hypervisor } from '../helpers/hypervisor.ts';
import { BASE_ORDER } from '../helpers/orders.ts';
import { cloudplaneProcesses, type ServeProcess } from '../helpers/processes.ts';
import { SMALL_PLAN } from '../helpers/vm-servers.ts';

const BOUND_MS = 120_000;
/** Past the dead process's job lease, so the restarted one takes the action's job at once. */
const CLOCK_ADVANCE_SECONDS = 65;

interface Arranged {
  serverId: string;
  address: string;
  bootId: string;
}

interface Owner {
  key: string;
  slug: string;
}

interface Scenario {
  /** The action whose job passes the point. */
  action: 'reboot' | 'create_snapshot';
  body?: Record<string, unknown>;
  /** After the restart, with the action settled: what must hold on the machine. */
  check(context: { p: ServeProcess; owner: Owner; hypervisor: Hypervisor; arranged: Arranged; action: any; ssh: (command: string) => Promise<string | null> }): Promise<void>;
}

/** The guest came back once: another boot, SSH answers, one domain for it, running. */
async function rebootedOnce({ hypervisor, arranged, action, ssh }: Parameters<Scenario['check']>[0]): Promise<void> {
  assert.deepEqual(action.result, {}, 'the guest shut down by itself: the restart did not power it off');
  const bootId = await eventually(() => ssh('cat /proc/sys/kernel/random/boot_id'), BOUND_MS, 500);
  assert.notEqual(bootId, arranged.bootId, 'the guest booted again');
  assert.equal((await hypervisor.virsh('domstate', arranged.serverId)).trim(), 'running');
  assert.deepEqual((await hypervisor.domains()).filter((domain) => domain === arranged.serverId), [arranged.serverId], 'one domain');
}

/** The pool holds the server's disk and seed, and besides them only `others`. */
function poolHolds(hypervisor: Hypervisor, arranged: Arranged, others: string[]): void {
  const expected = [`${arranged.serverId}-disk.qcow2`, `${arranged.serverId}-seed.iso`, ...others].sort();
  const own = poolFiles(hypervisor).filter((file) => file.startsWith(arranged.serverId) || file.startsWith('snapshot-'));
  assert.deepEqual(own.sort(), expected, 'no volume left over, none made twice');
}

const SCENARIOS: Record<LibvirtCrashPointName, Scenario> = {
  'libvirt.after-soft-stop-asked': {
    action: 'reboot',
    async check(context) {
      await rebootedOnce(context);
      poolHolds(context.hypervisor, context.arranged, []);
    },
  },
  'libvirt.cycle.before-start': {
    action: 'reboot',
    async check(context) {
      await rebootedOnce(context);
      poolHolds(context.hypervisor, context.arranged, []);
    },
  },
  'libvirt.snapshot.after-copy-begun': {
    action: 'create_snapshot',
    body: { name: 'crash' },
    async check({ p, owner, hypervisor, arranged, action, ssh }) {
      const snapshotId = action.result.snapshot_id as number;
      const snapshot = (await p.api(`/projects/${owner.slug}/snapshots/${snapshotId}/`, { key: owner.key })).body;
      assert.equal(snapshot.status, 'completed', JSON.stringify(snapshot));
      assert.ok(snapshot.size_gb >= 1);
      poolHolds(hypervisor, arranged, [`snapshot-${snapshotId}.qcow2`]);
      assert.equal(await ssh('cat /data/before-crash'), 'kept', 'the guest ran on untouched');
      // What the file holds: restored, the file written before it is there.
      assert.equal(await ssh('rm /data/before-crash && sync && echo ok'), 'ok');
      const restore = await p.api(`/projects/${owner.slug}/servers/${arranged.serverId}/actions/restore_snapshot/`, { method: 'POST', key: owner.key, body: { snapshot_id: snapshotId } });
      assert.equal(restore.status, 202, JSON.stringify(restore.body));
      assert.equal((await finished(p, owner, restore.body.id)).status, 'success');
      assert.equal(await eventually(() => ssh('cat /data/before-crash'), BOUND_MS, 500), 'kept', 'the snapshot holds the disk as it was');
    },
  },
};

async function finished(p: ServeProcess, owner: Owner, actionId: number): Promise<any> {
  return eventually(async () => {
    const found = (await p.api(`/projects/${owner.slug}/actions/${actionId}/`, { key: owner.key })).body;
    return found.status === 'running' ? null : found;
  }, BOUND_MS, 250);
}

test('the libvirt backend killed between two libvirt steps: the restarted service finishes the action, nothing twice, nothing left over', { timeout: 20 * 60_000 }, async (t) => {
  const hypervisor = await startHypervisor();
  t.after(() => hypervisor.destroy());
  const database = await createTestDatabase();
  const processes = cloudplaneProcesses(database, hypervisor.env);
  t.after(async () => {
    await processes.stopAll();
    await database.drop();
  });
  const files = mkdtempSync(path.join(tmpdir(), 'cloudplane-libvirt-crash-'));
  t.after(() => rmSync(files, { recursive: true, force: true }));
  const keyFile = path.join(files, 'id_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', keyFile]);

  const setup = await processes.serve('set-up');
  const calls = worldCalls((pathname, options) => setup.api(pathname, options), (pathname, options) => setup.admin(pathname, options));
  const user = await calls.createUser({ credit: '500.00' });
  const owner: Owner = { key: user.key, slug: await calls.createReadyProject(user.key, 'Crash') };
  const catalogue = (await setup.admin('/catalogue')).body;
  catalogue.images = catalogue.images.map((image: { name: string }) => (image.name === BASE_ORDER.image ? { ...image, files: hypervisor.image } : image));
  catalogue.products = catalogue.products.map((product: { id: number }) => (product.id === BASE_ORDER.product_id ? { ...product, plan: SMALL_PLAN } : product));
  expect(await setup.admin('/catalogue', { method: 'PUT', body: catalogue }), 200, 'the catalogue with the test image');
  const key = await setup.api(`/projects/${owner.slug}/ssh-keys/`, { method: 'POST', key: owner.key, body: { name: 'vm', public_key: readFileSync(`${keyFile}.pub`, 'utf8').trim() } });
  expect(key, 201, 'an SSH key');

  /** A server per scenario, running and answering SSH. */
  const arranged = new Map<LibvirtCrashPointName, Arranged>();
  for (const [index, point] of (Object.keys(SCENARIOS) as LibvirtCrashPointName[]).entries()) {
    const ordered = await setup.api(`/projects/${owner.slug}/servers/`, { method: 'POST', key: owner.key, body: { ...BASE_ORDER, hostname: `crash-${index}`, ssh_keys: [key.body.id] } });
    expect(ordered, 201, 'an order');
    const order = await eventually(async () => {
      const found = (await setup.api(`/projects/${owner.slug}/orders/${ordered.body.id}/`, { key: owner.key })).body;
      return found.status === 'completed' || found.status === 'failed' ? found : null;
    }, BOUND_MS, 250);
    assert.equal(order.status, 'completed', JSON.stringify(order));
    const server = (await setup.api(`/projects/${owner.slug}/servers/${order.server_id}/`, { key: owner.key })).body;
    const address = server.network.ipv4[0].address as string;
    const bootId = await eventually(() => guestCommand(hypervisor, keyFile, address, 'echo kept > /data/before-crash && sync && cat /proc/sys/kernel/random/boot_id'), BOUND_MS, 500);
    arranged.set(point, { serverId: server.id, address, bootId });
  }
  await setup.stop();

  for (const [point, scenario] of Object.entries(SCENARIOS) as [LibvirtCrashPointName, Scenario][]) {
    await t.test(point, async () => {
      const world = arranged.get(point)!;
      const armed = await processes.serve(`armed at ${point}`, { CLOUDPLANE_CRASH_AT: point });
      const started = await armed.api(`/projects/${owner.slug}/servers/${world.serverId}/actions/${scenario.action}/`, { method: 'POST', key: owner.key, body: scenario.body });
      expect(started, 202, `the ${scenario.action} started`);
      const exit = await eventually(async () => (armed.running() ? null : armed.stop()), BOUND_MS, 50).catch(() => {
        throw new Error(`the process did not die at ${point}\n--- its output ---\n${armed.output()}`);
      });
      assert.equal(exit.signal, 'SIGKILL', `killed by itself:\n${armed.output()}`);
      assert.match(armed.output(), new RegExp(`crash point ${point.replaceAll('.', '\\.')} reached`), 'it died at this point');

      const restarted = await processes.serve('restarted');
      try {
        expect(await restarted.admin('/clock/advance', { method: 'POST', body: { seconds: CLOCK_ADVANCE_SECONDS } }), 200, 'the clock moved');
        const action = await finished(restarted, owner, started.body.id);
        assert.equal(action.status, 'success', JSON.stringify(action));
        const ssh = (command: string) => guestCommand(hypervisor, keyFile, world.address, command);
        await scenario.check({ p: restarted, owner, hypervisor, arranged: world, action, ssh });
      } finally {
        await restarted.stop();
      }
    });
  }
});

function expect(response: CallResult, status: number, what: string): void {
  assert.equal(response.status, status, `${what}: ${JSON.stringify(response.body)}`);
}
