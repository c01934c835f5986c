// The firewall on the real interface (D12, D19): a server's firewall groups,
// compiled to nftables, enforced on its tap on the hypervisor host
// (FIREWALL_BACKEND=nftables, nft run inside the test host's namespace),
// proven with real packets against one real VM (test/helpers/hypervisor.ts).
//
// Two sources reach the guest's SSH: the host itself (the gateway address on
// the location's bridge: its frames take the bridge's output hook) and a
// neighbour (a namespace of its own with a veth into the same bridge: its
// frames are bridged, through the forward hook). For each change made over
// the API the test measures, from the API's answer, when the first packet
// behaves accordingly (propagation target: ≤ 1 s), then checks SSH itself
// and that the operator's `evaluate` gives the verdict the packets gave.
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { eventually } from '../helpers/build.ts';
import { attach, createGroup, createRule, rulePath } from '../helpers/firewall.ts';
import { guestCommand, startHypervisor } from '../helpers/hypervisor.ts';
import { BASE_ORDER } from '../helpers/orders.ts';
import { BOOT_BOUND_MS, catalogueWithTestImage, orderedServer } from '../helpers/vm-servers.ts';
import { buildWorld, type World } from '../helpers/world.ts';

/** The target is 1 s; the bound is far above it, so that a slow run reports its time rather than only failing. */
const PROPAGATION_BOUND_MS = 15_000;
const PROPAGATION_TARGET_MS = 1000;
/** The gateway of the location's pool (192.0.2.0/25), on the host side of the bridge. */
const HOST_ADDRESS = '192.0.2.1';
/** The pool's last host: the lowest free one is handed out, so the test's only server never gets it. */
const NEIGHBOUR_ADDRESS = '192.0.2.126';
/** A port nothing in the guest listens on: a packet that passes is answered with a reset, a dropped one with silence. */
const CLOSED_PORT = 2222;

/**
 * Started inside a namespace before a change, it connects to host:port every
 * `everyMs` once told to go (a line on stdin), each attempt ending `open`
 * (connected), `refused` (a reset: the packet passed, nothing listens) or
 * `dropped` (no answer in `attemptTimeoutMs`). It prints the time, from go,
 * of the first attempt from which `settle` attempts in a row ended as
 * expected: when the first packet behaved according to the change.
 */
const PROBER_SCRIPT = `
const net = require('node:net');
const { host, port, expect, boundMs, maxAttempts, everyMs, attemptTimeoutMs, settle } = JSON.parse(process.argv[1]);
const print = (value) => { process.stdout.write(JSON.stringify(value) + '\\n'); process.exit(0); };
process.stdin.once('data', () => {
  const start = performance.now();
  const attempts = [];
  let stopped = false;
  const check = () => {
    for (let first = 0; first + settle <= attempts.length; first++) {
      const run = attempts.slice(first, first + settle);
      if (run.some((attempt) => attempt.outcome === undefined)) return;
      if (run.every((attempt) => attempt.outcome === expect)) print({ ok: true, ms: attempts[first].at, attempts: first + 1 });
    }
    if (stopped && attempts.every((attempt) => attempt.outcome !== undefined)) print({ ok: false, outcomes: attempts.map((entry) => entry.outcome) });
  };
  const attempt = () => {
    const at = performance.now() - start;
    if (at > boundMs || (maxAttempts !== null && attempts.length >= maxAttempts)) {
      stopped = true;
      return check();
    }
    const entry = { at, outcome: undefined };
    attempts.push(entry);
    const socket = net.connect({ host, port });
    const done = (outcome) => {
      if (entry.outcome !== undefined) return;
      entry.outcome = outcome;
      socket.destroy();
      check();
    };
    socket.setTimeout(attemptTimeoutMs, () => done('dropped'));
    socket.on('connect', () => done('open'));
    socket.on('error', (error) => done(error.code === 'ECONNREFUSED' ? 'refused' : 'error ' + error.code));
    setTimeout(attempt, everyMs);
  };
  attempt();
});
process.stdout.write('ready\\n');
`;

type Outcome = 'open' | 'refused' | 'dropped';

interface Source {
  label: string;
  namespace: string;
  address: string;
}

