// What the event and audit writes cost a reboot (bench/events.ts runs this):
// the reboot rotation of bench/engine.ts on this tree and on the tree before
// issue 31 (BEFORE_COMMIT, checked out with `git worktree` in BEFORE_TREE
// and built with this tree's node_modules), alternated after, before, after,
// before, each on fresh storage with the same settings, so the machine's
// drift during the run falls on both; the figure is after ÷ before. The older
// tree has no event log, no webhooks and no audit log; the rest is the same.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rotatingReboots, secondsUntilActionsFinish, type Engine } from './engine.ts';
import { runLoad, type LoadSettings } from './load.ts';
import { stop } from './processes.ts';
import { RebootRotation, unfinishedReader, type RotationReport } from './reboot-rotation.ts';
import { seedServers } from './seed.ts';
import { ADMIN_TOKEN, startService, type ServiceCommand, type ServiceStorage } from './service.ts';

/** The last commit before issue 31's work. */
export const BEFORE_COMMIT = 'c39e944';
export const BEFORE_TREE = path.join(os.tmpdir(), 'cloudplane-before');
/**
 * The servers the reboots go round (bench/reboot-rotation.ts): a reboot goes
 * only to a server whose last reboot the bench has seen finish, so the
 * rotation needs as many servers as have a reboot unfinished at once. A
 * reboot itself takes 50 ms here (the simulator's 5 s at
 * CLOUDPLANE_SIM_SCALE=0.01, bench/service.ts), plus its wait in the worker's
 * queue: at 3,000 reboots a second and a worker that keeps up, some 150
 * servers are busy at once and 50 more have a request under way. What makes
 * the number grow is a worker slower than the API: it falls behind by the
 * difference every second of the run, and the backlog of the warm-up is
 * finished before the measured run starts. 5,000 servers run out only if the
 * worker falls 4,950 reboots behind within one run of 5 s, about 1,000 a
 * second. If they do, the rotation waits (its next reboot goes to the server
 * answered longest ago, and a 409 there is the service's right answer, not a
 * problem), and the run reports how many reboots waited.
 */
export const REBOOT_SERVERS = 5000;
/** Per measured run (less when BENCH_SECONDS says so). */
export const MAX_REBOOT_SECONDS = 5;
const SEED_CONCURRENCY = 16;

export interface RebootRun {
  tree: 'after' | 'before';
  /** The API: reboots accepted (answered 202) a second, and the p99 of its answers. */
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  statusCounts: Record<string, number>;
  /** After the measured run, until the worker had finished every reboot it was given. */
  drainSeconds?: number;
  /** The whole reboot, API and worker: reboots accepted in the run ÷ (the run + the drain). */
  finishedPerSecond?: number;
  /** The rotation over the warm-up and the run: reboots that had to wait for a free server, 409s to a free one. */
  rotation: RotationReport;
  /** Of the waits, those in the measured run. */
  measuredWaits: number;
  problems: string[];
}

export interface RebootFigures {
  servers: number;
  seconds: number;
  warmUpSeconds: number;
  connections: number;
  runs: RebootRun[];
  /** Means of each tree's runs; the ratios are after ÷ before. */
  after?: TreeMeans;
  before?: TreeMeans;
  ratio?: number;
  p99Ratio?: number;
  finishedRatio?: number;
}

/** Runs `use` on fresh storage of the engine, for a service started from `root`; removed afterwards. */
export type FreshStorage = <T>(root: string, use: (storage: ServiceStorage) => Promise<T>) => Promise<T>;

const message = (error: unknown) => (error as Error).message ?? String(error);

