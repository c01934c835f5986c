// `cloudplane completion bash|zsh|fish`: the scripts are written from the
// command tree, and the real shells complete with them: commands, aliases,
// options, option values at every level, and, live from a running service,
// the servers, firewall groups and contexts a command names; a service that
// does not answer costs about a second and shows nothing.
//
// bash and fish complete for real (bash's COMP_WORDS/COMPREPLY, fish's
// `complete -C`). zsh's completion system needs a terminal, so the zsh
// script runs in real zsh with compsys's `_describe`, `compadd` and `_files`
// standing in, printing what they were given to offer.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';
import { assertExit, configHome, PROJECT_ROOT, runCli, startService, type Service } from './harness.ts';

/** A completion that takes longer than this is hung; the deadline under test is a second. */
const SHELL_TIMEOUT_MS = 20_000;
/** The hidden command's deadline (handlers/completion.ts). */
const DEADLINE_MS = 1000;

interface ShellRun {
  code: number | null;
  stdout: string;
  stderr: string;
  elapsedMs: number;
}

function runShell(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<ShellRun> {
  const started = performance.now();
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not finish within ${SHELL_TIMEOUT_MS} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, SHELL_TIMEOUT_MS);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, elapsedMs: performance.now() - started });
    });
  });
}

/** The words of a typed line; a trailing space starts the next (empty) word, the one being completed. */
const wordsOf = (line: string) => line.split(' ');
const singleQuoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * A shell as a user has it: `cloudplane` on PATH (running the sources, as the
 * harness does), the suite's config directory, and no CLOUDPLANE_* variable
 * of the test run choosing a context or project.
 */
function userShell(directory: string) {
  const bin = path.join(directory, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  const wrapper = path.join(bin, 'cloudplane');
  fs.writeFileSync(wrapper, `#!/bin/sh\ncd ${singleQuoted(PROJECT_ROOT)} && exec ${singleQuoted(process.execPath)} --import tsx src/cli/main.ts "$@"\n`, { mode: 0o755 });
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, XDG_CONFIG_HOME: directory };
  for (const name of Object.keys(env)) if (name.startsWith('CLOUDPLANE_')) delete env[name];
  const scripts: Record<'bash' | 'zsh' | 'fish', string> = { bash: path.join(directory, 'cloudplane.bash'), zsh: path.join(directory, '_cloudplane'), fish: path.join(directory, 'cloudplane.fish') };

  return {
    scripts,
    async writeScripts(): Promise<void> {
      for (const shell of ['bash', 'zsh', 'fish'] as const) {
        const written = await runCli(directory, ['completion', shell]);
        assertExit(written, 0, `completion ${shell}`);
        fs.writeFileSync(scripts[shell], written.stdout);
      }
    },

    /** What bash offers after typing `line`, the script sourced as ~/.bashrc would. */
    async bash(line: string): Promise<{ words: string[]; elapsedMs: number }> {
      const words = wordsOf(line);
      const program = [
        `source ${singleQuoted(scripts.bash)}`,
        `COMP_WORDS=(${words.map(singleQuoted).join(' ')})`,
        `COMP_CWORD=${words.length - 1}`,
        '_cloudplane_complete',
        'printf "%s\\n" "${COMPREPLY[@]}"',
      ].join('\n');
      const run = await runShell('bash', ['--norc', '--noprofile', '-c', program], env);
      assert.equal(run.code, 0, `bash completed "${line}": ${run.stderr}`);
      return { words: run.stdout.split('\n').filter(Boolean).sort(), elapsedMs: run.elapsedMs };
    },

    /** What zsh's _cloudplane hands compsys for `line`: `word:description` (a colon in the word escaped) or bare words. */
    async zsh(line: string): Promise<string[]> {
      const program = [
        'autoload -Uz compinit && compinit -u -D',
        `source ${singleQuoted(scripts.zsh)}`,
        // _describe [-t TAG] DESCRIPTION ARRAY: the array holds "word:description" entries.
        '_describe() { print -rl -- "${(@P)4}" }',
        'compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@" }',
        '_files() { print -r -- "(files)" }',
        'words=("$@")',
        'CURRENT=$#',
        '_cloudplane',
      ].join('\n');
      const run = await runShell('zsh', ['-f', '-c', program, 'zsh', ...wordsOf(line)], env);
      assert.equal(run.code, 0, `zsh completed "${line}": ${run.stderr}`);
      return run.stdout.split('\n').filter(Boolean).sort();
    },

    /** What fish offers for `line` (`complete -C`): `word<TAB>description`. */
    async fish(line: string): Promise<string[]> {
      const run = await runShell('fish', ['--no-config', '-c', `source ${singleQuoted(scripts.fish)}; complete -C ${singleQuoted(line)}`], env);
      assert.equal(run.code, 0, `fish completed "${line}": ${run.stderr}`);
      return run.stdout.split('\n').filter(Boolean).sort();
    },

    /** Runs a function of the bash script by itself: its tables answer the same in every shell. */
    async bashFunction(name: string, ...args: string[]): Promise<string> {
      const run = await runShell('bash', ['--norc', '--noprofile', '-c', `source ${singleQuoted(scripts.bash)}; ${name} ${args.map(singleQuoted).join(' ')}`], env);
      assert.equal(run.code, 0, `${name}: ${run.stderr}`);
      return run.stdout.trim();
    },
  };
}

