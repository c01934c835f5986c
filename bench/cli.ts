// Issue 32's figure: how long `cloudplane servers list` takes end to end, as
// a person or a shell loop runs it (`bin/cloudplane.js`, the build), beside
// `node -e 0` (what any node program pays to start) and `cloudplane --help`
// (the command line without a request), in one run, alternated so that the
// machine's moment weighs on each the same. The target is ≤ 250 ms for
// `servers list`; the ratio to `node -e 0` is the figure that carries to
// another machine. Also measured: how long the command stays after its
// output (it used to wait about 100 ms for a background compile).
//
// One service on fresh embedded storage, a project of LIST_SERVERS servers
// placed through the operator API.
//
// Run alone: `npx tsx bench/cli.ts` (`npm run bench:cli`); `npm run bench`
// calls it too (BENCH_CLI=0 skips it). Prints a table and writes
// bench/results/cli.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stop, stopAll } from './processes.ts';
import { ADMIN_TOKEN, prepareService, startService, type ServiceCommand } from './service.ts';
import type { Verdict } from './verdicts.ts';

/** A project of this many servers: one page of the list, as most projects are. */
const LIST_SERVERS = 20;
/** Runs of each command; the figures are medians and 90th percentiles. */
const RUNS = Number(process.env.BENCH_CLI_RUNS || 25);
const MAX_SERVERS_LIST_MS = 250;
/** What a command may spend after its output; it was about 100 ms before issue 32. */
const MAX_AFTER_OUTPUT_MS = 30;

interface Timing {
  /** From spawn to exit. */
  totalMs: number;
  /** From the first byte on stdout to exit: what the command spends after it has answered. */
  afterOutputMs: number | null;
}

export interface CommandFigures {
  command: string;
  medianMs: number;
  p90Ms: number;
  medianAfterOutputMs: number | null;
}

export interface CliBenchReport {
  runs: number;
  servers: number;
  commands: CommandFigures[];
  /** servers list ÷ node -e 0, medians. */
  listToNodeRatio: number;
  problems: string[];
}

function run(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Timing & { code: number | null; stdout: string; stderr: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let firstOutput: number | null = null;
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    firstOutput ??= performance.now();
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      const ended = performance.now();
      resolve({ code, stdout, stderr, totalMs: ended - started, afterOutputMs: firstOutput === null ? null : ended - firstOutput });
    }),
  );
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
};

async function call<Answer>(base: string, pathname: string, token: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Answer;
}

