// Names or ids wherever a command names something, against a real
// `cloudplane serve`: servers by hostname, firewall groups, SSH keys and
// projects by name; a hostname two servers share is a usage error (exit 2)
// listing both ids; a name nothing has fails like a 404 (exit 1) with the
// close name it may have meant.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eventually } from '../helpers/build.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { closeNames } from '../../src/cli/names.ts';
import { assertExit, configHome, runCli, startService, type CliResult, type Service } from './harness.ts';

describe('close names for "did you mean"', () => {
  test('a typo or two away, a wrong case, a swap of two letters', () => {
    assert.deepEqual(closeNames('web-2', ['web-1', 'db-1', 'mail']), ['web-1']);
    assert.deepEqual(closeNames('wbe-1', ['web-1', 'db-1']), ['web-1']);
    assert.deepEqual(closeNames('Office', ['office', 'offices']), ['office']);
    assert.deepEqual(closeNames('web-3', ['web-1', 'web-2']), ['web-1', 'web-2']);
  });

  test('nothing when no name comes close', () => {
    assert.deepEqual(closeNames('web-1', ['db-1', 'mail']), []);
    assert.deepEqual(closeNames('x', []), []);
  });
});

describe('names or ids on the command line', () => {
  let service: Service;
  let home: ReturnType<typeof configHome>;
  /** Hostname → id of the servers made for these tests. */
  const servers = { web: '', twins: [] as string[] };
  // The project is named on every command: the project test adds a second one, and the key then reaches two.
  const cli = (...args: string[]) => runCli(home.directory, ['--project', service.project, ...args]);
  const json = (result: CliResult) => JSON.parse(result.stdout);

  async function orderServer(hostname: string): Promise<string> {
    const ordered = await cli('servers', 'create', hostname, '--product', '1', '--location', 'fsn1', '--image', 'debian-12', '--wait', '-o', 'json');
    assertExit(ordered, 0, `servers create ${hostname}`);
    return json(ordered).server_id;
  }

  before(async () => {
    service = await startService();
    home = configHome();
    const created = await runCli(home.directory, ['context', 'create', 'test', '--url', service.serve.baseUrl, '--token-stdin'], { input: service.key });
    assertExit(created, 0, 'context create');
    // Hostnames need not be unique: two servers share "twin".
    const [web, ...twins] = await Promise.all([orderServer('web-1'), orderServer('twin'), orderServer('twin')]);
    servers.web = web!;
    servers.twins = twins;
  });
  after(async () => {
    await service?.stop();
    home?.remove();
  });

  test('servers describe, reboot and actions list --server take a hostname', async () => {
    const described = await cli('servers', 'describe', 'web-1', '-o', 'json');
    assertExit(described, 0, 'servers describe web-1');
    assert.equal(json(described).id, servers.web);

    const rebooted = await cli('servers', 'reboot', 'web-1', '--wait', '-o', 'json');
    assertExit(rebooted, 0, 'servers reboot web-1 --wait');
    const action = json(rebooted);
    assert.equal(action.status, 'success');
    assert.equal(action.resource.id, servers.web, 'the action is on the server of that hostname');

    const listed = await cli('actions', 'list', '--server', 'web-1', '-o', 'json');
    assertExit(listed, 0, 'actions list --server web-1');
    assert.deepEqual(
      json(listed).map((entry: { id: number }) => entry.id),
      [action.id],
    );
  });

  test('a hostname two servers share is a usage error that lists both ids; either id still works', async () => {
    const ambiguous = await cli('servers', 'describe', 'twin');
    assertExit(ambiguous, 2, 'servers describe twin');
    assert.equal(ambiguous.stdout, '');
    assert.match(ambiguous.stderr, /^error: 2 servers are named twin \(.+\): name one by id$/m);
    for (const id of servers.twins) assert.ok(ambiguous.stderr.includes(id), `the message lists ${id}`);

    const reboot = await cli('servers', 'reboot', 'twin');
    assertExit(reboot, 2, 'servers reboot twin');
    const actions = await service.serve.api(`/projects/${service.project}/actions/?resource_id=${servers.twins[0]}`, { key: service.key });
    assert.equal(actions.body.count, 0, 'nothing was started');

    const byId = await cli('servers', 'describe', servers.twins[1]!, '-o', 'json');
    assertExit(byId, 0, 'servers describe by id');
    assert.equal(json(byId).id, servers.twins[1]);
  });

  test('a hostname nothing has exits 1 like a 404, with the close name it may have meant', async () => {
    const typo = await cli('servers', 'describe', 'wbe-1');
    assertExit(typo, 1, 'servers describe wbe-1');
    assert.equal(typo.stdout, '');
    assert.match(typo.stderr, /^error: no server has the id or hostname "wbe-1" \(not_found\)$/m);
    assert.match(typo.stderr, /^hint: did you mean web-1\?$/m);

    const far = await cli('servers', 'describe', 'mail-server');
    assertExit(far, 1, 'a hostname like none');
    assert.doesNotMatch(far.stderr, /did you mean/);
  });

  test('values that can name nothing are usage errors before anything is sent', async () => {
    for (const args of [
      ['servers', 'describe', ''],
      ['servers', 'describe', 'web 1'],
      ['ssh-keys', 'describe', ' '],
      ['firewall', 'groups', 'describe', ''],
    ]) {
      const result = await cli(...args);
      assertExit(result, 2, JSON.stringify(args));
    }
  });

  test('firewall groups by name: rules add, attach, describe, set-firewall-groups', async () => {
    const group = await cli('firewall', 'groups', 'create', 'office', '-o', 'json');
    assertExit(group, 0, 'firewall groups create office');
    const groupId: number = json(group).id;

    const rule = await cli('firewall', 'rules', 'add', 'office', '--protocol', 'tcp', '--port', '22', '-o', 'json');
    assertExit(rule, 0, 'firewall rules add office');
    const ruleId: number = json(rule).id;

    const attached = await cli('firewall', 'groups', 'attach', 'office', 'web-1');
    assertExit(attached, 0, 'firewall groups attach office web-1');
    // Scripts read ids from the note: they stay ids.
    assert.match(attached.stdout + attached.stderr, new RegExp(`server ${servers.web}: firewall groups ${groupId}`));
    const server = await service.serve.api(`/projects/${service.project}/servers/${servers.web}/`, { key: service.key });
    assert.deepEqual(server.body.firewall_groups, [groupId]);

    const described = await cli('firewall', 'groups', 'describe', 'office', '-o', 'json');
    assertExit(described, 0, 'firewall groups describe office');
    assert.equal(json(described).id, groupId);
    assert.deepEqual(
      json(described).rules.map((entry: { id: number }) => entry.id),
      [ruleId],
    );

    const typo = await cli('firewall', 'groups', 'describe', 'ofice');
    assertExit(typo, 1, 'firewall groups describe ofice');
    assert.match(typo.stderr, /^error: no firewall group has the id or name "ofice" \(not_found\)$/m);
    assert.match(typo.stderr, /^hint: did you mean office\?$/m);

    const none = await cli('servers', 'set-firewall-groups', 'web-1', '--none');
    assertExit(none, 0, 'servers set-firewall-groups web-1 --none');
    const set = await cli('servers', 'set-firewall-groups', 'web-1', 'office', String(groupId));
    assertExit(set, 0, 'servers set-firewall-groups web-1 office <id>');
    const again = await service.serve.api(`/projects/${service.project}/servers/${servers.web}/`, { key: service.key });
    assert.deepEqual(again.body.firewall_groups, [groupId], 'a group named twice is attached once');
  });

  test('SSH keys by name: describe and delete; a number no key has as id is tried as a name', async () => {
    const added = await cli('ssh-keys', 'add', 'laptop', '--public-key', ed25519Key(), '-o', 'json');
    assertExit(added, 0, 'ssh-keys add laptop');
    const keyId: number = json(added).id;

    const described = await cli('ssh-keys', 'describe', 'laptop', '-o', 'json');
    assertExit(described, 0, 'ssh-keys describe laptop');
    assert.equal(json(described).id, keyId);

    const numbered = await cli('ssh-keys', 'add', '9999', '--public-key', ed25519Key(), '-o', 'json');
    assertExit(numbered, 0, 'ssh-keys add 9999');
    const byNumberName = await cli('ssh-keys', 'describe', '9999', '-o', 'json');
    assertExit(byNumberName, 0, 'ssh-keys describe 9999');
    assert.equal(json(byNumberName).id, json(numbered).id);
    const byId = await cli('ssh-keys', 'describe', String(keyId), '-o', 'json');
    assertExit(byId, 0, 'ssh-keys describe by id');
    assert.equal(json(byId).name, 'laptop', 'an id still wins');

    // Installed keys cannot be deleted: the server gets other keys than laptop.
    const desktop = await cli('ssh-keys', 'add', 'desktop', '--public-key', ed25519Key(), '-o', 'json');
    assertExit(desktop, 0, 'ssh-keys add desktop');
    const reinstalled = await cli('servers', 'reinstall', 'web-1', '--image', 'debian-12', '--ssh-key', '9999', '--ssh-key', 'desktop', '--wait', '-o', 'json');
    assertExit(reinstalled, 0, 'servers reinstall web-1 --ssh-key 9999 --ssh-key desktop');
    const server = await service.serve.api(`/projects/${service.project}/servers/${servers.web}/`, { key: service.key });
    assert.deepEqual(
      [...server.body.ssh_keys].sort((a: number, b: number) => a - b),
      [json(numbered).id, json(desktop).id].sort((a: number, b: number) => a - b),
      'the keys named on --ssh-key are installed',
    );

    const deleted = await cli('ssh-keys', 'delete', 'laptop');
    assertExit(deleted, 0, 'ssh-keys delete laptop');
    assert.match(deleted.stdout + deleted.stderr, new RegExp(`SSH key ${keyId} deleted`), 'the note names the id');
    const gone = await service.serve.api(`/projects/${service.project}/ssh-keys/${keyId}/`, { key: service.key });
    assert.equal(gone.status, 404);
  });

  test('snapshots by name: describe, restore-snapshot --snapshot, delete', async () => {
    const [twin] = servers.twins;
    const taken = await cli('servers', 'create-snapshot', twin!, '--name', 'nightly', '--wait', '-o', 'json');
    assertExit(taken, 0, 'servers create-snapshot --name nightly');
    const described = await cli('snapshots', 'describe', 'nightly', '-o', 'json');
    assertExit(described, 0, 'snapshots describe nightly');
    const snapshotId: number = json(described).id;
    assert.equal(json(described).name, 'nightly');

    const restored = await cli('servers', 'restore-snapshot', twin!, '--snapshot', 'nightly', '--wait', '-o', 'json');
    assertExit(restored, 0, 'servers restore-snapshot --snapshot nightly');
    assert.equal(json(restored).status, 'success');

    const deleted = await cli('snapshots', 'delete', 'nightly');
    assertExit(deleted, 0, 'snapshots delete nightly');
    assert.match(deleted.stdout + deleted.stderr, new RegExp(`snapshot ${snapshotId} deleted`));
  });

  test('servers rename takes the hostname, and the server answers to the new one', async () => {
    const renamed = await cli('servers', 'rename', 'web-1', 'web-renamed', '-o', 'json');
    assertExit(renamed, 0, 'servers rename web-1 web-renamed');
    assert.equal(json(renamed).id, servers.web);
    const described = await cli('servers', 'describe', 'web-renamed', '-o', 'json');
    assertExit(described, 0, 'servers describe web-renamed');
    assert.equal(json(described).id, servers.web);
  });

  test('projects by name: --project, describe, rename and delete', async () => {
    const created = await cli('projects', 'create', 'Second shop', '-o', 'json');
    assertExit(created, 0, 'projects create "Second shop"');
    const slug: string = json(created).slug;
    await eventually(async () => (await service.serve.api(`/projects/${slug}/`, { key: service.key })).body.status === 'ready', 30_000);

    const described = await runCli(home.directory, ['projects', 'describe', 'Second shop', '-o', 'json']);
    assertExit(described, 0, 'projects describe "Second shop"');
    assert.equal(json(described).slug, slug);

    const inIt = await runCli(home.directory, ['--project', 'Second shop', 'ssh-keys', 'list', '-o', 'json']);
    assertExit(inIt, 0, '--project "Second shop" ssh-keys list');
    assert.deepEqual(json(inIt), []);

    const unknown = await runCli(home.directory, ['--project', 'Second shpo', 'ssh-keys', 'list']);
    assertExit(unknown, 1, '--project with a typo of a name');
    assert.match(unknown.stderr, /^hint: did you mean Second shop\?$/m);

    const renamed = await runCli(home.directory, ['projects', 'rename', 'Second shop', 'Third shop', '-o', 'json']);
    assertExit(renamed, 0, 'projects rename "Second shop" "Third shop"');
    assert.equal(json(renamed).name, 'Third shop');

    const deleted = await runCli(home.directory, ['projects', 'delete', 'Third shop']);
    assertExit(deleted, 0, 'projects delete "Third shop"');
    assert.match(deleted.stdout + deleted.stderr, new RegExp(`project ${slug} deleted`), 'the note names the slug');
  });
});
