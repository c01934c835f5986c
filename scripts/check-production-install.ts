// `npm run check:production-install` (a step of .ci/run): proves that a
// built package installs and starts without build tools. It packs the tree
// (`npm pack`: prepack builds dist/ and ships the lockfile as
// npm-shrinkwrap.json), unpacks it into a fresh folder, runs
// `npm ci --omit=dev` there, checks that no build tool was installed, starts
// `npm start` on free ports with its own data folder, and waits for
// /healthz and the project API's document. Prints the package's and the
// install's sizes.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Packages that build cloudplane: a production install must not carry them. */
const BUILD_TOOLS = ['tsx', 'typescript', 'esbuild'];
const HEALTHY_WITHIN_MS = 30_000;

const run = (command: string, args: string[], cwd: string): string => execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Bytes under `directory`, as `du` counts them (blocks, not lengths). */
const diskUsage = (directory: string): number => Number(run('du', ['-sk', directory], root).split('\t')[0]) * 1024;
const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function answer(url: string): Promise<{ status: number; body: string } | undefined> {
  try {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  } catch {
    return undefined;
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-package-'));
let service: ChildProcess | undefined;
try {
  const [{ filename, size }] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], root)) as [{ filename: string; size: number }];
  const unpacked = path.join(work, 'package');
  run('tar', ['-xzf', path.join(work, filename), '-C', work], root);
  for (const required of ['dist/main.js', 'npm-shrinkwrap.json', 'bin/cloudplane.js']) {
    if (!fs.existsSync(path.join(unpacked, required))) throw new Error(`the package has no ${required}`);
  }
  if (fs.existsSync(path.join(unpacked, 'src', 'cli'))) throw new Error('the package carries the service sources (src/cli)');

  run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], unpacked);
  const tools = BUILD_TOOLS.filter((name) => fs.existsSync(path.join(unpacked, 'node_modules', name)));
  if (tools.length > 0) throw new Error(`npm ci --omit=dev installed build tools: ${tools.join(', ')}`);

  const [port, legacyPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LEGACY_PORT: String(legacyPort), DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const startedAt = performance.now();
  const startedAtEpochMs = Date.now();
  service = spawn('npm', ['start'], { cwd: unpacked, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  let health: Awaited<ReturnType<typeof answer>>;
  while (!(health?.status === 200) && performance.now() - startedAt < HEALTHY_WITHIN_MS && service.exitCode === null) {
    health = await answer(`http://127.0.0.1:${port}/healthz`);
    if (health?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (health?.status !== 200) throw new Error(`npm start did not answer /healthz within ${HEALTHY_WITHIN_MS} ms (exit code ${service.exitCode})`);
  const startMs = performance.now() - startedAt;
  const document = await answer(`http://127.0.0.1:${port}/api/v1/openapi.json`);
  if (document?.status !== 200 || (JSON.parse(document.body) as { openapi?: string }).openapi !== '3.1.0') throw new Error('the project API did not publish its document');
  if (fs.existsSync(path.join(unpacked, 'dist')) && fs.statSync(path.join(unpacked, 'dist', 'main.js')).mtimeMs > startedAtEpochMs) {
    throw new Error('npm start rebuilt dist/ in the built package');
  }

  console.log(`production install: ${filename} ${megabytes(size)}; npm ci --omit=dev: node_modules ${megabytes(diskUsage(path.join(unpacked, 'node_modules')))}, ` +
    `no ${BUILD_TOOLS.join('/')}; npm start answered /healthz after ${startMs.toFixed(0)} ms`);
} finally {
  // npm start runs the service as its child: the whole group goes.
  if (service?.pid && service.exitCode === null) {
    try {
      process.kill(-service.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
    const running = service;
    await new Promise<void>((resolve) => (running.exitCode === null ? running.once('exit', () => resolve()) : resolve()));
  }
  fs.rmSync(work, { recursive: true, force: true });
}
