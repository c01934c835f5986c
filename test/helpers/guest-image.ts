// The real Debian guest of the tests that check cloudplane against the real
// readers in a guest (cloud-init, sshd, the guest agent): built by
// test/guest-image/build.sh once per machine, because a build takes minutes
// and needs root. The cache lives outside the repository (every checkout
// and worktree on the machine shares it) in a directory named after what
// goes into the image, the build script's text and the variant: a changed
// script means a new directory, and the build that fills it removes the
// old one.
//
// A directory under its final name is always complete: a build fills a
// temporary directory beside it and renames it into place only when it
// succeeded, so a killed build leaves a stray temporary directory (the next
// build removes it), never half an image that looks whole. Builds take an
// exclusive flock(1) lock first, so two test processes never build at once;
// the one that waited looks again and finds the other's image. The lock is
// one for all variants, because build.sh shares its package cache between
// them and apt refuses a cache another apt holds.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type GuestImageVariant = 'ifupdown' | 'netplan';

export interface GuestImage {
  /** qcow2 root disk (vda1, ext4): use it as the backing file of a domain's own disk, never as a disk itself. */
  disk: string;
  /** The guest's own kernel and initramfs, booted directly with `cmdline`. */
  kernel: string;
  initrd: string;
  cmdline: string;
  /** A file listing what went into the image, one `name version` a line. */
  packages: string;
}

const BUILD_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../guest-image/build.sh');
const DEFAULT_CACHE_ROOT = '/var/cache/cloudplane-test';
const IMAGE_FILES = ['disk.qcow2', 'vmlinuz', 'initrd.img', 'packages'] as const;
const CMDLINE = 'root=/dev/vda1 ro console=ttyS0';
/** A cold build (every package downloaded) takes several minutes; this is far past it. */
const BUILD_TIMEOUT_MS = 20 * 60_000;
/** Long enough for another process's build to finish first. */
const LOCK_WAIT_SECONDS = 25 * 60;
/** How much of a failed build's stderr its error shows. */
const SHOWN_STDERR_CHARS = 4000;

export async function realGuestImage(variant: GuestImageVariant): Promise<GuestImage> {
  const cacheRoot = process.env.CLOUDPLANE_TEST_CACHE || DEFAULT_CACHE_ROOT;
  const script = await readFile(BUILD_SCRIPT);
  const key = createHash('sha256').update(script).update('\0').update(variant).digest('hex').slice(0, 16);
  const imageName = `guest-${variant}-${key}`;
  const directory = path.join(cacheRoot, imageName);
  if (await isComplete(directory)) return imageIn(directory);

  await mkdir(cacheRoot, { recursive: true });
  // qemu runs as libvirt-qemu: it must pass through to the files.
  await chmod(cacheRoot, 0o755);
  await withBuildLock(path.join(cacheRoot, 'guest-build.lock'), async () => {
    if (await isComplete(directory)) return;
    const partial = await mkdtemp(`${directory}.partial-`);
    try {
      await build(variant, partial, cacheRoot);
      for (const file of IMAGE_FILES) await chmod(path.join(partial, file), 0o644);
      await chmod(partial, 0o755);
      // Only an incomplete directory can be in the way (a complete one returned above).
      await rm(directory, { recursive: true, force: true });
      await rename(partial, directory);
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw error;
    }
    // Earlier builds of this variant: other keys, and temporary directories
    // of builds that were killed (a live build would hold the lock).
    for (const name of await readdir(cacheRoot)) {
      if (name.startsWith(`guest-${variant}-`) && name !== imageName) await rm(path.join(cacheRoot, name), { recursive: true, force: true });
    }
  });
  return imageIn(directory);
}

function imageIn(directory: string): GuestImage {
  return {
    disk: path.join(directory, 'disk.qcow2'),
    kernel: path.join(directory, 'vmlinuz'),
    initrd: path.join(directory, 'initrd.img'),
    cmdline: CMDLINE,
    packages: path.join(directory, 'packages'),
  };
}

async function isComplete(directory: string): Promise<boolean> {
  for (const file of IMAGE_FILES) {
    const found = await stat(path.join(directory, file)).catch(() => null);
    if (!found?.isFile()) return false;
  }
  return true;
}

async function build(variant: GuestImageVariant, output: string, cacheRoot: string): Promise<void> {
  // The packages go under the same root as the images, unless named apart.
  const env = { ...process.env, DEBS_CACHE: process.env.DEBS_CACHE || path.join(cacheRoot, 'debs') };
  try {
    await run(BUILD_SCRIPT, [variant, output], { env, timeout: BUILD_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as Error & { stderr?: string; killed?: boolean };
    const how = failed.killed ? `was stopped after ${BUILD_TIMEOUT_MS / 60_000} minutes` : 'failed';
    const stderr = (failed.stderr ?? '').slice(-SHOWN_STDERR_CHARS);
    throw new Error(`${BUILD_SCRIPT} ${variant} ${how}: ${failed.message.split('\n')[0]}\n${stderr}`, { cause: error });
  }
}

/**
 * Runs `work` holding the exclusive lock on `lockFile`. flock(1) locks the
 * file this process opened and hands it as descriptor 3: the lock belongs to
 * the open file, so it holds after flock exits and ends when this process
 * closes the file, or dies. The build is not given the file, so a build that
 * outlives a killed test process does not keep the next one waiting.
 */
async function withBuildLock(lockFile: string, work: () => Promise<void>): Promise<void> {
  const lock = await open(lockFile, 'a');
  try {
    await new Promise<void>((resolve, reject) => {
      const flock = spawn('flock', ['--exclusive', '--timeout', String(LOCK_WAIT_SECONDS), '3'], { stdio: ['ignore', 'ignore', 'pipe', lock.fd] });
      let stderr = '';
      flock.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      flock.on('error', reject);
      flock.on('close', (code) => {
        if (code === 0) resolve();
        else reject(new Error(`no lock on ${lockFile} within ${LOCK_WAIT_SECONDS} s (flock exited ${code}): ${stderr.trim()}`));
      });
    });
    await work();
  } finally {
    await lock.close();
  }
}
