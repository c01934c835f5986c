// The bench's method (bench/load.ts, bench/verdicts.ts, bench/processes.ts,
// bench/day-report.ts):
// a run with any unexpected status fails, each target sits between two bare
// runs, a figure with problems or without a measurement never passes, and
// the memory figure reads the whole process tree. No speed is asserted here.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import type { EngineReport, TargetResult } from '../../bench/engine.ts';
import { BareAlternation, runLoad } from '../../bench/load.ts';
import { treeMemory } from '../../bench/processes.ts';
import { dayVerdicts, type DayLayout, type DayReport } from '../../bench/day-report.ts';
import { judgeEngine } from '../../bench/verdicts.ts';

const settings = { seconds: 1, connections: 2, warmUpSeconds: 0 };

/** A local server whose answer to `/conflict-every-3rd` is 409 on every third request, and 200 elsewhere. */
async function withServer(use: (base: string) => Promise<void>): Promise<void> {
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests++;
    const status = request.url === '/conflict-every-3rd' && requests % 3 === 0 ? 409 : 200;
    response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('a load run with an unexpected status keeps its figure and names the problem', async () => {
  await withServer(async (base) => {
    const clean = await runLoad([{ url: `${base}/`, expectedStatus: 200 }], settings, { warmUp: false });
    assert.deepEqual(clean.problems, []);
    assert.ok(clean.requestsPerSecond > 0);

    const mixed = await runLoad([{ url: `${base}/conflict-every-3rd`, expectedStatus: 200 }], settings, { warmUp: false });
    assert.ok(mixed.requestsPerSecond > 0);
    assert.ok(mixed.statusCounts['409']! > 0, JSON.stringify(mixed.statusCounts));
    assert.match(mixed.problems.join('\n'), /measured run: \d+ × HTTP 409 \(expected 200\)/);
  });
});

test('a load on a port nobody listens on is a problem, not a result', async () => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const result = await runLoad([{ url: `http://127.0.0.1:${port}/`, expectedStatus: 200 }], settings, { warmUp: false });
  assert.ok(result.problems.some((problem) => /connection errors|no answer at all/.test(problem)), result.problems.join('\n'));
});

test('targets alternate with the bare route, ending with it, and each ratio uses the two bare runs around it', async () => {
  await withServer(async (base) => {
    const alternation = new BareAlternation({ load: { url: `${base}/`, expectedStatus: 200 }, warmedUp: false }, settings, () => undefined);
    const first = await alternation.measure('first', [{ url: `${base}/first`, expectedStatus: 200 }]);
    const second = await alternation.measure('second', [{ url: `${base}/second`, expectedStatus: 200 }]);
    assert.deepEqual(
      alternation.runs.map((run) => run.label),
      ['bare Fastify', 'first', 'bare Fastify', 'second', 'bare Fastify'],
    );
    const [bare0, target1, bare1, target2, bare2] = alternation.runs.map((run) => run.requestsPerSecond) as [number, number, number, number, number];
    assert.equal(first.bareBefore, bare0);
    assert.equal(first.bareAfter, bare1);
    assert.equal(second.bareBefore, bare1);
    assert.equal(second.bareAfter, bare2);
    assert.equal(first.ratio, target1 / ((bare0 + bare1) / 2));
    assert.equal(second.ratio, target2 / ((bare1 + bare2) / 2));
  });
});

function target(id: TargetResult['id'], requestsPerSecond: number, ratio: number, problems: string[] = []): TargetResult {
  return { id, label: id, requestsPerSecond, p99Ms: 10, ratio, bareBefore: 1000, bareAfter: 1000, problems };
}

function engineReport(targets: TargetResult[]): EngineReport {
  return { engine: 'sqlite', storage: 'embedded SQLite', startup: {}, targets, runs: [], errors: [] };
}

const context = { bigProjectServers: 100_000, npmStart: 'node dist/main.js serve', direct: 'node dist/main.js serve' };
const verdictOf = (report: EngineReport, id: string) => judgeEngine(report, context).find((verdict) => verdict.id === id)!;

