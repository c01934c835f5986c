// The servers under test run as child processes, so the load generator
// (autocannon, in this process) never shares an event loop with them. Every
// child is tracked here and stopped at the end, on error, and on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Everything it wrote so far, to show when it fails to start. */
  output(): string;
}

const children = new Set<Child>();

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
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number },
): Promise<{ child: Child; match: RegExpMatchArray }> {
  const process_ = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const child: Child = { name, process: process_, output: () => output };
  children.add(child);
  process_.once('exit', () => children.delete(child));

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

/** Polls `url` until it answers 2xx; bounded so a wedged server fails the run instead of hanging it. */
export async function waitForHttp(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(100);
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms (${last})`);
}

/** SIGTERM lets the server finish and close its database; SIGKILL if it takes longer than `graceMs`. */
export async function stop(child: Child, graceMs = 5_000): Promise<void> {
  const { process: process_ } = child;
  if (process_.exitCode !== null || process_.signalCode !== null) return;
  const exited = new Promise((resolve) => process_.once('exit', resolve));
  process_.kill('SIGTERM');
  const timer = setTimeout(() => process_.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child)));
}

// Ctrl-C or a kill of the bench must not leave servers behind holding ports.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}
