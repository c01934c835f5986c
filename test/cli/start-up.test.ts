// One binary, two kinds of commands, neither paying for the other at start-up
// (src/cli/main.ts): what main.ts loads before any command runs is commander
// and the command definitions; a user command's handler never loads the
// service (Fastify, the database drivers). Checked on the static imports, the
// ones that are loaded whether or not the command needs them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from './harness.ts';

/** Static imports that exist at run time: `import type` is erased, `import()` is loaded only when reached. */
function staticImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?'([^']+)';/gm)) found.push(match[1]!);
  return found;
}

/** Every module reached from `entry` through static imports: project files (relative to the root) and package names. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    const relative = path.relative(PROJECT_ROOT, file);
    if (files.has(relative)) return;
    files.add(relative);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else if (!specifier.startsWith('node:')) packages.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    }
  };
  visit(path.join(PROJECT_ROOT, entry));
  return { files, packages };
}

/** Files of src/ outside cli/ and client/ that the command line may load: each imports nothing of the service. */
const SHARED_LEAVES = ['src/version.ts', 'src/duration.ts'];

const SERVICE_PACKAGES = ['fastify', 'kysely', 'pino', 'better-sqlite3', 'pg', 'typebox'];

test('main.ts loads commander and the command definitions, nothing of the service or the client', () => {
  const { files, packages } = staticGraph('src/cli/main.ts');
  assert.deepEqual([...packages], ['commander']);
  // Two leaves of src/ with no imports of their own: package.json's version (--version prints it) and how a duration is read.
  const unexpected = [...files].filter((file) => !/^src\/cli\/(main|command-actions|failures|commands\/[a-z-]+)\.ts$/.test(file) && !SHARED_LEAVES.includes(file));
  assert.deepEqual(unexpected, [], 'only the definitions are loaded at start');
});

test("a user command's handler never loads the service", () => {
  const handlers = fs.readdirSync(path.join(PROJECT_ROOT, 'src/cli/handlers')).map((name) => `src/cli/handlers/${name}`);
  for (const handler of [...handlers, 'src/cli/run-handler.ts', 'src/cli/completion.ts']) {
    const { files, packages } = staticGraph(handler);
    assert.deepEqual(SERVICE_PACKAGES.filter((name) => packages.has(name)), [], `${handler} loads no service package`);
    const outside = [...files].filter((file) => !file.startsWith('src/cli/') && !file.startsWith('src/client/') && !SHARED_LEAVES.includes(file));
    assert.deepEqual(outside, [], `${handler} stays in src/cli and src/client (and the shared leaves)`);
  }
});
