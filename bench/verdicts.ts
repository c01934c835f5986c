// Issues 14's and 33's targets, judged on the figures of one run. A target
// whose run had any problem (unexpected status, error, timeout, wrong answer,
// a ceiling whose answer is not the service's byte for byte) fails whatever
// its figure, and a target that could not be measured fails too.
//
// Issue 33: each hot path's req/s as a share of its hand-written ceiling
// (bench/reference-route.ts) measured in the same run on the same engine;
// the ratios to the bare route stay in the report, as information. Issue 47:
// a read's share is the median of three alternated rounds, and the reboot's
// is of finished actions a second.
import { CEILING_OF, PAGE_SIZE, SMALL_PROJECT_SERVERS, type CeiledTargetId, type Engine, type EngineReport, type TargetId, type TargetResult } from './engine.ts';

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

/** The service's req/s ÷ its ceiling's, same run, same engine: at least this. */
export const MIN_SHARE_OF_CEILING: Record<CeiledTargetId, Record<Engine, number>> = {
  me: { sqlite: 0.7, postgres: 0.6 },
  server_get: { sqlite: 0.7, postgres: 0.6 },
  products: { sqlite: 0.7, postgres: 0.6 },
  small_last_page: { sqlite: 0.7, postgres: 0.6 },
  big_last_page: { sqlite: 0.7, postgres: 0.6 },
  legacy_servers: { sqlite: 0.7, postgres: 0.6 },
  // Finished actions a second, the worker's time to finish them included (bench/engine.ts, measureReboots).
  reboot: { sqlite: 0.6, postgres: 0.5 },
};
/** /me/ and the server GET on two serve processes against one PostgreSQL: at least this many times one process. */
const MIN_SCALE_OUT_FACTOR = 1.7;
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * A path's service and ceiling figures, and the service's share of the
 * ceiling when both were measured: for a read measured in rounds, the median
 * of the rounds' shares (each round's service ÷ the same round's ceiling,
 * `shares`); for the reboot, of finished actions a second; else of req/s.
 */
export function shareOfCeiling(report: EngineReport, id: CeiledTargetId): { service?: TargetResult; ceiling?: TargetResult; share?: number; shares?: number[]; minimum: number } {
  const find = (targetId: TargetId) => report.targets.find((target) => target.id === targetId);
  const [service, ceiling] = [find(id), find(CEILING_OF[id])];
  const minimum = MIN_SHARE_OF_CEILING[id][report.engine];
  if (id === 'reboot') {
    const share = service?.finishedPerSecond !== undefined && ceiling?.finishedPerSecond ? service.finishedPerSecond / ceiling.finishedPerSecond : undefined;
    return { service, ceiling, share, minimum };
  }
  if (service?.rounds && ceiling?.rounds && service.rounds.length === ceiling.rounds.length) {
    const shares = service.rounds.map((round, index) => round.requestsPerSecond / ceiling.rounds![index]!.requestsPerSecond);
    return { service, ceiling, share: median(shares), shares, minimum };
  }
  const share = service?.requestsPerSecond !== undefined && ceiling?.requestsPerSecond ? service.requestsPerSecond / ceiling.requestsPerSecond : undefined;
  return { service, ceiling, share, minimum };
}

