// The real enforcement test: a compiled ruleset is loaded into the kernel of a
// network namespace playing the server, and real TCP/UDP connections from a
// second namespace (and back) show what passes. The two namespaces are joined
// by a veth pair and addressed from the documentation ranges, so no packet
// ever leaves them. evaluateConnection must give the kernel's verdict each time.
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Connection, EffectiveGroup } from '../../src/upstreams/firewall/rules.ts';
import { compileRuleset, evaluateConnection } from '../../src/upstreams/firewall/nft-compiler.ts';

const SERVER_V4 = '192.0.2.1';
const CLIENT_V4 = '192.0.2.2';
const SERVER_V6 = '2001:db8::1';
const CLIENT_V6 = '2001:db8::2';
// Long enough for a veth round trip many times over, short enough to keep refusals cheap.
const PROBE_TIMEOUT_MS = 1500;
const READY_TIMEOUT_MS = 10_000;

const GROUPS: EffectiveGroup[] = [
  {
    id: 1,
    direction: 'ingress',
    rules: [
      { id: 11, protocol: 'tcp', port_min: 22, port_max: null, source_cidr: '192.0.2.0/24', destination_cidr: null, priority: 100, comment: null },
      { id: 12, protocol: 'udp', port_min: 53, port_max: null, source_cidr: '192.0.2.0/24', destination_cidr: null, priority: 100, comment: null },
      { id: 13, protocol: 'tcp', port_min: 8080, port_max: null, source_cidr: '2001:db8::2/128', destination_cidr: null, priority: 200, comment: null },
    ],
  },
  {
    id: 2,
    direction: 'egress',
    rules: [{ id: 21, protocol: 'tcp', port_min: 9000, port_max: null, source_cidr: null, destination_cidr: '192.0.2.2/32', priority: 1000, comment: null }],
  },
];

// Echoes every TCP stream and UDP datagram on the given ports, on both
// families (one dual-stack socket each), and says "ready" once all listen.
const LISTENER_SCRIPT = `
const net = require('node:net');
const dgram = require('node:dgram');
const { tcp, udp } = JSON.parse(process.argv[1]);
let pending = tcp.length + udp.length;
const listening = () => { if (--pending === 0) process.stdout.write('ready\\n'); };
for (const port of tcp) {
  net.createServer((socket) => { socket.on('data', (data) => socket.write(data)); socket.on('error', () => {}); })
    .listen({ host: '::', port, ipv6Only: false }, listening);
}
for (const port of udp) {
  const socket = dgram.createSocket({ type: 'udp6', ipv6Only: false });
  socket.on('message', (message, from) => socket.send(message, from.port, from.address));
  socket.bind(port, '::', listening);
}
`;

// One connection: sends a token and waits for it to come back. Prints
// {"ok":true} or {"ok":false,"error":…}; never takes longer than the timeout.
const PROBE_SCRIPT = `
const { protocol, host, port, timeoutMs } = JSON.parse(process.argv[1]);
const token = 'cloudplane-' + process.pid;
const done = (result) => { process.stdout.write(JSON.stringify(result)); process.exit(0); };
setTimeout(() => done({ ok: false, error: 'timeout' }), timeoutMs);
if (protocol === 'tcp') {
  let echoed = '';
  const socket = require('node:net').connect({ host, port }, () => socket.write(token));
  socket.on('data', (data) => { echoed += data; if (echoed === token) done({ ok: true }); });
  socket.on('error', (error) => done({ ok: false, error: error.code ?? error.message }));
} else {
  const socket = require('node:dgram').createSocket(host.includes(':') ? 'udp6' : 'udp4');
  socket.on('message', (message) => { if (String(message) === token) done({ ok: true }); });
  socket.on('error', (error) => done({ ok: false, error: error.code ?? error.message }));
  socket.send(token, port, host);
}
`;

interface Case {
  label: string;
  /** What the case shows under the example groups. */
  why: string;
  connection: Connection;
  /** The address the probe connects to, from the other namespace. */
  target: string;
  allowed: boolean;
  rule_ids: number[];
}

