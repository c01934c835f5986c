// `cloudplane servers console SERVER` on a real terminal: a shell runs in a
// tmux pane (100×27, a size no default has) on a server of our own, and the
// test types into it as a person would. The console's login prompt comes;
// root logs in with the password a reset gave; `hostname` answers; `stty
// size` answers the pane's rows and columns, and after the window is resized
// the new ones (the size goes as resize frames, at the start and on SIGWINCH);
// while attached the pane's terminal is in raw mode, and Ctrl-] leaves with
// exit 0 and the terminal cooked again. A session another one takes over
// ends with the service's reason and exit 1; SIGTERM ends it with 143. Without
// a terminal, piped bytes drive the console and the end of input leaves with
// 0; a read-only key is refused as every command's refusals are printed.
// `events tail` describes the console.opened event, and help and completion
// know the command.
//
// Node itself puts a terminal back as it was when a process exits, so a
// cooked terminal afterwards is what a person sees either way; raw mode while
// attached is read from outside the pane (stty -F on its tty).
//
// The pane's whole history is saved to a file whose path the tests print
// (t.diagnostic): the transcript of what a person would have seen.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { eventually } from '../helpers/build.ts';
import { connectConsole } from '../helpers/console-socket.ts';
import { testBundle } from '../helpers/bundle.ts';
import { killTmuxServer } from '../helpers/tmux.ts';
import { assertExit, configHome, PROJECT_ROOT, runCli, startCli, startService, type Service } from './harness.ts';

/** A tmux server of our own: the user's tmux sessions, if any, are not touched. */
const SOCKET = `cloudplane-console-test-${process.pid}`;
const COLUMNS = 100;
const ROWS = 27;
const HOSTNAME = 'console-1';
/** What the pane must show within this long, or the test fails with the pane as it is. */
const SHOWN_WITHIN_MS = 30_000;
const READ_EVERY_MS = 50;

