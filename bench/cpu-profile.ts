// Reads a V8 CPU profile (`node --cpu-prof` writes one at exit) and says
// where the time went: self time by function and by source file, the bundle's
// functions mapped back to src/ through its linked source map, packages
// (bundled or not) summed by name. `(idle)` is time with nothing to run;
// shares are of the busy time (everything else).
//
//   npx tsx bench/cpu-profile.ts <file.cpuprofile> [top N]
import fs from 'node:fs';
import path from 'node:path';
import { SourceMap, type SourceMapping } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface Entry {
  name: string;
  selfMs: number;
  /** Of the busy time. */
  share: number;
}

export interface ProfileSummary {
  /** Sampled time in ms, and of it the time with nothing to run. */
  totalMs: number;
  idleMs: number;
  byFunction: Entry[];
  byFile: Entry[];
  /** The project's own functions (src/) by total time, what they call included: where a request's own code spends. */
  ownInclusive: Entry[];
}

const maps = new Map<string, SourceMap | null>();

/** The source map linked from a bundle (`//# sourceMappingURL=` beside it), or null. */
function sourceMapOf(url: string): SourceMap | null {
  if (maps.has(url)) return maps.get(url)!;
  let map: SourceMap | null = null;
  try {
    const file = fileURLToPath(url);
    const mapFile = `${file}.map`;
    if (fs.existsSync(mapFile)) map = new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

/** A path as the report shows it: a package by its name, the project's own files from the repository's root. */
export function shortFile(file: string): string {
  const packageAt = file.lastIndexOf('node_modules/');
  if (packageAt !== -1) {
    const parts = file.slice(packageAt + 'node_modules/'.length).split('/');
    return `package ${parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  const srcAt = file.lastIndexOf('/src/');
  if (srcAt !== -1) return file.slice(srcAt + 1);
  const benchAt = file.lastIndexOf('/bench/');
  return benchAt !== -1 ? file.slice(benchAt + 1) : file;
}

/** Where a frame's code was written: the original file and line for a bundle with a source map, else the frame's own. */
export function sourcePosition(frame: ProfileNode['callFrame']): { file: string; line: number } | null {
  if (!frame.url) return null;
  if (frame.url.startsWith('node:')) return { file: frame.url, line: frame.lineNumber + 1 };
  const map = frame.url.startsWith('file:') ? sourceMapOf(frame.url) : null;
  // An entry of {} when the position maps to nothing.
  const found: Partial<SourceMapping> | undefined = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (found?.originalSource) {
    const source = found.originalSource.startsWith('file:') ? fileURLToPath(found.originalSource) : path.resolve(path.dirname(fileURLToPath(frame.url)), found.originalSource);
    return { file: shortFile(source), line: (found.originalLine ?? 0) + 1 };
  }
  return { file: shortFile(frame.url.startsWith('file:') ? fileURLToPath(frame.url) : frame.url), line: frame.lineNumber + 1 };
}

function ranked(totals: Map<string, number>, busyMs: number, top: number): Entry[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, selfMs]) => ({ name, selfMs: Number(selfMs.toFixed(1)), share: busyMs > 0 ? selfMs / busyMs : 0 }));
}

export function summariseProfile(profile: CpuProfile, top = 20): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  for (const [id, ms] of selfMs) {
    const frame = nodes.get(id)!.callFrame;
    totalMs += ms;
    if (frame.functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    const where = sourcePosition(frame);
    const name = where ? `${frame.functionName || '(anonymous)'} ${where.file}:${where.line}` : frame.functionName || '(anonymous)';
    // Native and V8's own entries ((garbage collector), (program)) have no file: each stands for itself.
    const file = where?.file ?? frame.functionName;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const busyMs = totalMs - idleMs;
  return { totalMs, idleMs, byFunction: ranked(byFunction, busyMs, top), byFile: ranked(byFile, busyMs, top), ownInclusive: ranked(ownInclusive(profile, nodes, selfMs), busyMs, top) };
}

/** Total time of each src/ function: its own and its callees', each sample counted once however deep the recursion. */
function ownInclusive(profile: CpuProfile, nodes: Map<number, ProfileNode>, selfMs: Map<number, number>): Map<string, number> {
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const names = new Map<number, string | null>();
  const nameOf = (id: number) => {
    if (!names.has(id)) {
      const frame = nodes.get(id)!.callFrame;
      const where = sourcePosition(frame);
      names.set(id, where?.file.startsWith('src/') ? `${frame.functionName || '(anonymous)'} ${where.file}:${where.line}` : null);
    }
    return names.get(id)!;
  };
  const totals = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const name = nameOf(at);
      if (name && !seen.has(name)) {
        seen.add(name);
        totals.set(name, (totals.get(name) ?? 0) + ms);
      }
    }
  }
  return totals;
}

export function printSummary(summary: ProfileSummary, log: (line: string) => void = console.log): void {
  const row = (entry: Entry) => `  ${(entry.share * 100).toFixed(1).padStart(5)} %  ${entry.selfMs.toFixed(0).padStart(7)} ms  ${entry.name}`;
  log(`sampled ${(summary.totalMs / 1000).toFixed(1)} s, of which idle ${(summary.idleMs / 1000).toFixed(1)} s; shares are of the busy time`);
  log('self time by function:');
  summary.byFunction.forEach((entry) => log(row(entry)));
  log('self time by file or package:');
  summary.byFile.forEach((entry) => log(row(entry)));
  log("total time of the project's own functions (their callees included):");
  summary.ownInclusive.forEach((entry) => log(row(entry)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('usage: npx tsx bench/cpu-profile.ts <file.cpuprofile> [top N]');
    process.exit(2);
  }
  printSummary(summariseProfile(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile, top ? Number(top) : 20));
}
