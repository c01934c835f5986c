// `cloudplane context create | use | list | delete`. Keys are written to the
// config file only (mode 0600) and never printed.
import { readFileSync } from 'node:fs';
import type { Invocation } from '../command-actions.ts';
import { apiRoot, checkContextName, configFilePath, readContextFile, writeContextFile } from '../contexts.ts';
import { UsageError } from '../failures.ts';
import { printJson, printList } from '../output.ts';

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

export async function createContext({ args: [name], options, globals, globalSources }: Invocation): Promise<void> {
  checkContextName(name!);
  const { url, use } = options as { url: string; use?: boolean };
  apiRoot(url); // a URL that is not one is refused now rather than at the first command
  const token = readToken(options);
  // Only a --project typed on this command line is stored: one from CLOUDPLANE_PROJECT is this shell's, not the context's.
  const project = globalSources.project === 'cli' ? globals.project : undefined;
  const file = readContextFile();
  const replaced = name! in file.contexts;
  file.contexts[name!] = { url: url.replace(/\/+$/, ''), token, ...(project ? { project } : {}) };
  if (use || !file.current || !(file.current in file.contexts)) file.current = name!;
  writeContextFile(file);
  const current = file.current === name ? ' (current)' : '';
  process.stderr.write(`context ${name} ${replaced ? 'replaced' : 'created'}${current} in ${configFilePath()}\n`);
}

export async function useContext({ args: [name] }: Invocation): Promise<void> {
  const file = readContextFile();
  if (!(name! in file.contexts)) throw new UsageError(`no context named "${name}"; see cloudplane context list`);
  file.current = name!;
  writeContextFile(file);
  process.stderr.write(`now using context ${name}\n`);
}

export async function listContexts({ globals }: Invocation): Promise<void> {
  const file = readContextFile();
  const rows = Object.entries(file.contexts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, context]) => ({ name, url: context.url, project: context.project ?? null, current: name === file.current }));
  if (globals.output === 'json') return printJson(rows);
  printList('table', rows, [
    { header: 'current', value: (row) => (row.current ? '*' : ' ') },
    { header: 'name', value: (row) => row.name },
    { header: 'url', value: (row) => row.url },
    { header: 'project', value: (row) => row.project },
  ]);
}

export async function deleteContext({ args: [name] }: Invocation): Promise<void> {
  const file = readContextFile();
  if (!(name! in file.contexts)) throw new UsageError(`no context named "${name}"; see cloudplane context list`);
  delete file.contexts[name!];
  if (file.current === name) file.current = null;
  writeContextFile(file);
  process.stderr.write(`context ${name} deleted${file.current === null ? '; no context is current now (cloudplane context use NAME)' : ''}\n`);
}
