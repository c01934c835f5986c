// cloudplane runs on Node 20: no installed package, direct or not, may ask
// for a newer Node. npm only warns about it (EBADENGINE) and such a package
// may work today, then break with its next patch release. An update that
// pulls one in fails here; it is then pinned or overridden in package.json.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import semver from 'semver';

interface LockedPackage {
  version?: string;
  /** Only needed to develop and test cloudplane, not to run it. */
  dev?: boolean;
  engines?: { node?: string } | string[];
}

const lockfile = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as { packages: Record<string, LockedPackage> };
const projectEngines = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines.node;

test('every locked package accepts the Node this runs on; what the service needs to run accepts the oldest Node package.json allows', () => {
  const oldestAllowed = semver.minVersion(projectEngines)!.version;
  const refused = Object.entries(lockfile.packages).flatMap(([path, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!path || !range) return [];
    // The development tools (ESLint, Spectral) may ask for a later Node 20 than running the service does.
    const nodes = entry.dev ? [process.versions.node] : [process.versions.node, oldestAllowed];
    return nodes.filter((node) => !semver.satisfies(node, range)).map((node) => `${path}@${entry.version} needs node ${range}, not ${node}`);
  });
  assert.deepEqual(refused, []);
});

test('the check refuses a package that asks for Node 22', () => {
  assert.equal(semver.satisfies(process.versions.node, '>=22'), false, 'this test runs on Node 20');
  assert.equal(semver.satisfies('20.12.0', '^20.12 || >=22'), true);
});
