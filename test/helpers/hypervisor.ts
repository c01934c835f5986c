// A hypervisor host for the libvirt backend's tests, made whole for one test
// file and taken down after it, also when it fails: a network namespace of
// its own, virtlogd and libvirtd started inside it (so their bridges and taps
// live there), a bridge per location holding the gateway addresses, a
// storage pool in a temporary directory, and the test VM image built from
// Debian's packages (test/vm-image). cloudplane reaches libvirtd through its
// unix socket, which crosses namespaces; guests are reached only from inside
// the namespace (`ip netns exec`).
//
// One libvirtd serves the machine. A libvirtd left running in a namespace of
// an earlier test run is stopped first; one running anywhere else is not
// ours to stop, and the test says so instead of running beside it.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eventually } from './build.ts';

const run = promisify(execFile);
const IMAGE_BUILDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../vm-image/build.sh');
const NAMESPACE_PREFIX = 'cloudplane-hv-';
export const LIBVIRT_URI = 'qemu:///system';

export interface Hypervisor {
  namespace: string;
  /** The environment of a cloudplane process using this host. */
  env: Record<string, string>;
  pool: string;
  poolDirectory: string;
  /** `vmlinuz` and `initramfs.cpio.gz` of the test image. */
  image: { kernel: string; initrd: string; cmdline: string };
  /** A bridge for a location, holding the IPv4 gateway (`gatewayCidr`, e.g. 192.0.2.1/25) and fe80::1. */
  addBridge(location: string, gatewayCidr: string): Promise<void>;
  /** `virsh ARGS…` on the host's libvirtd. */
  virsh(...args: string[]): Promise<string>;
  /** A command run inside the namespace (where the guests are reachable). */
  inside(command: string, args: string[], options?: { timeoutMs?: number }): Promise<{ code: number; stdout: string; stderr: string }>;
  stopLibvirtd(): Promise<void>;
  startLibvirtd(): Promise<void>;
  /** Everything above gone: domains of the pool, the pool, bridges, daemons, namespace, files. */
  destroy(): Promise<void>;
}

