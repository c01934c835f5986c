// What a user command works with: a client for the chosen service and key,
// the project, the output format and the status line on stderr.
//
// Where each comes from, first found wins:
//   service URL  CLOUDPLANE_URL, then the context's url
//   API key      CLOUDPLANE_TOKEN, then the context's token
//   context      --context / CLOUDPLANE_CONTEXT, then the current one
//   project      --project / CLOUDPLANE_PROJECT, then the context's project,
//                then the only project the key reaches
import { createClient, type CloudplaneClient, type RetryEvent, type RetryOptions } from '../client/index.ts';
import type { GlobalOptions } from './invocation.ts';
import { apiRoot, chooseContext, readContextFile, type StoredContext } from './contexts.ts';
import { UsageError } from './failures.ts';
import { looksLikeProjectSlug, resolveProjectSlug } from './names.ts';
import { outputFormat, type OutputFormat } from './output-format.ts';
import { StatusLine } from './progress.ts';
import { systemBehind } from './systems-behind.ts';

export interface Session {
  client: CloudplaneClient;
  output: OutputFormat;
  status: StatusLine;
  /** The project API root the client talks to. */
  apiRoot: string;
  /** The project to work in; asks the API only when nothing names one. */
  project(): Promise<string>;
}

/** "billing did not answer (502 upstream_error); trying again in 4 s" */
export function describeRetry(event: RetryEvent): string {
  const seconds = event.delayMs < 1000 ? (event.delayMs / 1000).toFixed(1) : String(Math.round(event.delayMs / 1000));
  const code = event.code ? ` ${event.code}` : '';
  const again = `trying again in ${seconds} s`;
  if (event.status === 0) return `no answer from the service (${event.method} ${event.path}); ${again}`;
  if (event.status === 429) return `rate limited (429${code}); ${again}`;
  if (event.status === 503) return `${systemBehind(event.path, event.method)} is unavailable (503${code}); ${again}`;
  return `${systemBehind(event.path, event.method)} did not answer (${event.status}${code}); ${again}`;
}

function chosenContext(globals: GlobalOptions): { name: string; context: StoredContext } | null {
  return chooseContext(readContextFile(), globals.context);
}

/** What a caller that cannot wait (shell completion) changes about the session; by default nothing. */
export interface SessionOptions {
  /** Every request of the session is abandoned when this aborts. */
  signal?: AbortSignal;
}

/** fetch, giving up when `deadline` aborts as well as when the request's own signal does. */
function fetchUntil(deadline: AbortSignal): typeof globalThis.fetch {
  return (input, init) => {
    const own = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    return globalThis.fetch(input, { ...init, signal: own ? AbortSignal.any([own, deadline]) : deadline });
  };
}

/**
 * The command line spends at most 45 s retrying one request unless told
 * otherwise: a person waiting at a prompt would rather hear that a system is
 * down than wait out the client's two minutes (which suit a program).
 */
const RETRY_TIMEOUT_MS = 45_000;

function retryBounds(globals: GlobalOptions): RetryOptions {
  if (globals.retry === false) return { maxAttempts: 1 };
  // A bound the user chose is a bound in time alone: `--retry-timeout 10m` rides out an outage however many attempts it takes.
  if (globals.retryTimeout !== undefined) return { maxElapsedMs: globals.retryTimeout, maxAttempts: Number.MAX_SAFE_INTEGER };
  return { maxElapsedMs: RETRY_TIMEOUT_MS };
}

/** The service's URL the commands would use (CLOUDPLANE_URL, then the context's), without needing a key: for `version`. */
export function serviceUrl(globals: GlobalOptions): string | undefined {
  return process.env.CLOUDPLANE_URL || chosenContext(globals)?.context.url;
}

export function openSession(globals: GlobalOptions, options: SessionOptions = {}): Session {
  const chosen = chosenContext(globals);
  const url = process.env.CLOUDPLANE_URL || chosen?.context.url;
  const token = process.env.CLOUDPLANE_TOKEN || chosen?.context.token;
  if (!url || !token) {
    throw new UsageError(
      `no ${url ? 'API key' : 'service URL'} to use: create a context (cloudplane context create NAME --url http://HOST:8080 --token-stdin) or set CLOUDPLANE_URL and CLOUDPLANE_TOKEN`,
    );
  }
  const root = apiRoot(url);
  const status = new StatusLine();
  const client = createClient({
    baseUrl: root,
    token,
    onRetry: (event) => status.note(describeRetry(event)),
    retry: retryBounds(globals),
    ...(options.signal ? { fetch: fetchUntil(options.signal) } : {}),
  });
  let project: Promise<string> | undefined;
  return {
    client,
    output: outputFormat(globals),
    status,
    apiRoot: root,
    project: () => (project ??= resolveProject(client, globals.project ?? chosen?.context.project)),
  };
}

async function resolveProject(client: CloudplaneClient, named: string | undefined): Promise<string> {
  // A value that can be a slug is used as one, unchecked, so that naming the project costs no request;
  // one that cannot ("Web shop") can only be a project's name, looked up once.
  if (named) return looksLikeProjectSlug(named) ? named : resolveProjectSlug({ client }, named);
  const me = await client.call(client.raw.GET('/me/'));
  const [only, ...others] = me.projects;
  if (only && others.length === 0) return only.slug;
  const slugs = me.projects.map((entry) => entry.slug);
  throw new UsageError(
    slugs.length === 0
      ? 'the key reaches no project: create one with cloudplane projects create NAME'
      : `the key reaches several projects (${slugs.join(', ')}): choose one with --project SLUG, CLOUDPLANE_PROJECT, or cloudplane context create … --project SLUG`,
  );
}
