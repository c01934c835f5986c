// The user commands against a real `cloudplane serve` on the embedded
// database: order a server and wait for it, read it back as a table and as
// the API's JSON, reboot it and wait, add a firewall rule twice, and the exit
// codes scripts rely on (0 ok, 1 API error with its code, 2 usage).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertExit, configHome, runCli, startService, type CliResult, type Service } from './harness.ts';

describe('user commands against a running service', () => {
  let service: Service;
  let home: ReturnType<typeof configHome>;
  let serverId: string;
  const cli = (...args: string[]) => runCli(home.directory, args);
  const json = (result: CliResult) => JSON.parse(result.stdout);

  before(async () => {
    service = await startService();
    home = configHome();
    // The key reaches one project, so none is stored: the command finds it (GET /me/).
    const created = await runCli(home.directory, ['context', 'create', 'test', '--url', service.serve.baseUrl, '--token-stdin'], { input: service.key });
    assertExit(created, 0, 'context create');
  });
  after(async () => {
    await service?.stop();
    home?.remove();
  });

  test('servers create --wait orders a server and follows the order to completed', async () => {
    const ordered = await cli('servers', 'create', 'cli-web-1', '--product', '1', '--location', 'fsn1', '--image', 'debian-12', '--wait', '--output', 'json');
    assertExit(ordered, 0, 'servers create --wait');
    const order = json(ordered);
    assert.equal(order.status, 'completed');
    assert.equal(order.type, 'server');
    assert.equal(order.request.hostname, 'cli-web-1');
    assert.match(order.server_id, /^[0-9a-f]{16}$/);
    serverId = order.server_id;
    // Not a terminal: the progress is plain lines on stderr, ending with the final state.
    assert.match(ordered.stderr, new RegExp(`^order ${order.id}: completed \\(server ${serverId}\\)$`, 'm'));
    const recorded = await service.serve.api(`/projects/${service.project}/orders/${order.id}/`, { key: service.key });
    assert.equal(recorded.body.status, 'completed');
  });

  test('servers describe: a table for people, the API record as it is with --output json', async () => {
    const table = await cli('servers', 'describe', serverId);
    assertExit(table, 0, 'servers describe');
    assert.match(table.stdout, new RegExp(`^ID\\s+${serverId}$`, 'm'));
    assert.match(table.stdout, /^Hostname\s+cli-web-1$/m);
    assert.match(table.stdout, /^Status\s+running$/m);

    const described = await cli('servers', 'describe', serverId, '-o', 'json');
    assertExit(described, 0, 'servers describe -o json');
    const fromApi = await service.serve.api(`/projects/${service.project}/servers/${serverId}/`, { key: service.key });
    assert.deepEqual(json(described), fromApi.body, 'the same record the API answers');
  });

  test('servers list --output json is every item of the list, as the API gives them', async () => {
    const listed = await cli('servers', 'list', '--output', 'json');
    assertExit(listed, 0, 'servers list -o json');
    const fromApi = await service.serve.api(`/projects/${service.project}/servers/`, { key: service.key });
    assert.deepEqual(json(listed), fromApi.body.results);
    const table = await cli('servers', 'list');
    assert.match(table.stdout, /^ID\s+HOSTNAME\s+STATUS\s+IPV4\s+LOCATION\s+PLAN$/m);
    assert.match(table.stdout, new RegExp(`^${serverId}\\s+cli-web-1\\s+running\\s`, 'm'));
  });

  test('servers reboot --wait follows the action to success', async () => {
    const rebooted = await cli('servers', 'reboot', serverId, '--wait');
    assertExit(rebooted, 0, 'servers reboot --wait');
    assert.match(rebooted.stdout, /^Type\s+server\.reboot$/m);
    assert.match(rebooted.stdout, /^Status\s+success$/m);
    const id = Number(/^ID\s+(\d+)$/m.exec(rebooted.stdout)?.[1]);
    assert.match(rebooted.stderr, new RegExp(`^action ${id} \\(reboot on ${serverId}\\): success$`, 'm'));
    const action = await service.serve.api(`/projects/${service.project}/actions/${id}/`, { key: service.key });
    assert.equal(action.body.status, 'success');
  });

  test('an action that ends in error exits 1 with its state and reason', async () => {
    const fault = await service.serve.admin('/faults/provisioning', { method: 'PUT', body: { mode: 'error', count: 1 } });
    assert.equal(fault.status, 200, JSON.stringify(fault.body));
    const rebooted = await cli('servers', 'reboot', serverId, '--wait', '-o', 'json');
    assertExit(rebooted, 1, 'a reboot that ends in error');
    assert.equal(json(rebooted).status, 'error', 'the final action is still printed');
    assert.match(rebooted.stderr, /^error: action \d+ ended error: .+ \([a-z_]+\)$/m);
  });

  test('firewall rules add twice: the second exits 1 with rule_exists and prints the existing rule id', async () => {
    const group = await cli('firewall', 'groups', 'create', 'cli-web', '-o', 'json');
    assertExit(group, 0, 'firewall groups create');
    const groupId = String(json(group).id);
    const rule = ['firewall', 'rules', 'add', groupId, '--protocol', 'tcp', '--port', '22', '--source', '203.0.113.0/24'];
    const first = await cli(...rule, '-o', 'json');
    assertExit(first, 0, 'the first add');
    const ruleId = json(first).id;

    const second = await cli(...rule);
    assertExit(second, 1, 'the same rule again');
    assert.match(second.stderr, /\(rule_exists\)$/m);
    assert.match(second.stderr, new RegExp(`^rule already exists: id ${ruleId}$`, 'm'));
    const again = await cli(...rule, '-o', 'json');
    assertExit(again, 1, 'the same rule again, json');
    assert.equal(json(again).code, 'rule_exists');
    assert.equal(json(again).rule_id, ruleId, 'the problem on stdout names the rule');

    const taken = await cli('firewall', 'groups', 'create', 'cli-web');
    assertExit(taken, 1, 'a group name already taken');
    assert.match(taken.stderr, new RegExp(`^group already exists: id ${groupId}$`, 'm'));
  });

  test('an API error exits 1 and prints the detail and code; a field error once, named as typed', async () => {
    const missing = await cli('servers', 'describe', '0000000000000000');
    assertExit(missing, 1, 'a server that does not exist');
    assert.match(missing.stderr, /^error: .+ \(not_found\)$/m);
    assert.equal(missing.stdout, '');
    // An id that names nothing (tried as a hostname too) answers as the API did: its problem, on stdout with -o json.
    const missingJson = await cli('servers', 'describe', '0000000000000000', '-o', 'json');
    assertExit(missingJson, 1, 'a server that does not exist, -o json');
    assert.equal(JSON.parse(missingJson.stdout).code, 'not_found');

    const invalid = await cli('servers', 'rename', serverId, 'not_a_hostname!');
    assertExit(invalid, 1, 'a hostname the API refuses');
    // The argument was typed as HOSTNAME (its help says <hostname>); the detail, which only repeats the field error, is not printed too.
    assert.match(invalid.stderr, /^error: HOSTNAME: .+ \(validation_error\)$/m);
    assert.equal(invalid.stderr.trim().split('\n').filter((line) => line.includes('validation_error') || line.startsWith('  ')).length, 1, invalid.stderr);
  });

  test('usage errors exit 2 before anything is sent', async () => {
    for (const args of [
      ['servers', 'describe'],
      ['servers', 'frobnicate'],
      ['servers'],
      ['servers', 'list', '--output', 'xml'],
      ['servers', 'create', 'x', '--product', 'one', '--location', 'fsn1', '--image', 'debian-12'],
      ['servers', 'create', 'x', '--product', '1', '--location', 'fsn1'],
      ['firewall', 'rules', 'add', '1', '--protocol', 'tcp', '--port', '70000'],
    ]) {
      const result = await cli(...args);
      assertExit(result, 2, args.join(' '));
      assert.match(result.stderr, /error|Usage/, `${args.join(' ')} says why`);
    }
  });

  test('CLOUDPLANE_URL and CLOUDPLANE_TOKEN work without any context, and override one', async () => {
    const bare = configHome();
    try {
      const env = { CLOUDPLANE_URL: `${service.serve.baseUrl}/api/v1`, CLOUDPLANE_TOKEN: service.key };
      const me = await runCli(bare.directory, ['me', '-o', 'json'], { env });
      assertExit(me, 0, 'me from the environment alone');
      assert.deepEqual(json(me).projects.map((project: { slug: string }) => project.slug), [service.project]);
    } finally {
      bare.remove();
    }
    const wrongKey = await runCli(home.directory, ['servers', 'list'], { env: { CLOUDPLANE_TOKEN: 'cp_wrong_key' } });
    assertExit(wrongKey, 1, 'a wrong key from the environment overrides the context');
    assert.match(wrongKey.stderr, /\(unauthenticated\)$/m);
    const otherProject = await runCli(home.directory, ['servers', 'list'], { env: { CLOUDPLANE_PROJECT: 'no-such-project' } });
    assertExit(otherProject, 1, 'CLOUDPLANE_PROJECT chooses the project');
    assert.match(otherProject.stderr, /\(not_found\)$/m);
  });
});
