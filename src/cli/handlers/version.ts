// `cloudplane version` (and `--version`, which prints the first line only):
// the command line's version, and the service's as its /healthz reports it.
// The service is asked without a key; one that cannot be reached or answers
// an error is said plainly (exit 1), one too old to report its version is
// `unknown` (exit 0).
import { CLOUDPLANE_VERSION } from '../../version.ts';
import type { Invocation } from '../invocation.ts';
import { apiRoot } from '../contexts.ts';
import { CommandFailed } from '../failures.ts';
import { outputFormat } from '../output-format.ts';
import { preparePrinting, printRecord } from '../output.ts';
import { serviceUrl } from '../session.ts';

/** How long `version` waits for the service: it is one small read. */
const SERVICE_TIMEOUT_MS = 5_000;

interface ServiceVersion {
  /** The service root, as the commands reach it. */
  url: string;
  version: string | null;
  error?: string;
}

/** The service root beside the project API root (http://host:8080/api/v1 → http://host:8080). */
function serviceRoot(url: string): string {
  return apiRoot(url).replace(/\/api\/v1$/, '');
}

async function askService(url: string): Promise<ServiceVersion> {
  const root = serviceRoot(url);
  const address = `${root}/healthz`;
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS) });
    const body = (await response.json().catch(() => ({}))) as { version?: unknown };
    if (!response.ok) return { url: root, version: null, error: `${address} answered ${response.status}` };
    // A service older than the version field answers, just without it: that is an answer, not a failure.
    return { url: root, version: typeof body.version === 'string' ? body.version : null };
  } catch (error) {
    return { url: root, version: null, error: `${address} did not answer (${(error as Error).message})` };
  }
}

export async function showVersion({ globals }: Invocation): Promise<void> {
  const format = outputFormat(globals);
  await preparePrinting(format);
  const url = serviceUrl(globals);
  const service = url ? await askService(url) : null;
  const record = { command_line: CLOUDPLANE_VERSION, service };
  printRecord(format, record, [
    ['Command line', CLOUDPLANE_VERSION],
    ['Service', service ? (service.version ?? (service.error ? 'not reached' : 'unknown (it does not report its version)')) : '(no context or CLOUDPLANE_URL names one)'],
    ...(service ? ([['Service URL', service.url]] as [string, unknown][]) : []),
  ]);
  if (service?.error) throw new CommandFailed(`error: ${service.error}`);
}