describe('shell completion from the command tree', () => {
  let home: ReturnType<typeof configHome>;
  let shell: ReturnType<typeof userShell>;

  before(async () => {
    home = configHome();
    shell = userShell(home.directory);
    await shell.writeScripts();
  });
  after(() => home.remove());

  test('the scripts name every command group and are valid bash, zsh and fish', async () => {
    const script = fs.readFileSync(shell.scripts.bash, 'utf8');
    for (const word of ['serve', 'context', 'servers', 'actions', 'orders', 'catalogue', 'ssh-keys', 'firewall', 'reverse-dns', 'completion']) {
      assert.ok(script.includes(`'|${word}'`), `the script knows ${word}`);
    }
    assert.ok(!script.includes('__complete)'), 'the hidden command is not offered');
    assert.match(script, /^complete -o default -F _cloudplane_complete cloudplane$/m);
    assert.equal((await runShell('bash', ['-n', shell.scripts.bash], process.env)).code, 0, 'bash -n accepts it');
    assert.equal((await runShell('zsh', ['-n', shell.scripts.zsh], process.env)).code, 0, 'zsh -n accepts it');
    assert.equal((await runShell('fish', ['--no-execute', shell.scripts.fish], process.env)).code, 0, 'fish --no-execute accepts it');
  });

  test('bash completes commands, aliases, options and their values', async () => {
    const offered = async (line: string) => (await shell.bash(line)).words;
    assert.ok((await offered('cloudplane ')).includes('servers'), 'top-level commands');
    assert.deepEqual(await offered('cloudplane se'), ['serve', 'servers']);
    assert.deepEqual(await offered('cloudplane servers re'), ['reboot', 'reinstall', 'rename', 'reset-password', 'restore-snapshot']);
    assert.deepEqual(await offered('cloudplane server reb'), ['reboot'], 'an alias leads to the same commands');
    assert.deepEqual(await offered('cloudplane firewall rules '), ['add', 'delete', 'describe', 'list']);
    assert.ok((await offered('cloudplane servers reboot 3f9c --w')).includes('--wait'));
    assert.deepEqual(await offered('cloudplane firewall rules add 1 --protocol '), ['any', 'icmp', 'tcp', 'udp']);
    const outputs = await offered('cloudplane --output ');
    assert.ok(outputs.includes('json') && outputs.includes('table'), 'a global option before the command');
    assert.deepEqual(await offered('cloudplane -o json servers l'), ['list'], 'an option value is not taken for a command');
    assert.ok((await offered('cloudplane servers list --')).includes('--project'), 'global options are offered at every level');
  });

  test('which arguments and options complete live is read from their names', async () => {
    const argumentKind = (commandPath: string, position: number) => shell.bashFunction('_cloudplane_argument_kind', commandPath, String(position));
    assert.equal(await argumentKind('servers describe', 0), 'server', '<server>');
    assert.equal(await argumentKind('firewall groups attach', 0), 'firewall-group', '<group>');
    assert.equal(await argumentKind('firewall groups attach', 1), 'server', 'the second argument by its own name');
    assert.equal(await argumentKind('servers set-firewall-groups', 0), 'server');
    assert.equal(await argumentKind('servers set-firewall-groups', 3), 'firewall-group', 'every value of [groups...]');
    assert.equal(await argumentKind('ssh-keys delete', 0), 'ssh-key', 'a generic <id> takes its command group\'s kind');
    assert.equal(await argumentKind('context use', 0), 'context', 'a generic <name> too');
    assert.equal(await argumentKind('projects rename', 0), 'project');
    assert.equal(await argumentKind('projects rename', 1), '', 'a later generic argument is a new value');
    assert.equal(await argumentKind('context create', 0), '', 'create names something new');
    assert.equal(await argumentKind('actions describe', 0), '', 'actions are not completed');
    const optionKind = (flag: string) => shell.bashFunction('_cloudplane_option_kind', flag);
    assert.deepEqual(
      await Promise.all(['--server', '--ssh-key', '--snapshot', '--project', '-p', '--context', '--image', '--location', '--product', '--output'].map(optionKind)),
      ['server', 'ssh-key', 'snapshot', 'project', 'project', 'context', 'image', 'location', 'product', ''],
    );
  });

  test('the zsh script describes commands and options in real zsh', async () => {
    const commands = await shell.zsh('cloudplane servers ');
    assert.ok(commands.some((entry) => entry.startsWith('reboot:Reboot the server')), 'commands with their descriptions');
    assert.ok((await shell.zsh('cloudplane servers reboot 3f9c --')).some((entry) => entry.startsWith('--wait:')), 'options with theirs');
    assert.deepEqual(await shell.zsh('cloudplane firewall rules add 1 --protocol '), ['any', 'icmp', 'tcp', 'udp']);
    assert.deepEqual(await shell.zsh('cloudplane ssh-keys add k --public-key-file '), ['(files)'], 'a file is left to zsh');
  });

  test('the fish script loads in fish and completes subcommands, options and values', async () => {
    assert.deepEqual(await shell.fish('cloudplane firewall rules '), ['add\tAdd a rule (an identical rule already there prints its id and exits 1 with rule_exists)', 'delete\tDelete a rule', 'describe\tShow a rule', 'list\tList a group\'s rules, lowest priority first']);
    assert.deepEqual((await shell.fish('cloudplane server reb')).map((entry) => entry.split('\t')[0]), ['reboot'], 'an alias leads to the same commands');
    assert.ok((await shell.fish('cloudplane servers reboot 3f9c --wa')).some((entry) => entry.startsWith('--wait\t')));
    assert.deepEqual(await shell.fish('cloudplane firewall rules add 1 --protocol '), ['any', 'icmp', 'tcp', 'udp']);
    assert.deepEqual((await shell.fish('cloudplane -o json servers l')).map((entry) => entry.split('\t')[0]), ['list']);
  });

  test('an unknown shell is a usage error', async () => {
    assertExit(await runCli(home.directory, ['completion', 'powershell']), 2, 'completion powershell');
  });
});