/** This tree at BEFORE_COMMIT in BEFORE_TREE, built, with this tree's node_modules: the command that runs it, or why there is none. */
export function prepareBeforeTree(root: string, service: ServiceCommand, log: (line: string) => void): ServiceCommand | Error {
  try {
    removeBeforeTree(root);
    execFileSync('git', ['worktree', 'add', '--force', '--detach', BEFORE_TREE, BEFORE_COMMIT], { cwd: root, stdio: 'ignore' });
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(BEFORE_TREE, 'node_modules'));
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: BEFORE_TREE, stdio: 'inherit' });
    log(`  the tree before issue 31 (${BEFORE_COMMIT}) built in ${BEFORE_TREE}`);
    // The same command as this tree's, so both run the build (or, if this tree's build failed, both the sources).
    return { ...service, description: `${service.description} at ${BEFORE_COMMIT}` };
  } catch (error) {
    return new Error(`the tree before issue 31 (${BEFORE_COMMIT}): ${message(error)}`);
  }
}

export function removeBeforeTree(root: string): void {
  // The link first, so nothing that removes the tree can reach into this tree's node_modules.
  fs.rmSync(path.join(BEFORE_TREE, 'node_modules'), { force: true });
  if (!fs.existsSync(BEFORE_TREE)) return;
  try {
    execFileSync('git', ['worktree', 'remove', '--force', BEFORE_TREE], { cwd: root, stdio: 'ignore' });
  } catch {
    // Not (or no longer) a worktree of this repository: the directory is ours all the same.
  }
  fs.rmSync(BEFORE_TREE, { recursive: true, force: true });
}

export interface TreeMeans {
  requestsPerSecond: number;
  p99Ms: number;
  /** Absent when a run's reboots did not all finish. */
  finishedPerSecond?: number;
  /** Reboots of the measured runs that waited for a free server (every server busy), summed. */
  waits: number;
}

function treeMeans(runs: RebootRun[]): TreeMeans | undefined {
  if (runs.length === 0) return undefined;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const finished = runs.map((run) => run.finishedPerSecond);
  return {
    requestsPerSecond: mean(runs.map((run) => run.requestsPerSecond)),
    p99Ms: mean(runs.map((run) => run.p99Ms)),
    finishedPerSecond: finished.every((value) => value !== undefined) ? mean(finished) : undefined,
    waits: runs.reduce((sum, run) => sum + run.measuredWaits, 0),
  };
}

export interface RebootSettings {
  /** This tree's command and root, and the older tree's command (or why there is none). */
  service: ServiceCommand;
  root: string;
  before: ServiceCommand | Error;
  load: LoadSettings;
  fresh: FreshStorage;
  log: (line: string) => void;
}

/** load.ts's line for 409s: the rotation judges those itself (a wait's 409 is right, a free server's is a bug). */
const REFUSALS = /^(warm-up|measured run): \d+ × HTTP 409 \(expected 202\)$/;

/** A phase's problems, with its 409s judged by the rotation: `before` and `after` are its reports around the phase. */
function judgedProblems(phase: 'warm-up' | 'measured run', problems: string[], before: RotationReport, after: RotationReport): string[] {
  const judged = problems.filter((problem) => !REFUSALS.test(problem));
  const refused = after.refusedWhileFree - before.refusedWhileFree;
  if (refused > 0) judged.push(`${phase}: ${refused} reboots of a server with no reboot unfinished answered 409 (e.g. ${after.refusedExamples.join(', ')})`);
  return judged;
}

