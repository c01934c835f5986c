// The service as one ES module, dist/main.js, so production runs plain
// JavaScript: no TypeScript loader at start-up, far less memory. Packages
// stay in node_modules; only cloudplane's own sources are bundled. The
// console's templates and assets are copied beside the bundle, where the
// code looks for them (relative to its own module URL, as in src/console/).
//
// `node scripts/build.mjs` (npm run build, and npm install's prepare step)
// always builds; bin/cloudplane.js (npm start) builds only when a source is
// newer than the bundle, so an edit never runs old code and a start without
// one costs a few milliseconds. Plain JavaScript, because it runs before
// anything else is there.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = join(root, 'src');
const output = join(root, 'dist');
export const bundle = join(output, 'main.js');

/**
 * The newest modification time of any file under `directory`.
 * @param {string} directory
 * @returns {number}
 */
function newestChange(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const isStale = () => !existsSync(bundle) || newestChange(sources) > statSync(bundle).mtimeMs;

export async function build() {
  // Loaded only when building: a start with a fresh bundle never pays for it.
  const esbuild = await import('esbuild');
  rmSync(output, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [join(sources, 'cli', 'main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const directory of ['views', 'assets']) cpSync(join(sources, 'console', directory), join(output, directory), { recursive: true });
  // esbuild keeps a helper process for further builds; a service that built itself at start must not carry it.
  await esbuild.stop();
}

export async function buildIfStale() {
  if (isStale()) await build();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await build();