function tmux(...args: string[]): string {
  const run = spawnSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
  assert.equal(run.status, 0, `tmux ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The pane's whole history, from its first line: what a person would have seen, scrolled off or not. */
function transcript(session: string): string {
  // Without the blank rows below the cursor, so that the text only grows and a length marks a point in it.
  return tmux('capture-pane', '-p', '-J', '-S', '-', '-t', session).replace(/\n+$/, '\n');
}

/** Where the pane's last line starts: what is typed next, and what it prints, comes after it. */
function lastLineStart(session: string): number {
  const text = transcript(session);
  return text.lastIndexOf('\n', text.length - 2) + 1;
}

/** Reads the pane until `pattern` matches what came after the first `from` characters of its history; fails with the pane after SHOWN_WITHIN_MS. */
async function paneShows(session: string, pattern: RegExp, from = 0): Promise<string> {
  const deadline = Date.now() + SHOWN_WITHIN_MS;
  for (;;) {
    const screen = transcript(session);
    if (pattern.test(screen.slice(from))) return screen;
    if (Date.now() > deadline) assert.fail(`the pane did not show ${pattern} within ${SHOWN_WITHIN_MS} ms; it shows:\n${screen}`);
    await delay(READ_EVERY_MS);
  }
}

/** Where the pane's transcript is kept after the run: test-artifacts/ (ignored by git, as the browser tests' screenshots), outside the suite's directory (which is removed). */
function saveTranscript(t: TestContext, session: string): void {
  const directory = path.join(PROJECT_ROOT, 'test-artifacts');
  fs.mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `cli-console-${session}.txt`);
  fs.writeFileSync(file, transcript(session));
  t.diagnostic(`tmux transcript of the ${session} pane: ${file}`);
}

/** The settings `stty -a` prints for a terminal, one word each (`icanon`, `-echo` …). */
function sttyWords(output: string): string[] {
  return output.split(/[\s;]+/).filter(Boolean);
}

describe('servers console', () => {
  let service: Service;
  let home: ReturnType<typeof configHome>;
  let serverId: string;
  let rootPassword: string;
  /** The variables every run of the command gets: the service, the key, the project. */
  let environment: Record<string, string>;

  before(async () => {
    service = await startService();
    home = configHome();
    environment = { XDG_CONFIG_HOME: home.directory, CLOUDPLANE_URL: service.serve.baseUrl, CLOUDPLANE_TOKEN: service.key, CLOUDPLANE_PROJECT: service.project };
    const ordered = await runCli(home.directory, ['servers', 'create', HOSTNAME, '--product', '1', '--location', 'fsn1', '--image', 'debian-12', '--wait', '-o', 'json'], { env: environment });
    assertExit(ordered, 0, 'servers create --wait');
    serverId = JSON.parse(ordered.stdout).server_id;

    // The root password, as the API gives it: a reset's result.
    const reset = await service.serve.api(`/projects/${service.project}/servers/${serverId}/actions/reset_password/`, { method: 'POST', key: service.key });
    assert.equal(reset.status, 202, JSON.stringify(reset.body));
    const done = await eventually(async () => {
      const action = await service.serve.api(`/projects/${service.project}/actions/${reset.body.id}/`, { key: service.key });
      return action.body.status === 'success' ? action.body : null;
    }, 30_000);
    rootPassword = String(done.result.root_password);
    assert.ok(rootPassword.length >= 8, 'a password to log in with');

    // `cloudplane` on the pane's PATH, running the bundle of the sources as the harness does, so the transcript reads as a user's.
    const bin = path.join(home.directory, 'bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'cloudplane'), `#!/bin/sh\ncd ${shellQuote(PROJECT_ROOT)} && exec ${shellQuote(process.execPath)} ${shellQuote(await testBundle())} "$@"\n`, { mode: 0o755 });
    environment.PATH = `${bin}${path.delimiter}${process.env.PATH ?? ''}`;
  });
  after(async () => {
    killTmuxServer(SOCKET);
    await service?.stop();
    home?.remove();
  });

  /** A pane running a plain shell (prompt `$ `) with the command's environment, ready to be typed into. */
  async function shellPane(session: string): Promise<void> {
    // On the shell's own command line: a tmux server started by an earlier test keeps its own environment.
    const variables = Object.entries({ ...environment, HOME: home.directory, PS1: '$ ' }).map(([name, value]) => `${name}=${shellQuote(value)}`);
    // Without line editing: readline would switch the terminal's mode while it waits for a line, and the terminal is to show what the command left.
    tmux('new-session', '-d', '-s', session, '-x', String(COLUMNS), '-y', String(ROWS), '-c', PROJECT_ROOT, `env -u CI ${variables.join(' ')} bash --norc --noprofile --noediting`);
    await paneShows(session, /^\$ $/m);
  }

  /** Types a line into the pane's shell (or whatever reads the terminal), then Enter. */
  function typeLine(session: string, line: string): void {
    tmux('send-keys', '-t', session, '-l', line);
    tmux('send-keys', '-t', session, 'Enter');
  }

  /** The terminal settings as a command run in the pane's shell sees them: `stty -a`, typed. */
  async function sttyInPane(session: string): Promise<string[]> {
    const mark = lastLineStart(session);
    typeLine(session, 'stty -a; echo stty-done');
    const shown = (await paneShows(session, /^stty-done$/m, mark)).slice(mark);
    return sttyWords(shown.slice(shown.indexOf('\n'), shown.lastIndexOf('stty-done')));
  }

  /** The terminal settings of the pane's terminal, read from outside while a command holds it. */
  function paneTerminalSettings(session: string): string[] {
    const tty = tmux('display-message', '-p', '-t', session, '#{pane_tty}').trim();
    const run = spawnSync('stty', ['-a', '-F', tty], { encoding: 'utf8' });
    assert.equal(run.status, 0, `stty -a -F ${tty}: ${run.stderr}`);
    return sttyWords(run.stdout);
  }

  test('on a terminal: the prompt, a login, hostname, stty size as the pane (and after a resize), raw mode, then Ctrl-] leaves with 0 and a cooked terminal', { timeout: 180_000 }, async (t) => {
    const session = 'attached';
    await shellPane(session);
    t.after(() => saveTranscript(t, session));

    typeLine(session, `cloudplane servers console ${HOSTNAME}; echo "exit=$?"`);
    await paneShows(session, new RegExp(`^Connected to ${HOSTNAME}'s console\\. Press Enter for the login prompt; Ctrl-\\] leaves\\.$`, 'm'));
    await paneShows(session, new RegExp(`^${HOSTNAME} login: $`, 'm'));
    const raw = paneTerminalSettings(session);
    assert.ok(raw.includes('-icanon') && raw.includes('-echo') && raw.includes('-isig'), `raw mode while attached: ${raw.join(' ')}`);

    typeLine(session, 'root');
    await paneShows(session, /^Password: $/m);
    let mark = lastLineStart(session);
    typeLine(session, rootPassword);
    await paneShows(session, new RegExp(`^root@${HOSTNAME}:~# $`, 'm'), mark);
    assert.ok(!transcript(session).includes(rootPassword), 'the password is not echoed');

    mark = lastLineStart(session);
    typeLine(session, 'hostname');
    await paneShows(session, new RegExp(`^root@${HOSTNAME}:~# hostname\\n${HOSTNAME}\\nroot@${HOSTNAME}:~# $`, 'm'), mark);

    const [paneColumns, paneRows] = tmux('display-message', '-p', '-t', session, '#{pane_width} #{pane_height}').trim().split(' ').map(Number);
    assert.deepEqual([paneColumns, paneRows], [COLUMNS, ROWS], 'the pane has the size asked for');
    mark = lastLineStart(session);
    typeLine(session, 'stty size');
    await paneShows(session, new RegExp(`^root@${HOSTNAME}:~# stty size\\n${ROWS} ${COLUMNS}\\n`, 'm'), mark);

    // A resized window sends SIGWINCH to the command, which tells the console the new size.
    tmux('resize-window', '-t', session, '-x', '90', '-y', '20');
    await eventually(async () => tmux('display-message', '-p', '-t', session, '#{pane_width}x#{pane_height}').trim() === '90x20', 5_000);
    // The resize frame goes as the signal comes; `stty size` asked until it answers the new size (a frame and a keystroke may cross).
    await eventually(async () => {
      mark = lastLineStart(session);
      typeLine(session, 'stty size');
      const screen = await paneShows(session, new RegExp(`^root@${HOSTNAME}:~# stty size\\n\\d+ \\d+\\n`, 'm'), mark);
      return /stty size\n20 90\n/.test(screen.slice(mark));
    }, 10_000);

    mark = lastLineStart(session);
    tmux('send-keys', '-t', session, 'C-]');
    const left = (await paneShows(session, /^exit=\d+$/m, mark)).slice(mark);
    assert.match(left, new RegExp(`^Left ${HOSTNAME}'s console\\.$`, 'm'));
    assert.match(left, /^exit=0$/m, left);

    // The terminal is cooked again: its settings say so (read from outside, and by stty in the pane), and the shell reads a line as it always does.
    const cooked = paneTerminalSettings(session);
    assert.ok(cooked.includes('icanon') && cooked.includes('echo') && cooked.includes('isig'), `cooked after leaving: ${cooked.join(' ')}`);
    const typed = await sttyInPane(session);
    assert.ok(typed.includes('icanon') && typed.includes('echo') && !typed.includes('-icanon') && !typed.includes('-echo'), `stty -a in the pane: ${typed.join(' ')}`);
    mark = lastLineStart(session);
    typeLine(session, 'echo "shell says $((6 * 7))"');
    await paneShows(session, /^shell says 42$/m, mark);

    // The session was closed by the client, as the audit log records it.
    const closed = await eventually(async () => {
      const log = await service.serve.api(`/projects/${service.project}/audit-log/?resource_type=server&resource_id=${serverId}`, { key: service.key });
      return log.body.results.find((entry: { operation: string | null }) => entry.operation === 'console.closed');
    });
    assert.equal(closed.details.close_reason, 'The client closed the session');
  });

  test('on a terminal: a session another one takes over ends with the service\'s reason, exit 1, and a cooked terminal', { timeout: 120_000 }, async (t) => {
    const session = 'taken-over';
    await shellPane(session);
    t.after(() => saveTranscript(t, session));

    typeLine(session, `cloudplane servers console ${serverId}; echo "exit=$?"`);
    await paneShows(session, new RegExp(`^${HOSTNAME} login: $`, 'm'));
    const mark = lastLineStart(session);
    assert.ok(paneTerminalSettings(session).includes('-icanon'), 'attached in raw mode');

    // Someone else opens the console: the service gives it to them and closes ours with 4000.
    const asked = await service.serve.api(`/projects/${service.project}/servers/${serverId}/console/`, { method: 'POST', key: service.key });
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    const other = await connectConsole(asked.body.url);
    assert.ok(other.opened, 'the other session opened');
    t.after(() => other.console.close());

    const ended = (await paneShows(session, /^exit=\d+$/m, mark)).slice(mark);
    assert.match(ended, new RegExp(`^error: the service ended the console session of ${HOSTNAME}: Another console session of this server took over \\(4000\\)$`, 'm'), ended);
    assert.match(ended, /^hint: run the same command again to reconnect/m);
    assert.match(ended, /^exit=1$/m);
    const cooked = paneTerminalSettings(session);
    assert.ok(cooked.includes('icanon') && cooked.includes('echo'), `cooked after the service ended it: ${cooked.join(' ')}`);
    const typed = await sttyInPane(session);
    assert.ok(typed.includes('icanon') && !typed.includes('-icanon'), `stty -a in the pane: ${typed.join(' ')}`);
    await other.console.waitFor(/login: $/);
  });

  test('on a terminal: SIGTERM closes the session, restores the terminal and exits 143', { timeout: 120_000 }, async (t) => {
    const session = 'signalled';
    await shellPane(session);
    t.after(() => saveTranscript(t, session));

    typeLine(session, `cloudplane servers console ${HOSTNAME}; echo "exit=$?"`);
    await paneShows(session, new RegExp(`^${HOSTNAME} login: $`, 'm'));
    const mark = lastLineStart(session);
    assert.ok(paneTerminalSettings(session).includes('-icanon'), 'attached in raw mode');
    // The command is the shell's only child (the wrapper execs node).
    const shellPid = tmux('display-message', '-p', '-t', session, '#{pane_pid}').trim();
    const children = spawnSync('ps', ['-o', 'pid=', '--ppid', shellPid], { encoding: 'utf8' }).stdout.trim().split(/\s+/).filter(Boolean);
    assert.equal(children.length, 1, `one command running in the pane: ${children.join(' ')}`);
    process.kill(Number(children[0]), 'SIGTERM');

    const ended = (await paneShows(session, /^exit=\d+$/m, mark)).slice(mark);
    assert.match(ended, new RegExp(`^Left ${HOSTNAME}'s console \\(SIGTERM\\)\\.$`, 'm'), ended);
    assert.match(ended, /^exit=143$/m);
    const typed = await sttyInPane(session);
    assert.ok(typed.includes('icanon') && !typed.includes('-icanon'), `stty -a in the pane: ${typed.join(' ')}`);
  });

  test('without a terminal: piped bytes drive the console, and the end of input leaves with 0', { timeout: 60_000 }, async () => {
    const piped = await runCli(home.directory, ['servers', 'console', HOSTNAME], { env: environment, input: `root\r${rootPassword}\rhostname\rstty size\r` });
    assertExit(piped, 0, 'servers console with piped input');
    assert.equal(piped.stderr, `Connected to ${HOSTNAME}'s console; the end of standard input leaves.\n`);
    assert.match(piped.stdout, new RegExp(`${HOSTNAME} login: root\r\nPassword: \r\n`));
    assert.match(piped.stdout, new RegExp(`root@${HOSTNAME}:~# hostname\r\n${HOSTNAME}\r\n`));
    assert.match(piped.stdout, /stty size\r\n24 80\r\n/, 'no terminal, no size sent: the console keeps its own');
    assert.ok(!piped.stdout.includes(rootPassword), 'the password is not echoed');
  });

  test('a read-only key is refused as every command\'s refusals are printed: the detail, the code, what to do; exit 1', { timeout: 60_000 }, async () => {
    const me = await service.serve.api('/me/', { key: service.key });
    const readOnly = await service.serve.admin(`/users/${me.body.id}/api-keys`, { method: 'POST', body: { name: 'read only', read_only: true } });
    assert.equal(readOnly.status, 201, JSON.stringify(readOnly.body));
    const refused = await runCli(home.directory, ['servers', 'console', HOSTNAME], { env: { ...environment, CLOUDPLANE_TOKEN: readOnly.body.token } });
    assertExit(refused, 1, 'servers console with a read-only key');
    assert.match(refused.stderr, /^error: .+ \(read_only_key\)$/m);
    assert.match(refused.stderr, /^hint: This API key is read-only: use a key that may make changes\.$/m);
    assert.doesNotMatch(refused.stderr, /Connected/, 'nothing was attached');
    assert.equal(refused.stdout, '');

    const missing = await runCli(home.directory, ['servers', 'console', 'no-such-server'], { env: environment });
    assertExit(missing, 1, 'servers console of a hostname nobody has');
    assert.match(missing.stderr, /^error: no server has the id or hostname "no-such-server" \(not_found\)$/m);
  });

  test('events tail says who opened a console session, and through what', { timeout: 60_000 }, async () => {
    const me = await service.serve.api('/me/', { key: service.key });
    const tail = startCli(home.directory, ['events', 'tail', '--after', '0', '--types', 'console.opened'], { env: environment });
    const line = new RegExp(`^\\S+Z\\s+\\d+\\s+console\\.opened\\s+server ${serverId}\\s+session \\d+ opened by user ${me.body.id} with API key \\d+$`, 'm');
    try {
      await eventually(async () => line.test(tail.stdout()), 20_000);
    } finally {
      const stopped = await tail.stop();
      assert.match(stopped.stdout, line, stopped.stderr);
    }
  });

  test('help and shell completion know the command, and complete its server', { timeout: 60_000 }, async () => {
    const help = await runCli(home.directory, ['servers', '--help']);
    assertExit(help, 0, 'servers --help');
    assert.match(help.stdout, /^\s+console <server>\s+Attach this terminal to the server's serial console/m);
    const bash = await runCli(home.directory, ['completion', 'bash']);
    assertExit(bash, 0, 'completion bash');
    assert.match(bash.stdout, /^\s+'servers\|console'\) echo 'console' ;;$/m, 'a subcommand of servers');
    assert.match(bash.stdout, /^\s+'servers console\|0'\) echo server ;;$/m, 'its first argument is a server, completed live');
    const fish = await runCli(home.directory, ['completion', 'fish']);
    assertExit(fish, 0, 'completion fish');
    assert.match(fish.stdout, /console/);
  });
});
