// The servers under test run as child processes, so the load generator
// (autocannon, in this process) never shares an event loop with them. Every
// child is tracked here and stopped at the end, on error, and on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Everything it wrote so far (or the end of its log file), to show when it fails. */
  output(): string;
  /** Started in its own process group: stopping it stops everything it started (npm → sh → node). */
  group: boolean;
}

const children = new Set<Child>();
/** Children being stopped by us: any other exit is a crash, worth a line on the terminal. */
const stopping = new WeakSet<Child>();

function track(child: Child): void {
  children.add(child);
  child.process.once('exit', (code, signal) => {
    children.delete(child);
    if (!stopping.has(child)) process.stderr.write(`\n${child.name} exited on its own (${signal ?? `code ${code}`})\n--- its output ---\n${child.output().slice(-2000)}\n`);
  });
}

/** A port nothing listens on right now (the OS picks it; it stays free until we hand it to a child). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs `node --import tsx <args>` and resolves with the first stdout line
 * matching `ready` — or rejects if the child exits or stays silent for
 * `timeoutMs`, with its output, so a start-up failure is readable.
 */
export function startNode(
  name: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number; nodeFlags?: string[] },
): Promise<{ child: Child; match: RegExpMatchArray }> {
  const process_ = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const child: Child = { name, process: process_, output: () => output, group: false };
  track(child);

  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`${name} did not start: ${reason}\n--- its output ---\n${output}`));
    };
    const timer = setTimeout(() => fail(`no line matching ${options.ready} within ${options.timeoutMs ?? 30_000} ms`), options.timeoutMs ?? 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(options.ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    process_.stdout.on('data', onData);
    // Warnings and errors go to stderr; keep them for the failure message only.
    process_.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    process_.once('exit', (code, signal) => fail(`exited (${signal ?? `code ${code}`})`));
  });
}

/**
 * Runs `command args` in its own process group with stdout and stderr
 * appended to `logFile`. The service's log goes straight to the file, not
 * through a pipe to this process: at the default log level every request is
 * a log line, and reading them here would take CPU from the load generator.
 */
export function startLogged(name: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): Child {
  const log = fs.openSync(options.logFile, 'a');
  try {
    const process_ = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', log, log], detached: true });
    const child: Child = { name, process: process_, output: () => tail(options.logFile, 4000), group: true };
    track(child);
    return child;
  } finally {
    fs.closeSync(log);
  }
}

/** The end of a file that may have grown to hundreds of megabytes (a log at the default level under load). */
function tail(file: string, bytes: number): string {
  try {
    const descriptor = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(descriptor).size;
      const buffer = Buffer.alloc(Math.min(bytes, size));
      fs.readSync(descriptor, buffer, 0, buffer.length, size - buffer.length);
      return buffer.toString('utf8');
    } finally {
      fs.closeSync(descriptor);
    }
  } catch {
    return '';
  }
}

const hasExited = (child: Child) => child.process.exitCode !== null || child.process.signalCode !== null;

/** Polls `url` until it answers 2xx; bounded so a wedged server fails the run instead of hanging it. */
export async function waitForHttp(url: string, timeoutMs = 15_000, child?: Child): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child && hasExited(child)) throw new Error(`${child.name} exited before ${url} answered\n--- its output ---\n${child.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(child ? 10 : 100);
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms (${last})${child ? `\n--- ${child.name}'s output ---\n${child.output()}` : ''}`);
}

/** Milliseconds from `spawnedAt` (a performance.now() taken just before the spawn) to the first 2xx of `url`, polled every 10 ms. */
export async function millisecondsUntilHealthy(url: string, spawnedAt: number, child: Child, timeoutMs = 30_000): Promise<number> {
  await waitForHttp(url, timeoutMs, child);
  return performance.now() - spawnedAt;
}

/** A process of a tree, with its resident memory (VmRSS) at the time of reading. */
export interface ProcessMemory {
  pid: number;
  command: string;
  rssKb: number;
}

/** A process as /proc shows it: its id can be reused once it has gone, its start time tells the two apart. */
interface ProcessIdentity {
  pid: number;
  startTime: string;
}

/** State, parent and start time from /proc/<pid>/stat. */
function statusOf(pid: number): { state: string; parent: number; startTime: string } | undefined {
  const stat = readProc(pid, 'stat');
  if (stat === undefined) return undefined;
  // The command name is in parentheses and may itself hold spaces or parentheses; the fields after the last ')' are fixed (proc(5)).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, parent: Number(fields[1]), startTime: fields[19]! };
}

/** `rootPid` and every process below it, read from /proc (parent links), root first. */
function processTree(rootPid: number): ProcessIdentity[] {
  const processes = new Map<number, { parent: number; startTime: string }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = statusOf(Number(entry));
    if (status) processes.set(Number(entry), status);
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, { parent }] of processes) if (parent === tree[index]) tree.push(pid);
  }
  return tree.flatMap((pid) => {
    const found = processes.get(pid);
    return found ? [{ pid, startTime: found.startTime }] : [];
  });
}

/** VmRSS of each process in the tree under `rootPid` (a process that has exited in between is left out). */
export function treeMemory(rootPid: number): ProcessMemory[] {
  return processTree(rootPid).flatMap(({ pid }) => {
    const rss = readProc(pid, 'status')?.match(/^VmRSS:\s+(\d+) kB$/m);
    const command = readProc(pid, 'cmdline')?.split('\0').filter(Boolean).join(' ');
    return rss && command !== undefined ? [{ pid, command, rssKb: Number(rss[1]) }] : [];
  });
}

function readProc(pid: number, file: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** Gone (its id free or someone else's now), or a zombie waiting for a parent that is not ours to reap it. */
function isGone({ pid, startTime }: ProcessIdentity): boolean {
  const status = statusOf(pid);
  return status === undefined || status.startTime !== startTime || status.state === 'Z';
}

/**
 * SIGTERM lets the server finish and close its database; SIGKILL if it takes
 * longer than `graceMs`. A child started in its own group is stopped as a
 * group (npm would otherwise leave its node behind), and we wait until every
 * process of its tree has gone, so the next start finds the ports and the
 * database free.
 */
export async function stop(child: Child, graceMs = 5_000): Promise<void> {
  const { process: process_ } = child;
  if (hasExited(child)) return;
  stopping.add(child);
  const pid = process_.pid!;
  // Read before the signal: once the root has gone, its children are no longer below it.
  const tree = child.group ? processTree(pid) : [];
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.group) process.kill(-pid, name);
      else process_.kill(name);
    } catch {
      // Already gone.
    }
  };
  const exited = hasExited(child) ? Promise.resolve() : new Promise((resolve) => process_.once('exit', resolve));
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  const deadline = Date.now() + graceMs * 2;
  while (!tree.every(isGone) && Date.now() < deadline) await sleep(20);
  clearTimeout(timer);
  for (const survivor of tree.filter((candidate) => !isGone(candidate))) {
    try {
      process.kill(survivor.pid, 'SIGKILL');
    } catch {
      // It went in between.
    }
  }
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child)));
}

// Ctrl-C or a kill of the bench must not leave servers behind holding ports.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}