/** A user with a key, a ready project and its servers, through the operator and project APIs. */
async function seed(base: string): Promise<{ token: string; project: string }> {
  const user = await call<{ id: number }>(base, '/admin/v1/users', ADMIN_TOKEN, {
    email: 'bench-cli@example.com',
    first_name: 'Bench',
    last_name: 'CLI',
    billing_account: { currency: 'EUR', credit_balance: '1000.00' },
  });
  const { token } = await call<{ token: string }>(base, `/admin/v1/users/${user.id}/api-keys`, ADMIN_TOKEN, { name: 'bench cli' });
  const project = await call<{ slug: string }>(base, '/api/v1/projects/', token, { name: 'Bench CLI' });
  for (let waited = 0; (await call<{ status: string }>(base, `/api/v1/projects/${project.slug}/`, token)).status !== 'ready'; waited += 1) {
    if (waited > 300) throw new Error('the project did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (let index = 1; index <= LIST_SERVERS; index += 1) {
    await call(base, `/admin/v1/projects/${project.slug}/servers`, ADMIN_TOKEN, { hostname: `bench-cli-${index}`, product_id: 1, location: 'fsn1', image: 'debian-12' });
  }
  return { token, project: project.slug };
}

export async function benchCli(options: { root: string; service: ServiceCommand; log: (line: string) => void }): Promise<CliBenchReport> {
  const { root, service, log } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-bench-cli-'));
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-bench-cli-config-'));
  const problems: string[] = [];
  const running = await startService('direct', 'cli bench service', service, { root, dataDir, databaseUrl: '' });
  try {
    const { token, project } = await seed(running.base);
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: configDir, CLOUDPLANE_URL: running.base, CLOUDPLANE_TOKEN: token, CLOUDPLANE_PROJECT: project };
    for (const name of ['CLOUDPLANE_CONTEXT', 'CLOUDPLANE_OUTPUT', 'CI']) delete env[name];
    const commands: [label: string, args: string[]][] = [
      ['node -e 0', ['-e', '0']],
      ['cloudplane --help', ['bin/cloudplane.js', '--help']],
      ['cloudplane servers list', ['bin/cloudplane.js', 'servers', 'list']],
    ];
    // Once each first: the build is checked and the page cache warm before anything is timed.
    for (const [, args] of commands) await run(args, env, root);
    const timings = new Map<string, Timing[]>(commands.map(([label]) => [label, []]));
    log(`cli: ${RUNS} runs of each, alternated`);
    for (let round = 0; round < RUNS; round += 1) {
      for (const [label, args] of commands) {
        const result = await run(args, env, root);
        if (result.code !== 0) problems.push(`${label} exited ${result.code}: ${result.stderr.split('\n')[0]}`);
        if (label === 'cloudplane servers list' && result.stdout.split('\n').filter((line) => line.includes('bench-cli-')).length !== LIST_SERVERS) {
          problems.push(`servers list did not print the ${LIST_SERVERS} servers`);
        }
        timings.get(label)!.push(result);
      }
    }
    const figures = commands.map(([label]): CommandFigures => {
      const runs = timings.get(label)!;
      const after = runs.map((timing) => timing.afterOutputMs).filter((value): value is number => value !== null);
      return {
        command: label,
        medianMs: percentile(runs.map((timing) => timing.totalMs), 0.5),
        p90Ms: percentile(runs.map((timing) => timing.totalMs), 0.9),
        medianAfterOutputMs: after.length ? percentile(after, 0.5) : null,
      };
    });
    const node = figures[0]!;
    const list = figures[2]!;
    return { runs: RUNS, servers: LIST_SERVERS, commands: figures, listToNodeRatio: list.medianMs / node.medianMs, problems: [...new Set(problems)] };
  } finally {
    await stop(running.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(configDir, { recursive: true, force: true });
  }
}

export function printCli(report: CliBenchReport): void {
  const line = (cells: string[]) => `${cells[0]!.padEnd(28)}${cells.slice(1).map((cell) => cell.padStart(14)).join('')}`;
  console.log(`\ncommand line (${report.runs} runs each, ${report.servers} servers)`);
  console.log(line(['command', 'median ms', 'p90 ms', '× node -e 0', 'after output']));
  const node = report.commands[0]!.medianMs;
  for (const figures of report.commands) {
    const after = figures.medianAfterOutputMs === null ? '—' : `${figures.medianAfterOutputMs.toFixed(1)} ms`;
    console.log(line([figures.command, figures.medianMs.toFixed(0), figures.p90Ms.toFixed(0), `${(figures.medianMs / node).toFixed(2)}×`, after]));
  }
  for (const problem of report.problems) console.log(`  problem: ${problem}`);
}

export function cliVerdicts(report: CliBenchReport | { error: string } | { skipped: string }): Verdict[] {
  if ('skipped' in report) return [];
  const target = `cloudplane servers list end to end ≤ ${MAX_SERVERS_LIST_MS} ms (median)`;
  if ('error' in report) return [{ engine: 'sqlite', id: 'cli_servers_list', target, figure: 'not measured', pass: false, problems: [report.error] }];
  const list = report.commands.find((figures) => figures.command === 'cloudplane servers list')!;
  return [
    {
      engine: 'sqlite',
      id: 'cli_servers_list',
      target,
      figure: `${list.medianMs.toFixed(0)} ms, ${report.listToNodeRatio.toFixed(2)}× node -e 0 (${report.commands[0]!.medianMs.toFixed(0)} ms); ${list.medianAfterOutputMs?.toFixed(1) ?? '?'} ms after its output`,
      value: list.medianMs,
      threshold: MAX_SERVERS_LIST_MS,
      pass: report.problems.length === 0 && list.medianMs <= MAX_SERVERS_LIST_MS,
      ...(report.problems.length > 0 ? { problems: report.problems } : {}),
    },
    {
      engine: 'sqlite',
      id: 'cli_after_output',
      target: `cloudplane servers list ends ≤ ${MAX_AFTER_OUTPUT_MS} ms after its output (median)`,
      figure: `${list.medianAfterOutputMs?.toFixed(1) ?? 'not measured'} ms`,
      ...(list.medianAfterOutputMs === null ? {} : { value: list.medianAfterOutputMs }),
      threshold: MAX_AFTER_OUTPUT_MS,
      pass: list.medianAfterOutputMs !== null && list.medianAfterOutputMs <= MAX_AFTER_OUTPUT_MS,
    },
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const log = (line: string) => console.log(line);
  try {
    const report = await benchCli({ root, service: prepareService(root, log), log });
    printCli(report);
    for (const verdict of cliVerdicts(report)) console.log(`${verdict.pass ? 'PASS' : 'FAIL'} ${verdict.target}: ${verdict.figure}`);
    const out = path.join(root, 'bench', 'results', 'cli.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    if (cliVerdicts(report).some((verdict) => verdict.pass === false)) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}