async function rebootRun(engine: Engine, settings: RebootSettings, tree: RebootRun['tree'], command: ServiceCommand, root: string, load: LoadSettings): Promise<RebootRun> {
  return settings.fresh(root, async (storage) => {
    const service = await startService('direct', `cloudplane ${engine} reboots ${tree}`, command, storage);
    try {
      const world = await seedServers(service.base, ADMIN_TOKEN, { big: REBOOT_SERVERS, small: 0, concurrency: SEED_CONCURRENCY, log: () => {} });
      const { slug, serverIds, token } = world.big;
      const reader = await unfinishedReader(storage);
      try {
        const rotation = new RebootRotation(serverIds, reader.busyNow);
        const reboots = { url: service.base, headers: { authorization: `Bearer ${token}` }, requests: rotatingReboots(slug, serverIds, rotation), expectedStatus: 202 };
        // The warm-up, then its backlog finished, so the measured run starts with an idle worker on either tree.
        const problems: string[] = [];
        if (load.warmUpSeconds > 0) {
          const before = rotation.report();
          const warmUp = await runLoad([reboots], { ...load, seconds: load.warmUpSeconds }, { warmUp: false });
          problems.push(...judgedProblems('warm-up', warmUp.problems.map((problem) => problem.replace(/^measured run/, 'warm-up')), before, rotation.report()));
          if ((await secondsUntilActionsFinish(service, world)) === undefined) problems.push('warm-up: reboots still running 120 s after it');
          else rotation.settled();
        }
        const beforeRun = rotation.report();
        const result = await runLoad([reboots], load, { warmUp: false });
        const afterRun = rotation.report();
        problems.push(...judgedProblems('measured run', result.problems, beforeRun, afterRun));
        const drainSeconds = await secondsUntilActionsFinish(service, world);
        if (drainSeconds === undefined) problems.push('reboots still running 120 s after the run');
        const accepted = result.statusCounts['202'] ?? 0;
        const acceptedPerSecond = accepted / load.seconds;
        const measuredWaits = afterRun.waits - beforeRun.waits;
        const finishedPerSecond = drainSeconds === undefined ? undefined : accepted / (load.seconds + drainSeconds);
        const finished = finishedPerSecond === undefined ? '' : `; all finished ${drainSeconds!.toFixed(1)} s after the run: ${finishedPerSecond.toFixed(0)} finished/s`;
        const waited = measuredWaits > 0 ? `; ${measuredWaits} waited for a free server (all ${REBOOT_SERVERS} busy)` : '';
        const shown = problems.length > 0 ? `; PROBLEMS: ${problems.join('; ')}` : '';
        settings.log(`  reboots, ${tree === 'after' ? 'this tree' : BEFORE_COMMIT}: ${acceptedPerSecond.toFixed(0)} accepted/s, p99 ${result.p99Ms} ms${finished}${waited}${shown}`);
        return {
          tree,
          requestsPerSecond: acceptedPerSecond,
          p99Ms: result.p99Ms,
          requests: result.requests,
          statusCounts: result.statusCounts,
          drainSeconds,
          finishedPerSecond,
          rotation: afterRun,
          measuredWaits,
          problems,
        };
      } finally {
        await reader.close();
      }
    } finally {
      await stop(service.child);
    }
  });
}

export async function measureReboots(engine: Engine, settings: RebootSettings, problems: string[]): Promise<RebootFigures> {
  const { before, load } = settings;
  const figures: RebootFigures = { servers: REBOOT_SERVERS, seconds: load.seconds, warmUpSeconds: load.warmUpSeconds, connections: load.connections, runs: [] };
  if (before instanceof Error) {
    problems.push(`reboots: ${before.message}`);
    return figures;
  }
  settings.log(`  reboots over ${REBOOT_SERVERS} servers, ${load.seconds} s after ${load.warmUpSeconds} s of warm-up, ${load.connections} connections: after, before, after, before`);
  for (const tree of ['after', 'before', 'after', 'before'] as const) {
    try {
      const run = tree === 'after' ? await rebootRun(engine, settings, tree, settings.service, settings.root, load) : await rebootRun(engine, settings, tree, before, BEFORE_TREE, load);
      figures.runs.push(run);
      problems.push(...run.problems.map((problem) => `reboots (${tree}): ${problem}`));
    } catch (error) {
      problems.push(`reboots (${tree}): ${message(error)}`);
    }
  }
  figures.after = treeMeans(figures.runs.filter((run) => run.tree === 'after'));
  figures.before = treeMeans(figures.runs.filter((run) => run.tree === 'before'));
  if (figures.after && figures.before) {
    figures.ratio = figures.after.requestsPerSecond / figures.before.requestsPerSecond;
    figures.p99Ratio = figures.after.p99Ms / figures.before.p99Ms;
    if (figures.after.finishedPerSecond !== undefined && figures.before.finishedPerSecond !== undefined) figures.finishedRatio = figures.after.finishedPerSecond / figures.before.finishedPerSecond;
  }
  return figures;
}
