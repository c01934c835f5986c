// The bundle the tests' real processes run (helpers/processes.ts): the
// service built from the sources as they are now, as production runs it.
// Through tsx a `cloudplane serve` took 4.3 s to start here against 2 s for
// the bundle, and the suite starts a few hundred of them (the crash points
// alone three per scenario).
//
// Each state of the sources gets its own directory, named after the moment a
// source last changed, under node_modules/.cache: a bundle is never rebuilt
// in place under a process running it (its chunks load lazily). It is built
// into a directory of its own and renamed into place, so test processes that
// build it at once do not see each other's half-written files; the one that
// renames second keeps the first's. Bundles of older sources go once they are
// an hour old.
import { existsSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, newestSourceChange } from '../../scripts/build.mjs';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUNDLES = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'cloudplane-test-bundles');
const OLD_BUNDLE_MS = 3_600_000;

let current: Promise<string> | null = null;

/** The path of main.js built from the sources as they are now; built on first use in this process when no test process built it yet. */
export function testBundle(): Promise<string> {
  current ??= bundleOfCurrentSources();
  return current;
}

async function bundleOfCurrentSources(): Promise<string> {
  const name = String(Math.floor(newestSourceChange()));
  const directory = path.join(BUNDLES, name);
  const main = path.join(directory, 'main.js');
  if (existsSync(main)) return main;
  const building = path.join(BUNDLES, `${name}.building-${process.pid}`);
  await build(building);
  try {
    await rename(building, directory);
  } catch (error) {
    // Another test process renamed its build into place first: the same sources, so the same bundle.
    if (!existsSync(main)) throw error;
    await rm(building, { recursive: true, force: true });
  }
  await removeOldBundles(name);
  return main;
}

async function removeOldBundles(keep: string): Promise<void> {
  for (const entry of await readdir(BUNDLES)) {
    if (entry === keep) continue;
    const directory = path.join(BUNDLES, entry);
    const changed = await stat(directory).catch(() => null);
    if (changed && Date.now() - changed.mtimeMs > OLD_BUNDLE_MS) await rm(directory, { recursive: true, force: true });
  }
}
