// `cloudplane context …`: contexts are kept in $XDG_CONFIG_HOME/cloudplane/config.json,
// readable by the user only (0600 in a 0700 directory), and their keys are
// never printed. The first suite needs no service (its contexts are saved
// with --no-check); the second checks keys and projects against a real one.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { assertExit, configHome, runCli } from './harness.ts';

const FIRST_KEY = 'cp_first_key_0123456789abcdefghijklmnopqrstuvwxyz';
const SECOND_KEY = 'cp_second_key_0123456789abcdefghijklmnopqrstuvwxyz';

const permissions = (file: string) => fs.statSync(file).mode & 0o777;

describe('contexts', () => {
  let home: ReturnType<typeof configHome>;
  const cli = (args: string[], input?: string) => runCli(home.directory, args, { input });

  before(() => {
    home = configHome();
  });
  after(() => home.remove());

  test('create reads the key from standard input and stores it readable by the user only', async () => {
    const created = await cli(['context', 'create', 'local', '--url', 'http://127.0.0.1:8080', '--token-stdin', '--no-check'], `${FIRST_KEY}\n`);
    assertExit(created, 0, 'context create');
    assert.match(created.stderr, /context local created \(current\) \(key not checked\)/);
    assert.equal(permissions(home.configFile), 0o600, 'config.json is 0600');
    assert.equal(permissions(`${home.directory}/cloudplane`), 0o700, 'its directory is 0700');
    const stored = JSON.parse(fs.readFileSync(home.configFile, 'utf8'));
    assert.deepEqual(stored, { current: 'local', contexts: { local: { url: 'http://127.0.0.1:8080', token: FIRST_KEY } } });
    assert.ok(!created.stdout.includes(FIRST_KEY) && !created.stderr.includes(FIRST_KEY), 'the key is not printed');
  });

  test('a second context keeps the current one unless told; list marks the current and never shows keys', async () => {
    // The API root is accepted as well as the service root; --project given here is stored with the context.
    const created = await cli(['context', 'create', 'staging', '--url', 'http://staging.example:8080/api/v1/', '--token', SECOND_KEY, '--project', 'web', '--no-check']);
    assertExit(created, 0, 'second context create');
    const table = await cli(['context', 'list']);
    assertExit(table, 0, 'context list');
    assert.match(table.stdout, /^CURRENT\s+NAME\s+URL\s+PROJECT$/m);
    assert.match(table.stdout, /^\*\s+local\s+http:\/\/127\.0\.0\.1:8080\s+-$/m);
    assert.match(table.stdout, /^\s+staging\s+http:\/\/staging\.example:8080\/api\/v1\s+web$/m);
    const json = await cli(['context', 'list', '--output', 'json']);
    assertExit(json, 0, 'context list --output json');
    assert.deepEqual(JSON.parse(json.stdout), [
      { name: 'local', url: 'http://127.0.0.1:8080', project: null, current: true },
      { name: 'staging', url: 'http://staging.example:8080/api/v1', project: 'web', current: false },
    ]);
    for (const output of [table.stdout, table.stderr, json.stdout, json.stderr]) {
      assert.ok(!output.includes(FIRST_KEY) && !output.includes(SECOND_KEY), 'no key is printed');
    }
  });

  test('use switches the current context; the file stays 0600 even if someone loosened it', async () => {
    fs.chmodSync(home.configFile, 0o644);
    assertExit(await cli(['context', 'use', 'staging']), 0, 'context use');
    assert.equal(JSON.parse(fs.readFileSync(home.configFile, 'utf8')).current, 'staging');
    assert.equal(permissions(home.configFile), 0o600, 'rewritten 0600');
    assertExit(await cli(['context', 'use', 'nowhere']), 2, 'an unknown context is a usage error');
  });

  test('mistakes are usage errors (exit 2) and change nothing', async () => {
    const before = fs.readFileSync(home.configFile, 'utf8');
    const noKey = await cli(['context', 'create', 'empty', '--url', 'http://127.0.0.1:8080'], '');
    assertExit(noKey, 2, 'no key on standard input');
    assert.match(noKey.stderr, /^error: standard input held no API key/m);
    assertExit(await cli(['context', 'create', 'bad', '--url', 'not a url', '--token', 'x']), 2, 'a URL that is not one');
    assertExit(await cli(['context', 'create', 'bad name!', '--url', 'http://h', '--token', 'x']), 2, 'a name with a space');
    assertExit(await cli(['context', 'create', 'nourl', '--token', 'x']), 2, 'no --url');
    assert.equal(fs.readFileSync(home.configFile, 'utf8'), before, 'the file is unchanged');
  });

  test('delete forgets a context; a command then naming it is a usage error', async () => {
    const deleted = await cli(['context', 'delete', 'staging']);
    assertExit(deleted, 0, 'context delete');
    assert.match(deleted.stderr, /no context is current now/);
    assert.deepEqual(Object.keys(JSON.parse(fs.readFileSync(home.configFile, 'utf8')).contexts), ['local']);
    const named = await cli(['servers', 'list', '--context', 'staging']);
    assertExit(named, 2, 'a deleted context');
    assert.match(named.stderr, /no context named "staging" \(there are: local\)/);
    const none = await cli(['servers', 'list']);
    assertExit(none, 2, 'no current context and no CLOUDPLANE_URL');
    assert.match(none.stderr, /^error: no service URL to use: create a context/m);
  });
});
