// Issue 14's targets, judged on the figures of one run. A target whose run
// had any problem (unexpected status, error, timeout, wrong answer) fails
// whatever its figure, and a target that could not be measured fails too.
import { PAGE_SIZE, SMALL_PROJECT_SERVERS, type EngineReport, type TargetId, type TargetResult } from './engine.ts';

export interface Verdict {
  engine: EngineReport['engine'];
  id: string;
  /** What must hold, in words. */
  target: string;
  /** The figure of this run, in words. */
  figure: string;
  value?: number;
  threshold?: number;
  /** null: a figure the issue asks for information only. */
  pass: boolean | null;
  problems?: string[];
}

const MIN_RATIO: Partial<Record<TargetId, number>> = {
  me: 0.4,
  server_get: 0.3,
  products: 0.4,
  small_last_page: 0.15,
  big_last_page: 0.15,
  legacy_servers: 0.05,
  reboot: 0.1,
};
const MAX_LAST_PAGE_COST_RATIO = 1.5;
const MAX_LEGACY_P99_MS = 100;
const MIN_PLACEMENTS_PER_SECOND = 300;
/** "within ~10%": the last placements may cost up to 1.1× the first. */
const MAX_PLACEMENT_COST_RATIO = 1.1;
const MAX_NPM_START_MS = 1500;
const MAX_SERVICE_RSS_MB = 150;

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

function notMeasured(engine: EngineReport['engine'], id: string, target: string, why: string[]): Verdict {
  return { engine, id, target, figure: 'not measured', pass: false, problems: why.length > 0 ? why : ['not measured'] };
}

/** A figure compared with its bound; fails on any problem of the runs it comes from. */
function judged(engine: EngineReport['engine'], id: string, target: string, value: number, threshold: number, atMost: boolean, figure: string, problems: string[]): Verdict {
  const withinBound = atMost ? value <= threshold : value >= threshold;
  return { engine, id, target, figure, value: Number(value.toPrecision(4)), threshold, pass: withinBound && problems.length === 0, ...(problems.length > 0 ? { problems } : {}) };
}

function ratioVerdicts(report: EngineReport, find: (id: TargetId) => TargetResult | undefined): Verdict[] {
  return Object.entries(MIN_RATIO).map(([id, minimum]) => {
    const result = find(id as TargetId);
    const target = `${result?.label ?? id} ≥ ${percent(minimum)} of bare`;
    if (result?.ratio === undefined) return notMeasured(report.engine, `${id}_ratio`, target, result?.problems ?? report.errors);
    const figure = `${percent(result.ratio)} (${result.requestsPerSecond!.toFixed(0)} req/s, p99 ${result.p99Ms} ms)`;
    return judged(report.engine, `${id}_ratio`, target, result.ratio, minimum, false, figure, result.problems);
  });
}

function pageCostVerdict(report: EngineReport, find: (id: TargetId) => TargetResult | undefined, bigProjectServers: number): Verdict {
  const [small, big] = [find('small_last_page'), find('big_last_page')];
  const target = `last page of ${PAGE_SIZE} of ${bigProjectServers} servers costs ≤ ${MAX_LAST_PAGE_COST_RATIO}× the last of ${SMALL_PROJECT_SERVERS}`;
  if (!small?.requestsPerSecond || !big?.requestsPerSecond) return notMeasured(report.engine, 'last_page_cost_ratio', target, [...(small?.problems ?? []), ...(big?.problems ?? [])]);
  // Cost is time per request (1 / req/s).
  const ratio = small.requestsPerSecond / big.requestsPerSecond;
  return judged(report.engine, 'last_page_cost_ratio', target, ratio, MAX_LAST_PAGE_COST_RATIO, true, `${ratio.toFixed(2)}×`, [...small.problems, ...big.problems]);
}

function legacyLatencyVerdict(report: EngineReport, find: (id: TargetId) => TargetResult | undefined): Verdict {
  const legacy = find('legacy_servers');
  const target = `legacy GET /api/v1/servers p99 ≤ ${MAX_LEGACY_P99_MS} ms, no timeout`;
  if (legacy?.p99Ms === undefined) return notMeasured(report.engine, 'legacy_servers_p99', target, legacy?.problems ?? report.errors);
  return judged(report.engine, 'legacy_servers_p99', target, legacy.p99Ms, MAX_LEGACY_P99_MS, true, `${legacy.p99Ms} ms`, legacy.problems);
}

