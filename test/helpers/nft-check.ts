// `nft -c -f`: the kernel's own parser and validator checks a compiled
// ruleset without applying anything (the unit tests of both renderings use it).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

const workDir = mkdtempSync(join(tmpdir(), 'cp-nft-check-'));
after(() => rmSync(workDir, { recursive: true, force: true }));

let checked = 0;

/** Fails the test, with nft's message and the ruleset, when nft would refuse the ruleset. */
export function assertNftAccepts(ruleset: string): void {
  const file = join(workDir, `ruleset-${++checked}.nft`);
  writeFileSync(file, ruleset);
  // nft needs CAP_NET_ADMIN even to check; without root, a user+network namespace of our own gives it.
  const [command, args] =
    process.getuid?.() === 0 ? ['nft', ['-c', '-f', file]] : ['unshare', ['--user', '--map-root-user', '--net', 'nft', '-c', '-f', file]];
  try {
    execFileSync(command, args, { stdio: 'pipe' });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: Buffer };
    if (failure.code === 'ENOENT') assert.fail(`${command} not found: install nftables (apt-get install -y nftables) to check compiled rulesets`);
    assert.fail(`nft -c refused the ruleset:\n${failure.stderr?.toString() ?? failure.message}\n--- ruleset ---\n${ruleset}`);
  }
}
