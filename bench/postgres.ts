// The PostgreSQL server the bench measures on: BENCH_DATABASE_URL, or the
// throwaway one scripts/test-postgres.sh starts. The bench stops the
// throwaway server afterwards only if it started it, so a server others were
// using before the bench keeps running.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  url: string;
  /** Where it came from, for the report. */
  origin: 'BENCH_DATABASE_URL' | 'already running (scripts/test-postgres.sh)' | 'started by the bench (scripts/test-postgres.sh)';
  /** Stops the server if the bench started it; does nothing otherwise. */
  release(): void;
}

async function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function postgresServer(root: string): Promise<PostgresServer> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, origin: 'BENCH_DATABASE_URL', release: () => undefined };
  const script = path.join(root, 'scripts', 'test-postgres.sh');
  // The script's own port setting, so "was it running" asks the same server the script would start.
  const wasRunning = await isListening(Number(process.env.TEST_PG_PORT || 54329));
  const output = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const url = output.trim().split('\n').pop() ?? '';
  if (!url.startsWith('postgres://')) throw new Error(`scripts/test-postgres.sh printed no database URL: ${output}`);
  if (wasRunning) return { url, origin: 'already running (scripts/test-postgres.sh)', release: () => undefined };
  return {
    url,
    origin: 'started by the bench (scripts/test-postgres.sh)',
    release: () => execFileSync('bash', [script, 'stop'], { stdio: 'inherit' }),
  };
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server (as the test helper does), dropped afterwards. */
export async function withFreshDatabase<T>(serverUrl: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `cloudplane_bench_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
