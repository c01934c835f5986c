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
import { seedServers } from './seed.ts';
import { ADMIN_TOKEN, startService, type ServiceCommand, type ServiceStorage } from './service.ts';

/** The last commit before issue 31's work. */
export const BEFORE_COMMIT = 'c39e944';
export const BEFORE_TREE = path.join(os.tmpdir(), 'cloudplane-before');
/**
 * The rotation. A server must come round again only after its last reboot
 * has finished, or the answer is a fast 409 (a problem, and a flattering
 * figure). On a quiet machine the older tree's API takes about 2,000
 * reboots a second on SQLite, more than its worker finishes: with 3,000
 * servers and the warm-up running straight into the measured run, the
 * backlog caught up with the rotation (a 409 for nearly every server). So
 * the backlog is finished between the two, and 5,000 servers give a reboot
 * over 2 s before its server comes round again.
 */
export const REBOOT_SERVERS = 5000;
/** Per measured run (less when BENCH_SECONDS says so). */
export const MAX_REBOOT_SECONDS = 5;
const SEED_CONCURRENCY = 16;

export interface RebootRun {
  tree: 'after' | 'before';
  /** The API: answers a second, and their p99. */
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  statusCounts: Record<string, number>;
  /** After the measured run, until the worker had finished every reboot it was given. */
  drainSeconds?: number;
  /** The whole reboot, API and worker: reboots accepted in the run ÷ (the run + the drain). */
  finishedPerSecond?: number;
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
}

function treeMeans(runs: RebootRun[]): TreeMeans | undefined {
  if (runs.length === 0) return undefined;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const finished = runs.map((run) => run.finishedPerSecond);
  return {
    requestsPerSecond: mean(runs.map((run) => run.requestsPerSecond)),
    p99Ms: mean(runs.map((run) => run.p99Ms)),
    finishedPerSecond: finished.every((value) => value !== undefined) ? mean(finished) : undefined,
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

async function rebootRun(engine: Engine, settings: RebootSettings, tree: RebootRun['tree'], command: ServiceCommand, root: string, load: LoadSettings): Promise<RebootRun> {
  return settings.fresh(root, async (storage) => {
    const service = await startService('direct', `cloudplane ${engine} reboots ${tree}`, command, storage);
    try {
      const world = await seedServers(service.base, ADMIN_TOKEN, { big: REBOOT_SERVERS, small: 0, concurrency: SEED_CONCURRENCY, log: () => {} });
      const { slug, serverIds, token } = world.big;
      const reboots = { url: service.base, headers: { authorization: `Bearer ${token}` }, requests: rotatingReboots(slug, serverIds), expectedStatus: 202 };
      // The warm-up, then its backlog finished, so the measured run starts with an idle worker on either tree.
      const problems: string[] = [];
      if (load.warmUpSeconds > 0) {
        const warmUp = await runLoad([reboots], { ...load, seconds: load.warmUpSeconds }, { warmUp: false });
        problems.push(...warmUp.problems.map((problem) => problem.replace(/^measured run/, 'warm-up')));
        if ((await secondsUntilActionsFinish(service, world)) === undefined) problems.push('warm-up: reboots still running 120 s after it');
      }
      const result = await runLoad([reboots], load, { warmUp: false });
      problems.push(...result.problems);
      const drainSeconds = await secondsUntilActionsFinish(service, world);
      if (drainSeconds === undefined) problems.push('reboots still running 120 s after the run');
      const accepted = result.statusCounts['202'] ?? 0;
      const finishedPerSecond = drainSeconds === undefined ? undefined : accepted / (load.seconds + drainSeconds);
      const finished = finishedPerSecond === undefined ? '' : `; all finished ${drainSeconds!.toFixed(1)} s after the run: ${finishedPerSecond.toFixed(0)} finished/s`;
      const shown = problems.length > 0 ? `; PROBLEMS: ${problems.join('; ')}` : '';
      settings.log(`  reboots, ${tree === 'after' ? 'this tree' : BEFORE_COMMIT}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms} ms${finished}${shown}`);
      return { tree, requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms, requests: result.requests, statusCounts: result.statusCounts, drainSeconds, finishedPerSecond, problems };
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
