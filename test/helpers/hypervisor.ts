// A hypervisor host for the libvirt backend's tests, made whole for one test
// file and taken down after it, also when it fails: a network namespace of
// its own, virtlogd and libvirtd started inside it (so the bridges libvirt
// makes for the locations, and the taps, live there), a storage pool in a
// temporary directory, and the test VM image built from
// Debian's packages (test/vm-image). cloudplane reaches libvirtd through its
// unix socket, which crosses namespaces; guests are reached only from inside
// the namespace (`ip netns exec`).
//
// One libvirtd serves the machine, so one test file at a time holds the host:
// `startHypervisor` waits for a lock (a directory holding its owner's pid,
// taken over when that process is gone) and `destroy` lets it go. A
// libvirtd left running in a namespace of an earlier test run is stopped
// first; one running anywhere else is not ours to stop, and the test says so
// instead of running beside it.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  /** `vmlinuz` and `initramfs.cpio.gz` of the test image, and a small qcow2 base disk for the servers' disks to be backed by. */
  image: { kernel: string; initrd: string; cmdline: string; disk: string };
  /** The domains the test's servers became (their disks are in its pool). */
  domains(): Promise<string[]>;
  /** `virsh ARGS…` on the host's libvirtd. */
  virsh(...args: string[]): Promise<string>;
  /** A command run inside the namespace (where the guests are reachable). */
  inside(command: string, args: string[], options?: { timeoutMs?: number }): Promise<{ code: number; stdout: string; stderr: string }>;
  stopLibvirtd(): Promise<void>;
  startLibvirtd(): Promise<void>;
  /** The pool's own filesystem (`poolFilesystemBytes`) made this large: smaller than a server's files fills it, larger makes room again. */
  resizePoolFilesystem(bytes: number): void;
  /** Everything above gone: domains of the pool, the pool, bridges, daemons, namespace, files. */
  destroy(): Promise<void>;
}

