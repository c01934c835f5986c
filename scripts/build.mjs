// The service as plain JavaScript, dist/main.js, so production runs no
// TypeScript loader: start-up and memory are a fraction of it. The packages
// are bundled too: resolving, reading and compiling some 400 separate modules
// was half of the start-up time (1.2 s to 0.75 s on the bench machine). Left
// in node_modules are the packages that find files of their own at run time
// or load native code (EXTERNAL). Modules loaded only by some commands (the
// user commands' client, tables and spinner) become chunks of their own
// (code splitting), so `serve` neither reads nor compiles them. The console's
// templates and assets are copied beside the bundle, where the code looks for
// them (relative to its own module URL, as in src/console/).
//
// `node scripts/build.mjs` (npm run build, and `npm pack`'s prepack step)
// always builds. `--prepare` (npm install's prepare step) builds in a clone,
// where the sources and esbuild (a dev dependency) are, and does nothing in
// a built package, which has neither: there `npm ci --omit=dev` installs the
// bundle as it was packed. bin/cloudplane.js (npm start) builds only in a
// clone and only when a source is newer than the bundle, so an edit never
// runs old code and a start without one costs a few milliseconds. Plain
// JavaScript, because it runs before anything else is there.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = join(root, 'src');
const output = join(root, 'dist');
export const bundle = join(output, 'main.js');

/**
 * Packages kept out of the bundle: native code (better-sqlite3), optional
 * engines loaded on demand (pg and its optional native binding), files read
 * beside their own module (swagger-ui's static pages, pino's worker-thread
 * transports), and the build tool itself.
 */
const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native', 'pino', '@fastify/swagger-ui', 'esbuild'];

// Bundled CommonJS packages call require() for Node's built-ins; an ES module has none, so the bundle makes one.
const REQUIRE_SHIM = "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);";

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

/** When a source last changed: the tests' processes run a bundle made from the sources as they were then. */
export const newestSourceChange = () => newestChange(sources);

const isStale = () => !existsSync(bundle) || newestSourceChange() > statSync(bundle).mtimeMs;

/** Builds the bundle into `outputDirectory` (dist/ unless told), emptied first. */
export async function build(outputDirectory = output) {
  // Loaded only when building: a start with a fresh bundle never pays for it.
  const esbuild = await import('esbuild');
  rmSync(outputDirectory, { recursive: true, force: true });
  await esbuild.build({
    // main: the service and the cloudplane command; client: what `import 'cloudplane/client'` loads.
    entryPoints: { main: join(sources, 'cli', 'main.ts'), client: join(sources, 'client', 'index.ts') },
    outdir: outputDirectory,
    // Chunks beside main.js: code that finds its templates relative to its own module must find them from any chunk.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    sourcemap: 'linked',
    // V8 keeps each module's source text for as long as the process runs. Unminified, the service's bundle
    // was 3.6 MB of which a few comments had non-ASCII characters, so V8 held it as 7 MB of two-byte text;
    // without whitespace and comments it is 2.4 MB of one-byte text. Names stay as written, so a logged stack
    // still names its functions, and the linked source map gives the original lines. The licence comments
    // of bundled packages go to a .LEGAL.txt file beside each bundle.
    minifyWhitespace: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  for (const directory of ['views', 'assets']) cpSync(join(sources, 'console', directory), join(outputDirectory, directory), { recursive: true });
  // esbuild keeps a helper process for further builds; a service that built itself at start must not carry it.
  await esbuild.stop();
}

/** True in a clone (the sources are here); a built package carries only the bundle. */
export const hasSources = () => existsSync(join(sources, 'cli', 'main.ts'));

/** esbuild is a dev dependency: a production install (`npm ci --omit=dev`) has none. */
async function hasBundler() {
  try {
    await import('esbuild');
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds when a source is newer than the bundle. Without esbuild (a clone
 * installed with --omit=dev) a stale bundle is run as it is, with a warning,
 * and a missing one is an error that says what to do.
 */
export async function buildIfStale() {
  if (!isStale()) return;
  if (await hasBundler()) return build();
  const fix = 'install the dev dependencies (npm install) to build it, or install a built package (npm pack, then npm ci --omit=dev)';
  if (!existsSync(bundle)) throw new Error(`cloudplane: dist/main.js is missing and esbuild is not installed: ${fix}`);
  process.emitWarning(`dist/main.js is older than the sources and esbuild is not installed, so the old bundle runs: ${fix}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv.includes('--prepare')) await build();
  else if (hasSources()) await buildIfStale();
  // A built package: nothing to build, and no bundler to build with.
  else if (!existsSync(bundle)) throw new Error('cloudplane: a package without sources must carry dist/main.js (npm pack builds it)');
}
