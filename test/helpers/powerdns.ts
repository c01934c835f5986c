// A real PowerDNS Authoritative server (Debian's pdns-server with the
// gsqlite3 backend) started for one test: its HTTP API and its DNS port on
// loopback, in a directory of its own, stopped and removed after the test.
// npm test installs the packages (scripts/test.ts); a missing one fails the test, never skips it.
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { eventually } from './build.ts';

const run = promisify(execFile);
const SCHEMA = '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql';
const INSTALL_HINT = 'install Debian\'s pdns-server, pdns-backend-sqlite3 and dnsutils (apt-get install -y pdns-server pdns-backend-sqlite3 dnsutils); npm test installs them when run as root';

export interface PowerDns {
  apiUrl: string;
  apiKey: string;
  serverId: string;
  dnsPort: number;
  /** What `dig -x address` answers from this server: the PTR name with its dot, or '' when there is none. */
  digReverse(address: string): Promise<string>;
  /** The names of the zones the server holds. */
  zoneNames(): Promise<string[]>;
}

/** Ports free at this moment, all different: each probe stays open until all are taken. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () =>
      new Promise<Server>((resolve, reject) => {
        const server = createServer();
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve(server));
      }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

async function requireTool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') assert.fail(`${command} not found: ${INSTALL_HINT}`);
    // Answered with a non-zero status (pdns_server --version does): it is there.
  }
}

const BIND_FAILED = /(Listening on HTTP socket failed|Unable to bind|Address already in use)/;

/** Starts pdns_server on two fresh ports; undefined when a port was taken before pdns could bind it. */
async function startOnFreePorts(directory: string, stops: (() => Promise<void>)[]): Promise<{ apiUrl: string; apiKey: string; dnsPort: number } | undefined> {
  const [apiPort, dnsPort] = (await freePorts(2)) as [number, number];
  const apiKey = `pdns-test-${process.pid}-${apiPort}`;
  await writeFile(
    join(directory, 'pdns.conf'),
    [
      'launch=gsqlite3',
      `gsqlite3-database=${join(directory, 'pdns.sqlite3')}`,
      'local-address=127.0.0.1',
      `local-port=${dnsPort}`,
      'api=yes',
      `api-key=${apiKey}`,
      'webserver=yes',
      'webserver-address=127.0.0.1',
      `webserver-port=${apiPort}`,
      'webserver-allow-from=127.0.0.0/8',
      `socket-dir=${directory}`,
      'guardian=no',
      'daemon=no',
      'disable-syslog=yes',
      // Answers straight from the database, so a change is visible to dig at once.
      'cache-ttl=0',
      'negquery-cache-ttl=0',
      'query-cache-ttl=0',
      'zone-cache-refresh-interval=0',
      'loglevel=3',
      '',
    ].join('\n'),
  );

  const output: string[] = [];
  const child: ChildProcess = spawn('pdns_server', [`--config-dir=${directory}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  stops.push(stop);

  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const outcome = await eventually(async () => {
    if (BIND_FAILED.test(output.join(''))) return 'port taken';
    if (child.exitCode !== null) assert.fail(`pdns_server exited with ${child.exitCode}: ${output.join('')}`);
    const answer = await fetch(`${apiUrl}/api/v1/servers/localhost`, { headers: { 'X-API-Key': apiKey } }).catch(() => null);
    return answer?.ok ? 'ready' : undefined;
  }, 30_000, 50).catch((error: Error) => assert.fail(`${error.message}; pdns_server printed: ${output.join('')}`));
  if (outcome === 'ready') return { apiUrl, apiKey, dnsPort };
  await stop();
  return undefined;
}

export async function startPowerDns(t: TestContext): Promise<PowerDns> {
  await requireTool('pdns_server', ['--version']);
  await requireTool('dig', ['-v']);
  const schema = await readFile(SCHEMA, 'utf8').catch(() => assert.fail(`${SCHEMA} missing: ${INSTALL_HINT}`));

  const directory = await mkdtemp(join(tmpdir(), 'cloudplane-pdns-'));
  const database = new Database(join(directory, 'pdns.sqlite3'));
  database.exec(schema);
  database.close();

  // A free port can be taken by another test between our probe and pdns's
  // bind; pdns then keeps running without its API (it only logs the failure).
  // So a start that reports a failed bind is retried on fresh ports.
  const stops: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const stop of stops) await stop();
    await rm(directory, { recursive: true, force: true });
  });
  let started: { apiUrl: string; apiKey: string; dnsPort: number } | undefined;
  for (let attempt = 1; !started; attempt += 1) {
    started = await startOnFreePorts(directory, stops);
    if (!started && attempt === 3) assert.fail('pdns_server could not bind its ports in three attempts');
  }
  const { apiUrl, apiKey, dnsPort } = started;

  return {
    apiUrl,
    apiKey,
    serverId: 'localhost',
    dnsPort,
    async digReverse(address) {
      const { stdout } = await run('dig', ['+short', '+time=2', '+tries=1', `@127.0.0.1`, '-p', String(dnsPort), '-x', address]);
      return stdout.trim();
    },
    async zoneNames() {
      const answer = await fetch(`${apiUrl}/api/v1/servers/localhost/zones`, { headers: { 'X-API-Key': apiKey } });
      assert.equal(answer.status, 200);
      return ((await answer.json()) as { name: string }[]).map((zone) => zone.name).sort();
    },
  };
}
