// Output for scripts, against a real `cloudplane serve`: -o table | wide |
// json | yaml | columns=…, --no-header, and -q (ids only, so that
// `cloudplane servers list -q | xargs -n1 cloudplane servers reboot` works).
// yaml is the json data written another way; wide never drops a column, even
// at 40 columns; an unknown column is a usage error naming the ones there are.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { assertExit, configHome, PROJECT_ROOT, runCli, startService, type CliResult, type Service } from './harness.ts';

const SERVER_ID = /^[0-9a-f]{16}$/;

/**
 * A shell pipeline as a user types it, with the suite's config directory:
 * `cloudplane` is a script on PATH that runs the command line through tsx
 * (xargs runs programs, not shell functions).
 */
function runPipeline(configDirectory: string, pipeline: string): Promise<CliResult> {
  const bin = path.join(configDirectory, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  const main = path.join(PROJECT_ROOT, 'src/cli/main.ts');
  fs.writeFileSync(path.join(bin, 'cloudplane'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(main)} "$@"\n`, { mode: 0o755 });
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: configDirectory, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  for (const name of Object.keys(env)) if (name.startsWith('CLOUDPLANE_') || name === 'COLUMNS') delete env[name];
  const child = spawn('sh', ['-c', pipeline], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

describe('output for scripts', () => {
  let service: Service;
  let home: ReturnType<typeof configHome>;
  const serverIds: string[] = [];
  const cli = (...args: string[]) => runCli(home.directory, args);
  const narrow = (...args: string[]) => runCli(home.directory, args, { env: { COLUMNS: '40' } });

  before(async () => {
    service = await startService();
    home = configHome();
    assertExit(await runCli(home.directory, ['context', 'create', 'test', '--url', service.serve.baseUrl, '--token-stdin'], { input: service.key }), 0, 'context create');

    // -q on a create prints the new id and nothing else: with --wait the server's, without it the order's.
    const waited = await cli('servers', 'create', 'out-web-1', '--product', '1', '--location', 'fsn1', '--image', 'debian-12', '--wait', '-q');
    assertExit(waited, 0, 'servers create --wait -q');
    assert.match(waited.stdout, /^[0-9a-f]{16}\n$/, 'only the new server id on stdout');
    serverIds.push(waited.stdout.trim());

    const placed = await cli('servers', 'create', 'out-web-2', '--product', '1', '--location', 'fsn1', '--image', 'debian-12', '-q');
    assertExit(placed, 0, 'servers create -q');
    assert.match(placed.stdout, /^\d+\n$/, 'only the order id on stdout');
    assert.doesNotMatch(placed.stdout + placed.stderr, /follow it with/, 'the note is left out with -q');
    const followed = await cli('orders', 'wait', placed.stdout.trim(), '-o', 'json');
    assertExit(followed, 0, 'orders wait');
    serverIds.push(JSON.parse(followed.stdout).server_id);
  });
  after(async () => {
    await service?.stop();
    home?.remove();
  });

  test('-q prints the ids of a list, one per line, and nothing else', async () => {
    const quiet = await cli('servers', 'list', '-q');
    assertExit(quiet, 0, 'servers list -q');
    assert.deepEqual(lines(quiet.stdout).sort(), [...serverIds].sort());
    assert.equal(quiet.stderr, '');
    // A list without ids prints its key: a project's slug.
    const projects = await cli('projects', 'list', '--quiet');
    assertExit(projects, 0, 'projects list --quiet');
    assert.equal(projects.stdout, `${service.project}\n`);
  });

  test('servers list -q | xargs -n1 servers reboot reboots every server', async () => {
    const rebooted = await runPipeline(home.directory, 'cloudplane servers list -q | xargs -n1 cloudplane servers reboot -q');
    assertExit(rebooted, 0, 'the pipeline');
    const actionIds = lines(rebooted.stdout);
    assert.equal(actionIds.length, serverIds.length, `one action id per server:\n${rebooted.stdout}`);
    for (const id of actionIds) {
      assert.match(id, /^\d+$/);
      const action = await service.serve.api(`/projects/${service.project}/actions/${id}/`, { key: service.key });
      assert.equal(action.body.type, 'server.reboot');
    }
    const rebootedServers = await Promise.all(actionIds.map(async (id) => (await service.serve.api(`/projects/${service.project}/actions/${id}/`, { key: service.key })).body.resource.id));
    assert.deepEqual(rebootedServers.sort(), [...serverIds].sort());
  });

  test('table has a header line; --no-header leaves it out and keeps the rows', async () => {
    const table = await cli('servers', 'list');
    assertExit(table, 0, 'servers list');
    assert.match(lines(table.stdout)[0]!, /^ID\s+HOSTNAME\s+STATUS\s+IPV4\s+LOCATION\s+PLAN$/);
    assert.equal(lines(table.stdout).length, 1 + serverIds.length);

    const bare = await cli('servers', 'list', '--no-header');
    assertExit(bare, 0, 'servers list --no-header');
    assert.equal(lines(bare.stdout).length, serverIds.length);
    for (const line of lines(bare.stdout)) assert.match(line.split(/\s+/)[0]!, SERVER_ID, `a row, not a header: ${line}`);

    const projects = await cli('projects', 'list', '--no-header');
    assertExit(projects, 0, 'projects list --no-header');
    assert.match(projects.stdout, new RegExp(`^${service.project}\\s+Command line\\s+owner\\s+ready\\n$`));
  });

  test('wide shows every column, its own extra ones too, and never drops or cuts one at COLUMNS=40', async () => {
    const fitted = await narrow('servers', 'list');
    assertExit(fitted, 0, 'servers list at 40 columns');
    assert.doesNotMatch(lines(fitted.stdout)[0]!, /PLAN/, 'the table drops optional columns to fit');

    const wide = await narrow('servers', 'list', '-o', 'wide');
    assertExit(wide, 0, 'servers list -o wide at 40 columns');
    const [header, ...rows] = lines(wide.stdout);
    assert.match(header!, /^ID\s+HOSTNAME\s+STATUS\s+IPV4\s+LOCATION\s+PLAN\s+CITY$/);
    assert.ok(header!.length > 40, 'wider than the terminal, as asked');
    const listed = (await service.serve.api(`/projects/${service.project}/servers/`, { key: service.key })).body.results as { id: string; ipv4_primary: string }[];
    const row = rows.find((line) => line.startsWith(serverIds[0]!));
    assert.ok(row, `a row for ${serverIds[0]}`);
    assert.ok(!row.includes('…'), 'nothing is cut');
    const ipv4 = listed.find((server) => server.id === serverIds[0])!.ipv4_primary;
    assert.match(row, new RegExp(`^${serverIds[0]}\\s+out-web-1\\s+running\\s+${ipv4.replaceAll('.', '\\.')}\\s+fsn1\\s+\\S+\\s+\\S`));

    const projects = await narrow('projects', 'list', '-o', 'wide');
    assertExit(projects, 0, 'projects list -o wide');
    assert.match(lines(projects.stdout)[0]!, /^SLUG\s+NAME\s+ROLE\s+STATUS\s+CREATED$/);
  });

  test('columns= prints exactly the columns named, in that order, by header or API field name, any case', async () => {
    const picked = await cli('servers', 'list', '-o', 'columns=hostname,ID,ipv4_primary,City');
    assertExit(picked, 0, 'servers list -o columns=');
    const [header, ...rows] = lines(picked.stdout);
    assert.match(header!, /^HOSTNAME\s+ID\s+IPV4\s+CITY$/);
    const fromApi = (await service.serve.api(`/projects/${service.project}/servers/`, { key: service.key })).body.results as { id: string; hostname: string; ipv4_primary: string }[];
    assert.deepEqual(
      rows.map((row) => row.split(/\s{2,}/).slice(0, 3)).sort(),
      fromApi.map((server) => [server.hostname, server.id, server.ipv4_primary]).sort(),
    );

    const bare = await cli('servers', 'list', '--format', 'columns=id', '--no-header');
    assertExit(bare, 0, 'servers list --format columns=id --no-header');
    assert.deepEqual(lines(bare.stdout).sort(), [...serverIds].sort());

    const record = await cli('servers', 'describe', serverIds[0]!, '-o', 'columns=hostname,status', '--no-header');
    assertExit(record, 0, 'servers describe -o columns=');
    assert.equal(record.stdout, 'out-web-1  running\n');
  });

  test('an unknown column is a usage error that names the columns there are', async () => {
    const unknown = await cli('servers', 'list', '-o', 'columns=id,flavour');
    assertExit(unknown, 2, 'an unknown column');
    assert.equal(unknown.stdout, '');
    assert.match(unknown.stderr, /^error: unknown column "flavour" \(the columns are: id, hostname, status, ipv4, location, plan, city\)$/m);

    const label = await cli('servers', 'describe', serverIds[0]!, '-o', 'columns=flavour');
    assertExit(label, 2, 'an unknown field of a record');
    assert.match(label.stderr, /^error: unknown column "flavour" \(the columns are: id, hostname, status, .*firewall_groups.*\)$/m);

    assertExit(await cli('servers', 'list', '-o', 'xml'), 2, 'a format that does not exist');
  });

  test('yaml is the json data written as YAML: lists, a describe, and the problem of a failure', async () => {
    for (const args of [['servers', 'list'], ['projects', 'list'], ['servers', 'describe', serverIds[0]!], ['projects', 'describe']]) {
      const json = await cli(...args, '-o', 'json');
      assertExit(json, 0, `${args.join(' ')} -o json`);
      const yaml = await cli(...args, '-o', 'yaml');
      assertExit(yaml, 0, `${args.join(' ')} -o yaml`);
      assert.ok(!yaml.stdout.trimStart().startsWith('[') && !yaml.stdout.trimStart().startsWith('{'), 'YAML in block style, not JSON');
      assert.deepEqual(parseYaml(yaml.stdout), JSON.parse(json.stdout), `${args.join(' ')}: the same data`);
    }
    const fromEnvironment = await runCli(home.directory, ['servers', 'describe', serverIds[0]!], { env: { CLOUDPLANE_OUTPUT: 'yaml' } });
    assertExit(fromEnvironment, 0, 'CLOUDPLANE_OUTPUT=yaml');
    assert.equal(parseYaml(fromEnvironment.stdout).id, serverIds[0]);

    const group = await cli('firewall', 'groups', 'create', 'out-yaml', '-o', 'yaml');
    assertExit(group, 0, 'firewall groups create -o yaml');
    const taken = await cli('firewall', 'groups', 'create', 'out-yaml', '-o', 'yaml');
    assertExit(taken, 1, 'a group name already taken, yaml');
    assert.deepEqual(
      { code: parseYaml(taken.stdout).code, group_id: parseYaml(taken.stdout).group_id },
      { code: 'name_taken', group_id: parseYaml(group.stdout).id },
      'the problem document on stdout, as YAML',
    );
    assert.match(taken.stderr, /^error: .+ \(name_taken\)$/m, 'and the message for people on stderr');
  });

  test('notes go to stderr with yaml, to stdout beside a table, nowhere with -q', async () => {
    const yaml = await cli('projects', 'create', 'Notes yaml', '-o', 'yaml');
    assertExit(yaml, 0, 'projects create -o yaml');
    assert.equal(parseYaml(yaml.stdout).name, 'Notes yaml', 'stdout parses');
    assert.match(yaml.stderr, /^work in it with --project /m);

    const table = await cli('projects', 'create', 'Notes table');
    assertExit(table, 0, 'projects create');
    assert.match(table.stdout, /^work in it with --project /m);

    const quiet = await cli('projects', 'create', 'Notes quiet', '-q');
    assertExit(quiet, 0, 'projects create -q');
    assert.match(quiet.stdout, /^[a-z0-9-]+\n$/, 'only the new slug');
    assert.equal(quiet.stderr, '');
    const created = await service.serve.api(`/projects/${quiet.stdout.trim()}/`, { key: service.key });
    assert.equal(created.body.name, 'Notes quiet');
  });
});
