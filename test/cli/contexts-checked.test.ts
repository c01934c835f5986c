// `cloudplane context …` against a real `cloudplane serve`: `context create`
// asks the service whether the key works (GET /me/) before saving anything,
// stores a project named by its name as its slug and refuses one the key does
// not reach; when the key reaches several projects a context's project
// chooses one (`context set-project`), and `context show` prints where a
// context points, never its key.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { eventually } from '../helpers/build.ts';
import { assertExit, configHome, runCli, startService, type CliResult, type Service } from './harness.ts';

/** The address of a port nobody listens on: a service that does not answer. */
async function silentAddress(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const storedFile = (home: ReturnType<typeof configHome>) => JSON.parse(fs.readFileSync(home.configFile, 'utf8'));

describe('contexts checked against a running service', () => {
  let service: Service;
  let home: ReturnType<typeof configHome>;
  let email: string;
  const cli = (...args: string[]) => runCli(home.directory, args);
  const create = (name: string, ...more: string[]) => runCli(home.directory, ['context', 'create', name, '--url', service.serve.baseUrl, '--token-stdin', ...more], { input: service.key });
  const assertNoKey = (result: CliResult, what: string) =>
    assert.ok(!result.stdout.includes(service.key) && !result.stderr.includes(service.key), `${what}: the key is printed nowhere\n${result.stdout}\n${result.stderr}`);

  before(async () => {
    service = await startService();
    home = configHome();
    const me = await service.serve.api('/me/', { key: service.key });
    assert.equal(me.status, 200, JSON.stringify(me.body));
    email = me.body.email;
  });
  after(async () => {
    await service?.stop();
    home?.remove();
  });

  test('a key the service refuses is not saved: exit 1, no config file', async () => {
    const refused = await runCli(home.directory, ['context', 'create', 'wrong', '--url', service.serve.baseUrl, '--token-stdin'], { input: 'cp_not_a_real_key_0123456789' });
    assertExit(refused, 1, 'a wrong key');
    assert.match(refused.stderr, /\(unauthenticated\)$/m);
    assert.ok(!fs.existsSync(home.configFile), 'nothing was saved');
  });

  test('a service that does not answer: exit 1, with a hint naming --no-check', { timeout: 60_000 }, async () => {
    const address = await silentAddress();
    const silent = await runCli(home.directory, ['context', 'create', 'nowhere', '--url', address, '--token-stdin'], { input: service.key });
    assertExit(silent, 1, 'a service that does not answer');
    assert.match(silent.stderr, new RegExp(`^error: ${address} did not answer, so the key could not be checked`, 'm'));
    assert.match(silent.stderr, /^hint: .*--no-check/m);
    assert.ok(!fs.existsSync(home.configFile), 'nothing was saved');
    assertNoKey(silent, 'the failed check');
  });

  test('a good key is saved, and the user it belongs to is named', async () => {
    const created = await create('main');
    assertExit(created, 0, 'context create with a good key');
    assert.match(created.stderr, new RegExp(`^context main created \\(current\\) for ${email.replace(/[.+]/g, '\\$&')} in `, 'm'));
    assert.deepEqual(storedFile(home), { current: 'main', contexts: { main: { url: service.serve.baseUrl, token: service.key } } });
    assertNoKey(created, 'context create');

    // A refused key later leaves the saved file as it was.
    const before = fs.readFileSync(home.configFile, 'utf8');
    const refused = await runCli(home.directory, ['context', 'create', 'main', '--url', service.serve.baseUrl, '--token', 'cp_not_a_real_key_0123456789']);
    assertExit(refused, 1, 'a wrong key replacing a good one');
    assert.equal(fs.readFileSync(home.configFile, 'utf8'), before, 'the file is unchanged');
  });

  test('--project given by its name is stored as its slug; one the key does not reach is not found, as anywhere a project is named', async () => {
    const project = await service.serve.api(`/projects/${service.project}/`, { key: service.key });
    assert.equal(project.status, 200, JSON.stringify(project.body));
    assert.notEqual(project.body.name, service.project, 'the name is not the slug, so the lookup is tested');
    const named = await create('by-name', '--project', project.body.name);
    assertExit(named, 0, 'context create --project NAME');
    assert.equal(storedFile(home).contexts['by-name'].project, service.project);
    assert.equal(storedFile(home).current, 'main', 'the first context stays current');

    const before = fs.readFileSync(home.configFile, 'utf8');
    const unreached = await create('elsewhere', '--project', 'someone-elses');
    assertExit(unreached, 1, 'a project the key does not reach');
    assert.match(unreached.stderr, /^error: no project has the slug or name "someone-elses" \(not_found\)$/m);
    assert.equal(fs.readFileSync(home.configFile, 'utf8'), before, 'nothing was saved');
  });

  test('a key reaching several projects: set-project chooses one, --none forgets it again', async () => {
    const second = await service.serve.api('/projects/', { method: 'POST', key: service.key, body: { name: 'Second project' } });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    await eventually(async () => (await service.serve.api(`/projects/${second.body.slug}/`, { key: service.key })).body.status === 'ready', 30_000);

    const ambiguous = await cli('servers', 'list');
    assertExit(ambiguous, 2, 'servers list with two projects and none chosen');
    assert.match(ambiguous.stderr, /^error: the key reaches several projects \(/m);
    assert.ok(ambiguous.stderr.includes(service.project) && ambiguous.stderr.includes(second.body.slug), ambiguous.stderr);

    const unreached = await cli('context', 'set-project', 'someone-elses');
    assertExit(unreached, 1, 'set-project to a project the key does not reach');
    assert.equal(storedFile(home).contexts.main.project, undefined, 'nothing was stored');

    const chosen = await cli('context', 'set-project', service.project);
    assertExit(chosen, 0, 'context set-project');
    assert.match(chosen.stderr, new RegExp(`^context main now works in project ${service.project}$`, 'm'));
    assert.equal(storedFile(home).contexts.main.project, service.project);
    assert.equal(storedFile(home).contexts.main.token, service.key, 'the key is kept');
    assertExit(await cli('servers', 'list'), 0, 'servers list in the context\'s project');

    const forgotten = await cli('context', 'set-project', '--none');
    assertExit(forgotten, 0, 'context set-project --none');
    assert.match(forgotten.stderr, /^context main names no project now$/m);
    assert.ok(!('project' in storedFile(home).contexts.main), 'the project is gone from the context');
    assertExit(await cli('servers', 'list'), 2, 'servers list with no project chosen again');

    assertExit(await cli('context', 'set-project'), 2, 'neither a project nor --none');
  });

  test('context show prints the URL and project, never the key; -o json parses', async () => {
    const shown = await cli('context', 'show', 'by-name');
    assertExit(shown, 0, 'context show');
    assert.match(shown.stdout, new RegExp(`^URL\\s+${service.serve.baseUrl}$`, 'm'));
    assert.match(shown.stdout, new RegExp(`^Project\\s+${service.project}$`, 'm'));
    assertNoKey(shown, 'context show');

    const current = await cli('context', 'show', '-o', 'json');
    assertExit(current, 0, 'context show -o json');
    assert.deepEqual(JSON.parse(current.stdout), { name: 'main', url: service.serve.baseUrl, api_root: `${service.serve.baseUrl}/api/v1`, project: null, current: true });
    assertNoKey(current, 'context show -o json');

    const yaml = await cli('context', 'show', 'by-name', '-o', 'yaml');
    assertExit(yaml, 0, 'context show -o yaml');
    assertNoKey(yaml, 'context show -o yaml');
    assertExit(await cli('context', 'show', 'nowhere'), 2, 'an unknown context');
  });

  test('use switches the current context; deleting the current one leaves none current', async () => {
    const used = await cli('context', 'use', 'by-name');
    assertExit(used, 0, 'context use');
    assert.equal(storedFile(home).current, 'by-name');
    // by-name works in the first project: the second one no longer makes the command ask.
    const listed = await cli('servers', 'list', '-o', 'json');
    assertExit(listed, 0, 'servers list in the now current context');
    assert.deepEqual(JSON.parse(listed.stdout), []);

    const deleted = await cli('context', 'delete', 'by-name');
    assertExit(deleted, 0, 'context delete of the current context');
    assert.match(deleted.stderr, /^context by-name deleted; no context is current now/m);
    assert.deepEqual(storedFile(home), { current: null, contexts: { main: { url: service.serve.baseUrl, token: service.key } } });
    const none = await cli('servers', 'list');
    assertExit(none, 2, 'no current context');
    assert.match(none.stderr, /^error: no service URL to use/m);
    assertExit(await cli('context', 'show'), 2, 'context show with none current');
  });
});
