// A real Prometheus server (Debian's prometheus package) started for one
// test: listening on loopback, its data in a directory of its own, stopped
// and removed after the test, also when the test fails. It starts with
// nothing to scrape; `scrape` points it at a target once the target listens
// (the target, a cloudplane, needs Prometheus's address to start).
// npm test installs the package (scripts/test.ts); a missing one fails the test, never skips it.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { eventually } from './build.ts';

const PROMETHEUS = '/usr/bin/prometheus';
const INSTALL_HINT = "install Debian's prometheus (apt-get install -y prometheus); npm test installs it when run as root";
/** How often the test's Prometheus scrapes: the finest Prometheus allows in practice, so a test has data in seconds. */
export const SCRAPE_INTERVAL_SECONDS = 1;
const STOP_GRACE_MS = 10_000;

export interface ScrapeTarget {
  /** Where the counters are served, such as http://127.0.0.1:41234/admin/v1/simulator/counters. */
  url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  bearerToken: string;
}

export interface InstantSample {
  metric: Record<string, string>;
  value: [number, string];
}

export interface Prometheus {
  /** http://127.0.0.1:port */
  url: string;
  /** Scrapes `target` every SCRAPE_INTERVAL_SECONDS from now on (the configuration reloaded), once Prometheus has taken it up. */
  scrape(target: ScrapeTarget): Promise<void>;
  /** An instant query, now. */
  query(promql: string): Promise<InstantSample[]>;
  /** Stops the server (again: nothing). */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function configuration(target: ScrapeTarget | null): string {
  const global = ['global:', `  scrape_interval: ${SCRAPE_INTERVAL_SECONDS}s`, `  scrape_timeout: ${SCRAPE_INTERVAL_SECONDS}s`, `  evaluation_interval: ${SCRAPE_INTERVAL_SECONDS}s`];
  if (!target) return [...global, 'scrape_configs: []', ''].join('\n');
  const url = new URL(target.url);
  return [
    ...global,
    'scrape_configs:',
    '  - job_name: cloudplane',
    `    scheme: ${url.protocol.replace(':', '')}`,
    `    metrics_path: ${JSON.stringify(url.pathname)}`,
    '    authorization:',
    '      type: Bearer',
    `      credentials: ${JSON.stringify(target.bearerToken)}`,
    '    static_configs:',
    `      - targets: [${JSON.stringify(url.host)}]`,
    '',
  ].join('\n');
}

/** The port was taken between our probe and Prometheus's bind. */
const BIND_FAILED = /address already in use/i;

/** Starts Prometheus on a fresh port; undefined when the port was taken before it could bind it. */
async function startOnFreePort(directory: string, stops: (() => Promise<void>)[]): Promise<{ url: string; child: ChildProcess; output: () => string } | undefined> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(directory, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(directory, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(killer);
  };
  stops.push(stop);

  const url = `http://127.0.0.1:${port}`;
  const outcome = await eventually(async () => {
    if (BIND_FAILED.test(output.join(''))) return 'port taken';
    if (child.exitCode !== null) assert.fail(`prometheus exited with ${child.exitCode}: ${output.join('')}`);
    const answer = await fetch(`${url}/-/ready`).catch(() => null);
    return answer?.ok ? 'ready' : undefined;
  }, 30_000, 50).catch((error: Error) => assert.fail(`${error.message}; prometheus printed: ${output.join('')}`));
  if (outcome === 'ready') return { url, child, output: () => output.join('') };
  await stop();
  return undefined;
}

export async function startPrometheus(t: TestContext): Promise<Prometheus> {
  if (!existsSync(PROMETHEUS)) assert.fail(`${PROMETHEUS} not found: ${INSTALL_HINT}`);
  const directory = await mkdtemp(join(tmpdir(), 'cloudplane-prometheus-'));
  await writeFile(join(directory, 'prometheus.yml'), configuration(null));
  const stops: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const stop of stops) await stop();
    await rm(directory, { recursive: true, force: true });
  });
  let started: Awaited<ReturnType<typeof startOnFreePort>>;
  for (let attempt = 1; !started; attempt += 1) {
    started = await startOnFreePort(directory, stops);
    if (!started && attempt === 3) assert.fail('prometheus could not bind a port in three attempts');
  }
  const { url, child, output } = started;

  const api = async <T>(path: string): Promise<T> => {
    const answer = await fetch(`${url}${path}`);
    const body = (await answer.json()) as { status: string; data: T; error?: string };
    assert.equal(body.status, 'success', `${path}: ${body.error}`);
    return body.data;
  };

  return {
    url,
    async scrape(target) {
      await writeFile(join(directory, 'prometheus.yml'), configuration(target));
      // SIGHUP reloads the configuration, as the Debian service's `reload` does.
      child.kill('SIGHUP');
      await eventually(async () => {
        const { activeTargets } = await api<{ activeTargets: { scrapeUrl: string }[] }>('/api/v1/targets');
        return activeTargets.some((active) => active.scrapeUrl === target.url);
      }, 30_000, 100).catch((error: Error) => assert.fail(`${error.message}: prometheus never took up ${target.url}; it printed: ${output()}`));
    },
    async query(promql) {
      const data = await api<{ result: InstantSample[] }>(`/api/v1/query?query=${encodeURIComponent(promql)}`);
      return data.result;
    },
    async stop() {
      for (const stop of stops) await stop();
    },
  };
}