function seedingVerdicts(report: EngineReport): Verdict[] {
  const { seeding, engine } = report;
  const rateTarget = `operator placements ≥ ${MIN_PLACEMENTS_PER_SECOND}/s (16 concurrent)`;
  const costTarget = `the last placements cost ≤ ${MAX_PLACEMENT_COST_RATIO}× the first`;
  if (!seeding) return [notMeasured(engine, 'placements_per_second', rateTarget, report.errors), notMeasured(engine, 'placement_cost_ratio', costTarget, report.errors)];
  const costRatio = seeding.firstWindowPerSecond / seeding.lastWindowPerSecond;
  return [
    judged(engine, 'placements_per_second', rateTarget, seeding.placementsPerSecond, MIN_PLACEMENTS_PER_SECOND, false, `${seeding.placementsPerSecond.toFixed(0)}/s over ${seeding.servers}`, []),
    judged(
      engine,
      'placement_cost_ratio',
      `the last ${seeding.window} placements of ${seeding.servers} cost ≤ ${MAX_PLACEMENT_COST_RATIO}× the first ${seeding.window}`,
      costRatio,
      MAX_PLACEMENT_COST_RATIO,
      true,
      `${costRatio.toFixed(2)}× (first ${seeding.firstWindowPerSecond.toFixed(0)}/s, last ${seeding.lastWindowPerSecond.toFixed(0)}/s)`,
      [],
    ),
  ];
}

function serviceVerdicts(report: EngineReport, npmStart: string, direct: string): Verdict[] {
  const { engine, startup, memory } = report;
  const verdicts: Verdict[] = [];
  const startTarget = `npm start (${npmStart}) answers /healthz ≤ ${MAX_NPM_START_MS} ms after spawn, populated storage`;
  verdicts.push(
    startup.npmStartMs === undefined
      ? notMeasured(engine, 'npm_start_ms', startTarget, report.errors.filter((error) => error.startsWith('npm start')))
      : judged(engine, 'npm_start_ms', startTarget, startup.npmStartMs, MAX_NPM_START_MS, true, `${startup.npmStartMs.toFixed(0)} ms`, []),
  );
  verdicts.push(
    startup.directMs === undefined
      ? notMeasured(engine, 'direct_start_ms', `${direct} answers /healthz (information)`, report.errors.filter((error) => error.startsWith('direct start')))
      : { engine, id: 'direct_start_ms', target: `${direct} answers /healthz (information)`, figure: `${startup.directMs.toFixed(0)} ms`, value: startup.directMs, pass: null },
  );
  const memoryTarget = `the ${report.measuredService ?? 'npm start'} process tree holds ≤ ${MAX_SERVICE_RSS_MB} MB RSS after the bench`;
  const problems = report.measuredService === 'direct' ? ['measured on the direct command: npm start failed'] : [];
  verdicts.push(
    memory === undefined
      ? notMeasured(engine, 'service_rss_mb', memoryTarget, report.errors)
      : judged(engine, 'service_rss_mb', memoryTarget, memory.totalMb, MAX_SERVICE_RSS_MB, true, `${memory.totalMb.toFixed(0)} MB in ${memory.processes.length} processes`, problems),
  );
  return verdicts;
}

/** A figure reported for information: no threshold, but a problem of its runs still fails it. */
function information(engine: EngineReport['engine'], id: string, target: string, figure: string, value: number, problems: string[]): Verdict {
  return { engine, id, target, figure, value, pass: problems.length > 0 ? false : null, ...(problems.length > 0 ? { problems } : {}) };
}

/** Informational: what a second process adds. Problems still fail it. */
function scaleOutVerdicts(report: EngineReport, find: (id: TargetId) => TargetResult | undefined): Verdict[] {
  if (report.engine !== 'postgres') return [];
  return (['me', 'server_get'] as const).map((id) => {
    const [one, two] = [find(id), find(`${id}_two_processes`)];
    const target = `${one?.label ?? id}: 2 serve processes on one database vs 1 (information)`;
    if (!one?.requestsPerSecond || !two?.requestsPerSecond) return notMeasured(report.engine, `${id}_scale_out`, target, [...(two?.problems ?? []), ...report.errors.filter((error) => error.startsWith('two processes'))]);
    const factor = two.requestsPerSecond / one.requestsPerSecond;
    const problems = [...one.problems, ...two.problems];
    const figure = `${two.requestsPerSecond.toFixed(0)} vs ${one.requestsPerSecond.toFixed(0)} req/s (×${factor.toFixed(2)}; ${percent(two.ratio!)} vs ${percent(one.ratio!)} of bare)`;
    return information(report.engine, `${id}_scale_out`, target, figure, factor, problems);
  });
}

