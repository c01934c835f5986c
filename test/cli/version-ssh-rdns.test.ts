// Smaller commands against a real `cloudplane serve`: field errors named as
// they were typed, `version` (the command line's and the service's),
// `servers ssh` handing over to the user's own ssh (a recording stand-in on
// PATH here, so nothing connects anywhere), `rdns get` of an IPv4 address and
// of one inside the server's IPv6 subnet, and the pipeline docs/cli.md shows:
// `cloudplane servers list -q | xargs -n1 cloudplane servers reboot`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import ipaddr from 'ipaddr.js';
import { eventually } from '../helpers/build.ts';
import { assertExit, configHome, PROJECT_ROOT, runCli, startService, type CliResult, type Service } from './harness.ts';

const PACKAGE_VERSION: string = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')).version;
/** What the stand-in ssh exits with: the command must exit with it too. */
const SSH_EXIT_CODE = 7;

/** The address of a port nobody listens on. */
async function silentAddress(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** An address inside `subnet` (CIDR) other than its first, as the service writes addresses (RFC 5952). */
function addressInside(subnet: string): string {
  const [network] = ipaddr.IPv6.parseCIDR(subnet);
  const parts = [...network.parts];
  parts[7] = 0x1234;
  return new ipaddr.IPv6(parts).toRFC5952String();
}

describe('version, ssh, reverse DNS and field errors against a running service', () => {
  let service: Service;
  let home: ReturnType<typeof configHome>;
  /** A directory for the stand-in programs and what they record, removed with the suite. */
  let scratch: string;
  const servers = { ssh: { id: '', ipv4: '' }, rdns: { id: '', ipv4: '', ipv6Subnet: '' } };
  const cli = (...args: string[]) => runCli(home.directory, args);
  const api = (pathname: string, options: Parameters<Service['serve']['api']>[1] = {}) => service.serve.api(`/projects/${service.project}${pathname}`, { key: service.key, ...options });

  async function placeServer(hostname: string, extra: Record<string, unknown> = {}): Promise<any> {
    const placed = await service.serve.admin(`/projects/${service.project}/servers`, {
      method: 'POST',
      body: { hostname, product_id: 1, location: 'fsn1', image: 'debian-12', ...extra },
    });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const server = await api(`/servers/${placed.body.id}/`);
    assert.equal(server.status, 200, JSON.stringify(server.body));
    return server.body;
  }

  before(async () => {
    service = await startService();
    home = configHome();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-cli-tools-'));
    const created = await runCli(home.directory, ['context', 'create', 'test', '--url', service.serve.baseUrl, '--token-stdin'], { input: service.key });
    assertExit(created, 0, 'context create');
    const sshServer = await placeServer('ssh-web-1');
    servers.ssh = { id: sshServer.id, ipv4: sshServer.network.ipv4.find((entry: { primary: boolean }) => entry.primary).address };
    const rdnsServer = await placeServer('rdns-web-1', { ipv6: true });
    assert.equal(rdnsServer.network.ipv6.length, 1, JSON.stringify(rdnsServer.network));
    servers.rdns = { id: rdnsServer.id, ipv4: rdnsServer.network.ipv4[0].address, ipv6Subnet: rdnsServer.network.ipv6[0].subnet };
  });
  after(async () => {
    await service?.stop();
    home?.remove();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  describe('field errors are named as they were typed', () => {
    test('firewall rules add --source with a bad CIDR: one line naming --source, never source_cidr', async () => {
      const group = await cli('firewall', 'groups', 'create', 'office', '-o', 'json');
      assertExit(group, 0, 'firewall groups create');
      const refused = await cli('firewall', 'rules', 'add', 'office', '--protocol', 'tcp', '--port', '22', '--source', '10.0.0.0/33');
      assertExit(refused, 1, 'a /33');
      const lines = refused.stderr.trimEnd().split('\n');
      const errors = lines.filter((line) => line.startsWith('error:') || line.startsWith('  '));
      assert.equal(errors.length, 1, refused.stderr);
      assert.match(errors[0]!, /^error: --source: .+ \(validation_error\)$/);
      assert.ok(!refused.stderr.includes('source_cidr'), refused.stderr);
      const rules = await api(`/firewall-groups/${JSON.parse(group.stdout).id}/rules/`);
      assert.equal(rules.body.count ?? rules.body.results?.length, 0, 'no rule was added');
    });

    test('servers create --location nowhere names --location and the locations there are', async () => {
      const refused = await cli('servers', 'create', 'x1', '--product', '1', '--location', 'nowhere', '--image', 'debian-12');
      assertExit(refused, 1, 'an unknown location');
      assert.match(refused.stderr, /^error: --location: is not a location of the catalogue \(there are: [a-z0-9]+(, [a-z0-9]+)*\) \(validation_error\)$/m);
      assert.match(refused.stderr, /there are: .*\bfsn1\b/);
      assert.equal(refused.stderr.split('\n').filter((line) => line.includes('validation_error')).length, 1, refused.stderr);
    });
  });

  describe('version', () => {
    test('the command line\'s version and the service\'s', async () => {
      const shown = await cli('version');
      assertExit(shown, 0, 'version');
      assert.match(shown.stdout, new RegExp(`^Command line\\s+${PACKAGE_VERSION.replace(/\./g, '\\.')}$`, 'm'));
      assert.match(shown.stdout, new RegExp(`^Service\\s+${PACKAGE_VERSION.replace(/\./g, '\\.')}$`, 'm'));

      // The project API root works as well as the service root.
      const json = await runCli(home.directory, ['version', '-o', 'json'], { env: { CLOUDPLANE_URL: `${service.serve.baseUrl}/api/v1` } });
      assertExit(json, 0, 'version -o json');
      assert.deepEqual(JSON.parse(json.stdout), { command_line: PACKAGE_VERSION, service: { url: service.serve.baseUrl, version: PACKAGE_VERSION } });
    });

    test('--version and -V print the version alone', async () => {
      for (const flag of ['--version', '-V']) {
        const printed = await cli(flag);
        assertExit(printed, 0, flag);
        assert.equal(printed.stdout, `${PACKAGE_VERSION}\n`, flag);
      }
    });

    test('with no context and no CLOUDPLANE_URL, the command line\'s version alone, exit 0', async () => {
      const bare = configHome();
      try {
        const shown = await runCli(bare.directory, ['version', '-o', 'json']);
        assertExit(shown, 0, 'version without a service');
        assert.deepEqual(JSON.parse(shown.stdout), { command_line: PACKAGE_VERSION, service: null });
      } finally {
        bare.remove();
      }
    });

    test('a service that does not answer: exit 1, the command line\'s version still printed', async () => {
      const address = await silentAddress();
      const silent = await runCli(home.directory, ['version'], { env: { CLOUDPLANE_URL: address } });
      assertExit(silent, 1, 'version against an address nobody answers');
      assert.match(silent.stdout, new RegExp(`^Command line\\s+${PACKAGE_VERSION.replace(/\./g, '\\.')}$`, 'm'));
      assert.match(silent.stderr, new RegExp(`^error: ${address}/healthz did not answer`, 'm'));
    });
  });

  describe('servers ssh', () => {
    let bin: string;
    let recorded: string;
    /** Only the stand-in is on PATH: whatever happens, no real ssh runs. */
    const sshEnv = () => ({ PATH: bin });
    const recordedArguments = () => fs.readFileSync(recorded, 'utf8').split('\n').slice(0, -1);

    before(() => {
      bin = path.join(scratch, 'ssh-bin');
      recorded = path.join(scratch, 'ssh-arguments');
      fs.mkdirSync(bin);
      // Records its arguments one per line, and exits with a code of its own.
      fs.writeFileSync(path.join(bin, 'ssh'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${recorded}'\nexit ${SSH_EXIT_CODE}\n`, { mode: 0o755 });
    });

    test('runs ssh as root to the server\'s primary IPv4 address with the remote command, and exits with ssh\'s code', async () => {
      const keyFile = path.join(scratch, 'id_test');
      const result = await runCli(home.directory, ['servers', 'ssh', 'ssh-web-1', '-i', keyFile, '--', 'uname', '-a'], { env: sshEnv() });
      assertExit(result, SSH_EXIT_CODE, 'servers ssh exits with ssh\'s code');
      assert.deepEqual(recordedArguments(), ['-l', 'root', '-i', keyFile, servers.ssh.ipv4, '--', 'uname', '-a']);
    });

    test('--user and --port are passed on; a server named by its id works too', async () => {
      fs.rmSync(recorded, { force: true });
      const result = await runCli(home.directory, ['servers', 'ssh', servers.ssh.id, '--user', 'admin', '--port', '2222'], { env: sshEnv() });
      assertExit(result, SSH_EXIT_CODE, 'servers ssh --user --port');
      assert.deepEqual(recordedArguments(), ['-l', 'admin', '-p', '2222', servers.ssh.ipv4]);
    });

    test('a server that does not exist: exit 1, and ssh never runs', async () => {
      fs.rmSync(recorded, { force: true });
      const result = await runCli(home.directory, ['servers', 'ssh', 'no-such-server', '--', 'uname'], { env: sshEnv() });
      assertExit(result, 1, 'servers ssh to nothing');
      assert.match(result.stderr, /\(not_found\)$/m);
      assert.ok(!fs.existsSync(recorded), 'ssh was not run');
    });
  });

  describe('reverse DNS', () => {
    test('get reads back a PTR set on an address inside the server\'s IPv6 subnet', async () => {
      const address = addressInside(servers.rdns.ipv6Subnet);
      const set = await cli('rdns', 'set', 'rdns-web-1', address, 'v6.example.com');
      assertExit(set, 0, 'rdns set on an IPv6 address');
      const got = await cli('rdns', 'get', 'rdns-web-1', address, '-o', 'json');
      assertExit(got, 0, 'rdns get on an IPv6 address');
      assert.deepEqual(JSON.parse(got.stdout), { address, ptr: 'v6.example.com' });
      const table = await cli('reverse-dns', 'get', servers.rdns.id, address);
      assertExit(table, 0, 'reverse-dns get as a table');
      assert.match(table.stdout, /^PTR\s+v6\.example\.com$/m);
      // An address of the subnet with no PTR of its own has none.
      const other = await cli('rdns', 'get', 'rdns-web-1', addressInside(servers.rdns.ipv6Subnet).replace(/1234$/, '4321'), '-o', 'json');
      assertExit(other, 0, 'rdns get on another address of the subnet');
      assert.equal(JSON.parse(other.stdout).ptr, null);
    });

    test('get reads an IPv4 address\'s PTR as set', async () => {
      const set = await cli('rdns', 'set', 'rdns-web-1', servers.rdns.ipv4, 'v4.example.com');
      assertExit(set, 0, 'rdns set on the IPv4 address');
      const got = await cli('rdns', 'get', 'rdns-web-1', servers.rdns.ipv4, '-o', 'json');
      assertExit(got, 0, 'rdns get on the IPv4 address');
      assert.deepEqual(JSON.parse(got.stdout), { address: servers.rdns.ipv4, ptr: 'v4.example.com' });
    });

    test('an address that is not the server\'s is not found: exit 1', async () => {
      // The other server's address: a real address, only not this server's.
      const foreign = await cli('rdns', 'get', 'rdns-web-1', servers.ssh.ipv4);
      assertExit(foreign, 1, 'rdns get of another server\'s address');
      assert.match(foreign.stderr, /^error: .+ \(not_found\)$/m);
      assert.equal(foreign.stdout, '');
      const outside = await cli('rdns', 'get', 'rdns-web-1', '2001:db8::1');
      assertExit(outside, 1, 'rdns get of an address outside the subnet');
      assert.match(outside.stderr, /\(not_found\)$/m);
    });
  });

  test('the pipeline: cloudplane servers list -q | xargs -n1 cloudplane servers reboot', { timeout: 120_000 }, async () => {
    const bin = path.join(scratch, 'cloudplane-bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'cloudplane'), `#!/bin/sh\nexec '${process.execPath}' --import tsx '${PROJECT_ROOT}/src/cli/main.ts' "$@"\n`, { mode: 0o755 });
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: home.directory, PATH: `${bin}:${process.env.PATH}` };
    for (const name of Object.keys(env)) if (name.startsWith('CLOUDPLANE_')) delete env[name];
    const listed = await api('/servers/');
    const serverIds: string[] = listed.body.results.map((server: { id: string }) => server.id).sort();
    assert.ok(serverIds.length >= 2, 'more than one server, so xargs runs more than once');

    const child = spawn('sh', ['-c', 'cloudplane servers list -q | xargs -n1 cloudplane servers reboot'], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // A pipeline that hangs is killed, so that the suite still ends.
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    clearTimeout(timer);
    const result: CliResult = { code, stdout, stderr };
    assertExit(result, 0, 'the pipeline');
    assert.equal(stdout.match(/^Type\s+server\.reboot$/gm)?.length, serverIds.length, 'one started reboot printed per server');

    const rebooted = await eventually(async () => {
      const actions = await api('/actions/?page_size=500');
      const reboots = actions.body.results.filter((action: { type: string }) => action.type === 'server.reboot');
      return reboots.length >= serverIds.length ? reboots : null;
    });
    assert.deepEqual(rebooted.map((action: { resource: { id: string } }) => action.resource.id).sort(), serverIds, 'every server got one reboot');
  });
});