test("a path passes on its share of its ceiling, in the same run, only when neither's runs had a problem", () => {
  // SQLite's /me/ must reach 70 % of its hand-written ceiling.
  const good = engineReport([target('me', 900, 0.5), target('ceiling_me', 1000, 0.6)]);
  const passed = verdictOf(good, 'me_share_of_ceiling');
  assert.equal(passed.pass, true);
  assert.equal(passed.value, 0.9);
  assert.equal(passed.threshold, 0.7);
  assert.match(passed.figure, /^90\.0% \(900 vs 1000 req\/s; p99 10 vs 10 ms\)$/);
  const low = engineReport([target('me', 600, 0.5), target('ceiling_me', 1000, 0.6)]);
  assert.equal(verdictOf(low, 'me_share_of_ceiling').pass, false);
  const withProblems = engineReport([target('me', 900, 0.5, ['measured run: 3 × HTTP 401 (expected 200)']), target('ceiling_me', 1000, 0.6)]);
  const verdict = verdictOf(withProblems, 'me_share_of_ceiling');
  assert.equal(verdict.pass, false);
  assert.deepEqual(verdict.problems, ['measured run: 3 × HTTP 401 (expected 200)']);
  // A ceiling that did not answer as the service does (the byte check) fails the path's verdict, named as the ceiling's.
  const unlike = engineReport([target('me', 900, 0.5), target('ceiling_me', 1000, 0.6, ['probe: bodies differ at byte 12'])]);
  assert.equal(verdictOf(unlike, 'me_share_of_ceiling').pass, false);
  assert.deepEqual(verdictOf(unlike, 'me_share_of_ceiling').problems, ['ceiling: probe: bodies differ at byte 12']);
});