function pidsOf(program: string): number[] {
  const found = spawnSync('pidof', [program], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim().split(/\s+/).map(Number) : [];
}

function namespaceOf(pid: number): string {
  return spawnSync('ip', ['netns', 'identify', String(pid)], { encoding: 'utf8' }).stdout.trim();
}

/** Stops a libvirtd (and virtlogd) an earlier test run left in one of our namespaces; refuses to start beside any other. */
function clearStaleDaemons(): void {
  for (const program of ['libvirtd', 'virtlogd']) {
    for (const pid of pidsOf(program)) {
      const namespace = namespaceOf(pid);
      if (namespace.startsWith(NAMESPACE_PREFIX)) {
        process.kill(pid, 'SIGKILL');
        continue;
      }
      throw new Error(
        `a ${program} (pid ${pid}) runs ${namespace ? `in network namespace ${namespace}` : 'outside any test namespace'}; ` +
          'the libvirt tests start their own inside a namespace of theirs: stop it first',
      );
    }
  }
  const namespaces = existsSync('/run/netns') ? readdirSync('/run/netns') : [];
  for (const name of namespaces) {
    if (name.startsWith(NAMESPACE_PREFIX)) spawnSync('ip', ['netns', 'delete', name]);
  }
}

export async function startHypervisor(): Promise<Hypervisor> {
  const suffix = randomBytes(3).toString('hex');
  const namespace = `${NAMESPACE_PREFIX}${suffix}`;
  const pool = `cloudplane-test-${suffix}`;
  const bridgePrefix = `t${suffix.slice(0, 4)}-`;
  const root = mkdtempSync(path.join(tmpdir(), 'cloudplane-hv-'));
  // qemu runs as libvirt-qemu: it must reach the pool and the image.
  chmodSync(root, 0o755);
  const poolDirectory = path.join(root, 'pool');
  const imageDirectory = path.join(root, 'image');
  const bridges: string[] = [];

  clearStaleDaemons();
  execFileSync(IMAGE_BUILDER, [imageDirectory], { stdio: 'pipe' });
  execFileSync('ip', ['netns', 'add', namespace]);
  execFileSync('ip', ['netns', 'exec', namespace, 'ip', 'link', 'set', 'lo', 'up']);

  const virsh = async (...args: string[]) => (await run('virsh', ['-q', '-c', LIBVIRT_URI, ...args], { timeout: 60_000 })).stdout;
  const inside = async (command: string, args: string[], options: { timeoutMs?: number } = {}) => {
    const result = spawnSync('ip', ['netns', 'exec', namespace, command, ...args], { encoding: 'utf8', timeout: options.timeoutMs ?? 30_000 });
    return { code: result.status ?? -1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  };

  const startLibvirtd = async () => {
    if (pidsOf('virtlogd').length === 0) execFileSync('ip', ['netns', 'exec', namespace, 'virtlogd', '-d']);
    execFileSync('ip', ['netns', 'exec', namespace, 'libvirtd', '-d']);
    await eventually(async () => virsh('uri').then(() => true, () => false), 30_000, 100);
  };
  const stopLibvirtd = async () => {
    for (const pid of pidsOf('libvirtd')) process.kill(pid, 'SIGTERM');
    await eventually(async () => pidsOf('libvirtd').length === 0, 30_000, 50);
  };
  await startLibvirtd();

  const hypervisor: Hypervisor = {
    namespace,
    pool,
    poolDirectory,
    image: { kernel: path.join(imageDirectory, 'vmlinuz'), initrd: path.join(imageDirectory, 'initramfs.cpio.gz'), cmdline: 'console=ttyS0 quiet' },
    env: {
      PROVISIONING_BACKEND: 'libvirt',
      LIBVIRT_URI,
      LIBVIRT_DOMAIN_TYPE: 'qemu',
      LIBVIRT_POOL: pool,
      LIBVIRT_POOL_DIR: poolDirectory,
      LIBVIRT_BRIDGE_PREFIX: bridgePrefix,
      LIBVIRT_SHUTDOWN_TIMEOUT: '5',
    },
    async addBridge(location, gatewayCidr) {
      const bridge = `${bridgePrefix}${location}`.slice(0, 15);
      const ipIn = (...args: string[]) => execFileSync('ip', ['netns', 'exec', namespace, 'ip', ...args]);
      ipIn('link', 'add', bridge, 'type', 'bridge');
      ipIn('addr', 'add', gatewayCidr, 'dev', bridge);
      ipIn('addr', 'add', 'fe80::1/64', 'dev', bridge);
      ipIn('link', 'set', bridge, 'up');
      bridges.push(bridge);
    },
    virsh,
    inside,
    stopLibvirtd,
    startLibvirtd,
    async destroy() {
      if (pidsOf('libvirtd').length === 0) await startLibvirtd().catch(() => undefined);
      // Every domain with a disk in this pool is the test's.
      const domains = (await virsh('list', '--all', '--name').catch(() => '')).split('\n').map((name) => name.trim()).filter(Boolean);
      for (const domain of domains) {
        const xml = await virsh('dumpxml', domain).catch(() => '');
        if (!xml.includes(`pool='${pool}'`)) continue;
        await virsh('destroy', domain).catch(() => undefined);
        await virsh('undefine', domain).catch(() => undefined);
      }
      await virsh('pool-destroy', pool).catch(() => undefined);
      await virsh('pool-undefine', pool).catch(() => undefined);
      await stopLibvirtd().catch(() => undefined);
      for (const pid of pidsOf('virtlogd')) if (namespaceOf(pid) === namespace) process.kill(pid, 'SIGTERM');
      for (const bridge of bridges) spawnSync('ip', ['netns', 'exec', namespace, 'ip', 'link', 'delete', bridge]);
      spawnSync('ip', ['netns', 'delete', namespace]);
      rmSync(root, { recursive: true, force: true });
    },
  };
  return hypervisor;
}

/** Files of the pool directory that are still there (a deleted server leaves none). */
export function poolFiles(hypervisor: Hypervisor): string[] {
  try {
    return readdirSync(hypervisor.poolDirectory);
  } catch {
    return [];
  }
}

/** A command's output from the guest over SSH as root, or null while SSH does not answer. */
export async function guestCommand(hypervisor: Hypervisor, keyFile: string, address: string, command: string): Promise<string | null> {
  const result = await hypervisor.inside('ssh', ['-i', keyFile, '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'ConnectTimeout=2', '-o', 'BatchMode=yes', '-o', 'LogLevel=ERROR', `root@${address}`, command], { timeoutMs: 15_000 });
  return result.code === 0 ? result.stdout.trim() : null;
}