/** `ssh root@guest COMMAND` from a source, as a user would: ConnectTimeout=2, so a dropped SYN is a timeout. */
function ssh(source: Source, keyFile: string, guest: string, command = 'hostname'): Promise<{ ok: boolean; output: string }> {
  const args = ['netns', 'exec', source.namespace, 'ssh', '-i', keyFile, '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null'];
  args.push('-o', 'ConnectTimeout=2', '-o', 'BatchMode=yes', '-o', 'LogLevel=ERROR', `root@${guest}`, command);
  return new Promise((resolve) => {
    execFile('ip', args, { timeout: 20_000 }, (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}`.trim() }));
  });
}

async function sshWorks(source: Source, keyFile: string, guest: string, hostname: string): Promise<void> {
  const result = await ssh(source, keyFile, guest);
  assert.ok(result.ok, `SSH from ${source.label} should work: ${result.output}`);
  assert.equal(result.output, hostname);
}

async function sshTimesOut(source: Source, keyFile: string, guest: string): Promise<void> {
  const result = await ssh(source, keyFile, guest);
  assert.equal(result.ok, false, `SSH from ${source.label} should fail`);
  assert.match(result.output, /timed out/i, `SSH from ${source.label} should time out (a drop), not fail otherwise`);
}

/** The operator's verdict on a new TCP connection between the server and `remote` (inbound unless said). */
async function evaluate(w: World, serverId: string, remote: string, port: number, direction = 'ingress'): Promise<{ allowed: boolean; rule_ids: number[] }> {
  const response = await w.app.admin(`/servers/${serverId}/firewall/evaluate`, {
    method: 'POST',
    body: { direction, protocol: 'tcp', remote_address: remote, port },
  });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

/** What one new connection from the source gives now. */
async function probeOnce(source: Source, guest: string, port: number, children: ChildProcess[]): Promise<Outcome> {
  const prober = await startProber(source, guest, port, 'open', children, { maxAttempts: 1, settle: 1 });
  prober.go();
  const result = await prober.result;
  return result.ok ? 'open' : (result.outcomes[0] as Outcome);
}

/** The kernel and `evaluate` agree on a port from a source: open (or reset by the guest) is allowed, dropped is not. */
async function agree(
  w: World,
  serverId: string,
  source: Source,
  guest: string,
  port: number,
  expected: { allowed: boolean; rule_ids: number[] },
  children: ChildProcess[],
): Promise<void> {
  const outcome = await probeOnce(source, guest, port, children);
  assert.ok(['open', 'refused', 'dropped'].includes(outcome), `the packets from ${source.label} to port ${port}: ${outcome}`);
  assert.equal(outcome !== 'dropped', expected.allowed, `the packets from ${source.label} to port ${port}: ${outcome}`);
  assert.deepEqual(await evaluate(w, serverId, source.address, port), expected, `evaluate from ${source.label} to port ${port} disagrees with the packets (${outcome})`);
}

interface Prober {
  go(): void;
  result: Promise<{ ok: true; ms: number; attempts: number } | { ok: false; outcomes: string[] }>;
}

async function startProber(
  source: Source,
  guest: string,
  port: number,
  expect: Outcome,
  children: ChildProcess[],
  { maxAttempts = Infinity, settle = 3 }: { maxAttempts?: number; settle?: number } = {},
): Promise<Prober> {
  // Every 20 ms, so the time is known to 20 ms; an emulated guest answers a SYN in a few.
  const args = JSON.stringify({ host: guest, port, expect, boundMs: PROPAGATION_BOUND_MS, maxAttempts: maxAttempts === Infinity ? null : maxAttempts, everyMs: 20, attemptTimeoutMs: 500, settle });
  const child = spawn('ip', ['netns', 'exec', source.namespace, process.execPath, '-e', PROBER_SCRIPT, args], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  child.stdout.on('data', (data: Buffer) => {
    stdout += data.toString();
    let newline: number;
    while ((newline = stdout.indexOf('\n')) !== -1) {
      const line = stdout.slice(0, newline);
      stdout = stdout.slice(newline + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  // 'close', not 'exit': the last line may still be on its way when the process ends.
  const exited = new Promise<never>((_, reject) => child.on('close', (code) => reject(new Error(`prober in ${source.namespace} exited (${code}): ${stderr}`))));
  exited.catch(() => undefined);
  const nextLine = () => Promise.race([new Promise<string>((resolve) => (lines.length > 0 ? resolve(lines.shift()!) : waiters.push(resolve))), exited]);
  assert.equal(await nextLine(), 'ready');
  return { go: () => child.stdin.write('go\n'), result: nextLine().then((line) => JSON.parse(line)) };
}

/**
 * Makes a change over the API and answers how long after its answer the
 * first packet from the source behaved accordingly.
 */
async function propagation(t: TestContext, label: string, source: Source, guest: string, port: number, expect: Outcome, change: () => Promise<void>, children: ChildProcess[]): Promise<number> {
  const prober = await startProber(source, guest, port, expect, children);
  await change();
  prober.go();
  const result = await prober.result;
  assert.ok(result.ok, `${label}: port ${port} from ${source.label} never became ${expect} within ${PROPAGATION_BOUND_MS} ms: ${JSON.stringify(result)}`);
  t.diagnostic(`${label}: the first packet from ${source.label} to port ${port} was ${expect} ${result.ms.toFixed(0)} ms after the API answered`);
  return result.ms;
}

function nftTables(namespace: string | null): string {
  const command = namespace === null ? ['nft', ['list', 'tables']] as const : ['ip', ['netns', 'exec', namespace, 'nft', 'list', 'tables']] as const;
  return execFileSync(command[0], [...command[1]], { encoding: 'utf8' });
}

test(
  "a server's firewall is enforced on its tap: SSH allowed, refused and allowed from one address only, as evaluate says, within the propagation target",
  { timeout: 45 * 60_000 },
  async (t) => {
    const hypervisor = await startHypervisor();
    // Under the hypervisor's prefix: a later run's startHypervisor removes it if this run could not.
    const neighbourNamespace = `${hypervisor.namespace}-nb`;
    const children: ChildProcess[] = [];
    let tornDown = false;
    const tearDown = async () => {
      if (tornDown) return;
      tornDown = true;
      for (const child of children) child.kill('SIGKILL');
      // Its veth goes with it, and the bridge, the taps and every nft table go with the hypervisor's namespace.
      spawnSync('ip', ['netns', 'delete', neighbourNamespace]);
      await hypervisor.destroy();
    };
    t.after(tearDown);
    const keys = mkdtempSync(path.join(tmpdir(), 'cloudplane-fw-key-'));
    t.after(() => rmSync(keys, { recursive: true, force: true }));
    chmodSync(keys, 0o755);
    const keyFile = path.join(keys, 'id_ed25519');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', keyFile]);

    // br_netfilter hands bridged traffic to connection tracking, which the tap tables read (nft-compiler.ts).
    for (const family of ['iptables', 'ip6tables']) {
      const setting = await hypervisor.inside('sysctl', ['-n', `net.bridge.bridge-nf-call-${family}`]);
      assert.equal(setting.stdout.trim(), '1', `net.bridge.bridge-nf-call-${family} must be 1 on the hypervisor host: ${setting.stderr}`);
    }

    const config = loadConfig({ ...hypervisor.env, FIREWALL_BACKEND: 'nftables', FIREWALL_NFT_COMMAND: `ip netns exec ${hypervisor.namespace} nft` });
    assert.deepEqual(config.firewall, { backend: 'nftables', nftCommand: ['ip', 'netns', 'exec', hypervisor.namespace, 'nft'] });
    const w = await buildWorld(t, { credit: '500.00', project: 'Firewall', build: { config: { provisioning: config.provisioning, firewall: config.firewall } } });
    await catalogueWithTestImage(w, hypervisor);
    const key = await w.app.api(`/projects/${w.slug}/ssh-keys/`, { method: 'POST', key: w.key, body: { name: 'vm', public_key: readFileSync(`${keyFile}.pub`, 'utf8').trim() } });
    assert.equal(key.status, 201, JSON.stringify(key.body));

    const { id: serverId, address: guest } = await orderedServer(w, { hostname: 'fw-1', ssh_keys: [key.body.id] });
    assert.equal(await eventually(() => guestCommand(hypervisor, keyFile, guest, 'hostname'), BOOT_BOUND_MS, 500), 'fw-1');
    const tap = `cp${serverId.slice(0, 13)}`;
    const bridge = `${hypervisor.env.LIBVIRT_BRIDGE_PREFIX}${BASE_ORDER.location}`;
    assert.match((await hypervisor.inside('ip', ['-o', 'link', 'show', 'dev', tap])).stdout, new RegExp(`master ${bridge}`), "the server's tap is on the location's bridge");

    // The neighbour: its own namespace, a veth into the bridge, an address of the pool.
    const neighbourLink = `nb-${hypervisor.namespace.slice(-6)}`;
    execFileSync('ip', ['netns', 'add', neighbourNamespace]);
    execFileSync('ip', ['-n', hypervisor.namespace, 'link', 'add', neighbourLink, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', neighbourNamespace]);
    execFileSync('ip', ['-n', hypervisor.namespace, 'link', 'set', neighbourLink, 'master', bridge, 'up']);
    execFileSync('ip', ['-n', neighbourNamespace, 'addr', 'add', `${NEIGHBOUR_ADDRESS}/25`, 'dev', 'eth0']);
    execFileSync('ip', ['-n', neighbourNamespace, 'link', 'set', 'eth0', 'up']);
    execFileSync('ip', ['-n', neighbourNamespace, 'link', 'set', 'lo', 'up']);
    const host: Source = { label: `the host (${HOST_ADDRESS})`, namespace: hypervisor.namespace, address: HOST_ADDRESS };
    const neighbour: Source = { label: `the neighbour (${NEIGHBOUR_ADDRESS})`, namespace: neighbourNamespace, address: NEIGHBOUR_ADDRESS };

    // Before any group: everything passes, both ways.
    await eventually(async () => (await ssh(neighbour, keyFile, guest)).ok, 30_000, 250);
    await sshWorks(host, keyFile, guest, 'fw-1');
    await agree(w, serverId, host, guest, CLOSED_PORT, { allowed: true, rule_ids: [] }, children);
    const times: Record<string, number> = {};

    const group = await createGroup(w, 'ssh');
    const anywhere = await createRule(w, group.id, { protocol: 'tcp', port_min: 22 });
    // Attaching the group restricts inbound traffic: the closed port goes from reset to silence, SSH stays open.
    times['group attached'] = await propagation(t, 'group with tcp 22 from anywhere attached', host, guest, CLOSED_PORT, 'dropped', async () => {
      const attached = await attach(w, serverId, [group.id]);
      assert.equal(attached.status, 200, JSON.stringify(attached.body));
    }, children);
    await t.test('tcp 22 allowed from anywhere: SSH works from both sources, other ports are dropped, evaluate agrees', async () => {
      await sshWorks(host, keyFile, guest, 'fw-1');
      await sshWorks(neighbour, keyFile, guest, 'fw-1');
      for (const source of [host, neighbour]) {
        await agree(w, serverId, source, guest, 22, { allowed: true, rule_ids: [anywhere.id] }, children);
        await agree(w, serverId, source, guest, CLOSED_PORT, { allowed: false, rule_ids: [] }, children);
      }
      const applied = (await w.app.admin(`/servers/${serverId}/firewall`)).body;
      assert.equal(applied.applied_generation, applied.generation);
      assert.match(applied.ruleset, new RegExp(`^table bridge cloudplane_${serverId} \\{$`, 'm'), 'the record is what the host runs');
      const onHost = (await hypervisor.inside('nft', ['list', 'table', 'bridge', `cloudplane_${serverId}`])).stdout;
      assert.match(onHost, new RegExp(`oifname "${tap}" goto ingress`));
      assert.match(onHost, /tcp dport 22 accept comment "rule \d+"/);
      assert.match(nftTables(hypervisor.namespace), /table inet cloudplane_connection_state/);
    });

    times['rule removed'] = await propagation(t, 'the rule removed', host, guest, 22, 'dropped', async () => {
      const removed = await w.app.api(rulePath(w, group.id, anywhere.id), { method: 'DELETE', key: w.key });
      assert.equal(removed.status, 204, JSON.stringify(removed.body));
    }, children);
    await t.test('the rule removed: SSH times out from both sources, evaluate agrees', async () => {
      await sshTimesOut(host, keyFile, guest);
      await sshTimesOut(neighbour, keyFile, guest);
      for (const source of [host, neighbour]) await agree(w, serverId, source, guest, 22, { allowed: false, rule_ids: [] }, children);
    });

    let onlyHost: Record<string, any> = {};
    times['allowed from the host only'] = await propagation(t, 'tcp 22 allowed from the host only', host, guest, 22, 'open', async () => {
      onlyHost = await createRule(w, group.id, { protocol: 'tcp', port_min: 22, source_cidr: `${HOST_ADDRESS}/32` });
    }, children);
    await t.test('tcp 22 from one address: SSH works from it and times out from another, evaluate agrees', async () => {
      await sshWorks(host, keyFile, guest, 'fw-1');
      await sshTimesOut(neighbour, keyFile, guest);
      await agree(w, serverId, host, guest, 22, { allowed: true, rule_ids: [onlyHost.id] }, children);
      await agree(w, serverId, neighbour, guest, 22, { allowed: false, rule_ids: [] }, children);
    });

    // The other way round: the allowed address is one whose frames are bridged (the forward hook), and their replies come back through it.
    let onlyNeighbour: Record<string, any> = {};
    times['allowed from the neighbour'] = await propagation(t, 'tcp 22 allowed from the neighbour too', neighbour, guest, 22, 'open', async () => {
      onlyNeighbour = await createRule(w, group.id, { protocol: 'tcp', port_min: 22, source_cidr: `${NEIGHBOUR_ADDRESS}/32` });
    }, children);
    times['host rule removed'] = await propagation(t, "the host's rule removed", host, guest, 22, 'dropped', async () => {
      const removed = await w.app.api(rulePath(w, group.id, onlyHost.id), { method: 'DELETE', key: w.key });
      assert.equal(removed.status, 204, JSON.stringify(removed.body));
    }, children);
    await t.test('tcp 22 from the neighbour only: SSH works from it and times out from the host, evaluate agrees', async () => {
      await sshWorks(neighbour, keyFile, guest, 'fw-1');
      await sshTimesOut(host, keyFile, guest);
      await agree(w, serverId, neighbour, guest, 22, { allowed: true, rule_ids: [onlyNeighbour.id] }, children);
      await agree(w, serverId, host, guest, 22, { allowed: false, rule_ids: [] }, children);
    });

    // Outbound: an egress group lets the server open connections to one port of the host only; replies to the
    // SSH connections it accepts still leave (the state carried into the bridge table), through forward and input alike.
    const out = await createGroup(w, 'out', 'egress');
    const toHost = await createRule(w, out.id, { protocol: 'tcp', port_min: 8080, destination_cidr: `${HOST_ADDRESS}/32` });
    const attachedBoth = await attach(w, serverId, [group.id, out.id]);
    assert.equal(attachedBoth.status, 200, JSON.stringify(attachedBoth.body));
    await eventually(async () => {
      const applied = (await w.app.admin(`/servers/${serverId}/firewall`)).body;
      return applied.applied_generation === applied.generation;
    }, PROPAGATION_BOUND_MS, 25);
    await t.test('an egress group: the server reaches the allowed port only, its SSH replies still leave, evaluate agrees', async () => {
      await sshWorks(neighbour, keyFile, guest, 'fw-1');
      // Nothing listens on the host: a connection that leaves is reset ("refused"), one that is dropped times out.
      const connect = async (port: number) => (await ssh(neighbour, keyFile, guest, `nc -w 2 ${HOST_ADDRESS} ${port} </dev/null 2>&1; true`)).output;
      assert.match(await connect(8080), /refused/i, 'tcp 8080 to the host leaves the server');
      assert.doesNotMatch(await connect(8081), /refused/i, 'tcp 8081 to the host is dropped on the way out');
      assert.deepEqual(await evaluate(w, serverId, HOST_ADDRESS, 8080, 'egress'), { allowed: true, rule_ids: [toHost.id] });
      assert.deepEqual(await evaluate(w, serverId, HOST_ADDRESS, 8081, 'egress'), { allowed: false, rule_ids: [] });
      // The host's own SSH to the server is still refused inbound; allowed again, its replies pass the restricted egress through the input hook.
      await sshTimesOut(host, keyFile, guest);
      await createRule(w, group.id, { protocol: 'tcp', port_min: 22, source_cidr: `${HOST_ADDRESS}/32` });
      await eventually(async () => (await probeOnce(host, guest, 22, children)) === 'open', PROPAGATION_BOUND_MS, 25);
      await sshWorks(host, keyFile, guest, 'fw-1');
    });

    await t.test(`every change reached the packets within the propagation target (${PROPAGATION_TARGET_MS} ms)`, () => {
      t.diagnostic(`propagation on the real VM, API answer → first packet: ${Object.entries(times).map(([what, ms]) => `${what} ${ms.toFixed(0)} ms`).join(', ')}`);
      for (const [what, ms] of Object.entries(times)) assert.ok(ms <= PROPAGATION_TARGET_MS, `${what}: ${ms.toFixed(0)} ms`);
    });

    await t.test("a forgotten server's table leaves the host, and its traffic is no longer filtered", async () => {
      await w.app.app.upstreams.firewall.forgetServer(serverId);
      assert.doesNotMatch(nftTables(hypervisor.namespace), new RegExp(`table bridge cloudplane_${serverId}`));
      await sshWorks(host, keyFile, guest, 'fw-1');
      // Harmless to repeat.
      await w.app.app.upstreams.firewall.forgetServer(serverId);
    });

    await t.test('nothing is left: the namespaces and their tables are gone, and nothing was loaded outside them', async () => {
      // Other tests may load tables of their own at the same time: only this one's are looked for.
      const ours = new RegExp(`cloudplane_(${serverId}|connection_state)`);
      assert.doesNotMatch(nftTables(null), ours, "the machine's own namespace never got a table");
      await tearDown();
      const namespaces = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' });
      assert.doesNotMatch(namespaces, new RegExp(hypervisor.namespace), 'the hypervisor namespace (with its bridge, taps and nft tables) and the neighbour are gone');
      assert.doesNotMatch(nftTables(null), ours);
    });
  },
);
