// bin/cloudplane.js where esbuild is not installed (a clone installed with
// `npm ci --omit=dev`): a stale bundle runs as it is, with a warning that
// says how to build; a missing one stops with that advice. The real
// bin/cloudplane.js and scripts/build.mjs are copied into a folder with no
// node_modules above it, beside a stand-in source tree and bundle, so esbuild
// cannot be found. (A built package, with no sources at all, is proved by
// `npm run check:production-install` in CI.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A clone's shape without node_modules: the start script, the build script and a source file. */
function cloneWithoutBundler(t: TestContext): string {
  const folder = mkdtempSync(join(tmpdir(), 'cloudplane-no-bundler-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  for (const directory of ['bin', 'scripts', 'src/cli', 'dist']) mkdirSync(join(folder, directory), { recursive: true });
  copyFileSync(join(root, 'bin', 'cloudplane.js'), join(folder, 'bin', 'cloudplane.js'));
  copyFileSync(join(root, 'scripts', 'build.mjs'), join(folder, 'scripts', 'build.mjs'));
  writeFileSync(join(folder, 'src', 'cli', 'main.ts'), '// a source newer than the bundle\n');
  return folder;
}

const start = (folder: string) => spawnSync(process.execPath, [join(folder, 'bin', 'cloudplane.js')], { cwd: folder, encoding: 'utf8', env: { PATH: process.env.PATH } });

test('a stale bundle runs as it is, with a warning naming how to build it', (t) => {
  const folder = cloneWithoutBundler(t);
  const bundle = join(folder, 'dist', 'main.js');
  writeFileSync(bundle, "console.log('the old bundle ran');\n");
  const anHourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(bundle, anHourAgo, anHourAgo);

  const run = start(folder);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, 'the old bundle ran\n');
  assert.match(run.stderr, /older than the sources and esbuild is not installed/);
  assert.match(run.stderr, /npm install/);
});

test('no bundle and no bundler: it stops and says what to install', (t) => {
  const folder = cloneWithoutBundler(t);
  const run = start(folder);
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /dist\/main\.js is missing and esbuild is not installed/);
  assert.match(run.stderr, /npm ci --omit=dev/);
});
