// `--wait` on a real terminal: `cloudplane servers create … --wait` runs in
// a tmux pane (120×30), and the pane is read as a person would see it. While
// the order is provisioning a spinner line shows the state; at the end it is
// replaced by the success line, followed by the order. The service runs at
// CLOUDPLANE_SIM_SCALE 0.3, so that delivering the server takes about three
// seconds: long enough for the spinner to be seen between two reads.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { eventually } from '../helpers/build.ts';
import { killTmuxServer } from '../helpers/tmux.ts';
import { configHome, PROJECT_ROOT, startService, type Service } from './harness.ts';

/** A server of our own: the user's tmux sessions, if any, are not touched. */
const SOCKET = `cloudplane-test-${process.pid}`;
const SESSION = 'progress';
const SPINNER_LINE = /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] order (\d+): [a-z_]+( → [a-z_]+)*…$/m;
const FINISHED_WITHIN_MS = 60_000;
const READ_EVERY_MS = 50;

function tmux(...args: string[]): string {
  const run = spawnSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
  assert.equal(run.status, 0, `tmux ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

let service: Service;
let home: ReturnType<typeof configHome>;

before(async () => {
  service = await startService({ CLOUDPLANE_SIM_SCALE: '0.3' });
  home = configHome();
});
after(async () => {
  killTmuxServer(SOCKET);
  await service?.stop();
  home?.remove();
});

test('on a terminal, --wait shows a spinner with the state, then the success line', { timeout: 120_000 }, async () => {
  const environment = {
    XDG_CONFIG_HOME: home.directory,
    CLOUDPLANE_URL: service.serve.baseUrl,
    CLOUDPLANE_TOKEN: service.key,
    CLOUDPLANE_PROJECT: service.project,
  };
  const command = [
    'env -u CI',
    ...Object.entries(environment).map(([name, value]) => `${name}=${shellQuote(value)}`),
    shellQuote(process.execPath),
    '--import tsx src/cli/main.ts servers create tty-1 --product 1 --location fsn1 --image debian-12 --wait',
  ].join(' ');
  const rawLog = path.join(home.directory, 'pane.log');
  // The pane waits for "go": its options and the raw log are in place before the command writes anything.
  tmux('new-session', '-d', '-s', SESSION, '-x', '120', '-y', '30', '-c', PROJECT_ROOT, `tmux -L ${SOCKET} wait-for go; ${command}; echo "exit=$?"`);
  tmux('set-option', '-w', '-t', SESSION, 'remain-on-exit', 'on');
  tmux('pipe-pane', '-t', SESSION, `cat >> ${shellQuote(rawLog)}`);
  tmux('wait-for', '-S', 'go');

  const screens: string[] = [];
  const deadline = Date.now() + FINISHED_WITHIN_MS;
  for (;;) {
    // From the start of the pane's history: when the command ends, tmux's "Pane is dead" line can scroll the first line off the screen.
    const screen = tmux('capture-pane', '-p', '-S', '-', '-t', SESSION);
    if (screens.at(-1) !== screen) screens.push(screen);
    if (/^exit=\d+$/m.test(screen)) break;
    if (Date.now() > deadline) assert.fail(`the command did not finish within ${FINISHED_WITHIN_MS} ms; the pane shows:\n${screen}`);
    await delay(READ_EVERY_MS);
  }
  const final = screens.at(-1)!;
  const shown = screens.join('\n----\n');

  const spinning = screens.find((screen) => SPINNER_LINE.test(screen));
  assert.ok(spinning, `a spinner line with the order's state was on screen:\n${shown}`);
  const orderId = SPINNER_LINE.exec(spinning)![1];
  const succeeded = new RegExp(`^✔ order ${orderId}: completed \\(server ([0-9a-f]{16})\\)$`, 'm').exec(final);
  assert.ok(succeeded, `the spinner ended with the success line:\n${final}`);
  assert.ok(!SPINNER_LINE.test(final), 'no spinner line is left behind');
  assert.match(final, /^exit=0$/m);
  assert.match(final, /^Status\s+completed$/m, 'the order follows the success line');
  assert.ok(final.indexOf('✔ order') < final.indexOf('Status'), 'the success line comes first: it is on stderr, the record on stdout');

  // The raw bytes show the spinner animating (several frames), not one line printed once.
  const frames = new Set(fs.readFileSync(rawLog, 'utf8').match(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/g) ?? []);
  assert.ok(frames.size > 1, `the spinner moved (frames seen: ${[...frames].join(' ')})`);

  const server = await service.serve.api(`/projects/${service.project}/servers/${succeeded[1]}/`, { key: service.key });
  assert.equal(server.body.hostname, 'tty-1');
});

// Some pseudo-terminals start at 0×0 (container exec, editor shells, CI). `script` with no terminal on its
// standard input opens one of that size; the spinner used to count an infinite number of lines to clear there
// and loop without end, deaf to Ctrl+C, writing escape codes until killed.
test('on a terminal of 0 columns, --wait ends with the action and writes a few kilobytes', { timeout: 120_000 }, async () => {
  const placed = await service.serve.admin(`/projects/${service.project}/servers`, {
    method: 'POST',
    body: { hostname: 'tty-zero-width', product_id: 1, location: 'fsn1', image: 'debian-12' },
  });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const serverId: string = placed.body.id;
  await eventually(async () => (await service.serve.api(`/projects/${service.project}/servers/${serverId}/`, { key: service.key })).body.status === 'running', 30_000);

  const typescript = path.join(home.directory, 'zero-width.log');
  const command = [
    // exec: the command keeps the shell's pid, so a command that never ends can be killed by it.
    'stty size; echo "pid=$$"; exec',
    shellQuote(process.execPath),
    `--import tsx src/cli/main.ts servers reboot ${serverId} --wait`,
  ].join(' ');
  const run = spawn('script', ['-q', '-e', '-c', command, typescript], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, CI: '', XDG_CONFIG_HOME: home.directory, CLOUDPLANE_URL: service.serve.baseUrl, CLOUDPLANE_TOKEN: service.key, CLOUDPLANE_PROJECT: service.project },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stuck = false;
  const watchdog = setTimeout(() => {
    stuck = true;
    // The command runs in the terminal's own session: killing `script` alone would leave it running.
    const commandPid = /^pid=(\d+)/m.exec(fs.readFileSync(typescript, 'utf8'))?.[1];
    if (commandPid) process.kill(Number(commandPid), 'SIGKILL');
    run.kill('SIGKILL');
  }, FINISHED_WITHIN_MS);
  const code = await new Promise<number | null>((resolve) => run.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(watchdog);
  const written = fs.readFileSync(typescript, 'utf8');
  assert.ok(!stuck, `the command did not end within ${FINISHED_WITHIN_MS} ms; it wrote ${written.length} bytes`);
  assert.match(written, /^0 0\r?$/m, 'the terminal really was 0×0');
  assert.equal(code, 0, written.slice(-2000));
  assert.match(written, new RegExp(`action \\d+ \\(reboot on ${serverId}\\): success`));
  assert.ok(written.length < 64 * 1024, `a few kilobytes of output, not ${written.length} bytes`);
});