function shareVerdicts(report: EngineReport): Verdict[] {
  return (Object.keys(MIN_SHARE_OF_CEILING) as CeiledTargetId[]).map((id) => {
    const { service, ceiling, share, shares, minimum } = shareOfCeiling(report, id);
    const measure = id === 'reboot' ? ' in finished actions a second, every answer 202' : shares ? `, the median of ${shares.length} alternated rounds` : '';
    const target = `${service?.label ?? id} ≥ ${percent(minimum)} of its hand-written ceiling, same run${measure}`;
    const problems = [...(service?.problems ?? []), ...(ceiling?.problems ?? []).map((problem) => `ceiling: ${problem}`)];
    if (share === undefined) {
      const why = problems.length > 0 ? problems : service ? report.errors.filter((error) => error.startsWith('reference')) : report.errors;
      return notMeasured(report.engine, `${id}_share_of_ceiling`, target, why);
    }
    const rates =
      id === 'reboot'
        ? `${service!.finishedPerSecond!.toFixed(0)} vs ${ceiling!.finishedPerSecond!.toFixed(0)} finished a second: ${service!.requestsPerSecond!.toFixed(0)} vs ${ceiling!.requestsPerSecond!.toFixed(0)} req/s, all finished ${service!.drainSeconds} vs ${ceiling!.drainSeconds} s after the run`
        : `${shares ? `rounds ${shares.map(percent).join(', ')}; medians ` : ''}${service!.requestsPerSecond!.toFixed(0)} vs ${ceiling!.requestsPerSecond!.toFixed(0)} req/s`;
    const figure = `${percent(share)} (${rates}; p99 ${service!.p99Ms} vs ${ceiling!.p99Ms} ms)`;
    return judged(report.engine, `${id}_share_of_ceiling`, target, share, minimum, false, figure, problems);
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

/** PostgreSQL: placements a second through two serve processes on one database, beside one process in the same run. */
function twoProcessPlacementVerdict(report: EngineReport): Verdict[] {
  if (report.engine !== 'postgres') return [];
  const scaleOut = report.seeding?.twoProcesses;
  const target = `operator placements ≥ ${MIN_PLACEMENTS_PER_SECOND}/s through 2 serve processes on one database (16 concurrent, one project)`;
  if (scaleOut?.twoPerSecond === undefined) return [notMeasured(report.engine, 'placements_per_second_two_processes', target, scaleOut?.problems ?? report.errors)];
  const figure = `${scaleOut.twoPerSecond.toFixed(0)}/s (one process in the same run ${scaleOut.onePerSecond!.toFixed(0)}/s: ×${scaleOut.factor!.toFixed(2)}; ${scaleOut.runs.length} runs of ${scaleOut.servers})`;
  return [judged(report.engine, 'placements_per_second_two_processes', target, scaleOut.twoPerSecond, MIN_PLACEMENTS_PER_SECOND, false, figure, scaleOut.problems)];
}

function seedingVerdicts(report: EngineReport): Verdict[] {
  const { seeding, engine } = report;
  const rateTarget = `operator placements ≥ ${MIN_PLACEMENTS_PER_SECOND}/s (16 concurrent)`;
  const costTarget = `the last placements cost ≤ ${MAX_PLACEMENT_COST_RATIO}× the first`;
  if (!seeding) return [notMeasured(engine, 'placements_per_second', rateTarget, report.errors), ...twoProcessPlacementVerdict(report), notMeasured(engine, 'placement_cost_ratio', costTarget, report.errors)];
  const costRatio = seeding.firstWindowPerSecond / seeding.lastWindowPerSecond;
  return [
    judged(engine, 'placements_per_second', rateTarget, seeding.placementsPerSecond, MIN_PLACEMENTS_PER_SECOND, false, `${seeding.placementsPerSecond.toFixed(0)}/s over ${seeding.servers}`, []),
    ...twoProcessPlacementVerdict(report),
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

/** PostgreSQL: /me/ and the server GET on two serve processes against one database reach ≥ 1.7× one process. */
function scaleOutVerdicts(report: EngineReport, find: (id: TargetId) => TargetResult | undefined): Verdict[] {
  if (report.engine !== 'postgres') return [];
  return (['me', 'server_get'] as const).map((id) => {
    const [one, two] = [find(id), find(`${id}_two_processes`)];
    const target = `${one?.label ?? id}: 2 serve processes on one database ≥ ${MIN_SCALE_OUT_FACTOR}× 1`;
    if (!one?.requestsPerSecond || !two?.requestsPerSecond) return notMeasured(report.engine, `${id}_scale_out`, target, [...(two?.problems ?? []), ...report.errors.filter((error) => error.startsWith('two processes'))]);
    const factor = two.requestsPerSecond / one.requestsPerSecond;
    const problems = [...one.problems, ...two.problems];
    const figure = `×${factor.toFixed(2)} (${two.requestsPerSecond.toFixed(0)} vs ${one.requestsPerSecond.toFixed(0)} req/s; ${percent(two.ratio!)} vs ${percent(one.ratio!)} of bare)`;
    return judged(report.engine, `${id}_scale_out`, target, factor, MIN_SCALE_OUT_FACTOR, false, figure, problems);
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

export function judgeEngine(report: EngineReport, context: { bigProjectServers: number; npmStart: string; direct: string }): Verdict[] {
  const find = (id: TargetId) => report.targets.find((target) => target.id === id);
  return [
    ...shareVerdicts(report),
    pageCostVerdict(report, find, context.bigProjectServers),
    legacyLatencyVerdict(report, find),
    ...seedingVerdicts(report),
    ...serviceVerdicts(report, context.npmStart, context.direct),
    ...scaleOutVerdicts(report, find),
    referenceVerdict(report, find),
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
