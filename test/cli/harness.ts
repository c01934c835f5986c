// The command line as a user runs it: `cloudplane …` as a child process
// (through tsx, so no build is needed), with its own config directory
// (XDG_CONFIG_HOME), against a real `cloudplane serve` on a fresh database.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from '../helpers/build.ts';
import { testBundle } from '../helpers/bundle.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { cloudplaneProcesses, type ServeProcess } from '../helpers/processes.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A command that takes longer than this is stuck, not slow. */
const COMMAND_TIMEOUT_MS = 60_000;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  /** Written to the command's standard input, which is then closed. */
  input?: string;
}

/** The environment of the test run without anything that would choose a context, project or output for the command. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('CLOUDPLANE_') || name === 'COLUMNS') delete env[name];
  return env;
}

/** A fresh config directory for one suite's contexts, removed with `remove()`. */
export function configHome(): { directory: string; configFile: string; remove(): void } {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-cli-config-'));
  return {
    directory,
    configFile: path.join(directory, 'cloudplane', 'config.json'),
    remove: () => fs.rmSync(directory, { recursive: true, force: true }),
  };
}

/** Runs one command to its end; from the bundle of the sources as they are now (helpers/bundle.ts), which starts in half the time tsx takes. */
export async function runCli(configDirectory: string, args: string[], options: CliOptions = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [await testBundle(), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...cleanEnvironment(), XDG_CONFIG_HOME: configDirectory, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cloudplane ${args.join(' ')} did not finish within ${COMMAND_TIMEOUT_MS} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, COMMAND_TIMEOUT_MS);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A command that runs until it is told to stop (`events tail`): what it printed so far, and how it ended. */
export interface RunningCli {
  stdout(): string;
  stderr(): string;
  /** Sends `signal` (default SIGINT, as Ctrl+C does) and resolves with how it ended; SIGKILL if it has not within the command timeout. */
  stop(signal?: NodeJS.Signals): Promise<CliResult>;
}

export function startCli(configDirectory: string, args: string[], options: CliOptions = {}): RunningCli {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...cleanEnvironment(), XDG_CONFIG_HOME: configDirectory, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      return { code, stdout, stderr };
    },
  };
}

/** Asserts the exit code, showing everything the command printed when it differs. */
export function assertExit(result: CliResult, code: number, what: string): void {
  assert.equal(result.code, code, `${what}: exit ${result.code}, expected ${code}\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`);
}

export interface Service {
  serve: ServeProcess;
  /** An API key of a user with plenty of credit, who owns `project`. */
  key: string;
  project: string;
  stop(): Promise<void>;
}

/** `cloudplane serve` on a fresh database, a user with credit and a key, and a project that is ready. */
export async function startService(extraEnv: NodeJS.ProcessEnv = {}): Promise<Service> {
  const database: TestDatabase = await createTestDatabase();
  const processes = cloudplaneProcesses(database, extraEnv);
  const stop = async () => {
    await processes.stopAll();
    await database.drop();
  };
  try {
    const serve = await processes.serve('serve');
    const user = await serve.admin('/users', {
      method: 'POST',
      body: { email: `cli-${Date.now()}@example.com`, first_name: 'Command', last_name: 'Line', billing_account: { currency: 'EUR', credit_balance: '1000.00' } },
    });
    assert.equal(user.status, 201, JSON.stringify(user.body));
    const key = await serve.admin(`/users/${user.body.id}/api-keys`, { method: 'POST', body: { name: 'cli tests' } });
    assert.equal(key.status, 201, JSON.stringify(key.body));
    const project = await serve.api('/projects/', { method: 'POST', key: key.body.token, body: { name: 'Command line' } });
    assert.equal(project.status, 201, JSON.stringify(project.body));
    await eventually(async () => (await serve.api(`/projects/${project.body.slug}/`, { key: key.body.token })).body.status === 'ready', 30_000);
    return { serve, key: key.body.token, project: project.body.slug, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
