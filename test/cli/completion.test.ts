// `cloudplane completion bash|zsh`: the script is written from the command
// tree, and bash really completes with it: commands, aliases, options,
// option values, at every level.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { assertExit, configHome, runCli } from './harness.ts';

describe('shell completion', () => {
  let home: ReturnType<typeof configHome>;
  let scriptFile: string;

  before(async () => {
    home = configHome();
    const bash = await runCli(home.directory, ['completion', 'bash']);
    assertExit(bash, 0, 'completion bash');
    scriptFile = path.join(home.directory, 'cloudplane.bash');
    fs.writeFileSync(scriptFile, bash.stdout);
  });
  after(() => home.remove());

  /** What bash offers after typing `line` (a trailing space means "the next word"), with the script loaded as a user's shell would. */
  function completions(line: string): string[] {
    const words = line.split(' ');
    const program = [
      `source ${JSON.stringify(scriptFile)}`,
      `COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')})`,
      `COMP_CWORD=${words.length - 1}`,
      '_cloudplane_complete',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const run = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { encoding: 'utf8' });
    assert.equal(run.status, 0, `bash ran the completion for "${line}": ${run.stderr}`);
    return run.stdout.split('\n').filter(Boolean).sort();
  }

  test('the script names every command group and is valid bash', async () => {
    const script = fs.readFileSync(scriptFile, 'utf8');
    for (const word of ['serve', 'context', 'servers', 'actions', 'orders', 'catalogue', 'ssh-keys', 'firewall', 'reverse-dns', 'completion']) {
      assert.ok(script.includes(`'|${word}'`), `the script knows ${word}`);
    }
    assert.equal(spawnSync('bash', ['-n', scriptFile]).status, 0, 'bash -n accepts it');
    assert.match(script, /^complete -o default -F _cloudplane_complete cloudplane$/m);
  });

  test('bash completes commands, aliases, options and their values', () => {
    assert.ok(completions('cloudplane ').includes('servers'), 'top-level commands');
    assert.deepEqual(completions('cloudplane se'), ['serve', 'servers']);
    assert.deepEqual(completions('cloudplane servers re'), ['reboot', 'reinstall', 'rename', 'reset-password', 'restore-snapshot']);
    assert.deepEqual(completions('cloudplane server reb'), ['reboot'], 'an alias leads to the same commands');
    assert.deepEqual(completions('cloudplane firewall rules '), ['add', 'delete', 'describe', 'list']);
    assert.deepEqual(completions('cloudplane servers reboot 3f9c --w'), ['--wait']);
    assert.deepEqual(completions('cloudplane firewall rules add 1 --protocol '), ['any', 'icmp', 'tcp', 'udp']);
    assert.deepEqual(completions('cloudplane --output '), ['json', 'table'], 'a global option before the command');
    assert.deepEqual(completions('cloudplane -o json servers l'), ['list'], 'an option value is not taken for a command');
    assert.ok(completions('cloudplane servers list --').includes('--project'), 'global options are offered at every level');
  });

  test('the zsh script is written from the same tree', async () => {
    const zsh = await runCli(home.directory, ['completion', 'zsh']);
    assertExit(zsh, 0, 'completion zsh');
    assert.match(zsh.stdout, /^#compdef cloudplane$/m);
    assert.match(zsh.stdout, /^ {2}compdef _cloudplane cloudplane$/m);
    assert.ok(zsh.stdout.includes(`'servers') reply=(`), 'it describes the servers commands');
    assert.ok(zsh.stdout.includes(`'reboot:Reboot the server`), 'with their descriptions');
    // The walk over the typed words is the bash one, tested above; zsh itself is not a test dependency.
    assert.ok(zsh.stdout.includes('_cloudplane_path 2 "$CURRENT"'), 'zsh words start at 1, so the walk starts at 2');
  });

  test('an unknown shell is a usage error', async () => {
    assertExit(await runCli(home.directory, ['completion', 'fish']), 2, 'completion fish');
  });
});