/** Informational: what the machine allows a route that reads this storage once per request (bench/reference-route.ts). Problems still fail it. */
function referenceVerdict(report: EngineReport, find: (id: TargetId) => TargetResult | undefined): Verdict {
  const reference = find('reference_read');
  const target = `${reference?.label ?? 'reference: bare route + one read'}, the most a route reading the database can reach here (information)`;
  if (reference?.ratio === undefined) return notMeasured(report.engine, 'reference_read_ratio', target, reference?.problems ?? report.errors.filter((error) => error.startsWith('reference')));
  const problems = reference.problems;
  const figure = `${percent(reference.ratio)} (${reference.requestsPerSecond!.toFixed(0)} req/s, p99 ${reference.p99Ms} ms)`;
  return information(report.engine, 'reference_read_ratio', target, figure, reference.ratio, problems);
}

/**
 * Informational: the hand-written GET /me/ (bench/reference-route.ts)
 * against the bare route, and the service's /me/ as a share of it: how far
 * the service is from what Fastify and the engine allow here. Problems still
 * fail it.
 */
function ceilingVerdict(report: EngineReport, find: (id: TargetId) => TargetResult | undefined): Verdict {
  const [ceiling, me] = [find('ceiling_me'), find('me')];
  const target = `${ceiling?.label ?? "ceiling: the issue's hand-written GET /me/"}, and the service's /me/ as a share of it (information)`;
  if (ceiling?.ratio === undefined) return notMeasured(report.engine, 'ceiling_me_ratio', target, ceiling?.problems ?? report.errors.filter((error) => error.startsWith('reference')));
  const share = me?.requestsPerSecond === undefined ? '' : `; the service's /me/ ${percent(me.requestsPerSecond / ceiling.requestsPerSecond!)} of it`;
  const figure = `${percent(ceiling.ratio)} of bare (${ceiling.requestsPerSecond!.toFixed(0)} req/s, p99 ${ceiling.p99Ms} ms)${share}`;
  const problems = ceiling.problems;
  return information(report.engine, 'ceiling_me_ratio', target, figure, ceiling.ratio, problems);
}

export function judgeEngine(report: EngineReport, context: { bigProjectServers: number; npmStart: string; direct: string }): Verdict[] {
  const find = (id: TargetId) => report.targets.find((target) => target.id === id);
  return [
    ...ratioVerdicts(report, find),
    pageCostVerdict(report, find, context.bigProjectServers),
    legacyLatencyVerdict(report, find),
    ...seedingVerdicts(report),
    ...serviceVerdicts(report, context.npmStart, context.direct),
    ...scaleOutVerdicts(report, find),
    referenceVerdict(report, find),
    ceilingVerdict(report, find),
  ];
}

/** The firewall bench's own verdicts (bench/firewall.ts), or a failure for each engine when it did not finish. */
export function firewallVerdicts(
  outcome: { verdicts: { target: string; engine: EngineReport['engine']; threshold: number; value: number; pass: boolean; text: string }[] } | { error: string },
  engines: EngineReport['engine'][],
): Verdict[] {
  if ('error' in outcome) {
    return engines.map((engine) => notMeasured(engine, 'firewall_change_catch_up_seconds', 'a firewall rule change reaches 1,000 servers ≤ 1 s (bench/firewall.ts)', [outcome.error]));
  }
  return outcome.verdicts.map((verdict) => ({
    engine: verdict.engine,
    id: verdict.target,
    // Its text ends with the figure and the mark, which this report shows in its own columns.
    target: `${verdict.text.replace(/ \([^()]*\): (PASS|FAIL)$/, '')} (bench/firewall.ts)`,
    figure: `${verdict.value.toFixed(2)} s`,
    value: verdict.value,
    threshold: verdict.threshold,
    pass: verdict.pass,
  }));
}