describe('live completion from a running service', () => {
  let service: Service;
  let home: ReturnType<typeof configHome>;
  let shell: ReturnType<typeof userShell>;
  let serverId: string;
  let silent: net.Server;
  let silentConnections = 0;
  const heldSockets = new Set<net.Socket>();

  before(async () => {
    service = await startService();
    home = configHome();
    shell = userShell(home.directory);
    await shell.writeScripts();
    const cli = (args: string[], input?: string) => runCli(home.directory, args, { input });
    assertExit(await cli(['context', 'create', 'test', '--url', service.serve.baseUrl, '--token-stdin'], service.key), 0, 'context create test');
    // A service that takes the connection and never answers: completion must give up on it by itself.
    silent = net.createServer((socket) => {
      silentConnections += 1;
      heldSockets.add(socket);
      socket.on('close', () => heldSockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    assertExit(await cli(['context', 'create', 'silent', '--url', silentUrl, '--token', 'cp_silent_key_0123456789', '--no-check']), 0, 'context create silent');

    const ordered = await cli(['servers', 'create', 'web-1', '--product', '1', '--location', 'fsn1', '--image', 'debian-12', '--wait', '--output', 'json']);
    assertExit(ordered, 0, 'servers create web-1');
    serverId = JSON.parse(ordered.stdout).server_id;
    assertExit(await cli(['firewall', 'groups', 'create', 'web servers']), 0, 'firewall groups create');
  });
  after(async () => {
    for (const socket of heldSockets) socket.destroy();
    if (silent) await new Promise((resolve) => silent.close(resolve));
    await service?.stop();
    home?.remove();
  });

  test('bash completes a server by hostname and by id prefix', async () => {
    assert.deepEqual((await shell.bash('cloudplane servers describe we')).words, ['web-1']);
    assert.deepEqual((await shell.bash(`cloudplane servers reboot ${serverId.slice(0, 4)}`)).words, [serverId]);
    assert.deepEqual((await shell.bash('cloudplane actions list --server we')).words, ['web-1'], 'an option named --server too');
    assert.deepEqual((await shell.bash('cloudplane servers describe nothing-like-it')).words, []);
  });

  test('bash completes firewall groups (a name with a space is quoted) and contexts from the config file', async () => {
    assert.deepEqual((await shell.bash('cloudplane servers set-firewall-groups web-1 we')).words, ['web\\ servers']);
    assert.deepEqual((await shell.bash('cloudplane --context ')).words, ['silent', 'test']);
    assert.deepEqual((await shell.bash('cloudplane context use t')).words, ['test']);
  });

  test('the project typed on the line is the one asked', async () => {
    assert.deepEqual((await shell.bash(`cloudplane --project ${service.project} servers describe we`)).words, ['web-1']);
    assert.deepEqual((await shell.bash('cloudplane -p no-such-project servers describe we')).words, [], 'a project the key cannot reach: nothing');
  });

  test('zsh and fish show each server with a description', async () => {
    assert.deepEqual(await shell.zsh('cloudplane servers describe we'), [`web-1:server ${serverId}, running`]);
    assert.deepEqual(await shell.fish('cloudplane servers describe we'), [`web-1\tserver ${serverId}, running`]);
    assert.deepEqual(await shell.fish(`cloudplane servers describe ${serverId.slice(0, 6)}`), [`${serverId}\tweb-1, running`]);
    assert.deepEqual(await shell.fish('cloudplane --context t'), [`test\t${service.serve.baseUrl} (current)`]);
  });

  test('a service that never answers: nothing is offered, within about the deadline', async () => {
    // What the same shell takes for a completion without the API (contexts come from the file): start-up, mostly.
    const withoutApi = await shell.bash('cloudplane --context s');
    assert.deepEqual(withoutApi.words, ['silent']);
    const before = silentConnections;
    const unanswered = await shell.bash('cloudplane --context silent servers describe we');
    assert.deepEqual(unanswered.words, []);
    assert.ok(silentConnections > before, 'the completion did ask the silent service');
    // Generous: the deadline plus a second for a loaded machine, on top of what start-up took.
    assert.ok(
      unanswered.elapsedMs < withoutApi.elapsedMs + DEADLINE_MS + 1000,
      `completion gave up after ${Math.round(unanswered.elapsedMs)} ms (without the API: ${Math.round(withoutApi.elapsedMs)} ms)`,
    );
    const fish = await shell.fish('cloudplane --context silent servers describe we');
    assert.deepEqual(fish, [], 'fish: nothing either');
  });

  test('the hidden command prints nothing and exits 0 when it cannot answer', async () => {
    const noContext = await runCli(fs.mkdtempSync(path.join(home.directory, 'empty-')), ['__complete', 'server', 'we']);
    assert.deepEqual([noContext.code, noContext.stdout, noContext.stderr], [0, '', ''], 'no context at all');
    const unknownKind = await runCli(home.directory, ['__complete', 'spaceship']);
    assert.deepEqual([unknownKind.code, unknownKind.stdout], [0, '']);
    const help = await runCli(home.directory, ['--help']);
    assert.ok(!help.stdout.includes('__complete'), 'hidden from help');
  });
});
