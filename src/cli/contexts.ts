// Named contexts: which service and key the user commands talk to. Stored in
// the user's config directory (env-paths: $XDG_CONFIG_HOME/cloudplane on
// Linux) as config.json, readable by its owner only, because it holds API keys.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { UsageError } from './failures.ts';

export interface StoredContext {
  /** The service root (http://host:8080) or the API root (…/api/v1), as given. */
  url: string;
  token: string;
  /** The project the commands use when neither --project nor CLOUDPLANE_PROJECT names one. */
  project?: string;
}

export interface ContextFile {
  current: string | null;
  contexts: Record<string, StoredContext>;
}

const CONTEXT_NAME = /^[A-Za-z0-9][-\w.]{0,63}$/;

/** Read at call time, not import time: tests and users point XDG_CONFIG_HOME elsewhere per run. */
export function configDirectory(): string {
  return envPaths('cloudplane', { suffix: '' }).config;
}

export function configFilePath(): string {
  return join(configDirectory(), 'config.json');
}

export function readContextFile(): ContextFile {
  const path = configFilePath();
  if (!existsSync(path)) return { current: null, contexts: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON (${(error as Error).message}); fix or remove it`);
  }
  const file = parsed as Partial<ContextFile>;
  return { current: typeof file.current === 'string' ? file.current : null, contexts: file.contexts && typeof file.contexts === 'object' ? file.contexts : {} };
}

/**
 * Written to a new file that is then renamed over the old one: a crash mid-write
 * never leaves half a file, and the new file is created 0600 from the start, so
 * the keys are never readable by others even for a moment.
 */
export function writeContextFile(file: ContextFile): void {
  const directory = configDirectory();
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
  const path = configFilePath();
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** A context name that is not in the file: what there is, and how to make it. */
export function unknownContext(name: string, file: ContextFile): UsageError {
  const known = Object.keys(file.contexts);
  return new UsageError(`no context named "${name}"${known.length ? ` (there are: ${known.join(', ')})` : ''}; create it with: cloudplane context create ${name} --url URL --token-stdin`);
}

/** The context `named` (--context / CLOUDPLANE_CONTEXT), else the current one; null when neither names one. */
export function chooseContext(file: ContextFile, named: string | undefined): { name: string; context: StoredContext } | null {
  const name = named ?? file.current;
  if (!name) return null;
  const context = file.contexts[name];
  if (!context) throw unknownContext(name, file);
  return { name, context };
}

export function checkContextName(name: string): void {
  if (!CONTEXT_NAME.test(name)) throw new UsageError(`context name "${name}": use 1 to 64 letters, digits, dots, underscores and hyphens, starting with a letter or digit`);
}

/** http://host:8080 and http://host:8080/api/v1 (with or without a trailing slash) both reach the project API. */
export function apiRoot(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`"${url}" is not a URL; give the service root, such as http://127.0.0.1:8080`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`"${url}" must be an http or https URL`);
  const path = parsed.pathname.replace(/\/+$/, '');
  parsed.pathname = path.endsWith('/api/v1') ? path : `${path}/api/v1`;
  parsed.search = '';
  parsed.hash = '';
  return parsed.toString();
}
