// `cloudplane context create | use | list | delete`. Keys are written to the
// config file only (mode 0600) and never printed.
import { readFileSync } from 'node:fs';
import type { Invocation } from '../invocation.ts';
import { apiRoot, checkContextName, chooseContext, configFilePath, readContextFile, unknownContext, writeContextFile, type ContextFile, type StoredContext } from '../contexts.ts';
import { CloudplaneConnectionError, createClient, type CurrentUser } from '../../client/index.ts';
import { CommandFailed, UsageError } from '../failures.ts';
import { projectAmong } from '../names.ts';
import { outputFormat } from '../output-format.ts';
import { preparePrinting, printList, printRecord } from '../output.ts';

/** A key check gives up after this long: the service should answer at once. */
const CHECK_RETRY_MS = 10_000;

/** The key from --token, --token-stdin, or standard input when it is piped: never a prompt, so scripts can run it. */
function readToken(options: { token?: string; tokenStdin?: boolean }): string {
  if (options.token && options.tokenStdin) throw new UsageError('give --token or --token-stdin, not both');
  if (options.token) return options.token.trim();
  if (!options.tokenStdin && process.stdin.isTTY) {
    throw new UsageError('no API key: pass it on standard input with --token-stdin (printf %s "$KEY" | cloudplane context create …), or with --token');
  }
  const token = readFileSync(0, 'utf8').trim();
  if (!token) throw new UsageError('standard input held no API key');
  return token;
}

/** Who a key belongs to and what it reaches, asked of the service it is for: a key that cannot be used is never saved. */
async function checkKey(url: string, token: string): Promise<CurrentUser> {
  const client = createClient({ baseUrl: apiRoot(url), token, retry: { maxElapsedMs: CHECK_RETRY_MS } });
  try {
    return await client.call(client.raw.GET('/me/'));
  } catch (error) {
    if (error instanceof CloudplaneConnectionError) {
      throw new CommandFailed(`error: ${url} did not answer, so the key could not be checked (${error.message.split('\n')[0]})\nhint: check the URL, or save the context unchecked with --no-check`);
    }
    throw error;
  }
}

/** What to say when the key reaches several projects and the context names none. */
function projectAdvice(me: CurrentUser, project: string | undefined, contextName: string): string {
  if (project || me.projects.length < 2) return '';
  return `\nthe key reaches several projects (${me.projects.map((entry) => entry.slug).join(', ')}): choose one with cloudplane context set-project SLUG --context ${contextName}`;
}

export async function createContext({ args: [name], options, globals, globalSources }: Invocation): Promise<void> {
  checkContextName(name!);
  const { url, use, check } = options as { url: string; use?: boolean; check?: boolean };
  apiRoot(url); // a URL that is not one is refused now rather than at the first command
  const token = readToken(options);
  // Only a --project typed on this command line is stored: one from CLOUDPLANE_PROJECT is this shell's, not the context's.
  const named = globalSources.project === 'cli' ? globals.project : undefined;
  const me = check === false ? null : await checkKey(url, token);
  const project = me && named ? projectAmong(me.projects, named) : named;
  const file = readContextFile();
  const replaced = name! in file.contexts;
  file.contexts[name!] = { url: url.replace(/\/+$/, ''), token, ...(project ? { project } : {}) };
  if (use || !file.current || !(file.current in file.contexts)) file.current = name!;
  writeContextFile(file);
  const current = file.current === name ? ' (current)' : '';
  const owner = me ? ` for ${me.email}` : ' (key not checked)';
  process.stderr.write(`context ${name} ${replaced ? 'replaced' : 'created'}${current}${owner} in ${configFilePath()}${me ? projectAdvice(me, project, name!) : ''}\n`);
}

/** The context a command about contexts means: --context, else the current one. */
function namedOrCurrent(globals: Invocation['globals'], file: ContextFile): { name: string; context: StoredContext } {
  const chosen = chooseContext(file, globals.context);
  if (!chosen) throw new UsageError('no context is current: name one with --context NAME, or make one current with cloudplane context use NAME');
  return chosen;
}

export async function showContext({ args: [asked], globals }: Invocation): Promise<void> {
  const file = readContextFile();
  const { name, context } = namedOrCurrent({ ...globals, context: asked ?? globals.context }, file);
  const format = outputFormat(globals);
  await preparePrinting(format);
  // The key is never printed, not even in part: the record says only where it is kept.
  const record = { name, url: context.url, api_root: apiRoot(context.url), project: context.project ?? null, current: file.current === name };
  printRecord(format, record, [
    ['Name', name],
    ['URL', context.url],
    ['API root', record.api_root],
    ['Project', context.project ?? '(none: the only one the key reaches, or --project)'],
    ['Current', record.current],
    ['API key', `stored in ${configFilePath()} (never shown)`],
  ]);
}

export async function setContextProject({ args: [named], options, globals }: Invocation): Promise<void> {
  const { none, check } = options as { none?: boolean; check?: boolean };
  if (!named && !none) throw new UsageError('name the project (its slug or name), or --none to forget the context\'s project');
  if (named && none) throw new UsageError('give a project or --none, not both');
  const file = readContextFile();
  const { name, context } = namedOrCurrent(globals, file);
  let project: string | undefined;
  if (named) project = check === false ? named : projectAmong((await checkKey(context.url, context.token)).projects, named);
  file.contexts[name] = { url: context.url, token: context.token, ...(project ? { project } : {}) };
  writeContextFile(file);
  process.stderr.write(project ? `context ${name} now works in project ${project}\n` : `context ${name} names no project now\n`);
}

export async function useContext({ args: [name] }: Invocation): Promise<void> {
  const file = readContextFile();
  if (!(name! in file.contexts)) throw unknownContext(name!, file);
  file.current = name!;
  writeContextFile(file);
  process.stderr.write(`now using context ${name}\n`);
}

export async function listContexts({ globals }: Invocation): Promise<void> {
  const file = readContextFile();
  const rows = Object.entries(file.contexts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, context]) => ({ name, url: context.url, project: context.project ?? null, current: name === file.current }));
  printList(outputFormat(globals), rows, [
    { header: 'current', value: (row) => (row.current ? '*' : ' ') },
    { header: 'name', value: (row) => row.name, key: true },
    { header: 'url', value: (row) => row.url },
    { header: 'project', value: (row) => row.project },
  ]);
}

export async function deleteContext({ args: [name] }: Invocation): Promise<void> {
  const file = readContextFile();
  if (!(name! in file.contexts)) throw unknownContext(name!, file);
  delete file.contexts[name!];
  if (file.current === name) file.current = null;
  writeContextFile(file);
  process.stderr.write(`context ${name} deleted${file.current === null ? '; no context is current now (cloudplane context use NAME)' : ''}\n`);
}