const HOST_LOCK = '/run/lock/cloudplane-test-hypervisor';
/** Long enough for every other VM test file of a run to finish first. */
const HOST_LOCK_WAIT_MS = 30 * 60_000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until this process holds the machine's hypervisor; a lock whose owner died is taken over. */
async function lockHost(): Promise<void> {
  mkdirSync(path.dirname(HOST_LOCK), { recursive: true });
  await eventually(async () => {
    try {
      mkdirSync(HOST_LOCK);
    } catch {
      let owner: number;
      try {
        owner = Number(readFileSync(path.join(HOST_LOCK, 'pid'), { encoding: 'utf8', flag: 'a+' }).trim());
      } catch (error) {
        // Its owner unlocked (removed the directory) between our mkdir and this read: try again.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
      if (owner === process.pid) return true;
      // No pid yet: its owner is between mkdir and write; look again.
      if (!owner || processAlive(owner)) return false;
      rmSync(HOST_LOCK, { recursive: true, force: true });
      return false;
    }
    writeFileSync(path.join(HOST_LOCK, 'pid'), String(process.pid));
    return true;
  }, HOST_LOCK_WAIT_MS, 250);
}

function unlockHost(): void {
  const pidFile = path.join(HOST_LOCK, 'pid');
  if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(process.pid)) rmSync(HOST_LOCK, { recursive: true, force: true });
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

/**
 * What an earlier test run left in libvirt's own files when it could not take
 * it down (its libvirtd was gone): domains on a test pool, test pools and the
 * networks made for test bridges. libvirtd reads them again at start.
 */
async function removeStaleTestObjects(virsh: (...args: string[]) => Promise<string>): Promise<void> {
  const names = async (...args: string[]) => (await virsh(...args)).split('\n').map((name) => name.trim()).filter(Boolean);
  for (const domain of await names('list', '--all', '--name')) {
    if (!/pool='cloudplane-test-/.test(await virsh('dumpxml', domain).catch(() => ''))) continue;
    await virsh('destroy', domain).catch(() => undefined);
    await virsh('undefine', domain).catch(() => undefined);
  }
  for (const pool of (await names('pool-list', '--all', '--name')).filter((name) => name.startsWith('cloudplane-test-'))) {
    await virsh('pool-destroy', pool).catch(() => undefined);
    await virsh('pool-undefine', pool).catch(() => undefined);
  }
  for (const network of (await names('net-list', '--all', '--name')).filter((name) => /^cloudplane-t[0-9a-f]{4}-/.test(name))) {
    await virsh('net-destroy', network).catch(() => undefined);
    await virsh('net-undefine', network).catch(() => undefined);
  }
}

export interface HypervisorOptions {
  /**
   * The pool's directory on a tmpfs of its own of this size (instead of the
   * machine's /tmp), so a test can fill it. It is mounted before libvirtd
   * starts: libvirtd runs in a mount namespace of its own that sees no mount
   * made after it.
   */
  poolFilesystemBytes?: number;
}

/** A pool filesystem an earlier run could not unmount (it died first): detached, so its directory can go. */
function unmountStalePoolFilesystems(): void {
  const stale = readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((mountPoint) => mountPoint.startsWith(path.join(tmpdir(), 'cloudplane-hv-')));
  for (const mountPoint of stale) spawnSync('umount', ['--lazy', mountPoint]);
}

export async function startHypervisor(options: HypervisorOptions = {}): Promise<Hypervisor> {
  const suffix = randomBytes(3).toString('hex');
  const namespace = `${NAMESPACE_PREFIX}${suffix}`;
  const pool = `cloudplane-test-${suffix}`;
  const bridgePrefix = `t${suffix.slice(0, 4)}-`;
  const root = mkdtempSync(path.join(tmpdir(), 'cloudplane-hv-'));
  // qemu runs as libvirt-qemu: it must reach the pool and the image.
  chmodSync(root, 0o755);
  const poolDirectory = path.join(root, 'pool');
  const imageDirectory = path.join(root, 'image');

  await lockHost();
  clearStaleDaemons();
  unmountStalePoolFilesystems();
  if (options.poolFilesystemBytes !== undefined) {
    mkdirSync(poolDirectory);
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${options.poolFilesystemBytes},mode=0755`, 'cloudplane-test-pool', poolDirectory]);
  }
  execFileSync(IMAGE_BUILDER, [imageDirectory], { stdio: 'pipe' });
  execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', path.join(imageDirectory, 'base.qcow2'), '64M']);
  execFileSync('ip', ['netns', 'add', namespace]);
  execFileSync('ip', ['netns', 'exec', namespace, 'ip', 'link', 'set', 'lo', 'up']);

  const virsh = async (...args: string[]) => (await run('virsh', ['-q', '-c', LIBVIRT_URI, ...args], { timeout: 60_000 })).stdout;
  // Asynchronous: a test's app runs in the same process, and an SSH command that waits on a booting guest must not stop it answering.
  const inside = (command: string, args: string[], options: { timeoutMs?: number } = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile('ip', ['netns', 'exec', namespace, command, ...args], { encoding: 'utf8', timeout: options.timeoutMs ?? 30_000 }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout: stdout ?? '', stderr: stderr ?? '' });
      });
    });

  // A device as /dev/null is, which no one but root may open (libvirt gives QEMU's own /dev a copy of each device).
  const noKvm = path.join(root, 'no-kvm');
  execFileSync('mknod', ['--mode=000', noKvm, 'c', '1', '3']);
  const startLibvirtd = async () => {
    if (pidsOf('virtlogd').length === 0) execFileSync('ip', ['netns', 'exec', namespace, 'virtlogd', '-d']);
    // libvirtd in a mount namespace of its own where /dev/kvm is a device no one may open: these machines have a
    // /dev/kvm whose nested KVM hangs, and libvirt probes QEMU with it afresh at every start (about 30 s, then every
    // define waits on it). The domains are of type qemu (software emulation) and need no KVM; the machine's /dev/kvm
    // is untouched. Not /dev/null: QEMU's user may open that, so libvirt takes KVM for usable, finds the probed QEMU
    // without it, and throws its cached capabilities away at every lookup (a probe of seconds on each, and a define
    // that makes several lookups no longer answers in time).
    execFileSync('ip', ['netns', 'exec', namespace, 'unshare', '--mount', '--propagation', 'private', 'sh', '-c', `[ ! -e /dev/kvm ] || mount --bind ${noKvm} /dev/kvm; exec libvirtd -d`]);
    await eventually(async () => virsh('uri').then(() => true, () => false), 30_000, 100);
  };
  const stopLibvirtd = async () => {
    for (const pid of pidsOf('libvirtd')) process.kill(pid, 'SIGTERM');
    await eventually(async () => pidsOf('libvirtd').length === 0, 30_000, 50);
  };
  await startLibvirtd();
  await removeStaleTestObjects(virsh);

  /** The domains whose disks are in this host's pool: the test's own. */
  const domains = async () => {
    const names = (await virsh('list', '--all', '--name')).split('\n').map((name) => name.trim()).filter(Boolean);
    const own: string[] = [];
    for (const name of names) if ((await virsh('dumpxml', name).catch(() => '')).includes(`pool='${pool}'`)) own.push(name);
    return own;
  };

  const hypervisor: Hypervisor = {
    namespace,
    pool,
    poolDirectory,
    image: {
      kernel: path.join(imageDirectory, 'vmlinuz'),
      initrd: path.join(imageDirectory, 'initramfs.cpio.gz'),
      cmdline: 'console=ttyS0 quiet',
      disk: path.join(imageDirectory, 'base.qcow2'),
    },
    env: {
      PROVISIONING_BACKEND: 'libvirt',
      LIBVIRT_URI,
      LIBVIRT_DOMAIN_TYPE: 'qemu',
      LIBVIRT_POOL: pool,
      LIBVIRT_POOL_DIR: poolDirectory,
      LIBVIRT_BRIDGE_PREFIX: bridgePrefix,
      LIBVIRT_SHUTDOWN_TIMEOUT: '5',
    },
    virsh,
    domains,
    inside,
    stopLibvirtd,
    startLibvirtd,
    resizePoolFilesystem(bytes: number) {
      // A tmpfs's size is its superblock's: the remount reaches libvirtd's mount namespace too.
      execFileSync('mount', ['-o', `remount,size=${bytes}`, poolDirectory]);
    },
    async destroy() {
      if (pidsOf('libvirtd').length === 0) await startLibvirtd().catch(() => undefined);
      for (const domain of await domains().catch(() => [])) {
        await virsh('destroy', domain).catch(() => undefined);
        await virsh('undefine', domain).catch(() => undefined);
      }
      // The networks cloudplane made for the locations' bridges (named after the test's bridge prefix).
      const networks = (await virsh('net-list', '--all', '--name').catch(() => '')).split('\n').map((name) => name.trim());
      for (const network of networks.filter((name) => name.startsWith(`cloudplane-${bridgePrefix}`))) {
        await virsh('net-destroy', network).catch(() => undefined);
        await virsh('net-undefine', network).catch(() => undefined);
      }
      await virsh('pool-destroy', pool).catch(() => undefined);
      await virsh('pool-undefine', pool).catch(() => undefined);
      await stopLibvirtd().catch(() => undefined);
      for (const pid of pidsOf('virtlogd')) if (namespaceOf(pid) === namespace) process.kill(pid, 'SIGTERM');
      spawnSync('ip', ['netns', 'delete', namespace]);
      // Detached even while something still holds a file there: the kernel lets it go once that is closed.
      if (options.poolFilesystemBytes !== undefined) spawnSync('umount', ['--lazy', poolDirectory]);
      rmSync(root, { recursive: true, force: true });
      unlockHost();
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