test("a read measured in rounds is judged on the median of its rounds' shares, each round against the same round of its ceiling", () => {
  const rounds = (...figures: number[]) => figures.map((requestsPerSecond) => ({ requestsPerSecond, p99Ms: 10, ratio: 0.5 }));
  // Shares 90 %, 50 % (a busy moment in the service's second round) and 72 %: the median is 72 %.
  const service = { ...target('products', 900, 0.5), rounds: rounds(900, 500, 720) };
  const ceiling = { ...target('ceiling_products', 1000, 0.6), rounds: rounds(1000, 1000, 1000) };
  const verdict = verdictOf(engineReport([service, ceiling]), 'products_share_of_ceiling');
  assert.equal(verdict.value, 0.72);
  assert.equal(verdict.pass, true);
  assert.match(verdict.target, /the median of 3 alternated rounds/);
  assert.match(verdict.figure, /^72\.0% \(rounds 90\.0%, 50\.0%, 72\.0%; medians 900 vs 1000 req\/s/);
});

test("the reboot is judged on finished actions a second: its ceiling's backlog counts against it", () => {
  // The ceiling answers four times as fast but leaves 30 s of work to the worker; the service's finishes at once.
  const service = { ...target('reboot', 500, 0.1), requests: 5000, drainSeconds: 0, finishedPerSecond: 500 };
  const ceiling = { ...target('ceiling_reboot', 2000, 0.4), requests: 20_000, drainSeconds: 30, finishedPerSecond: 500 };
  const verdict = verdictOf(engineReport([service, ceiling]), 'reboot_share_of_ceiling');
  assert.equal(verdict.value, 1);
  assert.equal(verdict.pass, true);
  assert.match(verdict.figure, /500 vs 500 finished a second: 500 vs 2000 req\/s, all finished 0 vs 30 s after the run/);
});

test('a path whose service or ceiling was not measured fails, with the reason', () => {
  const report = { ...engineReport([]), errors: ['seeding: HTTP 500'] };
  const verdict = verdictOf(report, 'products_share_of_ceiling');
  assert.equal(verdict.pass, false);
  assert.equal(verdict.figure, 'not measured');
  assert.deepEqual(verdict.problems, ['seeding: HTTP 500']);
  assert.equal(verdictOf(report, 'placements_per_second').pass, false);
  assert.equal(verdictOf(report, 'npm_start_ms').pass, false);
  // The service measured, its ceiling not: the reference process's error says why.
  const noCeiling = verdictOf({ ...engineReport([target('me', 900, 0.5)]), errors: ['reference: reference (sqlite) did not start'] }, 'me_share_of_ceiling');
  assert.equal(noCeiling.pass, false);
  assert.deepEqual(noCeiling.problems, ['reference: reference (sqlite) did not start']);
});

test('the reference route is information: reported with its ratio, failed only by a problem of its runs', () => {
  const measured = verdictOf(engineReport([target('reference_read', 4000, 0.2)]), 'reference_read_ratio');
  assert.equal(measured.pass, null);
  assert.equal(measured.value, 0.2);
  assert.match(measured.figure, /^20\.0% \(4000 req\/s/);
  const troubled = verdictOf(engineReport([target('reference_read', 4000, 0.2, ['measured run: 2 timeouts (> 10 s)'])]), 'reference_read_ratio');
  assert.equal(troubled.pass, false);
  const missing = verdictOf({ ...engineReport([]), errors: ['reference: reference (sqlite) did not start'] }, 'reference_read_ratio');
  assert.equal(missing.pass, false);
  assert.deepEqual(missing.problems, ['reference: reference (sqlite) did not start']);
});

test('each engine has its own share to reach, and the PostgreSQL scale-out is judged against 1.7×', () => {
  const postgres = (targets: TargetResult[]): EngineReport => ({ ...engineReport(targets), engine: 'postgres', storage: 'PostgreSQL' });
  // 65 % of the ceiling: short of SQLite's 70 %, past PostgreSQL's 60 %.
  const figures = [target('server_get', 650, 0.5), target('ceiling_server_get', 1000, 0.6)];
  assert.equal(verdictOf(engineReport(figures), 'server_get_share_of_ceiling').pass, false);
  assert.equal(verdictOf(postgres(figures), 'server_get_share_of_ceiling').pass, true);
  const scaled = verdictOf(postgres([target('me', 1000, 0.1), target('me_two_processes', 1800, 0.18)]), 'me_scale_out');
  assert.equal(scaled.pass, true);
  assert.equal(scaled.value, 1.8);
  const flat = verdictOf(postgres([target('me', 1000, 0.1), target('me_two_processes', 1600, 0.16)]), 'me_scale_out');
  assert.equal(flat.pass, false);
});

test('the last page of the big project is judged by its cost (1/req/s) against the small one', () => {
  // Twice as slow: costs 2×, over the 1.5× bound.
  const slow = engineReport([target('small_last_page', 1000, 0.2), target('big_last_page', 500, 0.1)]);
  assert.equal(verdictOf(slow, 'last_page_cost_ratio').value, 2);
  assert.equal(verdictOf(slow, 'last_page_cost_ratio').pass, false);
  const close = engineReport([target('small_last_page', 1000, 0.2), target('big_last_page', 800, 0.16)]);
  assert.equal(verdictOf(close, 'last_page_cost_ratio').value, 1.25);
  assert.equal(verdictOf(close, 'last_page_cost_ratio').pass, true);
});

test('the memory figure reads every process of a tree from /proc, the root first', async () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  try {
    await once(child, 'spawn');
    const processes = treeMemory(process.pid);
    assert.equal(processes[0]!.pid, process.pid);
    assert.ok(processes[0]!.rssKb > 1000, `${processes[0]!.rssKb} kB`);
    const below = processes.find((entry) => entry.pid === child.pid);
    assert.ok(below, `child ${child.pid} not in ${JSON.stringify(processes)}`);
    assert.match(below.command, /setTimeout/);
  } finally {
    child.kill();
  }
});

test("the day's verdicts: serve + worker keeps the issue's ids, one process has ids of its own; a figure with a problem fails", () => {
  const figure = (p99Ms: number) => ({ requestsPerSecond: 100, p50Ms: p99Ms / 2, p99Ms, requests: 1000, problems: [] as string[] });
  const report = (layout: DayLayout): DayReport => ({
    engine: 'sqlite',
    layout,
    loadAverage: { start: [1], end: [1] },
    runningServers: 10,
    rounds: [{ boundary: '2026-01-01T00:49:00.000Z', lagSeconds: 2, servers: 10, roundSeconds: 2.1, outcome: null }],
    api: { withoutSampling: { me: figure(20), serverList: figure(20) }, withSampling: { me: figure(29), serverList: figure(40) } },
    graphs: { day: { ...figure(40), answeredStep: 300, points: 288 }, month: { ...figure(60), answeredStep: 7200, points: 360, problems: ['step 3600, expected 7200'] } },
    memory: [{ pid: 1, command: 'node', peakMb: 90 }],
    problems: [],
  });
  const byId = (verdicts: ReturnType<typeof dayVerdicts>) => Object.fromEntries(verdicts.map((verdict) => [verdict.id, verdict.pass]));
  assert.deepEqual(byId(dayVerdicts(report('serve + worker'))), {
    day_round_lag_p99: true,
    day_me_p99_with_sampling: true,
    day_server_list_p99_with_sampling: false,
    day_process_rss_mb: true,
    day_graph_24h_p99: true,
    day_graph_30d_p99: false,
  });
  assert.deepEqual(Object.keys(byId(dayVerdicts(report('one process')))), [
    'day_round_lag_p99_one_process',
    'day_me_p99_with_sampling_one_process',
    'day_server_list_p99_with_sampling_one_process',
    'day_process_rss_mb_one_process',
    'day_graph_24h_p99_one_process',
    'day_graph_30d_p99_one_process',
  ]);
  assert.ok(dayVerdicts(report('one process')).every((verdict) => verdict.target.endsWith('(one process)')));
});
