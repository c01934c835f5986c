// `--wait` on a real terminal: `cloudplane servers create … --wait` runs in
// a tmux pane (120×30), and the pane is read as a person would see it. While
// the order is provisioning a spinner line shows the state; at the end it is
// replaced by the success line, followed by the order. The service runs at
// CLOUDPLANE_SIM_SCALE 0.3, so that delivering the server takes about three
// seconds: long enough for the spinner to be seen between two reads.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
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
  spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
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