const CASES: Case[] = [
  { label: 'inbound TCP 22 over IPv4', why: 'passes, and its echo goes out through the restricted output chain', connection: ingress('tcp', CLIENT_V4, 22), target: SERVER_V4, allowed: true, rule_ids: [11] },
  { label: 'inbound UDP 53 over IPv4', why: 'passes, and the reply datagram comes back', connection: ingress('udp', CLIENT_V4, 53), target: SERVER_V4, allowed: true, rule_ids: [12] },
  { label: 'inbound TCP 2222 over IPv4', why: 'is refused: no rule allows the port', connection: ingress('tcp', CLIENT_V4, 2222), target: SERVER_V4, allowed: false, rule_ids: [] },
  { label: 'inbound UDP 5353 over IPv4', why: 'is refused: no rule allows the port', connection: ingress('udp', CLIENT_V4, 5353), target: SERVER_V4, allowed: false, rule_ids: [] },
  { label: 'inbound TCP 8080 over IPv6', why: 'passes from the allowed address', connection: ingress('tcp', CLIENT_V6, 8080), target: SERVER_V6, allowed: true, rule_ids: [13] },
  { label: 'inbound TCP 8080 over IPv4', why: 'is refused: that rule names an IPv6 address', connection: ingress('tcp', CLIENT_V4, 8080), target: SERVER_V4, allowed: false, rule_ids: [] },
  { label: 'inbound TCP 22 over IPv6', why: 'is refused: that rule names an IPv4 network', connection: ingress('tcp', CLIENT_V6, 22), target: SERVER_V6, allowed: false, rule_ids: [] },
  { label: 'outbound TCP 9000 over IPv4', why: 'passes to the allowed address, and its replies come back in', connection: egress('tcp', CLIENT_V4, 9000), target: CLIENT_V4, allowed: true, rule_ids: [21] },
  { label: 'outbound TCP 9001 over IPv4', why: 'is refused: no egress rule allows the port', connection: egress('tcp', CLIENT_V4, 9001), target: CLIENT_V4, allowed: false, rule_ids: [] },
  { label: 'outbound TCP 9000 over IPv6', why: 'is refused: the egress rule names an IPv4 address', connection: egress('tcp', CLIENT_V6, 9000), target: CLIENT_V6, allowed: false, rule_ids: [] },
];

function ingress(protocol: 'tcp' | 'udp', remote_address: string, port: number): Connection {
  return { direction: 'ingress', protocol, remote_address, port };
}
function egress(protocol: 'tcp' | 'udp', remote_address: string, port: number): Connection {
  return { direction: 'egress', protocol, remote_address, port };
}

/** Fails (never skips) when a tool is missing: npm test installs them (scripts/test.ts), and a silently skipped enforcement test proves nothing. */
function requireTool(command: string, args: string[], installHint: string): void {
  try {
    execFileSync(command, args, { stdio: 'pipe' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') assert.fail(`${command} not found: ${installHint}`);
    throw error;
  }
}

function sh(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const failure = error as Error & { stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${failure.stderr?.trim() || failure.message}`, { cause: error });
  }
}

/** Starts the echo listener in a namespace and resolves once every socket listens. */
async function startListener(namespace: string, ports: { tcp: number[]; udp: number[] }, children: ChildProcess[]): Promise<void> {
  const child = spawn('ip', ['netns', 'exec', namespace, process.execPath, '-e', LISTENER_SCRIPT, JSON.stringify(ports)], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`listener in ${namespace} not ready after ${READY_TIMEOUT_MS} ms: ${stderr}`)), READY_TIMEOUT_MS);
    child.stdout.on('data', (data: Buffer) => {
      if (data.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`listener in ${namespace} exited (${code}): ${stderr}`));
    });
  });
}

/** One real connection attempt from a namespace; resolves to whether the echo came back. */
function probe(namespace: string, protocol: 'tcp' | 'udp', host: string, port: number): Promise<{ ok: boolean; error?: string }> {
  const args = JSON.stringify({ protocol, host, port, timeoutMs: PROBE_TIMEOUT_MS });
  return new Promise((resolve, reject) => {
    execFile('ip', ['netns', 'exec', namespace, process.execPath, '-e', PROBE_SCRIPT, args], { timeout: PROBE_TIMEOUT_MS + 5000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`probe failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as { ok: boolean; error?: string });
    });
  });
}

async function runCases(t: test.TestContext, namespaces: { server: string; client: string }, groups: EffectiveGroup[], detached: boolean): Promise<void> {
  for (const item of CASES) {
    const expected = detached ? { allowed: true, rule_ids: [] } : { allowed: item.allowed, rule_ids: item.rule_ids };
    await t.test(detached ? `without groups: ${item.label} passes` : `${item.label} ${item.why}`, async (st) => {
      const from = item.connection.direction === 'ingress' ? namespaces.client : namespaces.server;
      const { port, protocol } = item.connection as { port: number; protocol: 'tcp' | 'udp' };
      const result = await probe(from, protocol, item.target, port);
      if (!result.ok) st.diagnostic(`refused by the kernel: ${result.error}`);
      assert.equal(result.ok, expected.allowed, `kernel: ${JSON.stringify(result)}`);
      assert.deepEqual(evaluateConnection(groups, item.connection), expected, 'evaluateConnection disagrees with the kernel');
    });
  }
}

test(
  'a compiled ruleset, applied in a network namespace, lets through exactly what evaluateConnection says',
  { skip: process.getuid?.() === 0 ? false : 'needs root to create network namespaces', timeout: 120_000 },
  async (t) => {
    requireTool('nft', ['--version'], 'install nftables (apt-get install -y nftables); npm test installs it when run as root, and this test must not be skipped');
    requireTool('ip', ['-V'], 'install iproute2 (apt-get install -y iproute2)');

    const suffix = randomBytes(4).toString('hex');
    const server = `cp-srv-${suffix}`;
    const client = `cp-cli-${suffix}`;
    const serverId = randomBytes(8).toString('hex');
    const workDir = mkdtempSync(join(tmpdir(), 'cp-nft-enforce-'));
    const children: ChildProcess[] = [];
    t.after(() => {
      for (const child of children) child.kill('SIGKILL');
      // A namespace lives on while a process is inside it; the listeners are killed first.
      for (const namespace of [server, client]) {
        try {
          execFileSync('ip', ['netns', 'del', namespace], { stdio: 'ignore' });
        } catch {
          // Never created, or already gone.
        }
      }
      rmSync(workDir, { recursive: true, force: true });
    });

    sh('ip', ['netns', 'add', server]);
    sh('ip', ['netns', 'add', client]);
    // The veth pair is created inside the server namespace with its peer
    // straight in the client's: nothing ever appears in the host's namespace.
    sh('ip', ['-n', server, 'link', 'add', 'veth-srv', 'type', 'veth', 'peer', 'name', 'veth-cli', 'netns', client]);
    for (const [namespace, device, v4, v6] of [
      [server, 'veth-srv', SERVER_V4, SERVER_V6],
      [client, 'veth-cli', CLIENT_V4, CLIENT_V6],
    ] as const) {
      sh('ip', ['-n', namespace, 'addr', 'add', `${v4}/24`, 'dev', device]);
      // nodad: usable at once, instead of "tentative" for a second or two.
      sh('ip', ['-n', namespace, '-6', 'addr', 'add', `${v6}/64`, 'dev', device, 'nodad']);
      sh('ip', ['-n', namespace, 'link', 'set', 'lo', 'up']);
      sh('ip', ['-n', namespace, 'link', 'set', device, 'up']);
    }

    const apply = (ruleset: string, name: string) => {
      const file = join(workDir, name);
      writeFileSync(file, ruleset);
      sh('ip', ['netns', 'exec', server, 'nft', '-f', file]);
    };
    const restricted = compileRuleset(serverId, 1, GROUPS);
    apply(restricted, 'generation-1.nft');
    // Applying the same ruleset again replaces the table instead of failing or doubling it.
    apply(restricted, 'generation-1.nft');
    const tables = sh('ip', ['netns', 'exec', server, 'nft', 'list', 'tables']).trim();
    assert.equal(tables, `table inet cloudplane_${serverId}`);
    // No neighbour may be known yet: IPv6 below has to resolve through the drop policy.
    for (const namespace of [server, client]) sh('ip', ['-n', namespace, 'neigh', 'flush', 'all']);

    await startListener(server, { tcp: [22, 2222, 8080], udp: [53, 5353] }, children);
    await startListener(client, { tcp: [9000, 9001], udp: [] }, children);

    await runCases(t, { server, client }, GROUPS, false);

    await t.test('IPv6 neighbour discovery worked under the drop policy', () => {
      const neighbours = sh('ip', ['-n', server, '-6', 'neigh', 'show', CLIENT_V6]);
      assert.match(neighbours, /lladdr/, `no resolved neighbour: ${neighbours}`);
    });

    // The refusals above were the firewall's doing: once the server's groups
    // are detached (a new generation over the same table), everything passes.
    apply(compileRuleset(serverId, 2, []), 'generation-2.nft');
    await runCases(t, { server, client }, [], true);
  },
);
